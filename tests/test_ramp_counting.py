"""The counting screen: a person's count system, precision, judging, unit and bet ramp, edited with
clicks and keys, priced by the engine, saved to the profile, and read back by the table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import load_rules
from engine.counting import SYSTEMS, Precision, parse_ramp
from engine.store import find_profile, get_or_create_profile, open_store
from game import ramp
from game.app import App
from game.counter_settings import PRECISION_KEY, RAMP_KEY, SYSTEM_KEY, UNIT_KEY, Judging, counter_settings
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top, type_text


@pytest.fixture(autouse=True)
def quick_prices(monkeypatch):
    monkeypatch.setattr(ramp, "PRICE_ROUNDS", 3000)  # a rough price, quickly


@pytest.fixture
def setup(tmp_path: Path):
    app = App(data_dir=tmp_path, settings_dir=tmp_path, seed=4,
              settings=Settings(speed="instant", sound=False, rules="vegas-strip"))
    run(app, 0.05)
    click(app, button(app, "play").center)
    run_until(app, lambda: scene_name(app) == "SetupScene")
    yield app
    app.close()


def open_counting(app: App, row: int = 0) -> object:
    click(app, button(app, f"count{row}").center)
    run_until(app, lambda: scene_name(app) == "CountingScene" and top(app).loaded)
    return top(app)


def saved_settings(folder: Path, name: str) -> dict:
    with open_store(folder) as store:
        profile = find_profile(store, name)
        return {} if profile is None else dict(profile.settings)


def test_the_ramp_editor_adds_a_step_changes_units_sets_the_exit_saves_and_reopens(setup, tmp_path):
    app = setup
    click(app, top(app).rows[0].field.rect.center)
    type_text(app, "Ann")
    screen = open_counting(app)
    assert screen.name == "Ann" and screen.steps == [] and screen.price_lines()[0].startswith("No ramp")
    click(app, button(app, "add").center)  # a first ramp: 1-8 leaving at -2
    assert screen.steps == [[1, 1], [2, 2], [3, 4], [4, 8]] and screen.leave == -2
    click(app, button(app, "units+1").center)  # the +2 step bets 3 units
    click(app, button(app, "add").center)  # +5 bets 16
    click(app, button(app, "count-4").center)  # +5 down to +4 is refused: +4 is taken
    assert screen.error and screen.steps[-1] == [5, 16], "counts must rise: the engine's reason is shown"
    click(app, button(app, "count-5").center)  # the exit line: leave at -3
    press(app, pygame.K_UP)
    press(app, pygame.K_RIGHTBRACKET)  # keys: the chosen line (the +5 step) bets 17
    click(app, button(app, "precision+").center)  # half deck -> whole deck
    click(app, button(app, "judging+").center)
    click(app, button(app, "unit+").center)  # the table minimum -> $5
    assert screen.steps == [[1, 1], [2, 3], [3, 4], [4, 8], [5, 17]] and screen.leave == -3
    figures = screen.figures()
    figures.result(120)
    run(app, 0.05)
    lines = screen.price_lines()
    assert lines[0].startswith("Win ") and any(line.startswith("Risk of ruin") for line in lines)
    click(app, button(app, "save").center)
    run_until(app, lambda: scene_name(app) == "SetupScene")
    saved = saved_settings(tmp_path, "Ann")
    assert saved[RAMP_KEY] == "1:1,2:3,3:4,4:8,5:17,leave:-3"
    assert (saved[PRECISION_KEY], saved[UNIT_KEY], saved[SYSTEM_KEY]) == ("whole", 500, "hi-lo")
    again = open_counting(app)
    assert again is not screen
    assert again.steps == [[1, 1], [2, 3], [3, 4], [4, 8], [5, 17]] and again.leave == -3
    assert again.precision is Precision.WHOLE and again.judging is Judging.INDICES and again.unit == 500


def test_the_price_is_the_engines_price_of_the_ramp(setup):
    app = setup
    click(app, top(app).rows[0].field.rect.center)
    type_text(app, "Ann")
    screen = open_counting(app)
    press(app, pygame.K_a)  # A: a first ramp
    figures = screen.figures().result(120)
    rules = load_rules("vegas-strip")
    quote = ramp.quote(parse_ramp("1:1,2:2,3:4,4:8,leave:-2"), figures, unit=rules.min_bet, bankroll=100_000)
    assert screen.price_lines() == quote.lines(rules.min_bet, 100_000)


def test_a_bad_system_file_is_refused_with_one_sentence_and_nothing_is_saved(setup, tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text('name = "Mine"\ntags = [1, 2]\n')
    app = setup
    click(app, top(app).rows[0].field.rect.center)
    type_text(app, "Ann")
    screen = open_counting(app)
    click(app, screen.file.rect.center)
    type_text(app, str(bad))
    press(app, pygame.K_RETURN)
    assert screen.error and "mine.toml" in screen.message
    assert screen.message.endswith(".") and "\n" not in screen.message
    assert screen.system is SYSTEMS["hi-lo"] and screen.system_spec == "hi-lo", "the system is unchanged"
    click(app, button(app, "back").center)
    run_until(app, lambda: scene_name(app) == "SetupScene")
    assert SYSTEM_KEY not in saved_settings(tmp_path, "Ann"), "nothing was saved"


def test_a_good_system_file_is_counted_and_saved_by_its_path(setup, tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text('name = "Mine"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n')
    app = setup
    click(app, top(app).rows[0].field.rect.center)
    type_text(app, "Ann")
    screen = open_counting(app)
    click(app, screen.file.rect.center)
    type_text(app, str(good))
    click(app, button(app, "load").center)
    assert not screen.error and screen.system.name == "Mine"
    click(app, button(app, "save").center)
    run_until(app, lambda: scene_name(app) == "SetupScene")
    assert saved_settings(tmp_path, "Ann")[SYSTEM_KEY] == str(good)


def test_saving_at_the_table_changes_what_the_seat_counts_with(tmp_path):
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000)
    app = App(data_dir=tmp_path, settings_dir=tmp_path, seat_specs=parse_seats("Ann"),
              settings=Settings(speed="instant", sound=False))
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        seat = app.ctx.session.seats_info[0]
        assert seat.counter.ramp is None and seat.counter.system.key == "hi-lo"
        press(app, pygame.K_o)
        click(app, button(app, "counting").center)
        run_until(app, lambda: scene_name(app) == "CountingScene" and top(app).loaded)
        click(app, button(app, "system+").center)
        chosen = top(app).system
        click(app, button(app, "add").center)
        click(app, button(app, "save").center)
        run_until(app, lambda: scene_name(app) == "BettingScene")
        assert seat.counter.system == chosen and seat.counter.ramp == parse_ramp("1:1,2:2,3:4,4:8,leave:-2")
        assert counter_settings(saved_settings(tmp_path, "Ann")).ramp == seat.counter.ramp
    finally:
        app.close()


def test_a_saved_ramp_longer_than_the_editor_is_shown_cut_with_a_sentence(setup, tmp_path):
    with open_store(tmp_path) as store:
        long = ",".join(f"{c}:{c}" for c in range(1, 10))
        get_or_create_profile(store, "Ann", bankroll=100_000, settings={RAMP_KEY: long})
    app = setup
    click(app, top(app).rows[0].field.rect.center)
    type_text(app, "Ann")
    screen = open_counting(app)
    assert screen.steps == [[c, c] for c in range(1, 8)]
    assert screen.error
    assert screen.message.startswith("The saved ramp has 9 steps; the editor keeps its first 7")
