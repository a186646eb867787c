"""The exact mode's compiled recursion (`engine.odds.compiled`) against the same sums in Python.

Two implementations held to one truth: every action of every two-card hand, best play and a
fixed policy, on one-deck shoes where the Python exact mode is quick enough, under rules that
take each branch (peek or not, H17, DAS or not, resplit and hit split aces, a split-ace 21 as
a blackjack); then the whole analysis against Eric Farmer's CDP figure.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.actions import Action
from engine.odds import player
from engine.odds.composition import Composition
from engine.odds.dealer import joint_ending_table
from engine.odds.house_edge import analyze
from engine.rules import DealerBlackjackTakes, Surrender
from engine.rulesets import load_rules

pytest.importorskip("numba")
np = pytest.importorskip("numpy")
compiled = pytest.importorskip("engine.odds.compiled")

ONE_DECK_S17_DAS = load_rules("vegas-strip").with_changes(decks=1, surrender=Surrender.NONE)
RULES = {
    "one deck S17 DAS, resplit to 4": ONE_DECK_S17_DAS,
    "one deck H17, no DAS, split once": load_rules("single-deck"),
    "one deck, no peek, all bets lost": load_rules("european").with_changes(decks=1),
    "one deck, no peek, original bet only, late surrender": load_rules("european").with_changes(
        decks=1, dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL_BET, surrender=Surrender.LATE
    ),
    "one deck H17, split aces hit and resplit, A+T counts as blackjack": load_rules("downtown").with_changes(
        decks=1, resplit_aces=True, hit_split_aces=True, split_ace_21_is_blackjack=True
    ),
}


def _policy(total: int, soft: bool, pair: int | None, legal: frozenset[Action]) -> Action:
    """A plain fixed strategy: split 8s and aces, double 10 and 11, hit below 17 (soft 18)."""
    if pair in (0, 7) and Action.SPLIT in legal:
        return Action.SPLIT
    if total in (10, 11) and Action.DOUBLE in legal:
        return Action.DOUBLE
    return Action.HIT if total < (18 if soft else 17) else Action.STAND


def _all_values(rules_name: str, up: int, *, compiled_on: bool, policy: bool,
                monkeypatch: pytest.MonkeyPatch) -> dict[tuple[int, int], dict[Action, float]]:
    monkeypatch.setattr(player, "compiled_odds", lambda: compiled_on)
    rules = RULES[rules_name]
    shoe = Composition.for_rules(rules).without([up + 1])
    evaluator = player.Evaluator(rules, up, shoe, exact=True)
    assert (evaluator._compiled is not None) is compiled_on
    found = {}
    for a in range(10):
        for b in range(a, 10):
            if (a, b) == (0, 9):
                continue
            hand = [a, b]
            values = evaluator.values(hand, hand)
            if policy:
                action = _policy(a + b + 2 if a else a + b + 12, a == 0, a if a == b else None,
                                 frozenset(values))
                values = evaluator.values(hand, hand, legal=frozenset((action,)), policy=_policy)
            found[(a, b)] = values
    return found


@pytest.mark.parametrize("rules_name", list(RULES))
@pytest.mark.parametrize(("up", "policy"), [(0, False), (5, False), (9, False), (5, True), (9, True)],
                         ids=["A up", "6 up", "T up", "6 up, a policy", "T up, a policy"])
def test_compiled_recursion_gives_the_python_values(rules_name: str, up: int, policy: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    python = _all_values(rules_name, up, compiled_on=False, policy=policy, monkeypatch=monkeypatch)
    fast = _all_values(rules_name, up, compiled_on=True, policy=policy, monkeypatch=monkeypatch)
    assert python.keys() == fast.keys()
    for hand, values in python.items():
        assert fast[hand].keys() == values.keys(), hand
        for action, value in values.items():
            assert fast[hand][action] == pytest.approx(value, abs=1e-12), (hand, action)


def test_full_memos_still_give_every_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables of four slots fill in the middle of a call (values computed then are not remembered)
    and grow between calls; the values are the same as with room to spare."""
    rules = ONE_DECK_S17_DAS
    shoe = Composition.for_rules(rules).without([6])
    roomy = player.Evaluator(rules, 5, shoe, exact=True)
    cramped = player.Evaluator(rules, 5, shoe, exact=True)
    assert cramped._compiled is not None
    cramped._compiled.dealer_memo = compiled.Memo(7 * 11, 2)
    cramped._compiled.values = compiled.Memo(1, 2)
    cramped._compiled.policy_values = compiled.Memo(1, 2)
    for hand in ([7, 7], [9, 5], [0, 5], [1, 2]):
        expected = roomy.values(hand, hand)
        assert cramped.values(hand, hand) == pytest.approx(expected, abs=1e-13)
    assert len(cramped._compiled.values) > 4


def test_twins_share_only_what_doubling_after_a_split_cannot_change() -> None:
    rules = ONE_DECK_S17_DAS
    full = Composition.for_rules(rules)
    first = player.Evaluator(rules, 5, full.without([6]), exact=True)
    other_up = player.Evaluator(rules, 9, full.without([10]), exact=True, twin=first)
    no_das = player.Evaluator(rules.with_changes(double_after_split=False), 5, full.without([6]), exact=True,
                              twin=first)
    h17 = player.Evaluator(rules.with_changes(dealer_hits_soft_17=True), 5, full.without([6]), exact=True,
                           twin=first)
    assert first._compiled and other_up._compiled and no_das._compiled and h17._compiled
    assert other_up._compiled.dealer_memo is first._compiled.dealer_memo
    assert other_up._compiled.values is not first._compiled.values
    assert no_das._compiled.values is first._compiled.values
    assert h17._compiled.dealer_memo is not first._compiled.dealer_memo
    alone = player.Evaluator(rules.with_changes(double_after_split=False), 5, full.without([6]), exact=True)
    assert no_das.values([7, 7], [7, 7]) == pytest.approx(alone.values([7, 7], [7, 7]), abs=1e-13)


def test_six_deck_analysis_is_farmers_cdp_figure() -> None:
    """Eric Farmer's calculator 7.6, CDP, six decks S17 DAS split to 4, no surrender: -0.402861523%."""
    result = analyze(load_rules("vegas-strip").with_changes(surrender=Surrender.NONE), exact=True)
    assert -result.optimal_house_edge * 100 == pytest.approx(-0.402861523, abs=1e-9)


def test_the_dealers_endings_come_back_from_the_cache_as_built(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept copy is read back equal to the table it was built from; a copy that is not the table
    (arbitrary bytes, a changed number with its old checksum, the wrong shape, an index past its
    table under a checksum that matches) is built again."""
    monkeypatch.setenv("BLACKJACK_ODDS_CACHE", str(tmp_path))
    built = joint_ending_table(True)
    compiled.dealer_endings.cache_clear()
    first = compiled.dealer_endings(True)
    path = next(tmp_path.glob("dealer-endings-h17-*.json"))
    kept = json.loads(path.read_text(encoding="utf-8"))
    forged = json.loads(path.read_text(encoding="utf-8"))
    forged["arrays"][5][0] += 1.0
    out_of_range = json.loads(path.read_text(encoding="utf-8"))
    out_of_range["arrays"][3][0] = 10**6  # a low part past the table, with a checksum to match
    out_of_range["sha256"] = compiled._checksum(out_of_range["arrays"])
    wrong = [forged, {"sha256": kept["sha256"]}, {"sha256": "x", "arrays": [[1], [2]]}, out_of_range]
    nested = b"[" * 200_000 + b"]" * 200_000
    for junk in (b"\x00\xff{", nested, *(json.dumps(data).encode() for data in wrong), None):
        if junk is not None:
            path.write_bytes(junk)
        compiled.dealer_endings.cache_clear()
        again = compiled.dealer_endings(True)
        for a, b, c in zip(built, first, again, strict=True):
            assert a.dtype == b.dtype == c.dtype
            assert np.array_equal(a, b) and np.array_equal(a, c)
    compiled.dealer_endings.cache_clear()


@pytest.mark.parametrize("hits_soft_17", [False, True], ids=["S17", "H17"])
@pytest.mark.parametrize("shoe", [
    (4, 4, 4, 4, 4, 4, 4, 4, 4, 16),  # a deck: its busts are what the other endings leave
    (1, 1, 1, 1, 0, 0, 0, 0, 2, 3),  # nine cards: busts weighed one by one
    (1, 2, 0, 0, 0, 0, 0, 0, 0, 1),  # A, 2, 2, T: the dealer often runs out, and no chance is made up
], ids=["one deck", "nine cards", "a shoe that runs dry"])
def test_dealer_odds_for_every_up_card_are_the_python_sums(shoe: tuple[int, ...], hits_soft_17: bool) -> None:
    """One compiled weighing gives each up card's distribution (and none's) as Python sums it, set by
    set: whether the busts are weighed or made up from the rest, and in a shoe too small for the dealer
    to finish, where the distribution sums to less than one."""
    from engine.odds.dealer import dealer_distribution

    weighed = compiled.dealer_odds(shoe, hits_soft_17)
    for up in range(10):
        if shoe[up]:
            rest = tuple(count - (i == up) for i, count in enumerate(shoe))
            assert weighed[up] == pytest.approx(dealer_distribution(rest, up, hits_soft_17), abs=1e-14)
        else:
            assert not weighed[up].any()
    assert weighed[10] == pytest.approx(dealer_distribution(shoe, None, hits_soft_17), abs=1e-14)
    if sum(shoe) == 4:
        assert 0.1 < sum(weighed[10]) < 0.9


def test_the_dealers_table_loads_no_numba_in_a_process_without_it() -> None:
    """A process that has not loaded the compiled odds (the game, between analyses) weighs the
    dealer's table in Python: numba's start would stall it for more than half a second."""
    code = ("import sys; from engine.rulesets import load_rules;"
            " from engine.odds import dealer_probabilities;"
            " rows = dealer_probabilities(load_rules('vegas-strip'));"
            " print(len(rows), 'numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout.split() == ["10", "False"]
