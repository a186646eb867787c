"""The rules in words: a rule set read out the way a player reads a table card.

`RULE_GROUPS` puts every option of `Rules` under one heading, in the order a table card reads;
`OPTION_HELP` explains each option in one line for an editor; `OPTION_CHOICES` lists the values
an editor offers, as a rules file writes them. `describe_rules` says what a rule set
does in sentences (what a player would assume goes unsaid: two blackjacks push, pairs
split by rank), and `felt_phrases` gives the short rules a felt prints. Every word is in the
player's language (`engine.i18n`), looked up when asked for; `short_description` alone stays
English, because it is saved in rules files as the table's description.

>>> from engine.rulesets import load_rules
>>> print(rules_in_words(load_rules("single-deck")))
One deck, cut at 60%. The dealer hits soft 17 and peeks for blackjack. Double on 10 or 11 \
only, but not after a split. Split once; aces get one card each. No surrender. Insurance \
pays 2 to 1; even money offered. Blackjack pays 3 to 2. Bets $25 to $1,000.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import Any

from engine.i18n import N_, _, money, ngettext, percent
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
    count_word,
    payout_text,
)

_INSURANCE_PAYS = N_("Insurance pays 2 to 1")
"""What insurance pays, on the felt and in the rules' words."""


RULE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("The table"), ("name", "description", "base")),
    (N_("The shoe"), ("decks", "penetration", "csm", "burn_cards")),
    (N_("The dealer"), ("dealer_hits_soft_17", "hole_card", "dealer_blackjack_takes")),
    (N_("Doubling"), ("double_on", "double_after_split")),
    (N_("Splitting"), (
        "max_hands", "resplit_aces", "hit_split_aces", "split_ace_21_is_blackjack", "pair_by_value",
    )),
    (N_("Surrender and insurance"), ("surrender", "insurance", "even_money")),
    (N_("Payouts"), ("blackjack_pays", "blackjack_vs_dealer_blackjack", "player_blackjack_paid_at_once")),
    (N_("Limits"), ("min_bet", "max_bet")),
    (N_("Deal order and tournament"), ("first_card_before_bet", "dealer_draws_after_players", "tournament")),
)
"""Every option of `Rules` under its heading, in the order a table card reads: (title, option names).

The titles are English keys, marked for the catalogs: show one with `_(title)`."""


@dataclass(frozen=True, slots=True)
class OptionHelp:
    """One option explained for an editor: a short label and what it does, read in the player's language.

    It holds the English, marked with `N_`; `label` and `explanation` look it up when read.
    """

    label_text: str
    explanation_text: str

    @property
    def label(self) -> str:
        """The option's short name, in the player's language."""
        return _(self.label_text)

    @property
    def explanation(self) -> str:
        """What the option does, in the player's language."""
        return _(self.explanation_text)

    @property
    def line(self) -> str:
        """Label and explanation as one line.

        >>> OPTION_HELP["dealer_hits_soft_17"].line
        'Dealer hits soft 17: the dealer draws to A-6.'
        """
        return _("{label}: {explanation}").format(label=self.label, explanation=self.explanation)


OPTION_HELP: dict[str, OptionHelp] = {
    "name": OptionHelp(N_("Name"), N_("what the table is called.")),
    "description": OptionHelp(N_("Description"), N_("one line that sums the table up.")),
    "base": OptionHelp(N_("Based on"), N_("the preset or rules file these rules start from.")),
    "decks": OptionHelp(
        N_("Decks"),
        N_("how many decks the shoe holds; infinite draws every card from a full deck."),
    ),
    "penetration": OptionHelp(
        N_("Cut card"),
        N_("how much of the shoe is dealt before a shuffle; 0 shuffles every round."),
    ),
    "csm": OptionHelp(
        N_("Continuous shuffler"),
        N_("after every round the discards go back into the machine at random places."),
    ),
    "burn_cards": OptionHelp(N_("Burn cards"), N_("cards the dealer burns face down after each shuffle.")),
    "dealer_hits_soft_17": OptionHelp(N_("Dealer hits soft 17"), N_("the dealer draws to A-6.")),
    "hole_card": OptionHelp(
        N_("Hole card"),
        N_("peek looks for a dealer blackjack before play; no-peek waits; none deals it after play."),
    ),
    "dealer_blackjack_takes": OptionHelp(
        N_("Dealer blackjack takes"),
        N_("without a peek, whether a dealer blackjack takes doubles and splits too."),
    ),
    "double_on": OptionHelp(
        N_("Double on"),
        N_("which two-card totals may double the bet for one more card."),
    ),
    "double_after_split": OptionHelp(N_("Double after split"), N_("a hand made by splitting may double.")),
    "max_hands": OptionHelp(
        N_("Most hands"),
        N_("how many hands splitting may make: 1 forbids splitting, 0 is no limit."),
    ),
    "resplit_aces": OptionHelp(N_("Resplit aces"), N_("an ace dealt to a split ace may be split again.")),
    "hit_split_aces": OptionHelp(N_("Hit split aces"), N_("split aces may draw more than one card.")),
    "split_ace_21_is_blackjack": OptionHelp(
        N_("Split ace 21 is blackjack"),
        N_("a ten on a split ace pays as a blackjack."),
    ),
    "pair_by_value": OptionHelp(N_("Pairs by value"), N_("any two ten-value cards, K and Q say, may split.")),
    "insurance": OptionHelp(
        N_("Insurance"),
        N_("with an ace up, a side bet of half the bet that pays 2 to 1 on a dealer blackjack."),
    ),
    "even_money": OptionHelp(N_("Even money"), N_("a blackjack against an ace may take 1 to 1 at once.")),
    "surrender": OptionHelp(
        N_("Surrender"),
        N_("give up half the bet instead of playing; early is before the peek, late after."),
    ),
    "blackjack_pays": OptionHelp(N_("Blackjack pays"), N_("what a two-card 21 wins for each unit bet.")),
    "blackjack_vs_dealer_blackjack": OptionHelp(
        N_("Blackjack against blackjack"),
        N_("whether two blackjacks push or the player's wins."),
    ),
    "player_blackjack_paid_at_once": OptionHelp(
        N_("Blackjack paid at once"),
        N_("a blackjack is paid before the others play."),
    ),
    "min_bet": OptionHelp(N_("Minimum bet"), N_("the smallest bet the table takes.")),
    "max_bet": OptionHelp(N_("Maximum bet"), N_("the largest bet, or bankroll for no table maximum.")),
    "first_card_before_bet": OptionHelp(
        N_("First card before bet"),
        N_("each player sees a card, then bets."),
    ),
    "dealer_draws_after_players": OptionHelp(
        N_("Dealer draws after players"),
        N_("the dealer gets no card in the deal and draws them all after play."),
    ),
    "tournament": OptionHelp(
        N_("Tournament"),
        N_("every seat starts with the same bankroll and plays to a goal."),
    ),
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
    """One heading of a table card and its sentences, in the player's language.

    `key` is the heading's English title in `RULE_GROUPS`, the same in every language.
    """

    title: str
    sentences: tuple[str, ...]
    key: str


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
    for title, _options in RULE_GROUPS:
        sentences = _SENTENCES[title](rules)
        if sentences:
            found.append(RuleGroupWords(_(title), sentences, title))
    return tuple(found)


def rules_in_words(rules: Rules) -> str:
    """The rules as one paragraph, every heading but the table's name and description."""
    groups = [group for group in describe_rules(rules) if group.key != RULE_GROUPS[0][0]]
    return " ".join(sentence for group in groups for sentence in group.sentences)


def short_description(rules: Rules) -> str:
    """One line that sums the rules up, made from them: what a saved or changed table is described by.

    It is always English: it is saved in the rules file as the table's description, as a
    player's own description would be; `description_words` reads it in the player's language.

    >>> from engine.rulesets import load_rules
    >>> short_description(load_rules("vegas-strip").with_changes(decks=2, dealer_hits_soft_17=True))
    'Two decks, dealer hits soft 17, double any two, double after split, split to 4 hands, \
late surrender, blackjack pays 3:2.'
    """
    return _summed_up(rules, _ENGLISH.gettext, _ENGLISH.ngettext, lambda cents: f"${format_money(cents)}")


def description_words(rules: Rules) -> str:
    """The table's description as the player reads it: one made from the rules (`short_description`)
    is said again in the player's language; any other is shown as written, or as the catalogs
    translate it.

    >>> from engine.rulesets import load_rules
    >>> changed = load_rules("vegas-strip").with_changes(decks=2)
    >>> description_words(changed.with_changes(description=short_description(changed)))
    'Two decks, dealer stands on soft 17, double any two, double after split, split to 4 hands, \
late surrender, blackjack pays 3:2.'
    """
    if rules.description == short_description(rules):
        return _summed_up(rules, _, ngettext, money)
    return _(rules.description) if rules.description else ""  # _("") would be the catalog's header


_ENGLISH = gettext.NullTranslations()
"""The source's own words, whatever language is chosen: for what is saved in files."""


def _summed_up(
    rules: Rules,
    _: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    amount: Callable[[int], str],
) -> str:
    """`short_description`'s line in the words `_` and `ngettext` give (English for files, or the
    player's language), with amounts as `amount` writes them.

    The parameters keep the gettext names so that `tools/catalogs.py extract` finds the words.
    """
    if rules.decks is None:
        deck = _("Infinite deck")
    else:
        decks = ngettext("One deck", "{count} decks", rules.decks).format(
            count=_(count_word(rules.decks, english=True)))
        if rules.csm:
            deck = _("{decks} in a continuous shuffler").format(decks=decks)
        elif rules.penetration == 0:
            deck = _("{decks} shuffled every round").format(decks=decks)
        else:
            deck = decks
    parts = [_capital(deck)]
    parts.append(_("dealer hits soft 17") if rules.dealer_hits_soft_17 else _("dealer stands on soft 17"))
    if rules.dealer_draws_after_players:
        parts.append(_("dealer draws after the players"))
    elif rules.hole_card is HoleCard.NONE:
        parts.append(_("no hole card"))
    elif rules.hole_card is HoleCard.NO_PEEK:
        parts.append(_("no peek"))
    if rules.double_on is DoubleOn.NONE:
        parts.append(_("no doubling"))
    else:
        if rules.double_on is DoubleOn.ANY:
            parts.append(_("double any two"))
        else:
            # TRANSLATORS: {totals} is "9-11" or "10-11"
            parts.append(_("double on {totals}").format(totals=rules.double_on.value))
        if rules.splitting_allowed:
            parts.append(_("double after split") if rules.double_after_split else _("no double after split"))
    if not rules.splitting_allowed:
        parts.append(_("no splitting"))
    elif rules.max_hands == 0:
        parts.append(_("unlimited resplits"))
    elif rules.max_hands == 2:
        parts.append(_("split once"))
    else:
        parts.append(ngettext("split to {count} hand", "split to {count} hands", rules.max_hands).format(
            count=rules.max_hands))
    if rules.surrender is Surrender.LATE:
        parts.append(_("late surrender"))
    elif rules.surrender is Surrender.EARLY:
        parts.append(_("early surrender"))
    if not rules.insurance:
        parts.append(_("no insurance"))
    parts.append(_("blackjack pays {payout}").format(payout=payout_text(rules.blackjack_pays)))
    if rules.tournament is not None:
        parts.append(_("a tournament from {bankroll} to {goal}").format(
            bankroll=amount(rules.tournament.bankroll), goal=amount(rules.tournament.goal)))
    return ", ".join(parts) + "."


def ratio_words(ratio: Fraction) -> str:
    """A payout in words.

    >>> ratio_words(Fraction(6, 5))
    '6 to 5'
    """
    win, bet = payout_text(ratio).split(":")
    # TRANSLATORS: a payout, as a casino says it: "3 to 2" (win 3 for each 2 bet)
    return _("{win} to {bet}").format(win=win, bet=bet)


def felt_phrases(rules: Rules) -> tuple[str, ...]:
    """The short rules a felt prints, most important first: the payout, the dealer, then what else applies.

    >>> from engine.rulesets import load_rules
    >>> felt_phrases(load_rules("european"))
    ('Blackjack pays 3 to 2', 'Dealer must stand on all 17s', 'No hole card', 'Insurance pays 2 to 1')
    """
    # TRANSLATORS: felt_phrases are printed in capitals on the felt, as casinos do; keep them short
    dealer = _("Dealer hits soft 17") if rules.dealer_hits_soft_17 else _("Dealer must stand on all 17s")
    phrases = [_payout_phrase(rules), dealer]
    if not rules.dealer_gets_hole_card:
        phrases.append(_("No hole card"))
    elif not rules.dealer_peeks:
        phrases.append(_("No peek"))
    if rules.insurance:
        phrases.append(_(_INSURANCE_PAYS))
    if rules.double_on is DoubleOn.NONE and not rules.splitting_allowed and rules.surrender is Surrender.NONE:
        phrases.append(_("Hit or stand only"))
    if rules.surrender is Surrender.LATE:
        phrases.append(_("Late surrender"))
    elif rules.surrender is Surrender.EARLY:
        phrases.append(_("Early surrender"))
    return tuple(phrases)


def _capital(text: str) -> str:
    """The text with its first letter upper-case and the rest as it is (German nouns keep theirs)."""
    return text[:1].upper() + text[1:]


def _decks(decks: int) -> str:
    """'One deck', 'Six decks': the start of a sentence."""
    # TRANSLATORS: {count} is the number in words ("two", "six"), already translated
    return _capital(ngettext("One deck", "{count} decks", decks).format(count=count_word(decks)))


def _payout_phrase(rules: Rules) -> str:
    if rules.blackjack_pays == 1:
        return _("All wins pay 1 to 1")
    return _("Blackjack pays {ratio}").format(ratio=ratio_words(rules.blackjack_pays))


def _table(rules: Rules) -> tuple[str, ...]:
    # TRANSLATORS: a table's name and its one-line description
    sentences = [_("{name}: {description}").format(name=rules.name, description=description_words(rules))]
    if rules.base is not None:
        sentences.append(_("Based on {base}.").format(base=rules.base))
    return tuple(sentences)


def _shoe(rules: Rules) -> tuple[str, ...]:
    if rules.decks is None:
        return (_("An infinite deck: every card is drawn from a full deck, so no card is ever used up."),)
    decks = _decks(rules.decks)
    if rules.csm:
        return (
            _("{decks} in a continuous shuffling machine: after every round the discards go back in at "
              "random places, so every round is dealt as from a full shoe (the odds are a full shoe's) "
              "and counting gains nothing.").format(decks=decks),
        )
    if rules.penetration == 0:
        dealt = _("{decks}, shuffled after every round.").format(decks=decks)
    elif rules.penetration == 1:
        dealt = _("{decks}, dealt to the last card.").format(decks=decks)
    else:
        cut = round(rules.penetration * 100, 1)
        shown = percent(rules.penetration, 0 if cut == int(cut) else 1)
        # TRANSLATORS: {percent} is how much of the shoe is dealt before the cut card, e.g. "75%"
        dealt = _("{decks}, cut at {percent}.").format(decks=decks, percent=shown)
    if not rules.burn_cards:
        return (dealt,)
    burned = ngettext(
        "The dealer burns one card, face down, after each shuffle.",
        "The dealer burns {count} cards, face down, after each shuffle.",
        rules.burn_cards,
    ).format(count=count_word(rules.burn_cards))
    return (dealt, burned)


def _dealer(rules: Rules) -> tuple[str, ...]:
    hits = rules.dealer_hits_soft_17
    if rules.dealer_draws_after_players:  # the deal order says there is no hole card
        first = _("The dealer hits soft 17.") if hits else _("The dealer stands on all 17s.")
    elif rules.hole_card is HoleCard.PEEK:
        first = (_("The dealer hits soft 17 and peeks for blackjack.") if hits
                 else _("The dealer stands on all 17s and peeks for blackjack."))
    elif rules.hole_card is HoleCard.NO_PEEK:
        first = (
            _("The dealer hits soft 17; the hole card stays face down, unchecked, until the players "
              "have played.") if hits
            else _("The dealer stands on all 17s; the hole card stays face down, unchecked, until the "
                   "players have played.")
        )
    else:
        first = (
            _("The dealer hits soft 17 and takes no hole card: the second card comes after the players "
              "have played.") if hits
            else _("The dealer stands on all 17s and takes no hole card: the second card comes after the "
                   "players have played.")
        )
    sentences = [first]
    if not rules.dealer_peeks:
        if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL_BETS:
            sentences.append(_("A dealer blackjack takes every bet, doubles and splits too."))
        else:
            sentences.append(
                _("A dealer blackjack takes only the original bet; doubles and splits are given back.")
            )
    return tuple(sentences)


def _doubling(rules: Rules) -> tuple[str, ...]:
    if rules.double_on is DoubleOn.NONE:
        return (_("No doubling."),)
    after = "any" if not rules.splitting_allowed else ("also" if rules.double_after_split else "not")
    return (_(_DOUBLING[rules.double_on, after]),)


_DOUBLING = {
    (DoubleOn.ANY, "any"): N_("Double on any two cards."),
    (DoubleOn.ANY, "also"): N_("Double on any two cards, also after a split."),
    (DoubleOn.ANY, "not"): N_("Double on any two cards, but not after a split."),
    (DoubleOn.NINE_TO_ELEVEN, "any"): N_("Double on 9, 10 or 11 only."),
    (DoubleOn.NINE_TO_ELEVEN, "also"): N_("Double on 9, 10 or 11 only, also after a split."),
    (DoubleOn.NINE_TO_ELEVEN, "not"): N_("Double on 9, 10 or 11 only, but not after a split."),
    (DoubleOn.TEN_TO_ELEVEN, "any"): N_("Double on 10 or 11 only."),
    (DoubleOn.TEN_TO_ELEVEN, "also"): N_("Double on 10 or 11 only, also after a split."),
    (DoubleOn.TEN_TO_ELEVEN, "not"): N_("Double on 10 or 11 only, but not after a split."),
}
"""The doubling sentence by what may double and whether a split hand may ("any": no splitting here)."""


def _splitting(rules: Rules) -> tuple[str, ...]:
    if not rules.splitting_allowed:
        return (_("No splitting."),)
    hit = rules.hit_split_aces
    if rules.max_hands == 2:
        how = _("Split once; split aces may be hit.") if hit else _("Split once; aces get one card each.")
    elif rules.max_hands == 0:
        how = _(_UNLIMITED[rules.resplit_aces, hit])
    else:
        how = _split_up_to(rules.max_hands, rules.resplit_aces, hit)
    sentences = [how]
    if rules.split_ace_21_is_blackjack:
        sentences.append(_("A ten on a split ace pays as a blackjack."))
    if rules.pair_by_value:
        sentences.append(_("Any two ten-value cards are a pair: K and Q may split."))
    return tuple(sentences)


_UNLIMITED = {
    (True, True): N_("Split and resplit without limit; aces may be resplit and hit."),
    (True, False): N_("Split and resplit without limit; aces may be resplit, one card each."),
    (False, True): N_("Split and resplit without limit; aces once, and they may be hit."),
    (False, False): N_("Split and resplit without limit; aces once, one card each."),
}
"""How splitting reads without a limit, by (aces may be resplit, split aces may be hit)."""


def _split_up_to(hands: int, resplit: bool, hit: bool) -> str:
    """How a limit of hands reads, with what split aces may do (a limit is three hands or more)."""
    if resplit and hit:
        text = ngettext("Split up to {count} hand; aces may be resplit and hit.",
                        "Split up to {count} hands; aces may be resplit and hit.", hands)
    elif resplit:
        text = ngettext("Split up to {count} hand; aces may be resplit, one card each.",
                        "Split up to {count} hands; aces may be resplit, one card each.", hands)
    elif hit:
        text = ngettext("Split up to {count} hand; aces once, and they may be hit.",
                        "Split up to {count} hands; aces once, and they may be hit.", hands)
    else:
        text = ngettext("Split up to {count} hand; aces once, one card each.",
                        "Split up to {count} hands; aces once, one card each.", hands)
    return text.format(count=count_word(hands))


def _offers(rules: Rules) -> tuple[str, ...]:
    if rules.surrender is Surrender.NONE:
        surrender = _("No surrender.")
    elif rules.surrender is Surrender.LATE:
        surrender = _("Late surrender.")
    else:
        surrender = _("Early surrender, which stands even against a dealer blackjack.")
    if not rules.insurance:
        return (surrender, _("No insurance."))
    if rules.even_money:
        return (surrender, _("Insurance pays 2 to 1; even money offered."))
    return (surrender, _("Insurance pays 2 to 1; no even money."))


def _payouts(rules: Rules) -> tuple[str, ...]:
    if rules.blackjack_pays == 1:
        sentences = [_("Blackjack pays 1 to 1, like any other win.")]
    else:
        sentences = [_("Blackjack pays {ratio}.").format(ratio=ratio_words(rules.blackjack_pays))]
    if rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PLAYER_WINS:
        sentences.append(_("A blackjack beats a dealer blackjack."))
    if rules.player_blackjack_paid_at_once:
        sentences.append(_("A blackjack is paid at once, before the others play."))
    return tuple(sentences)


def _limits(rules: Rules) -> tuple[str, ...]:
    if rules.max_bet is None:
        return (_("Bets from {minimum} up to your whole bankroll.").format(minimum=money(rules.min_bet)),)
    limits = {"minimum": money(rules.min_bet), "maximum": money(rules.max_bet)}
    return (_("Bets {minimum} to {maximum}.").format(**limits),)


def _deal_order(rules: Rules) -> tuple[str, ...]:
    sentences = []
    if rules.first_card_before_bet:
        sentences.append(_("You see your first card before you bet."))
    if rules.dealer_draws_after_players:
        sentences.append(_("The dealer gets no card in the deal and draws every card after the players."))
    if rules.tournament is not None:
        sentences.append(
            _("A tournament: every seat starts with {bankroll} and wins on reaching {goal}; a seat that "
              "cannot make the minimum bet is out.").format(
                bankroll=money(rules.tournament.bankroll), goal=money(rules.tournament.goal))
        )
    return tuple(sentences)


# One function per heading of RULE_GROUPS, in its order.
_SENTENCES = dict(zip(
    (title for title, _options in RULE_GROUPS),
    (_table, _shoe, _dealer, _doubling, _splitting, _offers, _payouts, _limits, _deal_order),
    strict=True,
))
