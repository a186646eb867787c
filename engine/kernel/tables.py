"""The rules and a bot compiled into arrays: every answer the kernel needs, asked once per situation.

Nothing here decides anything itself. Each array is filled by asking the same pure rule
functions `engine.fastplay.FastTable` asks (`engine.legality`, `engine.dealer`,
`engine.payout`, `engine.hand`) and the bot's own `bet` and `decide`, over every
situation the kernel can meet; the compiled loop (`engine.kernel.loop`) only indexes them.
Where FastTable remembers an answer in a dict keyed by a situation, the array is that
dict filled in advance, indexed by the same key.

NumPy is imported when tables are built, so this module imports without the `fast` extra.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from engine.actions import Action, Result
from engine.bots import CounterBot
from engine.bots.view import Bot, SeatView
from engine.cards import Card, Rank, Suit, card
from engine.dealer import dealer_draws, dealer_may_peek, hand_awaits_dealer, hand_is_live
from engine.hand import hand_total, is_natural, is_pair
from engine.legality import (
    even_money_offered,
    insurance_affordable,
    insurance_offered,
    nothing_to_decide,
    why_not_bet,
    why_not_double,
    why_not_hit,
    why_not_split,
    why_not_surrender,
)
from engine.money import Money
from engine.payout import blackjack_win, counts_as_blackjack, hand_outcome, insurance_amount, insurance_net
from engine.round import DecisionKind
from engine.rules import Rules
from engine.tally import count_bucket

RANKS: tuple[Rank, ...] = tuple(Rank)
"""The ranks in the order of the kernel's card codes."""
RED_SEVEN = len(RANKS)
"""The card code of a red seven: it plays as any seven, and only Red 7 counts it apart."""
CODES: tuple[Card, ...] = (*(card(rank) for rank in RANKS), card(Rank.SEVEN, Suit.HEARTS))
"""The kernel's card codes: a card is the index of its rank in `RANKS`, or `RED_SEVEN`."""


def card_code(shown: Card) -> int:
    """A card's kernel code (suits never matter to play; a red seven is told apart for Red 7).

    >>> card_code(Card.parse("7H")), card_code(Card.parse("7S")), card_code(Card.parse("K"))
    (13, 6, 12)
    """
    if shown.points == 7 and shown.suit is not None and shown.suit.is_red:
        return RED_SEVEN
    return RANKS.index(shown.rank)

STAND, HIT, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
"""The kernel's playing actions."""
ACTIONS: tuple[Action, ...] = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)
"""Engine actions by kernel code."""
FINISH = 8
"""The bit of a situation's code that says the hand stands by itself (21, a split ace, a natural)."""
UNKNOWN = -1
"""A situation no hand can reach (the kernel stops with an error if it ever meets one)."""

NATURAL, FROM_SPLIT, SPLIT_ACES, BUSTED, SURRENDERED = 16, 8, 4, 2, 1
"""A hand's flag bits, as `engine.fastplay` keeps them."""

VALUES = 64
"""Hand values are indexed by 2 * best total + softness (totals up to 31)."""
PLAYER_TOTALS = 31
DEALER_TOTALS = 27
RESULTS: tuple[Result, ...] = tuple(Result)
BANKROLL_COVERS: Money = 10**15
"""The bankroll the kernel's seats hold: it always covers a bet (tournaments are declined)."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Every answer the kernel reads, as NumPy arrays (money in int64 cents)."""

    first_value: Any
    """int16[14]: the value of a one-card hand, by card code."""
    step: Any
    """int16[64, 14]: a hand's value after one more card, by its value and the card's code."""
    pair: Any
    """int8[14, 14]: a two-card hand's pair code (its first card's points) or 0 when it is no pair."""
    natural: Any
    """uint8[14, 14]: whether two cards are a natural."""
    is_ace: Any
    """uint8[14]."""
    points: Any
    """int8[14]."""
    tag: Any
    """int8[14]: the counter's tag of each card code in half points (zeros when nobody counts)."""
    hand_state: Any
    """int16[64, 2, 11]: a hand's state number by value, three cards or more, and pair code."""
    situation: Any
    """int8[play counts, states, 3, hands, 11]: the bot's action (| FINISH) by play bucket, hand state,
    split flags (none, split, split aces), hands held and up card."""
    dealer_draws: Any
    """uint8[64]: whether the dealer draws on this value."""
    up: Any
    """uint8[11, 2]: insurance offered and dealer peeks, by the up card's points."""
    even_money: Any
    """uint8[2]: whether a seat offered insurance is asked about even money, by its natural."""
    offer: Any
    """uint8[play counts, 2]: whether the bot takes insurance (0) or even money (1)."""
    count_bucket: Any
    """int8[running counts, seen + 1]: the bucket of the count bets run off, by running count (half
    points since the shuffle, plus `count_offset`) and cards seen."""
    play_bucket: Any
    """int8[running counts, seen + 1]: the bucket of the count index plays run off (as `count_bucket`)."""
    count_offset: int
    true_bucket: Any
    """int8[running counts, seen + 1]: the bucket of `engine.tally.TRUE_COUNTS` the counter's
    true count falls in (for the tally by true count; not clamped to the decision buckets)."""
    bet_index: Any
    """int8[counts]: the bet (an index into `bet`) by count bucket."""
    leave: Any
    """uint8[counts]: whether the counter leaves the shoe at the count bucket (its ramp's leave count)."""
    bet: Any
    """int64[bets]."""
    insurance: Any
    """int64[bets]: the insurance amount of each bet, 0 when no offer is made."""
    insurance_net: Any
    """int64[bets, 2]: what an insurance bet wins, by dealer blackjack."""
    blackjack_win: Any
    """int64[bets]."""
    fate: Any
    """uint8[32, 3]: paid as blackjack, live, awaits the dealer's blackjack, by flags."""
    outcome: Any
    """int64[bets, doubled, blackjack, flags & 3, player total, dealer blackjack, dealer total]:
    8 * net + the result's index in `Result` (one lookup for both)."""
    hands: int
    """The hands-held axis: counts of hands at or above it answer alike."""
    counting: bool


class Unsupported(Exception):
    """The kernel cannot play this rule set or bot; the message says why."""


def _cards(*codes: int) -> tuple[Card, ...]:
    return tuple(CODES[c] for c in codes)


def _value(cards: Sequence[Card]) -> int:
    total, soft = hand_total(cards)
    return 2 * total + soft


def build(rules: Rules, make_bot: Callable[[], Bot]) -> Tables:
    """Ask the rules and a fresh bot every question the kernel can meet, once, into arrays.

    Raises Unsupported when a bot is neither memoizable nor the counter.
    """
    import numpy as np

    ranks = range(len(CODES))
    points = np.array([c.points for c in CODES], dtype=np.int8)
    first = np.array([_value(_cards(r)) for r in ranks], dtype=np.int16)
    step = np.full((VALUES, len(CODES)), UNKNOWN, dtype=np.int16)
    examples: dict[tuple[int, int, int], tuple[Card, ...]] = {}
    """A hand with each (value, three cards or more, pair code), as FastTable would first meet it."""
    pair = np.zeros((len(CODES), len(CODES)), dtype=np.int8)
    natural = np.zeros((len(CODES), len(CODES)), dtype=np.uint8)
    frontier: list[tuple[Card, ...]] = []
    for r0 in ranks:
        for r1 in ranks:
            cards = _cards(r0, r1)
            natural[r0, r1] = is_natural(cards)
            pair_code = cards[0].points if is_pair(cards, by_value=rules.pair_by_value) else 0
            pair[r0, r1] = pair_code
            examples.setdefault((_value(cards), 0, pair_code), cards)
            frontier.append(cards)
    for r in ranks:  # a dealer who draws every card after the players starts from no cards
        _learn(step, 0, _cards(r), r)
    for r0 in ranks:  # a one-card hand takes its second card
        for r1 in ranks:
            _learn(step, first[r0], _cards(r0, r1), r1)
    while frontier:
        grown: list[tuple[Card, ...]] = []
        for cards in frontier:
            value = _value(cards)
            if value // 2 > 21:
                continue
            for r in ranks:
                longer = (*cards, CODES[r])
                after = _learn(step, value, longer, r)
                if after // 2 <= 21 and (after, 1, 0) not in examples:
                    examples[after, 1, 0] = longer
                    grown.append(longer)
        frontier = grown

    bot = make_bot()
    counting = isinstance(bot, CounterBot) and rules.decks is not None
    if not counting and not bot.memoizable and not isinstance(bot, CounterBot):
        raise Unsupported(f"the {bot.name} bot is neither memoizable nor the counter")
    views = _CountViews(rules, bot, counting)

    bets = sorted({views.bet(bucket) for bucket in range(views.bets.buckets)})
    bet_index = np.zeros(views.bets.buckets, dtype=np.int8)
    for bucket in range(views.bets.buckets):
        amount = views.bet(bucket)
        if why_not_bet(rules, amount, BANKROLL_COVERS, "") is not None:
            raise Unsupported(f"the {bot.name} bot bets {amount} cents, which these rules refuse")
        bet_index[bucket] = bets.index(amount)
    bet = np.array(bets, dtype=np.int64)
    insurance = np.array(
        [insurance_amount(b) if insurance_affordable(insurance_amount(b), BANKROLL_COVERS) else 0
         for b in bets], dtype=np.int64)
    insurance_nets = np.array([[insurance_net(insurance_amount(b), dbj) for dbj in (False, True)]
                               for b in bets], dtype=np.int64)
    blackjack_wins = np.array([blackjack_win(rules, b) for b in bets], dtype=np.int64)

    ups: list[Card | None] = [None, *(_cards(r)[0] for r in range(10))]  # by points: None, A, 2, ..., T
    up = np.array([[insurance_offered(rules, c), dealer_may_peek(rules, c)] for c in ups], dtype=np.uint8)
    even = np.array([even_money_offered(rules, False), even_money_offered(rules, True)], dtype=np.uint8)
    offer = np.zeros((views.plays.buckets, 2), dtype=np.uint8)
    ace = ups[1]
    amount = bets[bet_index[0]]  # decisions never read the bet; a view needs one
    for bucket in range(views.plays.buckets):
        for kind, cards, yes in ((DecisionKind.INSURANCE, _cards(9, 6), Action.INSURANCE),
                                 (DecisionKind.EVEN_MONEY, _cards(0, 12), Action.EVEN_MONEY)):
            legal = frozenset((yes, Action.NO_INSURANCE if yes is Action.INSURANCE else Action.NO_EVEN_MONEY))
            answer = views.decide(bucket, views.view(kind, cards, 1, ace, amount), legal)
            offer[bucket, int(kind is DecisionKind.EVEN_MONEY)] = answer is yes

    hands = max(rules.max_hands, 2)
    hand_state = np.full((VALUES, 2, 11), UNKNOWN, dtype=np.int16)
    situation = np.full((views.plays.buckets, len(examples), 3, hands, 11), UNKNOWN, dtype=np.int8)
    for state, ((value, more, pair_code), cards) in enumerate(examples.items()):
        hand_state[value, more, pair_code] = state
        for split_kind in range(3):
            from_split, split_aces = split_kind > 0, split_kind == 2
            for held in (1,) if split_kind == 0 else range(2, hands + 1):
                for up_points in (0,) if rules.dealer_draws_after_players else range(1, 11):
                    up_card = ups[up_points]
                    rule_answer = _hand_rules(rules, cards, from_split, split_aces, held, up_card)
                    if rule_answer is None:
                        continue
                    finish, legal = rule_answer
                    where = (state, split_kind, held - 1, up_points)
                    for bucket in range(views.plays.buckets):
                        if finish:
                            situation[(bucket, *where)] = FINISH
                            continue
                        view = views.view(DecisionKind.PLAY, cards, held, up_card, amount)
                        action = views.decide(bucket, view, legal)
                        if action not in legal:
                            raise Unsupported(f"the {bot.name} bot answered {action.value}, not legal here")
                        situation[(bucket, *where)] = ACTIONS.index(action)

    dealer = np.array([dealer_draws(rules, v >> 1, bool(v & 1)) for v in range(VALUES)], dtype=np.uint8)
    fate = np.zeros((32, 3), dtype=np.uint8)
    for flags in range(32):
        busted, surrendered = bool(flags & BUSTED), bool(flags & SURRENDERED)
        blackjack = counts_as_blackjack(rules, bool(flags & NATURAL), bool(flags & FROM_SPLIT),
                                        bool(flags & SPLIT_ACES))
        # A bust's stake beyond the original bet matters only to a dealer blackjack found after
        # play, which the kernel declines (`engine.kernel.declines`): taken as at stake here.
        fate[flags] = (blackjack, hand_is_live(busted, surrendered, blackjack),
                       hand_awaits_dealer(rules, busted, surrendered, blackjack, True))
    result_code = {result: code for code, result in enumerate(RESULTS)}
    outcomes = []  # in the order of the table's axes, built as a list: a numpy element write costs more
    for amount in bets:
        for stake in (amount, amount * 2):
            for paid_as_blackjack, flags in product((False, True), range(4)):
                busted, surrendered = bool(flags & BUSTED), bool(flags & SURRENDERED)
                for total, dbj, against in product(range(PLAYER_TOTALS), (False, True), range(DEALER_TOTALS)):
                    outcome, money = hand_outcome(rules, total, paid_as_blackjack, amount, stake, busted,
                                                  surrendered, dbj, against)
                    outcomes.append(8 * money + result_code[outcome])
    outcome_table = np.array(outcomes, dtype=np.int64).reshape(
        len(bets), 2, 2, 4, PLAYER_TOTALS, 2, DEALER_TOTALS)
    tag = np.array([views.tag(code) for code in ranks], dtype=np.int8)
    return Tables(
        first, step, pair, natural, np.array([c.rank.is_ace for c in CODES], dtype=np.uint8), points, tag,
        hand_state, situation, dealer, up, even, offer, views.bets.table(), views.plays.table(), views.offset,
        views.true_bucket_table(), bet_index, views.leave_table(), bet,
        insurance, insurance_nets, blackjack_wins, fate, outcome_table, hands, counting,
    )


def _learn(step: Any, before: int, cards: tuple[Card, ...], rank: int) -> int:
    """Record the value of `cards` as the step from `before` by the last card; check it never differs."""
    after = _value(cards)
    known = int(step[before, rank])
    if known not in (UNKNOWN, after):
        raise AssertionError(f"hand values are not a function of the value before and the card: {cards}")
    step[before, rank] = after
    return after


def _hand_rules(
    rules: Rules, cards: tuple[Card, ...], from_split: bool, split_aces: bool, held: int, up: Card | None
) -> tuple[bool, frozenset[Action]] | None:
    """Whether the hand stands by itself, and its legal actions, as FastTable's `_ask_hand_rules` asks."""
    bet, bankroll = 1, BANKROLL_COVERS
    natural = is_natural(cards)
    alone = nothing_to_decide(rules, cards, held, split_aces, bet, bankroll)
    if alone or (natural and not from_split):
        return True, frozenset()
    legal = {Action.STAND}
    if why_not_hit(rules, split_aces, "") is None:
        legal.add(Action.HIT)
    if why_not_double(rules, cards, from_split, split_aces, bet, bankroll, "") is None:
        legal.add(Action.DOUBLE)
    if why_not_split(rules, cards, held, split_aces, bet, bankroll, "") is None:
        legal.add(Action.SPLIT)
    if why_not_surrender(rules, up, held, len(cards)) is None:
        legal.add(Action.SURRENDER)
    return False, frozenset(legal)


@dataclass
class _Buckets:
    """The counts a table tells apart, `low` to `low + buckets - 1` (ends clamped), and its lookup table."""

    low: int = 0
    buckets: int = 1
    rows: list[list[int]] = field(default_factory=lambda: [[0]])

    def bucket(self, count: int) -> int:
        """The bucket of a count: counts beyond the ends answer as the ends do."""
        return min(max(count - self.low, 0), self.buckets - 1)

    def table(self) -> Any:
        """int8[running counts, seen + 1]: each count's bucket."""
        import numpy as np

        return np.array(self.rows, dtype=np.int8)


def _telling(counts: Sequence[int]) -> _Buckets:
    """Buckets for every count from one below the lowest threshold to the highest (one bucket for none)."""
    if not counts:
        return _Buckets()
    low = min(counts) - 1
    return _Buckets(low, max(counts) - low + 1)


class _CountViews:
    """The counter's answers at each count the kernel tells apart, and the tables that find that count.

    The kernel keeps a running count (half points since the shuffle) and the cards seen.
    Two tables map each pair to a bucket: one of the count the bot bets by (`bets`), one
    of the count it plays its index plays by (`plays`: the same count, or the true count
    for the fixed Hi-Lo plays under an unbalanced system). Both are read off the bot's own
    `engine.counting.Count` placed there, so the kernel converts exactly as the bot does;
    counts beyond the thresholds its ramp and index plays tell apart are clamped to them.
    A non-counting bot is asked through plain views (one bucket each).
    """

    def __init__(self, rules: Rules, bot: Bot, counting: bool) -> None:
        self.rules = rules
        self.bot = bot
        self.shuffles = 0
        self.offset = 0
        self.bets = _Buckets()
        self.plays = _Buckets()
        self._true_table: list[list[int]] = [[0]]
        self._leave = [False]
        self.counter = bot if counting and isinstance(bot, CounterBot) else None
        if self.counter is None:
            return
        counter = self.counter
        decks = rules.decks
        assert decks is not None
        bets = self.bets = _telling(counter.ramp.counts)
        plays = self.plays = _telling([play.index for play in counter.plays])
        self._leave = [counter.ramp.leaves(bets.low + b) for b in range(bets.buckets)]
        # Per deck, four cards of each code but the sevens: two black (code 6) and two red.
        by_code = [(self.tag(code), 2 if CODES[code].points == 7 else 4) for code in range(len(CODES))]
        rise = max(max(h, 0) for h, _ in by_code)
        fall = max(max(-h, 0) for h, _ in by_code)
        top = decks * sum(max(h, 0) * n for h, n in by_code)
        bottom = decks * sum(min(h, 0) * n for h, n in by_code)
        self.offset = -bottom
        size = decks * 52
        count = counter.new_count(decks)
        bets.rows = [[0] * (size + 1) for _ in range(top - bottom + 1)]
        plays.rows = [[0] * (size + 1) for _ in range(top - bottom + 1)]
        true_table = [[0] * (size + 1) for _ in range(top - bottom + 1)]
        for seen in range(size + 1):
            # Only counts that `seen` cards can reach are read; the rest are never met.
            for tagged in range(max(bottom, -fall * seen), min(top, rise * seen) + 1):
                count.place(tagged, seen)
                now, true = count.count(), count.true_count()
                assert now is not None and true is not None
                row = tagged + self.offset
                bets.rows[row][seen] = bets.bucket(now)
                plays.rows[row][seen] = plays.bucket(true if counter.plays_on_true_count else now)
                true_table[row][seen] = count_bucket(now if counter.tally_by_count else true)
        self._true_table = true_table

    def tag(self, code: int) -> int:
        """A card code's tag in half points under the counter's system (0 when nobody counts)."""
        if self.counter is None:
            return 0
        halves = self.counter.system.halves
        return halves[10] if code == RED_SEVEN else halves[CODES[code].points - 1]

    def true_bucket_table(self) -> Any:
        """int8[running counts, seen + 1]: each count's bucket of `TRUE_COUNTS`."""
        import numpy as np

        return np.array(self._true_table, dtype=np.int8)

    def leave_table(self) -> Any:
        """uint8[bet counts]: whether the counter leaves the shoe at each bucket."""
        import numpy as np

        return np.array(self._leave, dtype=np.uint8)

    def view(
        self, kind: DecisionKind | None, cards: tuple[Card, ...], hands: int, up: Card | None, bet: Money,
    ) -> SeatView:
        """A view of a decision (a new shoe each time, so a memoizable bot never carries anything over)."""
        self.shuffles += 1
        return SeatView(self.rules, 0, kind, cards, 0, hands, up, bet, BANKROLL_COVERS, (), self.shuffles)

    def bet(self, bucket: int) -> Money:
        """The bot's bet at the bet bucket's count."""
        view = self.view(None, (), 0, None, 0)
        if self.counter is None:
            return self.bot.bet(view)
        return self.counter.bet_at(self.bets.low + bucket, view)

    def decide(self, bucket: int, view: SeatView, legal: frozenset[Action]) -> Action:
        """The bot's decision at the play bucket's count."""
        if self.counter is None:
            return self.bot.decide(view, legal)
        return self.counter.decide_at(self.plays.low + bucket, view, legal)
