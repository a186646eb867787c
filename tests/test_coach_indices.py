"""The coach's index judgement on stacked shoes at known counts, the count a decision is read at,
and the round record carrying the index plays the Statistics screen counts."""



from engine import Action, Shoe, Table, load_rules
from engine.bots.counter import ILLUSTRIOUS_18
from engine.coach import Judgement, count_now, judge, mistake_message, situation, standard_for
from engine.counting import HI_LO, SYSTEMS, Precision
from engine.odds import analysis

# Round 1: Ann 4 5 stands on 9; the dealer 6 5 draws T (21). Round 2: Ann 9 7 against a T (hole 7).
# Shown before Ann's second decision: 4 5 6 5 T (+3) and 9 7 T (-1): a Hi-Lo running count of +2,
# true +2 (one deck, 8 cards seen: 44 left, a deck to the half).
SHOE = "4 6 5 5 T 9 T 7 7"


def ordered_shoe(first: str, decks: int = 1) -> Shoe:
    """A real shoe (it keeps a discard tray) that deals these ranks first, then the rest of its decks."""
    shoe = Shoe(decks, 0.6, seed=1)
    shoe.shuffle()
    snapshot = shoe.snapshot()
    rest = list(snapshot["undealt"])
    front = []
    for rank in first.split():
        code = next(c for c in rest if c[0] == rank)
        rest.remove(code)
        front.append(code)
    return Shoe.from_snapshot({**snapshot, "undealt": front + rest})


def second_round(preset: str = "single-deck", shoe: str = SHOE):
    table = Table(load_rules(preset), [("Ann", 100_000)], shoe=ordered_shoe(shoe))
    first = table.start_round()
    first.place_bet(0, 2500)
    first.deal()
    first.act(Action.STAND)
    assert first.is_over
    rnd = table.start_round()
    rnd.place_bet(0, 2500)
    rnd.deal()
    return rnd


def test_the_count_at_a_decision_is_every_card_shown_since_the_shuffle():
    rnd = second_round()
    count = count_now(rnd, HI_LO, Precision.HALF)
    assert (count.running, count.seen, count.count()) == (2, 8, 2)
    ko = count_now(rnd, SYSTEMS["ko"])  # KO starts at 0 for one deck and counts Ann's 7 too: +3
    assert ko.running == 3 and ko.count() == 3


def test_standing_16_against_10_at_a_positive_true_count_is_right_by_the_index_and_wrong_by_basic():
    rnd = second_round()
    spot = situation(rnd)
    chart = analysis(rnd.rules).chart
    count = count_now(rnd, HI_LO, Precision.HALF).count()
    by_index = standard_for(spot, rnd.rules, chart, ILLUSTRIOUS_18, count, HI_LO, Action.STAND)
    by_basic = standard_for(spot, rnd.rules, chart)
    hint = judge(rnd, Action.STAND).hint
    assert by_index.play is Action.STAND and by_index.index_due
    assert not Judgement(spot, Action.STAND, hint, by_index).is_mistake
    assert by_basic.play is Action.HIT and by_basic.index is None
    assert Judgement(spot, Action.STAND, hint, by_basic).is_mistake


def test_hitting_past_the_index_is_a_mistake_that_names_the_index():
    rnd = second_round()
    spot = situation(rnd)
    chart = analysis(rnd.rules).chart
    standard = standard_for(spot, rnd.rules, chart, ILLUSTRIOUS_18, 2, HI_LO, Action.HIT)
    verdict = Judgement(spot, Action.HIT, judge(rnd, Action.HIT).hint, standard)
    assert verdict.is_mistake and verdict.best is Action.STAND
    assert mistake_message(verdict) == "16 vs 10: stand at true 0 or above; the true count is +2."


def test_below_the_index_the_counter_plays_basic_strategy_and_standing_names_the_index():
    rnd = second_round()
    spot = situation(rnd)
    chart = analysis(rnd.rules).chart
    standard = standard_for(spot, rnd.rules, chart, ILLUSTRIOUS_18, -1, HI_LO, Action.STAND)
    verdict = Judgement(spot, Action.STAND, judge(rnd, Action.STAND).hint, standard)
    assert standard.play is Action.HIT and not standard.index_due and verdict.is_mistake
    assert mistake_message(verdict) == "16 vs 10: stand at true 0 or above; the true count is -1."


def test_an_unbalanced_count_is_named_as_a_running_count():
    rnd = second_round()
    spot = situation(rnd)
    chart = analysis(rnd.rules).chart
    standard = standard_for(spot, rnd.rules, chart, ILLUSTRIOUS_18, 4, SYSTEMS["ko"], Action.HIT)
    verdict = Judgement(spot, Action.HIT, judge(rnd, Action.HIT).hint, standard)
    assert mistake_message(verdict) == (
        "16 vs 10: stand at a running count of 0 or above; the running count is +4.")


def test_the_coach_grades_by_the_tables_generated_indices():
    from game.advisor import coach_standard, index_plays_for
    from game.counter_settings import JUDGING_KEY, counter_settings

    rnd = second_round()
    spot = situation(rnd)
    plays = index_plays_for(rnd.rules, HI_LO)
    assert plays is not None
    (sixteen,) = [p for p in plays if (p.hand, p.up, p.at_or_above) == ("hard 16", 10, Action.STAND)]
    counter = counter_settings({JUDGING_KEY: "indices"})
    above = coach_standard(rnd.rules, spot, counter, sixteen.index, Action.HIT)
    below = coach_standard(rnd.rules, spot, counter, sixteen.index - 1, Action.STAND)
    basic = coach_standard(rnd.rules, spot, counter_settings({}), sixteen.index, Action.STAND)
    assert above is not None and below is not None and basic is not None
    assert (above.play, above.index) == (Action.STAND, sixteen) and above.index_due
    assert below.play is Action.HIT and not below.index_due
    assert basic.play is Action.HIT and basic.index is None
