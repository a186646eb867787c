"""Text size, high contrast and reduced motion: each is saved, shown in Settings and applied."""

from __future__ import annotations

import itertools
import json

import pygame
import pytest

import sprites
from engine import StackedShoe
from game import layout, tween
from game.app import App
from game.assets import Assets
from game.intents import Intent, IntentKind
from game.settings import Settings, load_settings, save_settings
from game.widgets import CREAM
from tests.test_game_helpers import bet_and_deal, button, click, run, run_until, step, top, wait_for_player


@pytest.fixture(autouse=True)
def _look_back() -> None:
    """Motion and the decision buttons' size are module settings: later tests get the defaults back."""
    yield
    tween.reduce_motion(False)
    layout.scale_controls(1.0)


def open_settings(app: App) -> None:
    """Open the Settings dialog over the table."""
    app.post(Intent(IntentKind.MENU))
    step(app)
    assert type(top(app)).__name__ == "SettingsScene"


def saved(app: App) -> dict[str, object]:
    """What settings.json holds now."""
    return json.loads(app.ctx.settings_file.read_text(encoding="utf-8"))


def test_the_three_settings_survive_a_save_and_a_load(tmp_path):
    path = tmp_path / "settings.json"
    chosen = Settings(ui_scale=1.25, high_contrast=True, reduced_motion=True)
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)


@pytest.mark.parametrize("bad", [3.0, 0, "1.25", True, None])
def test_a_text_size_that_is_not_a_choice_is_reset_and_named(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ui_scale": bad, "high_contrast": True}), encoding="utf-8")
    settings, note = load_settings(path)
    assert settings.ui_scale == 1.0 and settings.high_contrast
    assert note is not None and "ui_scale" in note


def test_a_whole_number_text_size_from_json_is_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"ui_scale": 1}', encoding="utf-8")
    assert load_settings(path) == (Settings(ui_scale=1.0), None)


def test_settings_shows_the_three_rows_inside_its_panel(apps):
    app = apps()
    open_settings(app)
    scene = top(app)
    assert [scene.value_text(r) for r in ("text", "contrast", "motion")] == [  # type: ignore[attr-defined]
        "100%", "Standard", "Cards fly",
    ]
    for name in ("text-", "text+", "contrast+", "motion+", "done"):
        assert pygame.Rect((0, 0), layout.CANVAS_SIZE).contains(button(app, name))
    columns = (("rules", "speed", "sound", "volume", "deck", "casino"),
               ("language", "currency", "voice", "text", "contrast", "motion"))
    for column in columns:
        rows = [button(app, f"{r}+") for r in column]
        assert all(a.bottom <= b.top for a, b in itertools.pairwise(rows)), "rows do not overlap"
        assert rows[-1].bottom < button(app, "done").top


def test_text_size_is_saved_and_draws_text_larger(apps):
    app = apps()
    before = app.assets.text("Hit", 24, CREAM, bold=True).get_height()
    open_settings(app)
    click(app, button(app, "text+").center)
    assert app.ctx.settings.ui_scale == 1.1 and saved(app)["ui_scale"] == 1.1
    click(app, button(app, "text+").center)
    assert app.ctx.settings.ui_scale == 1.25 and saved(app)["ui_scale"] == 1.25
    assert top(app).value_text("text") == "125%"  # type: ignore[attr-defined]
    assert app.assets.ui_scale == 1.25
    assert app.assets.text("Hit", 24, CREAM, bold=True).get_height() > before * 1.15


def test_high_contrast_is_saved_and_darkens_the_felt_and_whitens_the_text(apps):
    app = apps()
    felt = pygame.transform.average_color(app.assets.image(sprites.FELT_FILE))
    open_settings(app)
    click(app, button(app, "contrast+").center)
    assert app.ctx.settings.high_contrast and saved(app)["high_contrast"] is True
    assert top(app).value_text("contrast") == "High contrast"  # type: ignore[attr-defined]
    dark = pygame.transform.average_color(app.assets.image(sprites.FELT_FILE))
    assert sum(dark[:3]) < 0.5 * sum(felt[:3])
    label = app.assets.text("Stand", 30, CREAM, bold=True)
    pixels = [label.get_at((x, y)) for x in range(label.get_width()) for y in range(label.get_height())]
    brightest = max(pixels, key=lambda c: c.a)
    assert brightest[:3] == (255, 255, 255), "cream text is drawn white"


def test_reduced_motion_is_saved_and_cards_appear_where_they_land(apps):
    app = apps(speed="normal")
    open_settings(app)
    click(app, button(app, "motion+").center)
    assert app.ctx.settings.reduced_motion and saved(app)["reduced_motion"] is True
    assert top(app).value_text("motion") == "Reduced motion"  # type: ignore[attr-defined]
    app.post(Intent(IntentKind.BACK))
    step(app)
    between, dealt = in_between_places(app)
    assert dealt >= 4 and between == 0


def test_without_reduced_motion_cards_fly(apps):
    app = apps(speed="normal")
    between, dealt = in_between_places(app)
    assert dealt >= 4 and between > 0


def in_between_places(app: App) -> tuple[int, int]:
    """Deal a round: how often a player's card was drawn between the shoe and its place; the most cards."""
    bet_and_deal(app, 25)
    seen = dealt = 0
    p = app.ctx.presenter
    for _ in range(200):  # the chips slide in first, then four cards are dealt
        run(app, 1 / 60)
        dealt = max(dealt, sum(len(hand.cards) for seat in p.seats for hand in seat.hands) + len(p.dealer))
        for seat in range(len(p.seats)):
            for h, hand in enumerate(p.seats[seat].hands):
                for i, card in enumerate(hand.cards):
                    target = p.card_target(seat, h, i)
                    at = p.card_place(card, target)
                    home = (target[0] + card.jitter[0], target[1] + card.jitter[1])
                    if at != pytest.approx(card.start) and at != pytest.approx(home):
                        seen += 1
    return seen, dealt


def test_the_look_is_applied_when_the_game_opens():
    app = App(seed=1, settings=Settings(sound=False, ui_scale=1.1, high_contrast=True, reduced_motion=True))
    try:
        assert (app.assets.ui_scale, app.assets.high_contrast) == (1.1, True)
        assert tween.ease_out(0.05) == 1.0 and tween.ease_out(0.0) == 0.0
    finally:
        app.close()
    assert Assets().ui_scale == 1.0


def test_a_larger_text_size_makes_the_decision_buttons_larger_within_the_rail():
    settings = Settings(speed="instant", sound=False, ui_scale=1.25)
    app = App(seed=5, shoe=StackedShoe("T 6 9 T 4"), settings=settings, start="betting")
    try:
        bet_and_deal(app, 25)
        wait_for_player(app)
        names = ["hit", "stand", "double", "split", "surrender"]
        rects = [button(app, name) for name in names]
        assert all(r.w > 134 * 1.2 and r.h > 58 for r in rects), rects
        assert all(a.right < b.left for a, b in itertools.pairwise(rects)), "no two overlap"
        assert rects[0].left > layout.bankroll_rect().right and rects[-1].right < button(app, "hint").left
        assert all(layout.rail_rect().contains(r) for r in rects)
        click(app, button(app, "stand").center)
        run_until(app, lambda: app.ctx.round.is_over)
        assert app.ctx.session.table.bankroll(0) == 97_500, "the click stood: 19 loses to the dealer's 20"
    finally:
        app.close()
