"""The dealer's turn: the hole card turns over and the dealer draws, paced so a person can follow."""

from __future__ import annotations

from game.context import is_settlement
from game.scenes.animating import AnimatingScene


class DealerTurnScene(AnimatingScene):
    """Plays the dealer's events up to the settlement."""

    def enter(self) -> None:
        """Stop before the first settlement."""
        presenter = self.ctx.presenter
        presenter.barrier = lambda event: is_settlement(event, presenter)
        presenter.active = None
        presenter.turn = None
