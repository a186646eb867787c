"""Drills in the game: from the title's Drills button, answered with the table's keys and buttons, saved."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import Action, DecisionKind, StackedShoe, Table, load_rules
from engine.drills import judge, legal_actions, parse_spots
from engine.store import (
    DecisionQuality,
    count_drill_stats,
    drill_stats,
    get_or_create_profile,
    open_store,
    save_round,
)
from game.advisor import PendingDecision, ev_lost
from game.app import App
from game.settings import Settings
from tests.test_game_helpers import button, click, press, run, run_until, scene_name, step, top, type_text

KEYS = {Action.HIT: pygame.K_h, Action.STAND: pygame.K_s, Action.DOUBLE: pygame.K_d, Action.SPLIT: pygame.K_p,
        Action.SURRENDER: pygame.K_r, Action.INSURANCE: pygame.K_y, Action.NO_INSURANCE: pygame.K_n,
        Action.EVEN_MONEY: pygame.K_y, Action.NO_EVEN_MONEY: pygame.K_n, Action.NO_SURRENDER: pygame.K_n}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    with open_store(tmp_path) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000)
    return tmp_path


@pytest.fixture
def setup(folder):
    """The drill setup, reached from the title's Drills button, at a Vegas Strip table."""
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


def start(app, scene="DrillScene"):
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene_name(app) == scene)


def test_answering_the_charts_play_is_right_and_a_wrong_one_shows_every_ev(setup, folder):
    app = setup
    choose(app, "Person", "Ann")
    start(app)
    drill = top(app)
    rules = load_rules("vegas-strip")
    spot = drill.spot
    best = judge(rules, spot, None).best
    press(app, KEYS[best])
    run_until(app, lambda: drill.verdict is not None)
    assert drill.verdict.correct and drill.streak == 1 and (drill.right, drill.answered) == (1, 1)
    assert button(app, "next") and top(app).buttons.by_name("next").visible
    click(app, button(app, "next").center)
    spot = drill.spot
    verdict = judge(rules, spot, None)
    wrong = next(a for a, _ in reversed(verdict.ranked) if a is not verdict.best)
    press(app, KEYS[wrong])
    run_until(app, lambda: drill.verdict is not None)
    assert not drill.verdict.correct and drill.streak == 0 and drill.best_streak == 1
    shown = [line for line, _ in drill.feedback_lines()]
    assert shown[: len(wrap_of(drill))] == wrap_of(drill)
    assert shown[-len(verdict.ranked):] == [
        line + ("  · chart" if a is verdict.best else "  · yours" if a is wrong else "")
        for (a, _), line in zip(verdict.ranked, verdict.ev_lines(), strict=True)
    ], "every play's EV, the chart's and the answer marked"
    app.ctx.records.flush()
    run(app, 0.05)
    with open_store(folder) as store:
        saved = drill_stats(store, "Ann")["hard"]
    assert (saved.answered, saved.correct, saved.streak, saved.best_streak) == (2, 1, 0, 1)
    assert drill.saved == saved and "Ann: 50.0% of 2" in drill.score_lines()[-1]


def wrap_of(drill):
    from game.scenes.drill import drill_rects
    from game.widgets import wrap

    return wrap(drill.ctx.assets, drill.verdict.summary(), 18, drill_rects()["feedback"].w - 32)


def test_the_buttons_answer_too_and_are_enabled_from_the_spots_plays(setup):
    app = setup
    choose(app, "Drill", "Pairs")
    start(app)
    drill = top(app)
    legal = legal_actions(drill.rules, drill.spot)
    for name, action in (("split", Action.SPLIT), ("surrender", Action.SURRENDER), ("double", Action.DOUBLE)):
        assert drill.buttons.by_name(name).enabled == (action in legal)
    assert not drill.buttons.by_name("yes").visible
    click(app, button(app, "stand").center)
    run_until(app, lambda: drill.verdict is not None)
    assert drill.verdict.answer is Action.STAND
    assert not any(drill.buttons.by_name(n).enabled for n in ("hit", "stand")), "one answer per spot"


def test_insurance_spots_take_yes_and_no(setup):
    app = setup
    choose(app, "Drill", "Insurance")
    start(app)
    drill = top(app)
    assert drill.spot.kind in (DecisionKind.INSURANCE, DecisionKind.EVEN_MONEY)
    assert drill.buttons.by_name("yes").visible and not drill.buttons.by_name("hit").visible
    press(app, pygame.K_n)
    run_until(app, lambda: drill.verdict is not None)
    assert drill.verdict.correct and drill.verdict.answer in (Action.NO_INSURANCE, Action.NO_EVEN_MONEY)


def test_a_family_the_rules_rule_out_says_why_on_the_setup(setup):
    app = setup
    choose(app, "Drill", "Surrender")
    choose(app, "Rules", "Downtown")
    press(app, pygame.K_RETURN)
    run(app, 0.05)
    assert scene_name(app) == "DrillSetupScene"
    assert top(app).error == "Downtown has no surrender, so there are no surrender spots to practise."


def test_a_custom_list_names_its_bad_items_and_then_drills_the_good_one(setup):
    app = setup
    choose(app, "Drill", "Custom list")
    type_text(app, "16 vs T, 17 vs Z")
    press(app, pygame.K_RETURN)
    run(app, 0.05)
    assert top(app).error == 'Item 2 "17 vs Z": the up card Z is not a card (use A, 2-9 or T).'
    for _ in range(8):
        press(app, pygame.K_BACKSPACE)
    start(app)
    drill = top(app)
    assert drill.spot.name == "T6 vs T" and drill.family.value == "custom"
    press(app, pygame.K_ESCAPE)
    run(app, 0.05)
    assert scene_name(app) == "DrillSetupScene" and top(app).choice.custom == "16 vs T;"


def test_timed_mode_judges_a_spot_left_unanswered_as_wrong(setup):
    app = setup
    choose(app, "Timed", "3 seconds a spot")
    start(app)
    drill = top(app)
    run(app, 2.5)
    assert drill.verdict is None
    run_until(app, lambda: drill.verdict is not None, seconds=2)
    assert drill.verdict.answer is None and drill.streak == 0
    assert drill.verdict.summary().startswith("Time's up")


def test_an_answer_the_rules_do_not_allow_is_refused_with_a_note(setup):
    app = setup
    choose(app, "Drill", "Custom list")
    choose(app, "Rules", "Downtown")
    type_text(app, "16 vs T")
    start(app)
    drill = top(app)
    press(app, pygame.K_r)
    run(app, 0.05)
    assert drill.verdict is None and drill.judging is None
    assert app.ctx.note == "That is not allowed here under Downtown."


def test_my_mistakes_drills_the_spots_ann_got_wrong_in_play(folder):
    with open_store(folder) as store:
        ann = get_or_create_profile(store, "Ann", bankroll=100_000)
        table = Table(load_rules("vegas-strip"), [(ann.name, ann.bankroll)], shoe=StackedShoe("T 7 6 T 9"),
                      rules_source="vegas-strip")
        rnd = table.start_round()
        rnd.place_bet(0, 1000)
        rnd.deal()
        rnd.act(Action.STAND)  # 16 against a 7: the chart hits
        wrong = DecisionQuality(0, 0, Action.STAND, False, Action.HIT, 100.0)
        save_round(store, rnd, [ann], decisions=[wrong])
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(speed="instant", sound=False,
                                                                      rules="vegas-strip"), seed=4)
    try:
        run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
        click(app, button(app, "drills").center)
        run_until(app, lambda: scene_name(app) == "DrillSetupScene" and "Ann" in top(app).people)
        choose(app, "Drill", "My mistakes")
        press(app, pygame.K_RETURN)
        run(app, 0.05)
        assert top(app).error == "Choose the person whose mistakes to practise."
        choose(app, "Person", "Ann")
        start(app)
        drill = top(app)
        assert [s.name for s in drill.choices] == ["T6 vs 7"] and drill.family.value == "mistakes"
        press(app, pygame.K_h)
        run_until(app, lambda: drill.verdict is not None)
        assert drill.verdict.correct
    finally:
        app.close()


def test_drill_evs_agree_with_what_the_table_counts_as_ev_lost():
    rules = load_rules("vegas-strip")
    for text in ("T6 vs T", "A7 vs 9", "88 vs 6", "T2 vs 3"):
        (spot,) = parse_spots(text, rules)
        legal = legal_actions(rules, spot)
        for action in legal:
            verdict = judge(rules, spot, action)
            pending = PendingDecision(0, 0, DecisionKind.PLAY, action, spot.cards, spot.up, legal, 1000,
                                      False, 1)
            table_cost = 0.0 if verdict.correct else ev_lost(rules, pending, verdict.best)
            assert table_cost == pytest.approx(verdict.cost * 1000), (text, action)


def test_the_count_drill_flashes_cards_then_scores_and_saves_both_counts(setup, folder):
    app = setup
    choose(app, "Drill", "Running count")
    choose(app, "Person", "Ann")
    choose(app, "Speed", "6 cards a second")
    start(app, "CountDrillScene")
    drill = top(app)
    press(app, pygame.K_RETURN)
    seen = []
    while drill.phase == "flashing":
        if drill.showing() and (not seen or seen[-1] is not drill.showing()):
            seen.append(drill.showing())
        step(app)
    assert seen == list(drill.flashes) and all(len(f) == 1 for f in seen), "each card shows, one at a time"
    assert drill.phase == "running" and drill.wants_text
    type_text(app, str(drill.answer.running))
    press(app, pygame.K_RETURN)
    assert drill.phase == "true" and drill.running.result.startswith("Right")
    type_text(app, str(round(drill.answer.true_count) + 2))
    press(app, pygame.K_RETURN)
    assert drill.phase == "done" and drill.true.result.startswith("Wrong")
    app.ctx.records.flush()
    run(app, 0.05)
    with open_store(folder) as store:
        assert count_drill_stats(store, "Ann") == drill.saved
        assert (drill.saved.attempts, drill.saved.running_correct, drill.saved.true_correct) == (1, 1, 0)


def test_a_round_at_once_flashes_a_rounds_worth_of_cards(setup):
    app = setup
    choose(app, "Drill", "Running count")
    choose(app, "Cards", "a whole round at once")
    start(app, "CountDrillScene")
    drill = top(app)
    press(app, pygame.K_RETURN)
    run(app, 0.05)
    assert 7 <= len(drill.showing()) <= 10 and len(drill.flashes) == 6


def test_a_table_saved_in_the_editor_is_drilled_and_one_deleted_since_is_said_and_skipped(folder):
    from engine.tables import save_table, tables_folder

    tables = tables_folder(folder)
    friday = save_table(tables, "Friday", load_rules("downtown"))
    gone = save_table(tables, "Gone", load_rules("single-deck"))
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(speed="instant", sound=False,
                                                                      rules="vegas-strip"), seed=4)
    run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
    click(app, button(app, "drills").center)
    run_until(app, lambda: scene_name(app) == "DrillSetupScene")
    setup = top(app)
    assert str(friday) in setup.rules_ids and str(gone) in setup.rules_ids
    choose(app, "Rules", load_rules(friday).name)
    assert setup.rules == load_rules(friday)
    gone.unlink()
    rules_row = next(i for i, (name, _) in enumerate(setup.rows()) if name == "Rules")
    click(app, button(app, f"next{rules_row}").center)  # on to the deleted table
    assert "Gone" in setup.error and str(gone) not in setup.rules_ids
    assert setup.rules == load_rules(friday), "the choice stays where it was"
    start(app)
    assert top(app).rules == load_rules(friday)
    app.close()
