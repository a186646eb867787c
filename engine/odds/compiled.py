"""The exact mode's inner recursion compiled with numba (the `fast` extra): the same sums, far faster.

`engine.odds.player.Evaluator` with `exact=True` on a finite shoe hands its standing,
hitting, doubling and split-hand values to these functions when numba is installed; the
splits' combination (the lattice of pair cards gone) and every offer stay in Python,
since they are asked a few times per hand. Each function here is the Python method of the
same name in `engine.odds.player` with its shortcuts off (`order`, `depth` and
`split_levels` unlimited), written over arrays: tests hold the two to 1e-12.

A state is the evaluator's key: five bits per point index counting the cards gone from
its shoe. Values are remembered in hash tables of numpy arrays (`Memo`) that the
evaluator keeps, so a whole analysis shares them as the Python memos are shared; the
dealer's odds and the values of hitting or standing do not depend on doubling after a
split, so an evaluator and its twin without it share those (`Recursion.twin`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from engine.actions import Action
from engine.cache_folder import load_json, store_json
from engine.jit import jit, np
from engine.odds.dealer import ENDING_VALUES, MOST_DRAWS, joint_ending_table

ACE, TEN = 0, 9
RANKS = 10
_WIDTH = MOST_DRAWS + 1
"""Falling factorials kept per value: from none up to the most cards a dealer draws."""
BLACKJACK, BUST = 5, 6

# The evaluator's settings, in `flags` (see `settings`).
UP, CONDITIONED, BLACKJACK_POSSIBLE, HIT_SPLIT_ACES, DOUBLE_AFTER_SPLIT, SPLIT_ACE_21_IS_BLACKJACK = range(6)
WINS_VS_BLACKJACK = 6
DOUBLE_ALLOWED = 7
"""flags[DOUBLE_ALLOWED + total]: whether the rules allow a double on that best total (0 to 21)."""
FLAGS = DOUBLE_ALLOWED + 22

# What a value's memo key holds below the state's key.
_BEST, _POLICY = 1, 2
_EMPTY = -1
"""A free slot's key (every state's key is at least 0)."""
_FULL = 0.9
"""A table fuller than this takes no more entries (values are still right, only not remembered)."""
_GROW = 0.5
"""A table fuller than this before a call is doubled first (`Memo.room`)."""


class Memo:
    """A hash table of numpy arrays from int64 keys to rows of `width` floats, grown between calls.

    `keys` are hashed; `where[slot]` is the row of `rows` holding that key's value, rows being
    handed out in order, with one spare row past them for a value computed when the table had
    no room for it.
    """

    def __init__(self, width: int, bits: int) -> None:
        self.keys, self.where = _entries(1 << bits)
        self.rows = np.zeros((_capacity(1 << bits) + 1, width))
        self.used = np.zeros(1, dtype=np.int64)
        self._arrays = (self.keys, self.where, self.rows, self.used)

    def __len__(self) -> int:
        return int(self.used[0])

    def arrays(self) -> tuple[Any, Any, Any, Any]:
        """The table as the compiled functions take it, doubled first when it is half full (so the next
        call has room to remember what it computes)."""
        if self.used[0] > _GROW * len(self.keys):
            keys, where = _entries(2 * len(self.keys))
            _rehash(self.keys, self.where, keys, where)
            rows = np.zeros((_capacity(len(keys)) + 1, self.rows.shape[1]))
            rows[: len(self.rows) - 1] = self.rows[:-1]
            self.keys, self.where, self.rows = keys, where, rows
            self._arrays = (keys, where, rows, self.used)
        return self._arrays

    def clear(self) -> None:
        """Forget every entry."""
        self.keys[:] = _EMPTY
        self.used[0] = 0


def _entries(slots: int) -> tuple[Any, Any]:
    """A table's keys and rows, empty: views of one array holding each slot's key beside its row, so
    that a probe reads one cache line."""
    entries = np.full((slots, 2), _EMPTY, dtype=np.int64)
    return entries[:, 0], entries[:, 1]


def _capacity(slots: int) -> int:
    """The most entries a table of this many slots takes."""
    return int(_FULL * slots)


@jit
def _slot(keys: Any, key: int) -> int:
    """Where a key is in a table, or the free slot where it would go (Fibonacci hashing, linear probing)."""
    mask = keys.shape[0] - 1
    slot = int((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & mask
    while keys[slot] != key and keys[slot] != _EMPTY:
        slot = (slot + 1) & mask
    return int(slot)


@jit
def _place(keys: Any, where: Any, used: Any, key: int) -> int:
    """The row for a new key's value (the spare row, past the others, when the table is full)."""
    slot = _slot(keys, key)
    if keys[slot] == key:
        return int(where[slot])
    if used[0] >= int(_FULL * keys.shape[0]):
        return int(_FULL * keys.shape[0])
    keys[slot] = key
    where[slot] = used[0]
    used[0] += 1
    return int(where[slot])


@jit
def _found(keys: Any, where: Any, key: int) -> int:
    """The row holding a key's value, or -1."""
    slot = _slot(keys, key)
    return int(where[slot]) if keys[slot] == key else -1


@jit
def _rehash(keys: Any, where: Any, new_keys: Any, new_where: Any) -> None:
    for slot in range(keys.shape[0]):
        if keys[slot] != _EMPTY:
            target = _slot(new_keys, keys[slot])
            new_keys[target] = keys[slot]
            new_where[target] = where[slot]


def settings(up: int | None, conditioned: bool, blackjack_possible: bool, hit_split_aces: bool,
             double_after_split: bool, split_ace_21_is_blackjack: bool, wins_vs_blackjack: bool,
             double_allowed: list[bool]) -> Any:
    """The evaluator's settings as the int64 array the compiled functions read."""
    flags = np.zeros(FLAGS, dtype=np.int64)
    flags[UP] = -1 if up is None else up
    flags[CONDITIONED] = conditioned
    flags[BLACKJACK_POSSIBLE] = blackjack_possible
    flags[HIT_SPLIT_ACES] = hit_split_aces
    flags[DOUBLE_AFTER_SPLIT] = double_after_split
    flags[SPLIT_ACE_21_IS_BLACKJACK] = split_ace_21_is_blackjack
    flags[WINS_VS_BLACKJACK] = wins_vs_blackjack
    flags[DOUBLE_ALLOWED:] = double_allowed
    return flags


@jit
def _left(shoe: Any, key: int, index: int) -> int:
    """Cards of a point index still in the shoe in a state."""
    return int(shoe[index] - ((key >> (5 * index)) & 31))


@jit
def _total(points: int, ace: bool) -> int:
    """A hand's best total."""
    return points + 10 if ace and points <= 11 else points


@jit
def _cards_left(shoe: Any, key: int) -> tuple[int, int, int]:
    """The cards left in the shoe in a state, and the aces and tens among them."""
    left = 0
    for i in range(RANKS):
        left += _left(shoe, key, i)
    return left, _left(shoe, key, ACE), _left(shoe, key, TEN)


@jit
def _blackjack(flags: Any, aces: int, tens: int, left: int) -> float:
    """The chance of a dealer blackjack from a shoe with these aces, tens and cards (`_blackjack`)."""
    if not flags[BLACKJACK_POSSIBLE]:
        return 0.0
    up = flags[UP]
    if up < 0:
        return 2.0 * aces * tens / (left * (left - 1)) if left > 1 else 0.0
    return (tens if up == ACE else aces) / left


@jit
def _products(parts: Any, falling: Any) -> Any:
    """Each part's product of falling factorials (six factors written out: no branch to mispredict)."""
    products = np.empty(parts.shape[0])
    for e in range(parts.shape[0]):
        products[e] = (falling[parts[e, 0]] * falling[parts[e, 1]] * falling[parts[e, 2]]
                       * falling[parts[e, 3]] * falling[parts[e, 4]] * falling[parts[e, 5]])
    return products


@jit
def _first_bust(places: Any) -> int:
    """Where the busts' terms start (`joint_ending_table` puts them after the rest)."""
    lo, hi = 0, places.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if (places[mid] // _WIDTH) % 7 == BUST:
            hi = mid
        else:
            lo = mid + 1
    return lo


@jit
def _weigh(sums: Any, places: Any, lows: Any, highs: Any, ways: Any, low_products: Any, high_products: Any,
           start: int, end: int) -> None:
    """Add terms start to end (in order of place: each sum is kept in a register) to their places."""
    if start >= end:
        return
    place = places[start]
    total = 0.0
    for c in range(start, end):
        if places[c] != place:
            sums[place] += total
            place = places[c]
            total = 0.0
        total += ways[c] * low_products[lows[c]] * high_products[highs[c]]
    sums[place] += total


@jit
def dealer(odds: Any, key: int) -> Any:
    """The dealer's exact distribution in a state for every up card (seven floats each, in point index
    order) and for none (the last seven): each set of cards the dealer can end with weighed once, from
    the shoe before the up card (`joint_ending_table`). `odds` is the dealer's memo (`Memo.arrays`),
    the shoe before the up card, and that table."""
    dealer_keys, dealer_where, dealer_rows, dealer_used, full, low, high, places, lows, highs, ways = odds
    found = _found(dealer_keys, dealer_where, key)
    if found >= 0:
        return dealer_rows[found]
    falling = np.empty(RANKS * _WIDTH)
    size = 0
    for i in range(RANKS):
        count = _left(full, key, i)
        size += count
        base = i * _WIDTH
        falling[base] = 1.0
        for t in range(_WIDTH - 1):
            falling[base + t + 1] = falling[base + t] * max(count - t, 0)
    # Each set's chance of coming in one order but for one over the shoe's falling factorial: its low
    # part's product times its high part's, each multiplied out once; summed by up card, result and size.
    low_products = _products(low, falling)
    high_products = _products(high, falling)
    sums = np.zeros(RANKS * 7 * _WIDTH)
    busts = _first_bust(places)
    # A shoe of MOST_DRAWS cards or more cannot run out before the dealer's hand ends, so the chances
    # of an up card's endings add up to its own and the busts (half the terms) need not be weighed.
    by_rest = size >= MOST_DRAWS
    _weigh(sums, places, lows, highs, ways, low_products, high_products, 0, busts)
    if not by_rest:
        _weigh(sums, places, lows, highs, ways, low_products, high_products, busts, places.shape[0])
    row = _place(dealer_keys, dealer_where, dealer_used, key)
    result = dealer_rows[row]
    result[RANKS * 7:] = 0.0
    scale = np.zeros(_WIDTH)  # one over the falling factorial of the shoe's size, 0 past its size
    falling_size = 1.0
    for k in range(_WIDTH):
        if falling_size > 0.0:
            scale[k] = 1.0 / falling_size
        falling_size *= size - k
    for cell in range(RANKS * 7):
        total = 0.0
        for k in range(_WIDTH):
            total += sums[cell * _WIDTH + k] * scale[k]
        result[cell] = total
    for up in range(RANKS):
        # The chance of this up card: the joint chances over it are the odds given it.
        chance = _left(full, key, up) / size
        if by_rest and chance > 0.0:
            rest = 0.0
            for outcome in range(BUST):
                rest += result[up * 7 + outcome]
            result[up * 7 + BUST] = chance - rest
        for outcome in range(7):
            result[RANKS * 7 + outcome] += result[up * 7 + outcome]
            result[up * 7 + outcome] = result[up * 7 + outcome] / chance if chance > 0.0 else 0.0
    return result


@jit
def _odds_of(flags: Any, distributions: Any) -> Any:
    """The evaluator's own up card's seven odds out of `dealer`'s answer."""
    up = flags[UP] if flags[UP] >= 0 else RANKS
    return distributions[7 * up: 7 * up + 7]


@jit
def stand(odds: Any, flags: Any, key: int, total: int) -> float:
    """The value of standing on a total in a state (`Evaluator._stand`), from the dealer's odds there
    (not remembered apart: a few sums cost less than looking a value up)."""
    d = _odds_of(flags, dealer(odds, key))
    win = d[BUST]
    lose = 0.0
    for k in range(5):
        if 17 + k < total:
            win += d[k]
        elif 17 + k > total:
            lose += d[k]
    if flags[CONDITIONED]:
        no_blackjack = 1.0 - d[BLACKJACK]
        return (win - lose) / no_blackjack if no_blackjack > 1e-12 else -1.0
    return float(win - lose - d[BLACKJACK])


@jit
def _draw_chances(shoe: Any, flags: Any, key: int, chances: Any) -> None:
    """Each point index's chance to come next in a state, given no dealer blackjack (`_draws`)."""
    left, aces, tens = _cards_left(shoe, key)
    before = 1.0
    conditioned = flags[CONDITIONED] and left > 2
    if conditioned:
        before = 1.0 - _blackjack(flags, aces, tens, left)
        conditioned = before > 1e-12
    for i in range(RANKS):
        count = _left(shoe, key, i)
        p = 0.0
        if count > 0:
            p = count / left
            if conditioned:
                p = p * (1.0 - _blackjack(flags, aces - (i == ACE), tens - (i == TEN), left - 1)) / before
        chances[i] = p


_DEEPEST = 24
"""More cards than a hand that may still hit can draw (21 points of aces, then the card that busts)."""


@jit
def after(odds: Any, values: Any, policy_values: Any, shoe: Any, flags: Any, hits: Any, key: int, points: int,
          ace: bool, policy: bool, hit_only: bool) -> float:
    """A hand that may only hit or stand: its value (`_after`), or with `hit_only` that of one more
    card (`_hit`); best play, or with `policy` the policy's play (`hits[2 * total + soft]`).

    Depth first over the cards drawn, with a stack of its own: numba cannot load a recursive
    function from its disk cache.
    """
    keys, where, rows, used = policy_values if policy else values
    tag = _POLICY if policy else _BEST
    states = np.empty(_DEEPEST, dtype=np.int64)
    hand_points = np.empty(_DEEPEST, dtype=np.int64)
    aces = np.empty(_DEEPEST, dtype=np.bool_)
    following = np.empty(_DEEPEST, dtype=np.int64)  # the next point index to draw
    standing = np.empty(_DEEPEST)
    hitting = np.empty(_DEEPEST)
    chances = np.empty((_DEEPEST, RANKS))
    states[0], hand_points[0], aces[0] = key, points, ace
    depth = 0
    entering = True
    while True:
        state, now, has_ace = states[depth], hand_points[depth], aces[depth]
        memo_key = (state << 8) | (now << 3) | (int(has_ace) << 2) | tag
        if entering:
            entering = False
            total = _total(now, has_ace)
            if depth > 0 or not hit_only:
                finished = True
                if total >= 21:
                    result = stand(odds, flags, state, total)
                else:
                    found = _found(keys, where, memo_key)
                    if found >= 0:
                        result = rows[found, 0]
                    else:
                        result = stand(odds, flags, state, total)
                        standing[depth] = result
                        finished = policy and not hits[2 * total + int(has_ace and now <= 11)]
                        if finished:
                            rows[_place(keys, where, used, memo_key), 0] = result
                if finished:
                    if depth == 0:
                        return float(result)
                    depth -= 1
                    hitting[depth] += chances[depth, following[depth] - 1] * result
                    continue
            _draw_chances(shoe, flags, state, chances[depth])
            hitting[depth] = 0.0
            following[depth] = 0
        # The next card that does not bust; a bust costs its chance at once.
        i = following[depth]
        while i < RANKS:
            p = chances[depth, i]
            if p != 0.0:
                if _total(now + i + 1, has_ace or i == ACE) <= 21:
                    break
                hitting[depth] -= p
            i += 1
        following[depth] = i + 1
        if i < RANKS:
            states[depth + 1] = state + (1 << (5 * i))
            hand_points[depth + 1] = now + i + 1
            aces[depth + 1] = has_ace or i == ACE
            depth += 1
            entering = True
            continue
        # Every card drawn: this hand's value, passed up to the hand it came from.
        if depth == 0 and hit_only:
            return float(hitting[0])
        result = hitting[depth] if policy else max(standing[depth], hitting[depth])
        rows[_place(keys, where, used, memo_key), 0] = result
        if depth == 0:
            return float(result)
        depth -= 1
        hitting[depth] += chances[depth, following[depth] - 1] * result


@jit
def double(odds: Any, shoe: Any, flags: Any, key: int, points: int, ace: bool) -> float:
    """The value of doubling: one card at twice the stake (`_double`)."""
    chances = np.empty(RANKS)
    _draw_chances(shoe, flags, key, chances)
    value = 0.0
    for i in range(RANKS):
        p = chances[i]
        if p == 0.0:
            continue
        total = _total(points + i + 1, ace or i == ACE)
        if total > 21:
            value -= p
            continue
        value += p * stand(odds, flags, key + (1 << (5 * i)), total)
    return 2.0 * value


@jit
def split_level(odds: Any, values: Any, policy_values: Any, shoe: Any, flags: Any, hits: Any, doubles: Any,
                pays: float, key: int, card: int, policy: bool) -> tuple[float, float]:
    """A split hand of `card` after its second card: its value and its value when paired (`_split_level`)."""
    aces = card == ACE
    size, all_aces, all_tens = _cards_left(shoe, key)
    free = 0.0
    paired = 0.0
    for i in range(RANKS):
        count = _left(shoe, key, i)
        if count <= 0:
            continue
        state = key + (1 << (5 * i))
        points = card + i + 2
        ace = aces or i == ACE
        total = _total(points, ace)
        if total == 21 and aces and i == TEN and flags[SPLIT_ACE_21_IS_BLACKJACK]:
            if flags[CONDITIONED]:
                value = pays
            else:
                q = _odds_of(flags, dealer(odds, state))[BLACKJACK]
                value = (1.0 - q) * pays + q * (pays if flags[WINS_VS_BLACKJACK] else 0.0)
        else:
            value = stand(odds, flags, state, total)
            if total != 21 and not (aces and not flags[HIT_SPLIT_ACES]):
                can_double = flags[DOUBLE_AFTER_SPLIT] and flags[DOUBLE_ALLOWED + total]
                soft = int(ace and points <= 11)
                choice = -1  # best play
                if policy:
                    choice = doubles[2 * total + soft] if can_double else hits[2 * total + soft]
                if choice == 1 or choice == -1:
                    hitting = after(odds, values, policy_values, shoe, flags, hits, state, points, ace,
                                    policy, True)
                    value = hitting if policy else max(value, hitting)
                if choice == 2 or (choice == -1 and can_double):
                    doubling = double(odds, shoe, flags, state, points, ace)
                    value = doubling if policy else max(value, doubling)
        if flags[CONDITIONED]:
            q = _blackjack(flags, all_aces - (i == ACE), all_tens - (i == TEN), size - 1)
            value = (1.0 - q) * value - q
        free += count / size * value
        if i == card:
            paired = value
    return free, paired


STAND, HIT, DOUBLE, SPLIT = 1, 2, 4, 8
"""What `evaluate` is asked, as bits: a hand's values of standing, hitting and doubling, or a split hand's."""
_ASKED = {Action.STAND: STAND, Action.HIT: HIT, Action.DOUBLE: DOUBLE}
_ASKED_ORDER = (Action.STAND, Action.HIT, Action.DOUBLE)
"""The order of the three values `evaluate` gives back for a hand."""


@jit
def evaluate(odds: Any, values: Any, policy_values: Any, shoe: Any, flags: Any, hits: Any, doubles: Any,
             pays: float, asked: int, key: int, points: int, ace: bool,
             policy: bool) -> tuple[float, float, float]:
    """The one way in from Python. With SPLIT asked, a split hand of the card `points` after its second
    card: its value and its value when paired (`split_level`), then 0. Otherwise a hand's values of
    standing, hitting (then best play, or the policy's) and doubling, each 0 unless asked.

    numba loads each function called from Python with its own copy of everything it calls, and
    each call from Python unpacks every array again: one entry point, called once a hand, loads
    once and unpacks once.
    """
    if asked & SPLIT:
        free, paired = split_level(odds, values, policy_values, shoe, flags, hits, doubles, pays, key, points,
                                   policy)
        return free, paired, 0.0
    standing = hitting = doubling = 0.0
    if asked & STAND:
        standing = stand(odds, flags, key, _total(points, ace))
    if asked & HIT:
        hitting = after(odds, values, policy_values, shoe, flags, hits, key, points, ace, policy, True)
    if asked & DOUBLE:
        doubling = double(odds, shoe, flags, key, points, ace)
    return standing, hitting, doubling


_ENDINGS_FILE = "dealer-endings-{rule}-2.json"
"""The odds cache's copy of `joint_ending_table`, per dealer rule (the number: its layout's version)."""


@lru_cache(maxsize=2)
def dealer_endings(hits_soft_17: bool) -> tuple[Any, ...]:
    """`joint_ending_table`, kept in the odds cache folder: built in Python once (some 0.1 s), then
    read back in milliseconds. A copy whose checksum does not match is built again."""
    name = _ENDINGS_FILE.format(rule="h17" if hits_soft_17 else "s17")
    kept = load_json(name)
    if isinstance(kept, dict) and isinstance(kept.get("arrays"), list):
        arrays = kept["arrays"]
        if kept.get("sha256") == _checksum(arrays):
            try:
                low, high, places, lows, highs = (np.array(array, dtype=np.int64) for array in arrays[:5])
                ways = np.array(arrays[5], dtype=float)
            except (TypeError, ValueError):
                pass
            else:
                # The compiled code indexes with these unchecked: every index must lie in its table.
                parts_fit = all(
                    part.ndim == 2 and part.shape[1] == ENDING_VALUES and part.min(initial=0) >= 0
                    and part.max(initial=0) < RANKS * _WIDTH for part in (low, high)
                )
                terms = (places, lows, highs, ways)
                if parts_fit and all(array.ndim == 1 and len(array) == len(ways) for array in terms) and (
                    places.min(initial=0) >= 0 and places.max(initial=0) < RANKS * 7 * _WIDTH
                    and lows.min(initial=0) >= 0 and lows.max(initial=0) < len(low)
                    and highs.min(initial=0) >= 0 and highs.max(initial=0) < len(high)
                ):
                    return low, high, places, lows, highs, ways
    table = joint_ending_table(hits_soft_17)
    arrays = [array.tolist() for array in table]
    store_json(name, {"sha256": _checksum(arrays), "arrays": arrays})
    return table


def dealer_odds(shoe: tuple[int, ...], hits_soft_17: bool) -> Any:
    """The dealer's distribution from a whole shoe (up card still in it): given each up card, a row of
    seven in point index order, and with none, the last row (all eleven from one weighing)."""
    odds = (*Memo(7 * (RANKS + 1), 1).arrays(), np.array(shoe, dtype=np.int64), *dealer_endings(hits_soft_17))
    return dealer(odds, 0).reshape(RANKS + 1, 7)


def _checksum(arrays: Any) -> str:
    return hashlib.sha256(json.dumps(arrays, separators=(",", ":")).encode()).hexdigest()


class Recursion:
    """One evaluator's compiled state: its shoe and settings, the dealer's endings and the memos.

    Evaluators of one shoe share the dealer's memo across up cards (`joint_ending_table`
    serves them all), and an evaluator and its twin of the same up card whose rules differ
    only in doubling after a split share the values of standing and hitting too.
    """

    def __init__(self, shoe: tuple[int, ...], up: int | None, hits_soft_17: bool, flags: Any, pays: float,
                 *, dealer_from: Recursion | None = None, values_from: Recursion | None = None) -> None:
        self.shoe = np.array(shoe, dtype=np.int64)
        full = self.shoe.copy()
        if up is not None:
            full[up] += 1
        self.full = full
        """The shoe before the up card: the dealer's odds for every up card are weighed from it."""
        self.flags = flags
        self.pays = pays
        self.dealer_memo: Memo = dealer_from.dealer_memo if dealer_from else Memo(7 * (RANKS + 1), 12)
        self.table: tuple[Any, ...] = dealer_from.table if dealer_from else dealer_endings(hits_soft_17)
        self.values: Memo = values_from.values if values_from else Memo(1, 16)
        """Standing and best-play values."""
        self.policy_values = Memo(1, 12)
        self.hits = np.zeros(44, dtype=np.int64)
        self.doubles = np.zeros(44, dtype=np.int64)

    def set_policy(self, decide: Callable[[int, bool, frozenset[Action]], Action]) -> None:
        """Follow a policy from now on: its hit-or-stand and hit, stand or double answers, as tables."""
        self.policy_values.clear()
        hit_or_stand = frozenset((Action.HIT, Action.STAND))
        with_double = frozenset((Action.HIT, Action.STAND, Action.DOUBLE))
        for soft, totals in ((False, range(4, 21)), (True, range(12, 21))):
            for total in totals:
                self.hits[2 * total + soft] = decide(total, soft, hit_or_stand) is Action.HIT
                choice = decide(total, soft, with_double)
                self.doubles[2 * total + soft] = 2 if choice is Action.DOUBLE else int(choice is Action.HIT)

    def _evaluate(self, asked: int, key: int, points: int, ace: bool,
                  policy: bool) -> tuple[float, float, float]:
        odds = (*self.dealer_memo.arrays(), self.full, *self.table)
        found = evaluate(odds, self.values.arrays(), self.policy_values.arrays(), self.shoe, self.flags,
                         self.hits, self.doubles, self.pays, asked, key, points, ace, policy)
        return float(found[0]), float(found[1]), float(found[2])

    def hand(self, plays: Sequence[Action], key: int, points: int, ace: bool,
             policy: bool) -> dict[Action, float]:
        """The values of standing, hitting (then best play, or the policy's) or doubling in a state, those
        in `plays`, in one call."""
        found = self._evaluate(sum(_ASKED[action] for action in plays), key, points, ace, policy)
        return {action: found[_ASKED_ORDER.index(action)] for action in plays}

    def split_level(self, key: int, card: int, policy: bool) -> tuple[float, float]:
        """A split hand's value after its second card, and when that card pairs it."""
        free, paired, _ = self._evaluate(SPLIT, key, card, False, policy)
        return free, paired
