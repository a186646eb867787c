"""Clicking through real rounds headless: chips, deal, hit, stand, double, split, insurance.

Each test deals from a stacked shoe (player card, dealer up card, player card, hole card,
then draws in order), clicks with posted mouse events, and checks the engine's state and
what is on the screen.
"""

from __future__ import annotations

import pygame

from engine import Action, DecisionKind, Result
from game import layout
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    chip,
    click,
    make_app,
    press,
    run,
    run_until,
    scene_name,
    top,
    wait_for_player,
)


def felt_like(color: pygame.Color) -> bool:
    return color.g > color.r + 30 and color.g > color.b + 20


def test_chips_clicked_into_the_circle_make_the_bet_and_deal_places_it(apps):
    app = apps("T 6 9 T 4")
    for value in (25, 5, 5):
        click(app, chip(value))
    assert top(app).amount == 3500
    assert app.ctx.round.bet(0) == 0, "nothing is placed with the engine before Deal"
    click(app, button(app, "deal").center)
    assert app.ctx.round.bet(0) == 3500
    assert app.ctx.session.table.bankroll(0) == 100_000 - 3500


def test_deal_is_disabled_until_the_bet_reaches_the_table_minimum(apps):
    app = apps("T 6 9 T 4")
    click(app, chip(5))
    assert not top(app).buttons.by_name("deal").enabled
    click(app, button(app, "deal").center)
    assert scene_name(app) == "BettingScene"
    click(app, chip(5))
    assert top(app).buttons.by_name("deal").enabled


def test_bet_over_the_table_maximum_is_refused_with_a_message(apps):
    app = apps("T 6 9 T 4")
    click(app, chip(500))
    click(app, chip(500))
    assert top(app).amount == 50_000
    assert "maximum" in app.ctx.note
    assert not top(app).rack.allowed[1]


def test_bet_over_the_bankroll_is_refused_with_a_message(apps):
    app = apps("T 6 9 T 4", rules="home-game")
    app.ctx.session.table._bankrolls[0] = 3000
    app.ctx.presenter.seats[0].bankroll = 3000
    click(app, chip(25))
    click(app, chip(25))
    assert top(app).amount == 2500
    assert "you have $30" in app.ctx.note.lower() or "only" in app.ctx.note


def test_right_click_and_clicking_the_stack_take_chips_back(apps):
    app = apps("T 6 9 T 4")
    for value in (25, 5, 1):
        click(app, chip(value))
    click(app, chip(5), button=3)
    assert top(app).amount == 2600
    click(app, layout.seat_position(3))
    assert top(app).amount == 2500
    press(app, pygame.K_BACKSPACE)
    assert top(app).amount == 0


def test_hit_then_stand_by_mouse_plays_the_hand_to_a_win(apps):
    app = apps("T 6 5 T 4 8")  # player T 5 vs dealer 6 (hole T); hit 4 -> 19; dealer draws 8 -> 24
    bet_and_deal(app, 25)
    wait_for_player(app)
    click(app, button(app, "hit").center)
    wait_for_player(app)
    hand = app.ctx.round.hands(0)[0]
    assert [c.code for c in hand.cards] == ["T", "5", "4"]
    click(app, button(app, "stand").center)
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    assert app.ctx.round.hands(0)[0].result is Result.WIN
    assert app.ctx.session.table.bankroll(0) == 102_500
    assert "win $25" in app.ctx.presenter.message


def test_double_by_key_doubles_the_stake_and_takes_one_card(apps):
    app = apps("6 5 5 T T 9")  # 6 5 = 11 vs 5; double draws T = 21; dealer T 5 9 = 24
    bet_and_deal(app, 25, 25)
    wait_for_player(app)
    assert top(app).buttons.by_name("double").enabled
    press(app, pygame.K_d)
    run_until(
        app, lambda: app.ctx.round.is_over and scene_name(app) == "PayoutScene" and app.ctx.presenter.idle
    )
    hand = app.ctx.round.hands(0)[0]
    assert hand.doubled and hand.stake == 10_000 and len(hand.cards) == 3
    assert hand.result is Result.WIN
    assert app.ctx.presenter.seats[0].hands[0].result_text() == "+100"


def test_split_into_three_hands_shows_every_card(apps):
    app = apps("8S 6H 8D TC 8C 3H KD 2S 9C 7D")
    bet_and_deal(app, 25)
    wait_for_player(app)
    assert top(app).buttons.by_name("split").enabled
    click(app, button(app, "split").center)
    wait_for_player(app)
    click(app, button(app, "split").center)
    wait_for_player(app)
    hands = app.ctx.round.hands(0)
    assert len(hands) == 3
    assert app.ctx.session.table.bankroll(0) == 100_000 - 3 * 2500
    assert len(app.ctx.presenter.seats[0].hands) == 3
    presenter = app.ctx.presenter
    for h, hand in enumerate(presenter.seats[0].hands):
        for i in range(len(hand.cards)):
            rect = pygame.Rect(presenter.card_target(0, h, i))
            if i == len(hand.cards) - 1:
                spot = app.screen.get_at((rect.right - 12, rect.centery))
                assert not felt_like(spot), f"hand {h} card {i} is not drawn where it belongs"
    assert presenter.active == (0, 0)
    click(app, button(app, "stand").center)
    wait_for_player(app)
    assert app.ctx.round.decision.hand == 1


def test_split_button_is_disabled_for_a_non_pair_and_the_key_shows_the_engine_reason(apps):
    app = apps("T 6 9 T 4")
    bet_and_deal(app, 25)
    wait_for_player(app)
    legal = app.ctx.round.legal_actions()
    scene = top(app)
    for name, action in (
        ("hit", Action.HIT),
        ("stand", Action.STAND),
        ("double", Action.DOUBLE),
        ("split", Action.SPLIT),
        ("surrender", Action.SURRENDER),
    ):
        assert scene.buttons.by_name(name).enabled == (action in legal)
    press(app, pygame.K_p)
    assert "not a pair" in app.ctx.note
    assert len(app.ctx.round.hands(0)) == 1


def test_insurance_prompt_takes_half_the_bet(apps):
    app = apps("TS AH 9D 7C")
    bet_and_deal(app, 100)
    wait_for_player(app)
    assert app.ctx.round.decision.kind is DecisionKind.INSURANCE
    assert app.ctx.presenter.message == "Dealer shows an ace. Insurance costs $50. Take insurance?"
    yes = top(app).buttons.by_name("yes")
    assert yes.visible and yes.enabled and yes.label == "Insurance"
    click(app, yes.rect.center)
    assert app.ctx.round.insurance(0) == 5000
    wait_for_player(app)
    assert app.ctx.round.decision.kind is DecisionKind.PLAY


def test_even_money_is_offered_for_a_blackjack_and_pays_one_to_one(apps):
    app = apps("AS AH KD 7C")
    bet_and_deal(app, 100)
    wait_for_player(app)
    assert app.ctx.round.decision.kind is DecisionKind.EVEN_MONEY
    assert top(app).buttons.by_name("yes").label == "Even money"
    press(app, pygame.K_i)
    run_until(
        app, lambda: app.ctx.round.is_over and app.ctx.presenter.idle and scene_name(app) == "PayoutScene"
    )
    assert app.ctx.session.table.bankroll(0) == 110_000


def test_declining_insurance_by_key(apps):
    app = apps("TS AH 9D 7C")
    bet_and_deal(app, 100)
    wait_for_player(app)
    press(app, pygame.K_n)
    wait_for_player(app)
    assert app.ctx.round.insurance(0) == 0
    assert app.ctx.round.decision.kind is DecisionKind.PLAY


def test_keys_given_during_the_deal_animation_are_queued_not_lost(apps):
    app = apps("T 6 5 T 4 8", speed="normal")
    bet_and_deal(app, 25)
    assert scene_name(app) == "DealingScene"
    press(app, pygame.K_h)  # while the cards are still flying
    press(app, pygame.K_s)
    run_until(app, lambda: app.ctx.round.is_over)
    hand = app.ctx.round.hands(0)[0]
    assert len(hand.cards) == 3 and app.ctx.round.decisions == [Action.HIT, Action.STAND]


def test_a_click_on_the_felt_skips_the_animation(apps):
    app = apps("T 6 5 T 4 8", speed="normal")
    bet_and_deal(app, 25)
    assert not app.ctx.presenter.idle
    click(app, (640, 420))
    presenter = app.ctx.presenter
    assert len(presenter.dealer) == 2 and len(presenter.seats[0].hands[0].cards) == 2
    assert all(card.move.done for card in presenter.dealer + presenter.seats[0].hands[0].cards)
    run(app, 0.2)
    assert presenter.idle and app.ctx.round.decision is not None


def test_dealer_hole_card_flips_and_the_table_reads_the_result(apps):
    app = apps("T 6 9 T 4", speed="normal")
    bet_and_deal(app, 25)
    wait_for_player(app)
    assert app.ctx.presenter.dealer[1].code is None, "the hole card stays face down during play"
    press(app, pygame.K_s)
    run_until(app, lambda: scene_name(app) == "DealerTurnScene")
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    assert app.ctx.presenter.dealer[1].code == "T"
    assert app.ctx.presenter.seats[0].hands[0].result_text() == "-25"


def test_a_dealer_natural_is_called_blackjack_on_the_badge_and_in_the_message(apps):
    app = apps("9 KS 8 AH", speed="normal")
    bet_and_deal(app, 25)
    presenter = app.ctx.presenter
    run_until(app, lambda: scene_name(app) == "DealerTurnScene" and presenter.dealer[1].code is not None)
    assert "turns over" not in presenter.message, "the ace is named once it has turned over"
    run_until(app, lambda: presenter.dealer[1].flip is None)
    assert presenter.message == "Dealer turns over an ace: blackjack."
    run_until(app, lambda: scene_name(app) == "PayoutScene" and presenter.idle)
    run(app, 0.1)
    assert presenter.dealer_total == "BLACKJACK"
    assert presenter.message == "Dealer has blackjack. You lose $25. Click or bet for the next round."
    assert app.ctx.session.table.bankroll(0) == 97_500
    badge = pygame.Rect(0, 0, 120, 14)
    badge.center = layout.dealer_label_pos()
    gold = [
        (x, y)
        for x in range(badge.left, badge.right)
        for y in range(badge.top, badge.bottom)
        if (c := app.screen.get_at((x, y))).r > 180 and c.g > 140 and c.b < 130
    ]
    assert len(gold) > 200, "the dealer's badge is lettered in gold for a blackjack (white for a total)"


def test_next_round_collects_cards_and_rebet_repeats_the_bet(apps):
    app = apps("T 6 9 T 4 T 6 9 T 4")
    bet_and_deal(app, 25, 5)
    wait_for_player(app)
    press(app, pygame.K_s)
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    click(app, button(app, "next").center)
    run_until(app, lambda: scene_name(app) == "BettingScene")
    assert app.ctx.session.table.rounds_played == 2
    click(app, button(app, "rebet").center)
    assert top(app).amount == 3000
    click(app, button(app, "rebet2").center)
    assert top(app).amount == 6000


def test_a_chip_clicked_at_payout_starts_the_next_bet(apps):
    app = apps("T 6 9 T 4 T 6 9 T 4")
    bet_and_deal(app, 25)
    wait_for_player(app)
    press(app, pygame.K_s)
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    click(app, chip(5))
    run(app)
    assert scene_name(app) == "BettingScene" and top(app).amount == 500


def test_a_broke_player_is_offered_a_rebuy(apps):
    app = apps("T 6 9 T 4 T 6 9 T 4")
    app.ctx.session.table._bankrolls[0] = 1000
    app.ctx.presenter.seats[0].bankroll = 1000
    bet_and_deal(app, 5, 5)
    wait_for_player(app)
    press(app, pygame.K_s)
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    press(app, pygame.K_RETURN)
    run(app)
    rebuy = top(app).buttons.by_name("rebuy")
    assert rebuy.visible
    click(app, rebuy.rect.center)
    assert app.ctx.session.table.bankroll(0) == 100_000


def test_sounds_are_cued_for_cards_chips_and_results(apps):
    app = apps("T 6 9 T 8")
    bet_and_deal(app, 25)
    wait_for_player(app)
    press(app, pygame.K_s)
    run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
    played = app.sounds.played
    assert "chip_click" in played and "card_slide" in played and "card_flip" in played and "win" in played


def test_autoplay_plays_round_after_round_by_itself():
    app = make_app(None, autoplay=True, seed=3)
    try:
        run(app, 30)
        assert app.ctx.session.table.rounds_played >= 4
    finally:
        app.close()


def test_seven_seats_with_splits_fit_on_the_table():
    from game.autoplay import ScriptedPolicy

    app = make_app(None, autoplay=True, seats=7, seed=9, bots={i: ScriptedPolicy() for i in range(7)})
    try:
        run(app, 30)
        assert app.ctx.session.table.rounds_played >= 2
        assert len(app.ctx.presenter.positions) == 7
    finally:
        app.close()
