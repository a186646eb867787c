"""The player's hand: expected values of stand, hit, double, split and surrender.

An `Evaluator` answers for one dealer up card and one shoe. Hands are followed card by
card; a state is the set of cards gone from the shoe plus the hand's points, so the
values are composition-dependent: every card the player draws changes the next draw and
the dealer's odds. The dealer's odds after the player's cards are exact for up to `order`
removed cards and extended from there by a polynomial in the removed counts (the exact
first and second differences), which is where a finite-deck result stops being exact;
hands that have drawn `depth` cards stop changing the odds; split hands see at most two
extra pair cards gone. With `exact=True` none of these shortcuts is taken: every value
is exact for the shoe (Eric Farmer's figures to 1e-9), at several times the cost (numpy,
the `fast` extra, weighs the dealer's odds quicker).

Splits are combined exactly for the shoe in either mode, as Farmer's CDP does (`_split`).

Values come in one of two scales. Where a dealer blackjack takes only the original bet
(every peek game, and no-peek games with `original-bet`), a hand is valued given that
the dealer has no blackjack (`conditioned`): the blackjack costs the same whatever the
player does. Where it takes every bet (no peek, `all-bets`), the blackjack is one more
dealer result that beats every hand but a counted blackjack, doubles and splits included.
`total()` turns either scale into the plain expectation of a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.odds.composition import INFINITE_PROBABILITIES, RANKS, Composition, OddsError
from engine.odds.dealer import (
    BLACKJACK,
    BUST,
    Distribution,
    compiled_odds,
    dealer_distribution,
    load_numpy,
)
from engine.rules import BlackjackVsBlackjack, DealerBlackjackTakes, Rules, Surrender

if TYPE_CHECKING:
    from engine.odds.compiled import Recursion

Decide = Callable[[int, bool, int | None, frozenset[Action]], Action]
"""A strategy for one up card: (best total, soft, pair point index or None, legal) -> action."""

ACE, TEN = 0, 9
_SPLIT_CAP = 16
"""Hands a seat may hold by splitting when the rules set no limit (more are too rare to count)."""
_DIGIT = tuple(1 << (5 * i) for i in range(RANKS))
_SPLIT_LEVELS = 2
"""Outside exact mode, split hands are valued with at most this many extra pair cards gone."""
_NO_LIMIT = 1 << 30
"""An order and a depth no hand reaches: the dealer's odds exact for every state (`exact=True`)."""


def _shoe_before_up(evaluator: Evaluator) -> tuple[int, ...]:
    """An evaluator's shoe with its up card put back."""
    counts = list(evaluator.counts)
    if evaluator.up is not None:
        counts[evaluator.up] += 1
    return tuple(counts)


def best_total(points: int, ace: bool) -> int:
    """The best total of a hand with these points (aces as 1) and at least one ace or not."""
    return points + 10 if ace and points <= 11 else points


class Evaluator:
    """Expected values of hands against one up card (a point index, or None) from one shoe.

    >>> from engine.rulesets import load_rules
    >>> ev = Evaluator(load_rules("infinite-deck"), 9, Composition.full(None))
    >>> values = ev.values([9, 5], [])
    >>> round(values[Action.STAND], 4), values[Action.HIT] > values[Action.STAND]
    (-0.5758, True)
    """

    def __init__(self, rules: Rules, up: int | None, shoe: Composition, *, order: int = 2,
                 depth: int = 5, exact: bool = False, twin: Evaluator | None = None) -> None:
        self.rules = rules
        if exact:
            load_numpy()
        self.depth = _NO_LIMIT if exact else depth
        """Removed cards after which a hand's further draws no longer change the odds (a cap on cost)."""
        self.up = up
        self.order = _NO_LIMIT if exact else order
        """Removed cards up to which the dealer's odds are computed exactly (then extended)."""
        self.split_levels = _NO_LIMIT if exact else _SPLIT_LEVELS
        """Extra pair cards a split hand's values see gone (deeper resplits: the same; a cap on cost)."""
        self.infinite = shoe.counts is None
        self.counts: tuple[int, ...] = shoe.counts if shoe.counts is not None else (0,) * RANKS
        self.size = 0 if shoe.counts is None else sum(shoe.counts)
        self.blackjack_possible = up is None or up in (ACE, TEN)
        self.conditioned = self.blackjack_possible and (
            rules.dealer_peeks or rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL_BET
        )
        """Whether values are given that the dealer has no blackjack (see the module notes)."""
        self.pays = float(rules.blackjack_pays)
        self.wins_vs_blackjack = rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PLAYER_WINS
        self.early_surrender = rules.surrender is Surrender.EARLY
        self._cnt = [0] * RANKS
        self._dealer_memo: dict[int, Distribution] = {}
        self._draw_memo: dict[int, list[tuple[int, float]]] = {}
        self._stand_memo: dict[int, float] = {}
        self._after_memo: dict[int, float] = {}
        self._policy_memo: dict[int, float] = {}
        self._effects: dict[tuple[int, ...], Distribution] = {}
        self._policy: Decide | None = None
        self._digit = (0,) * RANKS if self.infinite else _DIGIT
        """How a drawn card changes a state's key (an infinite deck never changes)."""
        if self.infinite:
            self._fixed_draws = [(i, p) for i, p in enumerate(INFINITE_PROBABILITIES)]
        self._compiled = self._compile(twin) if exact else None
        """The exact recursion compiled (numba, the `fast` extra) for a finite shoe of whole cards."""

    def _compile(self, twin: Evaluator | None) -> Recursion | None:
        """The compiled recursion, sharing what it may with a twin: another exact evaluator of the
        same shoe before the up card and the same dealer shares the dealer's odds (weighed for every
        up card at once); one of the same up card too, whose rules differ at most in doubling after
        a split, shares the values of standing and hitting (which doubling cannot change)."""
        if self.infinite or not compiled_odds() or any(count != int(count) for count in self.counts):
            return None
        from engine.odds import compiled

        rules = self.rules
        flags = compiled.settings(
            self.up, self.conditioned, self.blackjack_possible, rules.hit_split_aces,
            rules.double_after_split, rules.split_ace_21_is_blackjack, self.wins_vs_blackjack,
            [rules.double_on.allows(total) for total in range(22)],
        )
        shared = twin._compiled if twin is not None else None
        same_dealer = same_values = None
        if (
            twin is not None and shared is not None
            and twin.rules.dealer_hits_soft_17 == rules.dealer_hits_soft_17
            and _shoe_before_up(twin) == _shoe_before_up(self)
        ):
            same_dealer = shared
            das_only = twin.rules.with_changes(double_after_split=rules.double_after_split) == rules
            if twin.up == self.up and das_only:
                same_values = shared
        return compiled.Recursion(
            tuple(int(count) for count in self.counts), self.up, rules.dealer_hits_soft_17, flags, self.pays,
            dealer_from=same_dealer, values_from=same_values,
        )

    # ---- the shoe and the dealer ----------------------------------------------------------

    def _exact(self, removed: tuple[int, ...]) -> Distribution:
        """The dealer's exact distribution with these point indices gone from the shoe."""
        if self.infinite:
            return dealer_distribution(None, self.up, self.rules.dealer_hits_soft_17)
        counts = list(self.counts)
        for index in removed:
            counts[index] -= 1
        return dealer_distribution(tuple(counts), self.up, self.rules.dealer_hits_soft_17)

    @cached_property
    def _base(self) -> Distribution:
        """The dealer's distribution from the whole shoe (worked out when first asked: the compiled
        recursion never asks)."""
        return self._exact(())

    def _effect(self, removed: tuple[int, ...]) -> Distribution:
        """The exact first (one index) or second (two indices, sorted) difference of the distribution."""
        found = self._effects.get(removed)
        if found is None:
            exact = self._exact(removed)
            parts = [self._base]
            if len(removed) == 2:
                parts += [self._effect((removed[0],)), self._effect((removed[1],))]
            diff = [exact[k] - sum(part[k] for part in parts) for k in range(7)]
            found = (diff[0], diff[1], diff[2], diff[3], diff[4], diff[5], diff[6])
            self._effects[removed] = found
        return found

    def _dealer(self, key: int, n_removed: int) -> Distribution:
        """The dealer's distribution after the removals in `self._cnt` (whose key is `key`)."""
        memo = self._dealer_memo
        found = memo.get(key)
        if found is not None:
            return found
        cnt = self._cnt
        if self.infinite:
            found = self._base
        elif n_removed <= self.order:
            found = self._exact(tuple(i for i in range(RANKS) for _ in range(cnt[i])))
        else:
            found = self._extended(key)
        memo[key] = found
        return found

    def _extended(self, key: int) -> Distribution:
        """The polynomial extension, built from a parent state's distribution when one is known."""
        cnt = self._cnt
        present = [i for i in range(RANKS) if cnt[i]]
        total: list[float] | None = None
        terms: list[tuple[float, Distribution]] = []
        for i in present:
            parent = self._dealer_memo.get(key - _DIGIT[i])
            if parent is not None:
                total = list(parent)
                terms.append((1.0, self._effect((i,))))
                if self.order >= 2:
                    for j in present:
                        times = cnt[j] - (j == i)
                        if times:
                            terms.append((float(times), self._effect((min(i, j), max(i, j)))))
                break
        if total is None:
            total = list(self._base)
            terms = [(float(cnt[i]), self._effect((i,))) for i in present]
            if self.order >= 2:
                for a, i in enumerate(present):
                    if cnt[i] > 1:
                        terms.append((cnt[i] * (cnt[i] - 1) / 2, self._effect((i, i))))
                    for j in present[a + 1:]:
                        terms.append((float(cnt[i] * cnt[j]), self._effect((i, j))))
        for weight, e in terms:
            total[0] += weight * e[0]
            total[1] += weight * e[1]
            total[2] += weight * e[2]
            total[3] += weight * e[3]
            total[4] += weight * e[4]
            total[5] += weight * e[5]
            total[6] += weight * e[6]
        return (total[0], total[1], total[2], total[3], total[4], total[5], total[6])

    def blackjack_chance(self, removed: Sequence[int]) -> float:
        """The chance the dealer has (or will make) a blackjack, with these cards gone too."""
        return self._blackjack(self._counts_after(removed))

    def _counts_after(self, removed: Sequence[int]) -> list[int]:
        counts = list(self.counts)
        for index in removed:
            counts[index] -= 1
            if counts[index] < 0 and not self.infinite:
                raise OddsError("the hand holds more cards of one value than the shoe had")
        return counts

    def _blackjack(self, counts: Sequence[int], left: int = 0) -> float:
        """The chance of a dealer blackjack from these counts (`left` is their sum, if known)."""
        if not self.blackjack_possible:
            return 0.0
        if self.infinite:
            p = INFINITE_PROBABILITIES
            if self.up is None:
                return 2 * p[ACE] * p[TEN]
            return p[TEN] if self.up == ACE else p[ACE]
        left = left or sum(counts)
        if self.up is None:
            return 2 * counts[ACE] * counts[TEN] / (left * (left - 1)) if left > 1 else 0.0
        return counts[TEN if self.up == ACE else ACE] / left

    def _draws(self, key: int) -> list[tuple[int, float]]:
        """Each point index the next card may have, with its chance (given no dealer blackjack)."""
        if self.infinite:
            return self._fixed_draws
        found = self._draw_memo.get(key)
        if found is not None:
            return found
        cnt = self._cnt
        counts = self.counts
        left = [counts[i] - cnt[i] for i in range(RANKS)]
        n = sum(left)
        found = [(i, left[i] / n) for i in range(RANKS) if left[i] > 0]
        if self.conditioned and n > 2:
            before = 1.0 - self._blackjack(left)
            if before > 1e-12:
                weighted = []
                for i, p in found:
                    left[i] -= 1
                    weighted.append((i, p * (1.0 - self._blackjack(left, n - 1)) / before))
                    left[i] += 1
                found = weighted
        self._draw_memo[key] = found
        return found

    # ---- standing, and hitting on -------------------------------------------------------------

    def _stand(self, key: int, n_removed: int, total: int) -> float:
        """The value of standing on a total (not a blackjack) after the removals in `_cnt`."""
        skey = key * 32 + total
        found = self._stand_memo.get(skey)
        if found is not None:
            return found
        d = self._dealer(key, n_removed)
        win = d[BUST]
        lose = 0.0
        for k in range(5):
            if 17 + k < total:
                win += d[k]
            elif 17 + k > total:
                lose += d[k]
        if self.conditioned:
            no_blackjack = 1.0 - d[BLACKJACK]
            value = (win - lose) / no_blackjack if no_blackjack > 1e-12 else -1.0
        else:
            value = win - lose - d[BLACKJACK]
        self._stand_memo[skey] = value
        return value

    def _hit(self, key: int, n_removed: int, points: int, ace: bool, policy: bool) -> float:
        """The value of taking one card, then playing on (best play, or the policy's)."""
        cnt = self._cnt
        value = 0.0
        frozen = n_removed >= self.depth
        for i, p in self._draws(key):
            new_points = points + i + 1
            new_ace = ace or i == ACE
            if best_total(new_points, new_ace) > 21:
                value -= p
                continue
            if frozen:
                value += p * self._after(key, n_removed, new_points, new_ace, policy)
                continue
            cnt[i] += 1
            value += p * self._after(key + self._digit[i], n_removed + 1, new_points, new_ace, policy)
            cnt[i] -= 1
        return value

    def _after(self, key: int, n_removed: int, points: int, ace: bool, policy: bool) -> float:
        """The value of a hand that may only hit or stand (three cards or more)."""
        total = best_total(points, ace)
        if total >= 21:
            return self._stand(key, n_removed, total)
        memo = self._policy_memo if policy else self._after_memo
        mkey = (key * 32 + points) * 2 + ace
        found = memo.get(mkey)
        if found is not None:
            return found
        stand = self._stand(key, n_removed, total)
        if policy:
            assert self._policy is not None
            soft = ace and points <= 11
            choice = self._policy(total, soft, None, _HIT_OR_STAND)
            value = stand if choice is Action.STAND else self._hit(key, n_removed, points, ace, True)
        else:
            value = max(stand, self._hit(key, n_removed, points, ace, False))
        memo[mkey] = value
        return value

    def _double(self, key: int, n_removed: int, points: int, ace: bool) -> float:
        cnt = self._cnt
        value = 0.0
        for i, p in self._draws(key):
            total = best_total(points + i + 1, ace or i == ACE)
            if total > 21:
                value -= p
                continue
            cnt[i] += 1
            value += p * self._stand(key + self._digit[i], n_removed + 1, total)
            cnt[i] -= 1
        return 2.0 * value

    # ---- a whole decision -------------------------------------------------------------------

    def legal(self, hand: Sequence[int], *, from_split: bool, split_aces: bool, hands: int,
              pair: bool) -> frozenset[Action]:
        """The playing actions the rules allow on this hand (surrender as a playing action)."""
        rules = self.rules
        points = sum(i + 1 for i in hand)
        total = best_total(points, ACE in hand)
        if total >= 21:
            return frozenset((Action.STAND,))
        legal = {Action.STAND}
        if not split_aces or rules.hit_split_aces:
            legal.add(Action.HIT)
        if (
            len(hand) == 2
            and rules.double_on.allows(total)
            and (not from_split or rules.double_after_split)
            and (not split_aces or rules.hit_split_aces)
        ):
            legal.add(Action.DOUBLE)
        if (
            pair
            and len(hand) == 2
            and rules.splitting_allowed
            and (rules.max_hands == 0 or hands < rules.max_hands)
            and (not split_aces or rules.resplit_aces)
        ):
            legal.add(Action.SPLIT)
        if rules.surrender is not Surrender.NONE and len(hand) == 2 and hands == 1 and not from_split:
            legal.add(Action.SURRENDER)
        return frozenset(legal)

    def values(
        self,
        hand: Sequence[int],
        removed: Sequence[int],
        *,
        from_split: bool = False,
        split_aces: bool = False,
        hands: int = 1,
        pair_chance: float = 1.0,
        legal: frozenset[Action] | None = None,
        policy: Decide | None = None,
    ) -> dict[Action, float]:
        """Each action's value for a hand (point indices) with `removed` gone from the shoe.

        `removed` are cards no longer in the evaluator's shoe (for a fresh-shoe analysis, the
        hand itself); `pair_chance` is how likely a card of the pair's value also pairs it
        by rank (1/4 for ten-value cards when only equal ranks split). With a `policy`, every
        later decision (after a hit, on split hands) follows it instead of the best play.
        Values are in the evaluator's scale; a blackjack is not valued here.
        """
        points = sum(i + 1 for i in hand)
        ace = ACE in hand
        total = best_total(points, ace)
        if total > 21:
            raise OddsError(f"the hand is bust with {total}; there is nothing to decide")
        pair = len(hand) == 2 and hand[0] == hand[1]
        if legal is None:
            legal = self.legal(hand, from_split=from_split, split_aces=split_aces, hands=hands, pair=pair)
        if policy is not None:
            self._set_policy(policy)
        counts = self._counts_after(removed)
        cnt = self._cnt
        for i in range(RANKS):
            # round: a shoe of real-valued counts (engine.odds.indices) leaves float dust here.
            cnt[i] = round(self.counts[i] - counts[i]) if not self.infinite else 0
        key = sum(cnt[i] * _DIGIT[i] for i in range(RANKS))
        n_removed = sum(cnt)
        out: dict[Action, float] = {}
        use_policy = policy is not None
        fast = self._compiled
        try:
            plays = [action for action in (Action.STAND, Action.HIT, Action.DOUBLE)
                     if action in legal and (action is Action.STAND or total < 21)]
            if fast is not None:
                out.update(fast.hand(plays, key, points, ace, use_policy))
            else:
                for action in plays:
                    out[action] = (
                        self._stand(key, n_removed, total) if action is Action.STAND
                        else self._hit(key, n_removed, points, ace, use_policy) if action is Action.HIT
                        else self._double(key, n_removed, points, ace)
                    )
            if Action.SURRENDER in legal:
                out[Action.SURRENDER] = self._surrender(key, n_removed)
            if Action.SPLIT in legal and pair:
                out[Action.SPLIT] = self._split(key, n_removed, hand[0], hands, pair_chance, use_policy)
        finally:
            for i in range(RANKS):
                cnt[i] = 0
        return out

    def _set_policy(self, policy: Decide) -> None:
        if policy is not self._policy:
            self._policy = policy
            self._policy_memo = {}
            if self._compiled is not None:
                self._compiled.set_policy(lambda total, soft, legal: policy(total, soft, None, legal))

    def _surrender(self, key: int, n_removed: int) -> float:
        if self.conditioned or self.early_surrender or not self.blackjack_possible:
            return -0.5
        q = self._dealer(key, n_removed)[BLACKJACK]
        return -0.5 * (1.0 - q) - q

    def total(self, action: Action, value: float, removed: Sequence[int]) -> float:
        """A value in this evaluator's scale as the plain expectation (a dealer blackjack included)."""
        if not self.conditioned:
            return value
        q = self.blackjack_chance(removed)
        lost = -0.5 if action is Action.SURRENDER and self.early_surrender else -1.0
        return (1.0 - q) * value + q * lost

    def blackjack_value(self, removed: Sequence[int]) -> float:
        """The plain expectation of a player blackjack (paid at 3:2 or as the rules say)."""
        q = self.blackjack_chance(removed)
        return (1.0 - q) * self.pays + q * (self.pays if self.wins_vs_blackjack else 0.0)

    # ---- splitting ------------------------------------------------------------------------

    def _split(self, key: int, n_removed: int, card: int, hands: int, pair_chance: float,
               policy: bool) -> float:
        """The value of splitting a pair of `card` (both cards already gone from the shoe).

        Exact for the shoe, as in Eric Farmer's analysis (his CDP, or a fixed policy): pairs
        are resplit whenever the rules allow, and a split hand is played knowing its own cards
        and how many pair cards the split took in all (`_split_level`). By exchangeability the
        other hands' cards then change a hand's value only through what is known of them: that
        the second card of a hand that was not resplit is not a pair card (`_SplitLattice`).
        """
        rules = self.rules
        if policy:
            assert self._policy is not None
            legal = frozenset((Action.STAND, Action.HIT, Action.SPLIT))
            choice = self._policy(best_total(2 * card + 2, card == ACE), card == ACE, card, legal)
            resplits = choice is Action.SPLIT
        else:
            resplits = True
        most = 2
        if resplits and (card != ACE or rules.resplit_aces):
            most = max(2, (rules.max_hands or _SPLIT_CAP) - hands + 1)
        left = [self.counts[i] - self._cnt[i] for i in range(RANKS)]
        shoe = _SplitShoe(self.infinite, left, card, pair_chance)
        if not self.infinite:
            most = min(most, 2 + int(shoe.pairs + 1e-9))
        levels: dict[int, tuple[float, float]] = {}

        def level(extra: int) -> tuple[float, float]:
            gone = 0 if self.infinite else min(extra, self.split_levels)
            found = levels.get(gone)
            if found is None:
                self._cnt[card] += gone
                found = self._split_level(key + gone * _DIGIT[card], n_removed + gone, card, policy)
                self._cnt[card] -= gone
                levels[gone] = found
            return found

        lattice = _SplitLattice(shoe, level)
        value = 0.0
        for hands_made, known, weight, own in shoe.endings(most):
            if weight <= 0.0:
                continue  # cannot happen with these cards (and its values may not exist)
            # `own` hands were completed by a non-pair card; the rest (at the most hands) drew freely.
            extra = hands_made - 2
            if own:
                value += weight * own * lattice.completed(extra, own - 1)
            if hands_made > own:
                value += weight * (hands_made - own) * lattice.free(extra, known)
        if not self.conditioned:
            return value
        # Each hand's value counts a dealer blackjack as its own loss; it takes one bet in all.
        q = self._blackjack(left)
        if q <= 0.0:
            return value
        hole = [TEN] if self.up == ACE else [ACE] if self.up == TEN else [ACE, TEN]
        after = list(left)
        for index in hole:
            after[index] -= 1
        given_blackjack = _SplitShoe(self.infinite, after, card, pair_chance)
        hands_given = sum(chance * made for made, _, chance, _ in given_blackjack.endings(most))
        value += (hands_given - 1.0) * q
        return (value + q) / (1.0 - q) if q < 1.0 - 1e-12 else -1.0

    def _split_level(self, key: int, n_removed: int, card: int, policy: bool) -> tuple[float, float]:
        """A split hand of `card` after its second card, with the removals in `_cnt`: its value
        (however the second card falls) and its value when the second card pairs it, both with
        a dealer blackjack as one more loss of the hand's bet (the scale the lattice needs)."""
        if self._compiled is not None:
            return self._compiled.split_level(key, card, policy)
        cnt = self._cnt
        aces = card == ACE
        left = [self.counts[i] - cnt[i] for i in range(RANKS)]
        size = sum(left)
        free = paired = 0.0
        for i in range(RANKS):
            if self.infinite:
                p = INFINITE_PROBABILITIES[i]
            elif left[i] > 0:
                p = left[i] / size
            else:
                continue
            cnt[i] += 1
            value = self._split_hand(key + self._digit[i], n_removed + 1, card + i + 2, aces or i == ACE,
                                     aces, i, policy)
            cnt[i] -= 1
            if self.conditioned:
                left[i] -= 1
                q = self._blackjack(left, size - 1)
                left[i] += 1
                value = (1.0 - q) * value - q
            free += p * value
            if i == card:
                paired = value
        return free, paired

    def _split_hand(self, key: int, n_removed: int, points: int, ace: bool, aces: bool, second: int,
                    policy: bool) -> float:
        """The value of one split hand once its second card has come (no further split)."""
        rules = self.rules
        total = best_total(points, ace)
        if total == 21 and aces and second == TEN and rules.split_ace_21_is_blackjack:
            if self.conditioned:
                return self.pays
            q = self._dealer(key, n_removed)[BLACKJACK]
            return (1.0 - q) * self.pays + q * (self.pays if self.wins_vs_blackjack else 0.0)
        stand = self._stand(key, n_removed, total)
        if total == 21 or (aces and not rules.hit_split_aces):
            return stand
        can_double = rules.double_after_split and rules.double_on.allows(total)
        if policy:
            assert self._policy is not None
            legal = _HIT_STAND_DOUBLE if can_double else _HIT_OR_STAND
            choice = self._policy(total, ace and points <= 11, None, legal)
            if choice is Action.DOUBLE:
                return self._double(key, n_removed, points, ace)
            if choice is Action.STAND:
                return stand
            return self._hit(key, n_removed, points, ace, True)
        value = max(stand, self._hit(key, n_removed, points, ace, False))
        if can_double:
            value = max(value, self._double(key, n_removed, points, ace))
        return value


class _SplitShoe:
    """The shoe a split draws its second cards from: its size, and how many cards pair the split.

    Ten-value cards pair a split of tens by rank only when `pair_chance` is below one; then
    a share of them (as many as the shoe would hold of one rank) counts as pairing cards.
    """

    def __init__(self, infinite: bool, left: Sequence[int], card: int, pair_chance: float) -> None:
        self.infinite = infinite
        self.size = float(sum(left))
        self.pairs = pair_chance * left[card]
        self.chance = INFINITE_PROBABILITIES[card] * pair_chance if infinite else 0.0

    def pair_chance(self, pairs_gone: int, cards_gone: int) -> float:
        """The chance the next card pairs the split, after these pair and other cards are gone."""
        if self.infinite:
            return self.chance
        left = self.size - pairs_gone - cards_gone
        return max(self.pairs - pairs_gone, 0.0) / left if left > 0 else 0.0

    def sequence(self, pairs: int, others: int) -> float:
        """The chance of one given sequence of `pairs` pair cards and `others` other cards."""
        if self.infinite:
            return self.chance ** pairs * (1.0 - self.chance) ** others
        if pairs + others > self.size:
            return 0.0  # more cards than the shoe holds
        chance = 1.0
        for i in range(pairs):
            chance *= max(self.pairs - i, 0.0) / (self.size - i)
        non_pairs = self.size - self.pairs
        for j in range(others):
            chance *= max(non_pairs - j, 0.0) / (self.size - pairs - j)
        return chance

    def endings(self, most: int) -> Iterator[tuple[int, int, float, int]]:
        """Each way the second cards can end a split of up to `most` hands.

        Yields (hands made, non-pair second cards known, chance, hands completed by a
        non-pair card). A split ends early when every hand has a non-pair second card;
        at `most` hands, the hands still waiting take whatever comes.
        """
        # ways[(p, k)]: orderings of p pair cards and k others that keep a hand waiting.
        ways = {(0, 0): 1}
        for step in range(2 * most):
            for (p, k), count in sorted(ways.items()):
                if p + k != step:
                    continue
                hands = 2 + p
                waiting = hands - k
                if hands == most:
                    continue
                ways[(p + 1, k)] = ways.get((p + 1, k), 0) + count
                if waiting == 1:
                    yield hands, hands - 1, count * self.sequence(p, k + 1), hands
                else:
                    ways[(p, k + 1)] = ways.get((p, k + 1), 0) + count
        for (p, k), count in ways.items():
            if 2 + p == most:
                yield most, k, count * self.sequence(p, k), k


class _SplitLattice:
    """A split hand's value given some pair cards and some unknown non-pair cards gone.

    Removing a card nobody sees leaves a hand's expected value unchanged; a removed card
    known only not to pair the split splits that identity in two: with `v` the chance a
    card from the shoe pairs, V(a, b - 1) = v V(a + 1, b - 1) + (1 - v) V(a, b).
    """

    def __init__(self, shoe: _SplitShoe, level: Callable[[int], tuple[float, float]]) -> None:
        self.shoe = shoe
        self.level = level
        self._free: dict[tuple[int, int], float] = {}
        self._completed: dict[tuple[int, int], float] = {}

    def free(self, pairs: int, others: int) -> float:
        """A hand whose second card may be anything, `others` non-pair cards gone besides."""
        key = (pairs, others)
        found = self._free.get(key)
        if found is None:
            if others == 0:
                found = self.level(pairs)[0]
            else:
                v = self.shoe.pair_chance(pairs, others - 1)
                found = self.free(pairs, others - 1)
                if 0.0 < v < 1.0:
                    found = (found - v * self.free(pairs + 1, others - 1)) / (1.0 - v)
            self._free[key] = found
        return found

    def completed(self, pairs: int, others: int) -> float:
        """A hand whose second card is known not to pair it, `others` non-pair cards gone besides."""
        key = (pairs, others)
        found = self._completed.get(key)
        if found is None:
            v = self.shoe.pair_chance(pairs, others)
            if others == 0:
                free, paired = self.level(pairs)
                found = (free - v * paired) / (1.0 - v) if 0.0 < v < 1.0 else free
            else:
                found = self.completed(pairs, others - 1)
                if 0.0 < v < 1.0:
                    found = (found - v * self.completed(pairs + 1, others - 1)) / (1.0 - v)
            self._completed[key] = found
        return found


_HIT_OR_STAND = frozenset((Action.HIT, Action.STAND))
_HIT_STAND_DOUBLE = frozenset((Action.HIT, Action.STAND, Action.DOUBLE))
