"""The dealing scene: the cards fly out of the shoe; a click deals them at once."""

from __future__ import annotations

from engine import events as ev
from engine.i18n import _
from game.context import GameContext, is_dealer_phase
from game.scenes.animating import AnimatingScene


def deal_barrier(ctx: GameContext) -> object:
    """The dealing scene stops before the first offer, turn, peek or the dealer's turn."""
    presenter = ctx.presenter

    def barrier(event: ev.Event) -> bool:
        return isinstance(
            event, ev.InsuranceOffered | ev.SurrenderOffered | ev.TurnStarted | ev.DealerPeeked
        ) or is_dealer_phase(event, presenter)

    return barrier


class DealingScene(AnimatingScene):
    """Shows the deal: two cards to each seat, the dealer's up card and hole card."""

    def enter(self) -> None:
        """Stop before the first offer or turn."""
        self.ctx.presenter.barrier = deal_barrier(self.ctx)  # type: ignore[assignment]
        self.ctx.presenter.message = _("Dealing...")
        self.ctx.presenter.turn = None
        self.ctx.presenter.pending_bet = 0
