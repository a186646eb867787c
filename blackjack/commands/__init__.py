"""The headless subcommands of the `blackjack` command; each module registers one.

A command module has `NAME`, `HELP`, `add_arguments(parser)` and `run(args) -> int`,
and imports nothing heavy at module level so `blackjack --help` stays instant. They run on
the engine alone: none imports `game` or pygame.
"""

from __future__ import annotations

import argparse
from importlib import import_module
from types import ModuleType

COMMAND_MODULES = ("rules", "replay", "strategy", "odds", "indices", "simulate", "ramp", "history", "review")
"""Subcommand modules of this package, in the order `--help` lists them."""


def available() -> list[ModuleType]:
    """The command modules that exist in this build."""
    found = []
    for name in COMMAND_MODULES:
        try:
            found.append(import_module(f"{__name__}.{name}"))
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
    return found


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    """Register every available subcommand on the parser; `args.command_module` picks the runner."""
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in available():
        # argparse %-formats help strings; a command's own "95%" must stay literal.
        sub = subparsers.add_parser(module.NAME, help=module.HELP.replace("%", "%%"), description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(command_module=module)
