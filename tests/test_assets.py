"""The committed art and sounds: every file is there, well formed, and exactly what the generators
draw (so nobody edits a PNG or WAV by hand and loses it on the next regeneration)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import struct
import wave
from importlib import resources
from pathlib import Path

import pygame
import pytest

import sounds
import sprites
from sounds import generate as sound_generator
from sprites import generate as sprite_generator

SPRITES_DIR = Path(str(resources.files("sprites")))
SOUNDS_DIR = Path(str(resources.files("sounds")))

SOUND_LIMITS = {
    "card_slide": 0.2,
    "card_flip": 0.12,
    "chip_click": 0.16,
    "chips_stack": 0.5,
    "shuffle": 1.25,
    "win": 1.0,
    "lose": 1.0,
    "blackjack": 1.2,
    "button": 0.06,
}
"""Longest acceptable duration of each sound, in seconds."""

MAX_WAV_BYTES = 100 * 1024
MAX_SPRITE_BYTES = 4 * 1024 * 1024


def expected_size(relative: str) -> tuple[int, int]:
    """The pixel size a sprite must have, from the manifest's constants."""
    width, height = sprites.CARD_SIZE
    margin = sprites.SHADOW_MARGIN
    if relative.startswith(tuple(f"{folder}/" for folder in sprites.CARD_DIRS.values())):
        return sprites.CARD_SIZE
    if relative.startswith("chips/chip_"):
        return sprites.CHIP_SIZE
    if relative.startswith("chips/stack_"):
        return sprites.STACK_SIZE
    if relative.startswith("ui/button"):
        return sprites.BUTTON_SIZE
    return {
        sprites.SHADOW_FILE: (width + 2 * margin, height + 2 * margin),
        sprites.FELT_FILE: sprites.FELT_SIZE,
        sprites.SHOE_FILE: sprites.SHOE_SIZE,
        sprites.DISCARD_FILE: sprites.DISCARD_SIZE,
        sprites.POINTER_FILE: sprites.POINTER_SIZE,
        sprites.ICON_FILE: sprites.ICON_SIZE,
    }[relative]


def load(relative: str) -> pygame.Surface:
    """A committed sprite, loaded without a display."""
    return pygame.image.load(str(SPRITES_DIR / relative))


def alpha(image: pygame.Surface, x: int, y: int) -> int:
    """The alpha of one pixel (255 for images without an alpha channel)."""
    return image.get_at((x, y)).a


def read_samples(path: Path) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    """A WAV's (frame rate, sample width, channels) and its 16-bit samples."""
    with wave.open(str(path), "rb") as wav:
        shape = (wav.getframerate(), wav.getsampwidth(), wav.getnchannels())
        data = wav.readframes(wav.getnframes())
    return shape, struct.unpack(f"<{len(data) // 2}h", data)


# --- the manifest -----------------------------------------------------------------------------


def test_manifest_names_every_card_of_both_decks() -> None:
    files = sprites.all_files()
    assert len(sprites.CARD_CODES) == 52
    assert len(files) == len(set(files))
    for four_color in (False, True):
        for code in (*sprites.CARD_CODES, sprites.CARD_BACK):
            assert sprites.card_file(code, four_color) in files


def test_card_file_accepts_engine_codes_and_ten_spelled_out() -> None:
    assert sprites.card_file("TH", False) == "cards/TH.png"
    assert sprites.card_file("10h", True) == "cards4/TH.png"
    assert sprites.card_file("As") == "cards/AS.png"
    assert sprites.card_file("back", True) == "cards4/back.png"


@pytest.mark.parametrize("code", ["K", "1S", "AX", "", "10"])
def test_card_file_rejects_codes_without_a_sprite(code: str) -> None:
    with pytest.raises(ValueError, match="names no card sprite"):
        sprites.card_file(code)


def test_chip_and_button_paths_reject_unknown_names() -> None:
    assert sprites.chip_file(25) == "chips/chip_25.png"
    assert sprites.stack_file(500) == "chips/stack_500.png"
    assert sprites.button_file("hover") == "ui/button_hover.png"
    with pytest.raises(ValueError, match="no chip is worth 2"):
        sprites.chip_file(2)
    with pytest.raises(ValueError, match="not a button state"):
        sprites.button_file("focused")


# --- the sprites ------------------------------------------------------------------------------


@pytest.mark.parametrize("relative", sprites.all_files())
def test_every_sprite_exists_and_has_its_size(relative: str) -> None:
    assert load(relative).get_size() == expected_size(relative)


def test_sprites_stay_small() -> None:
    total = sum((SPRITES_DIR / relative).stat().st_size for relative in sprites.all_files())
    assert total < MAX_SPRITE_BYTES


@pytest.mark.parametrize("four_color", [False, True])
def test_cards_are_opaque_inside_and_transparent_outside_rounded_corners(four_color: bool) -> None:
    width, height = sprites.CARD_SIZE
    for code in (*sprites.CARD_CODES, sprites.CARD_BACK):
        image = load(sprites.card_file(code, four_color))
        for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
            assert alpha(image, x, y) == 0, (code, x, y)
        for x, y in ((width // 2, height // 2), (width // 2, 1), (1, height // 2)):
            assert alpha(image, x, y) == 255, (code, x, y)


def test_four_color_deck_differs_only_where_the_colours_do() -> None:
    def same(code: str) -> bool:
        two = SPRITES_DIR / sprites.card_file(code, False)
        four = SPRITES_DIR / sprites.card_file(code, True)
        return two.read_bytes() == four.read_bytes()

    assert same("back") and same("AS") and same("QH")
    assert not same("7C") and not same("KD")


def test_cards_carry_no_baked_shadow_but_a_shadow_sprite_exists() -> None:
    shadow = load(sprites.SHADOW_FILE)
    margin = sprites.SHADOW_MARGIN
    width, height = shadow.get_size()
    assert alpha(shadow, 0, 0) == 0
    assert alpha(shadow, width // 2, height // 2) > 60
    assert 0 < alpha(shadow, margin, height // 2) < alpha(shadow, width // 2, height // 2)


@pytest.mark.parametrize("value", sprites.CHIP_DENOMINATIONS)
def test_chips_are_round_with_transparent_corners(value: int) -> None:
    chip = load(sprites.chip_file(value))
    size = chip.get_width()
    assert alpha(chip, 0, 0) == 0 and alpha(chip, size - 1, size - 1) == 0
    assert alpha(chip, size // 2, size // 2) == 255
    assert alpha(chip, size // 2, 2) == 255
    stack = load(sprites.stack_file(value))
    assert alpha(stack, 0, 0) == 0
    assert alpha(stack, stack.get_width() // 2, stack.get_height() - 3) == 255


@pytest.mark.parametrize("state", sprites.BUTTON_STATES)
def test_buttons_are_nine_slice_friendly(state: str) -> None:
    button = load(sprites.button_file(state))
    width, height = button.get_size()
    assert min(width, height) > 2 * sprites.BUTTON_SLICE
    assert alpha(button, 0, 0) == 0
    assert alpha(button, width // 2, height // 2) > 0
    # the middle band is uniform across a row, so stretching it sideways changes nothing
    inset, row = sprites.BUTTON_SLICE, height // 2
    middle = {tuple(button.get_at((x, row))) for x in range(inset, width - inset)}
    assert len(middle) == 1


def test_render_card_draws_exactly_the_committed_png() -> None:
    for code, four_color in (("10h", True), ("QS", False), ("back", False)):
        drawn = sprite_generator.render_card(code, four_color)
        saved = load(sprites.card_file(code, four_color))
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(saved, "RGBA")


def test_sprite_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    written = sprite_generator.main(tmp_path)
    assert sorted(path.relative_to(tmp_path).as_posix() for path in written) == sorted(
        sprites.all_files()
    )
    # Pixels, not bytes: another libpng/zlib build may compress the same image differently.
    for relative in sprites.all_files():
        fresh, committed = (pygame.image.load(str(d / relative)) for d in (tmp_path, SPRITES_DIR))
        assert fresh.get_size() == committed.get_size(), relative
        assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(committed, "RGBA"), relative


# --- the sounds -------------------------------------------------------------------------------


def test_every_sound_has_a_recipe_and_a_limit() -> None:
    assert set(sounds.SOUND_NAMES) == set(sound_generator.RECIPES) == set(SOUND_LIMITS)


@pytest.mark.parametrize("name", sounds.SOUND_NAMES)
def test_sound_is_a_short_loud_enough_clean_wav(name: str) -> None:
    path = SOUNDS_DIR / sounds.sound_file(name)
    assert path.stat().st_size < MAX_WAV_BYTES
    shape, samples = read_samples(path)
    assert shape == (sounds.SAMPLE_RATE, 2, 1)
    assert 0 < len(samples) / sounds.SAMPLE_RATE <= SOUND_LIMITS[name]
    peak = max(abs(sample) for sample in samples) / 32767
    assert 0.66 < peak < 0.72  # about -3 dBFS
    assert abs(samples[0]) < 100 and abs(samples[-1]) < 100  # faded: no click at either end


def test_sound_file_rejects_unknown_names() -> None:
    with pytest.raises(ValueError, match="not a sound"):
        sounds.sound_file("applause")


def test_sound_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    written = sound_generator.main(tmp_path)
    assert [path.name for path in written] == [sounds.sound_file(n) for n in sounds.SOUND_NAMES]
    for path in written:
        assert path.read_bytes() == (SOUNDS_DIR / path.name).read_bytes(), path.name
