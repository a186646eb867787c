"""A table that fits: the canvas scales to any window, letterboxed, and clicks map through the scaling."""

from __future__ import annotations

import pygame
import pytest

from game import layout
from game.app import App
from game.presenter.models import CardSprite
from tests.test_game_helpers import chip, click, run, scene_name, top

SIZES = [(800, 600), (900, 600), (1280, 720), (1920, 1080), (2560, 1440), (1080, 1920)]


def resize(size: tuple[int, int]) -> None:
    """Change the window's size, as a person dragging its edge (or maximising) does."""
    pygame.display.set_mode(size, pygame.RESIZABLE)


def controls(app: App) -> list[pygame.Rect]:
    """Every visible button of the scene on top, and the chip rack."""
    rects = [b.rect for b in top(app).buttons.buttons if b.visible]  # type: ignore[attr-defined]
    return [*rects, layout.rack_rect(5)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_canvas_is_scaled_to_fit_the_window_whole_and_letterboxed(apps, size):
    app = apps()
    run(app, 0.2)
    resize(size)
    app.step()
    app.present()
    window = pygame.display.get_surface()
    assert window.get_size() == size
    view = layout.fit_rect(size)
    scale = min(size[0] / 1280, size[1] / 720)
    assert view.w == pytest.approx(1280 * scale, abs=1) and view.h == pytest.approx(720 * scale, abs=1)
    assert window.get_rect().contains(view) and view.center == pytest.approx(window.get_rect().center, abs=1)
    for rect in controls(app):  # the bankroll, the rack, Deal, Settings: all inside the window
        last = (rect.right - 1, rect.bottom - 1)
        corners = [layout.canvas_to_window(p, size) for p in (rect.topleft, last)]
        assert all(window.get_rect().collidepoint(c) for c in corners), (rect, corners)
    # What the window shows at a control is what the canvas has there (the picture is really drawn).
    deal = top(app).buttons.by_name("deal").rect  # type: ignore[attr-defined]
    for rect in (deal, layout.bankroll_rect(), layout.menu_button_rect()):
        corner = layout.canvas_to_window(rect.topleft, size)
        shown_rect = pygame.Rect(corner, (round(rect.w * scale), round(rect.h * scale)))
        shown = pygame.transform.average_color(window, shown_rect)
        drawn = pygame.transform.average_color(app.screen, rect)
        assert all(abs(a - b) <= 12 for a, b in zip(shown[:3], drawn[:3], strict=True)), (rect, shown, drawn)
    if view.size != size:  # the letterbox is black
        assert window.get_at((0, 0))[:3] == (0, 0, 0)
        assert window.get_at((size[0] - 1, size[1] - 1))[:3] == (0, 0, 0)


def test_a_large_window_is_not_left_at_one_to_one():
    view = layout.fit_rect((2560, 1440))
    assert view.size == (2560, 1440)
    assert layout.fit_rect((1920, 1080)).size == (1920, 1080)


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_clicks_in_a_scaled_window_land_on_the_button_shown_there(apps, size):
    app = apps()
    run(app, 0.2)
    resize(size)
    app.step()
    click(app, layout.canvas_to_window(chip(25), size))
    assert app.ctx.presenter.pending_bet == 2500, "the $25 chip was clicked"
    click(app, layout.canvas_to_window(layout.menu_button_rect().center, size))
    assert scene_name(app) == "SettingsScene"


def test_a_click_where_the_unscaled_canvas_had_the_button_misses_it_in_a_small_window(apps):
    app = apps()
    run(app, 0.2)
    resize((800, 600))
    app.step()
    click(app, layout.menu_button_rect().center)  # a window position: beyond the 800x600 window
    assert scene_name(app) != "SettingsScene"


def test_points_map_back_and_forth_through_the_scaling():
    for size in SIZES:
        for point in [(0, 0), (640, 360), (1279, 719), (17, 700), (1200, 30)]:
            back = layout.window_to_canvas(layout.canvas_to_window(point, size), size)
            assert back == pytest.approx(point, abs=1), (size, point)
    assert layout.window_to_canvas((3, 3), (800, 600)) == (4, 0), "a click on the bar goes to the edge"


def test_a_resized_window_is_shown_again_though_the_table_is_still(apps):
    app = apps()
    run(app, 0.2)
    assert app.window_changed() and not app.window_changed(), "shown once, then still"
    resize((900, 600))
    assert app.window_changed() and not app.window_changed()
    pygame.event.post(pygame.event.Event(pygame.VIDEOEXPOSE))
    app.step()
    assert app.window_changed(), "a window that lost its picture is shown again"


def test_fullscreen_takes_the_desktop_and_comes_back_to_the_window(apps, monkeypatch):
    app = apps()
    resize((900, 600))
    modes: list[tuple[tuple[int, int], int]] = []
    set_mode = pygame.display.set_mode

    def record(size, flags=0, *args, **kwargs):
        modes.append((tuple(size), flags))
        return set_mode(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", record)
    app.toggle_fullscreen()
    assert app.fullscreen and app.window_size == pygame.display.get_desktop_sizes()[0]
    app.toggle_fullscreen()
    assert not app.fullscreen
    # (SDL's dummy driver keeps the full size; under X11 the window is 900x600 again.)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert modes == [(desktop, pygame.FULLSCREEN), ((900, 600), pygame.RESIZABLE)]
    app.step()
    app.present()


def sharpness(
    app: App, size: tuple[int, int], card: CardSprite, place: tuple[float, float]
) -> tuple[float, float]:
    """How close the window's picture of a card lying at `place` on the canvas is to its art drawn at the
    window's scale, and how close the canvas merely scaled up is (mean color distance; lower is closer)."""
    view = layout.fit_rect(size)
    scale = view.w / 1280
    at = view.x + round(round(place[0]) * scale), view.y + round(round(place[1]) * scale)
    w, h = layout.CARD_SIZE
    art = app.assets.card(card.code, (round(w * scale), round(h * scale)))
    inner = pygame.Rect(5, 8, 14, 36)  # the index (rank, suit): clear of the corner, the next card, the badge
    shown = pygame.display.get_surface().subsurface(inner.move(at))
    upscaled = pygame.transform.smoothscale(app.screen, view.size).subsurface(
        inner.move(at[0] - view.x, at[1] - view.y)
    )
    drawn = art.subsurface(inner)

    def distance(a: pygame.Surface, b: pygame.Surface) -> float:
        total, count = 0, 0
        for i in range(0, a.get_width(), 2):
            for j in range(0, a.get_height(), 2):
                pa, pb = a.get_at((i, j)), b.get_at((i, j))
                total += abs(pa.r - pb.r) + abs(pa.g - pb.g) + abs(pa.b - pb.b)
                count += 1
        return total / count

    return distance(shown, drawn), distance(upscaled, drawn)


def dealt(app: App, size: tuple[int, int]) -> None:
    """Bet $25 and deal, clicking through the scaled window, and let the cards land."""
    click(app, layout.canvas_to_window(chip(25), size))
    click(app, layout.canvas_to_window(top(app).buttons.by_name("deal").rect.center, size))  # type: ignore[attr-defined]
    run(app, 1.0)
    app.present()


def dealer_card(app: App) -> tuple[CardSprite, tuple[float, float]]:
    """The dealer's up card and where it lies."""
    p = app.ctx.presenter
    return p.dealer[0], p.card_place(p.dealer[0], p.dealer_target(0))


def player_card(app: App) -> tuple[CardSprite, tuple[float, float]]:
    """The player's first card and where it lies (drawn at its place, in the seat's cached layer)."""
    p = app.ctx.presenter
    x, y, _, _ = p.card_target(0, 0, 0)
    return p.seats[0].hands[0].cards[0], (x, y)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cards_in_a_large_window_are_drawn_from_their_art_not_blown_up(apps, size):
    app = apps()
    run(app, 0.2)
    resize(size)
    dealt(app, size)
    for card, place in (dealer_card(app), player_card(app)):
        sharp, blown_up = sharpness(app, size, card, place)
        assert sharp < 3 and blown_up > 2 * max(sharp, 1.5), (card.code, sharp, blown_up)


def test_a_card_under_a_dialog_is_not_drawn_over_it(apps):
    size = (2560, 1440)
    app = apps()
    run(app, 0.2)
    resize(size)
    dealt(app, size)
    click(app, layout.canvas_to_window(layout.menu_button_rect().center, size))
    assert scene_name(app) == "SettingsScene"
    app.present()
    for card, place in (dealer_card(app), player_card(app)):
        sharp, _ = sharpness(app, size, card, place)
        assert sharp > 40, "the veiled card shows as the veiled canvas, not as the bright art"
