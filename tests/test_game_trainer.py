"""The trainer: the hint panel, mistake costs, the block level's question, the count and the chart."""

from __future__ import annotations

import pygame

from engine import coach
from engine.bots import hi_lo
from engine.odds import hint
from game.app import App
from tests.test_game_helpers import bet_and_deal, button, click, make_app, press, run_until, wait_for_player

TWELVE_VS_TWO = "T 2 2 T 9 5 8 7 6"
"""You get T 2 (12) against a dealer 2 with a T in the hole."""


def seated(cards: str, coach_level: int = 0) -> App:
    app = make_app(cards)
    app.ctx.session.seats_info[0].coach = coach_level
    bet_and_deal(app, 25)
    wait_for_player(app)
    return app


def test_hint_panel_shows_each_legal_actions_ev_from_the_odds_engine():
    app = seated(TWELVE_VS_TWO)
    try:
        expected = coach.advise(app.ctx.round)
        spot = coach.situation(app.ctx.round)
        same = hint(app.ctx.session.rules, spot.cards, spot.up_card, spot.unseen, spot.legal)
        assert same.ranked == expected.ranked
        press(app, pygame.K_SLASH)
        run_until(app, lambda: app.ctx.trainer.hint is not None)
        trainer = app.ctx.trainer
        assert trainer.hint.ranked == expected.ranked and trainer.hint.action is expected.action
        lines = trainer.hint_lines()
        assert len(lines) == len(spot.legal) and lines[0][1] and not any(best for _, best in lines[1:])
        assert lines[0][0].endswith(f"{expected.ranked[0][1] * 100:+.1f}%")
        click(app, button(app, "hint").center)
        assert not trainer.show_hint
    finally:
        app.close()


def test_warn_level_toasts_the_cost_the_engine_gives():
    app = seated(TWELVE_VS_TWO, coach_level=1)
    try:
        judged = coach.judge(app.ctx.round, coach.Action.STAND)
        assert judged.is_mistake
        click(app, button(app, "stand").center)
        run_until(app, lambda: bool(app.ctx.trainer.toast))
        assert app.ctx.trainer.toast_cost == judged.cost
        assert app.ctx.trainer.toast == coach.mistake_message(judged)
    finally:
        app.close()


def test_block_level_asks_first_and_no_leaves_the_round_unchanged():
    app = seated(TWELVE_VS_TWO, coach_level=2)
    try:
        rnd = app.ctx.round
        before = len(rnd.events)
        click(app, button(app, "stand").center)
        run_until(app, lambda: app.ctx.trainer.confirm is not None)
        assert app.ctx.trainer.confirm_text().startswith("Standing on 12 against a 2 costs")
        press(app, pygame.K_n)
        assert app.ctx.trainer.confirm is None and len(rnd.events) == before and rnd.decision is not None
        click(app, button(app, "stand").center)
        run_until(app, lambda: app.ctx.trainer.confirm is not None)
        press(app, pygame.K_y)
        assert len(rnd.events) > before, "yes plays it"
    finally:
        app.close()


def test_count_is_hi_lo_of_the_cards_shown_and_the_chart_highlights_the_decision():
    app = seated(TWELVE_VS_TWO)
    try:
        press(app, pygame.K_c)
        press(app, pygame.K_t)
        trainer = app.ctx.trainer
        assert trainer.show_count and trainer.show_chart
        cards = [*app.ctx.round.hands(0)[0].cards, app.ctx.round.dealer_up_card]
        assert trainer.running == hi_lo(cards)  # the hole card is not shown yet
        assert trainer.count_lines()[0] == f"Running count {hi_lo(cards):+d}"
        assert trainer.chart_cell(app.ctx.round) == ("hard 12", 2)
        app.ctx.odds.analysis(app.ctx.session.rules).result(timeout=120)
        app.step()
        app.screenshot("/tmp/trainer-test.png")
    finally:
        app.close()
