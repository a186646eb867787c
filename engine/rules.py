"""The rule set: a frozen, validated record of every option a blackjack table can vary.

The TOML keys of a rules file are exactly the field names here, and `option_text` writes
one option as a file holds it; `engine.rulesets` reads and writes the files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from engine.errors import RulesError
from engine.i18n import N_, _, amount, money, ngettext
from engine.money import Money, format_money


class HoleCard(Enum):
    """Whether the dealer takes a hole card and looks under it for a blackjack."""

    PEEK = "peek"
    """US style: with an ace or ten up, the dealer checks for blackjack before anyone plays."""
    NO_PEEK = "no-peek"
    """The dealer takes a hole card but reveals it only after the players have played."""
    NONE = "none"
    """No hole card: the dealer's second card is drawn after the players have played."""


class DealerBlackjackTakes(Enum):
    """What a dealer blackjack found after play (no peek) takes from each seat."""

    ORIGINAL_BET = "original-bet"
    """Only the original bet is lost; doubled and split money is given back."""
    ALL_BETS = "all-bets"
    """Every bet on the seat's hands is lost, doubles and splits too."""


class DoubleOn(Enum):
    """Which two-card totals may be doubled."""

    ANY = "any"
    NINE_TO_ELEVEN = "9-11"
    TEN_TO_ELEVEN = "10-11"
    NONE = "none"

    def allows(self, total: int) -> bool:
        """Whether a two-card hand with this best total may be doubled."""
        if self is DoubleOn.ANY:
            return True
        if self is DoubleOn.NINE_TO_ELEVEN:
            return 9 <= total <= 11
        if self is DoubleOn.TEN_TO_ELEVEN:
            return 10 <= total <= 11
        return False


class Surrender(Enum):
    """Whether a player may give up half the bet instead of playing the hand."""

    NONE = "none"
    LATE = "late"
    """Only after the dealer has checked for blackjack; a dealer blackjack voids it."""
    EARLY = "early"
    """Before the dealer checks for blackjack; it stands even against a dealer blackjack."""


class BlackjackVsBlackjack(Enum):
    """How a player blackjack fares against a dealer blackjack."""

    PUSH = "push"
    PLAYER_WINS = "player-wins"


PAYOUTS: dict[str, Fraction] = {
    "3:2": Fraction(3, 2),
    "6:5": Fraction(6, 5),
    "1:1": Fraction(1),
    "2:1": Fraction(2),
}
"""The blackjack payouts a rules file may name."""

MAX_BURN = 5
"""The most cards a dealer burns after a shuffle."""


def payout_text(ratio: Fraction) -> str:
    """The name a rules file gives a blackjack payout.

    >>> payout_text(Fraction(6, 5))
    '6:5'
    """
    return next(text for text, value in PAYOUTS.items() if value == ratio)


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament goal: start every seat with `bankroll`, win on reaching `goal`."""

    bankroll: Money
    goal: Money


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every option of a blackjack table; build one with `Rules(...)`, it validates itself.

    >>> Rules(decks=6, dealer_hits_soft_17=True).dealer_hits_soft_17
    True
    >>> Rules(decks=9)
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: decks: 9 is out of range; use 1 to 8, or "infinite"
    """

    name: str = "Custom"
    description: str = "A custom rule set."
    decks: int | None = 6
    """Decks in the shoe, 1-8; None for an infinite deck (every card drawn independently)."""
    penetration: Fraction = Fraction(3, 4)
    """Fraction of the shoe dealt before the cut card comes out; 0 shuffles every round."""
    csm: bool = False
    """A continuous shuffling machine: after every round the discards go back in at random places."""
    burn_cards: int = 0
    """Cards the dealer burns, face down to the discard tray, after each shuffle."""
    dealer_hits_soft_17: bool = False
    blackjack_pays: Fraction = Fraction(3, 2)
    blackjack_vs_dealer_blackjack: BlackjackVsBlackjack = BlackjackVsBlackjack.PUSH
    player_blackjack_paid_at_once: bool = False
    hole_card: HoleCard = HoleCard.PEEK
    dealer_blackjack_takes: DealerBlackjackTakes = DealerBlackjackTakes.ORIGINAL_BET
    double_on: DoubleOn = DoubleOn.ANY
    double_after_split: bool = True
    max_hands: int = 4
    """Most hands one seat may hold by splitting: 1 forbids splitting, 0 is unlimited."""
    resplit_aces: bool = False
    hit_split_aces: bool = False
    split_ace_21_is_blackjack: bool = False
    pair_by_value: bool = False
    """Whether any two ten-value cards (K and 10, say) count as a pair."""
    insurance: bool = True
    even_money: bool = True
    surrender: Surrender = Surrender.NONE
    min_bet: Money = 1000
    max_bet: Money | None = 50000
    """Table maximum in cents; None when a bet is limited only by the bankroll."""
    first_card_before_bet: bool = False
    dealer_draws_after_players: bool = False
    """The dealer gets no card in the deal and draws every card after the players."""
    tournament: Tournament | None = None
    base: str | None = field(default=None, compare=False)
    """The preset this rule set was built from, if any (kept for display)."""

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            words = joined_problems([problem.words for problem in problems])
            raise RulesError(joined_problems([problem.text for problem in problems]), words=words)

    @property
    def infinite_deck(self) -> bool:
        """Whether cards are drawn from an infinite deck."""
        return self.decks is None

    @property
    def splitting_allowed(self) -> bool:
        """Whether a pair may be split at all."""
        return self.max_hands != 1

    @property
    def dealer_peeks(self) -> bool:
        """Whether the dealer checks for blackjack before the players play."""
        return _dealer_peeks(self)

    @property
    def dealer_gets_hole_card(self) -> bool:
        """Whether the dealer's second card is dealt (face down) during the deal."""
        return self.hole_card is not HoleCard.NONE and not self.dealer_draws_after_players

    def with_changes(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like any new rule set)."""
        return replace(self, **changes)

    def with_settings(self, **settings: Any) -> Rules:
        """A copy with options set as a rules file sets them: the options they decide follow.

        Only the options set can contradict each other. An option left unset that would
        contradict them takes the value that agrees: no insurance, so no even money; even
        money on a table without insurance, so insurance.

        >>> Rules().with_settings(insurance=False).even_money
        False
        >>> Rules(insurance=False, even_money=False).with_settings(even_money=True).insurance
        True
        >>> Rules().with_settings(insurance=False, even_money=True)
        Traceback (most recent call last):
        ...
        engine.errors.RulesError: even_money: even money is a form of insurance; set insurance = true too
        """
        options = SimpleNamespace(**{f.name: getattr(self, f.name) for f in fields(self)} | settings)
        decided = set(settings)  # the options set, and those a set option needed: as good as set
        for _pass in range(len(_AGREEMENTS) + 1):  # each pass settles at least one more option, or none
            changed = False
            for agreement in _AGREEMENTS:
                if agreement.agrees(options):
                    continue
                if agreement.option not in decided:
                    setattr(options, agreement.option, agreement.agreeing_value)
                    changed = True
                elif agreement.needs is not None and agreement.needs[0] not in decided:
                    setattr(options, *agreement.needs)
                    decided.add(agreement.needs[0])
                    changed = True
            if not changed:
                break
        return replace(self, **vars(options))

    def summary_lines(self) -> list[str]:
        """Every option as a 'key = value' line, in the order of the rules file."""
        return [
            f"{f.name} = {option_text(self, f.name)}"
            for f in fields(self)
            if f.name not in ("base", "tournament") or getattr(self, f.name) is not None
        ]

    def table_limits_text(self) -> str:
        """The limits placard text, e.g. 'MIN 10 · MAX 500'.

        >>> Rules(max_bet=None).table_limits_text()
        'MIN 10 · MAX BANKROLL'
        """
        low = amount(self.min_bet)  # the placard's bare amounts, in the player's digits
        if self.max_bet is None:
            # TRANSLATORS: the table's limits placard, in capitals; no maximum but the player's bankroll
            return _("MIN {minimum} · MAX BANKROLL").format(minimum=low)
        # TRANSLATORS: the table's limits placard, in capitals
        return _("MIN {minimum} · MAX {maximum}").format(minimum=low, maximum=amount(self.max_bet))


def option_text(rules: Rules, key: str) -> str:
    """One option of a rule set written as its TOML value."""
    value = getattr(rules, key)
    if key == "decks":
        return '"infinite"' if value is None else str(value)
    if key == "penetration":
        return f"{float(value):g}"
    if key == "blackjack_pays":
        return f'"{payout_text(value)}"'
    if key in ("min_bet", "max_bet"):
        return '"bankroll"' if value is None else format_money(value)
    if key == "tournament":
        if value is None:
            return "none"
        return f"{{ bankroll = {format_money(value.bankroll)}, goal = {format_money(value.goal)} }}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return f'"{value.value}"'
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def joined_problems(problems: list[str]) -> str:
    """Several problems as one line that keeps them apart: one alone as it is, more numbered.

    >>> joined_problems(["decks: 9 is out of range", "max_hands: -1 is out of range"])
    'two problems: (1) decks: 9 is out of range. (2) max_hands: -1 is out of range.'
    """
    if len(problems) == 1:
        return problems[0]
    listed = " ".join(f"({i}) {problem}." for i, problem in enumerate(problems, 1))
    # TRANSLATORS: {count} is a number in words ("two"); {problems} lists them: "(1) ... (2) ..."
    return ngettext("{count} problem: {problems}", "{count} problems: {problems}", len(problems)).format(
        count=count_word(len(problems)), problems=listed)


_COUNT_WORDS = (
    # TRANSLATORS: numbers in words, as in "six decks", "two problems"
    N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
    N_("six"), N_("seven"), N_("eight"), N_("nine"),
)
"""The numbers a sentence spells out, from one."""


def count_word(count: int, *, english: bool = False) -> str:
    """A count as a sentence says it: in words up to nine ('six'), digits above; in English if `english`.

    >>> count_word(6), count_word(12)
    ('six', '12')
    """
    if not 1 <= count <= len(_COUNT_WORDS):
        return str(count)
    return _COUNT_WORDS[count - 1] if english else _(_COUNT_WORDS[count - 1])


@dataclass(frozen=True, slots=True)
class _Problem:
    """One thing wrong with a rule set, said twice: by rules-file keys, and in a player's words."""

    text: str
    words: str


_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "description": str,
    "decks": (int, type(None)),
    "penetration": (Fraction, int),
    "blackjack_pays": (Fraction, int),
    "blackjack_vs_dealer_blackjack": BlackjackVsBlackjack,
    "hole_card": HoleCard,
    "dealer_blackjack_takes": DealerBlackjackTakes,
    "double_on": DoubleOn,
    "max_hands": int,
    "burn_cards": int,
    "surrender": Surrender,
    "min_bet": int,
    "max_bet": (int, type(None)),
    "tournament": (Tournament, type(None)),
}
_BOOL_FIELDS = (
    "dealer_hits_soft_17", "player_blackjack_paid_at_once", "double_after_split", "resplit_aces",
    "hit_split_aces", "split_ace_21_is_blackjack", "pair_by_value", "insurance", "even_money",
    "first_card_before_bet", "dealer_draws_after_players", "csm",
)


def _dealer_peeks(options: Any) -> bool:
    return options.hole_card is HoleCard.PEEK and not options.dealer_draws_after_players


@dataclass(frozen=True, slots=True)
class _Agreement:
    """An option that must agree with options it depends on; `agreeing_value` always does."""

    option: str
    agrees: Callable[[Any], bool]
    """Whether the option agrees, asked of a rule set (or any object with its attributes)."""
    agreeing_value: Any
    problem: str
    """The sentence that refuses a rule set where it does not agree, naming options by their keys."""
    words: str
    """The same sentence for a player, naming options by their labels."""
    needs: tuple[str, Any] | None = None
    """The one option, and its value, that lets this option keep a value the file set; None
    where more than one option could give way."""


_AGREEMENTS = (
    # Listed so that an option follows one that has itself just followed in a single pass
    # (dealer_draws_after_players, then insurance, then even_money; decks, then csm, then
    # burn_cards); `with_settings` makes further passes only when a set option brought in an
    # option it needs.
    _Agreement(
        "csm",
        lambda o: not (o.csm and o.decks is None),
        False,
        N_("csm: an infinite deck has no discards to put back; use a number of decks"),
        N_("Continuous shuffler: an infinite deck has no discards to put back, "
           "so it needs a number of Decks"),
    ),
    _Agreement(
        "burn_cards",
        lambda o: not (o.burn_cards and (o.csm or o.decks is None)),
        0,
        N_("burn_cards: a continuous shuffler or an infinite deck is never shuffled, so no card is burned; "
           "set burn_cards = 0"),
        N_("Burn cards: a continuous shuffler or an infinite deck is never shuffled, so no card is burned"),
    ),
    _Agreement(
        "hole_card",
        lambda o: not (o.dealer_draws_after_players and o.hole_card is HoleCard.PEEK),
        HoleCard.NONE,
        N_('dealer_draws_after_players: the dealer has no hole card to peek at; use hole_card = "none"'),
        N_("Dealer draws after players: the dealer has no hole card to peek at, so Hole card must be None"),
        needs=("dealer_draws_after_players", False),
    ),
    _Agreement(
        "player_blackjack_paid_at_once",
        lambda o: (
            not o.player_blackjack_paid_at_once
            or o.blackjack_vs_dealer_blackjack is not BlackjackVsBlackjack.PUSH
            or _dealer_peeks(o)
        ),
        False,
        N_('player_blackjack_paid_at_once: a blackjack cannot be paid at once when it would push '
           'a dealer blackjack not yet known; use hole_card = "peek" or '
           'blackjack_vs_dealer_blackjack = "player-wins"'),
        N_("Blackjack paid at once: a blackjack cannot be paid at once when it would push a dealer "
           "blackjack not yet known; it needs Hole card: Peek, or Blackjack against blackjack: Player wins"),
    ),
    _Agreement(
        "insurance",
        lambda o: not (o.insurance and o.dealer_draws_after_players),
        False,
        N_("insurance: the dealer shows no card before the players play, so there is nothing "
           "to insure; set insurance = false"),
        N_("Insurance: the dealer shows no card before the players play (Dealer draws after players), "
           "so there is nothing to insure"),
        needs=("dealer_draws_after_players", False),
    ),
    _Agreement(
        "even_money",
        lambda o: not (o.even_money and not o.insurance),
        False,
        N_("even_money: even money is a form of insurance; set insurance = true too"),
        N_("Even money: even money is a form of insurance, so it needs Insurance: Yes"),
        needs=("insurance", True),
    ),
)


def _type_problems(rules: Rules) -> list[str]:
    problems = []
    for key, kind in _FIELD_TYPES.items():
        value = getattr(rules, key)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            problems.append(_("{key}: {value!r} has the wrong type").format(key=key, value=value))
    problems += [
        _("{key}: {value!r} must be true or false").format(key=key, value=getattr(rules, key))
        for key in _BOOL_FIELDS
        if not isinstance(getattr(rules, key), bool)
    ]
    return problems


def _problems(rules: Rules) -> list[_Problem]:
    """Every problem with a rule set, each naming the option and what is allowed."""
    wrong_types = _type_problems(rules)
    if wrong_types:  # a program's mistake, not a player's: said the one way
        return [_Problem(problem, problem) for problem in wrong_types]
    problems = []
    if rules.decks is not None and not 1 <= rules.decks <= 8:
        problems.append(_Problem(
            _('decks: {decks} is out of range; use 1 to 8, or "infinite"').format(decks=rules.decks),
            _("Decks: {decks} is out of range; use 1 to 8, or Infinite").format(decks=rules.decks),
        ))
    if not 0 <= rules.penetration <= 1:
        problems.append(_Problem(
            _("penetration: {fraction} is out of range; use 0 to 1 "
              "(the fraction of the shoe dealt before the cut card)").format(
                fraction=f"{float(rules.penetration):g}"),
            _("Cut card: {percent} is out of range; use 0% to 100%").format(
                percent=f"{float(rules.penetration) * 100:g}%"),
        ))
    if not 0 <= rules.burn_cards <= MAX_BURN:
        problems.append(_Problem(
            _("burn_cards: {count} is out of range; use 0 to {most}").format(
                count=rules.burn_cards, most=MAX_BURN),
            _("Burn cards: {count} is out of range; use 0 to {most}").format(
                count=rules.burn_cards, most=MAX_BURN),
        ))
    if rules.blackjack_pays not in PAYOUTS.values():
        problems.append(_Problem(
            _("blackjack_pays: use one of {payouts}").format(payouts=", ".join(f'"{p}"' for p in PAYOUTS)),
            _("Blackjack pays: use one of {payouts}").format(payouts=", ".join(PAYOUTS)),
        ))
    if rules.max_hands < 0:
        problems.append(_Problem(
            _("max_hands: {hands} is out of range; use 0 (unlimited) or 1 and up").format(
                hands=rules.max_hands),
            _("Most hands: {hands} is out of range; use No limit, or 1 and up").format(
                hands=rules.max_hands),
        ))
    if rules.min_bet <= 0:
        problems.append(_Problem(
            _("min_bet: the minimum bet must be more than 0"), _("Minimum bet: it must be more than 0")
        ))
    if rules.max_bet is not None and rules.max_bet < rules.min_bet:
        problems.append(_Problem(
            _("max_bet: {maximum} is below min_bet {minimum}").format(
                maximum=format_money(rules.max_bet), minimum=format_money(rules.min_bet)),
            _("Maximum bet: {maximum} is below the minimum bet of {minimum}").format(
                maximum=money(rules.max_bet), minimum=money(rules.min_bet)),
        ))
    problems += [_Problem(_(a.problem), _(a.words)) for a in _AGREEMENTS if not a.agrees(rules)]
    if rules.tournament is not None:
        if rules.tournament.bankroll < rules.min_bet:
            problems.append(_Problem(
                _("tournament.bankroll: the starting bankroll is below min_bet"),
                _("Starting bankroll: the starting bankroll is below the minimum bet"),
            ))
        if rules.tournament.goal <= rules.tournament.bankroll:
            problems.append(_Problem(
                _("tournament.goal: the goal must be more than the starting bankroll"),
                _("Goal: the goal must be more than the starting bankroll"),
            ))
    return problems
