"""At the table: the count panel in each person's system, the quiz hiding its answer, the coach grading
by index plays at the count, the strategy chart's legend; and the Statistics screen's index plays and luck."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from engine import Action
from engine.bots.counter import ILLUSTRIOUS_18
from engine.store import get_or_create_profile, open_store, player_stats, save_round
from game import advisor, layout
from game.app import App
from game.counter_settings import JUDGING_KEY, SYSTEM_KEY
from game.scenes.stats import play_lines
from game.seats import BOT_COLOR, PALETTE
from game.session import SeatInfo
from game.trainer import CODE_COLORS, DEFAULT_COUNTER, LEGEND_COLUMNS, LEGEND_ROW, Trainer
from tests.test_coach_indices import second_round
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    click,
    make_app,
    press,
    run_until,
    scene_name,
    wait_for_player,
)

# Round 1: Ann 4 5 stands on 9 against a 6 (hole 5, draws a T: 21). Round 2: Ann 9 7 against a T (hole 7),
# then a T if she hits. Shown at her second decision: 4 6 5 5 T and 9 T 7.
SHOE = "4 6 5 5 T 9 T 7 7 T T T T"


def at_second_decision(**settings: object) -> App:
    """A single-deck table whose seat is a person with these counting settings, at round 2's decision."""
    app = make_app(SHOE, rules="single-deck")
    app.ctx.session.seats_info[0].profile = SimpleNamespace(settings=settings)
    bet_and_deal(app, 25)
    wait_for_player(app)
    click(app, button(app, "stand").center)
    run_until(app, lambda: app.ctx.round.is_over and app.ctx.presenter.idle)
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == "BettingScene")
    bet_and_deal(app, 25)
    wait_for_player(app)
    return app


@pytest.mark.parametrize(("system", "title", "lines"), [
    (None, "HI-LO COUNT (C)", ["Running count +2", "True count +2", "Decks left 1"]),
    # KO starts at 0 for one deck and counts the 7 too; it is read against its key count, not converted.
    ("ko", "KO COUNT (C)", ["Running count +3", "Key count +2 reached", "Decks left 1"]),
    # Omega II tags 4-6 +2, 7 +1, 9 -1, tens -2, and keeps the aces apart: none shown yet.
    ("omega-ii", "OMEGA II COUNT (C)", ["Running count +4", "True count +4", "Decks left 1", "Aces left 4"]),
])
def test_the_count_panel_counts_in_the_persons_system(system, title, lines):
    app = at_second_decision(**({SYSTEM_KEY: system} if system else {}))
    try:
        press(app, pygame.K_c)
        trainer = app.ctx.trainer
        assert trainer.show_count and trainer.count_title() == title
        assert trainer.count_lines() == lines
    finally:
        app.close()


def test_the_count_panel_reads_the_true_count_to_the_persons_precision():
    app = at_second_decision(count_precision="exact")
    try:
        # Exactly: 2 / (44 / 52) = 2.36, floored; the decks left shown to a tenth.
        assert app.ctx.trainer.count_lines() == ["Running count +2", "True count +2", "Decks left 0.8"]
    finally:
        app.close()


def test_in_hot_seat_the_panel_follows_the_turn_and_a_bots_turn_counts_by_default():
    ko = SimpleNamespace(settings={SYSTEM_KEY: "ko"})
    zen = SimpleNamespace(settings={SYSTEM_KEY: "zen"})
    seats = [SeatInfo("Ann", True, 2, PALETTE[0], profile=ko),
             SeatInfo("Bob", True, 3, PALETTE[1], profile=zen),
             SeatInfo("Bot", False, 4, BOT_COLOR, bot="basic")]
    trainer = Trainer(seats=seats)
    keys = [trainer.panel_counter(turn).system.key for turn in (0, 1, 2, None)]
    assert keys == ["ko", "zen", "hi-lo", "hi-lo"]
    seats[1].left = True  # Ann alone now: the panel is hers whoever's turn it is
    assert trainer.panel_counter(2) is seats[0].counter and DEFAULT_COUNTER.system.key == "hi-lo"


def test_the_quiz_hides_the_running_count_it_asks_for():
    app = at_second_decision()
    try:
        trainer = app.ctx.trainer
        press(app, pygame.K_q)
        trainer.count_quiz.ask(trainer.running)
        lines = trainer.count_lines()
        assert not any("Running count" in line or "True count" in line for line in lines), lines
        assert lines[0] == "Count hidden: quiz on (Q)" and "Quiz 0/0 right (Q)" in lines
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_q)
        assert trainer.count_lines()[0] == "Running count +2", "the quiz off shows the count again"
    finally:
        app.close()


@pytest.fixture
def illustrious(monkeypatch):
    """The coach's index plays: the fixed Illustrious 18 (test_coach_indices tests the generated table)."""
    monkeypatch.setattr(advisor, "index_plays_for", lambda rules, system: ILLUSTRIOUS_18)


def coached(judging: str | None) -> App:
    app = at_second_decision(**({JUDGING_KEY: judging} if judging else {}))
    app.ctx.session.seats_info[0].coach = 1
    app.ctx.odds.analysis(app.ctx.session.rules).result(timeout=300)
    return app


def test_hitting_16_against_10_at_a_positive_count_is_toasted_with_the_index(illustrious):
    app = coached("indices")
    try:
        click(app, button(app, "hit").center)
        message = "16 vs 10: stand at true 0 or above; the true count is +2."
        run_until(app, lambda: app.ctx.trainer.toast == message)
    finally:
        app.close()


def test_the_block_level_asks_about_a_missed_index_by_naming_it(illustrious):
    app = coached("indices")
    app.ctx.session.seats_info[0].coach = 2
    try:
        click(app, button(app, "hit").center)
        run_until(app, lambda: app.ctx.trainer.confirm is not None)
        assert app.ctx.trainer.confirm_text() == (
            "16 vs 10: stand at true 0 or above; the true count is +2 — hitting anyway?")
    finally:
        app.close()


def test_standing_on_16_against_10_is_right_by_the_index_and_a_mistake_by_basic_strategy(illustrious):
    for judging, toasted in (("indices", False), (None, True)):
        app = coached(judging)
        trainer = app.ctx.trainer
        try:
            click(app, button(app, "stand").center)
            run_until(app, lambda: not trainer.toast_jobs)  # noqa: B023 (called before the loop moves on)
            assert bool(trainer.toast) is toasted, judging
            if toasted:
                assert trainer.toast.startswith("Standing on 16 against a 10")
        finally:
            app.close()


def test_the_hint_shows_the_index_beside_the_play(illustrious):
    app = coached("indices")
    try:
        press(app, pygame.K_SLASH)
        trainer = app.ctx.trainer
        run_until(app, lambda: trainer.hint is not None)
        assert trainer.hint_index(Action.STAND) == "stand at true 0 or above (now +2)"
        assert trainer.hint_index(Action.HIT) is None
        assert all(line.partition(": ")[2].startswith("expected ") for line, _ in trainer.hint_lines())
    finally:
        app.close()


def test_the_strategy_chart_is_drawn_with_a_legend_of_its_codes():
    app = make_app()
    try:
        rules = app.ctx.session.rules
        chart = app.ctx.odds.analysis(rules).result(timeout=300).chart
        trainer = app.ctx.trainer
        legend = trainer.legend(chart)
        used = {code.value for _, codes in chart.rows() for code in codes}
        assert {code for code, _ in legend} == used and ("Rh", "surrender, else hit") in legend
        surface = pygame.Surface((1280, 720))
        trainer._draw_chart(surface, app.ctx.assets, app.ctx.round, chart, False)
        rect = layout.trainer_chart_rect()
        top = rect.bottom - 8 - LEGEND_ROW * -(-len(legend) // LEGEND_COLUMNS)
        first = CODE_COLORS[legend[0][0][:1].upper()]
        assert tuple(surface.get_at((rect.x + 11, top + 2)))[:3] == first, "the first code's swatch"
    finally:
        app.close()


def judged_round(action: Action, monkeypatch) -> tuple[object, list]:
    """Ann's second round (16 against a T at true +2) judged by the index plays, with `action` played."""
    from game.counter_settings import counter_settings

    monkeypatch.setattr(advisor, "index_plays_for", lambda rules, system: ILLUSTRIOUS_18)
    rnd = second_round()
    pending = advisor.pending_decision(rnd, action, counter_settings({JUDGING_KEY: "indices"}))
    assert pending is not None and pending.count == 2
    judged, _ = advisor.judge(rnd.rules, [pending])
    rnd.act(action)
    while not rnd.is_over:
        rnd.act(Action.STAND)
    return rnd, judged


def test_the_statistics_count_index_plays_made_and_missed(tmp_path, monkeypatch):
    with open_store(tmp_path) as store:
        for action in (Action.HIT, Action.STAND, Action.STAND):
            rnd, judged = judged_round(action, monkeypatch)
            assert judged[0].correct is (action is Action.STAND) and judged[0].index_play is not None
            ann = get_or_create_profile(store, "Ann", bankroll=100_000)
            save_round(store, rnd, [ann], decisions=judged, player_ev=-0.01)
        stats = player_stats(store, "Ann")
        assert (stats.index_plays, stats.index_made) == (3, 2)
        assert dict(play_lines(stats))["Index plays"] == "2 made, 1 missed"


def test_a_decision_basic_strategy_and_the_count_agree_on_is_no_index_play(monkeypatch):
    monkeypatch.setattr(advisor, "index_plays_for", lambda rules, system: ILLUSTRIOUS_18)
    rnd = second_round()
    from game.counter_settings import counter_settings

    basic = advisor.pending_decision(rnd, Action.HIT, counter_settings({}))
    judged, _ = advisor.judge(rnd.rules, [basic])
    assert judged[0].correct and judged[0].index_play is None, "basic strategy hits 16 against a 10"


def test_luck_is_measured_against_the_plays_made_and_mistakes_are_their_own_figure(tmp_path):
    from engine.store import DecisionQuality
    from tests.test_store_rounds import stacked_round

    with open_store(tmp_path) as store:
        ann = get_or_create_profile(store, "Ann", bankroll=100_000)
        # Ann hits 17 against a 9 and busts (-25); the hit gave up 12 in expectation.
        rnd = stacked_round([ann], "T 9 7 T 8", [2500], ["hit"])
        mistake = DecisionQuality(0, 0, Action.HIT, False, Action.STAND, 1200.0)
        save_round(store, rnd, [ann], decisions=[mistake], player_ev=-0.004)
        stats = player_stats(store, "Ann")
    assert (stats.net, stats.expected) == (-2500, -10)
    # Expected for the plays made: -10 - 1200 = -1210; the rest of the -2500 was bad luck.
    assert stats.luck == -2500 - (-10 - 1200)
    shown = dict(play_lines(stats))
    assert shown["Lost to mistakes"] == "-$12" and shown["Luck"] == "-$12.90"


def test_a_record_with_index_plays_replays_and_a_damaged_record_counts_none(tmp_path, monkeypatch):
    import json

    from engine.record import replay_record

    with open_store(tmp_path) as store:
        rnd, judged = judged_round(Action.STAND, monkeypatch)
        ann = get_or_create_profile(store, "Ann", bankroll=100_000)
        round_id = save_round(store, rnd, [ann], decisions=judged, player_ev=-0.01)
        (line,) = store.rows("SELECT record FROM rounds WHERE id = ?", (round_id,))[0]
        record = json.loads(line)
        assert record["index_plays"] == [judged[0].index_play]
        assert replay_record(record).decisions == rnd.decisions, "the replay reads past the new key"
        with store.transaction() as connection:
            connection.execute("UPDATE rounds SET record = '{not json' WHERE id = ?", (round_id,))
        stats = player_stats(store, "Ann")
    assert (stats.index_plays, stats.index_made, stats.rounds) == (0, 0, 1)
