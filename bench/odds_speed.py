"""The exact odds engine beside Eric Farmer's, and chart plus house edge per preset.

Usage: python bench/odds_speed.py [--runs N] [--farmer DIR]
       python bench/odds_speed.py --presets [PRESET ...]
       python bench/odds_speed.py --pairs [--farmer DIR]

The first form times whole processes, alternating: Farmer's strategy calculator 7.6
(`DIR/strategy`, default ../shared/peers/farmer beside the checkout; a build that needs a
newer processor than this one stops the benchmark with a sentence saying so) and ours cold
(no disk cache) in its two ways: the default with the `fast` extra (the exact mode,
compiled; its compiled code cached, the one compile from an empty cache timed apart) and the
pure-Python default (BLACKJACK_ODDS_PURE=1: the shortcuts), each pinned to one core with
taskset when it is there, for six decks S17 DAS and one deck H17 (both with his exact CDP
splits). It prints each one's overall EV, the median CPU seconds (user + system) of the
process, of what our process spends before its analysis (Python's start, the imports and
numba's start-up) and of our analysis alone, and the medians of the per-round ratios over
Farmer's; beside them, in the same alternation, the floor: processes that only start Python,
import numpy or import numba. The second form times each preset cold and
warm in this process. The third asks Farmer's calculator every action of every pair against
every up card (six decks S17 DAS, one deck H17, one deck S17 DAS; CDP, tens split by value)
and prints the largest difference from ours in exact mode, per case. Figures, never a
pass/fail; on a shared machine quote the ratios.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.peers import PEERS  # noqa: E402
from engine.odds import cache  # noqa: E402
from engine.rulesets import load_rules, preset_ids  # noqa: E402

CASES = {
    # name: (our rule set as Python, Farmer's answers: decks, H17, double any total, [double 9,]
    # double soft, double after hits, DAS, resplit, [resplit aces,] CDZ-, CDP1, surrender, payoff)
    "6 decks S17 DAS split to 4 (vegas-strip, no surrender)": (
        'load_rules("vegas-strip").with_changes(surrender=Surrender.NONE)',
        "6\nn\ny\ny\nn\ny\ny\nn\nn\nn\nn\n1.5\n",
    ),
    "1 deck H17 D10-11 no DAS split once (single-deck)": (
        'load_rules("single-deck").with_changes(surrender=Surrender.NONE)',
        "1\ny\nn\nn\nn\nn\nn\nn\nn\nn\nn\n1.5\n",
    ),
}

PAIR_CASES = {
    **CASES,
    "1 deck S17 DAS split to 4 (vegas-strip with one deck, no surrender)": (
        'load_rules("vegas-strip").with_changes(surrender=Surrender.NONE, decks=1)',
        "1\nn\ny\ny\nn\ny\ny\nn\nn\nn\nn\n1.5\n",
    ),
}
"""The timed cases, and the one-deck game with resplits (where 3,3 v 2 was off), for --pairs."""

OURS = """
import time
from engine.rules import Surrender
from engine.rulesets import load_rules
from engine.odds.dealer import compiled_odds
from engine.odds.house_edge import analyze
if compiled_odds():  # numba's import and start-up (its first compiled call), apart
    from engine.odds import compiled
    memo = compiled.Memo(1, 1)
    compiled._rehash(memo.keys, memo.where, memo.keys.copy(), memo.where.copy())
rules = {rules}
started = time.process_time()
ev = -100 * analyze(rules).optimal_house_edge
print(ev, time.process_time() - started, started)
"""
"""Our analysis in a new process (its default mode): the overall EV (%), the CPU seconds of the
analysis alone, and those before it (Python's start, the imports and numba's start-up)."""

FLOOR = {
    "floor: Python": "pass",
    "floor: + numpy": "import numpy",
    "floor: + numba": "import numba",
}
"""What any process of ours spends before its first sum, whatever it then computes: Python's start
alone, then with numpy's import (every compiled path imports it; with OpenBLAS on one thread, as the
engine sets it), then with numba's."""

ENGINES = {
    "ours compiled": {},
    "ours Python": {"BLACKJACK_ODDS_PURE": "1"},
}
"""Our two ways to run, by their environment: the default with the fast extra (the exact mode,
compiled), and the pure-Python default (the shortcuts of docs/odds.md)."""


def _pinned(command: list[str]) -> list[str]:
    """The command on one core (taskset), when taskset is installed."""
    return ["taskset", "-c", "0", *command] if shutil.which("taskset") else command


def _timed(command: list[str], stdin: str = "", env: dict[str, str] | None = None) -> tuple[float, str]:
    """Run a whole process; its CPU seconds (user + system) and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(_pinned(command), input=stdin, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})})
    if done.returncode != 0:
        signal = f" (signal {-done.returncode})" if done.returncode < 0 else ""
        raise SystemExit(f"odds_speed: {command[0]} failed with status {done.returncode}{signal}:"
                         f" {done.stderr.strip()[-300:] or 'no message'}" + (
                             "; an illegal instruction: this build needs a newer processor, rebuild it for"
                             " this one and pass its folder with --farmer" if done.returncode == -4 else ""))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def _farmer_ev(out_file: Path) -> float:
    """The overall EV (%) Farmer's calculator wrote."""
    for line in out_file.read_text().splitlines():
        if line.strip().startswith("Total |"):
            return float(line.split("|")[1].split()[0])
    raise SystemExit(f"odds_speed: no 'Total |' line in {out_file}")


def compare(runs: int, farmer: Path) -> None:
    """Time ours (compiled and pure Python) and Farmer's, alternating, and print medians and ratios."""
    strategy = farmer / "strategy"
    if not strategy.exists():
        raise SystemExit(f"odds_speed: Farmer's calculator is not at {strategy}")
    if not importlib.util.find_spec("numba"):
        raise SystemExit("odds_speed: the compiled exact mode needs numba: pip install -e '.[fast]'")
    work = Path(tempfile.mkdtemp(prefix="odds-farmer-"))
    python = sys.executable
    first_rules = next(iter(CASES.values()))[0]
    cold = {"NUMBA_CACHE_DIR": str(work / "numba")}
    compile_cpu, _ = _timed([python, "-c", OURS.format(rules=first_rules)], env=cold)
    print(f"{runs} alternating runs each, whole processes, CPU seconds (user + system), one core.")
    print("ours compiled: the exact mode (the default with the fast extra); ours Python: the default"
          " without it (BLACKJACK_ODDS_PURE=1, the shortcuts). 'analysis s' leaves out Python's start,"
          " the imports and numba's start-up, which 'start s' counts. The first analysis after an"
          f" install compiles: {compile_cpu:.1f} s for the whole process (empty numba cache), not counted"
          " below. The floor rows are processes that compute nothing: Python's start alone, with"
          " numpy's import and with numba's, the least a process of ours can cost on each path.")
    print(f"{'case':<56} {'engine':<14} {'EV %':>12} {'process s':>9} {'ratio':>7}"
          f" {'start s':>7} {'analysis s':>10} {'ratio':>7}")
    for name, (rules, answers) in CASES.items():
        times: dict[str, list[float]] = {"farmer": [], **{label: [] for label in (*ENGINES, *FLOOR)}}
        inside: dict[str, list[float]] = {label: [] for label in ENGINES}
        before: dict[str, list[float]] = {label: [] for label in ENGINES}
        evs: dict[str, float] = {}
        out = work / "farmer.txt"
        for _ in range(runs):
            cpu, _ = _timed([str(strategy)], f"{answers}{out}\n0 0\n")
            times["farmer"].append(cpu)
            evs["farmer"] = _farmer_ev(out)
            for label, env in ENGINES.items():
                cpu, printed = _timed([python, "-c", OURS.format(rules=rules)], env=env)
                ev, seconds, start = printed.split()
                times[label].append(cpu)
                inside[label].append(float(seconds))
                before[label].append(float(start))
                evs[label] = float(ev)
            for label, code in FLOOR.items():
                times[label].append(_timed([python, "-c", code], env={"OPENBLAS_NUM_THREADS": "1"})[0])
        for label, seconds in times.items():
            ev = f"{evs[label]:12.9f}" if label in evs else f"{'':12}"
            row = f"{name:<56} {label:<14} {ev} {statistics.median(seconds):9.2f}"
            if label != "farmer":
                ratios = [a / b for a, b in zip(seconds, times["farmer"], strict=True)]
                row += f" {statistics.median(ratios):6.2f}x"
            if label in ENGINES:
                compute = [a / b for a, b in zip(inside[label], times["farmer"], strict=True)]
                row += (f" {statistics.median(before[label]):7.2f}"
                        f" {statistics.median(inside[label]):10.2f} {statistics.median(compute):6.2f}x")
            print(row)


def pairs(farmer: Path) -> None:
    """Every action of every pair against every up card: ours (exact) beside Farmer's."""
    from engine.actions import Action
    from engine.odds.composition import Composition
    from engine.odds.player import Evaluator
    from engine.rules import Surrender

    names = {"Stand": Action.STAND, "Hit": Action.HIT, "Double": Action.DOUBLE, "Split": Action.SPLIT}
    out = Path(tempfile.mkdtemp(prefix="odds-pairs-")) / "farmer.txt"
    queries = [(up, card) for card in range(1, 11) for up in range(1, 11)]
    for name, (rules_text, answers) in PAIR_CASES.items():
        # Farmer splits any two ten-value cards.
        scope = {"load_rules": load_rules, "Surrender": Surrender}
        rules = eval(rules_text, scope).with_changes(pair_by_value=True)
        asked = "".join(f"{up} 2 {card} {card}\n" for up, card in queries)
        _, printed = _timed([str(farmer / "strategy")], f"{answers}{out}\n{asked}0 0\n")
        blocks = printed.split("Enter dealer up card and player hand (Ctrl-C to exit):")[1:]
        worst = (0.0, "")
        for (up, card), block in zip(queries, blocks, strict=False):
            found = re.findall(r"(\w+)\s+E\(X\) =\s+(-?[\d.]+)%", block)
            theirs = {names[word]: float(value) for word, value in found}
            shoe = Composition.full(rules.decks).without([up])
            hand = [card - 1, card - 1]
            ours = Evaluator(rules, up - 1, shoe, exact=True).values(hand, hand)
            for action, value in theirs.items():
                gap = abs(100 * ours[action] - value)
                if gap > worst[0]:
                    worst = (gap, f"{card},{card} v {up} {action.value}")
        print(f"{name}: {len(queries)} pairs and up cards, largest difference {worst[0]:.2e} points"
              f" ({worst[1] or 'none'})")


def presets(ids: list[str]) -> None:
    """Time each preset cold and warm, with a fresh cache folder (this process)."""
    os.environ["BLACKJACK_ODDS_CACHE"] = tempfile.mkdtemp(prefix="odds-bench-")
    print(f"{'preset':<18} {'decks':>8} {'cold s':>8} {'warm ms':>8} {'edge %':>8}")
    for preset in ids or preset_ids():
        rules = load_rules(preset)
        cache.clear_memory()
        started = time.process_time()
        result = cache.cached_analysis(rules)
        cold = time.process_time() - started
        cache.clear_memory()
        started = time.perf_counter()
        cache.cached_analysis(rules)
        warm = time.perf_counter() - started
        decks = "infinite" if rules.decks is None else str(rules.decks)
        print(f"{preset:<18} {decks:>8} {cold:8.2f} {1000 * warm:8.1f} {100 * result.house_edge:8.3f}")


def main(argv: list[str]) -> None:
    """Parse the arguments and run one of the two benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating runs per engine (default 5)")
    parser.add_argument("--farmer", type=Path, default=PEERS / "farmer",
                        help="the folder holding Farmer's strategy calculator")
    parser.add_argument("--presets", nargs="*", metavar="PRESET", help="time presets cold and warm instead")
    parser.add_argument("--pairs", action="store_true", help="compare every pair's values with Farmer's")
    args = parser.parse_args(argv)
    if args.pairs:
        pairs(args.farmer)
    elif args.presets is not None:
        presets(args.presets)
    else:
        compare(args.runs, args.farmer)


if __name__ == "__main__":
    main(sys.argv[1:])
