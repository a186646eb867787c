"""Drills: spots the rules can deal, judged as the table's chart and coach judge them; lists; counts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Card, DecisionKind, StackedShoe, Table, load_rules, parse_cards
from engine.bots import hi_lo
from engine.coach import hint_for, situation
from engine.drills import (
    DrillError,
    Family,
    Spot,
    count_answer,
    count_flashes,
    draw_spot,
    judge,
    legal_actions,
    parse_spots,
    practicable,
    spots,
)
from engine.odds import basic_strategy
from engine.rules import Surrender

RULE_SETS = ("vegas-strip", "downtown", "european", "single-deck", "atlantic-city", "classic-shoe")
GENERATED = (Family.HARD, Family.SOFT, Family.PAIRS, Family.SURRENDER, Family.INSURANCE)


def families(rules):
    """Each generated family these rules allow, with its spots."""
    out = {}
    for family in GENERATED:
        try:
            out[family] = spots(family, rules)
        except DrillError:
            continue
    return out


DECLINE = {
    DecisionKind.INSURANCE: Action.NO_INSURANCE,
    DecisionKind.EVEN_MONEY: Action.NO_EVEN_MONEY,
    DecisionKind.EARLY_SURRENDER: Action.NO_SURRENDER,
}


def live_round(rules, spot):
    """A real round dealing the spot (the hole card makes no dealer blackjack), played up to that spot."""
    first, second = (c.code for c in spot.cards)
    hole = "5" if spot.up.points in (1, 10) else "T"
    shoe = StackedShoe(f"{first} {spot.up.code} {second} {hole} 2 3 4 5 6")
    table = Table(rules, [("Ann", 1_000_000)], shoe=shoe)
    rnd = table.start_round()
    rnd.place_bet(0, rules.min_bet)
    rnd.deal()
    while rnd.decision is not None and rnd.decision.kind is not spot.kind:
        rnd.act(DECLINE[rnd.decision.kind])
    return rnd


@pytest.mark.parametrize("rules_id", RULE_SETS)
def test_drill_judging_equals_the_chart_and_the_coach_at_a_real_table(rules_id):
    rules = load_rules(rules_id)
    chart = basic_strategy(rules)
    checked = 0
    for family, found in families(rules).items():
        for spot in found[:: 7 if family is Family.HARD else 3]:
            rnd = live_round(rules, spot)
            assert rnd.decision is not None and rnd.decision.kind is spot.kind, (family, spot)
            assert legal_actions(rules, spot) == rnd.legal_actions(), f"{spot.name}: the round offers more"
            verdict = judge(rules, spot, Action.STAND if spot.kind is DecisionKind.PLAY else None, chart)
            hand = rnd.hands(0)[0].cards
            assert verdict.best is chart.action(hand, rnd.dealer_up_card, rnd.legal_actions()), spot.name
            coach = hint_for(rules, situation(rnd))
            assert verdict.ranked == coach.ranked, f"{spot.name}: the EVs differ from the coach's"
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    ("rules_id", "spot", "best"),
    [
        ("vegas-strip", "16 vs T", Action.SURRENDER),
        ("downtown", "16 vs T", Action.HIT),
        ("vegas-strip", "11 vs 6", Action.DOUBLE),
        ("european", "11 vs T", Action.HIT),
        ("single-deck", "11 vs 2", Action.DOUBLE),
        ("european", "9 vs 2", Action.HIT),
        ("vegas-strip", "88 vs 6", Action.SPLIT),
        ("vegas-strip", "A7 vs 9", Action.HIT),
        ("vegas-strip", "A7 vs 2", Action.STAND),
        ("vegas-strip", "12 vs 4", Action.STAND),
        ("vegas-strip", "TT vs 6", Action.STAND),
    ],
)
def test_the_play_a_drill_wants_follows_the_rules(rules_id, spot, best):
    rules = load_rules(rules_id)
    (parsed,) = parse_spots(spot, rules)
    verdict = judge(rules, parsed, best)
    assert verdict.best is best and verdict.correct and verdict.cost == 0.0
    assert verdict.summary().startswith("Right") and verdict.headline == "Right"


def test_a_wrong_answer_says_what_it_cost_and_what_was_right():
    rules = load_rules("vegas-strip")
    (spot,) = parse_spots("T6 vs 6", rules)
    verdict = judge(rules, spot, Action.HIT)
    values = dict(verdict.ranked)
    assert not verdict.correct and verdict.cost == pytest.approx(values[Action.STAND] - values[Action.HIT])
    assert verdict.cost > 0.1 and f"hitting costs {verdict.cost * 100:.1f}% of the bet" in verdict.summary()
    assert "standing is the play" in verdict.summary() and verdict.headline == "Wrong"
    assert len(verdict.ev_lines()) == 4 and verdict.ev_lines()[0].startswith("standing")


def test_a_chart_play_beaten_for_the_exact_cards_is_told_apart():
    rules = load_rules("vegas-strip")
    (spot,) = parse_spots("T2 vs 4", rules)  # the chart stands on 12 v 4; with T,2 hitting is a hair better
    verdict = judge(rules, spot, Action.HIT)
    assert verdict.best is Action.STAND and not verdict.correct and verdict.cost == 0.0
    assert verdict.summary().startswith("Not the chart's play: standing is (with these exact cards hitting")
    assert verdict.headline == "Not the chart's play"


def test_time_running_out_is_wrong_and_names_the_play():
    rules = load_rules("vegas-strip")
    (spot,) = parse_spots("88 vs 6", rules)
    verdict = judge(rules, spot, None)
    assert not verdict.correct and verdict.summary() == "Time's up: splitting is the play."
    assert verdict.headline == "Time's up"


def test_an_answer_that_is_not_a_play_of_the_spot_is_refused():
    rules = load_rules("downtown")
    (spot,) = parse_spots("16 vs T", rules)
    with pytest.raises(DrillError, match="surrendering is not one of the plays here"):
        judge(rules, spot, Action.SURRENDER)


@pytest.mark.parametrize(
    ("rules_id", "family", "message"),
    [
        ("downtown", Family.SURRENDER, "Downtown has no surrender, so there are no surrender spots"),
        ("home-game", Family.PAIRS, "Home Game allows no splitting"),
        ("home-game", Family.INSURANCE, "Home Game has no insurance"),
    ],
)
def test_a_family_the_rules_rule_out_is_refused_with_the_reason(rules_id, family, message):
    with pytest.raises(DrillError, match=message):
        spots(family, load_rules(rules_id))


def test_generated_spots_are_of_their_family_and_legal_under_the_rules():
    rules = load_rules("vegas-strip")
    hard = spots(Family.HARD, rules)
    assert all(not s.cards[0].rank.is_ace and s.cards[0].points != s.cards[1].points for s in hard)
    assert {sum(c.points for c in s.cards) for s in hard} == set(range(5, 20))
    assert all(s.cards[0].rank.is_ace for s in spots(Family.SOFT, rules))
    assert all(s.cards[0].points == s.cards[1].points for s in spots(Family.PAIRS, rules))
    assert all(Action.SURRENDER in legal_actions(rules, s) for s in spots(Family.SURRENDER, rules))
    insurance = spots(Family.INSURANCE, rules)
    assert {s.kind for s in insurance} == {DecisionKind.INSURANCE, DecisionKind.EVEN_MONEY}
    no_even_money = rules.with_changes(even_money=False)
    assert {s.kind for s in spots(Family.INSURANCE, no_even_money)} == {DecisionKind.INSURANCE}


def test_early_surrender_tables_ask_surrender_as_the_offer_before_the_peek():
    rules = load_rules("vegas-strip").with_changes(surrender=Surrender.EARLY)
    kinds = {s.up.points: s.kind for s in spots(Family.SURRENDER, rules)}
    assert kinds[10] is DecisionKind.EARLY_SURRENDER and kinds[1] is DecisionKind.EARLY_SURRENDER
    assert kinds[9] is DecisionKind.PLAY


def test_drawing_a_spot_is_seeded_and_gives_the_cards_suits():
    choices = spots(Family.PAIRS, load_rules("vegas-strip"))
    first = [draw_spot(choices, random.Random(4)) for _ in range(1)]
    again = [draw_spot(choices, random.Random(4)) for _ in range(1)]
    assert first == again
    spot = first[0]
    assert all(c.suit is not None for c in (*spot.cards, spot.up))
    assert spot.name in {s.name for s in choices}


def test_a_custom_list_reads_totals_and_cards():
    rules = load_rules("vegas-strip")
    found = parse_spots("16 vs T, A7 vs 9; 88 vs 6\n12 vs 4, 10 vs A, AT vs A", rules)
    assert [s.name for s in found] == ["T6 vs T", "A7 vs 9", "88 vs 6", "T2 vs 4", "82 vs A", "AT vs A"]
    assert found[-1].kind is DecisionKind.EVEN_MONEY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("17 vs Z", 'item 1 "17 vs Z": the up card Z is not a card (use A, 2-9 or T).'),
        ("16 vs T, 16 T", 'item 2 "16 T": write it as a hand, "vs" and an up card, like "16 vs T".'),
        ("AK vs 9", 'item 1 "AK vs 9": the hand is 21 already'),
        ("4 vs 9, 20 vs 9", 'item 1 "4 vs 9": a hard total must be 5-19 (write a pair as its cards, like TT),'
                            ' not 4; item 2 "20 vs 9": a hard total must be 5-19'),
        ("XY vs 9", 'item 1 "XY vs 9": the hand XY is neither a hard total'),
        ("", "the list is empty"),
    ],
)
def test_a_custom_list_names_each_bad_item_and_why(text, message):
    with pytest.raises(DrillError) as error:
        parse_spots(text, load_rules("vegas-strip"))
    assert message in str(error.value)


def test_a_custom_spot_the_rules_cannot_deal_says_so():
    with pytest.raises(DrillError) as error:
        parse_spots("16 vs 9, AK vs A", load_rules("home-game"))
    assert str(error.value) == 'item 2 "AK vs A": the hand is 21 already: there is nothing to decide.'
    (pair,) = parse_spots("88 vs 6", load_rules("home-game"))
    assert legal_actions(load_rules("home-game"), pair) == {Action.HIT, Action.STAND}, "no split: a hard 16"


def test_practicable_keeps_each_spot_the_rules_can_deal_once():
    rules = load_rules("downtown")
    strip = parse_spots("16 vs T, 16 vs T, 88 vs 6", load_rules("vegas-strip"))
    kept = practicable(rules, strip)
    assert [s.name for s in kept] == ["T6 vs T", "88 vs 6"]
    with pytest.raises(DrillError, match="none of these spots can come up at Home Game"):
        practicable(load_rules("home-game"), parse_spots("AK vs A", load_rules("vegas-strip")))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), family=st.sampled_from(GENERATED), rules_id=st.sampled_from(RULE_SETS))
def test_any_answer_is_right_exactly_when_it_is_the_chart_play(seed, family, rules_id):
    rules = load_rules(rules_id)
    try:
        choices = spots(family, rules)
    except DrillError:
        return
    rng = random.Random(seed)
    spot = draw_spot(choices, rng)
    answer = rng.choice(sorted(legal_actions(rules, spot), key=lambda a: a.value))
    verdict = judge(rules, spot, answer)
    assert verdict.correct == (answer is verdict.best)
    assert verdict.cost >= 0 and (verdict.cost == 0 if verdict.correct else True)
    assert {a for a, _ in verdict.ranked} == legal_actions(rules, spot)
    assert [v for _, v in verdict.ranked] == sorted((v for _, v in verdict.ranked), reverse=True)


def test_count_flashes_deal_a_shuffled_shoe_in_groups():
    ones = count_flashes(6, random.Random(3), flashes=12, per_flash=1)
    assert [len(g) for g in ones] == [1] * 12
    rounds = count_flashes(6, random.Random(3), flashes=5, per_flash=8)
    assert all(7 <= len(g) <= 10 for g in rounds)
    assert rounds == count_flashes(6, random.Random(3), flashes=5, per_flash=8)
    with pytest.raises(DrillError, match="more than a 1-deck shoe deals"):
        count_flashes(1, random.Random(3), flashes=30, per_flash=1)


def test_the_count_answer_is_hi_lo_over_the_decks_left():
    flashes = count_flashes(2, random.Random(8), flashes=6, per_flash=8)
    shown = [c for group in flashes for c in group]
    answer = count_answer(flashes, 2)
    assert answer.running == hi_lo(shown)
    assert answer.decks_left == round((104 - len(shown)) / 26) / 2
    assert answer.true_count == pytest.approx(answer.running / answer.decks_left)
    assert answer.true_right(round(answer.true_count))


def test_a_spot_speaks_as_a_player_does():
    spot = Spot(parse_cards("8 8"), Card.parse("6"))
    assert spot.describe() == "a pair of 8s against a 6"
    offer = Spot(parse_cards("A K"), Card.parse("A"), DecisionKind.EVEN_MONEY)
    assert offer.describe() == "blackjack against an ace: even money?"
