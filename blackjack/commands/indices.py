"""`blackjack indices --rules ID|NAME|FILE --system NAME|FILE [--json|--csv]`: index plays for the rules.

Every decision whose best play changes with the count, the count where it changes and the
play either side, computed by the odds engine for these rules and this count system;
then this game's "Illustrious 18" and "Fab 4": the most valuable plays, by their gain.
The first run for a rule set and system takes a while (a progress bar shows it); later
runs come from the odds cache.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.counting import CountSystem
    from engine.odds.indices import IndexEntry, IndexTable
    from engine.rules import Rules

NAME = "indices"
HELP = "index plays for a rule set and count system: the count where each best play changes"

COLUMNS = ("hand", "up", "index", "at_or_above", "below", "gain", "group")
"""The fields of each `--json` object and the `--csv` header, in order."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "--rules", metavar="ID|NAME|FILE", default=argparse.SUPPRESS,
        help="rules preset id, saved table name or TOML file (default: vegas-strip)",
    )
    parser.add_argument(
        "--system", metavar="NAME|FILE", default="hi-lo",
        help="count system (hi-lo, ko, hi-opt-i, hi-opt-ii, omega-ii, zen, wong-halves, red-7, reko, "
        "uston-apc) or a TOML file (default: hi-lo)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON object per index play")
    output.add_argument("--csv", action="store_true", help="CSV with a header line")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Print the index plays; returns the exit status."""
    from blackjack.commands.history import load_rules_arg
    from engine.counting import count_system
    from engine.odds.indices import index_table

    rules = load_rules_arg(getattr(args, "rules", None) or "vegas-strip", args)
    system = count_system(args.system)
    bar = _progress_bar(args)
    try:
        table = index_table(rules, system, bar.progress)
    finally:
        bar.close()
    if args.json:
        for entry in table.entries:
            print(json.dumps(entry.as_json(table.group(entry)), separators=(",", ":")))
    elif args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(COLUMNS)
        for entry in table.entries:
            row = entry.as_json(table.group(entry))
            writer.writerow([row[name] if row[name] is not None else "" for name in COLUMNS])
    else:
        print(table_text(table, rules, system))
    return 0


def _count_words(table: IndexTable, rules: Rules, system: CountSystem) -> str:
    if table.balanced:
        return "the true count"
    start = system.initial_running_count(rules.decks or 0)
    return (f"the running count (it starts at {start} after the shuffle; read as at "
            f"{table.depth:g} decks left)")


def table_text(table: IndexTable, rules: Rules, system: CountSystem) -> str:
    """The index table as text: every play, then the two views with their gains."""
    from engine.bots.counter import FAB_4, ILLUSTRIOUS_18

    lines = [
        f"Index plays: {rules.name}, {system.name}",
        f"index: {_count_words(table, rules, system)} at or above which the first play beats the second",
        "",
        _header(),
    ]
    lines += [_line(entry) for entry in table.entries]
    published = {(p.hand, p.up, p.at_or_above): p for p in (*ILLUSTRIOUS_18, *FAB_4)}
    for title, entries in (("Illustrious 18", table.illustrious()), ("Fab 4", table.fab())):
        lines += ["", f"{title} for this game: the most valuable, by gain per 100 rounds at a flat bet"]
        lines.append(_header() + ("  published Hi-Lo" if system.key == "hi-lo" else ""))
        for entry in entries:
            known = published.get((entry.hand, entry.up, entry.at_or_above))
            extra = f"  {known.index:+d}" if known is not None and system.key == "hi-lo" else ""
            lines.append(_line(entry) + extra)
    return "\n".join(lines)


def _header() -> str:
    return f"{'hand':<10} {'up':>2} {'index':>6}  {'at or above':<12} {'below':<12} {'gain':>9}"


def _line(entry: IndexEntry) -> str:
    return (f"{entry.hand:<10} {entry.up_label:>2} {entry.index:+6d}  {entry.at_or_above.value:<12} "
            f"{entry.below.value:<12} {entry.gain:9.5f}")


class _Bar:
    """A tqdm bar on stderr while the table is computed; nothing with --quiet or off a terminal."""

    def __init__(self, show: bool) -> None:
        self.show = show
        self.bar: Any = None

    def progress(self, done: int, total: int) -> None:
        """Move the bar to `done` of `total` counts priced."""
        if not self.show:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=" counts", file=sys.stderr, dynamic_ncols=True,
                            desc="pricing each count")
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        """Take the bar away."""
        if self.bar is not None:
            self.bar.close()


def _progress_bar(args: argparse.Namespace) -> _Bar:
    return _Bar(not args.quiet and sys.stderr.isatty())

