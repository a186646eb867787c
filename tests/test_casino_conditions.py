"""Casino conditions (a setting): bots fill the seats and come and go between shoes, never in a
person's seat; the dealer's pace varies; a card is burned after each shuffle; money is conserved."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.shuffler import BurningShoe
from game import layout
from game.app import App
from game.casino import DEALER_PACE, MOVE_JITTER, SeatChange, between_shoes, churn
from game.scenes import betting
from game.seats import parse_seats
from game.settings import Settings, load_settings, save_settings
from tests.test_game_helpers import button, click, run, run_until, scene_name


def casino_app(folder: Path, seats: str = "Ann", *, casino: bool = True, autoplay: bool = True) -> App:
    settings = Settings(rules="single-deck", speed="instant", sound=False, casino=casino)
    app = App(data_dir=folder, settings_dir=folder, seat_specs=parse_seats(seats), settings=settings,
              autoplay=autoplay, seed=5)
    run_until(app, lambda: scene_name(app) == "BettingScene", 30)
    return app


def test_bots_fill_the_table_and_come_and_go_between_shoes_never_in_a_persons_seat(tmp_path, monkeypatch):
    calls: list[tuple[bool, list[SeatChange]]] = []
    conserved: list[bool] = []

    def watched(session, rng, make_bot):  # what the betting scene asks for, as it asks
        at_shuffle = session.table.shoe.needs_shuffle
        changes = between_shoes(session, rng, make_bot)
        calls.append((at_shuffle, changes))
        table = session.table  # between rounds, so no bet is out: every cent is in a bankroll or the house
        conserved.append(sum(table.bankrolls()) + table.house == table.bought_in)
        return changes

    monkeypatch.setattr(betting, "between_shoes", watched)
    app = casino_app(tmp_path, "Ann,,Bob")
    try:
        session = app.ctx.session
        assert session.seats == 7 and [i.person for i in session.seats_info].count(True) == 2
        assert [session.seats_info[s].name for s in session.people] == ["Ann", "Bob"]
        assert session.people == [0, 2], "people keep their setup rows; bots take the rest"
        bots_before = [(i.bot, i.left) for i in session.seats_info]
        autoplayers = {seat: session.bots[seat] for seat in session.people}  # autoplay plays the people
        for _ in range(400):
            run(app, 0.25)
            for seat in session.people:
                info = session.seats_info[seat]
                assert info.person and not info.left and info.bot == ""
                assert session.bots[seat] is autoplayers[seat]
            if sum(bool(changes) for _, changes in calls) >= 3:
                break
        assert sum(bool(changes) for _, changes in calls) >= 3, "bots came and went at several shuffles"
        assert all(at_shuffle for at_shuffle, _ in calls), "seats change only as a new shoe starts"
        assert not {c.seat for _, changes in calls for c in changes} & set(session.people)
        assert [(i.bot, i.left) for i in session.seats_info] != bots_before
        assert conserved and all(conserved), "every cent is one the seats brought, as bots come and go"
    finally:
        app.close()


def test_the_dealer_burns_a_card_after_each_shuffle_and_the_count_never_sees_it(tmp_path):
    app = casino_app(tmp_path)  # one deck: every card is one of a kind
    try:
        session = app.ctx.session
        shoe = session.table.shoe
        assert isinstance(shoe, BurningShoe) and shoe.burn == 1
        for _ in range(40):
            run(app, 0.25)
            if session.watcher.shuffles >= 3 and session.table.round.is_over:
                break
        burned = shoe.burned_cards()
        assert len(burned) == 1 and shoe.tray_size == shoe.discarded + 1
        assert burned[0] not in session.watcher.seen, "the bots' count never sees the burned card"
        assert shoe.remaining + shoe.tray_size == 52
    finally:
        app.close()


def test_without_casino_conditions_the_table_is_as_the_setup_left_it(tmp_path):
    app = casino_app(tmp_path, casino=False)
    try:
        assert app.ctx.session.seats == 1 and type(app.ctx.session.table.shoe).__name__ == "Shoe"
        durations = {app.ctx.presenter.duration(1.0) for _ in range(5)}
        assert durations == {0.0}
    finally:
        app.close()


def test_the_dealers_pace_varies_within_its_range_only_under_casino_conditions(tmp_path):
    app = casino_app(tmp_path)
    try:
        presenter = app.ctx.presenter
        presenter.settings = presenter.settings.with_changes(speed="normal")
        paced = [presenter.duration(1.0) for _ in range(50)]
        low, high = DEALER_PACE[0] * MOVE_JITTER[0], DEALER_PACE[1] * MOVE_JITTER[1]
        assert all(low <= d <= high for d in paced) and len(set(paced)) > 40
        presenter.settings = presenter.settings.with_changes(casino=False)
        assert {presenter.duration(1.0) for _ in range(5)} == {1.0}
    finally:
        app.close()


@pytest.mark.parametrize("seed", range(5))
def test_churn_only_touches_the_seats_it_is_given(seed):
    seats = {1: "basic", 3: None, 4: "counter", 6: None}
    changes = churn(seats, random.Random(seed))
    assert {c.seat for c in changes} <= set(seats)
    assert all((c.kind is None) == (seats[c.seat] is not None) for c in changes)


def test_the_setting_is_saved_and_read_back(tmp_path):
    path = tmp_path / "settings.json"
    assert save_settings(Settings(casino=True), path) is None
    assert load_settings(path)[0].casino is True


def test_the_settings_dialog_switches_casino_conditions(tmp_path):
    app = casino_app(tmp_path, casino=False, autoplay=False)
    try:
        click(app, layout.menu_button_rect().center)
        run_until(app, lambda: scene_name(app) == "SettingsScene")
        click(app, button(app, "casino+").center)
        assert app.ctx.settings.casino is True
        assert load_settings(tmp_path / "settings.json")[0].casino is True
    finally:
        app.close()
