"""The casino-conditions screenshot: seven seats of bots around one person, the tray drawn to scale."""

from __future__ import annotations

import tempfile

from game.app import App
from game.seats import parse_seats
from game.settings import Settings


def casino_shot() -> App:
    """Ann at a Vegas Strip table under casino conditions, a few shoes in: bots have come and gone (one
    seat stands empty), the discard tray holds a third of the shoe, and a round is being played."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    settings = Settings(casino=True, speed="instant", rules="vegas-strip")
    app = App(data_dir=folder, settings_dir=folder, settings=settings, seed=31, autoplay=True,
              seat_specs=parse_seats("Ann"))
    session = app.ctx.session
    for _ in range(60 * 600):
        app.wait_while_busy()
        app.step()
        session = app.ctx.session
        shoe = session.table.shoe
        watcher = session.watcher
        ready = (
            session.seats == 7 and watcher is not None and watcher.shuffles >= 2
            and any(info.left for info in session.seats_info)
            and 0.3 <= getattr(shoe, "tray_size", 0) / 312 <= 0.5
        )
        if ready and type(app.stack.top).__name__ == "PlayerTurnScene":
            break
    app.ctx.change_settings(app.ctx.settings.with_changes(speed="normal"))
    for _ in range(90):
        app.step()
    return app
