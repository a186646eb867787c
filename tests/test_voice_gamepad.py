"""A gamepad through SDL's controller events (posted as a pad would send them): betting, playing,
answering an offer and using the menus, with the pad's buttons drawn on the buttons they press."""

from __future__ import annotations

import pygame

from game.focus import PAD_COLORS, pad_glyphs
from game.intents import IntentKind, pad_binding
from tests.test_game_helpers import button, make_app, run, run_until, scene_name, step, top, wait_for_player


def pad(app, which: int) -> None:
    """Press a pad button, as SDL reports it; then run one frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=which, instance_id=0))
    step(app)


def test_a_pad_button_means_the_first_of_its_choices_the_screen_shows_a_button_for():
    shown = {IntentKind.YES, IntentKind.NO}.__contains__
    assert pad_binding(pygame.CONTROLLER_BUTTON_A, shown) == (IntentKind.YES, None)
    assert pad_binding(pygame.CONTROLLER_BUTTON_A, lambda kind: False) == (IntentKind.CONFIRM, None)
    assert pad_binding(pygame.CONTROLLER_BUTTON_LEFTSHOULDER, lambda kind: False) == (IntentKind.BET_ADD, 0)
    assert pad_binding(pygame.CONTROLLER_BUTTON_GUIDE, lambda kind: True) is None


def test_the_pad_bets_deals_and_plays_a_hand(apps):
    app = apps("9 6 7 T 5 T")  # 16 against a 6
    run(app, 0.05)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # the $5 chip
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # the $1 chip
    assert top(app).amount == 1100
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Deal
    wait_for_player(app)
    assert app.ctx.round.bet(0) == 1100
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Hit: the 5 makes 21
    run_until(app, lambda: app.ctx.round.is_over)
    assert len(app.ctx.round.hands(0)[0].cards) == 3, "A hit"


def test_b_stands_at_the_table(apps):
    app = apps("9 6 7 T 5 T")
    run(app, 0.05)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    wait_for_player(app)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    run_until(app, lambda: app.ctx.round.is_over)
    assert len(app.ctx.round.hands(0)[0].cards) == 2, "B stood on 16"


def test_x_doubles_at_the_table(apps):
    app2 = apps("5 6 6 T T T")  # 11 against a 6
    run(app2, 0.05)
    pad(app2, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app2, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app2, pygame.CONTROLLER_BUTTON_A)
    wait_for_player(app2)
    pad(app2, pygame.CONTROLLER_BUTTON_X)
    run_until(app2, lambda: app2.ctx.round.is_over)
    assert app2.ctx.round.hands(0)[0].stake == 2000, "X doubled the $10"


def test_a_answers_yes_to_insurance_when_the_screen_asks(apps):
    app = apps("T A 9 T 5")  # the dealer shows an ace (and has blackjack)
    run(app, 0.05)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run_until(app, lambda: scene_name(app) == "PlayerTurnScene" and app.ctx.presenter.idle
              and app.ctx.round.decision is not None)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    run_until(app, lambda: app.ctx.round.is_over)
    assert app.ctx.round.insurance(0) == 500


def test_start_opens_the_settings_the_d_pad_moves_the_focus_a_presses_it_and_b_closes(apps):
    app = apps("9 6 7 T 5 T")
    run(app, 0.05)
    pad(app, pygame.CONTROLLER_BUTTON_START)
    run_until(app, lambda: scene_name(app) == "SettingsScene")
    target = top(app).buttons.by_name("sound+")
    for _ in range(40):
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        if app.focus.current(top(app)) is target:
            break
    assert target.hover, "the focused button lights up as under the pointer"
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.ctx.settings.sound, "A pressed the focused > of Sound"
    app.focus.drop()
    pad(app, pygame.CONTROLLER_BUTTON_B)
    run_until(app, lambda: scene_name(app) == "BettingScene")


def test_the_pads_buttons_are_drawn_on_the_buttons_they_press_while_the_pad_is_in_use(apps):
    app = apps("9 6 7 T 5 T")
    run(app, 0.05)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    wait_for_player(app)
    glyphs = {b.name: name for b, name in pad_glyphs(top(app))}
    assert glyphs == {"hit": "A", "stand": "B", "double": "X", "split": "Y", "surrender": "LB",
                      "menu": "Start"}
    assert app.pad_in_use
    step(app)
    hit = button(app, "hit")
    corner = (hit.right - 11 + 4 - 8, hit.top + 11 - 4)  # left of the glyph's letter, inside its disc
    assert tuple(app.screen.get_at(corner))[:3] == PAD_COLORS["A"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    assert not app.pad_in_use
    assert tuple(app.screen.get_at(corner))[:3] != PAD_COLORS["A"], "the mouse in use: no pad glyphs"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)


def test_a_game_without_any_pad_plugged_in_starts_and_a_pad_unplugged_is_forgotten():
    app = make_app("9 6 7 T 5 T")
    try:
        assert app.pads == {}
        app.pad_in_use = True
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=3))
        step(app)
        assert not app.pad_in_use
    finally:
        app.close()
