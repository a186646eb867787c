"""The game with broken saved tables, clicked as a person would: the setup, the rules editor, drills and
Double-up open and name what is left out; a broken chosen table gives way to Vegas Strip; the editor
steps its start through Double Up on the tournament page, says why in words, and a saved table is
described by its own rules."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import load_rules
from engine.tables import save_table, tables_folder
from game.app import App
from game.scenes.rules_editor import PAGES
from game.settings import Settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top, type_text


def _broken_folder(tmp_path: Path) -> dict[str, Path]:
    """A data folder whose tables are one good one and three that do not load (each a way seen in use)."""
    folder = tables_folder(tmp_path)
    good = save_table(folder, "Good", load_rules("single-deck"))
    deep = folder / "Deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    loop = folder / "Loop.toml"
    loop.write_text(f'base = "../{folder.name}/Loop.toml"\n', encoding="utf-8")
    (folder / "Bytes.toml").write_bytes(b"\xc1\xff\xfe garbage")
    return {"good": good, "deep": deep, "loop": loop}


def _app(tmp_path: Path, **settings: object) -> App:
    made = App(data_dir=tmp_path, settings_dir=tmp_path,
               settings=Settings(speed="instant", sound=False, **settings), seed=4)  # type: ignore[arg-type]
    run(made, 0.05)
    return made


def _to_setup(app: App) -> None:
    click(app, button(app, "play").center)
    run_until(app, lambda: scene_name(app) == "SetupScene")


def test_broken_saved_tables_are_left_out_and_named_at_the_setup_and_in_the_editor(tmp_path):
    files = _broken_folder(tmp_path)
    app = _app(tmp_path)
    try:
        _to_setup(app)
        setup = top(app)
        assert str(files["good"]) in setup.presets
        assert not {str(files["deep"]), str(files["loop"])} & set(setup.presets)
        assert setup.error.startswith("Left out 3 saved tables that do not load: ")
        assert all(f"\u201c{name}\u201d" in setup.error for name in ("Bytes", "Deep", "Loop"))
        run(app, 0.05)  # the setup draws with the note
        click(app, button(app, "edit").center)
        run_until(app, lambda: scene_name(app) == "RulesEditorScene")
        editor = top(app)
        assert str(files["good"]) in [source for source, _ in editor.sources]
        assert str(files["deep"]) not in [source for source, _ in editor.sources]
        assert editor.message.startswith("Left out 3 saved tables") and not editor.message_ok
        run(app, 0.05)
    finally:
        app.close()


def test_drills_and_double_up_open_with_a_broken_saved_table(tmp_path):
    _broken_folder(tmp_path)
    app = _app(tmp_path)
    try:
        run_until(app, lambda: scene_name(app) == "TitleScene")
        click(app, button(app, "drills").center)
        run_until(app, lambda: scene_name(app) == "DrillSetupScene")
        run(app, 0.05)
        press(app, pygame.K_ESCAPE)
        run_until(app, lambda: scene_name(app) == "TitleScene")
        click(app, button(app, "tournament").center)
        run_until(app, lambda: scene_name(app) == "TournamentScene")
        run(app, 0.05)
        assert [rules_id for rules_id, _ in top(app).choices] == ["double-up"]
    finally:
        app.close()


@pytest.mark.parametrize("which", ["deep", "loop"])
def test_a_broken_chosen_table_gives_way_to_vegas_strip_and_says_so(tmp_path, which):
    files = _broken_folder(tmp_path)
    app = _app(tmp_path, rules=str(files[which]))
    try:
        assert app.ctx.settings.rules == "vegas-strip" and app.ctx.session.rules.name == "Vegas Strip"
        assert "could not be loaded; playing Vegas Strip" in app.ctx.note
        _to_setup(app)
        assert top(app).rules is not None and top(app).rules_id == "vegas-strip"
    finally:
        app.close()


# ---- the rules editor ----------------------------------------------------------------------

def _page(option: str) -> int:
    return next(i for i, (_, options) in enumerate(PAGES) if option in options)


@pytest.fixture
def editor(tmp_path: Path):
    made = _app(tmp_path, rules="infinite-deck")  # quick to price
    _to_setup(made)
    click(made, button(made, "edit").center)
    run_until(made, lambda: scene_name(made) == "RulesEditorScene")
    yield made
    made.close()


def test_stepping_the_start_onto_and_off_double_up_on_the_tournament_page_rebuilds_its_rows(editor):
    scene = top(editor)
    click(editor, button(editor, f"page{_page('tournament')}").center)
    names = [source for source, _ in scene.sources]
    for step in ("source+", "source-"):
        for _ in range(len(names) + 1):
            click(editor, button(editor, step).center)
            run(editor, 0.02)  # draws the page
            shown = {b.name for b in scene.buttons.buttons}
            on = scene.rules.tournament is not None
            assert ("tournament.bankroll+" in shown) == on and ("tournament.goal-" in shown) == on
            if names[scene.source] == "double-up":
                click(editor, button(editor, "tournament.goal+").center)  # the rows work, not only show
                assert scene.rules.tournament.goal == 25_000
    assert "double-up" in names


def test_a_refused_value_says_why_in_words_not_file_keys(editor):
    scene = top(editor)
    click(editor, button(editor, f"page{_page('even_money')}").center)
    tip = scene.buttons.by_name("even_money=1").tooltip
    assert tip == "Not allowed: Even money: even money is a form of insurance, so it needs Insurance: Yes"
    run(editor, 0.05)


def test_a_table_saved_from_a_preset_is_described_by_its_own_rules(editor, tmp_path):
    scene = top(editor)
    start = scene.rules.description
    click(editor, button(editor, f"page{_page('decks')}").center)
    click(editor, button(editor, "decks-").center)  # infinite to eight decks
    click(editor, button(editor, f"page{_page('dealer_hits_soft_17')}").center)
    click(editor, button(editor, "dealer_hits_soft_17=1").center)
    click(editor, scene.name.rect.center)
    type_text(editor, "Club")
    click(editor, button(editor, "save").center)
    saved = load_rules(str(tables_folder(tmp_path) / "Club.toml"))
    assert saved.decks == 8 and saved.dealer_hits_soft_17
    assert saved.description.startswith("Eight decks, dealer hits soft 17, no peek,")
    assert saved.description != start and "Instant Blackjack" not in saved.description
    press(editor, pygame.K_ESCAPE)
    run_until(editor, lambda: scene_name(editor) == "SetupScene")
    assert top(editor).rules.description == saved.description
