"""The trainer: the hint panel, mistake costs, the block level's question, the count and the chart."""

from __future__ import annotations

import pygame

from engine import coach
from engine.bots import hi_lo
from engine.cards import parse_cards
from engine.odds import hint
from engine.shoe import StackedShoe
from game.app import App
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    click,
    make_app,
    press,
    run_until,
    scene_name,
    type_text,
    wait_for_player,
)

TWELVE_VS_TWO = "T 2 2 T 9 5 8 7 6"
"""You get T 2 (12) against a dealer 2 with a T in the hole."""


def seated(cards: str, coach_level: int = 0) -> App:
    app = make_app(cards)
    app.ctx.session.seats_info[0].coach = coach_level
    if coach_level:  # the coach grades by the chart: analyse the rules first, as a saving game does
        app.ctx.odds.analysis(app.ctx.session.rules).result(timeout=300)
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
        assert lines[0][0].endswith(f"expected {expected.ranked[0][1] * 100:+.1f}% of the bet")
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


class ShufflingShoe(StackedShoe):
    """A stacked shoe whose cut card comes out after round 1: round 2 starts with a shuffle."""

    def __init__(self, cards: str, after: int) -> None:
        super().__init__(cards)
        self.after = after
        self.shuffled = False

    @property  # type: ignore[override]
    def needs_shuffle(self) -> bool:
        return not self.shuffled and self._next >= self.after

    def shuffle(self) -> int:
        self.shuffled = True
        return self.remaining


def shuffled_app() -> tuple[App, int]:
    """Round 1: T 7 against a 6 up (hole T), stand; the dealer busts. Round 2 opens with a shuffle."""
    first = "T 6 7 T T"
    app = make_app()
    shoe = ShufflingShoe(first + " T 2 2 T 9 5 8 7 6 T 9 8 7", after=5)
    app.ctx.session.table.shoe = shoe
    app.ctx.trainer.toggle_quiz()
    bet_and_deal(app, 25)
    wait_for_player(app)
    click(app, button(app, "stand").center)
    run_until(app, lambda: app.ctx.round.is_over and app.ctx.presenter.idle)
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == "BettingScene" and app.ctx.trainer.quizzing)
    return app, hi_lo(parse_cards(first))


def test_counting_quiz_asks_at_a_shuffle_and_scores_right_and_wrong_answers():
    app, count = shuffled_app()
    try:
        trainer = app.ctx.trainer
        assert trainer.quizzing and trainer.count_quiz.answer == count, "the next round opens with a shuffle"
        assert trainer.running == 0
        type_text(app, f"{count + 1:d}")
        press(app, pygame.K_RETURN)
        assert (trainer.count_quiz.right, trainer.count_quiz.asked) == (0, 1)
        assert "Wrong" in trainer.count_quiz.result and "Quiz 0/1 right (Q)" in trainer.count_lines()
        trainer.count_quiz.ask(count)  # ask again (as the next shuffle would)
        type_text(app, f"{count:d}")
        press(app, pygame.K_RETURN)
        assert (trainer.count_quiz.right, trainer.count_quiz.asked) == (1, 2) and not trainer.quizzing
        assert "Quiz 1/2 right (Q)" in trainer.count_lines()
        trainer.count_quiz.ask(count)
        press(app, pygame.K_ESCAPE)
        assert not trainer.quizzing and trainer.count_quiz.asked == 2, "Esc skips unscored"
    finally:
        app.close()
