"""History, replay and session review in the game: clicked through real scenes over a saved sitting."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from engine.odds import hint
from engine.record import continue_record
from engine.review import costliest, review_record
from engine.store import open_store, player_stats
from engine.store.history import round_lines
from game import layout
from game.app import App
from game.intents import Intent, IntentKind, to_intent
from game.presenter import Presenter
from game.scene import Go, SceneName
from game.scenes.history import ROW_H
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top
from tests.test_game_hotseat import bet_in_turn, next_round, play_out


def table_state(p: Presenter) -> tuple:
    """What the table shows of a round: every hand's faces, stake and result, the dealer, the bankrolls."""
    hands = [
        [([c.code for c in h.cards], h.stake, h.result, h.net, h.doubled) for h in seat.hands]
        for seat in p.seats
    ]
    return (
        hands, [c.code for c in p.dealer], p.dealer_total,
        [s.bankroll for s in p.seats], [s.insurance_net for s in p.seats],
    )


@pytest.fixture
def sitting(tmp_path: Path):
    """Four rounds of Ann, Bob and a novice bot, saved; the live table state at the end of the last."""
    app = App(
        data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False),
        seat_specs=parse_seats("Ann,Bob,bot:novice"), seed=12,
    )
    run_until(app, lambda: scene_name(app) == "BettingScene")
    for number in range(4):
        bet_in_turn(app, {"Ann": [25], "Bob": [5, 5]})
        play_out(app)
        live = table_state(app.ctx.presenter)
        if number < 3:
            next_round(app)
    app.ctx.records.flush()
    yield app, tmp_path, live
    app.close()


def open_history(app: App) -> None:
    press(app, pygame.K_o)
    click(app, button(app, "stats").center)
    run_until(app, lambda: scene_name(app) == "StatsScene" and top(app).data is not None)
    click(app, button(app, "history").center)
    run_until(app, lambda: scene_name(app) == "HistoryScene" and top(app).page is not None)


def loaded(history) -> bool:
    """Whether the history shows what its filters asked for."""
    return history.job is not None and history.job.done() and history.page is history.job.value


def row_center(index: int) -> tuple[int, int]:
    box = layout.history_rects()["list"]
    return box.centerx, box.y + ROW_H * (index + 1) + ROW_H // 2


def test_the_newest_round_replays_to_the_table_the_live_round_ended_on(sitting):
    app, folder, live = sitting
    open_history(app)
    history = top(app)
    assert history.player == "Ann", "opened from Ann's statistics"
    with open_store(folder) as store:
        assert [line.round_id for line in history.page.rounds] == [
            line.round_id for line in round_lines(store, player="Ann")
        ]
    click(app, row_center(0))
    run_until(app, lambda: scene_name(app) == "ReplayScene")
    replay = top(app)
    assert replay.playing and replay.error == ""
    run_until(app, lambda: replay.target == replay.events and replay.presenter.idle and not replay.playing)
    assert table_state(replay.presenter) == live
    assert replay.presenter.shoe_unknown and not app.ctx.presenter.shoe_unknown  # no made-up gauge
    press(app, pygame.K_ESCAPE)
    run(app, 0.05)
    assert scene_name(app) == "HistoryScene"


def test_stepping_back_then_forward_lands_on_the_same_table(sitting):
    app, _, _ = sitting
    open_history(app)
    click(app, row_center(0))
    run_until(app, lambda: scene_name(app) == "ReplayScene" and top(app).reviewed is not None)
    replay = top(app)
    click(app, button(app, "play").center)  # pause
    click(app, button(app, "first").center)  # back to the start
    assert replay.target == 0 and not replay.playing
    for _ in range(9):
        press(app, pygame.K_RIGHT)
        run_until(app, lambda: replay.presenter.idle)
    assert replay.target == 9
    here = table_state(replay.presenter)
    press(app, pygame.K_LEFT)
    assert replay.target == 8 and table_state(replay.presenter) != here
    press(app, pygame.K_RIGHT)
    run_until(app, lambda: replay.presenter.idle)
    assert replay.target == 9 and table_state(replay.presenter) == here


def test_the_decision_panel_shows_the_odds_engines_values_for_each_decision(sitting):
    app, _, _ = sitting
    open_history(app)
    click(app, row_center(0))
    run_until(app, lambda: scene_name(app) == "ReplayScene" and top(app).reviewed is not None)
    replay = top(app)
    record = json.loads(top_record(app))
    expected = review_record(record)
    assert expected, "the round has decisions"
    click(app, button(app, "play").center)
    click(app, button(app, "first").center)
    for judged in expected:
        press(app, pygame.K_RIGHTBRACKET)
        shown = replay.decision
        assert shown == judged and replay.target == judged.event
        partial = continue_record({**record, "decisions": record["decisions"][: judged.number]})
        hand = partial.hands(judged.seat)[judged.hand]
        priced = hint(partial.rules, hand.cards, partial.dealer_up_card, None, partial.legal_actions(),
                      from_split=hand.from_split, hands=len(partial.hands(judged.seat)))
        assert shown.ev == priced.values and shown.best is priced.action
        assert shown.cost == pytest.approx(priced.cost(shown.decision))
    press(app, pygame.K_LEFTBRACKET)
    assert replay.target == (expected[-2].event if len(expected) > 1 else 0)


def top_record(app: App) -> str:
    """The record line of the round the replay on top plays (read from the history scene under it)."""
    history = app.stack.scenes[-2]
    return history.page.rounds[0].record  # type: ignore[attr-defined]


def test_shift_with_an_arrow_steps_a_decision_and_plus_minus_change_the_speed():
    def intent(key: int, mod: int = 0) -> Intent | None:
        return to_intent(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod), lambda pos: pos)

    assert intent(pygame.K_RIGHT, pygame.KMOD_LSHIFT) == Intent(IntentKind.STEP, value=1)
    assert intent(pygame.K_LEFT, pygame.KMOD_RSHIFT) == Intent(IntentKind.STEP, value=-1)
    assert intent(pygame.K_LEFT) == Intent(IntentKind.PAGE, value=-1)
    assert intent(pygame.K_RIGHTBRACKET) == Intent(IntentKind.STEP, value=1)
    assert intent(pygame.K_EQUALS) == intent(pygame.K_PLUS) == Intent(IntentKind.SPEED, value=1)
    assert intent(pygame.K_MINUS) == Intent(IntentKind.SPEED, value=-1)


def test_history_filters_ask_the_store_for_mistakes_and_people(sitting):
    app, folder, _ = sitting
    open_history(app)
    click(app, button(app, "player").center)  # Ann -> Bob
    run_until(app, lambda: loaded(top(app)))
    assert top(app).player == "Bob"
    click(app, button(app, "mistake").center)
    run_until(app, lambda: loaded(top(app)))
    shown = [line.round_id for line in top(app).page.rounds]
    with open_store(folder) as store:
        assert shown == [line.round_id for line in round_lines(store, player="Bob", with_mistake=True)]
        everyone = len(round_lines(store))
    assert all(line.mistakes for line in top(app).page.rounds)
    click(app, button(app, "player").center, button=3)  # right-click: back to Ann
    click(app, button(app, "player").center, button=3)  # and to everyone
    click(app, button(app, "mistake").center)
    run_until(app, lambda: loaded(top(app)))
    assert top(app).player is None and len(top(app).page.rounds) == everyone == 4


def test_the_session_review_lists_the_costliest_mistakes_and_opens_one_at_its_decision(sitting):
    app, folder, _ = sitting
    next_round(app)
    press(app, pygame.K_o)
    click(app, button(app, "leave").center)
    run_until(app, lambda: scene_name(app) == "LeaderboardScene" and top(app).rows is not None)
    click(app, button(app, "review").center)
    run_until(app, lambda: scene_name(app) == "SessionReviewScene" and top(app).mistakes is not None)
    review = top(app)
    label = app.ctx.session.label
    with open_store(folder) as store:
        stats = [player_stats(store, name, session=label) for name in ("Ann", "Bob")]
        rounds = round_lines(store, session=label)
    assert review.data.stats == stats
    judged = [
        r for i, line in enumerate(rounds)
        for r in review_record(json.loads(line.record), line=i)
        if r.seat in {s.seat for s in line.seats if s.person}
    ]
    assert [m.decision for m in review.mistakes] == costliest(judged, 6)
    assert review.mistakes, "play_out stands on 13-16 and hits 12: some plays cost something"
    first = review.mistakes[0]
    box = layout.session_review_rects()["mistakes"]
    click(app, (box.centerx, box.y + 40 + 20))
    run_until(app, lambda: scene_name(app) == "ReplayScene" and top(app).decision is not None)
    assert top(app).decision == replace(first.decision, line=1) and not top(app).playing  # one record: line 1
    press(app, pygame.K_ESCAPE)
    run(app, 0.05)
    assert scene_name(app) == "SessionReviewScene"


def test_a_record_that_cannot_be_replayed_is_said_in_words(sitting):
    app, _, _ = sitting
    app.stack.push(Go(SceneName.REPLAY, record='{"rules": "vegas-strip"}'))
    run(app, 0.05)
    assert scene_name(app) == "ReplayScene"
    assert top(app).error == "This round cannot be replayed: the record has no 'seats' field."
    click(app, button(app, "fwd1").center)
    assert top(app).target == 0
    click(app, button(app, "leave").center)
    run(app, 0.05)
    assert scene_name(app) != "ReplayScene"


def test_a_sitting_chosen_in_the_history_opens_its_review_on_demand(sitting):
    app, _, _ = sitting
    open_history(app)
    assert not top(app).buttons.by_name("review").visible, "no sitting chosen: nothing to review"
    click(app, button(app, "session").center)
    run_until(app, lambda: loaded(top(app)))
    assert top(app).session == app.ctx.session.label
    assert {line.session for line in top(app).page.rounds} == {app.ctx.session.label}
    click(app, button(app, "review").center)
    run_until(app, lambda: scene_name(app) == "SessionReviewScene" and top(app).mistakes is not None)
    assert top(app).session == app.ctx.session.label
    assert [s.player for s in top(app).data.stats] == ["Ann", "Bob"]
