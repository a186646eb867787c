"""Tiny standard-library synthesis kit: noise, one-pole filters, envelopes, tones, WAV output."""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

from sounds import SAMPLE_RATE

Signal = list[float]

PEAK_DBFS = -3.0
"""Every sound is scaled so its loudest sample sits at this level."""


def frames(seconds: float) -> int:
    """Number of samples in a duration."""
    return round(seconds * SAMPLE_RATE)


def silence(seconds: float) -> Signal:
    """A buffer of zeros of the given length."""
    return [0.0] * frames(seconds)


def noise(rng: random.Random, count: int) -> Signal:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(count)]


def lowpass(signal: Sequence[float], cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass filter; the cutoff (Hz) may change with time (seconds)."""
    out: Signal = []
    state = 0.0
    for index, sample in enumerate(signal):
        fc = cutoff(index / SAMPLE_RATE) if callable(cutoff) else cutoff
        state += (1.0 - math.exp(-math.tau * fc / SAMPLE_RATE)) * (sample - state)
        out.append(state)
    return out


def highpass(signal: Sequence[float], cutoff: float) -> Signal:
    """One-pole high-pass filter (the signal minus its low-passed self)."""
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff), strict=True)]


def decay(count: int, tau: float, attack: float = 0.0) -> Signal:
    """An envelope: a sine-shaped rise over `attack` seconds, then exponential decay (tau s)."""
    rise = frames(attack)
    env: Signal = []
    for index in range(count):
        t = index / SAMPLE_RATE
        gain = math.sin(0.5 * math.pi * index / rise) if index < rise else 1.0
        env.append(gain * math.exp(-max(0.0, t - attack) / tau))
    return env


def release(signal: Sequence[float], seconds: float) -> Signal:
    """The signal with a raised-cosine fade to silence over its last `seconds`."""
    out = list(signal)
    count = min(len(out), frames(seconds))
    for index in range(count):
        out[-1 - index] *= 0.5 - 0.5 * math.cos(math.pi * index / count)
    return out


def multiply(a: Sequence[float], b: Sequence[float]) -> Signal:
    """Sample-by-sample product of two equally long signals."""
    return [x * y for x, y in zip(a, b, strict=True)]


def mix_into(target: Signal, source: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add a signal into a buffer starting at `at` seconds (cut off at the buffer's end)."""
    start = frames(at)
    for index, sample in enumerate(source[: max(0, len(target) - start)]):
        target[start + index] += gain * sample


def tone(
    count: int,
    partials: Sequence[tuple[float, float, float]],
    rng: random.Random,
    glide: Callable[[float], float] | None = None,
) -> Signal:
    """A sum of decaying sine partials (frequency Hz, amplitude, decay tau s), random phases.

    glide, if given, multiplies every frequency over time (seconds) for pitch bends.
    """
    out = [0.0] * count
    for frequency, amplitude, tau in partials:
        phase = rng.uniform(0.0, math.tau)
        step = math.tau * frequency / SAMPLE_RATE
        fade = math.exp(-1.0 / (tau * SAMPLE_RATE))
        level = amplitude
        for index in range(count):
            out[index] += level * math.sin(phase)
            phase += step * (glide(index / SAMPLE_RATE) if glide else 1.0)
            level *= fade
    return out


def finish(signal: Signal, fade_in: float = 0.001, fade_out: float = 0.01) -> Signal:
    """Apply short raised-cosine fades at both ends and scale the peak to PEAK_DBFS."""
    out = release(signal, fade_out)
    n_in = frames(fade_in)
    for index in range(n_in):
        out[index] *= 0.5 - 0.5 * math.cos(math.pi * index / n_in)
    peak = max(abs(sample) for sample in out) or 1.0
    gain = 10 ** (PEAK_DBFS / 20) / peak
    return [sample * gain for sample in out]


def write_wav(path: Path, signal: Sequence[float]) -> None:
    """Write 16-bit mono PCM at SAMPLE_RATE (samples are clipped to [-1, 1])."""
    ints = [max(-32767, min(32767, round(sample * 32767))) for sample in signal]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(struct.pack(f"<{len(ints)}h", *ints))
