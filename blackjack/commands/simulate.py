"""`blackjack simulate`: bots play many rounds; prints the EV with its 95% interval and the rates.

With the counter it adds the EV by true count and the counter's figures (win rate, SD,
SCORE, N0, risk of ruin); the counter counts any system (`--system`), reads its true count
as set (`--precision`, `--rounding`) and bets a ramp (`--ramp`, or `--spread`). `--sweep`
runs every combination of some options (`system=hi-lo,ko,zen` compares systems) and prints
one table; `--cluster` plays the chunks on a Dask cluster; `--plot` draws the result.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blackjack.commands import count, seed

if TYPE_CHECKING:
    from engine.bots import CounterSetup
    from engine.rules import Rules
    from engine.simulate import Summary
    from engine.sweep import Combination

MAX_TRIP_ROUNDS = 10**12
"""The longest trip `--trip-rounds` takes: past it the trip's risk is the lifetime risk in any case."""

NAME = "simulate"
HELP = "play many rounds with a bot in every seat and report the EV with a 95% confidence interval"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("--rules", metavar="ID|NAME|FILE", default="vegas-strip",
                        help="rules preset id, saved table name or TOML file (default: vegas-strip)")
    parser.add_argument("--rounds", type=count(0), default=100_000, metavar="N",
                        help="rounds to play (default: 100000; at most 10 billion)")
    parser.add_argument("--seats", type=count(1), default=1, metavar="K",
                        help="seats at the table, 1 to 7 (default: 1)")
    parser.add_argument("--bot", choices=("basic", "counter", "novice"), default="basic",
                        help="who plays every seat (default: basic)")
    parser.add_argument("--novice-style", choices=("bust-card", "mimic-dealer", "never-bust"),
                        default="bust-card", help="how the novice plays (default: bust-card)")
    parser.add_argument("--seed", type=seed, metavar="S",
                        help="seed of the run (0 to 2**64 - 1): the same seed gives the same result at any "
                             "worker count")
    parser.add_argument("--workers", type=count(1), metavar="W",
                        help="workers: threads of this command when the compiled kernel plays, else "
                             "processes (default: every core; at most 4 per core)")
    parser.add_argument("--engine", choices=("auto", "kernel", "fast", "round"), default="auto",
                        help="auto (default: the compiled kernel when it can play the plan, else the fast "
                             "path), kernel, fast, or the event-producing round (slower, same as fast)")
    parser.add_argument("--spread", type=count(1), metavar="N",
                        help="the counter's bet spread, 1 to N units, N at most 1000 (default: 8, a ramp of "
                             "1-2-4-6-8)")
    parser.add_argument("--system", default="hi-lo", metavar="NAME|FILE",
                        help="the counter's count system: hi-lo (default), ko, hi-opt-i, hi-opt-ii, "
                             "omega-ii, zen, wong-halves, red-7, reko, uston-apc, or a TOML file")
    parser.add_argument("--ramp", metavar="RAMP|FILE",
                        help="the counter's bets: COUNT:UNITS steps such as '1:1,2:2,3:4,4:8', and "
                             "'leave:COUNT' to leave the shoe at that count or lower; or a TOML file "
                             "(the count is the true count, or an unbalanced system's running count; "
                             "write --ramp=-2:1,... when it starts with a minus)")
    parser.add_argument("--precision", choices=("exact", "quarter", "half", "whole"), default="exact",
                        help="how the counter estimates the decks left for its true count (default: exact)")
    parser.add_argument("--rounding", choices=("floor", "truncate", "round"), default="floor",
                        help="how the counter makes its true count whole (default: floor)")
    parser.add_argument("--sweep", action="append", default=[], metavar="KEY=V1,V2,...",
                        help="run every combination of these values (repeatable): any rules option as a "
                             "rules file writes it, or bot, seats, spread, system, precision or rounding")
    parser.add_argument("--bankroll", type=_money, metavar="AMOUNT",
                        help="bankroll in units for the risk of ruin (all seats play from it; at most a "
                             "trillion)")
    parser.add_argument("--trip-rounds", type=count(1, MAX_TRIP_ROUNDS), metavar="N",
                        help="with --bankroll: also the risk of ruin within a trip of N rounds (at most a "
                             "trillion)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="play the chunks on the Dask scheduler at ADDRESS (tcp://host:8786), or "
                             "'local' for a cluster on this machine (optional extra 'cluster')")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the EV by true count (counter) or by sweep point (optional extra 'plot')")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the result as one JSON object")
    output.add_argument("--csv", action="store_true", help="print the result as CSV, one row per sweep point")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--indices", choices=("fixed", "generated"), default="fixed",
                        help="the counter's index plays: fixed (default: the published Hi-Lo Illustrious 18 "
                             "and Fab 4) or generated (computed by the odds engine for the rules and system, "
                             "as `blackjack indices` prints them)")
    parser.add_argument("--show-indices", action="store_true",
                        help="print the counter's index plays and exit")


def run(args: argparse.Namespace) -> int:
    """Run the simulation (or sweep) and print the result; 130 when stopped by Ctrl-C (after printing it)."""
    import secrets

    from blackjack.commands.history import load_rules_arg
    from engine.bots import DEFAULT_SPREAD, NoviceStyle, format_indices
    from engine.errors import BlackjackError
    from engine.simulate import Plan, check_run, run_all
    from engine.sweep import parse_axis, sweep_plans

    if args.trip_rounds is not None and args.bankroll is None:
        raise BlackjackError("--trip-rounds needs --bankroll")
    rules = load_rules_arg(args.rules, args)
    setup = counter_setup(args)
    if args.show_indices:
        plays = with_generated_indices(rules, setup).plays if args.indices == "generated" else None
        print(format_indices() if plays is None else format_indices(plays))
        return 0
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    spread = args.spread or (setup.ramp.spread if setup.ramp is not None else DEFAULT_SPREAD)
    base = Plan(
        rules, args.bot, seats=args.seats, rounds=args.rounds, seed=seed,
        novice_style=NoviceStyle(args.novice_style), engine=args.engine, rules_name=args.rules,
        spread=spread, counter=setup,
    )
    axes = [parse_axis(text) for text in args.sweep]
    points = sweep_plans(base, axes) if axes else [((), base)]
    if args.indices == "generated":
        points = [
            (combination, replace(plan, counter=with_generated_indices(plan.rules, plan.counter)))
            for combination, plan in points
        ]
    plot = None
    if args.plot:
        from blackjack.plot import check_target

        plot = check_target(args.plot)
    plans = [plan for _, plan in points]
    check_run(plans, args.workers)  # before a cluster starts its workers
    with _cluster(args) as client:  # connected (or failed) before the bar starts its clock
        played = None
        if client is not None:
            from blackjack.cluster import played_on

            played = played_on(client, plans)
        bar = _progress_bar(args, sum(plan.rounds for plan in plans))
        try:
            summaries = run_all(plans, workers=args.workers, on_chunk=lambda t: bar.update(t.rounds),
                                played=played)
        finally:
            bar.close()
    combinations = [combination for combination, _ in points]
    _print_result(args, axes != [], combinations, summaries)
    if plot is not None:
        _draw(plot, combinations, summaries)
    if any(summary.interrupted for summary in summaries):
        print("blackjack: interrupted; the figures cover the rounds played so far", file=sys.stderr)
        return 130
    return 0




def counter_setup(args: argparse.Namespace) -> CounterSetup:
    """The counter's setup from --system, --ramp, --precision and --rounding.

    Raises BlackjackError (a CountSystemError or RampError) naming the system, ramp or file;
    and when both --ramp and --spread are given.
    """
    from engine.bots import CounterSetup
    from engine.counting import Precision, Rounding, count_system, parse_ramp
    from engine.errors import BlackjackError

    if args.ramp is not None and args.spread is not None:
        raise BlackjackError("give --ramp or --spread, not both: a ramp sets its own spread")
    return CounterSetup(
        system=count_system(args.system), precision=Precision(args.precision),
        rounding=Rounding(args.rounding), ramp=None if args.ramp is None else parse_ramp(args.ramp),
    )


def with_generated_indices(rules: Rules, setup: CounterSetup) -> CounterSetup:
    """The setup playing the index plays the odds engine computes for the rules and its system (cached)."""
    from engine.odds.indices import index_plays

    return replace(setup, plays=index_plays(rules, setup.system))


def _cluster(args: argparse.Namespace) -> Any:
    """A context giving the Dask client for --cluster, or None to play on this machine's pool."""
    if not args.cluster:
        return nullcontext(None)
    from blackjack.cluster import connect

    return connect(args.cluster, workers=args.workers)


def _print_result(
    args: argparse.Namespace, swept: bool, combinations: list[Combination], summaries: list[Summary]
) -> None:
    """The result as JSON, CSV or text; a single run's JSON is the one object it always was."""
    bankroll, trip = args.bankroll, args.trip_rounds
    if args.json:
        if not swept:
            print(json.dumps(summaries[0].to_dict(bankroll, trip)))
            return
        axes: dict[str, list[str]] = {}
        for combination in combinations:
            for key, value in combination:
                axes.setdefault(key, [])
                if value not in axes[key]:
                    axes[key].append(value)
        results = [
            {"combination": dict(combination), **summary.to_dict(bankroll, trip)}
            for combination, summary in zip(combinations, summaries, strict=True)
        ]
        print(json.dumps({"sweep": axes, "results": results}))
    elif args.csv:
        print(_csv(combinations, summaries, bankroll, trip), end="")
    elif swept:
        print(_sweep_table(combinations, summaries, bankroll, trip))
    else:
        summary = summaries[0]
        out = summary.to_dict(bankroll, trip)
        text = _report(out, args.bot == "counter")
        if out.get("true_counts"):
            text += "\n\n" + _true_count_table(out["true_counts"])
        if args.bot == "counter" or bankroll is not None:
            text += "\n\n" + _risk_report(out["risk"])
        print(text)


def _draw(path: Path, combinations: list[Combination], summaries: list[Summary]) -> None:
    """The plot: EV by true count for a single counter run, else EV per sweep point."""
    from blackjack.plot import plot_sweep, plot_true_counts

    if len(summaries) == 1 and summaries[0].tally.by_count:
        plot_true_counts(summaries[0], path)
    else:
        labels = [_label(combination) or summary.plan.bot for combination, summary in
                  zip(combinations, summaries, strict=True)]
        first = summaries[0].to_dict()
        rounds = sum(s.tally.rounds for s in summaries)
        bots = {s.plan.bot for s in summaries}
        who = f"{first['bot']} bot, " if len(bots) == 1 else ""
        title = f"{first['rules']}: {who}{rounds:,} rounds in all (seed {first['seed']})"
        plot_sweep(labels, summaries, path, title)
    print(f"blackjack: drew {path}", file=sys.stderr)


def _label(combination: Combination) -> str:
    return ", ".join(f"{key}={value}" for key, value in combination)


_UNDEFINED = "-"
"""How the tables show a figure that is undefined (SCORE and N0 when the win rate is not positive)."""


def _figure(value: float | None, spec: str) -> str:
    return _UNDEFINED if value is None else format(value, spec)


def _sweep_table(
    combinations: list[Combination], summaries: list[Summary], bankroll: int | None, trip: int | None
) -> str:
    """One line per sweep point: its values, then EV, CI, win rate, SD, SCORE, N0 and risk of ruin."""
    keys = [key for key, _ in combinations[0]]
    header = [*keys, "rounds", "EV", "± 95%", "win/100", "SD/round", "SCORE", "N0"]
    if bankroll is not None:
        header.append("RoR")
    rows = []
    for combination, summary in zip(combinations, summaries, strict=True):
        out = summary.to_dict(bankroll, trip)
        figures = out["risk"]
        half = _UNDEFINED if out["ci95"] is None else f"{(out['ci95'][1] - out['ci95'][0]) / 2:.3%}"
        row = [value for _, value in combination] + [
            f"{out['rounds']:,}", f"{out['ev']:+.3%}", half, f"{figures['win_per_100_rounds']:+,.2f}",
            f"{figures['sd_per_round']:,.2f}", _figure(figures["score"], ",.2f"),
            _figure(figures["n0"], ",.0f"),
        ]
        if bankroll is not None:
            row.append(_UNDEFINED if figures["risk_of_ruin"] is None else _chance(figures["risk_of_ruin"]))
        rows.append(row)
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    numeric = len(keys)

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i < numeric else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    first = summaries[0].to_dict()
    title = (f"{first['rules']}: sweep of {len(summaries)} combinations, seed {first['seed']}"
             f"{', interrupted' if first['interrupted'] else ''}")
    notes = ["win/100 and SD/round in units, all seats together; "
             f"{_UNDEFINED}: undefined where the win rate is not positive"]
    if bankroll is not None:
        notes.append(f"RoR: risk of ruin with a bankroll of {bankroll / 100:,.2f}, played forever")
    return "\n".join([title, line(header), *(line(row) for row in rows), *notes])


CSV_FIELDS = (
    "rules", "bot", "seats", "spread", "seed", "rounds", "hands", "ev", "ci95_low", "ci95_high",
    "average_bet", "win_per_100_rounds", "sd_per_round", "score", "n0", "di", "bankroll",
    "risk_of_ruin", "trip_rounds", "trip_risk_of_ruin", "interrupted",
)
"""The CSV's columns after the swept keys: what was run, then the figures (empty where undefined)."""


def _csv(
    combinations: list[Combination], summaries: list[Summary], bankroll: int | None, trip: int | None
) -> str:
    """The result as CSV: the swept keys, then `CSV_FIELDS`, one row per sweep point."""
    keys = [key for key, _ in combinations[0]]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*keys, *CSV_FIELDS])
    for combination, summary in zip(combinations, summaries, strict=True):
        out = summary.to_dict(bankroll, trip)
        flat = {**out, **out["risk"]}
        flat["ci95_low"], flat["ci95_high"] = out["ci95"] or (None, None)
        writer.writerow([value for _, value in combination]
                        + ["" if flat[name] is None else flat[name] for name in CSV_FIELDS])
    return buffer.getvalue()


def _chance(probability: float) -> str:
    """A probability as a percentage to three significant digits, so a small risk does not read as 0.

    >>> _chance(1.0), _chance(0.015812), _chance(0.0000123), _chance(1e-9), _chance(0.0)
    ('100%', '1.58%', '0.00123%', 'under 0.0001%', '0%')
    """
    if 0 < probability < 1e-6:
        return "under 0.0001%"
    return f"{100 * probability:.3g}%"


def _true_count_table(rows: list[dict[str, Any]]) -> str:
    """The counter's rounds by the true count at its bet."""
    lines = ["true count   rounds     share  avg bet  EV per initial unit (95% CI)"]
    first, last = rows[0]["true_count"], rows[-1]["true_count"]
    for row in rows:
        count = row["true_count"]
        label = f"{count:+d}"
        if count == -10 and count == first:
            label += " or less"
        elif count == 10 and count == last:
            label += " or more"
        ci = "" if row["ci95"] is None else f" ± {(row['ci95'][1] - row['ci95'][0]) / 2:.3%}"
        lines.append(f"{label:<11} {row['rounds']:>8,}  {row['frequency']:>7.2%}  {row['average_bet']:>7,.2f}"
                     f"  {row['ev']:+.3%}{ci}")
    return "\n".join(lines)


def _risk_report(figures: dict[str, Any]) -> str:
    """Win rate, SD, SCORE, N0 and risk of ruin in a few lines."""
    unit = figures["betting_unit"]
    lines = [
        f"win rate: {figures['win_per_100_rounds']:+,.2f} per 100 rounds "
        f"({figures['win_per_100_rounds_units']:+,.3f} betting units of {unit})",
        f"standard deviation: {figures['sd_per_round']:,.2f} per round ({figures['sd_per_round_units']:,.3f} "
        f"units), {figures['sd_per_100_rounds']:,.2f} per 100 rounds",
    ]
    if figures["score"] is None:
        lines.append("SCORE, N0 and DI: undefined, the win rate is not positive")
    else:
        lines.append(f"SCORE {figures['score']:,.2f}, N0 {figures['n0']:,.0f} rounds, DI {figures['di']:.2f}")
    if figures["bankroll"] is not None and figures["risk_of_ruin"] is not None:
        text = (f"risk of ruin with a bankroll of {figures['bankroll']:,}: "
                f"{_chance(figures['risk_of_ruin'])} played forever")
        if figures["trip_risk_of_ruin"] is not None:
            text += f", {_chance(figures['trip_risk_of_ruin'])} within {figures['trip_rounds']:,} rounds"
        lines.append(text)
    return "\n".join(lines)


def _progress_bar(args: argparse.Namespace, total: int) -> Any:
    """A tqdm bar on stderr; none with --quiet or when stderr is not a terminal (tqdm is not even loaded)."""
    if args.quiet or not sys.stderr.isatty():
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, unit=" rounds", unit_scale=True, file=sys.stderr, dynamic_ncols=True,
                desc="simulating")


class _NoBar:
    """What stands in for the progress bar when there is none."""

    def update(self, count: int) -> None:
        """Nothing to draw."""

    def close(self) -> None:
        """Nothing to close."""


def _report(out: dict[str, Any], counter: bool) -> str:
    """The result as a few lines for people."""
    rates = out["rates"]
    seats = "1 seat" if out["seats"] == 1 else f"{out['seats']} seats"
    lines = [
        f"{out['rules']}: {out['bot']} bot, {seats}, {out['rounds']:,} rounds, "
        f"{out['hands']:,} hands (seed {out['seed']}{', interrupted' if out['interrupted'] else ''})",
    ]
    if out["ci95"] is None:
        lines.append(f"EV per initial unit: {out['ev']:+.4%} (too few rounds for a confidence interval)")
    else:
        low, high = out["ci95"]
        lines.append(
            f"EV per initial unit: {out['ev']:+.4%} ± {(high - low) / 2:.4%} "
            f"(95% CI {low:+.4%} to {high:+.4%})"
        )
    lines.append(
        f"hands: win {rates['win']:.2%}, push {rates['push']:.2%}, loss {rates['loss']:.2%}; "
        f"blackjack {rates['blackjack']:.2%}, bust {rates['bust']:.2%}, surrender {rates['surrender']:.2%}"
    )
    lines.append(f"average bet: {out['average_bet']:,.2f}")
    if counter and "counter" in out:
        setup = out["counter"]
        count = "true count" if setup["balanced"] else "running count"
        lines.append(
            f"counter: {setup['system_name']} ({count}; decks left {setup['precision']}, "
            f"{setup['rounding']}), ramp {setup['ramp']}, {setup['indices']} index plays"
        )
    if counter:
        lines.append(
            f"per 100 rounds (about an hour at one seat): {out['net_per_100_rounds']:+,.2f} "
            f"at an average bet of {out['average_bet']:,.2f}"
        )
    return "\n".join(lines)


def _money(text: str) -> int:
    from engine.money import to_cents

    try:
        value = to_cents(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value
