"""Seat order: seats are dealt and played from first base (the dealer's left, the screen's right)
to third base, as in a casino; the engine's seat 0 is first base."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import StackedShoe
from engine import events as ev
from game import layout
from game.app import App
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import run_until, scene_name


@pytest.mark.parametrize("seats", range(2, 8))
def test_seat_one_sits_at_first_base_on_the_screens_right(seats):
    xs = [layout.seat_position(p)[0] for p in layout.table_positions(seats)]
    assert xs == sorted(xs, reverse=True), "each seat sits left of the one dealt before it"
    assert len(set(layout.table_positions(seats))) == seats


def test_seven_seats_fill_the_arc_and_one_seat_sits_in_the_middle():
    assert layout.table_positions(7) == [6, 5, 4, 3, 2, 1, 0]
    assert layout.table_positions(1) == [3]


def test_a_stacked_shoe_deals_first_base_first_and_its_cards_land_on_the_right(tmp_path: Path):
    # three bots: seat 0 gets 9, seat 1 gets 8, seat 2 gets 7, the dealer 6; then the second cards
    app = App(
        data_dir=tmp_path, settings_dir=tmp_path, seat_specs=parse_seats("bot:basic,bot:basic,bot:basic"),
        settings=Settings(speed="instant", sound=False),
        shoe_factory=lambda: StackedShoe("9S 8S 7S 6S TS TH TD TC 5S 5H 5D 5C"),
    )  # type: ignore[arg-type]
    try:
        run_until(app, lambda: scene_name(app) == "PayoutScene")
        dealt = [e for e in app.ctx.round.events if isinstance(e, ev.CardDealt)]
        assert [(e.seat, e.card.code) for e in dealt[:3]] == [(0, "9S"), (1, "8S"), (2, "7S")]
        session, presenter = app.ctx.session, app.ctx.presenter
        assert [info.name for info in session.seats_info] == ["Basic bot 1", "Basic bot 2", "Basic bot 3"]
        first, second, third = (presenter.card_target(seat, 0, 0)[0] for seat in range(3))
        assert first > second > third, "first base's card lies right of second base's, then third's"
    finally:
        app.close()


def test_a_round_kept_before_first_base_moved_reopens_with_its_seats_where_they_were():
    from engine import Table, load_rules
    from game.session import Session

    table = Table(load_rules("vegas-strip"), [("Ann", 10_000), ("Bob", 10_000)])
    seat = {"person": True, "color": [226, 76, 70], "bot": "", "coach": 0, "left": False}
    kept = {
        "rules": "vegas-strip", "mode": "table", "label": None, "buy_in": 10_000,
        "seats": [seat | {"name": "Ann", "position": 2}, seat | {"name": "Bob", "position": 3}],
        "brought": [10_000, 10_000], "last_bets": [0, 0],
    }
    session = Session.reopened(table, kept, [None, None])
    assert session.positions == [2, 3], "a journal from the left-to-right days keeps its own places"
