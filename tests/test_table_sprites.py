"""Cards and chips as the table draws them (issue 23): opaque where their art is, a card and its shadow as
one sprite, and each opaque canvas or layer blitting its own run-length encoded copy."""

from __future__ import annotations

import pygame
import pytest

import sprites
from game import layout
from game.assets import Assets, Encodable, NotingSurface


@pytest.fixture()
def assets() -> Assets:
    """The loader, with a window (card and chip sprites are encoded only where there is one)."""
    pygame.display.init()
    pygame.display.set_mode(layout.CANVAS_SIZE)
    return Assets()


def pixels(surface: pygame.Surface) -> bytes:
    """The colours of `surface`, row by row."""
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("size", [layout.CARD_SIZE, layout.SMALL_CARD_SIZE])
@pytest.mark.parametrize("code", ["QD", "7C", None])
def test_a_card_hides_what_lies_under_it(assets, code, size):
    """Scaled down, a card's inside was at alpha 253: the card under it showed through as a ghost."""
    card = assets.card(code, size)
    inside = pygame.mask.from_surface(card, 249)
    assert inside.count() > 0.95 * size[0] * size[1]
    shown = []
    for under in ((0, 0, 0), (255, 255, 255)):
        surface = pygame.Surface(size).convert()
        surface.fill(under)
        surface.blit(card, (0, 0))
        target = pygame.Surface(size).convert()
        shown.append(inside.to_surface(target, setsurface=surface, unsetcolor=(1, 2, 3)))
    assert pixels(shown[0]) == pixels(shown[1])


@pytest.mark.parametrize("value", sprites.CHIP_DENOMINATIONS)
def test_a_chip_is_opaque_where_its_art_is(assets, value):
    for chip in (assets.stack_chip(value, layout.STACK_CHIP_WIDTH), assets.chip(value, 44)):
        nearly = pygame.mask.from_surface(chip, 249)
        assert nearly.count() > 0
        assert pygame.mask.from_surface(chip, 254).count() == nearly.count()  # none left at 250 to 254


@pytest.mark.parametrize("under", [(0, 0, 0), (255, 255, 255), (30, 90, 50)])
def test_a_card_laid_over_its_shadow_shows_as_the_shadow_and_the_card_drawn_in_turn(assets, under):
    """One blit instead of two: the same pixels, but for the card's soft corners, within a level."""
    size = layout.CARD_SIZE
    card, (shadow, (sx, sy)) = assets.card("KH", size), assets.card_shadow(size)
    image, (dx, dy) = assets.shadowed_card("KH", size)
    one, two = pygame.Surface((130, 160)).convert(), pygame.Surface((130, 160)).convert()
    one.fill(under)
    two.fill(under)
    one.blit(image, (20 + dx, 20 + dy))
    two.blit(shadow, (20 + sx, 20 + sy))
    two.blit(card, (20, 20))
    apart = [abs(a - b) for a, b in zip(pixels(one), pixels(two), strict=True)]
    assert max(apart) <= 1
    assert sum(1 for step in apart if step) < 200  # the corners' few pixels
    assert assets.layer_notes[id(image)] == [(card, card.get_rect(topleft=(-dx, -dy)))]


def test_each_opaque_surface_blits_its_own_encoded_copy_and_a_transparent_one_the_sprite(assets):
    image, _at = assets.shadowed_card("AS", layout.CARD_SIZE)
    canvas = NotingSurface(layout.CANVAS_SIZE, assets, like=pygame.display.get_surface())
    layer = NotingSurface(layout.CANVAS_SIZE, assets, like=pygame.display.get_surface())
    seat = NotingSurface((200, 200), assets, alpha=True)
    for surface in (canvas, layer, canvas, seat, layer):
        surface.blit(image, (10, 10))
    assert canvas.encoded is not None and layer.encoded is not None and seat.encoded is None
    assert canvas.encoded[image] is not layer.encoded[image]
    for copy in (canvas.encoded[image], layer.encoded[image]):
        assert copy.get_flags() & pygame.RLEACCEL  # still encoded: each copy only ever went on its surface
    assert not image.get_flags() & pygame.RLEACCEL  # the sprite is never encoded: reading it is free
    assert pixels(canvas) == pixels(layer)
    plain = NotingSurface((10, 10), assets, like=pygame.display.get_surface())
    plain.blit(assets.image(sprites.SHADOW_FILE), (0, 0))  # not a card or chip: blitted as it is
    assert plain.encoded is not None and len(plain.encoded) == 0
    assert isinstance(assets.card("2C", layout.CARD_SIZE), Encodable)
    assert isinstance(assets.stack_chip(5, layout.STACK_CHIP_WIDTH), Encodable)


def test_once_a_card_of_a_size_is_blitted_on_a_surface_the_others_are_encoded_for_it_in_spare_time(assets):
    """Encoding a card costs about 60 µs at its first blit on a surface; the rest of its size are encoded in
    spare frame time instead, leaving the surface's pixels as they were."""
    assets.warm_queue((layout.CARD_SIZE, layout.SMALL_CARD_SIZE), (layout.STACK_CHIP_WIDTH,))
    assets.warm(60.0)
    canvas = NotingSurface(layout.CANVAS_SIZE, assets, like=pygame.display.get_surface())
    seat = NotingSurface((200, 200), assets, alpha=True)
    canvas.fill((30, 90, 50))
    canvas.set_at((0, 0), (1, 2, 3))
    first, _at = assets.shadowed_card("AS", layout.CARD_SIZE)
    canvas.blit(first, (10, 10))
    seat.blit(first, (10, 10))
    before = pixels(canvas)
    big = [assets.shadowed_card(code, layout.CARD_SIZE)[0] for code in [None, *sprites.CARD_CODES]]
    small = [assets.shadowed_card(code, layout.SMALL_CARD_SIZE)[0] for code in sprites.CARD_CODES]
    assert canvas.encoded is not None and set(canvas.encoded) == {first}
    assert assets.warm(60.0) is False  # all done
    assert pixels(canvas) == before
    assert set(canvas.encoded) == set(big)
    assert all(canvas.encoded[card].get_flags() & pygame.RLEACCEL for card in big)  # encoded, not just kept
    assert not set(canvas.encoded) & set(small)  # no small card was blitted on it
    assert seat.encoded is None
    solid = Encodable((4, 4), pygame.SRCALPHA)
    solid.fill((200, 0, 0, 255))
    canvas.encode(solid)  # a sprite opaque in its corner too: the pixel it was blitted on is put back
    assert pixels(canvas) == before and canvas.encoded[solid].get_flags() & pygame.RLEACCEL
