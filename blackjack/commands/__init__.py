"""The headless subcommands of the `blackjack` command; each module registers one.

A command module has `NAME`, `HELP`, `add_arguments(parser)` and `run(args) -> int`,
and imports nothing heavy at module level so `blackjack --help` stays instant. They run on
the engine alone: none imports `game` or pygame.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib import import_module
from types import ModuleType

COMMAND_MODULES = ("rules", "replay", "strategy", "odds", "indices", "simulate", "ramp", "history", "review",
                   "verify_shoe")
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
        # After the command too (`blackjack rules ID --words --lang de`); SUPPRESS keeps a --lang
        # given before the command when none follows it.
        sub.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS,
                         help="speak this language (en, de, fr, es)")
        sub.set_defaults(command_module=module)


SEED_MAX = 2**64 - 1
"""The largest seed `--seed` takes: seeds are 64-bit, as the kernel's generator and the records keep them."""


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` (to `high`), else one line saying which and why.

    >>> count(1, 7)("3"), count(0)("1_000")
    (3, 1000)
    >>> count(1, 7)("9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 9 is out of range; use 1 to 7
    """

    def whole_number(text: str) -> int:
        cleaned = text.strip()
        if len(cleaned) > _MAX_DIGITS:  # int() of thousands of digits fails with a confusing message
            raise argparse.ArgumentTypeError(f"{_cut(cleaned)} is out of range; {_allowed(low, high)}")
        try:
            value = int(cleaned)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{_cut(text)!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is out of range; {_allowed(low, high)}")
        return value

    return whole_number


seed = count(0, SEED_MAX)
"""The argparse type of `--seed`."""

_MAX_DIGITS = 40


def _allowed(low: int, high: int | None) -> str:
    return f"use {low} or more" if high is None else f"use {low} to {high}"


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
