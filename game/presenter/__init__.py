"""The presenter: replays a round's event log as animation, words and sounds for the table view.

- `cursor`: `Presenter`, the cursor into the event log, one method per event.
- `stage`: the view model it fills in and the tweens that move it.
- `models`: the view model's records (cards, hands, seats, name plates, chip flights).
- `messages`: what the dealer says, worded from events (and the round's summary).
- `cues`: which sound each event plays.
"""

from game.presenter.cursor import Presenter
from game.presenter.messages import card_name, round_summary
from game.presenter.models import CardSprite, ChipFlight, HandModel, PlateModel, SeatModel

__all__ = [
    "CardSprite",
    "ChipFlight",
    "HandModel",
    "PlateModel",
    "Presenter",
    "SeatModel",
    "card_name",
    "round_summary",
]
