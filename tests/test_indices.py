"""Index plays computed by the odds engine: the shoe at a count, exact small cases, the published Hi-Lo
figures, the cache, and the `blackjack indices` command."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from blackjack.cli import main
from engine.actions import Action
from engine.bots.counter import FAB_4, ILLUSTRIOUS_18, CounterBot, IndexPlay
from engine.cards import parse_cards
from engine.counting import SYSTEMS, count_system
from engine.odds import action_evs, basic_strategy
from engine.odds import indices as indices_module
from engine.odds.composition import Composition
from engine.odds.count_shoe import CountScale
from engine.odds.indices import (
    IndexEntry,
    IndexTable,
    compute_table,
    crossing,
    index_plays,
    index_table,
    price_shoe,
    round_index,
)
from engine.odds.strategy import HandKind
from engine.rulesets import load_rules

HI_LO = SYSTEMS["hi-lo"]


def _scale(system_key: str, decks: int) -> CountScale:
    system = SYSTEMS[system_key]
    return CountScale.of(system.tags, system.red_seven, decks=decks,
                         initial_running_count=system.initial_running_count(decks))


def _seen_count(scale: CountScale, system_key: str, shift: float) -> float:
    """The running count a counter holds when the cards left are `scale.composition(shift)`: the start plus
    the tags of every card no longer in the shoe."""
    system = SYSTEMS[system_key]
    full = Composition.full(scale.decks).counts
    assert full is not None
    # The proportions of the shoe priced, at the depth the running count is read at.
    left = [c * scale.depth / scale.decks for c in scale.composition(shift)]
    seen = [f - c for f, c in zip(full, left, strict=True)]
    tags = sum(n * float(t) for n, t in zip(seen, system.tags, strict=True))
    return float(system.initial_running_count(scale.decks)) + tags


# ---- the shoe at a count, by hand ---------------------------------------------------------------


def test_one_deck_at_hi_lo_plus_four_moves_each_rank_by_its_tag():
    # +4 over one deck left: the 40 squared tags of a deck share it, a tenth of each tagged card moves.
    shoe = _scale("hi-lo", 1).composition(4.0)
    assert shoe == pytest.approx((4.4, 3.6, 3.6, 3.6, 3.6, 3.6, 4.0, 4.0, 4.0, 17.6))
    assert sum(shoe) == pytest.approx(52)


@pytest.mark.parametrize("key", ["hi-lo", "ko", "wong-halves", "uston-apc", "reko", "zen"])
@pytest.mark.parametrize("count", [-7.0, 0.0, 2.5])
def test_the_shoe_at_a_count_is_one_a_counter_reading_that_count_faces(key, count):
    scale = _scale(key, 6)
    shift = scale.shift(count)
    assert scale.count(shift) == pytest.approx(count)
    # Balanced: the true count is the running count per deck left; unbalanced: the running count itself.
    seen = _seen_count(scale, key, shift)
    assert (seen / scale.depth if SYSTEMS[key].balanced else seen) == pytest.approx(count)
    assert sum(scale.composition(shift)) == pytest.approx(52 * scale.decks)


def test_red_7_moves_its_sevens_by_the_red_half_only():
    scale = _scale("red-7", 6)
    mean = 2 / 52  # a deck of Red 7 counts to +2
    neutral, high = scale.composition(0.0), scale.composition(3.0)
    # Two red sevens a deck tagged +1 and two black ones tagged 0, against four twos tagged +1.
    ratio = (high[6] - neutral[6]) / (high[1] - neutral[1])
    assert ratio == pytest.approx((2 * (1 - mean) + 2 * (0 - mean)) / (4 * (1 - mean)))


def test_ko_at_its_pivot_reads_the_same_shoe_at_any_depth():
    # KO starts at 4 - 4 per deck, so a running count of +4 means the same cards left at any depth.
    six, two = _scale("ko", 6), _scale("ko", 2)
    assert six.depth != two.depth
    assert six.shift(4.0) == pytest.approx(two.shift(4.0))


def test_no_cards_dealt_means_a_neutral_count_every_round():
    weights = _scale("hi-lo", 6).frequencies([-1.0, 0.0, 1.0], 0.0)
    assert weights == pytest.approx((0.0, 1.0, 0.0))


# ---- pricing, crossings and rounding --------------------------------------------------------------


def test_insurance_is_priced_from_the_ten_density_exactly():
    rules = load_rules("single-deck")
    priced = price_shoe(rules, Composition.full(1).counts or ())
    row = priced[("insurance", 1)]
    # An ace up leaves 51 cards, 16 of them tens: insurance wins 2 half-units 16/51 of the time.
    assert row.values[Action.INSURANCE] == pytest.approx((3 * 16 / 51 - 1) / 2)
    assert row.chance == pytest.approx(4 / 52)


def test_a_row_is_its_two_card_hands_weighted_by_their_chances():
    rules = load_rules("single-deck")
    full = Composition.full(1)
    priced = price_shoe(rules, full.counts or ())
    up = parse_cards("6")[0]
    # Hard 16 against a 6 (no dealer blackjack is possible): T,6 and 9,7 from the 51 cards left.
    hands = {"T 6": 2 * 16 / 51 * 3 / 50, "9 7": 2 * 4 / 51 * 4 / 50}
    expected = {}
    for cards, chance in hands.items():
        for action, value in action_evs(rules, parse_cards(cards), up).items():
            expected[action] = expected.get(action, 0.0) + chance * value / sum(hands.values())
    row = priced[("hard 16", 6)]
    assert row.chance == pytest.approx(4 / 52 * sum(hands.values()))
    for action in (Action.STAND, Action.HIT):
        # The hint looks one card deep exactly, the chart's pricing two: they agree to a few 1e-4.
        assert row.values[action] == pytest.approx(expected[action], abs=2e-3)


def test_crossing_is_linear_between_two_counts_and_rounds_half_up():
    assert crossing(2.0, 3.0, -0.01, 0.03) == pytest.approx(2.25)
    assert crossing(-1.0, 0.0, -0.02, 0.02) == pytest.approx(-0.5)
    assert [round_index(x) for x in (3.06, 2.5, 0.49, -0.5, -0.51, -2.5)] == [3, 3, 0, 0, -1, -2]


def test_infinite_deck_and_no_up_card_cannot_be_indexed():
    with pytest.raises(ValueError, match="infinite deck cannot be counted"):
        compute_table(load_rules("infinite-deck"), HI_LO)
    with pytest.raises(ValueError, match="no up card"):
        compute_table(load_rules("double-up").with_changes(decks=6), HI_LO)


def test_ko_indexes_by_the_running_count_at_half_the_shoe(monkeypatch):
    # Insurance is linear in the count, so three counts priced find its crossing exactly.
    monkeypatch.setattr(indices_module, "STEPS", 1)
    table = compute_table(load_rules("vegas-strip"), SYSTEMS["ko"])
    entry = table.find("insurance", 1, Action.INSURANCE)
    assert entry is not None and not table.balanced and table.depth == 3
    # KO: a deck counts +4 (m = 1/13 a card); spread = 24 (12/13)^2 + 8 (1/13)^2 + 20 (14/13)^2.
    m = 1 / 13
    spread = 24 * (1 - m) ** 2 + 8 * m**2 + 20 * (1 + m) ** 2
    # Tens in the 312-card shoe at shift u: 96 + (6u / spread) 16 (1 + m); insurance pays at 311/3 of them.
    u = (311 / 3 - 96) * spread / (6 * 16 * (1 + m))
    # Read at 3 decks left: start -20, plus 3 decks seen at +4, plus u per deck left.
    assert entry.crossing == pytest.approx(-20 + 3 * 4 + 3 * u)
    assert entry.index == round_index(entry.crossing) == 2


# ---- a one-deck table: insurance exactly, progress, the cache ---------------------------------------


@pytest.fixture(scope="module")
def single_deck_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The cache folder `single_deck` prices into: its own, as another test (in this process or the
    other) may have cached these rules' table in the run's folder already."""
    return tmp_path_factory.mktemp("single-deck-indices")


@pytest.fixture(scope="module")
def single_deck(single_deck_folder: Path) -> tuple[IndexTable, list[tuple[int, int]]]:
    told: list[tuple[int, int]] = []
    rules = load_rules("single-deck")
    indices_module._memory.clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BLACKJACK_ODDS_CACHE", str(single_deck_folder))
        table = index_table(rules, HI_LO, lambda done, total: told.append((done, total)))
    return table, told


def test_one_deck_insurance_index_is_where_a_third_of_the_cards_left_are_tens(single_deck):
    table, _ = single_deck
    entry = table.find("insurance", 1, Action.INSURANCE)
    assert entry is not None and entry.below is Action.NO_INSURANCE
    # 52 cards at true count t: 16 + 16t/40 tens; less the ace up, 51 cards. 3 tens = 51 cards at t = 2.5.
    assert entry.crossing == pytest.approx(2.5)
    assert entry.index == 3


def test_the_progress_is_told_once_per_count_priced(single_deck):
    _, told = single_deck
    assert told == [(k, 21) for k in range(1, 22)]


def test_a_table_comes_back_from_the_disk_cache_without_pricing(single_deck, single_deck_folder, monkeypatch):
    table, _ = single_deck
    monkeypatch.setenv("BLACKJACK_ODDS_CACHE", str(single_deck_folder))
    indices_module._memory.clear()

    def refuse(*args, **kwargs):
        raise AssertionError("priced again")

    monkeypatch.setattr(indices_module, "compute_table", refuse)
    again = index_table(load_rules("single-deck"), HI_LO)
    assert again.entries == table.entries and again.seconds == 0.0


def test_a_broken_cache_file_is_priced_again(single_deck, monkeypatch, tmp_path):
    monkeypatch.setenv("BLACKJACK_ODDS_CACHE", str(tmp_path))
    rules = load_rules("single-deck")
    name = f"indices-{indices_module.table_key(rules, HI_LO)}.json"
    (tmp_path / name).write_text('{"format": 1, "entries": [{"hand": 3}]}')
    indices_module._memory.clear()
    calls = []
    monkeypatch.setattr(indices_module, "compute_table",
                        lambda *args: calls.append(args) or single_deck[0])
    assert index_table(rules, HI_LO).entries == single_deck[0].entries
    assert len(calls) == 1
    assert json.loads((tmp_path / name).read_text())["format"] == indices_module.FORMAT


# ---- the published Hi-Lo figures, six decks ---------------------------------------------------------


@pytest.fixture(scope="module")
def six_deck_s17() -> IndexTable:
    # vegas-strip: six decks, S17, DAS, late surrender. The hit/stand/double/split indices leave
    # surrender out, so they are the no-surrender game's (the Illustrious 18's game) as they stand.
    return index_table(load_rules("vegas-strip"), HI_LO)


@pytest.fixture(scope="module")
def six_deck_h17() -> IndexTable:
    return index_table(load_rules("vegas-strip").with_changes(dealer_hits_soft_17=True), HI_LO)


@pytest.mark.parametrize("play", ILLUSTRIOUS_18 + FAB_4, ids=lambda p: f"{p.hand} v {p.up} {p.group}")
def test_hi_lo_six_deck_s17_is_within_one_of_the_published_index(six_deck_s17, play: IndexPlay):
    entry = six_deck_s17.find(play.hand, play.up, play.at_or_above)
    assert entry is not None, f"no index for {play.describe()}"
    assert entry.at_or_above is play.at_or_above
    if play.below is not None:
        assert entry.below is play.below
    assert entry.surrender is (play.at_or_above is Action.SURRENDER)
    assert abs(entry.index - play.index) <= 1, (entry, play)


def test_h17_moves_the_indices_the_way_published_h17_tables_do(six_deck_s17, six_deck_h17):
    def index(table: IndexTable, hand: str, up: int, play: Action) -> int:
        entry = table.find(hand, up, play)
        assert entry is not None
        return entry.index

    def crossing_of(table: IndexTable, hand: str, up: int, play: Action) -> float:
        entry = table.find(hand, up, play)
        assert entry is not None
        return entry.crossing

    # Published H17: 11 v A doubles from -1 (S17 +1), 10 v A from +3 (S17 +4),
    # 15 v A surrenders from -1 (S17 +1): each comes down, 11 v A and 15 v A below zero.
    h17, s17 = six_deck_h17, six_deck_s17
    assert index(h17, "hard 11", 1, Action.DOUBLE) == -1 < index(s17, "hard 11", 1, Action.DOUBLE)
    assert index(h17, "hard 15", 1, Action.SURRENDER) == -1 < index(s17, "hard 15", 1, Action.SURRENDER)
    assert index(h17, "hard 10", 1, Action.DOUBLE) == 3
    for hand, play in (("hard 11", Action.DOUBLE), ("hard 10", Action.DOUBLE), ("hard 15", Action.SURRENDER)):
        assert crossing_of(h17, hand, 1, play) < crossing_of(s17, hand, 1, play) - 0.5
    # A ten up never makes a soft 17, so nothing against a ten moves.
    against_ten = [(e.hand, e.index, e.at_or_above) for e in six_deck_s17.entries if e.up == 10]
    assert against_ten == [(e.hand, e.index, e.at_or_above) for e in six_deck_h17.entries if e.up == 10]


def test_at_the_neutral_count_every_best_play_is_the_basic_strategy_charts(six_deck_s17):
    chart = basic_strategy(load_rules("vegas-strip"))
    plays = frozenset((Action.HIT, Action.STAND, Action.DOUBLE))
    nearest: dict[tuple[str, int, bool], IndexEntry] = {}
    for entry in six_deck_s17.entries:  # a row's change nearest the neutral count borders it
        key = (entry.hand, entry.up, entry.surrender)
        if key not in nearest or abs(entry.crossing) < abs(nearest[key].crossing):
            nearest[key] = entry
    checked = 0
    for entry in nearest.values():
        kind, _, value = entry.hand.partition(" ")
        if kind not in ("hard", "soft"):
            continue
        neutral = entry.below if entry.crossing > 0 else entry.at_or_above
        if entry.surrender:
            code = chart.lookup(HandKind(kind), int(value), entry.up)
            assert code.surrenders is (neutral is Action.SURRENDER), entry
        else:
            assert chart.decide(int(value), kind == "soft", None, entry.up, plays) is neutral, entry
        checked += 1
    assert checked > 70


def test_the_views_rank_by_gain_and_hold_the_big_plays(six_deck_s17):
    i18, fab = six_deck_s17.illustrious(), six_deck_s17.fab()
    assert len(i18) == 18 and len(fab) == 4
    assert [e.gain for e in i18] == sorted((e.gain for e in i18), reverse=True)
    assert i18[0].hand == "insurance"  # the most valuable index play of all, as Schlesinger found
    assert all(not e.surrender for e in i18) and all(e.surrender for e in fab)
    assert ("hard 15", 10) in [(e.hand, e.up) for e in fab]


def test_the_counter_bot_takes_the_generated_plays(six_deck_s17):
    rules = load_rules("vegas-strip")
    plays = index_plays(rules, HI_LO)
    assert all(isinstance(p, IndexPlay) for p in plays) and len(plays) == len(six_deck_s17.entries)
    groups = [p.group for p in plays]
    assert groups.count("Illustrious 18") == 18 and groups.count("Fab 4") == 4
    CounterBot(basic_strategy(rules), plays=plays)


# ---- the command -------------------------------------------------------------------------------------


def test_indices_json_is_one_object_per_play(six_deck_s17, capsys):
    assert main(["indices", "--rules", "vegas-strip", "--system", "hi-lo", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [json.loads(line) for line in lines]
    assert len(rows) == len(six_deck_s17.entries)
    assert rows[0] == {"hand": "insurance", "up": "A", "index": 3, "at_or_above": "insurance",
                       "below": "no-insurance", "gain": rows[0]["gain"], "group": "Illustrious 18"}
    sixteen = next(r for r in rows if (r["hand"], r["up"], r["at_or_above"]) == ("hard 16", "T", "stand"))
    assert sixteen["below"] == "hit" and sixteen["index"] in (-1, 0, 1)


def test_indices_csv_and_text(six_deck_s17, capsys):
    assert main(["indices", "--rules", "vegas-strip", "--csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "hand,up,index,at_or_above,below,gain,group"
    assert len(out) == 1 + len(six_deck_s17.entries)
    assert main(["indices", "--rules", "vegas-strip"]) == 0
    text = capsys.readouterr().out
    assert "Illustrious 18 for this game" in text and "Fab 4 for this game" in text
    assert "published Hi-Lo" in text


@pytest.mark.parametrize(("argv", "words"), [
    (["--system", "no-such-count"], "no-such-count"),
    (["--rules", "no-such-rules"], "no-such-rules"),
    (["--rules", "infinite-deck"], "infinite deck cannot be counted"),
])
def test_bad_input_is_one_line_and_status_2(argv, words, capsys):
    assert main(["indices", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("blackjack: ") and words in lines[0]


def test_a_broken_system_file_is_one_line_and_status_2(tmp_path, capsys):
    broken = tmp_path / "mine.toml"
    broken.write_text('name = "Mine"\ntags = [1, 2]\n')
    assert main(["indices", "--system", str(broken)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("blackjack: ") and "mine.toml" in err[0]


def test_the_command_loads_no_pygame():
    probe = "import sys, blackjack.commands.indices, engine.odds.indices; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_cache_knows_a_system_by_its_tags_not_its_name(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "Mine"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n')
    rules = load_rules("vegas-strip")
    key = indices_module.table_key
    assert key(rules, count_system(str(path))) == key(rules, HI_LO)
    assert key(rules, HI_LO) != key(rules.with_changes(penetration=Fraction(1, 2)), HI_LO)


def test_the_progress_bar_draws_on_a_terminal(tmp_path):
    import os

    from tests.process_helpers import run_on_a_terminal

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "BLACKJACK_ODDS_CACHE": str(tmp_path)}
    done, drawn = run_on_a_terminal(
        [sys.executable, "-m", "blackjack", "indices", "--rules", "single-deck", "--system", "zen", "--json"],
        cwd=root, env=env, timeout=300,
    )
    assert done.returncode == 0
    assert "pricing each count" in drawn and "21/21" in drawn
    assert json.loads(done.stdout.splitlines()[0])["hand"] == "insurance"
