"""The table setup: clicks and typing choose the seats, the rules (with the house edge) and the buy-in,
and rename or delete a saved player."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import load_rules
from game.app import App
from game.scenes.setup import BUY_INS, deletion_text
from game.settings import Settings, load_settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, step, top, type_text


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
    assert session.positions == [4, 3, 2, 1], "four seats in the middle, first base first"
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
    assert app.ctx.session.positions == [4, 2]


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


# ---- renaming and deleting a saved player -------------------------------------------------


def seated_history(folder):
    """Ann has won a saved round and a tournament; Bob and Dev are known too."""
    from engine import StackedShoe, Table
    from engine.store import get_or_create_profile, open_store, save_round, save_tournament

    with open_store(folder) as store:
        ann = get_or_create_profile(store, "Ann", bankroll=50_000, color="#e24c46")
        get_or_create_profile(store, "Bob", color="#4c8ee2")
        get_or_create_profile(store, "Dev")
        table = Table(load_rules("vegas-strip"), [("Ann", 50_000)], shoe=StackedShoe("T 7 9 T"))
        rnd = table.start_round()
        rnd.place_bet(0, 1000)
        rnd.deal()
        rnd.stand()
        save_round(store, rnd, [ann])
        save_tournament(store, ann, won=True, final_bankroll=20_000, rounds=5)


def database(folder, sql, parameters=()):
    """Rows of a query, read from the game's database in another connection."""
    from engine.store import open_store

    with open_store(folder) as store:
        return [tuple(row) for row in store.rows(sql, parameters)]


@pytest.fixture
def known(tmp_path):
    """An app at the setup with Ann and Bob remembered in the seats and three saved players listed."""
    seated_history(tmp_path)
    settings = Settings(speed="instant", sound=False, rules="infinite-deck", seats="Ann,Bob")
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings)
    run(made, 0.05)
    click(made, button(made, "play").center)
    run_until(made, lambda: scene_name(made) == "SetupScene" and len(top(made).chips) == 3)
    yield made
    made.close()


def open_dialog(app, name):
    """Click the "..." end of a saved player's chip; returns the dialog."""
    from game.scenes.setup import chip_handle

    setup = top(app)
    rect = next(rect for rect, profile in setup.chips if profile.name == name)
    click(app, chip_handle(rect).center)
    assert setup.editor is not None and setup.editor.profile.name == name and setup.editor.mode == "menu"
    return setup.editor


def dialog_click(app, editor, name):
    """Click one of the dialog's buttons (and run a frame, after the store work)."""
    click(app, editor.buttons.by_name(name).rect.center)
    step(app)


def test_a_saved_player_is_renamed_from_the_setup_and_keeps_their_history(known, tmp_path):
    setup = top(known)
    (ann_id,) = database(tmp_path, "SELECT id FROM profiles WHERE name = 'Ann'")[0]
    editor = open_dialog(known, "Ann")
    dialog_click(known, editor, "rename")
    assert editor.mode == "rename" and editor.field.text == "Ann" and editor.field.selected
    assert setup.wants_text, "letters are the new name, not shortcuts"
    type_text(known, "Annie Lee")  # the selected name is replaced
    press(known, pygame.K_RETURN)
    step(known)  # the rename commits; the dialog closes and the saved players are listed again
    step(known)  # the frame after that listing came back
    assert setup.editor is None
    profiles = database(tmp_path, "SELECT id, name, bankroll FROM profiles ORDER BY id")
    assert profiles[0] == (ann_id, "Annie Lee", 51_000)
    assert database(tmp_path, "SELECT name, profile_id FROM round_seats") == [("Ann", ann_id)]
    assert setup.rows[0].field.text == "Annie Lee"
    assert [p.name for _, p in setup.chips] == ["Annie Lee", "Bob", "Dev"]
    assert known.ctx.settings.seats == "Annie Lee,Bob", "the remembered seats follow the new name"


def test_a_rename_to_a_taken_name_is_refused_in_place_and_esc_keeps_the_name(known, tmp_path):
    setup = top(known)
    before = database(tmp_path, "SELECT * FROM profiles ORDER BY id")
    editor = open_dialog(known, "Bob")
    dialog_click(known, editor, "rename")
    type_text(known, "ann")
    press(known, pygame.K_RETURN)
    step(known)
    assert setup.editor is editor and editor.mode == "rename" and editor.refused
    assert editor.message == "Cannot rename Bob to ann: there is already a profile named 'Ann'."
    press(known, pygame.K_ESCAPE)
    assert setup.editor is None and scene_name(known) == "SetupScene", "Esc closed the dialog, not the setup"
    assert database(tmp_path, "SELECT * FROM profiles ORDER BY id") == before
    assert setup.rows[1].field.text == "Bob"


def test_a_saved_player_is_deleted_only_on_the_second_click_and_their_rounds_stay(known, tmp_path):
    setup = top(known)
    editor = open_dialog(known, "Ann")
    dialog_click(known, editor, "delete")
    assert editor.mode == "delete" and editor.buttons.by_name("cancel").visible
    assert deletion_text(editor.profile) == (
        "Ann's profile, bankroll ($510), statistics and tournament results will be removed. The rounds Ann"
        " played stay in the table's history and replays, under the name they were played with. This cannot"
        " be undone."
    )
    press(known, pygame.K_RETURN)  # Cancel is the default
    assert setup.editor is None
    editor = open_dialog(known, "Ann")
    dialog_click(known, editor, "delete")
    dialog_click(known, editor, "cancel")
    assert setup.editor is None
    assert database(tmp_path, "SELECT name FROM profiles ORDER BY id") == [("Ann",), ("Bob",), ("Dev",)]
    assert len(database(tmp_path, "SELECT * FROM tournaments")) == 1
    editor = open_dialog(known, "Ann")
    dialog_click(known, editor, "delete")
    dialog_click(known, editor, "confirm")
    step(known)  # the delete commits; the saved players are listed again
    step(known)  # the frame after that listing came back
    assert setup.editor is None
    assert database(tmp_path, "SELECT name FROM profiles ORDER BY id") == [("Bob",), ("Dev",)]
    assert database(tmp_path, "SELECT name, profile_id, net FROM round_seats") == [("Ann", None, 1000)]
    assert database(tmp_path, "SELECT * FROM tournaments") == []
    assert setup.rows[0].field.text == "" and [p.name for _, p in setup.chips] == ["Bob", "Dev"]
    assert known.ctx.settings.seats == ",Bob"


def test_a_player_seated_in_an_unfinished_round_is_not_deleted_and_the_dialog_says_why(known, tmp_path):
    from engine import Table
    from engine.record import round_start_state
    from engine.store import begin_round, open_store, profile_named

    with open_store(tmp_path) as store:  # another game's round, left unfinished
        dev = profile_named(store, "Dev")
        table = Table(load_rules("vegas-strip"), [("Dev", dev.bankroll)], seed=3)
        start = round_start_state(table)
        rnd = table.start_round()
        rnd.place_bet(0, 1000)
        rnd.deal()
        round_id = begin_round(store, rnd, [dev], start)
    before = database(tmp_path, "SELECT * FROM profiles ORDER BY id")
    setup = top(known)
    editor = open_dialog(known, "Dev")
    dialog_click(known, editor, "delete")
    dialog_click(known, editor, "confirm")
    step(known)
    assert setup.editor is editor and editor.refused
    assert editor.message == f"Dev is seated in round {round_id}, which is not finished; finish it first."
    assert not editor.buttons.by_name("confirm").enabled
    assert database(tmp_path, "SELECT * FROM profiles ORDER BY id") == before
    right_click_chip = next(rect for rect, profile in setup.chips if profile.name == "Dev")
    press(known, pygame.K_ESCAPE)
    click(known, right_click_chip.center, button=3)
    assert setup.editor is not None and setup.editor.profile.name == "Dev", "a right click opens it too"
