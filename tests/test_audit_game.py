"""The audited shoe in the game: the commitment saved before the shoe's first card, its tooltip, Verify."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pygame
import pytest

from engine.events import ShoeShuffled
from engine.shoe import shoe_seal
from engine.store import DATABASE_NAME
from game import layout
from game.app import App
from game.scene import Go, SceneName
from game.scenes.history import ROW_H
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import button, click, run, run_until, scene_name, top
from tests.test_game_hotseat import bet_in_turn, next_round, play_out


def one_deck_table(folder: Path) -> App:
    app = App(
        data_dir=folder, settings_dir=folder,
        settings=Settings(speed="instant", sound=False, rules="single-deck"),
        seat_specs=parse_seats("Ann"), seed=3,
    )
    run_until(app, lambda: scene_name(app) == "BettingScene")
    run(app, 0.05)
    run_until(app, lambda: not app.ctx.journal.holding)
    return app


def saved(folder: Path, sql: str) -> list[tuple]:
    connection = sqlite3.connect(folder / DATABASE_NAME)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_the_shoes_commitment_is_saved_before_a_bet_or_a_card_and_its_fingerprint_is_the_tooltip(tmp_path):
    app = one_deck_table(tmp_path)
    try:
        seal = shoe_seal(app.ctx.session.table.shoe)
        assert seal is not None and app.ctx.round.drawn == []
        assert saved(tmp_path, "SELECT digest, revealed_at FROM shoes") == [(seal.digest, None)]
        assert saved(tmp_path, "SELECT COUNT(*) FROM rounds") == [(0,)], "no round is journaled before it"
        tip = app.ctx.journal.shoe_tip(app.ctx.session.table.shoe)
        assert tip.startswith(f"Shoe fingerprint {seal.fingerprint} (SHA-256")
        assert "saved before its first card" in tip
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=layout.shoe_rect().center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        run(app, 0.1)  # the tooltip is drawn over the shoe (a crash here fails the test)
        bet_in_turn(app, {"Ann": [25]})
        play_out(app)
        app.ctx.records.flush()
        assert saved(tmp_path, "SELECT shoe_id FROM rounds") == [(1,)], "the round names its shoe"
        assert saved(tmp_path, "SELECT revealed_at FROM shoes") == [(None,)], "not revealed while it deals"
    finally:
        app.close()
    closed = saved(tmp_path, "SELECT revealed_at IS NOT NULL FROM shoes")
    assert closed == [(1,)], "closing the table reveals its shoe"


def shoe_done(app: App) -> None:
    """Rounds until a second shoe is shuffled (and its commitment saved): the first is done."""
    for _ in range(30):
        bet_in_turn(app, {"Ann": [25]})
        play_out(app)
        next_round(app)
        if any(isinstance(event, ShoeShuffled) for event in app.ctx.round.events):
            run_until(app, lambda: not app.ctx.journal.holding)
            app.ctx.records.flush()
            return
    pytest.fail("the one-deck shoe was never shuffled again")


def open_shoes(app: App) -> None:
    from tests.test_game_helpers import press

    press(app, pygame.K_o)
    click(app, button(app, "stats").center)
    run_until(app, lambda: scene_name(app) == "StatsScene" and top(app).data is not None)
    click(app, button(app, "history").center)
    run_until(app, lambda: scene_name(app) == "HistoryScene")
    click(app, button(app, "shoes").center)
    run_until(app, lambda: top(app).shoes is not None)


def shoe_row(index: int) -> tuple[int, int]:
    box = layout.history_rects()["list"]
    return box.x + 40, box.y + ROW_H * (index + 1) + ROW_H // 2


def test_historys_verify_checks_a_finished_shoe_and_names_a_tampered_one(tmp_path):
    app = one_deck_table(tmp_path)
    try:
        shoe_done(app)
        open_shoes(app)
        history = top(app)
        assert [shoe.order is None for shoe in history.shoes] == [True, False], "the new shoe stays sealed"
        assert not button_enabled(app, "verify"), "a sealed shoe has nothing to verify"
        click(app, shoe_row(1))
        click(app, button(app, "verify").center)
        assert history.verdict is not None and history.verdict.ok
        assert history.verdict.summary.startswith("verified: the order of 52 cards and its salt")
        finished = history.shoes[1]
        codes = finished.order.split()
        codes[0], codes[1] = codes[1], codes[0]
        connection = sqlite3.connect(tmp_path / DATABASE_NAME)
        with connection:
            sealed = json.dumps({"order": " ".join(codes), "salt": finished.salt})
            connection.execute("UPDATE shoes SET sealed = ? WHERE id = ?", (sealed, finished.shoe_id))
        connection.close()
        click(app, button(app, "shoes").center)  # back to the rounds, and the shoes again: read afresh
        click(app, button(app, "shoes").center)
        run_until(app, lambda: top(app).shoes is not None)
        click(app, shoe_row(1))
        click(app, button(app, "verify").center)
        assert not history.verdict.ok
        assert "do not hash to the commitment recorded before the shoe" in history.verdict.problems[0]
        run(app, 0.1)  # drawn with its problems
    finally:
        app.close()


def button_enabled(app: App, name: str) -> bool:
    return top(app).buttons.by_name(name).enabled  # type: ignore[attr-defined]


def test_the_shoes_view_of_a_run_that_saves_nothing_says_so():
    app = App(settings=Settings(sound=False))
    try:
        app.stack.push(Go(SceneName.HISTORY))
        run(app, 0.1)
        click(app, button(app, "shoes").center)
        run(app, 0.1)
        assert top(app).showing_shoes
        assert top(app)._shoes_status() == "Nothing is saved in this run, so there is no history."
        assert not button_enabled(app, "verify")
    finally:
        app.close()
