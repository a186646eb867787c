"""A round in progress survives a quit: it is journaled step by step and opens where it stopped next time.

Real scenes, real clicks and keys, a stacked shoe and a data folder: bet, get dealt, quit
from the settings, and a new App on the same folder opens straight into that round with
its cards and the bankroll after the bet; a split and a double stay taken across restarts;
a double-up's last round saves its result with it; and Leave table does what it says.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pygame

from engine import Card, Shoe, StackedShoe
from engine import events as ev
from engine.bots import hi_lo
from engine.record import replay_record
from engine.store import DATABASE_NAME
from game.app import App
from game.scenes.settings_menu import KEPT_NOTE
from game.seats import parse_seats
from game.settings import Settings
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    click,
    finish_round,
    press,
    run,
    run_until,
    scene_name,
    top,
    type_text,
    wait_for_player,
)

SETTINGS = Settings(speed="instant", sound=False)


def rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(folder / DATABASE_NAME) as connection:
        return connection.execute(sql).fetchall()


def bankroll(folder: Path, name: str) -> int:
    return int(rows(folder, f"SELECT bankroll FROM profiles WHERE name = '{name}'")[0][0])  # type: ignore[call-overload]


def open_app(folder: Path, cards: str, seats: str | None = None) -> App:
    """A game on the data folder dealing from a stacked shoe, at the title or at a --seats table."""
    return App(
        data_dir=folder,
        settings_dir=folder,
        settings=SETTINGS,
        seat_specs=parse_seats(seats) if seats else None,
        shoe_factory=lambda: StackedShoe(cards),
    )


def quit_from_settings(app: App) -> None:
    """Settings, then Quit game, as a person does it; the App closes as `blackjack` closes it."""
    press(app, pygame.K_o)
    assert scene_name(app) == "SettingsScene"
    click(app, button(app, "quit").center)
    app.step()  # the window's quit event comes round
    assert not app.running
    app.close()


def saved(app: App) -> None:
    assert app.ctx.records is not None and app.ctx.records.flush()


def test_a_round_quit_mid_decision_opens_again_with_its_cards_and_the_bet_taken(tmp_path):
    cards = "T 8 3 9 5 2 2 2 2"  # Ann T 3 (13) against an 8; the hole card is a 9; a hit brings 5
    app = open_app(tmp_path, cards, "Ann")
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        before = bankroll(tmp_path, "Ann")
        bet_and_deal(app, 25)
        wait_for_player(app)
        saved(app)
        assert bankroll(tmp_path, "Ann") == before - 2500, "the bet is taken as the cards are dealt"
        [(round_id, unfinished)] = rows(tmp_path, "SELECT id, unfinished FROM rounds")
        assert unfinished == 1
        quit_from_settings(app)
    finally:
        app.close()
    assert bankroll(tmp_path, "Ann") == before - 2500, "quitting refunds nothing"

    again = open_app(tmp_path, "2 2 2")  # a new shoe would deal other cards: the journaled one is used
    try:
        run_until(again, lambda: scene_name(again) == "PlayerTurnScene" and again.ctx.presenter.idle)
        rnd = again.ctx.round
        assert rnd.number == 1 and [c.code for c in rnd.hands(0)[0].cards] == ["T", "3"]
        shown = again.ctx.presenter
        assert [c.code for c in shown.seats[0].hands[0].codes] == ["T", "3"]
        assert [c.code if c else None for c in shown.dealer_codes] == ["8", None], "the hole card is down"
        assert shown.seats[0].shown_bankroll() == before - 2500 and shown.seats[0].shown_bet() == 2500
        assert again.ctx.note == "Round 1 resumed where it stopped."
        assert again.ctx.session.seats_info[0].name == "Ann" and again.ctx.session.seats_info[0].profile
        press(again, pygame.K_h)
        run_until(again, lambda: again.ctx.presenter.idle and again.ctx.round.decision is not None)
        saved(again)
        step = json.loads(str(rows(tmp_path, f"SELECT record FROM rounds WHERE id = {round_id}")[0][0]))
        assert step["decisions"] == ["hit"], "the hit was journaled before its card was shown"
        press(again, pygame.K_s)
        run_until(again, lambda: scene_name(again) == "PayoutScene" and again.ctx.presenter.idle)
        saved(again)
    finally:
        again.close()
    [(kept_id, unfinished, line)] = rows(tmp_path, "SELECT id, unfinished, record FROM rounds")
    record = json.loads(str(line))
    assert (kept_id, unfinished) == (round_id, 0), "the round keeps its id and is finished"
    assert record["shoe"] == ["T", "8", "3", "9", "5"], "the cards it was dealt (the dealer stands on 17)"
    replayed = replay_record(record)
    assert replayed.table.bankroll(0) == bankroll(tmp_path, "Ann") == before + 2500, "18 beats 17"


def test_a_split_and_a_double_stay_taken_across_restarts(tmp_path):
    cards = "8 6 8 T 3 T 9 7 2 2 2"  # Ann 8 8 against a 6 (a ten in the hole)
    app = open_app(tmp_path, cards, "Ann")
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        before = bankroll(tmp_path, "Ann")
        bet_and_deal(app, 25)
        wait_for_player(app)
        press(app, pygame.K_p)
        run_until(app, lambda: app.ctx.presenter.idle and app.ctx.round.decision is not None)
        saved(app)
        assert bankroll(tmp_path, "Ann") == before - 5000, "the split's second bet is taken with its step"
    finally:
        app.close()  # closed mid-round, as the window's close button does
    again = open_app(tmp_path, "2 2 2")
    try:
        run_until(again, lambda: scene_name(again) == "PlayerTurnScene" and again.ctx.presenter.idle)
        assert len(again.ctx.presenter.seats[0].hands) == 2 and again.ctx.round.decision.hand == 0
        assert again.ctx.presenter.seats[0].shown_bet() == 5000
        press(again, pygame.K_d)
        run_until(again, lambda: again.ctx.presenter.idle and again.ctx.round.decision is not None)
        saved(again)
        assert bankroll(tmp_path, "Ann") == before - 7500, "the double is taken with its step"
    finally:
        again.close()
    third = open_app(tmp_path, "2 2 2")
    try:
        run_until(third, lambda: scene_name(third) == "PlayerTurnScene" and third.ctx.presenter.idle)
        assert bankroll(tmp_path, "Ann") == before - 7500, "the double persists across a restart"
        assert third.ctx.round.decision.hand == 1 and third.ctx.presenter.seats[0].hands[0].doubled
        press(third, pygame.K_s)
        run_until(third, lambda: scene_name(third) == "PayoutScene" and third.ctx.presenter.idle)
        saved(third)
    finally:
        third.close()
    [(unfinished, line)] = rows(tmp_path, "SELECT unfinished, record FROM rounds")
    record = json.loads(str(line))
    assert unfinished == 0 and record["decisions"] == ["split", "double", "stand"]
    assert replay_record(record).table.bankroll(0) == bankroll(tmp_path, "Ann") > before


def test_a_double_up_won_in_its_last_round_is_saved_with_that_round(tmp_path):
    app = open_app(tmp_path, "A K 9 9 9 9 9")  # Ann's first card is an ace; the king makes blackjack
    try:
        run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
        click(app, button(app, "tournament").center)
        run_until(app, lambda: scene_name(app) == "TournamentScene")
        type_text(app, "Ann")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "BettingScene" and app.ctx.presenter.idle)
        saved(app)
        first = json.loads(str(rows(tmp_path, "SELECT record FROM rounds WHERE unfinished = 1")[0][0]))
        assert first["shoe"] == ["A"] and first["bets"] == [0], "the first card is journaled before the bet"
        bet_and_deal(app, 100)
        run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
        click(app, button(app, "next").center)
        run_until(app, lambda: scene_name(app) == "TournamentResultScene")
        saved(app)
    finally:
        app.close()
    [(played_at, unfinished, session)] = rows(tmp_path, "SELECT played_at, unfinished, session FROM rounds")
    [(won, final, rounds, finished_at)] = rows(
        tmp_path, "SELECT won, final_bankroll, rounds, finished_at FROM tournaments"
    )
    assert (unfinished, won, final, rounds) == (0, 1, 25_000, 1)
    assert finished_at == played_at, "the result is written in the transaction that finishes its round"
    assert session is not None


def test_leave_table_mid_round_keeps_the_round_as_settings_says_and_the_next_table_resumes_it(tmp_path):
    app = open_app(tmp_path, "T 8 3 9 5 2 2 2 2", "Ann")
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        before = bankroll(tmp_path, "Ann")
        bet_and_deal(app, 25)
        wait_for_player(app)
        press(app, pygame.K_o)
        settings = top(app)
        assert settings.keeps_round  # type: ignore[attr-defined]
        assert "this round is kept and opens where it stopped next time" in KEPT_NOTE
        click(app, button(app, "leave").center)
        run_until(app, lambda: scene_name(app) == "LeaderboardScene")
        saved(app)
        assert rows(tmp_path, "SELECT unfinished FROM rounds") == [(1,)], "nothing is settled"
        assert bankroll(tmp_path, "Ann") == before - 2500, "and nothing refunded"
        click(app, button(app, "new").center)
        run_until(app, lambda: scene_name(app) == "SetupScene")
        setup = top(app)
        click(app, setup.rows[0].field.rect.center)  # type: ignore[attr-defined]
        type_text(app, "Bob")
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "PlayerTurnScene" and app.ctx.presenter.idle)
        assert app.ctx.session.seats_info[0].name == "Ann", "the kept round opens instead of a new table"
        assert [c.code for c in app.ctx.round.hands(0)[0].cards] == ["T", "3"]
    finally:
        app.close()


def cut_round_at_a_rules_file(folder: Path) -> Path:
    """Play to Ann's first decision at a table read from a rules file, then quit; the file's path."""
    rules = folder / "house.toml"
    rules.write_text('name = "House"\nbase = "vegas-strip"\ndecks = 2\n')
    app = App(
        data_dir=folder,
        settings_dir=folder,
        settings=SETTINGS.with_changes(rules=str(rules)),
        seat_specs=parse_seats("Ann"),
        shoe_factory=lambda: StackedShoe("T 8 3 9 5 2 2 2 2"),
    )
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        bet_and_deal(app, 25)
        wait_for_player(app)
        saved(app)
    finally:
        app.close()
    return rules


def test_a_round_whose_rules_file_is_gone_resumes_with_the_rules_it_began_with(tmp_path):
    cut_round_at_a_rules_file(tmp_path).unlink()
    again = open_app(tmp_path, "T 8 3 9 5 2 2 2 2", "Ann")
    try:
        run_until(again, lambda: scene_name(again) == "PlayerTurnScene")
        assert again.ctx.records.problem is None
        assert again.ctx.session.rules.decks == 2 and again.ctx.round.hands(0)[0].cards[0].code[0] == "T"
    finally:
        again.close()


def test_a_round_that_cannot_be_resumed_is_kept_untouched_and_the_game_says_it_plays_without_saving(tmp_path):
    cut_round_at_a_rules_file(tmp_path)
    with sqlite3.connect(tmp_path / DATABASE_NAME) as connection:  # a journal this game cannot read
        (journal,) = connection.execute("SELECT journal FROM rounds WHERE unfinished = 1").fetchone()
        damaged = json.loads(journal)
        damaged["start"]["shoe"] = {"kind": "no such shoe"}
        connection.execute("UPDATE rounds SET journal = ? WHERE unfinished = 1", (json.dumps(damaged),))
    kept = rows(tmp_path, "SELECT * FROM rounds")
    money = bankroll(tmp_path, "Ann")
    again = open_app(tmp_path, "T 8 3 9 5 2 2 2 2", "Ann")
    try:
        run_until(again, lambda: scene_name(again) == "BettingScene")
        problem = again.ctx.records.problem
        assert problem and "Round 1 was left unfinished and cannot be resumed" in problem
        assert "no such shoe" in problem and "plays on without saving" in problem
        assert again.ctx.note.startswith("This table is not saved.")
        bet_and_deal(again, 25)
        run_until(again, lambda: again.ctx.round.decision is not None or again.ctx.round.is_over)
        press(again, pygame.K_s)
        run_until(again, lambda: scene_name(again) == "PayoutScene" and again.ctx.presenter.idle)
        saved(again)
    finally:
        again.close()
    assert rows(tmp_path, "SELECT * FROM rounds") == kept, "the journal is never refunded nor rewritten"
    assert bankroll(tmp_path, "Ann") == money


def test_the_count_goes_on_after_a_restart_mid_shoe(tmp_path):
    """Two rounds dealt from a real shoe, a third cut at Ann's decision: the table opened again
    counts those two rounds' cards (the shoe's discard tray) as well as the third's."""
    def shoe() -> Shoe:
        return Shoe(1, penetration=0.9, seed=27)  # three rounds without a shuffle or an insurance question

    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=SETTINGS, seat_specs=parse_seats("Ann"),
              shoe_factory=shoe)
    try:
        for _ in range(2):
            run_until(app, lambda: scene_name(app) == "BettingScene")
            bet_and_deal(app, 25)
            finish_round(app)
        run_until(app, lambda: scene_name(app) == "BettingScene")
        bet_and_deal(app, 25)
        wait_for_player(app)
        run(app, 0.1)
        counted = app.ctx.trainer.running
        earlier = list(app.ctx.session.table.shoe.discard_tray())
        this_round = hi_lo([card for event in app.ctx.round.events if (card := ev.card_shown(event))])
        saved(app)
        quit_from_settings(app)
    finally:
        app.close()
    finished = rows(tmp_path, "SELECT record FROM rounds WHERE unfinished = 0 ORDER BY id")
    assert [Card.parse(code) for (line,) in finished for code in json.loads(str(line))["shoe"]] == earlier
    assert hi_lo(earlier) != 0, "the first two rounds moved the count"
    assert counted == hi_lo(earlier) + this_round

    again = App(data_dir=tmp_path, settings_dir=tmp_path, settings=SETTINGS, seat_specs=parse_seats("Ann"),
                shoe_factory=shoe)
    try:
        run_until(again, lambda: scene_name(again) == "PlayerTurnScene" and again.ctx.presenter.idle)
        run(again, 0.1)
        assert again.ctx.trainer.running == counted, "the count panel carries on where it stopped"
        assert again.ctx.session.watcher is not None and again.ctx.session.watcher.seen == earlier, (
            "the bots' count starts from the same cards"
        )
    finally:
        again.close()


def test_a_decision_made_before_a_restart_is_judged_with_the_round(tmp_path):
    cards = "T 2 3 9 2 T T T"  # Ann T 3 (13) against a 2: hitting is a mistake; it brings a 2 (15)
    app = open_app(tmp_path, cards, "Ann")
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        bet_and_deal(app, 25)
        wait_for_player(app)
        press(app, pygame.K_h)
        run_until(app, lambda: app.ctx.presenter.idle and app.ctx.round.decision is not None)
        saved(app)
        quit_from_settings(app)
    finally:
        app.close()

    again = open_app(tmp_path, "2 2 2")
    try:
        run_until(again, lambda: scene_name(again) == "PlayerTurnScene" and again.ctx.presenter.idle)
        press(again, pygame.K_s)
        run_until(again, lambda: scene_name(again) == "PayoutScene" and again.ctx.presenter.idle)
        saved(again)
    finally:
        again.close()
    assert rows(tmp_path, "SELECT ordinal, action, best, correct FROM decisions ORDER BY ordinal") == [
        (0, "hit", "stand", 0),
        (1, "stand", "stand", 1),
    ], "the hit taken before the restart is judged as well as the stand after it"
