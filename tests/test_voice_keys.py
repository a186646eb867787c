"""Choosing keys: the key table with the player's choices, the clash check, the reset, the Keys screen
(reached from the settings), the saved choice surviving a restart and a hand-edited file."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import App
from game.intents import (
    KEY_INTENTS,
    REMAPPABLE,
    IntentKind,
    KeyClashError,
    key_help,
    key_table,
    rebind,
    to_intent,
)
from game.settings import Settings, load_settings, save_settings
from tests.test_game_helpers import (
    button,
    click,
    make_app,
    press,
    run,
    run_until,
    scene_name,
    top,
    wait_for_player,
)

HIT = (IntentKind.HIT, None)


@pytest.fixture(autouse=True)
def video() -> None:
    """Key names are SDL's, read once its video part is up (as it is in the game)."""
    pygame.display.init()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_a_remapped_action_takes_its_new_key_and_loses_its_old_one():
    table = key_table({"HIT": "g"})
    assert table[pygame.K_g] == HIT and pygame.K_h not in table
    assert to_intent(key(pygame.K_g), lambda p: p, keys=table).kind is IntentKind.HIT
    assert to_intent(key(pygame.K_h), lambda p: p, keys=table).kind is IntentKind.KEY
    assert ("G", "hit") in key_help(table)


def test_while_a_field_takes_typing_the_editing_keys_keep_their_usual_meaning_whatever_was_chosen():
    table = key_table({"CONFIRM": "g", "BACK": "x"})
    assert to_intent(key(pygame.K_RETURN), lambda p: p, keys=table).kind is IntentKind.KEY
    assert to_intent(key(pygame.K_RETURN), lambda p: p, keys=table, text_mode=True).kind is IntentKind.CONFIRM
    assert to_intent(key(pygame.K_ESCAPE), lambda p: p, keys=table, text_mode=True).kind is IntentKind.BACK


def test_a_key_that_already_does_something_else_is_refused_naming_what_it_does():
    with pytest.raises(KeyClashError, match="S is already the key to stand"):
        rebind({}, HIT, pygame.K_s)
    with pytest.raises(KeyClashError, match="G is already the key to hit"):
        rebind({"HIT": "g"}, (IntentKind.STAND, None), pygame.K_g)
    assert rebind({}, HIT, pygame.K_h) == {"HIT": "h"}, "an action's own key is no clash"
    assert rebind({"STAND": "x"}, HIT, pygame.K_s) == {"STAND": "x", "HIT": "s"}, "S was freed by the move"


def test_every_action_of_the_key_table_can_be_remapped_and_the_defaults_have_no_clash():
    assert set(REMAPPABLE) == set(KEY_INTENTS.values())
    assert key_table({}) == KEY_INTENTS


def test_a_hand_edited_choice_naming_no_action_or_no_key_is_skipped():
    assert key_table({"FLY": "g", "HIT": "no such key"}) == KEY_INTENTS


def test_the_choices_are_saved_and_a_bad_keys_setting_is_reset_with_a_sentence(tmp_path):
    path = tmp_path / "settings.json"
    assert save_settings(Settings(keys={"HIT": "g"}), path) is None
    settings, note = load_settings(path)
    assert settings.keys == {"HIT": "g"} and note is None
    for bad in ([1, 2], {"HIT": 3}, {"HIT": "g" * 500}):
        path.write_text(json.dumps({"keys": bad, "voice": True}))
        settings, note = load_settings(path)
        assert settings.keys == {} and settings.voice
        assert note == "Some settings were invalid and were reset: keys."


def test_the_keys_screen_binds_a_new_key_refuses_a_clash_and_resets(tmp_path):
    app = App(seed=5, settings=Settings(speed="instant", sound=False), start="betting", settings_dir=tmp_path)
    try:
        run(app, 0.05)
        press(app, pygame.K_o)
        run_until(app, lambda: scene_name(app) == "SettingsScene")
        click(app, button(app, "keys").center)
        run_until(app, lambda: scene_name(app) == "KeysScene")
        keys = top(app)
        assert REMAPPABLE[keys.chosen] == HIT
        press(app, pygame.K_RETURN)
        assert keys.listening
        press(app, pygame.K_s)  # Stand's key
        assert "S is already the key to stand" in keys.problem and app.ctx.settings.keys == {}
        press(app, pygame.K_RETURN)
        press(app, pygame.K_g)
        assert app.ctx.settings.keys == {"HIT": "g"}
        assert load_settings(tmp_path / "settings.json")[0].keys == {"HIT": "g"}, "saved at once"
        press(app, pygame.K_DOWN)
        assert REMAPPABLE[keys.chosen] == (IntentKind.STAND, None)
        press(app, pygame.K_RETURN)
        press(app, pygame.K_ESCAPE)  # stops listening, changes nothing
        assert not keys.listening and scene_name(app) == "KeysScene"
        press(app, pygame.K_UP)
        press(app, pygame.K_BACKSPACE)  # Hit's default back
        assert app.ctx.settings.keys == {}
        press(app, pygame.K_RETURN)
        press(app, pygame.K_g)
        click(app, button(app, "reset").center)
        assert app.ctx.settings.keys == {}
        press(app, pygame.K_ESCAPE)
        run_until(app, lambda: scene_name(app) == "SettingsScene")
    finally:
        app.close()


def test_a_remapped_key_plays_at_the_table_and_the_old_one_does_not():
    app = make_app("9 6 7 T 5 T")
    try:
        app.ctx.change_settings(app.ctx.settings.with_changes(keys={"HIT": "g"}))
        run(app, 0.05)
        press(app, pygame.K_2)
        press(app, pygame.K_2)
        press(app, pygame.K_RETURN)
        wait_for_player(app)
        press(app, pygame.K_h)
        run(app, 0.1)
        assert len(app.ctx.round.hands(0)[0].cards) == 2, "H no longer hits"
        press(app, pygame.K_g)
        run_until(app, lambda: len(app.ctx.round.hands(0)[0].cards) == 3)
    finally:
        app.close()


def test_how_to_play_lists_the_keys_as_chosen_the_voice_keys_and_the_pads_buttons():
    app = make_app(start="title")
    try:
        app.ctx.change_settings(app.ctx.settings.with_changes(keys={"HIT": "g"}))
        run(app, 0.05)
        click(app, button(app, "howto").center)
        run_until(app, lambda: scene_name(app) == "HowToPlayScene")
        text = top(app).text()
        assert "G: hit" in text and "H: hit" not in text
        assert "F1: say the last sentence again" in text and "Period, Comma: next or previous control" in text
        assert "Pad A: hit; take the offer (insurance, even money); deal, continue" in text
    finally:
        app.close()
