"""The rules editor, clicked as a person would: options change, the house edge is the one `blackjack
odds` gives, a contradiction cannot be chosen and says why, a bad name writes nothing, and a saved
table is listed by a new game on the same folder and played."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from blackjack.cli import main
from engine import load_rules
from engine.rule_words import OPTION_CHOICES
from engine.tables import tables_folder
from game.app import App
from game.scenes.rules_editor import PAGES
from game.settings import Settings
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    click,
    press,
    run,
    run_until,
    scene_name,
    top,
    type_text,
    wait_for_player,
)


def _page(option: str) -> int:
    return next(i for i, (_, options) in enumerate(PAGES) if option in options)


def choose(app: App, option: str, value: object) -> None:
    """Open the option's page and click the button of that value."""
    click(app, button(app, f"page{_page(option)}").center)
    click(app, button(app, f"{option}={OPTION_CHOICES[option].index(value)}").center)


@pytest.fixture
def editor(tmp_path: Path):
    settings = Settings(speed="instant", sound=False, rules="infinite-deck")  # quick to price
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=4)
    run(made, 0.05)
    click(made, button(made, "play").center)
    run_until(made, lambda: scene_name(made) == "SetupScene")
    click(made, button(made, "edit").center)
    run_until(made, lambda: scene_name(made) == "RulesEditorScene")
    yield made
    if made.stack.scenes:  # a test may have closed it to open a new game on the folder
        made.close()


def test_clicked_options_change_the_rules_and_the_edge_is_what_blackjack_odds_says(
    editor, tmp_path, capsys, monkeypatch
):
    scene = top(editor)
    choose(editor, "dealer_hits_soft_17", True)
    choose(editor, "surrender", "late")
    click(editor, button(editor, f"page{_page('max_hands')}").center)
    click(editor, button(editor, "max_hands-").center)  # no limit -> 4 hands
    assert scene.rules.max_hands == 4 and scene.rules.dealer_hits_soft_17
    assert scene.rules.surrender.value == "late"
    run(editor, 0.05)
    shown, fresh = scene.edge_text()
    assert fresh
    click(editor, scene.name.rect.center)
    type_text(editor, "Mine")
    press(editor, pygame.K_RETURN)
    assert "Saved" in scene.message
    monkeypatch.setenv("BLACKJACK_DATA_DIR", str(tmp_path))
    capsys.readouterr()
    assert main(["odds", "--rules", "Mine"]) == 0
    assert f"house edge {shown} with basic strategy" in capsys.readouterr().out


def test_each_other_value_shows_what_it_would_do_to_the_edge(editor):
    from engine.odds.effects import rule_effects

    scene = top(editor)
    click(editor, button(editor, f"page{_page('dealer_hits_soft_17')}").center)
    scene.effects.job.result(timeout=120)
    run(editor, 0.05)
    expected = next(rule_effects(scene.rules, ["dealer_hits_soft_17"]))
    assert scene.effect_text("dealer_hits_soft_17", True) == (
        f"{expected.house_edge_change * 100:+.2f}%", True
    )
    choose(editor, "dealer_hits_soft_17", True)
    text, fresh = scene.effect_text("dealer_hits_soft_17", False)
    assert fresh or text.endswith("…"), "a figure not yet priced for the new rules is marked"


def test_a_contradiction_cannot_be_chosen_and_the_control_says_why(editor):
    scene = top(editor)
    assert not scene.rules.insurance
    click(editor, button(editor, f"page{_page('even_money')}").center)
    yes = button(editor, "even_money=1")
    control = scene.buttons.by_name("even_money=1")
    assert not control.enabled
    assert "even money is a form of insurance" in control.tooltip
    click(editor, yes.center)
    assert not scene.rules.even_money, "a disabled control changes nothing"
    choose(editor, "insurance", True)
    assert scene.buttons.by_name("even_money=1").enabled


@pytest.mark.parametrize(("name", "says"), [("con", "keep for devices"), ("vegas-strip", "preset's id"),
                                            ("a/b", "cannot hold /"), ("", "Give the table a name.")])
def test_a_bad_name_shows_its_sentence_in_place_and_writes_nothing(editor, tmp_path, name, says):
    scene = top(editor)
    click(editor, scene.name.rect.center)
    if name:
        type_text(editor, name)
    press(editor, pygame.K_RETURN)
    assert says in scene.message and not scene.message_ok
    folder = tables_folder(tmp_path)
    assert not folder.exists() or not any(folder.iterdir())


def test_a_saved_table_is_chosen_at_setup_played_and_listed_by_a_new_game(editor, tmp_path):
    scene = top(editor)
    choose(editor, "dealer_hits_soft_17", True)
    click(editor, scene.name.rect.center)
    type_text(editor, "House special")
    click(editor, button(editor, "save").center)
    path = str(tables_folder(tmp_path) / "House special.toml")
    press(editor, pygame.K_ESCAPE)
    run_until(editor, lambda: scene_name(editor) == "SetupScene")
    setup = top(editor)
    assert setup.rules_id == path and path in setup.presets and setup.rules.dealer_hits_soft_17
    click(editor, setup.rows[0].field.rect.center)
    type_text(editor, "Ann")
    click(editor, button(editor, "play").center)
    run_until(editor, lambda: scene_name(editor) == "BettingScene")
    assert editor.ctx.session.rules.name == "House special"
    bet_and_deal(editor, 25)
    run_until(editor, lambda: editor.ctx.round.is_over or scene_name(editor) == "PlayerTurnScene")
    if not editor.ctx.round.is_over:
        wait_for_player(editor)
        click(editor, button(editor, "stand").center)
    run_until(editor, lambda: editor.ctx.round.is_over)
    editor.close()
    again = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False))
    try:
        assert path in again.ctx.saved_table_ids()
        assert load_rules("House special", tables=tables_folder(tmp_path)).dealer_hits_soft_17
    finally:
        again.close()


def test_settings_opens_the_editor_between_rounds_only(tmp_path):
    settings = Settings(speed="instant", sound=False, rules="infinite-deck")
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=4, start="betting")
    try:
        run(made, 0.05)
        press(made, pygame.K_o)
        assert scene_name(made) == "SettingsScene" and top(made).buttons.by_name("edit").enabled
        press(made, pygame.K_ESCAPE)
        bet_and_deal(made, 25)
        run_until(made, lambda: made.ctx.round.is_over or scene_name(made) == "PlayerTurnScene")
        if made.ctx.round.is_over:
            pytest.skip("the round ended at the deal")
        press(made, pygame.K_o)
        edit = top(made).buttons.by_name("edit")
        assert not edit.enabled and edit.tooltip == "Edit the rules between rounds: a round is in play."
        click(made, edit.rect.center)
        assert scene_name(made) == "SettingsScene"
    finally:
        made.close()


def test_a_tournament_is_switched_on_its_goal_stepped_and_it_saves_and_loads_back(editor, tmp_path):
    from engine import Tournament

    scene = top(editor)
    click(editor, button(editor, f"page{_page('tournament')}").center)
    assert scene.rules.tournament is None
    assert "tournament.goal+" not in [b.name for b in scene.buttons.buttons]
    click(editor, button(editor, "tournament=1").center)
    assert scene.rules.tournament == load_rules("double-up").tournament
    lower = scene.buttons.by_name("tournament.goal-")
    assert not lower.enabled and "the goal must be more than the starting bankroll" in lower.tooltip
    click(editor, lower.rect.center)
    click(editor, button(editor, "tournament.goal+").center)
    assert scene.rules.tournament == Tournament(bankroll=10_000, goal=25_000)
    click(editor, scene.name.rect.center)
    type_text(editor, "Cup")
    click(editor, button(editor, "save").center)
    path = tables_folder(tmp_path) / "Cup.toml"
    assert "[tournament]" in path.read_text(encoding="utf-8")
    assert load_rules(str(path)) == scene.rules and scene.rules.tournament.goal == 25_000
    assert "not chosen for the next table" in scene.message
    click(editor, button(editor, "tournament=0").center)
    assert scene.rules.tournament is None
    assert "tournament.goal+" not in [b.name for b in scene.buttons.buttons]


def _save_as(app: App, name: str) -> None:
    scene = top(app)
    click(app, scene.name.rect.center)
    for _ in scene.name.text:
        press(app, pygame.K_BACKSPACE)
    type_text(app, name)
    click(app, button(app, "save").center)


def test_saving_over_a_saved_table_asks_and_cancel_enter_and_esc_leave_the_file_as_it_was(editor, tmp_path):
    scene = top(editor)
    _save_as(editor, "Mine")
    path = tables_folder(tmp_path) / "Mine.toml"
    before = path.read_bytes()
    choose(editor, "dealer_hits_soft_17", True)
    for answer in ("cancel", pygame.K_RETURN, pygame.K_ESCAPE):
        _save_as(editor, "Mine")
        assert scene.replacing == "Mine"
        if isinstance(answer, str):
            click(editor, scene.question.by_name(answer).rect.center)
        else:
            press(editor, answer)
        assert scene.replacing is None and "Not saved" in scene.message
        assert path.read_bytes() == before
    assert scene_name(editor) == "RulesEditorScene", "Esc answered the question and left the editor open"


def test_replace_saves_the_new_rules_over_the_saved_table(editor, tmp_path):
    scene = top(editor)
    _save_as(editor, "Mine")
    choose(editor, "dealer_hits_soft_17", True)
    _save_as(editor, "Mine")
    click(editor, scene.question.by_name("replace").rect.center)
    assert scene.replacing is None and "Saved" in scene.message
    assert load_rules("Mine", tables=tables_folder(tmp_path)).dealer_hits_soft_17
