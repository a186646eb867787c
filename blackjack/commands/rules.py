"""`blackjack rules [ID|FILE]`: list the presets, or print every option of one rule set."""

from __future__ import annotations

import argparse

NAME = "rules"
HELP = "list the rules presets, or print every option of a preset or rules file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("spec", nargs="?", metavar="ID|FILE", help="a preset id or a TOML rules file")


def run(args: argparse.Namespace) -> int:
    """List presets or show one rule set; returns the exit status."""
    from engine.rulesets import load_rules, presets

    if args.spec is None:
        found = presets()
        width = max(len(p.id) for p in found)
        for preset in found:
            print(f"{preset.id:<{width}}  {preset.rules.description}")
        return 0
    for line in load_rules(args.spec).summary_lines():
        print(line)
    return 0
