"""The counting drills in the game: reached from the drill setup, answered right and wrong by typing,
saved for the person; the speed drill's clock stepped, not slept; the tray drawn to scale."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engine import events as ev
from engine.count_drills import deck_spot, true_count_spot
from engine.counting import Precision
from engine.store import drill_stats, get_or_create_profile, open_store
from engine.store.drills import speed_best_times
from game.app import App
from game.discard_tray import EDGE_DARK, EDGE_LIGHT, draw_shoe, draw_tray, inner_rect
from game.settings import Settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top, type_text


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000)
    return tmp_path


@pytest.fixture
def setup(folder):
    """The drill setup, reached from the title's Drills button, at a Vegas Strip table (six decks)."""
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(speed="instant", sound=False,
                                                                      rules="vegas-strip"), seed=4)
    run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
    click(app, button(app, "drills").center)
    run_until(app, lambda: scene_name(app) == "DrillSetupScene" and "Ann" in top(app).people)
    yield app
    app.close()


def choose(app, label, value):
    """Click > on the row with this label until it shows the value."""
    for _ in range(40):
        rows = top(app).rows()
        row = next(i for i, (name, _) in enumerate(rows) if name == label)
        if rows[row][1] == value:
            return
        click(app, button(app, f"next{row}").center)
    raise AssertionError(f"{label} never shows {value}")


def open_drill(app, drill, scene, **rows):
    choose(app, "Drill", drill)
    choose(app, "Person", "Ann")
    for label, value in rows.items():
        choose(app, label, value)
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == scene)
    return top(app)


def answer(app, text):
    type_text(app, text)
    press(app, pygame.K_RETURN)


def saved(app, folder, word):
    app.ctx.records.flush()
    run(app, 0.05)
    with open_store(folder) as store:
        return drill_stats(store, "Ann")[word]


def test_true_count_conversion_judges_a_typed_count_at_the_chosen_precision_and_saves_it(setup, folder):
    app = setup
    drill = open_drill(app, "True count conversion", "TrueCountDrillScene",
                       Precision="to the whole deck, floored")
    assert drill.spot == true_count_spot(6, Precision.WHOLE, random.Random(app.ctx.seed)), "a seeded depth"
    assert drill.wants_text and not drill.buttons.by_name("next").visible
    answer(app, str(drill.spot.true_count()))
    assert drill.verdict is True and drill.streak == 1
    assert drill.feedback()[0] == "R" + drill.spot.explain()[1:] + "."
    assert drill.buttons.by_name("next").visible
    click(app, button(app, "next").center)
    assert drill.verdict is None and drill.entry == ""
    wrong = max(drill.spot.accepted()) + 2
    answer(app, str(wrong))
    assert drill.verdict is False and drill.streak == 0 and (drill.right, drill.answered) == (1, 2)
    stats = saved(app, folder, "true-count")
    assert (stats.answered, stats.correct, stats.streak, stats.best_streak) == (2, 1, 0, 1)
    assert drill.saved == stats
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: scene_name(app) == "DrillSetupScene")


def test_a_negative_true_count_is_typed_with_a_minus(setup):
    app = setup
    drill = open_drill(app, "True count conversion", "TrueCountDrillScene")
    for _ in range(40):  # deal on until a negative count comes up
        if drill.spot.true_count() < 0:
            break
        answer(app, "0")
        press(app, pygame.K_RETURN)
    assert drill.spot.true_count() < 0
    answer(app, str(drill.spot.true_count()))
    assert drill.verdict is True and drill.typed == drill.spot.true_count()


def test_deck_estimation_reads_the_shoe_to_the_quarter_deck_and_shows_the_true_figure(setup, folder):
    app = setup
    drill = open_drill(app, "Deck estimation", "DeckDrillScene", Read="the shoe: decks left",
                       Answer="to the quarter deck")
    spot = drill.spot
    assert spot == deck_spot(6, spot.reading, Precision.QUARTER, random.Random(app.ctx.seed))
    quarters = round(spot.figure * 4)
    answer(app, f"{quarters // 4} {quarters % 4}/4" if quarters % 4 else str(quarters // 4))
    assert drill.verdict is True
    assert drill.feedback()[0] == f"The true figure: {spot.explain()}."
    press(app, pygame.K_RETURN)
    answer(app, f"{float(drill.spot.figure) + 1:.2f}")
    assert drill.verdict is False
    stats = saved(app, folder, "deck-estimation")
    assert (stats.answered, stats.correct) == (2, 1)


def test_a_deck_answer_that_does_not_read_is_said_and_not_scored(setup):
    app = setup
    drill = open_drill(app, "Deck estimation", "DeckDrillScene")
    answer(app, "1/0")
    assert drill.verdict is None and drill.answered == 0
    assert drill.error == '"1/0" is not a number of decks: type it like 2.5 or 2 1/2.'
    type_text(app, "x")  # letters are not taken
    assert drill.entry == "1/0"


def test_the_speed_drill_stops_the_clock_to_ask_and_keeps_the_best_deck(setup, folder):
    app = setup
    drill = open_drill(app, "Speed counting", "SpeedDrillScene", Flash="4 cards at a time")
    assert drill.deck_seconds == 60
    press(app, pygame.K_RETURN)
    run_deck = drill.run
    assert drill.phase == "flashing" and len(run_deck.flashes) == 13
    shown = []
    while drill.phase == "flashing":
        if drill.showing() and (not shown or shown[-1] is not drill.showing()):
            shown.append(drill.showing())
        app.step(0.05)  # the clock is stepped
    first = run_deck.stops[0]
    assert drill.phase == "asked" and drill.shown == first and shown == list(run_deck.flashes[:first])
    assert drill.elapsed == pytest.approx(first * 60 / 13, abs=0.06)
    asked_at = drill.elapsed
    run(app, 1.0)
    assert drill.elapsed == asked_at, "the clock stops while the count is asked"
    counts = []
    while drill.phase != "done":
        if drill.phase == "asked":
            right = drill.run.count_after(drill.shown)
            counts.append(right)
            answer(app, str(right))
        app.step(0.05)
    assert len(counts) == 3 and drill.deck_right and drill.answered == 3 and drill.best_streak == 3
    assert drill.best == 60 and drill.next_seconds == 55, "a deck counted right: the next is faster"
    press(app, pygame.K_RETURN)
    assert drill.deck_seconds == 55 and drill.flash_time() == pytest.approx(55 / 13)
    while drill.phase != "done":
        if drill.phase == "asked":
            answer(app, str(drill.run.count_after(drill.shown) + 1))  # every count wrong
        app.step(0.05)
    assert not drill.deck_right and drill.next_seconds == 60 and drill.best == 60
    app.ctx.records.flush()
    run(app, 0.05)
    with open_store(folder) as store:
        assert speed_best_times(store, "Ann") == {4: 60.0}
        stats = drill_stats(store, "Ann")["speed-count"]
    assert (stats.answered, stats.correct, stats.best_streak) == (6, 3, 3)


def test_a_full_table_deals_real_rounds_and_asks_the_running_count(setup, folder):
    app = setup
    drill = open_drill(app, "Counting at a full table", "TableCountDrillScene", Seats="5 seats",
                       Pace="fast: a card every 0.3 s")
    press(app, pygame.K_RETURN)
    assert drill.phase == "dealing"
    run_until(app, lambda: drill.phase == "asked", seconds=600)
    played = drill.round
    assert played.asked and set(drill.hands) == set(range(5))
    on_table = [code for hands in drill.hands.values() for h in hands for code in h] + drill.dealer
    if not any(isinstance(e, ev.ShoeShuffled) and e.mid_round for e in played.events):
        assert sorted(c for c in on_table if c) == sorted(c.code for c in played.shown)
    answer(app, str(played.running))
    assert drill.phase == "told" and drill.verdict is True and drill.result.startswith("Right")
    press(app, pygame.K_RETURN)
    assert drill.phase == "dealing" and drill.round is not played
    run_until(app, lambda: drill.phase == "asked", seconds=600)
    answer(app, str(drill.round.running + 3))
    assert drill.verdict is False and drill.result.endswith(f"not {drill.round.running + 3:+d}")
    stats = saved(app, folder, "full-table")
    assert (stats.answered, stats.correct, stats.best_streak) == (2, 1, 1)


def test_counting_drills_at_an_endless_shoe_say_why_on_the_setup(setup):
    app = setup
    choose(app, "Drill", "Deck estimation")
    choose(app, "Rules", "Infinite Deck")
    press(app, pygame.K_RETURN)
    run(app, 0.05)
    assert scene_name(app) == "DrillSetupScene"
    assert top(app).error.startswith("Infinite Deck deals from an endless shoe")


@pytest.mark.parametrize("cards", [26, 52, 104, 208, 312])
def test_the_tray_stack_is_drawn_to_scale(cards):
    surface = pygame.Surface((300, 600))
    rect = pygame.Rect(50, 40, 150, 436)  # the inside is 420 pixels: 312 cards of six decks
    draw_tray(surface, rect, cards, 6)
    column = rect.centerx
    filled = [y for y in range(rect.top, rect.bottom)
              if surface.get_at((column, y))[:3] in (EDGE_LIGHT, EDGE_DARK, (255, 255, 255))]
    assert len(filled) == round(inner_rect(rect).h * cards / 312)
    assert max(filled) == inner_rect(rect).bottom - 1, "stacked from the bottom"


def test_the_tray_marks_each_deck_and_the_shoe_is_drawn_to_scale_too():
    surface = pygame.Surface((700, 600))
    rect = pygame.Rect(50, 40, 150, 436)
    draw_tray(surface, rect, 0, 6)
    marks = [y for y in range(rect.top, rect.bottom) if surface.get_at((rect.x + 2, y))[:3] == (226, 190, 90)]
    assert len({y // 10 for y in marks}) == 5, "a mark between each of six decks"
    shoe = pygame.Rect(50, 500, 560, 80)
    stack = draw_shoe(surface, shoe, 156, 6)
    assert stack.w == round(inner_rect(shoe).w / 2) and stack.right == inner_rect(shoe).right


@pytest.mark.parametrize(("drill", "scene"), [("True count conversion", "TrueCountDrillScene"),
                                              ("Deck estimation", "DeckDrillScene"),
                                              ("Speed counting", "SpeedDrillScene"),
                                              ("Counting at a full table", "TableCountDrillScene")])
def test_a_random_mash_of_keys_typing_and_clicks_breaks_no_counting_drill(setup, drill, scene):
    app = setup
    opened = open_drill(app, drill, scene)
    rng = random.Random(7)
    keys = (pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_SPACE, pygame.K_h, pygame.K_TAB, pygame.K_c)
    for _ in range(200):
        roll = rng.random()
        if roll < 0.4:
            type_text(app, rng.choice(["-", "1", "2 1/2", ".", "/", "0", "x", "-7", "3.75", " "]))
        elif roll < 0.8:
            press(app, rng.choice(keys))
        else:
            pos = (rng.randrange(1280), rng.randrange(600))  # never the Back button's rail
            click(app, pos)
        run(app, rng.choice((0.02, 0.1)))
        assert top(app) is opened
    assert opened.answered >= 1 or getattr(opened, "phase", "ready") != "ready", "the mash got it going"
