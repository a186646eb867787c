"""Scenes and the scene stack.

The contract every scene keeps:

- `enter()` runs once when the scene first goes on the stack, `exit()` once when it leaves.
- `pause()` runs when another scene is pushed over it and `resume()` when that one is
  popped; they come in pairs.
- `handle_event(intent) -> bool` gets the input meant for the top scene and says whether
  it used it; it may record what to do but should leave the work to `update`.
- `update(dt)` is the only place state changes (dt in seconds, a fixed step).
- `draw(surface)` paints the scene on the logical canvas and changes nothing.

Two read-only answers a scene may give the loop: `wants_text` (a field has the focus, so
letters are typing, not shortcuts) and `busy` (it waits on background work; the
fixed-step capture loop then waits too, so a captured run does not depend on how fast the
machine computes).

A scene says where it goes by name, never by importing the next scene's module:
`stack.push(Go(SceneName.SETTINGS))`, `stack.replace(Go(SceneName.BETTING, first_chip=5))`,
or `stack.pop()`. One place, `game.flow`, turns names into scenes (the stack asks it when
the change is requested) and lays out where every scene goes. The stack applies changes at
the next frame boundary (`apply()`), and input left in that frame is dropped rather than
given to a scene it was not meant for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

import pygame

from game.intents import Intent


class SceneName(StrEnum):
    """Every scene of the game, by the name scenes use to go to it."""

    TITLE = "title"
    SETUP = "setup"
    TOURNAMENT = "tournament"
    OPENING = "opening"
    BETTING = "betting"
    BROKE = "broke"
    DEALING = "dealing"
    PLAY = "play"
    DEALER = "dealer"
    PAYOUT = "payout"
    TOURNAMENT_RESULT = "tournament-result"
    LEADERBOARD = "leaderboard"
    STATS = "stats"
    SETTINGS = "settings"
    DEMO = "demo"
    RULES = "rules"
    HOW_TO_PLAY = "how-to-play"
    KEYS = "keys"
    RULES_EDITOR = "rules-editor"
    HISTORY = "history"
    REPLAY = "replay"
    SESSION_REVIEW = "session-review"
    DRILL_SETUP = "drill-setup"
    DRILL = "drill"
    COUNT_DRILL = "count-drill"
    COUNTING = "counting"
    DEVIATION_DRILL = "deviation-drill"
    TRUE_COUNT_DRILL = "true-count-drill"
    DECK_DRILL = "deck-drill"
    SPEED_DRILL = "speed-drill"
    TABLE_COUNT_DRILL = "table-count-drill"


class Go:
    """Where to go: a scene's name and the arguments its scene takes besides the game context."""

    __slots__ = ("args", "name")

    def __init__(self, name: SceneName, /, **args: Any) -> None:
        self.name = name
        self.args: Mapping[str, Any] = args

    def __repr__(self) -> str:
        args = "".join(f", {key}={value!r}" for key, value in self.args.items())
        return f"Go(SceneName.{self.name.name}{args})"


class Scene:
    """Base scene: override what you need. `stack` is set when the scene is pushed."""

    transparent = False
    """Whether the scene below is drawn first (overlays, dialogs)."""

    tracks_drawing = False
    """Whether everything the scene draws on the canvas is a blit, a fill or marked (`game.assets.mark`), so
    the table's still layer need be put back only where something was drawn over it."""

    @property
    def wants_text(self) -> bool:
        """Whether typed characters are text for a field (not shortcuts) right now."""
        return False

    @property
    def busy(self) -> bool:
        """Whether the scene waits on background work (an analysis, the database)."""
        return False

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    def enter(self) -> None:
        """Called once, when the scene first becomes part of the stack."""

    def exit(self) -> None:
        """Called once, when the scene leaves the stack."""

    def pause(self) -> None:
        """Another scene went on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped."""

    def handle_event(self, intent: Intent) -> bool:
        """Take one intent; return True when it was used."""
        return False

    def close(self) -> None:
        """Leave: pop this scene at the frame boundary, unless a change already waits."""
        if self.stack is not None and not self.stack.changing:
            self.stack.pop()

    def go_back(self, back_to: Go | None) -> None:
        """Leave a screen: to `back_to` when one was given, else to the scene beneath (a table it
        was opened over), else to the title."""
        if self.stack is None:
            return
        if back_to is not None:
            self.stack.replace(back_to)
        elif len(self.stack.scenes) > 1:
            self.stack.pop()
        else:
            self.stack.replace(Go(SceneName.TITLE))

    def update(self, dt: float) -> None:
        """Advance the scene by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; must not change state."""


class SceneStack:
    """A stack of scenes whose changes take effect at frame boundaries.

    `make` turns a `Go` into its scene (the game passes `game.flow`'s); without it the stack
    takes only scenes already made.
    """

    def __init__(self, make: Callable[[Go], Scene] | None = None) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._make = make

    @property
    def top(self) -> Scene | None:
        """The scene that gets input, or None when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    @property
    def changing(self) -> bool:
        """Whether a change waits for the frame boundary."""
        return bool(self._pending)

    def push(self, where: Go | Scene) -> None:
        """Put a scene on top (at the frame boundary)."""
        scene = self._scene(where)
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        """Remove the top scene (at the frame boundary)."""
        self._pending.append(self._pop)

    def replace(self, where: Go | Scene) -> None:
        """Swap the top scene for another (at the frame boundary)."""
        scene = self._scene(where)

        def swap() -> None:
            self._pop(resume=False)
            self._push(scene, pause=False)

        self._pending.append(swap)

    def apply(self) -> bool:
        """Apply every waiting change; return whether anything changed."""
        changed = False
        while self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                change()
            changed = True
        return changed

    def _scene(self, where: Go | Scene) -> Scene:
        """The scene a change asks for, made now (as the scene asking sees the game), applied later."""
        if isinstance(where, Scene):
            return where
        if self._make is None:
            raise LookupError(f"this stack was given no way to make scenes by name, so not {where!r}")
        return self._make(where)

    def _push(self, scene: Scene, *, pause: bool = True) -> None:
        if pause and self.scenes:
            self.scenes[-1].pause()
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, *, resume: bool = True) -> None:
        if not self.scenes:
            return
        scene = self.scenes.pop()
        scene.exit()
        scene.stack = None
        if resume and self.scenes:
            self.scenes[-1].resume()

    def handle(self, intent: Intent) -> bool:
        """Give an intent to the top scene, unless a change is waiting (then drop it)."""
        if self._pending or not self.scenes:
            return False
        return self.scenes[-1].handle_event(intent)

    def update(self, dt: float) -> None:
        """Update the top scene."""
        if self.scenes:
            self.scenes[-1].update(dt)

    @property
    def shown(self) -> list[Scene]:
        """The scenes a frame draws: from the lowest that covers the screen up to the top."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0) :]

    @property
    def tracks_drawing(self) -> bool:
        """Whether scenes are shown and each counts all it draws (`Scene.tracks_drawing`): the table's."""
        return bool(self.scenes) and all(scene.tracks_drawing for scene in self.shown)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the shown scenes, lowest first."""
        for scene in self.shown:
            scene.draw(surface)
