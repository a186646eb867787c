"""The table's still layer (issue 23): what did not move is drawn once and kept between frames, so it must
never show an old card, bankroll, count or caption. Each test draws the table with the kept layer and with
a fresh `TableView` (nothing kept) and holds the two to the same pixels."""

from __future__ import annotations

import random
from contextlib import contextmanager

import pygame
import pytest

from engine import Card, StackedShoe
from engine.cards import FULL_DECK
from engine.i18n import language, use_language
from game import layout
from game.app import App
from game.assets import NotingSurface
from game.autoplay import ScriptedPolicy
from game.presenter import Presenter
from game.presenter.models import Point
from game.settings import Settings
from game.table_view import GOLD, TableView
from tests.test_game_helpers import scene_name

SEATS = 4


class SplitShoe(StackedShoe):
    """Every seat is dealt a pair of eights (the scripted bots split them), the dealer a 6 and a ten; then
    six shuffled decks. The cards dealt go to the discard tray."""

    def __init__(self) -> None:
        rest: list[Card | str] = [card for _deck in range(6) for card in FULL_DECK]
        random.Random(23).shuffle(rest)
        first = ["8S"] * SEATS + ["6H"] + ["8D"] * SEATS + ["TC"]
        super().__init__([*first, *rest])
        self.size = len(first) + len(rest)

    @property
    def discarded(self) -> int:
        """The cards dealt so far (the table shows this many in the tray)."""
        return self.size - self.remaining


def table_app(**settings: object) -> App:
    """Four scripted bots at a table playing at normal speed from the betting scene."""
    return App(seed=23, seats=SEATS, autoplay=True, settings=Settings(sound=False, **settings),  # type: ignore[arg-type]
               shoe=SplitShoe(), bots={seat: ScriptedPolicy() for seat in range(SEATS)}, start="betting")


Noted = list[tuple[int, tuple[int, int, int, int]]]


def drawn(view: TableView, app: App, noting: bool = True) -> tuple[bytes, Noted]:
    """The table as `view` draws it now: its pixels, and the card and chip sprites noted on it (any order;
    none unless `noting`, as in a window no larger than the canvas)."""
    surface = NotingSurface(layout.CANVAS_SIZE, app.assets, like=app.screen)
    surface.noting = noting
    view.draw(surface, app.ctx.presenter, app.ctx.session.rules)
    notes = sorted((id(sprite), (rect.x, rect.y, rect.w, rect.h)) for sprite, rect in surface.notes)
    return pygame.image.tobytes(surface, "RGB"), notes


def assert_fresh(app: App, when: str, noting: bool = True) -> None:
    """The kept layers draw what a view with nothing kept draws."""
    kept, kept_notes = drawn(app.ctx.view, app, noting)
    view = TableView(app.assets)
    view._pointed, view._pointed_at = app.ctx.view._pointed, app.ctx.view._pointed_at  # the pointer's bob
    fresh, fresh_notes = drawn(view, app, noting)
    assert kept == fresh, f"the kept table differs from a fresh drawing {when}"
    assert kept_notes == fresh_notes, f"the kept table notes other sprites than a fresh drawing {when}"


@pytest.mark.parametrize("settings", [{}, {"casino": True, "high_contrast": True, "ui_scale": 1.25}])
def test_the_kept_table_matches_a_fresh_drawing_through_a_round_with_splits(settings):
    app = table_app(**settings)
    try:
        seen: set[str] = set()
        frame = most_hands = 0
        while "PayoutScene" not in seen or scene_name(app) != "DealingScene":
            app.step()
            app.use_spare_time()
            frame += 1
            assert frame < 60 * 90, "the round did not end"
            seen.add(scene_name(app))
            most_hands = max(most_hands, *(len(seat.hands) for seat in app.ctx.presenter.seats))
            if frame % 15 == 0 or (scene_name(app) == "PayoutScene" and frame % 5 == 0):  # stale stays stale
                assert_fresh(app, f"at frame {frame} ({scene_name(app)})")
        for frame in range(40):  # into the next deal: the tray holds the first round's cards, the shoe fewer
            app.step()
            if frame % 2:
                assert_fresh(app, f"dealing the second round ({scene_name(app)})")
        assert {"PlayerTurnScene", "DealerTurnScene", "PayoutScene"} <= seen
        assert most_hands >= 2, "no seat split"
        assert app.ctx.presenter.discarded > 0
    finally:
        app.close()


def seat_on_the_canvas(view: TableView, app: App, seat: int) -> pygame.Surface:
    """The seat's settled look drawn in place on a transparent canvas, as if it had no layer of its own."""
    canvas = pygame.Surface(layout.CANVAS_SIZE, pygame.SRCALPHA)
    ring, pieces = view.seat_pieces(app.ctx.presenter, seat)
    if ring is not None:
        pygame.draw.ellipse(canvas, GOLD, ring, 4)
    for image, at in pieces:
        canvas.blit(image, at)
    return canvas


def run_length(surface: pygame.Surface) -> bytes:
    """The pixels of `surface` once run-length encoded, as a seat layer is (no colour where wholly
    transparent)."""
    encoded = surface.copy()
    encoded.set_alpha(255, pygame.RLEACCEL)
    pygame.Surface((1, 1)).convert().blit(encoded, (0, 0))  # the first blit encodes it
    return pygame.image.tobytes(encoded, "RGBA")


def test_a_seat_layer_holds_the_seat_as_drawn_on_the_canvas_pixel_for_pixel():
    app = table_app()
    try:
        p, view = app.ctx.presenter, app.ctx.view
        compared = 0
        for frame in range(60 * 40):
            app.step()
            app.use_spare_time()  # a landing card's look is drawn ahead: a layer then shows it copied in
            if scene_name(app) == "DealingScene" and frame > 600:
                break
            if frame % 20:
                continue
            for seat in range(len(p.seats)):
                part = view.seat_layer(p, seat, [])
                if part is None:
                    continue
                layer, corner = part
                where = layer.get_rect(topleft=corner)
                canvas = seat_on_the_canvas(view, app, seat)
                assert run_length(layer) == run_length(canvas.subsurface(where)), (
                    f"seat {seat}'s layer differs at frame {frame}")
                canvas.fill((0, 0, 0, 0), where)
                assert pygame.mask.from_surface(canvas, 0).count() == 0, f"seat {seat}'s layer cut off a part"
                compared += 1
        assert compared > 50
    finally:
        app.close()


def laid_on_the_canvas(app: App, layer: pygame.Surface, corner: tuple[int, int]) -> tuple[bytes, Noted]:
    """A seat's layer laid in place on a transparent canvas: its pixels, and the sprites it notes there."""
    canvas = pygame.Surface(layout.CANVAS_SIZE, pygame.SRCALPHA)
    canvas.blit(layer, corner)
    held = app.assets.layer_notes[id(layer)]
    notes = sorted((id(sprite), tuple(where.move(corner))) for sprite, where in held)
    return pygame.image.tobytes(canvas, "RGBA"), notes  # type: ignore[return-value]


def test_a_seat_layer_drawn_again_in_place_matches_one_drawn_from_scratch(monkeypatch):
    landed_ahead = 0
    land_ahead = TableView._land_ahead

    def counted(drawn, key, changed):  # type: ignore[no-untyped-def]
        nonlocal landed_ahead
        landed = land_ahead(drawn, key, changed)
        landed_ahead += landed
        return landed

    monkeypatch.setattr(TableView, "_land_ahead", staticmethod(counted))
    app = table_app()
    try:
        p, view = app.ctx.presenter, app.ctx.view
        shown: dict[int, tuple[pygame.Surface, tuple[object, ...]]] = {}
        in_place = 0
        for frame in range(60 * 40):
            app.step()
            app.use_spare_time()  # a landing card's look is drawn ahead: a layer then shows it copied in
            if scene_name(app) == "DealingScene" and frame > 600:
                break
            for seat, drawn_last in view._seat_layers.items():
                if seat in shown and shown[seat][0] is drawn_last.layer and shown[seat][1] != drawn_last.key:
                    fresh = TableView(app.assets).seat_layer(p, seat, [])
                    assert fresh is not None
                    kept = laid_on_the_canvas(app, drawn_last.layer, drawn_last.at)
                    assert kept == laid_on_the_canvas(app, *fresh), (
                        f"seat {seat}'s layer drawn in place differs from a fresh one at frame {frame}")
                    in_place += 1
                shown[seat] = drawn_last.layer, drawn_last.key
        assert in_place > 20, "no seat's layer was drawn again in place"
        assert landed_ahead > 10, "no landing card's look was drawn ahead"
    finally:
        app.close()


def test_a_seat_layer_put_on_the_still_layer_in_parts_matches_it_put_whole():
    app = table_app()
    try:
        p, view = app.ctx.presenter, app.ctx.view
        while sum(len(seat.hands) for seat in p.seats) < SEATS + 2 or not p.idle:  # split hands, at rest
            app.step()
        felt = view.background(app.ctx.session.rules, p.positions).copy()
        for seat in range(len(p.seats)):
            assert view.seat_layer(p, seat, []) is not None
            drawn = view._seat_layers[seat]
            bounds = drawn.layer.get_rect(topleft=drawn.at)
            whole, in_parts = felt.copy(), felt.copy()
            drawn.encoded = None
            view._put_seat_layer(whole, drawn, bounds)
            drawn.encoded = None  # as when drawn on since: each part is encoded on its own
            around = bounds.inflate(40, 40)
            middle, seam = bounds.centerx + 7, bounds.y + 41
            for part in (  # apart from each other, reaching past the layer: together they hold all of it
                pygame.Rect(around.x, around.y, middle - around.x, seam - around.y),
                pygame.Rect(middle, around.y, around.right - middle, seam - around.y),
                pygame.Rect(around.x, seam, around.w, around.bottom - seam),
            ):
                in_parts.set_clip(part)
                view._put_seat_layer(in_parts, drawn, part)
            in_parts.set_clip(None)
            assert drawn.encoded is None, "a part of the layer was kept as if it were the whole"
            plain = felt.copy()
            plain.blit(drawn.layer, drawn.at)
            assert pygame.image.tobytes(in_parts, "RGB") == pygame.image.tobytes(whole, "RGB"), (
                f"seat {seat}'s layer put on in parts differs from the layer put on whole")
            assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(whole, "RGB"), (
                "pygame's own blit now rounds as a run-length encoded one: the layer need not be encoded")
    finally:
        app.close()


@contextmanager
def collected_table(window):
    """A table shown in a window of this size (larger: the frames note the cards, to draw them sharp),
    played until its cards are being collected: the app, its presenter and its view."""
    from pygame._sdl2.video import Window

    app = table_app()
    try:
        Window.from_display_module().size = window
        frame = 0
        while not app.ctx.presenter.collecting:
            app.step()
            frame += 1
            assert frame < 60 * 90, "the table was never collected"
        yield app, app.ctx.presenter, app.ctx.view
    finally:
        app.close()


@pytest.mark.parametrize("window", [layout.CANVAS_SIZE, (1920, 1080)])
def test_the_pile_kept_in_the_tray_matches_each_card_drawn_again(window):
    with collected_table(window) as (app, p, view):
        most_kept = 0
        while p.collecting:
            for _kept_or_put_back in range(2):
                when = f"collecting, {len(p.collecting)} cards on their way or in the tray"
                assert_fresh(app, when, noting=app.screen.noting)
            most_kept = max(most_kept, len(view._pile.cards) if view._pile is not None else 0)
            app.step()  # one more card in the tray: the kept pile grows by it
        assert most_kept > len(p.seats) * 2, "the cards in the tray were never kept as one pile"


class EveryCardMoving(TableView):
    """A table view that draws each card on its way to the tray over the still layer, as if none rested."""

    def resting_collected(self, p: Presenter, places: list[Point]) -> list[Point | None]:
        return [None] * len(places)


@pytest.mark.parametrize("window", [layout.CANVAS_SIZE, (1920, 1080)])
def test_cards_resting_in_the_still_layer_while_the_table_is_collected_match_each_card_drawn_over_it(window):
    with collected_table(window) as (app, p, view):
        most_resting = 0
        while p.collecting:
            places = [p.card_place(card, (0, 0, *layout.CARD_SIZE)) for card in p.collecting]
            most_resting = max(most_resting, sum(at is not None for at in view.resting_collected(p, places)))
            kept, kept_notes = drawn(view, app, app.screen.noting)
            moving = EveryCardMoving(app.assets)
            moving._pointed, moving._pointed_at = view._pointed, view._pointed_at  # the pointer's bob
            each, each_notes = drawn(moving, app, app.screen.noting)
            when = f"collecting, {len(p.collecting)} cards on their way or in the tray"
            assert kept == each, f"cards resting in the still layer differ from each drawn over it, {when}"
            assert kept_notes == each_notes, f"cards resting in the still layer are noted otherwise, {when}"
            app.step()
        assert most_resting > len(p.seats) * 2, "no card rested in the still layer during the collection"


def test_a_changed_plate_shoe_count_dealer_card_or_language_shows_at_once():
    app = table_app()
    try:
        p, view = app.ctx.presenter, app.ctx.view
        while not (scene_name(app) == "PayoutScene" and p.idle):
            app.step()
        before, _notes = drawn(view, app)
        assert_fresh(app, "at rest")

        p.seats[1].bankroll += 12_300  # the plate must show it
        after, _notes = drawn(view, app)
        assert after != before
        plate = layout.plate_rect(p.positions[1])
        changed = [
            (x, y) for x in range(0, layout.CANVAS_SIZE[0], 2) for y in range(0, layout.CANVAS_SIZE[1], 2)
            if before[3 * (y * layout.CANVAS_SIZE[0] + x):3 * (y * layout.CANVAS_SIZE[0] + x) + 3]
            != after[3 * (y * layout.CANVAS_SIZE[0] + x):3 * (y * layout.CANVAS_SIZE[0] + x) + 3]
        ]
        assert changed and all(plate.collidepoint(point) for point in changed), "only the plate changes"
        assert_fresh(app, "after a bankroll changed")

        assert p.shoe_remaining is not None
        p.shoe_remaining -= 1
        assert_fresh(app, "after the shoe's count changed")
        p.dealer[0].code = "AS" if p.dealer[0].code != "AS" else "KD"
        assert_fresh(app, "after the dealer's card changed")
        p.turn = 2
        assert_fresh(app, "after the turn moved to another plate")
        p.plates[3].left = True
        assert_fresh(app, "after a seat left")

        use_language("de")
        try:
            assert language() == "de"
            assert_fresh(app, "in another language")
        finally:
            use_language("en")
    finally:
        app.close()


def test_a_seat_layer_is_built_once_a_round_and_again_only_when_a_split_resizes_its_cards(monkeypatch):
    """A seat's layer has room for the cards on their way, the next ones and the ring, so a card landing or
    the seat's turn coming draws it again in place (built again, it is encoded and composed whole)."""
    builds: dict[int, int] = {}
    build = TableView._build_seat_layer

    def counted(view: TableView, p: Presenter, seat: int, *args: object) -> object:
        builds[seat] = builds.get(seat, 0) + 1
        return build(view, p, seat, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(TableView, "_build_seat_layer", counted)
    app = table_app()
    try:
        p = app.ctx.presenter
        sizes: dict[int, set[tuple[int, int]]] = {}
        seen: set[str] = set()
        while "PayoutScene" not in seen:
            app.step()
            seen.add(scene_name(app))
            for seat in range(SEATS):
                if p.seats[seat].hands:
                    sizes.setdefault(seat, set()).add(TableView._seat_card_size(p, seat))
        assert max(len(found) for found in sizes.values()) >= 2, "no split resized a seat's cards"
        for seat in range(SEATS):
            assert builds[seat] <= len(sizes[seat]), f"seat {seat}: built {builds[seat]} times"
    finally:
        app.close()


def test_the_shoe_count_one_card_on_is_drawn_in_spare_time():
    app = table_app()
    try:
        p = app.ctx.presenter
        while scene_name(app) != "PlayerTurnScene":
            app.step()
        assert p.shoe_remaining is not None
        rendered: list[str] = []
        keep = app.assets.kept

        def noted(key, draw):  # type: ignore[no-untyped-def]
            if key not in app.assets._text:
                rendered.append(key[0])
            return keep(key, draw)

        app.assets.kept = noted  # type: ignore[method-assign]
        app.assets.warm(1.0)
        assert f"{p.shoe_remaining - 1} cards left" in rendered
        rendered.clear()
        p.shoe_remaining -= 1
        app.step()
        assert f"{p.shoe_remaining} cards left" not in rendered  # drawn ahead, so not in the frame
        assert f"{p.shoe_remaining} cards left" in [key[0] for key in app.assets._text]  # and shown
    finally:
        app.close()


def test_a_card_on_its_way_changes_its_seat_only_when_it_lands(monkeypatch):
    """The hand's total stays as its landed cards make it while the next card flies in (it was hidden), so a
    card leaving the shoe costs its seat nothing: a seat's look is listed again once per card that lands."""
    listed: dict[int, int] = {}
    list_pieces = TableView.seat_pieces

    def counted(view: TableView, p: Presenter, seat: int, landed: bool = False):  # type: ignore[no-untyped-def]
        listed[seat] = listed.get(seat, 0) + 1
        return list_pieces(view, p, seat, landed)

    monkeypatch.setattr(TableView, "seat_pieces", counted)
    app = table_app()
    try:
        p = app.ctx.presenter
        while scene_name(app) != "DealingScene":
            app.step()
        listed.clear()  # from the deal on: two cards a seat
        while not (scene_name(app) == "PlayerTurnScene" and p.idle):
            app.step()
        assert p.active is not None
        for seat in range(SEATS):
            hand = p.seats[seat].hands[0]
            once_a_card = 2 + (seat == p.active[0])  # and the ring round the hand to play
            assert len(hand.cards) == 2
            assert listed[seat] <= once_a_card, f"seat {seat} listed {listed[seat]} times"
            first = p.seats[seat].hands[0].codes[:1]
            assert hand.label(first) == "8" and hand.label() == "16"
    finally:
        app.close()
