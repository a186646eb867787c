"""A counter alone at the table leaves the shoe at their exit: betting starts again from a fresh shuffle,
no money moves, and an illegal leave raises and changes nothing."""

from __future__ import annotations

import pygame
import pytest

from engine import (
    ContinuousShuffler,
    InvalidBetError,
    ShoeStateError,
    StackedShoe,
    Table,
    load_rules,
)
from engine import events as ev
from engine.record import round_start_state
from engine.shoe import restore_shoe, shoe_snapshot
from tests.test_game_helpers import button, chip, click, finish_round, press, run_until, scene_name, top


def played_table(seed: int = 3) -> Table:
    """Ann alone at Vegas Strip, one round played, the next round open for bets."""
    table = Table(load_rules("vegas-strip"), [("Ann", 100_000)], seed=seed)
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    while not rnd.is_over:
        rnd.stand()
    table.start_round()
    return table


def test_leaving_the_shoe_starts_the_same_round_again_from_a_fresh_shuffle() -> None:
    table = played_table()
    dealt_before = table.shoe.remaining
    assert dealt_before < 312
    table.leave_shoe()
    assert table.round is None and table.rounds_played == 1
    state = round_start_state(table)
    rnd = table.start_round()
    assert rnd.number == 2
    assert any(isinstance(e, ev.ShoeShuffled) for e in rnd.events)
    assert table.shoe.remaining == 312
    again = restore_shoe(state["shoe"])  # the journal's start state shuffles to the same order
    assert again.needs_shuffle
    again.shuffle()
    assert again.undealt_cards() == table.shoe.undealt_cards()


def test_leaving_after_a_bet_raises_and_changes_nothing() -> None:
    table = played_table()
    rnd = table.round
    assert rnd is not None
    rnd.place_bet(0, 1000)
    before = shoe_snapshot(table.shoe), table.bankrolls(), table.rounds_played
    with pytest.raises(InvalidBetError, match="already out"):
        table.leave_shoe()
    assert (shoe_snapshot(table.shoe), table.bankrolls(), table.rounds_played) == before
    assert table.round is rnd


@pytest.mark.parametrize("shoe", [StackedShoe("T 7 9 T 8 5 5 5"), ContinuousShuffler(6, seed=4)],
                         ids=["stacked", "csm"])
def test_a_source_with_no_shoe_to_leave_refuses_and_changes_nothing(shoe) -> None:
    table = Table(load_rules("vegas-strip"), [("Ann", 100_000)], shoe=shoe)
    rnd = table.start_round()
    before = shoe_snapshot(table.shoe)
    with pytest.raises(ShoeStateError, match="no shoe"):
        table.leave_shoe()
    assert shoe_snapshot(table.shoe) == before and table.round is rnd and table.rounds_played == 1


def test_alone_at_the_table_w_leaves_the_shoe(apps) -> None:
    app = apps(speed="instant", seed=8, start="betting")
    click(app, chip(25))
    click(app, button(app, "deal").center)
    finish_round(app)
    run_until(app, lambda: scene_name(app) == "BettingScene" and top(app).turn is not None)
    sit_out = top(app).buttons.by_name("sitout")
    assert sit_out.visible and sit_out.label == "Leave shoe"
    bankroll, number = app.ctx.session.table.bankroll(0), app.ctx.round.number
    assert app.ctx.session.table.shoe.remaining < 312
    press(app, pygame.K_w)
    assert app.ctx.note == "You left the shoe: the cards are shuffled."
    assert app.ctx.session.table.shoe.remaining == 312
    assert (app.ctx.session.table.bankroll(0), app.ctx.round.number) == (bankroll, number)
    assert any(isinstance(e, ev.ShoeShuffled) for e in app.ctx.round.events)
