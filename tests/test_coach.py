"""The trainer's judgements and words match the odds engine for stacked situations."""

import pytest

from engine import Action, Card, Shoe, StackedShoe, Table, load_rules, parse_cards
from engine.coach import caption, judge, mistake_message, situation
from engine.odds import hint


def stacked_round(preset: str, cards: str, bet: int = 1000):
    table = Table(load_rules(preset), [("Ann", 100_000)], shoe=StackedShoe(cards))
    rnd = table.start_round()
    rnd.place_bet(0, bet)
    rnd.deal()
    return rnd


def test_judgement_prices_every_legal_action_as_the_hint_does():
    rnd = stacked_round("vegas-strip", "T T 6 7")
    verdict = judge(rnd, Action.STAND)
    direct = hint(rnd.rules, parse_cards("T 6"), Card.parse("T"), legal_actions=rnd.legal_actions())
    assert verdict.hint.values == pytest.approx(direct.values)
    assert verdict.best is Action.SURRENDER
    assert verdict.is_mistake and verdict.cost == pytest.approx(direct.cost(Action.STAND))


def test_the_best_action_costs_nothing():
    rnd = stacked_round("vegas-strip", "8 6 8 T")
    verdict = judge(rnd, Action.SPLIT)
    assert verdict.best is Action.SPLIT and verdict.cost == 0 and not verdict.is_mistake


def test_a_shoe_aware_situation_counts_the_hole_card_as_unseen():
    table = Table(load_rules("vegas-strip"), [("Ann", 100_000)], shoe=Shoe(6, seed=3))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    while rnd.decision is not None and rnd.decision.kind.value != "play":
        rnd.act(Action.NO_INSURANCE if Action.NO_INSURANCE in rnd.legal_actions() else Action.NO_EVEN_MONEY)
    if rnd.is_over:
        pytest.skip("the seeded shoe dealt a blackjack")
    spot = situation(rnd)
    assert spot.unseen is not None
    assert len(spot.unseen) == 6 * 52 - 3, "every card but the two in hand and the up card"
    assert rnd.dealer[1] in spot.unseen


def test_an_infinite_deck_situation_has_no_unseen_list():
    table = Table(load_rules("infinite-deck"), [("Ann", 100_000)], shoe=StackedShoe("T 7 6 9"))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    assert situation(rnd).unseen is None


def test_caption_says_the_hand_the_up_card_the_action_and_the_numbers():
    rnd = stacked_round("infinite-deck", "T T 6 9")
    verdict = judge(rnd, Action.HIT)
    text = caption("Seat 3", verdict.situation, Action.HIT, verdict.hint)
    stand, hit_value = verdict.hint.ev(Action.STAND), verdict.hint.ev(Action.HIT)
    assert text.startswith("Seat 3: 16 against a 10 — hits (expected: ") and text.endswith(" of the bet)")
    assert f"standing {round(stand * 100):+d}%" in text
    assert f"hitting {round(hit_value * 100):+d}%" in text


def test_mistake_message_names_the_cost_and_the_better_play():
    rnd = stacked_round("infinite-deck", "T 2 2 9")
    verdict = judge(rnd, Action.STAND)
    message = mistake_message(verdict)
    assert message.startswith("Standing on 12 against a 2 cost ")
    assert f"{verdict.cost * 100:.1f}% of the bet" in message and "hitting was better" in message


def test_an_insurance_offer_is_judged_too():
    rnd = stacked_round("vegas-strip", "T A 9 7")
    verdict = judge(rnd, Action.INSURANCE)
    assert verdict.best is Action.NO_INSURANCE and verdict.is_mistake
    assert "Taking insurance with 19" in mistake_message(verdict)
