"""What the screens share that is not a scene: the numbers' colors and formats, the notice about
the saved history (statistics, leaderboard, tournament, title and setup all show them), and the
rules' words by heading (the setup and the Rules panel)."""

from __future__ import annotations

import re

from engine import RULE_GROUPS, Money, Rules, describe_rules
from engine.i18n import money
from engine.i18n import percent as locale_percent
from game.context import GameContext

GREY = (170, 164, 150)
GREEN = (130, 236, 140)
RED = (255, 150, 140)


def money_text(cents: Money | None, *, sign: bool = False) -> str:
    """'$1,250' or '+$25' ('—' for unknown)."""
    if cents is None:
        return "—"
    return money(cents, sign=sign)


def capitals(words: str) -> str:
    """Words upper-cased for a label, but a plural's ending on a figure kept small, as people write it:
    'A PAIR OF 7s AGAINST A 10', 'EIN PAAR 10er GEGEN EINE 6'.

    >>> capitals("a pair of 7s against a 10"), capitals("ein Paar 10er gegen eine 6"), capitals("soft 17")
    ('A PAIR OF 7s AGAINST A 10', 'EIN PAAR 10er GEGEN EINE 6', 'SOFT 17')
    """
    return re.sub(r"(?<=\d)[^\W\d]+", lambda ending: ending[0].lower(), words.upper())


def percent(share: float | None) -> str:
    """'45.2%' ('—' for unknown)."""
    return "—" if share is None else locale_percent(share, 1)


def history_notice(ctx: GameContext) -> tuple[str, bool] | None:
    """What to tell the players about the saved history, and whether it is an error; None when all is well."""
    records = ctx.records
    if records is None or not records.ready:
        return None
    if records.problem:
        return records.problem, True
    if records.notice:
        return records.notice, False
    return None


def rules_by_heading(rules: Rules) -> list[tuple[str, tuple[str, ...]]]:
    """The rules' sentences under their headings, less the table's name and description (shown apart)."""
    table = RULE_GROUPS[0][0]
    return [(group.title, group.sentences) for group in describe_rules(rules) if group.key != table]
