"""The base of the round's watching scenes (dealing, the player's turn, the dealer's turn): clicks skip the
animation, decisions given early wait, and the round moves on by itself when the presenter is idle."""

from __future__ import annotations

from collections.abc import Callable

from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Go, SceneName
from game.scenes.base import TableScene

ACTION_INTENTS = frozenset(
    {
        IntentKind.HIT,
        IntentKind.STAND,
        IntentKind.DOUBLE,
        IntentKind.SPLIT,
        IntentKind.SURRENDER,
        IntentKind.YES,
        IntentKind.NO,
    }
)
"""Intents that answer a decision; given while cards are still moving, they wait their turn."""

Onward = Callable[[], SceneName | None]
"""Where the round goes from a scene once the presenter is idle (None: stay); `game.flow` gives it."""


class AnimatingScene(TableScene):
    """A table scene that mostly watches the presenter: clicks skip, decisions queue."""

    def __init__(self, ctx: GameContext, onward: Onward) -> None:
        super().__init__(ctx)
        self.onward = onward

    def handle_event(self, intent: Intent) -> bool:
        """Skip the animation on a click or Enter; queue decisions for the player's turn."""
        if super().handle_event(intent):
            return True
        if intent.kind in ACTION_INTENTS:
            self.ctx.queued.append(intent)
            self.ctx.presenter.hurry()
            return True
        if intent.kind in (IntentKind.CLICK, IntentKind.CONFIRM):
            self.ctx.presenter.hurry()
            return True
        return False

    def update(self, dt: float) -> None:
        """Move on when the presenter has shown everything this scene is about."""
        super().update(dt)
        if self.ctx.presenter.idle:
            self.move_on()

    def move_on(self) -> None:
        """Go where the round stands now, unless this scene still shows it or a change already waits."""
        if self.stack is None or self.stack.changing:
            return
        where = self.onward()
        if where is not None:
            self.stack.replace(Go(where))
