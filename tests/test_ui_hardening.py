"""Issue 24's game-side hardening, each case as a referee reproduced it on main, with real scenes and clicks.

Two clicks in one frame on the drill setup; "my mistakes" drilling the exact cards missed;
Rebet remembered across a relaunch; the leaderboard after leaving mid-round adding up; and
Enter with an empty circle at a tournament table betting the minimum.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Rank, StackedShoe, Table, load_rules, parse_cards, preset_ids
from engine.drills import (
    DrillError,
    Family,
    Spot,
    count_flashes,
    draw_spot,
    legal_actions,
    most_flashes,
    practicable,
    spots,
)
from engine.store import DecisionQuality, find_profile, get_or_create_profile, open_store, save_round
from game import layout
from game.app import App
from game.presenter import messages
from game.scenes.betting import LAST_BET
from game.scenes.history import ROW_H, round_title
from game.scenes.leaderboard import held_in_round
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
    step,
    top,
    wait_for_player,
)
from tests.test_game_tournament import tournament_app

SETTINGS = Settings(speed="instant", sound=False, rules="vegas-strip")


def open_game(folder: Path, cards: str = "T 8 3 9 5 2 2 2 2", seats: str | None = None) -> App:
    """A game on the data folder, at the title or straight at a --seats table, dealing a stacked shoe."""
    return App(data_dir=folder, settings_dir=folder, settings=SETTINGS, seed=4,
               seat_specs=parse_seats(seats) if seats else None, shoe_factory=lambda: StackedShoe(cards))


def open_drill_setup(app: App, ready: Callable[[Any], bool] = lambda setup: True) -> Any:
    """From the title, the Drills button, and the drill setup once it is up (and `ready`)."""
    run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
    click(app, button(app, "drills").center)
    run_until(app, lambda: scene_name(app) == "DrillSetupScene" and ready(top(app)))
    return top(app)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000, settings={"theme": "night"})
    return tmp_path


# ---- 1. two clicks in one frame on the drill setup -----------------------------------------------


def test_a_second_click_in_the_same_frame_meets_the_drill_setup_as_the_first_click_left_it(folder):
    app = open_game(folder)
    try:
        setup = open_drill_setup(app)
        while setup.rows()[0][1] != "Running count":  # back from Hard totals, past any drills after it
            click(app, button(app, "prev0").center)
        assert [label for label, _ in setup.rows()][-1] == "Cards"
        fifth = button(app, "next4").center
        for pos in (button(app, "prev0").center, fifth):  # My mistakes (four rows), then the fifth row
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        step(app)
        assert scene_name(app) == "DrillSetupScene"
        assert [label for label, _ in setup.rows()] == ["Drill", "Rules", "Person", "Timed"]
        assert setup.rows()[0][1] == "My mistakes" and not setup.buttons.by_name("next4").visible
    finally:
        app.close()


# ---- 2. my mistakes drills the very spot missed ---------------------------------------------------


def test_my_mistakes_drills_a_split_pair_of_jacks_as_a_pair_of_jacks(folder):
    with open_store(folder) as store:
        ann = find_profile(store, "Ann")
        table = Table(load_rules("vegas-strip"), [(ann.name, ann.bankroll)],
                      shoe=StackedShoe("J 6 J 9 5 7 T T"), rules_source="vegas-strip")
        rnd = table.start_round()
        rnd.place_bet(0, 1000)
        rnd.deal()
        rnd.act(Action.SPLIT)  # J J against a 6: the chart stands on twenty
        while not rnd.is_over:
            rnd.act(Action.STAND)
        wrong = DecisionQuality(0, 0, Action.SPLIT, False, Action.STAND, 100.0)
        save_round(store, rnd, [ann], decisions=[wrong])
    app = open_game(folder)
    try:
        open_drill_setup(app, lambda setup: "Ann" in setup.people)
        while top(app).rows()[0][1] != "My mistakes":
            click(app, button(app, "prev0").center)
        while top(app).rows()[2][1] != "Ann":
            click(app, button(app, "next2").center)
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "DrillScene")
        drill = top(app)
        ((choice),) = drill.choices
        assert [c.rank for c in choice.cards] == [Rank.JACK, Rank.JACK]
        for _ in range(12):
            assert [c.rank for c in drill.spot.cards] == [Rank.JACK, Rank.JACK]
            assert Action.SPLIT in drill.legal, "still a pair at a table that pairs by rank"
            drill.next_spot()
    finally:
        app.close()


GENERATED = (Family.HARD, Family.SOFT, Family.PAIRS, Family.SURRENDER, Family.INSURANCE)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), family=st.sampled_from(GENERATED), rules_id=st.sampled_from(preset_ids()))
def test_a_drawn_spot_keeps_what_made_it_that_spot(seed, family, rules_id):
    rules = load_rules(rules_id)
    try:
        choices = spots(family, rules)
    except DrillError:
        return
    rng = random.Random(seed)
    chosen = choices[rng.randrange(len(choices))]
    drawn = draw_spot([chosen], rng)
    assert [c.points for c in drawn.cards] == [c.points for c in chosen.cards], "same total; soft stays soft"
    assert legal_actions(rules, drawn) == legal_actions(rules, chosen), "a pair stays a pair"
    assert (drawn.up.points, drawn.kind, drawn.from_split, drawn.hands) == (
        chosen.up.points, chosen.kind, chosen.from_split, chosen.hands)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.sampled_from(["Jh Js", "Qd Kc", "Th Ks", "As Qh", "Kd Kh"]),
       up=st.sampled_from(["Jc", "6d", "Ts", "Ah"]))
def test_a_spot_from_play_is_drawn_with_its_exact_ranks(seed, hand, up):
    missed = Spot(parse_cards(hand), parse_cards(up)[0], exact=True)
    try:
        (kept,) = practicable(load_rules("vegas-strip"), [missed])
    except DrillError:
        return  # a blackjack is no decision
    drawn = draw_spot([kept], random.Random(seed))
    assert [c.rank for c in drawn.cards] == [c.rank for c in missed.cards] and drawn.up.rank is missed.up.rank
    assert all(c.suit is not None for c in (*drawn.cards, drawn.up))


# ---- 3. rebet memory per profile, across a relaunch ----------------------------------------------


def test_rebet_offers_the_last_bet_again_after_a_relaunch(folder):
    app = open_game(folder, seats="Ann")
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        bet_and_deal(app, 25, 5)
        finish_round(app)
        assert app.ctx.records.flush()
    finally:
        app.close()
    with open_store(folder) as store:
        kept = find_profile(store, "Ann").settings
    assert kept == {"theme": "night", LAST_BET: 3000}, "the other settings stay as they were"
    again = open_game(folder, seats="Ann")
    try:
        run_until(again, lambda: scene_name(again) == "BettingScene")
        assert top(again).buttons.by_name("rebet").enabled
        press(again, pygame.K_b)
        assert top(again).amount == 3000
    finally:
        again.close()


# ---- 4. the leaderboard after leaving mid-round adds up -------------------------------------------


def leave_mid_round(app: App) -> list:
    """Bet 25, get dealt, then Settings → Leave table; the leaderboard's rows once loaded."""
    run_until(app, lambda: scene_name(app) == "BettingScene")
    bet_and_deal(app, 25)
    wait_for_player(app)
    press(app, pygame.K_o)
    click(app, button(app, "leave").center)
    run_until(app, lambda: scene_name(app) == "LeaderboardScene" and top(app).rows is not None)
    return top(app).rows


def test_the_leaderboard_after_leaving_mid_round_shows_the_bet_on_the_table(folder):
    app = open_game(folder, seats="Ann")
    try:
        (row,) = leave_mid_round(app)
        assert (row.net, row.bankroll, row.on_table) == (0, 97_500, 2_500)
        assert row.bankroll + row.on_table == 100_000 + row.net, "brought and won = bankroll + on the table"
        app.screenshot(folder / "leaderboard.png")
    finally:
        app.close()


def test_without_saving_the_table_standings_add_up_too(apps):
    app = apps("T 8 3 9 5 2 2 2 2")
    (row,) = leave_mid_round(app)
    assert (row.net, row.bankroll, row.on_table) == (0, 97_500, 2_500)


def test_money_held_by_a_round_counts_stakes_and_insurance_less_what_it_paid_back():
    table = Table(load_rules("vegas-strip"), [("Ann", 100_000)], shoe=StackedShoe("T A 6 7 8 8 8"))
    rnd = table.start_round()
    rnd.place_bet(0, 1000)
    rnd.deal()
    rnd.act(Action.INSURANCE)
    assert held_in_round(rnd, 0) + table.bankroll(0) == 100_000
    while not rnd.is_over:
        rnd.act(next(iter(sorted(rnd.legal_actions(), key=lambda a: a.value))))
    assert held_in_round(rnd, 0) == 0


# ---- 5. a tournament table bets the minimum on Enter -------------------------------------------


@pytest.fixture
def zoe(tmp_path: Path) -> Path:
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Zoe", bankroll=77_700)
    return tmp_path


@pytest.mark.parametrize("how", ["enter", "deal"])
def test_enter_or_deal_with_an_empty_circle_at_the_double_up_bets_the_minimum(zoe, how):
    app = tournament_app(zoe, ["T 9 T 7 5"])
    try:
        run(app, 0.1)
        assert app.ctx.presenter.message == messages.bet_the_minimum(1000)
        assert messages.bet_the_minimum(1000) == "Press Enter or Deal to bet the minimum, $10."
        assert top(app).amount == 0 and top(app).buttons.by_name("deal").enabled
        if how == "enter":
            press(app, pygame.K_RETURN)
        else:
            click(app, button(app, "deal").center)
        assert app.ctx.round.bet(0) == 1000
        finish_round(app)
        run(app, 0.1)
        assert app.ctx.session.table.bankroll(0) == 11_000, "19 against 17 wins the minimum"
    finally:
        app.close()


def test_the_prompt_goes_back_to_place_your_bets_once_chips_are_in_the_circle(zoe):
    app = tournament_app(zoe, ["T 9 T 7 5"])
    try:
        run(app, 0.1)
        press(app, pygame.K_3)  # $25: at least the minimum (under it, the prompt names the minimum)
        run(app, 0.05)
        assert top(app).amount == 2500 and app.ctx.presenter.message == messages.PLACE_BETS
    finally:
        app.close()


def test_a_double_up_table_opened_with_rules_bets_the_minimum_on_enter(apps):
    app = apps("T 9 T 7 5", rules="double-up")
    run(app, 0.1)
    assert app.ctx.presenter.message == "Press Enter or Deal to bet the minimum, $10."
    press(app, pygame.K_RETURN)
    assert app.ctx.round.bet(0) == 1000


def test_a_plain_table_still_asks_for_chips(apps):
    app = apps("T 9 T 7 5")
    run(app, 0.1)
    press(app, pygame.K_RETURN)
    assert app.ctx.round.bet(0) == 0 and "Put chips in the circle" in app.ctx.note


# ---- found by the monkey: a click on a round while the filtered page is on its way --------------


def test_a_round_clicked_just_before_a_filtered_page_arrives_opens_the_round_clicked(folder):
    with open_store(folder) as store:
        ann = find_profile(store, "Ann")
        table = Table(load_rules("vegas-strip"), [(ann.name, ann.bankroll)],
                      shoe=StackedShoe("T 9 8 T  T 9 7 T  T 8 T 9"), rules_source="vegas-strip")
        for _ in range(3):  # 18 against 19 and 17 against 19 (lost), then 20 against 17 (won)
            rnd = table.start_round()
            rnd.place_bet(0, 1000)
            rnd.deal()
            while not rnd.is_over:
                rnd.act(Action.STAND)
            save_round(store, rnd, [find_profile(store, "Ann")])
    app = open_game(folder)
    try:
        run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
        click(app, button(app, "history").center)
        run_until(app, lambda: scene_name(app) == "HistoryScene" and top(app).page is not None)
        history = top(app)
        oldest = history.page.rounds[2]
        click(app, button(app, "result").center)  # Won: one round; its page is asked for in that frame
        assert app.ctx.records.flush() and history.job is not None and history.job.done()
        assert len(history.page.rounds) == 3, "the new page has not been taken yet"
        box = layout.history_rects()["list"]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=(box.centerx, box.y + ROW_H * 3 + ROW_H // 2)))
        app.step()  # the click meets the page on screen; the update then takes the new one
        run_until(app, lambda: scene_name(app) == "ReplayScene")
        assert top(app).title == round_title(oldest)
    finally:
        app.close()


# ---- found by the monkey: the count drill a round at a time from a single deck -------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), decks=st.integers(1, 8), per_flash=st.sampled_from([1, 8]),
       wanted=st.integers(1, 40))
def test_the_flashes_a_shoe_is_said_to_hold_are_dealt_before_its_cut_card(seed, decks, per_flash, wanted):
    flashes = most_flashes(decks, per_flash, wanted)
    assert 1 <= flashes <= wanted
    assert len(count_flashes(decks, random.Random(seed), flashes=flashes, per_flash=per_flash)) == flashes


def test_a_single_deck_running_count_a_round_at_once_flashes_the_two_rounds_it_holds(folder):
    app = open_game(folder)
    try:
        setup = open_drill_setup(app)
        while setup.rows()[0][1] != "Running count":
            click(app, button(app, "prev0").center)
        while setup.rows()[1][1] != "Single Deck":
            click(app, button(app, "next1").center)
        while setup.rows()[4][1] != "a whole round at once":
            click(app, button(app, "next4").center)
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "CountDrillScene")
        press(app, pygame.K_RETURN)
        run(app, 0.05)
        assert len(top(app).flashes) == 2
    finally:
        app.close()
