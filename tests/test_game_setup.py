"""The table setup: clicks and typing choose the seats, the rules (with the house edge) and the buy-in."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import load_rules
from game.app import App
from game.scenes.setup import BUY_INS
from game.settings import Settings, load_settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top, type_text


@pytest.fixture
def app(tmp_path: Path):
    settings = Settings(speed="instant", sound=False, rules="infinite-deck")  # quick to analyse
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=4)
    run(made, 0.05)
    click(made, button(made, "play").center)
    run(made, 0.05)
    assert scene_name(made) == "SetupScene"
    yield made
    made.close()


def test_setup_clicks_build_the_table(app, tmp_path):
    setup = top(app)
    click(app, button(app, "seats+").center)
    click(app, button(app, "seats+").center)
    click(app, button(app, "seats+").center)
    assert setup.count == 4
    click(app, setup.rows[0].field.rect.center)
    type_text(app, "Ann")
    click(app, setup.rows[1].field.rect.center)
    type_text(app, "Bob")
    click(app, button(app, "kind2").center)  # person -> basic bot
    click(app, button(app, "kind3").center)
    click(app, button(app, "kind3").center)  # person -> basic -> counter
    click(app, button(app, "color1").center)
    click(app, button(app, "coach1").center)
    click(app, button(app, "coach1").center)
    click(app, button(app, "buyin+").center)
    click(app, button(app, "rules+").center)
    chosen = setup.rules_id
    click(app, button(app, "play").center)
    run_until(app, lambda: scene_name(app) == "BettingScene")
    session = app.ctx.session
    assert [(i.label, i.person, i.bot) for i in session.seats_info] == [
        ("Ann", True, ""),
        ("Bob", True, ""),
        ("Basic bot", False, "basic"),
        ("Counter bot", False, "counter"),
    ]
    assert session.rules_id == chosen and session.rules == load_rules(chosen)
    buy_in = BUY_INS[BUY_INS.index(100_000) + 1]
    assert session.buy_in == buy_in and list(session.brought.values()) == [buy_in] * 4
    assert session.seats_info[1].coach == 2 and session.seats_info[1].color != session.seats_info[0].color
    assert session.positions == [1, 2, 3, 4], "four seats sit in the middle of the arc"
    saved, _ = load_settings(tmp_path / "settings.json")
    assert saved.seats == "Ann,Bob,bot:basic,bot:counter" and saved.rules == chosen and saved.buy_in == buy_in


def test_an_empty_seat_keeps_its_place_at_the_table(app):
    setup = top(app)
    click(app, button(app, "seats+").center)
    click(app, button(app, "seats+").center)
    click(app, setup.rows[0].field.rect.center)
    type_text(app, "Ann")
    for _ in range(4):
        click(app, button(app, "kind1").center)  # person -> basic -> counter -> novice -> empty
    click(app, button(app, "kind2").center)
    click(app, button(app, "play").center)
    run_until(app, lambda: scene_name(app) == "BettingScene")
    assert [i.label for i in app.ctx.session.seats_info] == ["Ann", "Basic bot"]
    assert app.ctx.session.positions == [2, 4]


def test_typing_a_name_never_triggers_the_table_shortcuts(app):
    setup = top(app)
    click(app, setup.rows[0].field.rect.center)
    for key in (pygame.K_o, pygame.K_h, pygame.K_SPACE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    type_text(app, "Hoss Lee")
    assert setup.rows[0].field.text == "Hoss Lee" and scene_name(app) == "SetupScene"
    press(app, pygame.K_BACKSPACE)
    assert setup.rows[0].field.text == "Hoss Le"


def test_a_bad_or_repeated_name_is_refused_with_the_reason(app):
    setup = top(app)
    click(app, button(app, "seats+").center)
    click(app, setup.rows[0].field.rect.center)
    type_text(app, "Ann")
    click(app, setup.rows[1].field.rect.center)
    type_text(app, "ann")
    click(app, button(app, "play").center)
    assert scene_name(app) == "SetupScene" and "already has a seat" in setup.error
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    click(app, button(app, "play").center)
    assert scene_name(app) == "SetupScene" and "at least one character" in setup.error


def test_the_house_edge_of_the_chosen_rules_comes_from_the_odds_engine(app):
    from engine.odds import house_edge

    setup = top(app)
    app.ctx.odds.analysis(setup.rules).result(timeout=60)
    run(app, 0.05)
    assert setup.edge == f"{house_edge(setup.rules) * 100:.2f}%"
    assert "double_after_split = true" in setup.rules.summary_lines()


def test_a_rules_file_can_be_loaded_by_its_path(app, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('base = "vegas-strip"\nname = "Mine"\ndecks = 2\n')
    setup = top(app)
    click(app, setup.file.rect.center)
    type_text(app, str(path))
    press(app, pygame.K_RETURN)
    assert setup.rules is not None and setup.rules.name == "Mine" and setup.rules_id == str(path)
    click(app, setup.file.rect.center)
    type_text(app, "x")
    press(app, pygame.K_RETURN)
    assert "Could not load" in setup.error and setup.rules.name == "Mine"


def test_a_saved_player_is_seated_with_a_click(tmp_path):
    from engine.store import get_or_create_profile, open_store

    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Zed", bankroll=4_200, color="#28c4c4", coach_level=1)
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False))
    try:
        run(made, 0.05)
        click(made, button(made, "play").center)
        run_until(made, lambda: scene_name(made) == "SetupScene" and bool(top(made).chips))
        rect, _profile = top(made).chips[0]
        click(made, rect.center)
        row = top(made).rows[0]
        assert row.field.text == "Zed" and row.coach == 1
        click(made, button(made, "play").center)
        run_until(made, lambda: scene_name(made) == "BettingScene")
        info = made.ctx.session.seats_info[0]
        assert info.color == (40, 196, 196) and made.ctx.session.table.bankroll(0) == 4_200
    finally:
        made.close()


def test_typing_into_a_remembered_name_replaces_it(tmp_path):
    settings = Settings(speed="instant", sound=False, rules="infinite-deck", seats="Ann,bot:novice")
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings)
    try:
        run(made, 0.05)
        click(made, button(made, "play").center)
        run(made, 0.05)
        setup = top(made)
        assert setup.count == 2 and setup.rows[0].field.text == "Ann" and setup.rows[1].kind == "novice"
        click(made, setup.rows[0].field.rect.center)
        type_text(made, "Bo")
        type_text(made, "b")
        assert setup.rows[0].field.text == "Bob", "the remembered name was selected, so typing replaced it"
    finally:
        made.close()
