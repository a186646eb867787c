"""`blackjack review FILE.jsonl [--json]`: every recorded decision judged against each legal play's EV.

The judge is `engine.review` (the same one the game's replay and session review use): the
composition-dependent EVs for the cards in the hand and the up card.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from blackjack.commands.replay import played_lines

NAME = "review"
HELP = "judge every decision of recorded rounds: the best play, each play's EV and the cost"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("file", metavar="FILE.jsonl", help="one round record per line ('-' for stdin)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per decision")


def run(args: argparse.Namespace) -> int:
    """Review every line; a line that cannot be replayed is reported and the others still run."""
    from engine.errors import BlackjackError
    from engine.review import review_record

    failures = 0
    for number, reviewed in played_lines(args.file, lambda record, line: review_record(record, line=line)):
        if isinstance(reviewed, BlackjackError):
            failures += 1
            _report(args, {"line": number, "error": str(reviewed)})
            continue
        for decision in reviewed:
            _report(args, decision.as_json())
    return 1 if failures else 0


def _report(args: argparse.Namespace, out: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps(out))
        return
    if "error" in out:
        print(f"line {out['line']}: error: {out['error']}")
        return
    evs = ", ".join(f"{play} {value:+.3f}" for play, value in out["ev"].items())
    up = out["dealer_up"] or "-"
    verdict = "best" if out["decision"] == out["best"] else f"best {out['best']}"
    print(
        f"line {out['line']}: seat {out['seat']} {' '.join(out['hand'])} vs {up}: {out['decision']} "
        f"({verdict}, cost {out['cost']:.3f}) | {evs}"
    )
