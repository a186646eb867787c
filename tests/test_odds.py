"""The odds core: dealer odds, hand values, charts, house edge, cache, hints and the CLI.

Reference figures come from Wizard of Odds' published appendices (exact combinatorial
results) and the usual rule-effect tables; `docs/odds.md` lists them with sources.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from blackjack.cli import main
from engine import (
    Action,
    Card,
    DealerBlackjackTakes,
    HoleCard,
    Rules,
    Shoe,
    Surrender,
    Table,
    load_rules,
    parse_cards,
    preset_ids,
)
from engine.odds import (
    Code,
    Composition,
    HandKind,
    OddsError,
    action_evs,
    analysis,
    basic_strategy,
    dealer_probabilities,
    hint,
    house_edge,
)
from engine.odds import cache as odds_cache
from engine.odds.dealer import BUST, dealer_distribution
from engine.odds.house_edge import Analysis, analyze
from engine.odds.player import Evaluator

VEGAS = load_rules("vegas-strip")
NO_SURRENDER = VEGAS.with_changes(surrender=Surrender.NONE)


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every analysis in this file goes to a temporary cache folder."""
    folder = tmp_path_factory.mktemp("odds-cache")
    patch = pytest.MonkeyPatch()
    patch.setenv("BLACKJACK_ODDS_CACHE", str(folder))
    odds_cache.clear_memory()
    yield folder
    patch.undo()


def edge(rules: Rules) -> float:
    """The house edge in percent."""
    return 100 * house_edge(rules)


# ---- the dealer ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", preset_ids())
def test_dealer_distributions_sum_to_one(preset: str) -> None:
    rules = load_rules(preset)
    for given in (False, True):
        for row in dealer_probabilities(rules, given_no_blackjack=given):
            assert sum(row.probabilities) == pytest.approx(1.0, abs=1e-12)
            assert min(row.probabilities) >= 0


def test_dealer_distribution_sums_to_one_from_a_depleted_shoe() -> None:
    shoe = Composition((1, 0, 2, 0, 1, 3, 0, 0, 1, 5))
    for up in range(10):
        if shoe.counts is not None and shoe.counts[up]:
            dist = dealer_distribution(shoe.without([up + 1]).counts, up, True)
            assert sum(dist) == pytest.approx(1.0, abs=1e-12)


def test_the_dealer_busts_from_a_six_about_42_percent() -> None:
    # About 42.3% for an infinite deck and 42.28% for six decks (S17), as the published tables give.
    assert dealer_distribution(None, 5, False)[BUST] == pytest.approx(0.4232, abs=1e-4)
    six = next(r for r in dealer_probabilities(VEGAS) if r.up == 6)
    assert six.bust == pytest.approx(0.4228, abs=5e-4)


def test_a_peeking_dealer_shows_no_blackjack_in_the_odds_the_players_face() -> None:
    ace = next(r for r in dealer_probabilities(VEGAS) if r.up == 1)
    assert ace.given_no_blackjack and ace.blackjack == 0
    ace = next(r for r in dealer_probabilities(load_rules("european")) if r.up == 1)
    assert not ace.given_no_blackjack and ace.blackjack == pytest.approx(96 / 311, abs=1e-12)


def test_a_dealer_without_an_up_card_has_one_row() -> None:
    rows = dealer_probabilities(load_rules("double-up"))
    assert [r.up for r in rows] == [None]
    assert rows[0].blackjack == pytest.approx(2 * (1 / 13) * (4 / 13))


# ---- hand values and the house edge against published figures --------------------------


def test_infinite_deck_values_match_wizard_appendix_1() -> None:
    # Infinite deck, S17, DAS, split to 4 hands, no resplit aces, peek, 3:2: -0.511734%.
    rules = NO_SURRENDER.with_changes(decks=None)
    assert edge(rules) == pytest.approx(0.511734, abs=1e-4)
    evs = action_evs(rules, parse_cards("8 8"), Card.parse("T"))
    assert {a: round(v, 4) for a, v in evs.items()} == {
        Action.STAND: -0.5404,
        Action.HIT: -0.5398,
        Action.DOUBLE: -1.0797,
        Action.SPLIT: -0.4807,
    }


@pytest.mark.parametrize(
    ("changes", "published"),
    [
        # Wizard of Odds appendix 9 (composition-dependent play, resplit to 4, no RSA): player returns.
        ({"decks": 1}, 0.001839),
        ({"decks": 2, "dealer_hits_soft_17": True}, -0.003797),
        (
            {
                "decks": 6,
                "dealer_hits_soft_17": True,
                "hole_card": HoleCard.NONE,
                "dealer_blackjack_takes": DealerBlackjackTakes.ALL_BETS,
                "insurance": False,
                "even_money": False,
            },
            -0.0072705,
        ),
    ],
)
def test_finite_deck_returns_match_wizard_appendix_9(changes: dict[str, object], published: float) -> None:
    result = analysis(NO_SURRENDER.with_changes(**changes))
    assert -result.optimal_house_edge == pytest.approx(published, abs=2e-5)


def test_six_decks_s17_das_no_surrender_is_a_little_under_half_a_percent() -> None:
    assert 0.38 < edge(NO_SURRENDER) < 0.5


REFERENCES = {
    # preset: (published or derived figure in percent, tolerance in points)
    "vegas-strip": (0.34, 0.05),
    "atlantic-city": (0.36, 0.05),
    "classic-shoe": (0.47, 0.07),
    "downtown": (0.38, 0.03),
    "european": (0.79, 0.08),
    "single-deck": (0.45, 0.08),
    "six-to-five": (1.70, 0.07),
    "home-game": (4.4, 0.25),
    "infinite-deck": (0.62, 0.05),
    "instant-blackjack": (0.29, 0.05),
}


@pytest.mark.parametrize("preset", sorted(REFERENCES))
def test_every_preset_is_near_its_reference(preset: str) -> None:
    figure, tolerance = REFERENCES[preset]
    assert edge(load_rules(preset)) == pytest.approx(figure, abs=tolerance)


def test_a_blackjack_that_beats_a_dealer_blackjack_is_worth_exactly_the_collision() -> None:
    both = (2 * (1 / 13) * (4 / 13)) ** 2
    difference = house_edge(load_rules("infinite-deck")) - house_edge(load_rules("instant-blackjack"))
    assert difference == pytest.approx(1.5 * both, abs=1e-12)


# ---- rule changes move the edge the way the books say ----------------------------------


def test_six_to_five_raises_the_edge_by_about_1_4_points() -> None:
    assert edge(load_rules("six-to-five")) - edge(VEGAS) == pytest.approx(1.4, abs=0.1)


def test_hitting_soft_17_raises_the_edge_by_about_0_2_points() -> None:
    assert edge(VEGAS.with_changes(dealer_hits_soft_17=True)) - edge(VEGAS) == pytest.approx(0.21, abs=0.06)


def test_late_surrender_lowers_the_edge() -> None:
    assert 0.04 < edge(NO_SURRENDER) - edge(VEGAS) < 0.12


def test_more_decks_raise_the_edge() -> None:
    edges = [edge(VEGAS.with_changes(decks=d)) for d in (1, 2)] + [
        edge(VEGAS),
        edge(VEGAS.with_changes(decks=None)),
    ]
    assert edges == sorted(edges)


def test_no_doubling_after_split_raises_the_edge() -> None:
    assert edge(NO_SURRENDER.with_changes(decks=None, double_after_split=False)) > edge(
        NO_SURRENDER.with_changes(decks=None)
    )


# ---- the chart ---------------------------------------------------------------------------


def cells(rules: Rules, kind: HandKind, value: int, ups: str) -> list[str]:
    chart = basic_strategy(rules)
    return [chart.lookup(kind, value, 1 if up == "A" else 10 if up == "T" else int(up)).value for up in ups]


def test_published_six_deck_s17_cells() -> None:
    assert cells(VEGAS, HandKind.HARD, 16, "T") == ["Rh"]
    assert cells(NO_SURRENDER, HandKind.HARD, 16, "789TA") == ["H"] * 5
    assert cells(VEGAS, HandKind.HARD, 12, "23456") == ["H", "H", "S", "S", "S"]
    assert cells(VEGAS, HandKind.SOFT, 18, "9TA") == ["H", "H", "H"]
    assert cells(VEGAS, HandKind.SOFT, 18, "3456") == ["Ds"] * 4
    assert cells(VEGAS, HandKind.HARD, 11, "A") == ["H"]
    assert cells(VEGAS, HandKind.PAIR, 8, "23456789TA") == ["P"] * 10
    assert cells(VEGAS, HandKind.PAIR, 5, "23456789TA") == ["D"] * 8 + ["H", "H"]
    assert cells(VEGAS, HandKind.PAIR, 10, "23456789TA") == ["S"] * 10
    assert cells(VEGAS, HandKind.PAIR, 9, "789TA") == ["S", "P", "P", "S", "S"]
    assert cells(VEGAS, HandKind.PAIR, 4, "56") == ["Ph", "Ph"]
    assert cells(VEGAS, HandKind.PAIR, 1, "23456789TA") == ["P"] * 10


def test_published_six_deck_h17_cells() -> None:
    h17 = VEGAS.with_changes(dealer_hits_soft_17=True)
    assert cells(h17, HandKind.HARD, 11, "A") == ["D"]
    assert cells(h17, HandKind.SOFT, 18, "2") == ["Ds"]
    assert cells(h17, HandKind.SOFT, 19, "6") == ["Ds"]
    assert cells(h17, HandKind.HARD, 17, "A") == ["Rs"]
    assert cells(h17, HandKind.PAIR, 8, "A") == ["Rp"]


def test_european_no_hole_card_chart_does_not_risk_doubles_against_a_ten() -> None:
    rules = load_rules("european")
    assert cells(rules, HandKind.HARD, 11, "TA") == ["H", "H"]
    assert cells(rules, HandKind.HARD, 12, "3") == ["H"]
    assert cells(rules, HandKind.SOFT, 17, "3") == ["H"]  # double on 9-11 only: no soft doubling


def test_hit_or_stand_rules_have_no_other_codes() -> None:
    for preset in ("home-game", "double-up"):
        chart = basic_strategy(load_rules(preset))
        assert {c.code for c in chart.cells} <= {Code.H, Code.S}


def test_double_up_has_one_column() -> None:
    chart = basic_strategy(load_rules("double-up"))
    assert chart.ups == (None,)
    assert chart.action(parse_cards("T 6"), Card.parse("T"), {Action.HIT, Action.STAND}) in (
        Action.HIT,
        Action.STAND,
    )


def test_chart_falls_back_when_the_first_choice_is_not_allowed() -> None:
    chart = basic_strategy(VEGAS)
    ten = Card.parse("T")
    assert (
        chart.action(parse_cards("T 6"), ten, {Action.HIT, Action.STAND, Action.SURRENDER})
        is Action.SURRENDER
    )
    assert chart.action(parse_cards("T 6"), ten, {Action.HIT, Action.STAND}) is Action.HIT
    assert chart.action(parse_cards("6 5"), Card.parse("6"), {Action.HIT, Action.STAND}) is Action.HIT
    assert chart.action(parse_cards("A 7"), Card.parse("4"), {Action.HIT, Action.STAND}) is Action.STAND
    assert chart.action(parse_cards("A 7"), Card.parse("4"), {Action.HIT, Action.STAND, Action.DOUBLE}) is (
        Action.DOUBLE
    )
    # 8,8 that may not be split again plays as hard 16.
    assert chart.action(parse_cards("8 8"), Card.parse("6"), {Action.HIT, Action.STAND}) is Action.STAND
    assert chart.action(parse_cards("8 8"), ten, {Action.HIT, Action.STAND}) is Action.HIT
    # A,A that may not be split is a soft 12: hit it.
    assert chart.action(parse_cards("A A"), Card.parse("6"), {Action.HIT, Action.STAND}) is Action.HIT
    assert chart.action(parse_cards("T 5 6"), ten, {Action.HIT, Action.STAND}) is Action.STAND
    assert (
        chart.action(parse_cards("A 2"), ten, {Action.INSURANCE, Action.NO_INSURANCE}) is Action.NO_INSURANCE
    )


def test_chart_answers_early_surrender_offers_from_its_r_cells() -> None:
    rules = VEGAS.with_changes(surrender=Surrender.EARLY)
    chart = basic_strategy(rules)
    offer = {Action.SURRENDER, Action.NO_SURRENDER}
    assert chart.action(parse_cards("T 6"), Card.parse("A"), offer) is Action.SURRENDER
    assert chart.action(parse_cards("T 9"), Card.parse("A"), offer) is Action.NO_SURRENDER


def test_split_if_das_code_hits_without_das() -> None:
    chart = basic_strategy(VEGAS)
    assert chart.lookup(HandKind.PAIR, 2, 2) is Code.PH
    assert chart.action(parse_cards("2 2"), Card.parse("2"), {Action.HIT, Action.STAND, Action.SPLIT}) is (
        Action.SPLIT
    )
    no_das = basic_strategy(VEGAS.with_changes(double_after_split=False))
    assert no_das.lookup(HandKind.PAIR, 2, 2) is Code.H


# ---- the model agrees with the engine about what is legal ------------------------------


@pytest.mark.parametrize(
    "preset", ["vegas-strip", "european", "single-deck", "instant-blackjack", "home-game"]
)
def test_the_evaluator_allows_exactly_what_the_round_allows(preset: str) -> None:
    rules = load_rules(preset).with_changes(max_bet=None)
    table = Table(rules, [("P", 10**12)], seed=11)
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        rnd = table.start_round()
        rnd.place_bet(0, rules.min_bet)
        rnd.deal()
        while not rnd.is_over:
            legal = rnd.legal_actions()
            decision = rnd.decision
            assert decision is not None
            if Action.HIT in legal or Action.STAND in legal:
                views = rnd.hands(0)
                view = views[decision.hand]
                up = rnd.dealer_up_card
                evaluator = Evaluator(rules, None if up is None else up.points - 1, Composition.full(None))
                hand = [c.points - 1 for c in view.cards]
                from engine import is_pair

                mine = evaluator.legal(
                    hand,
                    from_split=view.from_split,
                    split_aces=view.split_aces,
                    hands=len(views),
                    pair=is_pair(view.cards, by_value=rules.pair_by_value),
                )
                early = rules.surrender is Surrender.EARLY
                assert mine - ({Action.SURRENDER} if early else set()) == legal, (view.cards, up)
                checked += 1
            rnd.act(rng.choice(sorted(legal, key=lambda a: a.value)))
    assert checked > 200


# ---- cache -----------------------------------------------------------------------------


def test_the_cache_round_trips_an_analysis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BLACKJACK_ODDS_CACHE", str(tmp_path))
    rules = load_rules("infinite-deck")
    odds_cache.clear_memory()
    first = odds_cache.cached_analysis(rules)
    files = list(tmp_path.glob("*.json"))
    assert len(files) == 1
    odds_cache.clear_memory()
    again = odds_cache.cached_analysis(rules)
    assert again.chart == first.chart
    assert again.house_edge == first.house_edge
    assert again.dealer == first.dealer


def test_a_corrupt_cache_file_is_recomputed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BLACKJACK_ODDS_CACHE", str(tmp_path))
    rules = load_rules("instant-blackjack")
    path = tmp_path / f"{odds_cache.analysis_key(rules)}.json"
    for junk in ("{not json", json.dumps({"format": odds_cache.FORMAT, "chart": []}), ""):
        path.write_text(junk, encoding="utf-8")
        odds_cache.clear_memory()
        result = odds_cache.cached_analysis(rules)
        assert isinstance(result, Analysis)
        assert result.house_edge == pytest.approx(analyze(rules).house_edge)
        assert json.loads(path.read_text(encoding="utf-8"))["format"] == odds_cache.FORMAT


def test_a_cache_that_cannot_be_written_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("BLACKJACK_ODDS_CACHE", str(blocker / "odds"))
    odds_cache.clear_memory()
    assert odds_cache.cached_analysis(load_rules("double-up")).house_edge > 0


def test_the_second_analysis_of_a_rule_set_is_instant() -> None:
    rules = VEGAS.with_changes(decks=8, name="Warm")
    analysis(rules)
    odds_cache.clear_memory()
    started = time.perf_counter()
    assert analysis(rules).rules_name == "Warm"
    assert time.perf_counter() - started < 0.5


# ---- hints -----------------------------------------------------------------------------


def test_hint_values_each_legal_action_and_picks_the_best() -> None:
    found = hint(VEGAS, parse_cards("T 6"), Card.parse("T"))
    assert set(found.values) == {Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER}
    assert found.action is Action.SURRENDER and found.cost(Action.SURRENDER) == 0
    assert found.cost(Action.STAND) > 0
    only = hint(VEGAS, parse_cards("T 6"), Card.parse("T"), legal_actions={Action.HIT, Action.STAND})
    assert set(only.values) == {Action.HIT, Action.STAND}


def test_hint_sees_the_cards_left_in_the_shoe() -> None:
    # 16 against a ten hits from a fresh shoe, but stands once the small cards are gone.
    rules = NO_SURRENDER
    fresh = hint(rules, parse_cards("T 6"), Card.parse("T"))
    rich = hint(rules, parse_cards("T 6"), Card.parse("T"), removed=parse_cards("2 3 4 5 " * 8))
    assert fresh.action is Action.HIT
    assert rich.action is Action.STAND


def test_hint_answers_offers() -> None:
    ace = Card.parse("A")
    insurance = hint(VEGAS, parse_cards("T 7"), ace, legal_actions={Action.INSURANCE, Action.NO_INSURANCE})
    assert insurance.action is Action.NO_INSURANCE
    rich = hint(
        VEGAS,
        parse_cards("T 7"),
        ace,
        remaining=parse_cards("T " * 40 + "5 " * 20),
        legal_actions={Action.INSURANCE, Action.NO_INSURANCE},
    )
    assert rich.action is Action.INSURANCE
    money = hint(VEGAS, parse_cards("A K"), ace, legal_actions={Action.EVEN_MONEY, Action.NO_EVEN_MONEY})
    assert money.values[Action.EVEN_MONEY] == 1.0
    assert money.values[Action.NO_EVEN_MONEY] == pytest.approx(1.5 * (1 - 95 / 309), abs=1e-9)
    early = VEGAS.with_changes(surrender=Surrender.EARLY)
    offer = hint(early, parse_cards("T 6"), ace, legal_actions={Action.SURRENDER, Action.NO_SURRENDER})
    assert offer.action is Action.SURRENDER and not offer.given_no_blackjack


def test_a_natural_stands_and_a_split_21_is_not_a_blackjack() -> None:
    natural = hint(VEGAS, parse_cards("A K"), Card.parse("6"))
    assert natural.values == {Action.STAND: 1.5}
    split = hint(VEGAS, parse_cards("A K"), Card.parse("6"), from_split=True, hands=2)
    assert 0 < split.values[Action.STAND] < 1


def test_hint_rejects_impossible_hands() -> None:
    with pytest.raises(OddsError, match="bust"):
        hint(VEGAS, parse_cards("T 6 9"), Card.parse("5"))
    with pytest.raises(OddsError, match="no card of that value"):
        hint(load_rules("single-deck"), parse_cards("5 5"), Card.parse("5"), removed=parse_cards("5 5"))
    with pytest.raises(OddsError, match="up card"):
        hint(VEGAS, parse_cards("T 6"), None)


def test_hint_is_quick_for_a_six_deck_shoe() -> None:
    from engine.odds.hint import _evaluators

    rng = random.Random(3)
    times = []
    for trial in range(25):
        shoe = Shoe(6, seed=trial)
        shoe.shuffle()
        for _ in range(rng.randrange(0, 200)):
            shoe.draw()
        hand, up, hole = [shoe.draw(), shoe.draw()], shoe.draw(), shoe.draw()
        _evaluators.clear()
        started = time.perf_counter()
        hint(VEGAS, hand, up, [*shoe.undealt_cards(), hole])
        times.append(time.perf_counter() - started)
    assert statistics.median(times) < 0.05


# ---- the CLI ---------------------------------------------------------------------------


def test_strategy_csv_has_one_row_per_cell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--rules", "vegas-strip", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand,dealer_up,action"
    assert len(lines) == 1 + (17 + 9 + 10) * 10
    assert "hard 16,T,Rh" in lines and "pair A,A,P" in lines and "soft 13,2,H" in lines
    hands = {line.split(",")[0] for line in lines[1:]}
    assert {"hard 5", "hard 21", "soft 13", "soft 21", "pair 2", "pair T", "pair A"} <= hands


def test_strategy_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--rules", "double-up"]) == 0
    text = capsys.readouterr().out
    assert "hard 16" in text and "\x1b[" not in text
    assert main(["strategy", "--rules", "vegas-strip", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["chart"]["hard 16"]["T"] == "Rh"


def test_odds_json_gives_edge_ev_and_dealer_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--rules", "six-to-five", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["house_edge_percent"] == pytest.approx(-data["player_ev_percent"])
    assert 1.5 < data["house_edge_percent"] < 1.9
    assert data["dealer"]["6"]["bust"] == pytest.approx(0.4228, abs=5e-4)


def test_odds_for_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["odds", "--rules", "vegas-strip", "--hand", "T,6", "--up", "T", "--removed", "5,5", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["best"] == "surrender" and set(data["actions"]) == {"hit", "stand", "double", "surrender"}
    assert main(["odds", "--rules", "vegas-strip", "--hand", "T,6", "--up", "T"]) == 0
    assert "surrender" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["strategy", "--rules", "no-such-preset"], "no preset or rules file"),
        (["odds", "--hand", "T,Z", "--up", "5"], "has no rank"),
        (["odds", "--hand", "T,6,9", "--up", "5"], "bust"),
        (["odds", "--hand", "T,6"], "up card"),
        (["odds", "--rules", "double-up", "--hand", "T,6", "--up", "5"], "no card"),
    ],
)
def test_bad_input_is_one_clear_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("blackjack: ") and message in err and err.count("\n") == 1
