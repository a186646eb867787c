"""The rules in words: a rule set read out the way a player reads a table card.

`RULE_GROUPS` puts every option of `Rules` under one heading, in the order a table card reads;
`OPTION_HELP` explains each option in one line for an editor; `OPTION_CHOICES` lists the values
an editor offers, as a rules file writes them. `describe_rules` says what a rule set
does in sentences (what a player would assume goes unsaid: two blackjacks push, pairs
split by rank), and `felt_phrases` gives the short rules a felt prints.

>>> from engine.rulesets import load_rules
>>> print(rules_in_words(load_rules("single-deck")))
One deck, cut at 60%. The dealer hits soft 17 and peeks for blackjack. Double on 10 or 11 \
only, but not after a split. Split once; aces get one card each. No surrender. Insurance \
pays 2 to 1; even money offered. Blackjack pays 3 to 2. Bets $25 to $1000.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import Any

from engine.money import format_money
from engine.rules import (
    MAX_BURN,
    PAYOUTS,
    BlackjackVsBlackjack,
    DealerBlackjackTakes,
    DoubleOn,
    HoleCard,
    Rules,
    Surrender,
    payout_text,
)

_INSURANCE_PAYS = "Insurance pays 2 to 1"
"""What insurance pays, on the felt and in the rules' words."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


RULE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The table", ("name", "description", "base")),
    ("The shoe", ("decks", "penetration", "csm", "burn_cards")),
    ("The dealer", ("dealer_hits_soft_17", "hole_card", "dealer_blackjack_takes")),
    ("Doubling", ("double_on", "double_after_split")),
    ("Splitting", (
        "max_hands", "resplit_aces", "hit_split_aces", "split_ace_21_is_blackjack", "pair_by_value",
    )),
    ("Surrender and insurance", ("surrender", "insurance", "even_money")),
    ("Payouts", ("blackjack_pays", "blackjack_vs_dealer_blackjack", "player_blackjack_paid_at_once")),
    ("Limits", ("min_bet", "max_bet")),
    ("Deal order and tournament", ("first_card_before_bet", "dealer_draws_after_players", "tournament")),
)
"""Every option of `Rules` under its heading, in the order a table card reads: (title, option names)."""


@dataclass(frozen=True, slots=True)
class OptionHelp:
    """One option explained for an editor: a short label and what it does."""

    label: str
    explanation: str

    @property
    def line(self) -> str:
        """Label and explanation as one line.

        >>> OPTION_HELP["dealer_hits_soft_17"].line
        'Dealer hits soft 17: the dealer draws to A-6.'
        """
        return f"{self.label}: {self.explanation}"


OPTION_HELP: dict[str, OptionHelp] = {
    "name": OptionHelp("Name", "what the table is called."),
    "description": OptionHelp("Description", "one line that sums the table up."),
    "base": OptionHelp("Based on", "the preset or rules file these rules start from."),
    "decks": OptionHelp(
        "Decks", "how many decks the shoe holds; infinite draws every card from a full deck."
    ),
    "penetration": OptionHelp(
        "Cut card", "how much of the shoe is dealt before a shuffle; 0 shuffles every round."
    ),
    "csm": OptionHelp(
        "Continuous shuffler", "after every round the discards go back into the machine at random places."
    ),
    "burn_cards": OptionHelp("Burn cards", "cards the dealer burns face down after each shuffle."),
    "dealer_hits_soft_17": OptionHelp("Dealer hits soft 17", "the dealer draws to A-6."),
    "hole_card": OptionHelp(
        "Hole card", "peek looks for a dealer blackjack before play; no-peek waits; none deals it after play."
    ),
    "dealer_blackjack_takes": OptionHelp(
        "Dealer blackjack takes", "without a peek, whether a dealer blackjack takes doubles and splits too."
    ),
    "double_on": OptionHelp("Double on", "which two-card totals may double the bet for one more card."),
    "double_after_split": OptionHelp("Double after split", "a hand made by splitting may double."),
    "max_hands": OptionHelp(
        "Most hands", "how many hands splitting may make: 1 forbids splitting, 0 is no limit."
    ),
    "resplit_aces": OptionHelp("Resplit aces", "an ace dealt to a split ace may be split again."),
    "hit_split_aces": OptionHelp("Hit split aces", "split aces may draw more than one card."),
    "split_ace_21_is_blackjack": OptionHelp(
        "Split ace 21 is blackjack", "a ten on a split ace pays as a blackjack."
    ),
    "pair_by_value": OptionHelp("Pairs by value", "any two ten-value cards, K and Q say, may split."),
    "insurance": OptionHelp(
        "Insurance", "with an ace up, a side bet of half the bet that pays 2 to 1 on a dealer blackjack."
    ),
    "even_money": OptionHelp("Even money", "a blackjack against an ace may take 1 to 1 at once."),
    "surrender": OptionHelp(
        "Surrender", "give up half the bet instead of playing; early is before the peek, late after."
    ),
    "blackjack_pays": OptionHelp("Blackjack pays", "what a two-card 21 wins for each unit bet."),
    "blackjack_vs_dealer_blackjack": OptionHelp(
        "Blackjack against blackjack", "whether two blackjacks push or the player's wins."
    ),
    "player_blackjack_paid_at_once": OptionHelp(
        "Blackjack paid at once", "a blackjack is paid before the others play."
    ),
    "min_bet": OptionHelp("Minimum bet", "the smallest bet the table takes."),
    "max_bet": OptionHelp("Maximum bet", "the largest bet, or bankroll for no table maximum."),
    "first_card_before_bet": OptionHelp("First card before bet", "each player sees a card, then bets."),
    "dealer_draws_after_players": OptionHelp(
        "Dealer draws after players", "the dealer gets no card in the deal and draws them all after play."
    ),
    "tournament": OptionHelp("Tournament", "every seat starts with the same bankroll and plays to a goal."),
}
"""A one-line explanation of every option of `Rules`, keyed by option name."""


def _choices() -> dict[str, tuple[Any, ...]]:
    defaults = Rules()
    out: dict[str, tuple[Any, ...]] = {}
    for option in fields(Rules):
        value = getattr(defaults, option.name)
        if isinstance(value, bool):
            out[option.name] = (False, True)
        elif isinstance(value, Enum):
            out[option.name] = tuple(member.value for member in type(value))
    out["decks"] = (*range(1, 9), "infinite")
    out["blackjack_pays"] = tuple(PAYOUTS)
    out["max_hands"] = (1, 2, 3, 4, 0)
    out["burn_cards"] = tuple(range(MAX_BURN + 1))
    return out


OPTION_CHOICES: dict[str, tuple[Any, ...]] = _choices()
"""The values an editor offers for each option that has a fixed set, as a rules file writes
them ("infinite", "6:5", "late", true); names, amounts and penetration are typed in.

>>> OPTION_CHOICES["surrender"], OPTION_CHOICES["max_hands"]
(('none', 'late', 'early'), (1, 2, 3, 4, 0))
"""


@dataclass(frozen=True, slots=True)
class RuleGroupWords:
    """One heading of a table card and its sentences."""

    title: str
    sentences: tuple[str, ...]


def describe_rules(rules: Rules) -> tuple[RuleGroupWords, ...]:
    """The rule set in sentences under the `RULE_GROUPS` headings; a heading with nothing to say is left out.

    >>> from engine.rulesets import load_rules
    >>> [(g.title, g.sentences) for g in describe_rules(load_rules("double-up"))][-1]
    ('Deal order and tournament', ('You see your first card before you bet.', \
'The dealer gets no card in the deal and draws every card after the players.', \
'A tournament: every seat starts with $100 and wins on reaching $200; \
a seat that cannot make the minimum bet is out.'))
    """
    found = []
    for title, _ in RULE_GROUPS:
        sentences = _SENTENCES[title](rules)
        if sentences:
            found.append(RuleGroupWords(title, sentences))
    return tuple(found)


def rules_in_words(rules: Rules) -> str:
    """The rules as one paragraph, every heading but the table's name and description."""
    groups = [group for group in describe_rules(rules) if group.title != RULE_GROUPS[0][0]]
    return " ".join(sentence for group in groups for sentence in group.sentences)


def short_description(rules: Rules) -> str:
    """One line that sums the rules up, made from them: what a saved or changed table is described by.

    >>> from engine.rulesets import load_rules
    >>> short_description(load_rules("vegas-strip").with_changes(decks=2, dealer_hits_soft_17=True))
    'Two decks, dealer hits soft 17, double any two, double after split, split to 4 hands, \
late surrender, blackjack pays 3:2.'
    """
    if rules.decks is None:
        parts = ["Infinite deck"]
    else:
        parts = [f"{_number(rules.decks).capitalize()} deck{'s' if rules.decks > 1 else ''}"]
    if rules.csm:
        parts[0] += " in a continuous shuffler"
    elif rules.penetration == 0 and rules.decks is not None:
        parts[0] += " shuffled every round"
    parts.append("dealer hits soft 17" if rules.dealer_hits_soft_17 else "dealer stands on soft 17")
    if rules.dealer_draws_after_players:
        parts.append("dealer draws after the players")
    elif rules.hole_card is HoleCard.NONE:
        parts.append("no hole card")
    elif rules.hole_card is HoleCard.NO_PEEK:
        parts.append("no peek")
    if rules.double_on is DoubleOn.NONE:
        parts.append("no doubling")
    else:
        on = "any two" if rules.double_on is DoubleOn.ANY else f"on {rules.double_on.value}"
        parts.append(f"double {on}")
        if rules.splitting_allowed:
            parts.append("double after split" if rules.double_after_split else "no double after split")
    if not rules.splitting_allowed:
        parts.append("no splitting")
    else:
        named = {0: "unlimited resplits", 2: "split once"}
        parts.append(named.get(rules.max_hands, f"split to {rules.max_hands} hands"))
    if rules.surrender is not Surrender.NONE:
        parts.append(_surrender_phrase(rules.surrender).lower())
    if not rules.insurance:
        parts.append("no insurance")
    parts.append(f"blackjack pays {payout_text(rules.blackjack_pays)}")
    if rules.tournament is not None:
        parts.append(
            f"a tournament from {_money(rules.tournament.bankroll)} to {_money(rules.tournament.goal)}"
        )
    return ", ".join(parts) + "."


def ratio_words(ratio: Fraction) -> str:
    """A payout in words.

    >>> ratio_words(Fraction(6, 5))
    '6 to 5'
    """
    return payout_text(ratio).replace(":", " to ")


def felt_phrases(rules: Rules) -> tuple[str, ...]:
    """The short rules a felt prints, most important first: the payout, the dealer, then what else applies.

    >>> from engine.rulesets import load_rules
    >>> felt_phrases(load_rules("european"))
    ('Blackjack pays 3 to 2', 'Dealer must stand on all 17s', 'No hole card', 'Insurance pays 2 to 1')
    """
    dealer = "Dealer hits soft 17" if rules.dealer_hits_soft_17 else "Dealer must stand on all 17s"
    phrases = [_payout_phrase(rules), dealer]
    if not rules.dealer_gets_hole_card:
        phrases.append("No hole card")
    elif not rules.dealer_peeks:
        phrases.append("No peek")
    if rules.insurance:
        phrases.append(_INSURANCE_PAYS)
    if rules.double_on is DoubleOn.NONE and not rules.splitting_allowed and rules.surrender is Surrender.NONE:
        phrases.append("Hit or stand only")
    if rules.surrender is not Surrender.NONE:
        phrases.append(_surrender_phrase(rules.surrender))
    return tuple(phrases)


def _number(count: int) -> str:
    return _NUMBERS[count] if count < len(_NUMBERS) else str(count)


def _money(cents: int) -> str:
    return "$" + format_money(cents)


def _payout_phrase(rules: Rules) -> str:
    if rules.blackjack_pays == 1:
        return "All wins pay 1 to 1"
    return f"Blackjack pays {ratio_words(rules.blackjack_pays)}"


def _surrender_phrase(surrender: Surrender) -> str:
    return f"{surrender.value.capitalize()} surrender"


def _table(rules: Rules) -> tuple[str, ...]:
    sentences = [f"{rules.name}: {rules.description}"]
    if rules.base is not None:
        sentences.append(f"Based on {rules.base}.")
    return tuple(sentences)


def _shoe(rules: Rules) -> tuple[str, ...]:
    if rules.decks is None:
        return ("An infinite deck: every card is drawn from a full deck, so no card is ever used up.",)
    decks = f"{_number(rules.decks).capitalize()} deck{'s' if rules.decks > 1 else ''}"
    if rules.csm:
        return (
            f"{decks} in a continuous shuffling machine: after every round the discards go back in at "
            "random places, so every round is dealt as from a full shoe (the odds are a full shoe's) "
            "and counting gains nothing.",
        )
    if rules.penetration == 0:
        dealt = f"{decks}, shuffled after every round."
    elif rules.penetration == 1:
        dealt = f"{decks}, dealt to the last card."
    else:
        dealt = f"{decks}, cut at {round(float(rules.penetration) * 100, 1):g}%."
    if not rules.burn_cards:
        return (dealt,)
    burned = "one card" if rules.burn_cards == 1 else f"{_number(rules.burn_cards)} cards"
    return (dealt, f"The dealer burns {burned}, face down, after each shuffle.")


def _dealer(rules: Rules) -> tuple[str, ...]:
    stands = "The dealer hits soft 17" if rules.dealer_hits_soft_17 else "The dealer stands on all 17s"
    if rules.dealer_draws_after_players:
        sentences = [f"{stands}."]  # the deal order says there is no hole card
    elif rules.hole_card is HoleCard.PEEK:
        sentences = [f"{stands} and peeks for blackjack."]
    elif rules.hole_card is HoleCard.NO_PEEK:
        sentences = [f"{stands}; the hole card stays face down, unchecked, until the players have played."]
    else:
        sentences = [f"{stands} and takes no hole card: the second card comes after the players have played."]
    if not rules.dealer_peeks:
        if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL_BETS:
            sentences.append("A dealer blackjack takes every bet, doubles and splits too.")
        else:
            sentences.append(
                "A dealer blackjack takes only the original bet; doubles and splits are given back."
            )
    return tuple(sentences)


_DOUBLE_ON = {DoubleOn.ANY: "any two cards", DoubleOn.NINE_TO_ELEVEN: "9, 10 or 11 only",
              DoubleOn.TEN_TO_ELEVEN: "10 or 11 only"}


def _doubling(rules: Rules) -> tuple[str, ...]:
    if rules.double_on is DoubleOn.NONE:
        return ("No doubling.",)
    after = ""
    if rules.splitting_allowed:
        after = ", also after a split" if rules.double_after_split else ", but not after a split"
    return (f"Double on {_DOUBLE_ON[rules.double_on]}{after}.",)


def _splitting(rules: Rules) -> tuple[str, ...]:
    if not rules.splitting_allowed:
        return ("No splitting.",)
    if rules.max_hands == 0:
        how = "Split and resplit without limit"
    elif rules.max_hands == 2:
        how = "Split once"
    else:
        how = f"Split up to {_number(rules.max_hands)} hands"
    resplit = rules.resplit_aces and rules.max_hands != 2
    if rules.max_hands == 2:
        aces = "split aces may be hit" if rules.hit_split_aces else "aces get one card each"
    elif resplit:
        aces = "aces may be resplit and hit" if rules.hit_split_aces else "aces may be resplit, one card each"
    else:
        aces = "aces once, and they may be hit" if rules.hit_split_aces else "aces once, one card each"
    sentences = [f"{how}; {aces}."]
    if rules.split_ace_21_is_blackjack:
        sentences.append("A ten on a split ace pays as a blackjack.")
    if rules.pair_by_value:
        sentences.append("Any two ten-value cards are a pair: K and Q may split.")
    return tuple(sentences)


def _offers(rules: Rules) -> tuple[str, ...]:
    if rules.surrender is Surrender.NONE:
        surrender = "No surrender."
    elif rules.surrender is Surrender.LATE:
        surrender = "Late surrender."
    else:
        surrender = "Early surrender, which stands even against a dealer blackjack."
    if not rules.insurance:
        return (surrender, "No insurance.")
    even = "even money offered" if rules.even_money else "no even money"
    return (surrender, f"{_INSURANCE_PAYS}; {even}.")


def _payouts(rules: Rules) -> tuple[str, ...]:
    if rules.blackjack_pays == 1:
        sentences = ["Blackjack pays 1 to 1, like any other win."]
    else:
        sentences = [f"{_payout_phrase(rules)}."]
    if rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PLAYER_WINS:
        sentences.append("A blackjack beats a dealer blackjack.")
    if rules.player_blackjack_paid_at_once:
        sentences.append("A blackjack is paid at once, before the others play.")
    return tuple(sentences)


def _limits(rules: Rules) -> tuple[str, ...]:
    if rules.max_bet is None:
        return (f"Bets from {_money(rules.min_bet)} up to your whole bankroll.",)
    return (f"Bets {_money(rules.min_bet)} to {_money(rules.max_bet)}.",)


def _deal_order(rules: Rules) -> tuple[str, ...]:
    sentences = []
    if rules.first_card_before_bet:
        sentences.append("You see your first card before you bet.")
    if rules.dealer_draws_after_players:
        sentences.append("The dealer gets no card in the deal and draws every card after the players.")
    if rules.tournament is not None:
        sentences.append(
            f"A tournament: every seat starts with {_money(rules.tournament.bankroll)} and wins on reaching "
            f"{_money(rules.tournament.goal)}; a seat that cannot make the minimum bet is out."
        )
    return tuple(sentences)


# One function per heading of RULE_GROUPS, in its order.
_SENTENCES = dict(zip(
    (title for title, _ in RULE_GROUPS),
    (_table, _shoe, _dealer, _doubling, _splitting, _offers, _payouts, _limits, _deal_order),
    strict=True,
))
