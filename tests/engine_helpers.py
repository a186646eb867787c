"""Shared helpers for engine tests: play a stacked round in one call."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Action, Round, Rules, StackedShoe, Table
from engine.rulesets import rules_from_mapping, rules_to_mapping


def rules_of(base: str | Rules, **changes: object) -> Rules:
    """A preset (or rules) with some options changed, the options given as a TOML file gives them."""
    start = {"base": base} if isinstance(base, str) else rules_to_mapping(base)
    return rules_from_mapping({**start, **changes})


def play(
    rules: str | Rules,
    cards: str,
    decisions: Sequence[str] = (),
    *,
    bets: Sequence[int] = (1000,),
    bankrolls: Sequence[int] | None = None,
    finish: bool = True,
    **changes: object,
) -> Round:
    """Deal a stacked shoe to one seat per bet, take the decisions, and (by default) check the round ended."""
    table = Table(
        rules_of(rules, **changes),
        [(f"P{i}", bankroll) for i, bankroll in enumerate(bankrolls or [100_000] * len(bets))],
        shoe=StackedShoe(cards),
    )
    rnd = table.start_round()
    for seat, bet in enumerate(bets):
        if bet:
            rnd.place_bet(seat, bet)
    rnd.deal()
    for word in decisions:
        rnd.act(Action(word))
    if finish:
        assert rnd.is_over, f"round still waiting on {rnd.decision}"
    return rnd


def results(rnd: Round, seat: int = 0) -> list[tuple[str, int]]:
    """(result word, net cents) for each of a seat's hands."""
    return [(h.result.value if h.result else "?", h.net or 0) for h in rnd.hands(seat)]


def kinds(rnd: Round) -> list[str]:
    """The names of the round's events, in order."""
    return [type(e).__name__ for e in rnd.events]
