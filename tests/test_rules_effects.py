"""`blackjack rules --effects`: each option's worth, one change at a time, priced by the odds engine itself.

Priced on the infinite deck (a tenth of a second a rule set, but for the eight shoes that
try the `decks` option), once per test run: the odds cache serves the rest.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from blackjack.cli import main
from blackjack.commands.rules import EFFECTS_HELP
from engine import RulesError, load_rules
from engine.odds import house_edge
from engine.odds.cache import IGNORED_OPTIONS
from engine.odds.effects import PRICED_OPTIONS, rule_effects
from engine.rule_words import OPTION_CHOICES, RULE_GROUPS
from engine.rulesets import rules_from_mapping, rules_to_mapping

CHEAP = "infinite-deck"


@pytest.fixture(scope="module")
def effects() -> list[dict[str, Any]]:
    """`blackjack rules infinite-deck --effects --json`, read back."""
    with pytest.MonkeyPatch.context() as patch:
        printed: list[str] = []
        patch.setattr("builtins.print", lambda *args, **_: printed.append(" ".join(map(str, args))))
        assert main(["rules", CHEAP, "--effects", "--json"]) == 0
    return json.loads("\n".join(printed))


def as_held(option: str, written: Any) -> Any:
    """A value as a rules file writes it, as `Rules` holds it."""
    return getattr(rules_from_mapping({option: written}), option)


def test_each_change_is_the_difference_of_two_house_edges_from_the_odds_engine(effects):
    rules = load_rules(CHEAP)
    for entry in effects:
        if entry["house_edge_change_percent"] is None:
            continue
        changed = rules.with_changes(**{entry["option"]: as_held(entry["option"], entry["to"])})
        expected = 100 * (house_edge(changed) - house_edge(rules))
        assert entry["house_edge_change_percent"] == pytest.approx(expected, abs=1e-4), entry


def test_the_rules_that_move_the_edge_most_move_it_the_known_way(effects):
    change = {(e["option"], e["to"]): e["house_edge_change_percent"] for e in effects}
    assert change[("blackjack_pays", "6:5")] > 1.2
    assert change[("dealer_hits_soft_17", True)] > 0.15
    assert change[("surrender", "early")] < change[("surrender", "late")] < 0
    assert change[("decks", 1)] < change[("decks", 2)] < change[("decks", 8)] < 0


def test_every_entry_has_the_shape_and_values_of_a_rules_file(effects):
    written = rules_to_mapping(load_rules(CHEAP))
    for entry in effects:
        option = entry["option"]
        refused = entry["house_edge_change_percent"] is None
        keys = {"option", "from", "to", "house_edge_change_percent"} | ({"not_allowed"} if refused else set())
        assert set(entry) == keys, entry
        assert option in PRICED_OPTIONS and entry["from"] == written[option]
        assert entry["to"] in OPTION_CHOICES[option] and entry["to"] != entry["from"]
        assert refused or isinstance(entry["house_edge_change_percent"], float | int)
    tried = [(e["option"], e["to"]) for e in effects]
    assert len(tried) == len(set(tried)) == sum(len(OPTION_CHOICES[o]) - 1 for o in PRICED_OPTIONS)
    assert [("decks", n) for n in range(1, 9)] == [t for t in tried if t[0] == "decks"]


def test_options_that_do_not_change_basic_strategy_play_are_left_out_and_the_help_says_which(effects):
    assert not {e["option"] for e in effects} & IGNORED_OPTIONS
    assert {"name", "min_bet", "penetration", "tournament", "insurance"} <= IGNORED_OPTIONS
    for option in IGNORED_OPTIONS:
        assert option in EFFECTS_HELP, option
    with pytest.raises(ValueError, match="penetration"):
        next(rule_effects(load_rules(CHEAP), ["penetration"]))


def test_a_contradiction_is_shown_as_not_allowed_with_the_reason(effects):
    # A blackjack paid at once could not push the dealer blackjack found after play.
    refused = [e for e in effects if e["house_edge_change_percent"] is None]
    assert [(e["option"], e["to"]) for e in refused] == [("player_blackjack_paid_at_once", True)]
    assert "cannot be paid at once" in refused[0]["not_allowed"]
    with pytest.raises(RulesError):
        load_rules(CHEAP).with_changes(player_blackjack_paid_at_once=True)


def test_the_text_table_reads_by_group_with_the_house_edge_first(effects, capsys):
    assert main(["rules", CHEAP, "--effects"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Infinite Deck: house edge 0.62")
    headings = [line for line in lines if line in {title for title, _ in RULE_GROUPS}]
    assert headings == [title for title, options in RULE_GROUPS if set(options) & set(PRICED_OPTIONS)]
    h17 = next(line for line in lines if "dealer_hits_soft_17" in line)
    assert "false -> true" in h17 and h17.endswith("+0.217%")
    assert "not allowed: player_blackjack_paid_at_once" in out


def test_the_rules_in_words_from_the_command_line(capsys):
    assert main(["rules", "european", "--words"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("European: Six decks") and " = " not in out
    assert "Doubling                 Double on 9, 10 or 11 only, but not after a split." in out


def test_json_alone_or_a_view_without_rules_is_one_line_and_status_2(capsys):
    assert main(["rules", "vegas-strip", "--json"]) == 2
    assert main(["rules", "--effects"]) == 2
    err = capsys.readouterr().err
    assert "--json goes with --effects" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as done:
        main(["rules", "vegas-strip", "--words", "--effects"])
    assert done.value.code == 2 and "not allowed with" in capsys.readouterr().err
