"""Rounds per second of `blackjack simulate`, beside FreeBJ and Gymnasium's Blackjack-v1 in the same run.

Usage: python bench/simulate.py [--versus-rounds N] [--pairs P] [--scaling-rounds N]
                                [--peers-only | --scaling-only]
                                [--rounds N] [--repeat R] [--gym-rounds N] [--kernel-rounds N]

First, against FreeBJ (the build in ../shared/peers/freebj, see its README: six decks S17
DAS, split to four hands, no resplit of aces, no surrender, cut card at 234 of 312 cards,
basic strategy, one thread) on the same rules (vegas-strip without surrender): P pairs of
whole-process runs, ours (`blackjack simulate --engine kernel --workers 1`) then FreeBJ,
each pinned to one core (`taskset -c 0`), each at N/10 and at N rounds. It prints each
program's whole-process rate (wall clock and per CPU-second, startup included) and its
steady-state rate (the extra rounds of the long run over its extra CPU time), and the
medians of our rate over FreeBJ's, pair by pair. Then two workers against one: P pairs of
`blackjack simulate --engine kernel --workers 1` and `--workers 2` (no pinning), each at N/10
and at N rounds, and the median of the pairs' speedups, whole process and in steady state (the
extra rounds of the long run over its extra wall clock: the start both counts pay once, left
out), with each run's CPU seconds and the core-seconds the virtual machine's host took meanwhile
(`--scaling-only`: this part alone). On a shared machine
these ratios are what to quote.

Times whole `blackjack simulate` runs (process start, imports and the strategy chart
included) for vegas-strip, one seat, the basic bot, one worker, and prints the median of
R runs. In the same run it plays Gymnasium's Blackjack-v1 (a bench-only optional
dependency: `pip install -e '.[bench]'`) with the same basic strategy chart, restricted
to hit and stand since that is all Blackjack-v1 knows, and prints our rate over its.
Figures, never a pass/fail; take them when `uptime` shows a low load.

With the `fast` extra it also times the compiled kernel (`engine.kernel`): rounds per
second of one core in this process (wall clock and CPU time, after a warm-up call), a
whole `blackjack simulate --engine kernel --workers 1` run, the cost floor (a compiled
loop that only shuffles and draws as many cards as those rounds drew), and numba's
compile time from an empty cache and from a warm one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.peers import PEERS  # noqa: E402

FREEBJ = PEERS / "freebj" / "freebj"
"""FreeBJ's build."""
FREEBJ_ARGS = ("-j", "1", "--ahc", "--s17", "--das", "-d", "6", "-p", "234", "--no-surr", "--max-splits", "4",
               "--no-playAA")
"""FreeBJ's options for vegas-strip without surrender (../shared/peers/README.md)."""
NO_SURRENDER = 'base = "vegas-strip"\nsurrender = "none"\n'
"""Our rules file for the same game."""


def installed_environment() -> dict[str, str]:
    """This environment as an installed copy runs: the checkout importable, and Python's bytecode
    cached (a PYTHONDONTWRITEBYTECODE set for development would have every run compile the engine's
    source again, a tenth of a second that no installed copy pays)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(ROOT)}


def whole_process(command: list[str]) -> tuple[float, float, str]:
    """Run a command pinned to core 0: its wall-clock seconds, CPU seconds and standard output."""
    import resource

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    env = installed_environment()
    start, cpu = time.perf_counter(), children()
    done = subprocess.run(["taskset", "-c", "0", *command], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True)
    return time.perf_counter() - start, children() - cpu, done.stdout


def ours_versus(rules_file: Path, rounds: int, seed: int = 1) -> tuple[float, float, float]:
    """One pinned `blackjack simulate --engine kernel --workers 1` run: wall and CPU seconds, and its EV."""
    wall, cpu, out = whole_process([sys.executable, "-m", "blackjack", "simulate", "--rules", str(rules_file),
                                    "--engine", "kernel", "--workers", "1", "--rounds", str(rounds),
                                    "--seed", str(seed), "--json", "--quiet"])
    figures = json.loads(out)
    assert figures["rounds"] == rounds and figures["engine"] == "kernel"
    return wall, cpu, float(figures["ev"])


def freebj(rounds: int) -> tuple[float, float, float]:
    """One pinned FreeBJ run: wall and CPU seconds, and its EV."""
    wall, cpu, out = whole_process([str(FREEBJ), "-n", str(rounds), *FREEBJ_ARGS])
    figures = json.loads(out[out.index("{"):])
    assert figures["rounds"] == rounds
    return wall, cpu, float(figures["ev"])


def versus_freebj(rounds: int, pairs: int) -> None:
    """Alternating pinned runs of ours and FreeBJ; print each one's rates and the median ratios."""
    import tempfile

    short = rounds // 10
    rows: dict[str, list[tuple[float, float, float]]] = {"ours": [], "FreeBJ": []}
    with tempfile.TemporaryDirectory() as folder:
        rules_file = Path(folder) / "six-deck-s17-das.toml"
        rules_file.write_text(NO_SURRENDER, encoding="utf-8")
        ours_versus(rules_file, 1000)  # numba's cache is on disk before the first timed run
        for pair in range(pairs):
            for name, play in (("ours", partial(ours_versus, rules_file)), ("FreeBJ", freebj)):
                _, small_cpu, _ = play(short)
                wall, cpu, ev = play(rounds)
                steady = (rounds - short) / max(cpu - small_cpu, 1e-9)
                rows[name].append((rounds / wall, rounds / cpu, steady))
                print(f"  pair {pair + 1} {name:>6}: whole process {rounds / wall:>12,.0f} rounds/s wall, "
                      f"{rounds / cpu:>12,.0f} per CPU-second; steady state {steady:>12,.0f} per CPU-second; "
                      f"EV {ev:+.4%}", flush=True)
    for column, label in enumerate(("whole process, wall clock", "whole process, per CPU-second",
                                    "steady state, per CPU-second")):
        ratios = [a[column] / b[column] for a, b in zip(rows["ours"], rows["FreeBJ"], strict=True)]
        print(f"ours / FreeBJ, {label}: median {statistics.median(ratios):.2f}x "
              f"(pairs: {', '.join(f'{r:.2f}' for r in ratios)}); ours median "
              f"{statistics.median(r[column] for r in rows['ours']):,.0f}, FreeBJ median "
              f"{statistics.median(r[column] for r in rows['FreeBJ']):,.0f}")


def worker_scaling(rounds: int, pairs: int) -> None:
    """Alternating `--workers 1` and `--workers 2` kernel runs (not pinned); print the median speedups.

    Each run's CPU seconds (its own and its children's) are printed beside its wall clock:
    two workers should spend no more CPU than one (the work is the same), so a speedup
    short of 2x with the CPU equal is the machine's other load or the serial start, not
    work the workers repeat. The steady-state speedup leaves the start out: each count also
    plays a tenth of the rounds, and the extra rounds are timed by the extra wall clock.
    """
    import resource

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    env = installed_environment()

    def run(workers: int, count: int) -> tuple[float, float]:
        """One whole run's wall clock and CPU seconds."""
        command = [sys.executable, "-m", "blackjack", "simulate", "--rules", "vegas-strip", "--engine",
                   "kernel", "--rounds", str(count), "--seed", "1", "--json", "--quiet", "--workers",
                   str(workers)]
        start, used, taken = time.perf_counter(), children(), stolen()
        subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=True)
        steal.append(stolen() - taken)
        return time.perf_counter() - start, children() - used

    short = rounds // 10
    speedups, steady = [], []
    for pair in range(pairs):
        seconds, cpu, extra, steal = [], [], [], []
        for workers in (1, 2):
            short_wall, _ = run(workers, short)
            wall, used = run(workers, rounds)
            seconds.append(wall)
            cpu.append(used)
            extra.append(wall - short_wall)
        speedups.append(seconds[0] / seconds[1])
        steady.append(extra[0] / extra[1])
        print(f"  pair {pair + 1}: 1 worker {seconds[0]:.2f} s ({cpu[0]:.2f} s CPU), "
              f"2 workers {seconds[1]:.2f} s ({cpu[1]:.2f} s CPU), {speedups[-1]:.2f}x; "
              f"steady state {steady[-1]:.2f}x (load {os.getloadavg()[0]:.2f}; the host took"
              f" {sum(steal[:2]):.2f} and {sum(steal[2:]):.2f} core-seconds)", flush=True)
    for label, ratios in (("whole process", speedups), ("steady state", steady)):
        print(f"2 workers / 1 worker, {rounds:,} rounds, {label}: median {statistics.median(ratios):.2f}x "
              f"(pairs: {', '.join(f'{s:.2f}' for s in ratios)})")


def stolen() -> float:
    """Core-seconds this virtual machine's host has taken from its cores since boot ("steal" in
    /proc/stat: time a core was ready to run but the host ran something else); 0 where unknown."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def ours(rounds: int, *extra: str) -> float:
    """Rounds per second of one whole `blackjack simulate --workers 1` run."""
    return ours_wall_and_cpu(rounds, *extra)[0]


def ours_wall_and_cpu(rounds: int, *extra: str) -> tuple[float, float]:
    """Rounds per second of one whole `blackjack simulate --workers 1` run: wall clock, and per CPU-second."""
    import resource

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    command = [sys.executable, "-m", "blackjack", "simulate", "--rules", "vegas-strip", "--seats", "1",
               "--workers", "1", "--rounds", str(rounds), "--seed", "1", "--json", "--quiet",
               "--engine", "fast", *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start, cpu = time.perf_counter(), children()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    elapsed, cpu = time.perf_counter() - start, children() - cpu
    played = json.loads(done.stdout)["rounds"]
    return float(played) / elapsed, float(played) / cpu


def kernel_rates(rounds: int) -> tuple[float, float, float, float, float] | None:
    """The kernel's rounds/s (wall, CPU) in this process and the floor's (wall, CPU), and cards a round."""
    try:
        from engine import load_rules
        from engine.kernel import available, play_seeded
        from engine.kernel.loop import draw_only
    except ImportError:
        return None
    if not available():
        return None
    rules = load_rules("vegas-strip")
    play_seeded(rules, "basic", 1000, 1)  # compile, or load the cache, and build the tables
    wall, cpu = time.perf_counter(), time.process_time()
    played = play_seeded(rules, "basic", rounds, 1)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    per_round = played.events["cards"] / played.rounds
    decks = rules.decks or 1
    from engine.shoe import Shoe

    cut = Shoe(decks, float(rules.penetration)).cut_index
    draw_only(10, per_round, decks, cut, 2)
    floor_wall, floor_cpu = time.perf_counter(), time.process_time()
    draw_only(rounds, per_round, decks, cut, 2)
    floor_wall, floor_cpu = time.perf_counter() - floor_wall, time.process_time() - floor_cpu
    return rounds / wall, rounds / cpu, rounds / floor_wall, rounds / floor_cpu, per_round


def compile_seconds() -> tuple[float, float]:
    """Seconds for a fresh process to play 1,000 kernel rounds: with an empty numba cache, then a warm one."""
    import tempfile

    code = ("import time; t = time.perf_counter(); from engine import load_rules; "
            "from engine.kernel import play_seeded; "
            "play_seeded(load_rules('vegas-strip'), 'basic', 1000, 1); print(time.perf_counter() - t)")
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": cache}
        for _ in range(2):
            done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                                  text=True, check=True)
            times.append(float(done.stdout.strip()))
    return times[0], times[1]


def engine_throughput(rounds: int) -> float:
    """The event-producing engine's rounds per second, as bench/engine_throughput.py measures it."""
    sys.path.insert(0, str(ROOT / "bench"))
    from engine_throughput import run

    return float(run("vegas-strip", rounds, 1))


def gymnasium_rate(rounds: int) -> tuple[float, float] | None:
    """Episodes per second (wall, CPU) of Blackjack-v1 with the basic chart's hit/stand; None without it."""
    try:
        import gymnasium
    except ImportError:
        return None
    policy = hit_stand_policy()
    env = gymnasium.make("Blackjack-v1")
    env.reset(seed=1)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        observation, _ = env.reset()
        done = False
        while not done:
            observation, _, terminated, truncated, _ = env.step(policy[observation])
            done = terminated or truncated
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    env.close()
    return rounds / elapsed, rounds / cpu


def hit_stand_policy() -> dict[tuple[int, int, bool], int]:
    """The vegas-strip basic chart as Blackjack-v1 actions (1 hit, 0 stand) by its observation."""
    from engine import Action, load_rules, parse_cards
    from engine.odds import basic_strategy

    chart = basic_strategy(load_rules("vegas-strip"))
    legal = frozenset({Action.HIT, Action.STAND})
    code = {1: "A", 10: "T", **{points: str(points) for points in range(2, 10)}}

    def hand(total: int, usable_ace: bool) -> str:
        if usable_ace:
            return f"A {code[total - 11]}"
        if total <= 11:
            return f"2 {code[total - 2]}"
        return "T 5 6" if total == 21 else f"T {code[total - 10]}"

    return {
        (total, up, ace): int(chart.action(parse_cards(hand(total, ace)), parse_cards(code[up])[0], legal)
                              is Action.HIT)
        for total in range(4, 22)
        for up in range(1, 11)
        for ace in (False, True)
        if not ace or total >= 12
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--gym-rounds", type=int, default=200_000)
    parser.add_argument("--kernel-rounds", type=int, default=20_000_000)
    parser.add_argument("--versus-rounds", type=int, default=20_000_000)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--scaling-rounds", type=int, default=100_000_000)
    parser.add_argument("--peers-only", action="store_true", help="only FreeBJ and the two-worker scaling")
    parser.add_argument("--scaling-only", action="store_true", help="only the two-worker scaling")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} cores)")
    if args.scaling_only:
        print(f"two workers against one, vegas-strip, {args.pairs} alternating pairs:")
        worker_scaling(args.scaling_rounds, args.pairs)
        print(f"load after: {os.getloadavg()[0]:.2f}")
        return
    if FREEBJ.exists():
        print(f"vegas-strip without surrender against FreeBJ, {args.versus_rounds:,} and "
              f"{args.versus_rounds // 10:,} rounds, one core each (taskset -c 0), "
              f"{args.pairs} alternating pairs:")
        versus_freebj(args.versus_rounds, args.pairs)
    else:
        print(f"FreeBJ: skipped (no build at {FREEBJ})")
    print(f"two workers against one, vegas-strip, {args.pairs} alternating pairs:")
    worker_scaling(args.scaling_rounds, args.pairs)
    if args.peers_only:
        print(f"load after: {os.getloadavg()[0]:.2f}")
        return
    both = [ours_wall_and_cpu(args.rounds) for _ in range(args.repeat)]
    rates = [wall for wall, _ in both]
    ours_rate = statistics.median(rates)
    ours_cpu = statistics.median(cpu for _, cpu in both)
    print(f"blackjack simulate --workers 1, vegas-strip, 1 seat, basic bot, {args.rounds:,} rounds: "
          f"median {ours_rate:,.0f} rounds/s  (runs: {', '.join(f'{r:,.0f}' for r in rates)}), "
          f"{ours_cpu:,.0f} per CPU-second")
    mimic = ours(args.rounds // 4, "--bot", "novice", "--novice-style", "mimic-dealer")
    print(f"  the same with a fixed hit-below-17 strategy (novice mimic-dealer): {mimic:,.0f} rounds/s")
    print("  the event-producing engine with a fixed strategy (bench/engine_throughput.py), to gauge "
          "this machine now:")
    engine_throughput(max(args.rounds // 50, 1000))
    kernel = kernel_rates(args.kernel_rounds)
    if kernel is None:
        print("kernel: skipped (numba is not installed; pip install -e '.[fast]')")
    else:
        wall, cpu, floor_wall, floor_cpu, per_round = kernel
        print(f"kernel (engine.kernel), vegas-strip, 1 seat, basic bot, {args.kernel_rounds:,} rounds in one "
              f"call: {wall:,.0f} rounds/s wall clock, {cpu:,.0f} rounds per CPU-second")
        print(f"  cost floor: only shuffling and drawing the same {per_round:.2f} cards a round: "
              f"{floor_wall:,.0f} rounds/s wall, {floor_cpu:,.0f} per CPU-second; "
              f"the kernel runs at {cpu / floor_cpu:.1%} of it")
        whole, whole_cpu = ours_wall_and_cpu(args.kernel_rounds, "--engine", "kernel")
        print(f"  blackjack simulate --engine kernel --workers 1, {args.kernel_rounds:,} rounds, whole "
              f"process: {whole:,.0f} rounds/s wall, {whole_cpu:,.0f} per CPU-second")
        cold, warm = compile_seconds()
        print(f"  first call in a fresh process (imports, tables, 1,000 rounds): {cold:.1f} s with an "
              f"empty numba cache, {warm:.1f} s with cache=True's files on disk")
    gym = gymnasium_rate(args.gym_rounds)
    if gym is None:
        print("Gymnasium Blackjack-v1: skipped (gymnasium is not installed; pip install -e '.[bench]')")
    else:
        gym_wall, gym_cpu = gym
        print(f"Gymnasium Blackjack-v1 with the same chart's hit/stand, {args.gym_rounds:,} rounds: "
              f"{gym_wall:,.0f} rounds/s wall, {gym_cpu:,.0f} per CPU-second")
        print(f"fast path (whole process) / Gymnasium: {ours_rate / gym_wall:.2f}x wall clock, "
              f"{ours_cpu / gym_cpu:.2f}x CPU time")
        if kernel is not None:
            print(f"kernel / Gymnasium: {kernel[0] / gym_wall:.0f}x wall clock, "
                  f"{kernel[1] / gym_cpu:.0f}x CPU time")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
