"""Sound cues: a mixer when there is an audio device, silent stand-ins when there is none."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources

import pygame

from sounds import SOUND_NAMES

log = logging.getLogger(__name__)

CUES: tuple[str, ...] = SOUND_NAMES
"""Every cue the game plays; each is `sounds/<cue>.wav` (the generator's own list)."""


class Sounds:
    """Plays named cues at the chosen volume; silent when muted or without an audio device.

    `played` records every cue asked for (heard or not), so tests can check the cues.
    """

    def __init__(self, *, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = volume
        self.played: list[str] = []
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.available = False
        self._device_tried = False
        if enabled:
            self._open_device()

    def _open_device(self) -> None:
        """Open the audio device the first time sound is on; say once if there is none.

        A stand-in made silent (the demo's fast deals, a replay) never opens it, so it
        neither repeats the message nor, when closed, shuts the mixer the game plays on.
        """
        if self._device_tried:
            return
        self._device_tried = True
        try:
            if not pygame.mixer.get_init():
                with _native_stderr_muted():  # ALSA prints a screenful when there is no device
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            self.available = True
        except pygame.error as error:
            print(f"blackjack: no audio device ({error}); playing silently", file=sys.stderr)

    def configure(self, *, enabled: bool, volume: float) -> None:
        """Apply the sound settings."""
        self.enabled = enabled
        self.volume = max(0.0, min(1.0, volume))
        if enabled:
            self._open_device()

    def _sound(self, cue: str) -> pygame.mixer.Sound | None:
        if cue in self._cache:
            return self._cache[cue]
        sound: pygame.mixer.Sound | None = None
        try:
            import sounds

            resource = resources.files(sounds).joinpath(f"{cue}.wav")
            with resources.as_file(resource) as real:
                sound = pygame.mixer.Sound(str(real))
        except (FileNotFoundError, ModuleNotFoundError, pygame.error) as error:
            log.info("sound %s unavailable (%s)", cue, error)
        self._cache[cue] = sound
        return sound

    def play(self, cue: str, volume: float = 1.0) -> None:
        """Play a cue (no-op when muted or silent)."""
        self.played.append(cue)
        if len(self.played) > 1000:
            del self.played[:500]
        if not (self.enabled and self.available) or self.volume <= 0:
            return
        sound = self._sound(cue)
        if sound is None:
            return
        sound.set_volume(self.volume * volume)
        sound.play()

    def close(self) -> None:
        """Release the mixer."""
        if self.available:
            pygame.mixer.quit()
            self.available = False


@contextmanager
def _native_stderr_muted() -> Iterator[None]:
    """Send what C libraries write to standard error (file descriptor 2) to the null device meanwhile."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error at all (a windowed app): nothing to mute
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)
