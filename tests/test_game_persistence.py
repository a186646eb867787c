"""Saving: the --seats/--data-dir command line, settings in the data folder, and bad database files.

A corrupt or foreign file is moved aside with a message and the game starts fresh; a file
with a newer schema is refused with a message and left untouched, and the game plays on
without saving.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame

from engine.store import DATABASE_NAME, SCHEMA_VERSION
from engine.store.schema import APPLICATION_ID
from game.app import App
from game.scenes.text import history_notice
from game.seats import parse_seats
from game.settings import Settings, load_settings
from tests.test_game_helpers import button, chip, click, press, run, run_until, scene_name, top

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        cwd=ROOT,
        timeout=timeout,
    )


def rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(folder / DATABASE_NAME) as connection:
        return connection.execute(sql).fetchall()


def test_seats_and_data_dir_run_a_saved_session_headless_and_the_next_run_resumes_its_cut_round(tmp_path):
    folder = tmp_path / "portable"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"speed": "fast", "sound": False}))
    args = ("--data-dir", str(folder), "--seats", "Ann,Bob,bot:basic", "--autoplay", "--seed", "3")
    first = run_cli(*args, "--frames", "1500")
    assert first.returncode == 0, first.stderr
    saved = rows(folder, "SELECT COUNT(*) FROM rounds WHERE unfinished = 0")[0][0]
    assert saved >= 2, "rounds were played and saved"
    people = dict(rows(folder, "SELECT name, bankroll FROM profiles"))
    assert set(people) == {"Ann", "Bob"}, "bots own no profile"
    last = dict(
        rows(
            folder,
            "SELECT name, bankroll_after FROM round_seats"
            " WHERE round_id = (SELECT MAX(id) FROM rounds WHERE unfinished = 0)",
        )
    )
    assert rows(folder, "SELECT COUNT(*) FROM decisions")[0][0] > 0, "the people's decisions were judged"
    [(cut_id, line)] = rows(folder, "SELECT id, record FROM rounds WHERE unfinished = 1")
    record = json.loads(str(line))
    assert {seat["name"]: round(seat["bankroll"] * 100) for seat in record["seats"]} == last
    for seat, name in enumerate(("Ann", "Bob")):
        bet = round(record["bets"][seat] * 100)
        assert people[name] <= last[name] - bet, "the frames ran out mid-round: its bets stay taken"
    second = run_cli(*args, "--frames", "400")
    assert second.returncode == 0, second.stderr
    assert rows(folder, f"SELECT unfinished FROM rounds WHERE id = {cut_id}") == [(0,)], "finished next time"
    finished = json.loads(str(rows(folder, f"SELECT record FROM rounds WHERE id = {cut_id}")[0][0]))
    assert finished["shoe"][: len(record["shoe"])] == record["shoe"], "with the cards it was dealt"
    assert len(rows(folder, "SELECT DISTINCT session FROM rounds")) == 1, "the sitting goes on"
    assert not (Path.home() / ".local" / "share" / "blackjack-table" / "portable").exists()


def test_a_bad_seats_list_is_refused_with_the_reason(tmp_path):
    out = run_cli("--data-dir", str(tmp_path), "--seats", "Ann,bot:shark", "--frames", "1")
    assert out.returncode == 2 and "no bot 'shark'" in out.stderr


def test_settings_live_in_the_data_folder(tmp_path):
    app = App(data_dir=tmp_path, settings_dir=tmp_path)
    try:
        app.ctx.change_settings(app.ctx.settings.with_changes(speed="fast", four_color=True))
    finally:
        app.close()
    assert load_settings(tmp_path / "settings.json")[0].speed == "fast"


def test_a_corrupt_database_is_moved_aside_with_a_message_and_play_starts_fresh(tmp_path):
    (tmp_path / DATABASE_NAME).write_bytes(b"this is not a database, it is a shopping list\n" * 40)
    settings = Settings(speed="instant", sound=False)
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=9)
    try:
        run_until(app, lambda: app.ctx.records is not None and app.ctx.records.ready)
        run(app, 0.05)
        notice = history_notice(app.ctx)
        assert notice is not None and not notice[1]
        assert "is not an SQLite database" in notice[0] and "fresh history" in notice[0]
        moved = [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name]
        assert len(moved) == 1 and moved[0] in notice[0]
        shown = app.screen.get_at((146, 60))
        assert shown.r > 100 and shown.b < 60, "the notice box is drawn on the title"
        click(app, button(app, "play").center)
        run(app, 0.05)
        assert scene_name(app) == "SetupScene"
        setup = top(app)
        click(app, setup.rows[0].field.rect.center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
        run(app, 0.05)
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "BettingScene")
        click(app, chip(25))
        click(app, button(app, "deal").center)
        run_until(app, lambda: app.ctx.round.is_over or app.ctx.round.decision is not None)
        while not app.ctx.round.is_over:
            press(app, pygame.K_s)  # declines an offer, stands on a hand
            run(app, 0.05)
        run(app, 0.05)
        app.ctx.records.flush()
    finally:
        app.close()
    assert rows(tmp_path, "SELECT COUNT(*) FROM rounds")[0][0] == 1


def newer_database(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
        connection.execute("CREATE TABLE future (x)")
    connection.close()


def test_a_newer_database_is_refused_untouched_and_the_game_plays_without_saving(tmp_path):
    path = tmp_path / DATABASE_NAME
    newer_database(path)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    app = App(
        data_dir=tmp_path,
        settings_dir=tmp_path,
        settings=Settings(speed="instant", sound=False),
        seat_specs=parse_seats("Ann,bot:novice"),
        seed=6,
    )
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        records = app.ctx.records
        assert records is not None and not records.saving
        assert records.problem and "newer" in records.problem and "without saving" in records.problem
        assert app.ctx.session.seats_info[0].profile is None
        for _ in range(2):
            click(app, chip(25))
            click(app, button(app, "deal").center)
            run_until(app, lambda: app.ctx.round.is_over or app.ctx.round.decision is not None)
            while not app.ctx.round.is_over:
                press(app, pygame.K_s)
                run(app, 0.05)
            run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
            tag = app.ctx.view.pill("NOT SAVING", 16, (255, 220, 200), (130, 20, 24, 235))
            assert tag.get_width() > 0
            click(app, button(app, "next").center)
            run_until(app, lambda: scene_name(app) == "BettingScene")
        assert app.ctx.session.table.rounds_played == 3
        records.flush()
    finally:
        app.close()
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before, "the newer file is never written"
    assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]


def test_the_title_says_when_a_newer_database_is_refused(tmp_path):
    newer_database(tmp_path / DATABASE_NAME)
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(sound=False))
    try:
        run_until(app, lambda: app.ctx.records.ready)
        run(app, 0.05)
        notice = history_notice(app.ctx)
        assert notice is not None and notice[1] and "without saving" in notice[0]
        shown = app.screen.get_at((146, 60))
        assert shown.r > 90 and shown.g < 40, "the refusal is drawn in red on the title"
    finally:
        app.close()
