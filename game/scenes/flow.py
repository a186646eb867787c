"""Which scene follows when the presenter has caught up with the engine (no rules here: it reads
where the engine stopped and which event waits next)."""

from __future__ import annotations

from engine import events as ev
from game.context import GameContext, is_dealer_phase, is_settlement
from game.scene import Scene


def deal_barrier(ctx: GameContext) -> object:
    """The dealing scene stops before the first offer, turn, peek or the dealer's turn."""
    presenter = ctx.presenter

    def barrier(event: ev.Event) -> bool:
        return isinstance(
            event, ev.InsuranceOffered | ev.SurrenderOffered | ev.TurnStarted | ev.DealerPeeked
        ) or is_dealer_phase(event, presenter)

    return barrier


def next_scene(ctx: GameContext) -> Scene | None:
    """The scene to show now that the presenter is idle, or None to stay."""
    from game.scenes.dealer import DealerTurnScene
    from game.scenes.payout import PayoutScene
    from game.scenes.play import PlayerTurnScene

    presenter = ctx.presenter
    rnd = ctx.round
    events = rnd.events
    if presenter.cursor < len(events):
        upcoming = events[presenter.cursor]
        if is_settlement(upcoming, presenter) and (
            presenter.dealer_phase or isinstance(upcoming, ev.RoundEnded | ev.TournamentEnded)
        ):
            return PayoutScene(ctx)  # (a round can end with no dealer turn: a blackjack paid at once)
        if is_dealer_phase(upcoming, presenter):
            return DealerTurnScene(ctx)
        return PlayerTurnScene(ctx)
    if rnd.decision is not None:
        return PlayerTurnScene(ctx)
    if rnd.is_over:
        return PayoutScene(ctx)
    return None
