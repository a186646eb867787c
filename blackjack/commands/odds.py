"""`blackjack odds --rules ID|FILE [--hand CARDS --up CARD [--removed CARDS]] [--json]`.

Without `--hand`: the house edge with basic strategy, the player's expected value, and
the dealer's final-total odds per up card. With `--hand`: each action's expected value
for that hand against the up card, from a fresh shoe less any `--removed` cards.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.odds import Analysis, Hint
    from engine.rules import Rules

NAME = "odds"
HELP = "house edge and dealer odds for a rule set, or each action's value for one hand"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "--rules", metavar="ID|NAME|FILE", default=argparse.SUPPRESS,
        help="rules preset id, saved table name or TOML file (default: vegas-strip)",
    )
    parser.add_argument("--hand", metavar="CARDS", help="the player's cards, such as 'T,6' or 'As 7d'")
    parser.add_argument("--up", metavar="CARD", help="the dealer's up card, such as T or 6")
    parser.add_argument(
        "--removed", metavar="CARDS", default="", help="other cards already out of the shoe, such as '5,5,T'"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Print the odds; returns the exit status."""
    from blackjack.commands.history import load_rules_arg
    from engine.cards import parse_cards
    from engine.odds import OddsError, analysis

    rules = load_rules_arg(getattr(args, "rules", None) or "vegas-strip", args)
    if args.hand is None:
        if args.up or args.removed:
            raise OddsError("--up and --removed go with --hand; give the player's cards too")
        result = analysis(rules)
        print(json.dumps(summary_json(result, rules), indent=2) if args.json else summary_text(result, rules))
        return 0
    hand = parse_cards(args.hand)
    removed = parse_cards(args.removed)
    up = _up_card(rules, args.up)
    from engine.odds import hint

    found = hint(rules, hand, up, removed=removed)
    out = hand_json(rules, found, hand, up, removed)
    print(json.dumps(out, indent=2) if args.json else hand_text(rules, found, out))
    return 0


def _up_card(rules: Rules, text: str | None) -> Any:
    from engine.cards import Card
    from engine.odds import OddsError

    if rules.dealer_draws_after_players:
        if text:
            raise OddsError(f"{rules.name}: the dealer shows no card before the players play; drop --up")
        return None
    if not text:
        raise OddsError("give the dealer's up card with --up, such as --up T")
    return Card.parse(text)


def _percent(value: float) -> float:
    return round(100 * value, 4)


def summary_json(result: Analysis, rules: Rules) -> dict[str, Any]:
    """House edge, player EV and dealer odds as a JSON object (percentages and probabilities)."""
    return {
        "rules": rules.name,
        "house_edge_percent": _percent(result.house_edge),
        "player_ev_percent": _percent(result.player_ev),
        "optimal_house_edge_percent": _percent(result.optimal_house_edge),
        "dealer_given_no_blackjack": any(row.given_no_blackjack for row in result.dealer),
        "dealer": {row.label: row.as_dict() for row in result.dealer},
    }


def summary_text(result: Analysis, rules: Rules) -> str:
    """House edge, player EV and the dealer table as text."""
    lines = [
        f"{rules.name}: house edge {100 * result.house_edge:.3f}% with basic strategy "
        f"(player EV {100 * result.player_ev:+.3f}% of each initial bet)",
        f"composition-dependent best play on the first decision: house edge "
        f"{100 * result.optimal_house_edge:.3f}%",
        "",
    ]
    conditioned = any(row.given_no_blackjack for row in result.dealer)
    lines.append(
        "Dealer final totals" + (" (after the peek: no blackjack under an A or T)" if conditioned else "")
    )
    names = ("17", "18", "19", "20", "21", "blackjack", "bust")
    lines.append("up    " + " ".join(f"{name:>9}" for name in names))
    for row in result.dealer:
        lines.append(f"{row.label:<5} " + " ".join(f"{100 * p:8.2f}%" for p in row.probabilities))
    return "\n".join(lines)


def hand_json(rules: Rules, found: Hint, hand: Any, up: Any, removed: Any) -> dict[str, Any]:
    """One hand's action values as a JSON object."""
    return {
        "rules": rules.name,
        "hand": [card.code for card in hand],
        "up": None if up is None else up.code,
        "removed": [card.code for card in removed],
        "given_no_blackjack": found.given_no_blackjack,
        "best": found.action.value,
        "actions": {action.value: value for action, value in found.ranked},
    }


def hand_text(rules: Rules, found: Hint, out: dict[str, Any]) -> str:
    """One hand's action values as text, best first."""
    against = f"against {out['up']}" if out["up"] else "(no up card)"
    lines = [f"{rules.name}: {','.join(out['hand'])} {against}"]
    if found.given_no_blackjack:
        lines.append("values given that the dealer has no blackjack (the dealer has peeked)")
    for action, value in found.ranked:
        mark = "  <- best" if action is found.action else ""
        lines.append(f"  {action.value:<10} {value:+.4f}{mark}")
    return "\n".join(lines)
