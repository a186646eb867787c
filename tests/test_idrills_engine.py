"""The deviation drill's spots and judging (`engine.index_drills`), on generated and fixed indices."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, DecisionKind, Surrender, load_rules
from engine.bots.counter import INDEX_PLAYS
from engine.counting import HI_LO, SYSTEMS
from engine.drills import DrillError
from engine.index_drills import (
    OFFSETS,
    TEST_SIZE,
    IndexDrill,
    IndexFamily,
    draw_question,
    index_test,
    index_words,
    prepare,
    why_no_index_drill,
)
from engine.odds import basic_strategy


@pytest.fixture(scope="module")
def strip() -> IndexDrill:
    """Vegas Strip (six decks, S17, late surrender) with its generated Hi-Lo indices."""
    return prepare(load_rules("vegas-strip"), HI_LO)


def the_question(drill: IndexDrill, hand: str, up: int, count: int):
    """The family-wide question of a row at a count (the first hand that makes it)."""
    return next(q for q in drill.questions(IndexFamily.ALL)
                if q.play.hand == hand and q.play.up == up and q.count == count)


def test_every_spot_is_at_its_index_or_one_either_side_and_both_plays_come_up(strip):
    questions = strip.questions(IndexFamily.ALL)
    assert {q.count - q.play.index for q in questions} == set(OFFSETS)
    for play in {q.play for q in questions}:
        counts = {q.count for q in questions if q.play == play}
        assert {play.index - 1, play.index} <= counts, play


def test_the_judge_plays_each_index_its_own_way_on_either_side(strip):
    for q in strip.questions(IndexFamily.ALL):
        right = strip.judge(q, None).right
        if q.count >= q.play.index:
            assert right is q.play.at_or_above, (q, right)
        else:
            assert right is q.play.below, (q, right)


def test_every_generated_index_is_drilled(strip):
    assert {q.play for q in strip.questions(IndexFamily.ALL)} == set(strip.plays)


def test_a_pair_surrender_and_a_second_surrender_change_are_judged_by_their_own_index(strip):
    # 8,8 v 10 surrenders by its own row (+2), not 16 v 10's; 17 v A surrenders from -8 up to -4 only.
    eights = the_question(strip, "pair 8", 10, 2)
    assert eights.play.at_or_above is Action.SURRENDER and {Action.SURRENDER, Action.SPLIT} <= eights.legal
    assert strip.judge(eights, Action.SURRENDER).correct
    assert strip.judge(replace(eights, count=1), Action.SPLIT).correct
    seventeen = the_question(strip, "hard 17", 1, -4)
    assert (seventeen.play.at_or_above, seventeen.play.below) == (Action.STAND, Action.SURRENDER)
    assert Action.SURRENDER in seventeen.legal, "a surrender index offers surrender on either side of it"
    assert strip.judge(seventeen, Action.STAND).correct
    assert strip.judge(replace(seventeen, count=-5), Action.SURRENDER).correct


def test_families_hold_their_groups(strip):
    i18 = strip.questions(IndexFamily.ILLUSTRIOUS)
    fab = strip.questions(IndexFamily.FAB)
    assert len({q.play for q in i18}) == 18 and {q.play.group for q in i18} == {"Illustrious 18"}
    assert len({q.play for q in fab}) == 4 and {q.play.group for q in fab} == {"Fab 4"}
    assert all(q.play.at_or_above is Action.SURRENDER and Action.SURRENDER in q.legal for q in fab)
    everything = set(strip.questions(IndexFamily.ALL))
    assert set(i18) <= everything and set(fab) <= everything
    assert any(q.spot.kind is DecisionKind.INSURANCE for q in i18), "insurance is the first of the 18"


def test_a_play_index_is_asked_with_surrender_set_aside(strip):
    q = the_question(strip, "hard 16", 10, 1)
    assert Action.SURRENDER not in q.legal and {Action.HIT, Action.STAND} <= q.legal


def test_hi_lo_16_against_a_ten_stands_at_plus_one_and_hits_at_minus_one(strip):
    q = the_question(strip, "hard 16", 10, 1)
    assert q.play.index == 1 and q.play.group == "Illustrious 18"
    stand = strip.judge(q, Action.STAND)
    assert stand.correct and stand.summary() == "Right: stand."
    assert stand.count_line() == "The true count was +1."
    assert index_words(q.play) == "16 v 10: stand at +1 or above, else hit"
    low = strip.judge(replace(q, count=-1), Action.STAND)
    assert not low.correct and low.right is Action.HIT
    assert low.summary() == "Wrong: you stand; hit is the play."
    assert low.miss_line() == "16 v 10 at -1: you stand, hit is right (stand at +1 or above, else hit)"


def test_an_answer_not_offered_is_refused(strip):
    q = the_question(strip, "hard 16", 10, 1)
    with pytest.raises(DrillError, match="surrender is not one of the plays offered here"):
        strip.judge(q, Action.SURRENDER)


NO_SURRENDER = [load_rules("downtown"), load_rules("vegas-strip").with_changes(surrender=Surrender.NONE)]


@pytest.mark.parametrize("rules", NO_SURRENDER, ids=["downtown", "strip-without-surrender"])
def test_no_fab_4_without_surrender(rules):
    drill = IndexDrill(rules, HI_LO, INDEX_PLAYS, basic_strategy(rules))
    with pytest.raises(DrillError, match="has no surrender, so there are no Fab 4 spots to practise"):
        drill.questions(IndexFamily.FAB)
    assert all(Action.SURRENDER not in q.legal for q in drill.questions(IndexFamily.ALL))


def test_an_endless_shoe_has_no_index_drill():
    rules = load_rules("instant-blackjack")
    assert why_no_index_drill(rules, IndexFamily.ALL) == (
        "Instant Blackjack deals from an endless shoe, which has no count to play indices by.")


def test_an_unbalanced_system_is_asked_at_running_counts():
    rules = load_rules("vegas-strip")
    drill = IndexDrill(rules, SYSTEMS["ko"], INDEX_PLAYS, basic_strategy(rules))
    i18 = drill.questions(IndexFamily.ILLUSTRIOUS)
    q = next(q for q in i18 if (q.play.hand, q.play.up) == ("hard 16", 10))
    assert drill.judge(q, Action.STAND).count_line().startswith("The running count was")


def test_the_same_seed_deals_the_same_spots(strip):
    questions = strip.questions(IndexFamily.ILLUSTRIOUS)
    first = [draw_question(questions, random.Random(7)) for _ in range(3)]
    again = [draw_question(questions, random.Random(7)) for _ in range(3)]
    assert first == again
    assert all(c.suit is not None for q in first for c in (*q.spot.cards, q.spot.up)), "dealt with suits"


def test_an_index_test_asks_each_index_and_count_once(strip):
    questions = strip.questions(IndexFamily.ILLUSTRIOUS)
    test = index_test(questions, random.Random(3))
    assert len(test) == TEST_SIZE
    assert len({(q.play, q.count) for q in test}) == TEST_SIZE
    assert index_test(questions, random.Random(3)) == test
    fab = index_test(strip.questions(IndexFamily.FAB), random.Random(3))
    assert len(fab) == len({(q.play, q.count) for q in strip.questions(IndexFamily.FAB)}) < TEST_SIZE


def test_the_drill_crosses_to_the_game_process_whole(strip):
    q = the_question(strip, "hard 16", 10, 1)
    back = pickle.loads(pickle.dumps(strip))
    assert back.judge(q, Action.STAND) == strip.judge(q, Action.STAND)


@given(seed=st.integers(0, 10**6), size=st.integers(1, 60))
@settings(max_examples=40, deadline=None)
def test_any_seed_deals_a_test_of_different_spots_from_the_family(strip, seed, size):
    questions = strip.questions(IndexFamily.ILLUSTRIOUS)
    keys = {(q.play, q.count) for q in questions}
    test = index_test(questions, random.Random(seed), size)
    assert len(test) == min(size, len(keys)) == len({(q.play, q.count) for q in test})
    assert all((q.play, q.count) in keys and q.play.group == "Illustrious 18" for q in test)
