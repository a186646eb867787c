"""`blackjack ramp`: the bet ramp that earns the most SCORE within a spread, from simulated EV by count.

The counter plays flat one-unit bets for `--rounds` rounds with the given rules and system;
its rounds are tallied by the count it bets by (the true count, or an unbalanced system's
running count). The EV by count is smoothed by a weighted straight line
(`engine.counting.smoothed`), and `engine.counting.optimal_ramp` bets in proportion to each
count's edge over its variance, within the spread, keeping the scale with the highest SCORE.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from blackjack.commands import count, seed
from blackjack.commands.simulate import _money

NAME = "ramp"
HELP = "the bet ramp that maximises SCORE within a spread, priced from a simulation of the counter"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("--rules", metavar="ID|NAME|FILE", default="vegas-strip",
                        help="rules preset id, saved table name or TOML file (default: vegas-strip)")
    parser.add_argument("--system", default="hi-lo", metavar="NAME|FILE",
                        help="the count system (default: hi-lo), as `blackjack simulate --system` takes")
    parser.add_argument("--spread", type=_spread, default=(1, 8), metavar="1-N",
                        help="the bet spread, smallest to largest bet in units (default: 1-8)")
    parser.add_argument("--bankroll", type=_money, metavar="AMOUNT",
                        help="bankroll for the risk of ruin at the table minimum and the Kelly unit")
    parser.add_argument("--rounds", type=count(1), default=1_000_000, metavar="N",
                        help="rounds of flat bets to price the counts from (default: 1000000)")
    parser.add_argument("--precision", choices=("exact", "quarter", "half", "whole"), default="exact",
                        help="how the counter estimates the decks left (default: exact)")
    parser.add_argument("--rounding", choices=("floor", "truncate", "round"), default="floor",
                        help="how the counter makes its true count whole (default: floor)")
    parser.add_argument("--seed", type=seed, default=0, metavar="S",
                        help="seed of the simulation (default: 0)")
    parser.add_argument("--workers", type=count(1), metavar="W",
                        help="worker processes (default: every core)")
    parser.add_argument("--engine", choices=("auto", "kernel", "fast"), default="auto",
                        help="auto (default: the compiled kernel when it can), kernel or fast")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Price the counts, find the ramp, print it."""
    from blackjack.commands.history import load_rules_arg
    from blackjack.commands.simulate import _progress_bar
    from engine.bots import CounterSetup
    from engine.counting import Precision, Ramp, Rounding, count_system
    from engine.errors import BlackjackError
    from engine.simulate import Plan, run_all

    rules = load_rules_arg(args.rules, args)
    if rules.decks is None:
        raise BlackjackError(f"rules {args.rules!r}: an infinite deck has no count to ramp by")
    low, high = args.spread
    system = count_system(args.system)
    setup = CounterSetup(system=system, precision=Precision(args.precision), rounding=Rounding(args.rounding),
                         ramp=Ramp(((0, 1),)), tally_by_count=not system.balanced)
    plan = Plan(rules, "counter", rounds=args.rounds, seed=args.seed, engine=args.engine,
                rules_name=args.rules, spread=1, counter=setup)
    bar = _progress_bar(args, plan.rounds)
    try:
        summary = run_all([plan], workers=args.workers, on_chunk=lambda t: bar.update(t.rounds))[0]
    finally:
        bar.close()
    out = price(summary, high // low, args.bankroll, rules.min_bet)
    if args.json:
        print(json.dumps(out))
    else:
        print(_report(out))
    return 130 if summary.interrupted else 0


def price(summary: Any, spread: int, bankroll: int | None, unit: int) -> dict[str, Any]:
    """The optimal ramp and its figures from a flat-betting counter's summary, JSON-ready (money in units)."""
    from engine import risk
    from engine.counting import count_figures, optimal_ramp, smoothed
    from engine.errors import BlackjackError
    from engine.tally import TRUE_COUNTS

    tally = summary.tally
    counted = sum(t.rounds for t in tally.by_count)
    if not counted:
        raise BlackjackError("no rounds were played: give --rounds a larger number")
    figures = count_figures(tally.by_count, unit)
    fitted = smoothed(figures, keep=(TRUE_COUNTS[0], TRUE_COUNTS[-1]))
    best = optimal_ramp(fitted, spread)
    mu, sigma = best.mean * unit, best.sd * unit  # cents per round
    system = summary.plan.counter.system
    out: dict[str, Any] = {
        "rules": summary.plan.rules_name or summary.plan.rules.name,
        "system": system.key,
        "count": "true count" if system.balanced else "running count",
        "rounds": tally.rounds,
        "seed": summary.plan.seed,
        "spread": spread,
        "ramp": best.ramp.text(),
        "steps": [{"count": count, "units": units} for count, units in best.ramp.steps],
        "counts": [{"count": f.count, "frequency": f.share, "ev": f.mean, "ev_line": line.mean,
                    "units": best.ramp.units(f.count)} for f, line in zip(figures, fitted, strict=True)],
        "win_per_100_rounds_units": 100 * best.mean,
        "sd_per_round_units": best.sd,
        "score": risk.score(mu, sigma),
        "n0": risk.n0(mu, sigma),
        "betting_unit": unit / 100,
        "bankroll": None if bankroll is None else bankroll / 100,
        "risk_of_ruin": None,
        "kelly_unit": None,
        "interrupted": summary.interrupted,
    }
    if bankroll is not None:
        out["risk_of_ruin"] = risk.risk_of_ruin(mu, sigma, bankroll)
        if best.mean > 0:
            out["kelly_unit"] = bankroll / 100 * best.mean / best.sd**2
    return out


def _report(out: dict[str, Any]) -> str:
    """The ramp, the count table and the figures, for people."""
    from engine.tally import TRUE_COUNTS

    stopped = ", interrupted" if out["interrupted"] else ""
    lines = [
        f"{out['rules']}: {out['system']} ramp within a 1-{out['spread']} spread, priced from "
        f"{out['rounds']:,} rounds of flat bets (seed {out['seed']}{stopped})",
        f"ramp: {out['ramp']}",
        f"play it: blackjack simulate --bot counter --system {out['system']} --ramp={out['ramp']}",
        "",
        f"{out['count']:<14}  share  EV simulated  EV (line)  units",
    ]
    for row in out["counts"]:
        end = {TRUE_COUNTS[0]: " or less", TRUE_COUNTS[-1]: " or more"}.get(row["count"], "")
        lines.append(f"{row['count']:+4d}{end:<10} {row['frequency']:>6.2%}  {row['ev']:>+11.3%}  "
                     f"{row['ev_line']:>+9.3%}  {row['units']:>5}")
    lines.append("")
    score = "undefined (the ramp does not win)" if out["score"] is None else f"{out['score']:,.2f}"
    n0 = "-" if out["n0"] is None else f"{out['n0']:,.0f} rounds"
    lines.append(f"win rate {out['win_per_100_rounds_units']:+.3f} units per 100 rounds, SD "
                 f"{out['sd_per_round_units']:.3f} units per round; SCORE {score}, N0 {n0}")
    if out["bankroll"] is not None:
        lines.append(f"risk of ruin with a bankroll of {out['bankroll']:,.2f} at a unit of "
                     f"{out['betting_unit']:,.2f}: {100 * out['risk_of_ruin']:.3g}% played forever")
        if out["kelly_unit"] is not None:
            lines.append(f"full-Kelly unit for that bankroll (13.5% risk of ruin): {out['kelly_unit']:,.2f}")
    return "\n".join(lines)


def _spread(text: str) -> tuple[int, int]:
    """`1-12` or `12`: the smallest and largest bet in units."""
    low, dash, high = text.partition("-")
    try:
        pair = (int(low), int(high)) if dash else (1, int(low))
    except ValueError:
        raise argparse.ArgumentTypeError("use 1-N, such as 1-12") from None
    if pair[0] < 1 or pair[1] < pair[0] or pair[1] > 1000:
        raise argparse.ArgumentTypeError("use 1-N with N from 1 to 1000, such as 1-12")
    return pair
