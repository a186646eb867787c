"""The dealing scene: the cards fly out of the shoe; a click deals them at once."""

from __future__ import annotations

from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scenes.base import TableScene
from game.scenes.flow import deal_barrier, next_scene

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


class AnimatingScene(TableScene):
    """A table scene that mostly watches the presenter: clicks skip, decisions queue."""

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
        if self.ctx.presenter.idle and self.stack is not None and not self.stack.changing:
            scene = next_scene(self.ctx)
            if scene is not None and type(scene) is not type(self):
                self.stack.replace(scene)


class DealingScene(AnimatingScene):
    """Shows the deal: two cards to each seat, the dealer's up card and hole card."""

    def __init__(self, ctx: GameContext) -> None:
        super().__init__(ctx)

    def enter(self) -> None:
        """Stop before the first offer or turn."""
        self.ctx.presenter.barrier = deal_barrier(self.ctx)  # type: ignore[assignment]
        self.ctx.presenter.message = "Dealing..."
        self.ctx.presenter.turn = None
        self.ctx.presenter.pending_bet = 0
