"""`blackjack rules [ID|NAME|FILE [--words | --effects [--json]]] [--data-dir DIR]`: the tables, or one shown.

Without an argument: the presets, then the tables saved in the data folder (a saved table
whose file does not load is listed apart, with the reason, and skipped). With one: every
option as a rules file writes it; in words (`--words`); or, with `--effects`, each option's
effect on the house edge, one option changed at a time with the others held, priced exactly
by the odds engine (and its cache).
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.odds.effects import RuleEffect
    from engine.rules import Rules

NAME = "rules"
HELP = "list the rules presets, or print a preset or rules file: every option, in words, or each one's worth"

EFFECTS_HELP = (
    "each option's effect on the house edge with basic strategy: every other value of one option, "
    "the others held (a boolean its other value, a choice every other choice, decks 1-8 and infinite). "
    "Left out, as they do not change the value of basic-strategy play: name, description, base, "
    "min_bet, max_bet and tournament (every bet is one unit); penetration, csm and burn_cards (the "
    "odds engine deals every hand from a full shoe, as a continuous shuffler does); insurance and "
    "even_money (basic strategy never takes them); "
    "first_card_before_bet (the bet is the same whatever the card). A value the other options "
    "contradict is shown as not allowed, with the reason. The first run prices each changed rule "
    "set (a second or two each for a shoe); later runs read the odds cache"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "spec", nargs="?", metavar="ID|NAME|FILE",
        help="a preset id, a saved table's name or a TOML rules file",
    )
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--words", action="store_true", help="the rules in plain sentences, as a table card")
    shown.add_argument("--effects", action="store_true", help=EFFECTS_HELP)
    parser.add_argument(
        "--json", action="store_true",
        help='with --effects: a JSON list of {"option", "from", "to", "house_edge_change_percent"}; '
        'a refused change has a null change and a "not_allowed" reason',
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", default=argparse.SUPPRESS,
        help="the data folder whose saved tables are listed and found by name (default: as for history)",
    )


def run(args: argparse.Namespace) -> int:
    """List presets or show one rule set; returns the exit status."""
    from blackjack.commands.history import data_dir, load_rules_arg
    from engine.errors import RulesError
    from engine.rulesets import presets
    from engine.tables import find_tables, tables_folder

    if args.spec is None:
        if args.words or args.effects or args.json:
            raise RulesError("name a preset or rules file, such as: blackjack rules vegas-strip --words")
        found = [(p.id, p.rules) for p in presets()]
        folder = tables_folder(data_dir(getattr(args, "data_dir", None)))
        tables = find_tables(folder)
        saved = [(t.name, t.rules) for t in tables.tables]
        width = max(len(name) for name, _ in found + saved)
        for name, rules in found:
            print(f"{name:<{width}}  {rules.description}")
        if saved:
            print("\nSaved tables")
            for name, rules in saved:
                print(f"{name:<{width}}  {rules.description}")
        if tables.broken:
            print("\nSaved tables that do not load (left out)")
            for table in tables.broken:
                print(f"{table.name}  {table.reason}")
        return 0
    if args.json and not args.effects:
        raise RulesError("--json goes with --effects")
    rules = load_rules_arg(args.spec, args)
    if args.effects:
        _print_effects(rules, as_json=args.json)
    elif args.words:
        print(words_text(rules))
    else:
        for line in rules.summary_lines():
            print(line)
    return 0


def words_text(rules: Rules) -> str:
    """The rules in words: the name and description, then each heading and its sentences."""
    from engine.rule_words import describe_rules

    table, *groups = describe_rules(rules)
    width = max(len(group.title) for group in groups)
    lines = [*table.sentences, ""]
    lines += [f"{group.title:<{width}}  {' '.join(group.sentences)}" for group in groups]
    return "\n".join(lines)


def _print_effects(rules: Rules, *, as_json: bool) -> None:
    from engine.odds import analysis
    from engine.odds.effects import PRICED_OPTIONS, rule_effects
    from engine.rule_words import OPTION_CHOICES, RULE_GROUPS

    if as_json:
        print(json.dumps([effect_json(effect) for effect in rule_effects(rules)], indent=2))
        return
    print(f"{rules.name}: house edge {100 * analysis(rules).house_edge:.3f}% with basic strategy")
    print("each option changed alone, the others as they are; + is more for the house")
    title_of = {option: title for title, options in RULE_GROUPS for option in options}
    width = 2 * max(len(json.dumps(v)) for option in PRICED_OPTIONS for v in OPTION_CHOICES[option]) + 4
    title = None
    for effect in rule_effects(rules):  # printed as each is priced
        if title_of[effect.option] != title:
            title = title_of[effect.option]
            print(f"\n{title}")
        print(effect_line(effect, width), flush=True)


def effect_json(effect: RuleEffect) -> dict[str, Any]:
    """One effect as a JSON object: values as a rules file writes them, the change in percent."""
    out: dict[str, Any] = {
        "option": effect.option,
        "from": effect.before,
        "to": effect.after,
        "house_edge_change_percent": (
            None if effect.house_edge_change is None else round(100 * effect.house_edge_change, 4)
        ),
    }
    if effect.refused is not None:
        out["not_allowed"] = effect.refused
    return out


def effect_line(effect: RuleEffect, width: int) -> str:
    """One effect as a line of the text table, the change of value `width` wide."""
    change = f"{json.dumps(effect.before)} -> {json.dumps(effect.after)}"
    if effect.house_edge_change is None:
        return f"  {effect.option:<30} {change:<{width}} not allowed: {effect.refused}"
    return f"  {effect.option:<30} {change:<{width}} {100 * effect.house_edge_change:+.3f}%"
