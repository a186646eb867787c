"""Clear at a glance at a crowded table (issue 22): seven seats with splits, doubles, busts and a
surrender settle without a card or a label over another seat's, the history row keeps its hands
out of the dealer's column, and a bot has one name at the table, in the history and in the replay."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pygame
import pytest

from engine import Result
from engine.store import open_store
from engine.store.history import round_lines
from game import layout
from game.app import App
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import run, run_until, scene_name, step, top
from tests.test_game_hotseat import bet_in_turn, play_out
from tools.shots_polish import crowded_table


def test_a_bot_has_one_name_at_the_table_in_the_history_and_in_the_replay(tmp_path: Path):
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False),
              seat_specs=parse_seats("Ann,bot:basic,bot:novice,bot:basic"), seed=3)
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        plates = [plate.name for plate in app.ctx.presenter.plates]
        assert plates == ["Ann", "Basic bot 2", "Novice bot", "Basic bot 4"]
        bet_in_turn(app, {"Ann": [25]})
        play_out(app)
        app.ctx.records.flush()
        with open_store(tmp_path) as store:
            (line,) = round_lines(store)
        assert [seat.player for seat in line.seats] == plates
        from game.scene import Go, SceneName

        app.stack.push(Go(SceneName.REPLAY, record=line.record, title="replay"))
        run_until(app, lambda: scene_name(app) == "ReplayScene")
        replay = top(app)
        assert [plate.name for plate in replay.presenter.plates] == plates
        said_while_dealing = set()
        while replay.target < replay.events:
            step(app)
            if replay.presenter.dealer and not replay.presenter.turns_seen:
                said_while_dealing.add(replay.presenter.message)
        assert said_while_dealing and "Place your bets." not in said_while_dealing
        run(app, 0.1)
    finally:
        app.close()


# the seven-seat table is played once for the tests below (after the one above has closed its App:
# one window at a time)
@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory):
    app = crowded_table(tmp_path_factory.mktemp("crowded"), speed="instant")
    yield app
    app.close()


def test_the_crowded_round_has_splits_busts_and_a_surrender_side_by_side(crowded):
    results = [[h.result for h in crowded.ctx.round.hands(seat)] for seat in range(7)]
    assert [len(r) for r in results] == [2, 1, 2, 1, 2, 2, 2]
    assert results[1] == [Result.SURRENDER] and Result.BUST in results[2] and results[3] == [Result.BUST]


def test_no_seats_cards_lie_over_another_seats_at_seven_seats_with_splits(crowded):
    presenter = crowded.ctx.presenter
    cards = {
        seat: [pygame.Rect(presenter.card_target(seat, h, i)) for h, hand in enumerate(model.hands)
               for i in range(len(hand.cards))]
        for seat, model in enumerate(presenter.seats)
    }
    for a, b in combinations(range(7), 2):
        assert not any(x.colliderect(y) for x in cards[a] for y in cards[b]), f"seats {a} and {b} overlap"


def test_every_total_and_result_badge_is_clear_of_every_other_and_inside_its_seats_room(crowded):
    presenter, view = crowded.ctx.presenter, crowded.ctx.view
    labels = [(seat, rect) for seat in range(7) for _, rect in view.seat_labels(presenter, seat)]
    assert len(labels) == 2 * 12 - 1, "a total and a badge for each of the 12 hands; the surrender, a badge"
    for (_, a), (_, b) in combinations(labels, 2):
        assert not a.colliderect(b), f"{a} overlaps {b}"
    canvas = pygame.Rect((0, 0), layout.CANVAS_SIZE)
    for seat, rect in labels:
        bounds = layout.seat_bounds(presenter.positions[seat], presenter.rooms[seat])
        assert canvas.contains(rect) and bounds.contains(rect), f"seat {seat}'s label {rect} leaves its room"


def test_the_seven_seat_history_row_stops_short_of_the_dealers_column(crowded):
    from game.scenes.history import DEALER_X, HANDS_X, hands_cell, hands_text

    crowded.ctx.records.flush()
    with open_store(crowded.ctx.records.data_dir) as store:
        (line,) = round_lines(store)
    box = layout.history_rects()["list"]
    cell = pygame.Rect(box.x + HANDS_X, box.y, DEALER_X - HANDS_X - 20, 42)
    placed = hands_cell(crowded.ctx.assets, hands_text(line), cell)
    assert all(rect.right < box.x + DEALER_X and cell.top <= rect.top and rect.bottom <= cell.bottom
               for rect, _ in placed)
    assert hands_text(line).startswith("Ann ") and "Gus " in hands_text(line), "every seat is listed"
