"""The deviation drill and the index test in the game: from the drill setup, answered by keys and buttons."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from engine import Action, load_rules
from engine.counting import HI_LO
from engine.index_drills import spot_words
from engine.odds import OddsError
from engine.odds.indices import index_table
from engine.store import drill_stats, get_or_create_profile, open_store
from game.app import App
from game.scenes import deviation_drill
from game.settings import Settings
from tests.test_game_drills import KEYS, choose
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, top


@pytest.fixture(scope="module", autouse=True)
def strip_indices() -> None:
    """Vegas Strip's Hi-Lo indices worked out once into the run's cache, for the pricing process to read."""
    index_table(load_rules("vegas-strip"), HI_LO)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000)
        get_or_create_profile(store, "Bob", settings={"count_system": "ko"})
    return tmp_path


@pytest.fixture
def setup(folder):
    """The drill setup, reached from the title's Drills button, at a Vegas Strip table."""
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(speed="instant", sound=False,
                                                                      rules="vegas-strip"), seed=4)
    run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
    click(app, button(app, "drills").center)
    run_until(app, lambda: scene_name(app) == "DrillSetupScene" and "Bob" in top(app).people)
    yield app
    app.close()


def open_drill(app, drill: str):
    """Choose the drill for Ann, start it, and wait for the indices."""
    choose(app, "Drill", drill)
    choose(app, "Person", "Ann")
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == "DeviationDrillScene" and top(app).question is not None)
    return top(app)


def sixteen_v_ten(scene, count: int):
    """The 16 v 10 spot of the Illustrious 18 at a count (its index is +1 at Vegas Strip)."""
    q = next(q for q in scene.questions if (q.play.hand, q.play.up) == ("hard 16", 10))
    assert q.play.index == 1
    return replace(q, count=count)


def saved(folder, family):
    with open_store(folder) as store:
        s = drill_stats(store, "Ann")[family]
    return s.answered, s.correct, s.best_streak


def test_the_setup_offers_both_drills_with_a_family_and_the_persons_system(setup):
    app = setup
    choose(app, "Drill", "Deviations")
    assert top(app).rows()[3:] == [("Indices", "Illustrious 18"), ("System", "Hi-Lo (nobody's own)")]
    choose(app, "Person", "Ann")
    assert top(app).rows()[4] == ("System", "Ann's own: Hi-Lo")
    choose(app, "Person", "Bob")
    assert top(app).rows()[4] == ("System", "Bob's own: KO") and top(app).index_system().name == "KO"
    choose(app, "System", "Zen")
    assert top(app).index_system().name == "Zen"
    choose(app, "Drill", "Index test")
    choose(app, "Indices", "Fab 4")
    choose(app, "Rules", "Downtown")
    press(app, pygame.K_RETURN)
    run(app, 0.05)
    assert scene_name(app) == "DrillSetupScene"
    assert top(app).error == "Downtown has no surrender, so there are no Fab 4 spots to practise."


def test_the_indices_are_worked_out_while_the_frames_run(setup, monkeypatch):
    app = setup
    release = threading.Event()
    real = deviation_drill._prepared

    def slow(*args):
        release.wait(30)
        return real(*args)

    monkeypatch.setattr(deviation_drill, "_prepared", slow)
    choose(app, "Drill", "Deviations")
    press(app, pygame.K_RETURN)
    for _ in range(10):
        app.step()  # frames go on while the worker waits (no wait for background work here)
    scene = top(app)
    assert scene_name(app) == "DeviationDrillScene" and scene.question is None and scene.preparing is not None
    assert not any(scene.buttons.by_name(n).visible for n in ("hit", "stand", "next"))
    release.set()
    run_until(app, lambda: scene.question is not None)
    assert scene.buttons.by_name("stand").visible


def test_the_deviation_drill_judges_16_v_10_by_its_index(setup, folder):
    app = setup
    scene = open_drill(app, "Deviations")
    scene.question = sixteen_v_ten(scene, 1)
    scene._refresh()
    assert not scene.buttons.by_name("surrender").enabled, "surrender set aside for a play index"
    press(app, pygame.K_s)
    assert scene.verdict is not None and scene.verdict.correct and scene.streak == 1
    lines = [line for line, _ in scene.feedback_lines()]
    index = "16 v 10: stand at +1 or above, else hit"
    assert lines == ["Right: stand.", "", index, "", "The true count was +1."]
    click(app, button(app, "next").center)
    assert scene.verdict is None
    scene.question = sixteen_v_ten(scene, -1)
    scene._refresh()
    click(app, button(app, "stand").center)
    assert scene.verdict is not None and not scene.verdict.correct and scene.verdict.right is Action.HIT
    lines = [line for line, _ in scene.feedback_lines()]
    assert lines[0] == "Wrong: you stand; hit is the play." and lines[-1] == "The true count was -1."
    assert (scene.streak, scene.best_streak, scene.right, scene.answered) == (0, 1, 1, 2)
    press(app, pygame.K_h)
    assert scene.answered == 2, "one answer per spot"
    app.ctx.records.flush()
    run(app, 0.05)
    assert saved(folder, "deviation-illustrious-18") == (2, 1, 1)
    assert "Ann: 50.0% of 2" in scene.score_lines()[-1]


def test_the_index_test_says_nothing_until_the_end_then_lists_each_miss(setup, folder):
    app = setup
    scene = open_drill(app, "Index test")
    asked = scene.asked
    assert len(asked) == 20
    misses = []
    for number, q in enumerate(asked):
        assert scene.question == q and f"Spot {number + 1} of 20" in scene.score_lines()[1]
        right = scene.drill.judge(q, None).right
        wrong = sorted(q.legal - {right}, key=lambda a: a.value)[0]
        answer = right if number % 7 else wrong
        if answer is not right:
            misses.append(scene.drill.judge(q, answer).miss_line())
        press(app, KEYS[answer])
        if number < 19:
            assert scene.feedback_lines() == [] and not scene.buttons.by_name("next").visible, "no word yet"
        if number == 2:
            app.ctx.records.flush()
            run(app, 0.05)
            assert scene.score_lines()[-1] == "Ann: no answers saved yet", "the saved totals would tell"
    assert scene.finished and len(misses) == 3
    lines = scene.result_lines()
    assert lines[0] == "Score: 17 of 20 right (85.0%)" and lines[1] == "Missed 3:" and lines[2:] == misses
    assert misses[0].startswith(f"{spot_words(asked[0])} at {asked[0].count:+d}".replace("+0", "0"))
    app.ctx.records.flush()
    run(app, 0.05)
    assert saved(folder, "index-test-illustrious-18") == (20, 17, 6)
    assert scene.score_lines()[-1] == "Ann: 85.0% of 20 · best run 6"
    press(app, pygame.K_RETURN)  # Again: a new test
    assert not scene.finished and scene.answered == 0 and scene.question == scene.asked[0]


def test_indices_that_cannot_be_worked_out_are_one_sentence_and_back(setup, monkeypatch):
    app = setup

    def fails(*args):
        raise OddsError("Vegas Strip: an infinite deck cannot be counted; there are no index plays")

    monkeypatch.setattr(deviation_drill, "_prepared", fails)
    choose(app, "Drill", "Deviations")
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == "DeviationDrillScene" and top(app).error)
    scene = top(app)
    assert scene.error == "Vegas Strip: an infinite deck cannot be counted; there are no index plays."
    assert scene.question is None and not scene.buttons.by_name("stand").visible
    press(app, pygame.K_s)  # nothing to answer
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: scene_name(app) == "DrillSetupScene")
