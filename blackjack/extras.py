"""Optional extras: a module that only an optional feature needs is imported through `require`."""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.errors import BlackjackError


class MissingExtraError(BlackjackError):
    """An option needs a package of an optional extra that is not installed."""


def require(module: str, extra: str, option: str) -> ModuleType:
    """Import `module`, or raise MissingExtraError naming the option, the extra and the pip command.

    >>> require("json", "none", "--anything").__name__
    'json'
    >>> require("no_such_module_here", "cluster", "--cluster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    blackjack.extras.MissingExtraError: --cluster needs the optional extra 'cluster' ...
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingExtraError(
            f"{option} needs the optional extra {extra!r} ({error.name or module} is not installed); "
            f"install it with: pip install 'blackjack-table[{extra}]'"
        ) from None
