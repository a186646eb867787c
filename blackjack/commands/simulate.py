"""`blackjack simulate`: bots play many rounds; prints the EV with its 95% interval and the rates."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

NAME = "simulate"
HELP = "play many rounds with a bot in every seat and report the EV with a 95% confidence interval"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("--rules", metavar="ID|NAME|FILE", default="vegas-strip",
                        help="rules preset id, saved table name or TOML file (default: vegas-strip)")
    parser.add_argument("--rounds", type=_count, default=100_000, metavar="N",
                        help="rounds to play (default: 100000)")
    parser.add_argument("--seats", type=_positive, default=1, metavar="K",
                        help="seats at the table (default: 1)")
    parser.add_argument("--bot", choices=("basic", "counter", "novice"), default="basic",
                        help="who plays every seat (default: basic)")
    parser.add_argument("--novice-style", choices=("bust-card", "mimic-dealer", "never-bust"),
                        default="bust-card", help="how the novice plays (default: bust-card)")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="seed of the run: the same seed gives the same result at any worker count")
    parser.add_argument("--workers", type=_positive, metavar="W",
                        help="worker processes (default: every core)")
    parser.add_argument("--engine", choices=("auto", "kernel", "fast", "round"), default="auto",
                        help="auto (default: the compiled kernel when it can play the plan, else the fast "
                             "path), kernel, fast, or the event-producing round (slower, same as fast)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--show-indices", action="store_true",
                        help="print the counter's index plays and exit")


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the result; 130 when stopped by Ctrl-C (after printing it)."""
    import secrets

    from blackjack.commands.history import load_rules_arg
    from engine.bots import NoviceStyle, format_indices
    from engine.simulate import Plan
    from engine.simulate import run as simulate

    if args.show_indices:
        print(format_indices())
        return 0
    rules = load_rules_arg(args.rules, args)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    plan = Plan(
        rules, args.bot, seats=args.seats, rounds=args.rounds, seed=seed,
        novice_style=NoviceStyle(args.novice_style), engine=args.engine, rules_name=args.rules,
    )
    bar = _progress_bar(args, plan.rounds)
    try:
        summary = simulate(plan, workers=args.workers, on_chunk=lambda t: bar.update(t.rounds))
    finally:
        bar.close()
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(_report(summary.to_dict(), args.bot == "counter"))
    if summary.interrupted:
        print("blackjack: interrupted; the figures cover the rounds played so far", file=sys.stderr)
        return 130
    return 0


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
    if counter:
        lines.append(
            f"per 100 rounds (about an hour at one seat): {out['net_per_100_rounds']:+,.2f} "
            f"at an average bet of {out['average_bet']:,.2f}"
        )
    return "\n".join(lines)


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value
