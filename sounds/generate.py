"""Synthesize every sound of the table: ``python -m sounds.generate [OUT_DIR]``.

Standard library only; each recipe seeds its own random generator, so every run writes
byte-identical 44.1 kHz 16-bit mono WAVs peaking at -3 dBFS with short fades.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

from sounds import SOUND_NAMES, sound_file
from sounds._synth import (
    Signal,
    decay,
    finish,
    frames,
    highpass,
    lowpass,
    mix_into,
    multiply,
    noise,
    release,
    silence,
    tone,
    write_wav,
)

PACKAGE_DIR = Path(__file__).resolve().parent
"""Where the WAVs are written by default: this package's own folder."""

C5, E5, G5, C6, E6, G6 = 523.25, 659.26, 783.99, 1046.50, 1318.51, 1567.98


def _flick(rng: random.Random, length: float, tau: float, low: float, high: float) -> Signal:
    """A short band-passed noise burst: the sound of a card edge."""
    count = frames(length)
    burst = highpass(lowpass(noise(rng, count), high), low)
    return multiply(burst, decay(count, tau, attack=0.0005))


def _click(rng: random.Random, pitch: float = 1.0) -> Signal:
    """One clay chip knocking another: inharmonic decaying partials plus a short tick."""
    count = frames(0.12)
    partials = [
        (2750 * pitch, 1.0, 0.030),
        (3310 * pitch, 0.45, 0.024),
        (4130 * pitch, 0.6, 0.020),
        (5620 * pitch, 0.4, 0.014),
        (7340 * pitch, 0.25, 0.009),
    ]
    out = tone(count, partials, rng)
    mix_into(out, _flick(rng, 0.004, 0.0008, 2000, 9000), 0.0, 2.5)
    return out


def _bell(rng: random.Random, frequency: float, length: float, tau: float, bright: float) -> Signal:
    """A soft chime note: a fundamental with a few harmonics (and a glassy partial if bright)."""
    count = frames(length)
    partials = [
        (frequency, 1.0, tau),
        (frequency * 2, 0.28 + 0.2 * bright, tau * 0.5),
        (frequency * 3, 0.08 + 0.12 * bright, tau * 0.3),
        (frequency * 4.2, 0.12 * bright, tau * 0.2),
    ]
    return multiply(tone(count, partials, rng), decay(count, 10.0, attack=0.004))


def card_slide(rng: random.Random) -> Signal:
    """A card slid across felt: low-passed noise swelling and fading over 0.15 s."""
    count = frames(0.15)
    swish = lowpass(noise(rng, count), lambda t: 5200 - 24000 * t)
    swish = highpass(lowpass(swish, 3200), 350)
    return multiply(swish, decay(count, 0.035, attack=0.035))


def card_flip(rng: random.Random) -> Signal:
    """A card turned over: a crisp snap, a softer landing and a faint thump, 0.08 s."""
    out = silence(0.08)
    mix_into(out, _flick(rng, 0.03, 0.004, 1500, 9000), 0.002)
    mix_into(out, _flick(rng, 0.04, 0.008, 500, 3000), 0.028, 0.6)
    mix_into(out, tone(frames(0.05), [(170, 1.0, 0.012)], rng), 0.028, 0.35)
    return out


def chip_click(rng: random.Random) -> Signal:
    """One chip set down on another, 0.12 s."""
    return _click(rng)


def chips_stack(rng: random.Random) -> Signal:
    """A small stack of chips set down: several clicks in quick succession, 0.4 s."""
    out = silence(0.4)
    for at, gain, pitch in (
        (0.0, 1.0, 1.0),
        (0.055, 0.8, 1.06),
        (0.1, 0.9, 0.95),
        (0.16, 0.65, 1.03),
        (0.2, 0.5, 0.98),
        (0.26, 0.3, 1.01),
    ):
        mix_into(out, _click(rng, pitch), at + rng.uniform(-0.006, 0.006), gain)
    return out


def shuffle(rng: random.Random) -> Signal:
    """A riffle shuffle: a burst of tiny card flicks, then the bridge settling, 1.1 s."""
    out = silence(1.1)
    t = 0.04
    while t < 0.82:
        # flicks come fastest in the middle of the riffle
        rate = 55 + 75 * math.sin(math.pi * (t - 0.04) / 0.78)
        high = rng.uniform(3500, 6500)
        mix_into(
            out,
            _flick(rng, 0.012, rng.uniform(0.0015, 0.003), 900, high),
            t,
            rng.uniform(0.35, 1.0),
        )
        t += rng.uniform(0.6, 1.4) / rate
    count = frames(0.8)
    bed = highpass(lowpass(noise(rng, count), 1800), 300)
    mix_into(out, multiply(bed, decay(count, 0.5, attack=0.1)), 0.03, 0.25)
    count = frames(0.28)
    bridge = highpass(lowpass(noise(rng, count), lambda s: 4000 - 9000 * s), 250)
    mix_into(out, multiply(bridge, decay(count, 0.06, attack=0.05)), 0.8, 0.8)
    return lowpass(out, 7000)


def win(rng: random.Random) -> Signal:
    """A pleasant rising three-note chime (C5 E5 G5), 0.9 s."""
    out = silence(0.9)
    for index, frequency in enumerate((C5, E5, G5)):
        mix_into(
            out,
            _bell(rng, frequency, 0.9 - 0.12 * index, 0.22 + 0.08 * index, 0.2),
            0.12 * index,
            0.8 + 0.1 * index,
        )
    return out


def lose(rng: random.Random) -> Signal:
    """A soft low descending two-note tone (E4 to C4, sagging a little), 0.75 s."""
    out = silence(0.75)
    for at, frequency, length in ((0.0, 329.63, 0.4), (0.2, 261.63, 0.55)):
        count = frames(length)
        partials = [(frequency, 1.0, 0.3), (frequency * 2, 0.12, 0.15), (frequency * 3, 0.06, 0.1)]
        sag = tone(count, partials, rng, glide=lambda s: 1.0 - 0.04 * s)
        mix_into(out, release(multiply(sag, decay(count, 10.0, attack=0.03)), 0.15), at)
    return lowpass(out, 1800)


def blackjack(rng: random.Random) -> Signal:
    """A bright quick arpeggio (C5 E5 G5 C6 E6 G6) with a little sparkle, 1.0 s."""
    out = silence(1.0)
    for index, frequency in enumerate((C5, E5, G5, C6, E6, G6)):
        mix_into(out, _bell(rng, frequency, 1.0 - 0.065 * index, 0.3, 1.0), 0.065 * index, 0.7)
    for _ in range(10):
        count = frames(0.12)
        ping = tone(count, [(rng.uniform(2500, 4200), 1.0, 0.03)], rng)
        ping = multiply(ping, decay(count, 10.0, attack=0.003))
        mix_into(out, ping, rng.uniform(0.35, 0.8), rng.uniform(0.05, 0.15))
    return out


def button(rng: random.Random) -> Signal:
    """A tiny UI tick, 0.04 s."""
    count = frames(0.04)
    out = tone(count, [(1900, 1.0, 0.006), (3700, 0.3, 0.003)], rng)
    mix_into(out, _flick(rng, 0.003, 0.0006, 2500, 9000), 0.0, 0.8)
    return out


RECIPES: dict[str, Callable[[random.Random], Signal]] = {
    "card_slide": card_slide,
    "card_flip": card_flip,
    "chip_click": chip_click,
    "chips_stack": chips_stack,
    "shuffle": shuffle,
    "win": win,
    "lose": lose,
    "blackjack": blackjack,
    "button": button,
}
"""The recipe behind each name in SOUND_NAMES."""

FADE_OUT: dict[str, float] = {"card_flip": 0.006, "button": 0.006, "chip_click": 0.015}
"""End fades shorter than the 10 ms default, for the shortest sounds."""


def render(name: str) -> Signal:
    """The finished samples (floats in [-1, 1]) of one sound, seeded by its name's position."""
    rng = random.Random(1000 + SOUND_NAMES.index(name))
    return finish(RECIPES[name](rng), fade_out=FADE_OUT.get(name, 0.01))


def main(out_dir: Path | None = None) -> list[Path]:
    """Write every sound into out_dir (default: the sounds package) and return the files."""
    root = PACKAGE_DIR if out_dir is None else Path(out_dir)
    root.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in SOUND_NAMES:
        path = root / sound_file(name)
        write_wav(path, render(name))
        written.append(path)
    return written


if __name__ == "__main__":
    files = main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
    total = sum(path.stat().st_size for path in files)
    print(f"wrote {len(files)} WAVs, {total / 1024:.0f} KiB")
