"""The compiled kernel plays exactly FastTable's (and Round's) rounds when fed the same shoes.

Each test shuffles some shoes in advance, deals them to a `FastTable` (through a shoe
that takes the next prepared order at each shuffle) and to the kernel's `play_shoes`,
and compares every round: cards drawn, bets, nets, hand results and bankrolls. Counts of
splits, resplits, doubles, surrenders, insurance, even money and reshuffles show the
comparisons covered them. Skipped without the `fast` extra (numba).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest

pytest.importorskip("numba")

from engine import Card, load_rules, preset_ids
from engine.bots import (
    BOT_NAMES,
    DEFAULT_SPREAD,
    BotTable,
    CounterBot,
    NoviceStyle,
    make_bot,
    ramp_for_spread,
)
from engine.cards import FULL_DECK
from engine.fastplay import FastTable
from engine.kernel import declines, play_seeded, play_shoes, supports
from engine.rules import DoubleOn, Rules, Surrender
from engine.shoe import Shoe, StackedShoe
from engine.simulate import BANKROLL, Plan, run_chunk
from engine.tally import TRUE_COUNTS, count_bucket
from tests.test_bots_support import round_nets

PRESETS = preset_ids()
PLAYERS = [(bot, NoviceStyle.BUST_CARD) for bot in BOT_NAMES if bot != "novice"] + [
    ("novice", style) for style in NoviceStyle
]


class ScriptedShoe(Shoe):
    """A shoe with a cut card whose every shuffle deals the next of some prepared orders."""

    def __init__(
        self, rules: Rules, orders: Sequence[Sequence[Card]], keys: Sequence[Sequence[int]] = ()
    ) -> None:
        super().__init__(rules.decks or 1, float(rules.penetration), seed=0)
        self._orders = list(orders)
        self._keys = list(keys)

    def shuffle(self) -> int:
        if not self._orders:
            raise IndexError("the prepared shoes ran out")
        self._undealt = list(reversed(self._orders.pop(0)))
        self._discards = []
        self._dealt = 0
        self._shuffled = True
        return len(self._undealt)

    def reshuffle_discards(self) -> int:
        """The discards go back in sorted by the next keys (as `play_shoes` does), the first dealt first."""
        keys = self._keys.pop(0)
        order = sorted(range(len(self._discards)), key=lambda i: keys[i])
        back = [self._discards[i] for i in order]
        self._undealt = list(reversed(back)) + self._undealt
        self._discards = []
        return len(back)


def prepared(rules: Rules, seed: int, shoes: int) -> list[list[Card]]:
    """Shoes shuffled in advance (one long deal for an infinite deck)."""
    rng = random.Random(seed)
    if rules.decks is None:
        return [[rng.choice(FULL_DECK) for _ in range(30 * shoes)]]
    orders = []
    for _ in range(shoes):
        cards = list(FULL_DECK) * rules.decks
        rng.shuffle(cards)
        orders.append(cards)
    return orders


def compare(
    rules: Rules, bot: str, style: NoviceStyle, seats: int, rounds: int, seed: int, keys: int = 0,
    spread: int = DEFAULT_SPREAD,
) -> Counter[str]:
    """Play the same shoes on the kernel and FastTable and assert every round agrees, and so do the
    counter's sums by the true count at its bet; the kernel's events."""
    cut = Shoe(rules.decks or 1, float(rules.penetration)).cut_index
    count = rounds * 6 * seats // max(cut, 1) + 2 if rules.decks else rounds * seats // 4
    shoes = prepared(rules, seed, count)
    rng = random.Random(seed)
    reshuffle_keys = [rng.sample(range(10**6), len(shoes[0])) for _ in range(keys)]
    bankroll = BANKROLL if rules.tournament is None else rules.tournament.bankroll
    kernel = play_shoes(rules, bot, shoes, rounds, seats=seats, novice_style=style, spread=spread,
                        reshuffle_keys=reshuffle_keys, bankroll=bankroll)
    source = StackedShoe(shoes[0]) if rules.decks is None else ScriptedShoe(rules, shoes, reshuffle_keys)
    bots = [make_bot(bot, rules, novice_style=style, spread=spread) for _ in range(seats)]
    counter = bots[0] if isinstance(bots[0], CounterBot) and rules.decks is not None else None
    by_count = [[0] * (len(TRUE_COUNTS) + 1) for _ in range(7)]
    table = FastTable(rules, bots, bankrolls=[bankroll] * seats, shoe=source)
    assert kernel.rounds > rounds // 2
    for number in range(kernel.rounds):
        if counter is not None:
            counter.bet_true_count = None
        assert table.play_round()
        if counter is not None:
            column = -1 if counter.bet_true_count is None else count_bucket(counter.bet_true_count)
            net, bet = sum(table.nets), sum(table.bets)
            sums = (1, sum(map(bool, table.bets)), net, net * net, bet, bet * bet, net * bet)
            for row, value in zip(by_count, sums, strict=True):
                row[column] += value
        where = f"{rules.name}, {bot} {style.value}, round {number + 1}"
        assert list(kernel.bets[number]) == table.bets, where
        assert list(kernel.nets[number]) == table.nets, where
        assert kernel.round_results(number) == table.results, where
        assert list(kernel.round_bankrolls[number]) == table.bankrolls, where
        assert kernel.cards[number] == len(table.drawn), where
        assert list(kernel.active[number]) == table.active, where
    if counter is not None:
        assert [list(row) for row in kernel.by_count] == by_count
    else:
        assert kernel.by_count == ()
    return Counter(kernel.events)


@pytest.mark.parametrize(("bot", "style"), PLAYERS, ids=[f"{b}-{s.value}" for b, s in PLAYERS])
def test_the_kernel_plays_fastplays_rounds_for_every_preset(bot, style):
    seen: Counter[str] = Counter()
    for preset in PRESETS:
        rules = load_rules(preset)
        if declines(rules, bot) is not None:
            continue
        events = compare(rules, bot, style, 1, 2000, seed=len(preset))
        assert events["shuffles"] > 1 or rules.decks is None, preset
        seen += events
        if preset == "vegas-strip":
            assert events["surrenders"] > 0 or bot == "novice"
        if rules.tournament is not None:
            assert events["tournaments"] > 5, preset
    if style is not NoviceStyle.MIMIC_DEALER:  # the dealer's way never doubles or splits
        assert seen["splits"] > 0 and seen["resplits"] > 0 and seen["doubles"] > 0
    assert seen["dealer_blackjacks"] > 0 and seen["paid_at_once"] > 0
    if bot == "counter":
        assert seen["insurance"] > 0
    if bot == "novice":
        assert seen["even_money"] > 0


@pytest.mark.parametrize("spread", [1, 4, 12])
def test_the_counters_spread_reaches_the_kernels_bets(spread):
    rules = load_rules("vegas-strip")
    compare(rules, "counter", NoviceStyle.BUST_CARD, 1, 1500, seed=spread, spread=spread)
    kernel = play_shoes(rules, "counter", prepared(rules, spread, 40), 1500, spread=spread)
    ramp = ramp_for_spread(spread)
    assert {int(bet) for bet in kernel.bets[:, 0]} == {rules.min_bet * units for units in ramp}
    rounds_by_count = kernel.by_count[0]
    assert sum(rounds_by_count) == kernel.rounds and sum(1 for n in rounds_by_count if n) > 5


@pytest.mark.parametrize("preset", ["vegas-strip", "single-deck", "instant-blackjack", "double-up"])
def test_three_seats_play_the_same_rounds(preset):
    rules = load_rules(preset)
    events = compare(rules, "counter", NoviceStyle.BUST_CARD, 3, 800, seed=5)
    if rules.tournament is None:
        assert events["splits"] > 0
    else:  # seats finish their tournaments at different rounds, and sit out until every seat has
        assert events["tournaments"] > 2


def test_a_shoe_that_runs_out_mid_round_reshuffles_its_discards_the_same_way():
    rules = load_rules("single-deck").with_changes(penetration=1)
    events = compare(rules, "basic", NoviceStyle.BUST_CARD, 7, 200, seed=3, keys=200)
    assert events["mid_round_reshuffles"] > 5


def test_the_event_producing_round_agrees_too():
    rules = load_rules("vegas-strip")
    shoes = prepared(rules, 3, 60)
    kernel = play_shoes(rules, "counter", shoes, 300)
    bots = [make_bot("counter", rules)]
    table = BotTable(rules, bots, bankrolls=[BANKROLL], shoe=ScriptedShoe(rules, shoes))
    for number in range(kernel.rounds):
        played = table.play_round()
        assert played is not None
        assert round_nets(played) == list(kernel.nets[number]), number
        assert tuple(kernel.round_bankrolls[number]) == table.table.bankrolls(), number


def test_the_kernel_declines_what_it_does_not_play():
    doubling = load_rules("double-up").with_changes(double_on=DoubleOn.ANY)
    assert declines(doubling, "basic") == (
        "the kernel plays tournaments only where a bankroll cannot limit a double, split or insurance")
    early = load_rules("vegas-strip").with_changes(surrender=Surrender.EARLY)
    assert declines(early, "basic") == "the kernel does not offer early surrender"
    assert supports(load_rules("vegas-strip"), "basic") is None


def test_a_seeded_run_is_reproducible_and_chunks_use_the_kernel():
    rules = load_rules("vegas-strip")
    once, again = play_seeded(rules, "basic", 3000, 11), play_seeded(rules, "basic", 3000, 11)
    assert once == again and once.rounds == 3000
    assert play_seeded(rules, "basic", 3000, 12).sums != once.sums
    plan = Plan(rules, "basic", rounds=5000, seed=4, engine="kernel")
    tally = run_chunk(plan, 0)
    assert tally.rounds == 5000 and tally == run_chunk(plan, 0)
    assert tally.bet == 5000 * rules.min_bet


def test_the_command_picks_the_kernel_when_it_can_and_says_so(capsys, tmp_path):
    from blackjack.cli import main

    assert main(["simulate", "--json", "--rounds", "3000", "--seed", "2", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["engine"] == "kernel" and out["rounds"] == 3000
    short = ["simulate", "--json", "--rounds", "300", "--seed", "2", "--quiet"]
    early = tmp_path / "early.toml"  # (eight seats, the other rule it declined, is no table's now)
    early.write_text('base = "vegas-strip"\nsurrender = "early"\n')
    assert main([*short, "--rules", str(early)]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "fast"  # early surrender: the kernel declines
    assert main([*short, "--rules", str(early), "--engine", "kernel"]) != 0
    err = capsys.readouterr().err
    assert "cannot simulate in the kernel: the kernel does not offer early surrender" in err


def test_the_kernels_compiled_code_is_cached_with_the_odds_never_beside_the_installed_source(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    import engine.kernel

    source = Path(engine.kernel.__file__).parent
    before = {p: p.stat().st_mtime_ns for p in source.rglob("*") if p.is_file()}
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["BLACKJACK_ODDS_CACHE"] = str(tmp_path / "odds")
    play = ("from engine import load_rules; from engine.kernel import play_seeded; "
            "print(play_seeded(load_rules('vegas-strip'), 'basic', 200, seed=1).rounds)")
    done = subprocess.run([sys.executable, "-c", play], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "200", done.stderr[-500:]
    assert list((tmp_path / "odds" / "numba").rglob("*.nbi")), "numba's cache went elsewhere"
    after = {p: p.stat().st_mtime_ns for p in source.rglob("*") if p.is_file()}
    assert {p for p in after if p.suffix in (".nbi", ".nbc") and before.get(p) != after[p]} == set()
