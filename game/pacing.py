"""When the loop may sleep: a table where nothing moves should cost next to no processor.

The game redraws at 60 frames a second while anything moves. Once the picture has stayed the same
for `STILL_AFTER` seconds with no input, the loop sleeps until input arrives or `IDLE_POLL`
passes, then looks again: a toast's timer may change the picture without any input. While the
scene waits on background work (`Scene.busy`) the loop does not sleep, so a result shows at
once. Whether the picture changed is told by a checksum of the drawn canvas, so no scene has to
declare that it is still, and none can forget to.
"""

from __future__ import annotations

import zlib

import pygame

STILL_AFTER = 0.5
"""Seconds of an unchanged picture, with no input, before the loop starts to sleep."""

IDLE_POLL = 0.25
"""The longest an idle loop sleeps before it updates and looks at the picture again."""

INPUT_LOOK = 0.015
"""How often a sleeping loop looks for input (so a click is answered within about a frame)."""

SAMPLE_EVERY = 6
"""While things move, frames between two checksums of the picture (a checksum costs about a draw)."""


def fingerprint(surface: pygame.Surface) -> int:
    """A checksum of the surface's pixels."""
    # The view is read in place (`.raw` would copy the canvas); pygame's stubs do not say it is a buffer.
    return zlib.crc32(surface.get_view("1"))  # type: ignore[arg-type]


class Pacer:
    """Follows the pictures drawn and the input seen, and says whether the loop may sleep."""

    def __init__(self, now: float) -> None:
        self.idle = False
        """Whether the picture has been still long enough to sleep between looks."""
        self._still_since = now
        self._last: int | None = None
        self._frames = 0

    def stir(self, now: float) -> None:
        """Input arrived: draw every frame again."""
        self.idle = False
        self._still_since = now

    def wants_sample(self) -> bool:
        """Whether this frame's picture should be checksummed (every idle look; now and then while moving)."""
        self._frames += 1
        return self.idle or self._frames % SAMPLE_EVERY == 0

    def drawn(self, picture: int, now: float) -> bool:
        """Note a checksummed picture; return whether it must be shown (it changed, or the loop is awake)."""
        changed = picture != self._last
        self._last = picture
        if changed:
            self.idle = False
            self._still_since = now
            return True
        if now - self._still_since >= STILL_AFTER:
            if not self.idle:
                self.idle = True
                return True  # the last frame before sleeping is shown, as every awake frame is
            return False
        return True
