"""`blackjack strategy --rules ID|FILE [--format text|csv|json]`: print the basic strategy chart."""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.odds import StrategyChart
    from engine.rules import Rules

NAME = "strategy"
HELP = "print the basic strategy chart for a rule set (text, csv or json)"

LEGEND = {
    "H": "hit",
    "S": "stand",
    "D": "double, else hit",
    "Ds": "double, else stand",
    "P": "split",
    "Ph": "split if double after split is allowed, else hit",
    "Rh": "surrender, else hit",
    "Rs": "surrender, else stand",
    "Rp": "surrender, else split",
}
"""What each chart code means."""

_COLORS = {
    "H": "97;41", "S": "30;43", "D": "30;42", "Ds": "30;42", "P": "30;46", "Ph": "30;46",
    "Rh": "97;45", "Rs": "97;45", "Rp": "97;45",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "--rules", metavar="ID|NAME|FILE", default=argparse.SUPPRESS,
        help="rules preset id, saved table name or TOML file (default: vegas-strip)",
    )
    parser.add_argument(
        "--format", choices=("text", "csv", "json"), default="text", help="output format (default: text)"
    )
    parser.add_argument("--no-color", action="store_true", help="never color the text chart")


def run(args: argparse.Namespace) -> int:
    """Print the chart; returns the exit status."""
    from blackjack.commands.history import load_rules_arg
    from engine.odds import basic_strategy

    rules = load_rules_arg(getattr(args, "rules", None) or "vegas-strip", args)
    chart = basic_strategy(rules)
    if args.format == "csv":
        write_csv(chart)
    elif args.format == "json":
        print(json.dumps(chart_json(chart, rules), indent=2))
    else:
        color = not args.no_color and _color_allowed()
        print(chart_text(chart, rules, color=color))
    return 0


def _color_allowed() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def write_csv(chart: StrategyChart) -> None:
    """The chart as CSV: `hand,dealer_up,action`, one row per cell."""
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["hand", "dealer_up", "action"])
    for cell_label, codes in chart.rows():
        for up, code in zip(chart.ups, codes, strict=True):
            writer.writerow([cell_label, _up(up), code.value])


def _up(up: int | None) -> str:
    from engine.odds.strategy import up_label

    return up_label(up)


def chart_json(chart: StrategyChart, rules: Rules) -> dict[str, Any]:
    """The chart as a JSON object: columns, one object per row, and the legend."""
    return {
        "rules": rules.name,
        "dealer_up": [_up(up) for up in chart.ups],
        "chart": {
            label: {_up(up): code.value for up, code in zip(chart.ups, codes, strict=True)}
            for label, codes in chart.rows()
        },
        "legend": LEGEND,
    }


def chart_text(chart: StrategyChart, rules: Rules, *, color: bool) -> str:
    """The chart laid out like a printed one, with ANSI colors when `color`."""
    lines = [f"Basic strategy: {rules.name}", rules.description, ""]
    if chart.ups == (None,):
        lines.append("The dealer shows no card before the players play: one column for every hand.")
        lines.append("")
    header = "dealer up  " + " ".join(f"{_up(up):^3}" for up in chart.ups)
    lines.append(header)
    previous = ""
    for label, codes in chart.rows():
        kind = label.split()[0]
        if previous and kind != previous:
            lines.append("")
        previous = kind
        cells = []
        for code in codes:
            text = f"{code.value:^3}"
            cells.append(f"\x1b[{_COLORS[code.value]}m{text}\x1b[0m" if color else text)
        lines.append(f"{label:<10} " + " ".join(cells))
    lines.append("")
    used = sorted({code.value for _, codes in chart.rows() for code in codes}, key=list(LEGEND).index)
    lines.append("; ".join(f"{code} {LEGEND[code]}" for code in used))
    return "\n".join(lines)
