"""Where cards come from: a shuffled shoe with a cut card, an infinite deck, or a stacked list.

Every source gives a JSON-ready `snapshot()` of all it needs to go on dealing exactly as it
would have (undealt order, discard tray, cut card, the RNG's state, and the seal of the
shuffle dealing with the key of its salts: `engine.audit`), and `restore_shoe`
builds the source again from one: a round saved mid-play continues with the same cards.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from engine.audit import ShoeSeal, is_salt, is_salt_key, new_salt_key, salt_for
from engine.cards import FULL_DECK, Card, parse_cards
from engine.errors import CardParseError, ShoeExhaustedError, ShoeStateError
from engine.i18n import _, ngettext
from engine.rules import Rules


class CardSource(Protocol):
    """What a round needs from a shoe."""

    @property
    def needs_shuffle(self) -> bool:
        """Whether the cut card has come out (or the shoe was never shuffled)."""
        ...

    @property
    def exhausted(self) -> bool:
        """Whether no undealt card is left but the discards can be shuffled back in."""
        ...

    def draw(self) -> Card:
        """The next card."""
        ...

    def shuffle(self) -> int:
        """Gather every card and shuffle; return how many cards the shoe now holds."""
        ...

    def reshuffle_discards(self) -> int:
        """Shuffle the discard tray back in during a round; return how many cards came back."""
        ...

    def discard(self, cards: Sequence[Card]) -> None:
        """Put a finished round's cards in the discard tray."""
        ...

    def discard_tray(self) -> tuple[Card, ...]:
        """The finished rounds' cards since the last shuffle, every one of them shown at the table."""
        ...


def shuffle_cards(cards: list[Card], rng: random.Random) -> None:
    """Shuffle in place exactly as `rng.shuffle(cards)` does, card for card, only faster.

    It is `random.shuffle`'s Fisher-Yates loop with its `_randbelow` inlined (the same
    `getrandbits` calls in the same order), so every seed deals the same shoe; the
    simulator shuffles a 6-deck shoe every few dozen rounds and a method call per card
    was a sixth of its time.

    >>> a, b = list(range(10)), list(range(10))
    >>> random.Random(5).shuffle(a); shuffle_cards(b, random.Random(5)); a == b
    True
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def _new_rng(seed: int | None) -> tuple[random.Random, int]:
    chosen = secrets.randbits(64) if seed is None else seed
    return random.Random(chosen), chosen


class Shoe:
    """A shoe of whole decks with a cut card and a discard tray.

    >>> shoe = Shoe(decks=1, penetration=0.5, seed=7)
    >>> shoe.shuffle(), shoe.remaining, shoe.cut_card_out
    (52, 52, False)
    >>> [shoe.draw() for _ in range(26)][-1] is not None, shoe.cut_card_out
    (True, True)
    """

    def __init__(self, decks: int, penetration: float = 0.75, *, seed: int | None = None) -> None:
        self.decks = decks
        self.size = 52 * decks
        self.cut_index = round(self.size * penetration)
        """How many cards are dealt when the cut card comes out."""
        self.rng, self.seed = _new_rng(seed)
        self._undealt: list[Card] = []
        self._discards: list[Card] = []
        self._dealt = 0
        self._shuffled = False
        self.seal: ShoeSeal | None = None
        """The last shuffle's order and salt (`engine.audit`), None before the first shuffle."""
        self._salt_key = new_salt_key()
        """The key of the shuffles' salts (`engine.audit.salt_for`), from `secrets`, apart from the seeded
        RNG so the cards a seed deals stay the same; kept in the snapshot, so a round resumed from before
        its shuffle seals the same order with the same salt."""
        self._shuffles = 0

    @property
    def remaining(self) -> int:
        """Cards still in the shoe, undealt."""
        return len(self._undealt)

    @property
    def discarded(self) -> int:
        """Cards in the discard tray."""
        return len(self._discards)

    @property
    def cut_card_out(self) -> bool:
        """Whether the cut card has come out: the current round is the last before a shuffle."""
        return self._dealt >= self.cut_index

    @property
    def needs_shuffle(self) -> bool:
        """Whether the shoe must be shuffled before the next round."""
        return not self._shuffled or self.cut_card_out

    @property
    def exhausted(self) -> bool:
        """Whether every undealt card is gone."""
        return not self._undealt

    @property
    def dealt(self) -> int:
        """Cards that left the shoe since the last shuffle (burned ones too)."""
        return self._dealt

    def undealt_cards(self) -> tuple[Card, ...]:
        """The cards not yet dealt (for odds and counting), in no meaningful order."""
        return tuple(self._undealt)

    def draw(self) -> Card:
        """Deal the next card; raises ShoeExhaustedError when none is left."""
        if not self._undealt:
            raise ShoeExhaustedError(_("the shoe is empty; shuffle the discards back in first"))
        self._dealt += 1
        return self._undealt.pop()

    def end_early(self) -> None:
        """Treat the cut card as out now, so the next round starts from a fresh shuffle (a counter
        leaving the shoe); a continuous shuffler, which has no cut card, is not changed."""
        self._dealt = max(self._dealt, self.cut_index)

    def shuffle(self) -> int:
        """Gather every card (cards still on the table must have been discarded) and shuffle."""
        cards = [c for _ in range(self.decks) for c in FULL_DECK]
        shuffle_cards(cards, self.rng)
        self._undealt = cards
        self._discards = []
        self._dealt = 0
        self._shuffled = True
        self._shuffles += 1
        self.seal = ShoeSeal(tuple(reversed(cards)), salt_for(self._salt_key, self._shuffles))  # `draw` pops
        return len(cards)

    def reshuffle_discards(self) -> int:
        """Shuffle the discard tray under the remaining cards (the shoe ran out mid-round)."""
        back = self._discards
        shuffle_cards(back, self.rng)
        self._undealt = back + self._undealt
        self._discards = []
        return len(back)

    def discard(self, cards: Sequence[Card]) -> None:
        """Put cards in the discard tray."""
        self._discards.extend(cards)

    def discard_tray(self) -> tuple[Card, ...]:
        """The cards in the discard tray, in the order they went in; a shuffle empties it.

        >>> shoe = Shoe(1, seed=3); _ = shoe.shuffle()
        >>> dealt = [shoe.draw(), shoe.draw()]; shoe.discard(dealt)
        >>> shoe.discard_tray() == tuple(dealt) == restore_shoe(shoe.snapshot()).discard_tray()
        True
        """
        return tuple(self._discards)

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to go on dealing exactly as this shoe would, as JSON-ready values.

        `undealt` lists the cards in the order they will be dealt; `restore_shoe` reads it back.

        >>> shoe = Shoe(1, seed=3); _ = shoe.shuffle(); _ = shoe.draw()
        >>> again = restore_shoe(shoe.snapshot())
        >>> [again.draw() for _ in range(51)] == [shoe.draw() for _ in range(51)]
        True
        """
        return {
            "kind": "shoe", "decks": self.decks, "cut_index": self.cut_index, "seed": self.seed,
            "dealt": self._dealt, "shuffled": self._shuffled,
            "undealt": _codes(reversed(self._undealt)), "discards": _codes(self._discards),
            "rng": _rng_state(self.rng), "salt_key": self._salt_key, "shuffles": self._shuffles,
            "seal": None if self.seal is None else {"order": _codes(self.seal.order), "salt": self.seal.salt},
        }

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> Shoe:
        """The shoe a `snapshot()` describes.

        Raises ShoeStateError naming the field that is missing, of the wrong type or impossible.
        """
        decks = _field(data, "decks", int)
        if decks < 1:
            raise ShoeStateError(
                _("a shoe snapshot needs at least one deck, not {decks}").format(decks=decks))
        shoe = cls(decks, seed=_field(data, "seed", int))
        shoe.cut_index = _field(data, "cut_index", int)
        shoe._dealt = _field(data, "dealt", int)
        shoe._shuffled = _field(data, "shuffled", bool)
        shoe._undealt = _cards(data, "undealt")[::-1]
        shoe._discards = _cards(data, "discards")
        if not 0 <= shoe.cut_index <= shoe.size or shoe._dealt < 0:
            raise ShoeStateError(_("a shoe snapshot's cut card or dealt count is outside the shoe"))
        check_whole_decks(decks, shoe._undealt + shoe._discards)
        _restore_rng(shoe.rng, data)
        _restore_seal(shoe, data)
        return shoe


class InfiniteShoe:
    """An infinite deck: every card drawn independently from a full deck; it never needs a shuffle."""

    needs_shuffle = False
    exhausted = False
    remaining: int | None = None
    cut_card_out = False

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng, self.seed = _new_rng(seed)
        self._random = self.rng.random

    def draw(self) -> Card:
        """A card drawn uniformly from the 52."""
        return FULL_DECK[int(self._random() * 52)]

    def shuffle(self) -> int:
        """Nothing to do; an infinite deck is always shuffled."""
        return 0

    def reshuffle_discards(self) -> int:
        """Nothing to do."""
        return 0

    def discard(self, cards: Sequence[Card]) -> None:
        """Nothing to keep."""

    def discard_tray(self) -> tuple[Card, ...]:
        """Always empty: a card dealt from an infinite deck changes nothing that is left."""
        return ()

    def snapshot(self) -> dict[str, Any]:
        """The seed and the RNG's state, as JSON-ready values (see `Shoe.snapshot`)."""
        return {"kind": "infinite", "seed": self.seed, "rng": _rng_state(self.rng)}

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> InfiniteShoe:
        """The infinite deck a `snapshot()` describes.

        Raises ShoeStateError naming the field that is missing or of the wrong type.
        """
        shoe = cls(seed=_field(data, "seed", int))
        _restore_rng(shoe.rng, data)
        return shoe


class StackedShoe:
    """A shoe that deals exactly the given cards in order (tests and replay).

    >>> shoe = StackedShoe("AS KD")
    >>> shoe.draw(), shoe.draw()
    (AS, KD)
    >>> shoe.draw()
    Traceback (most recent call last):
    ...
    engine.errors.ShoeExhaustedError: the stacked shoe ran out after 2 cards
    """

    needs_shuffle = False
    exhausted = False
    cut_card_out = False
    seed: int | None = None

    def __init__(self, cards: str | Iterable[Card | str]) -> None:
        if isinstance(cards, str):
            self._cards = list(parse_cards(cards))
        else:
            self._cards = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
        self._next = 0

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return len(self._cards) - self._next

    def draw(self) -> Card:
        """The next stacked card; raises ShoeExhaustedError when the stack is used up."""
        if self._next >= len(self._cards):
            raise ShoeExhaustedError(ngettext(
                "the stacked shoe ran out after {count} card", "the stacked shoe ran out after {count} cards",
                len(self._cards),
            ).format(count=len(self._cards)))
        card = self._cards[self._next]
        self._next += 1
        return card

    def shuffle(self) -> int:
        """Nothing to do: the order is fixed."""
        return 0

    def reshuffle_discards(self) -> int:
        """Nothing to do."""
        return 0

    def discard(self, cards: Sequence[Card]) -> None:
        """Nothing to keep."""

    def discard_tray(self) -> tuple[Card, ...]:
        """Always empty: a stacked shoe keeps no tray (it never shuffles, and a replay needs none)."""
        return ()

    def snapshot(self) -> dict[str, Any]:
        """The stacked cards and how many were dealt, as JSON-ready values (see `Shoe.snapshot`)."""
        return {"kind": "stacked", "cards": _codes(self._cards), "next": self._next}

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> StackedShoe:
        """The stacked shoe a `snapshot()` describes.

        Raises ShoeStateError naming the field that is missing, of the wrong type or impossible.
        """
        shoe = cls(_cards(data, "cards"))
        shoe._next = _field(data, "next", int)
        if not 0 <= shoe._next <= len(shoe._cards):
            raise ShoeStateError(ngettext(
                "a stacked shoe of {count} card cannot have dealt {dealt}",
                "a stacked shoe of {count} cards cannot have dealt {dealt}",
                len(shoe._cards),
            ).format(count=len(shoe._cards), dealt=shoe._next))
        return shoe


def shoe_for(rules: Rules, *, seed: int | None = None) -> Shoe | InfiniteShoe:
    """The shoe the rules ask for, seeded from `secrets` unless a seed is given."""
    if rules.decks is None:
        return InfiniteShoe(seed=seed)
    if rules.csm or rules.burn_cards:
        return CASINO_MAKERS[0](rules, seed)
    return Shoe(rules.decks, float(rules.penetration), seed=seed)


CASINO_MAKERS: list[Callable[[Rules, int | None], Shoe]] = []
"""The maker of a continuous shuffler or a burning shoe, which `engine.shuffler` (imported with
`engine`) puts here: it builds on Shoe, so this module cannot import it."""


_KINDS: dict[str, type[Shoe] | type[InfiniteShoe] | type[StackedShoe]] = {
    "shoe": Shoe, "infinite": InfiniteShoe, "stacked": StackedShoe,
}


def shoe_snapshot(source: CardSource) -> dict[str, Any]:
    """The JSON-ready snapshot of any of the engine's card sources (see `Shoe.snapshot`).

    >>> shoe_snapshot(StackedShoe("AS KD"))
    {'kind': 'stacked', 'cards': ['AS', 'KD'], 'next': 0}

    Raises ShoeStateError for a card source of another kind, which cannot be saved.
    """
    if not isinstance(source, Shoe | InfiniteShoe | StackedShoe):
        raise ShoeStateError(
            _("a {kind} cannot be saved; only the engine's shoes can").format(kind=type(source).__name__))
    return source.snapshot()


def restore_shoe(data: Mapping[str, Any]) -> Shoe | InfiniteShoe | StackedShoe:
    """The card source a snapshot describes, ready to deal the cards the original would have dealt.

    >>> restore_shoe({"kind": "stacked", "cards": ["AS", "KD"], "next": 1}).draw()
    KD
    >>> restore_shoe({"kind": "tarot"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    engine.errors.ShoeStateError: a shoe snapshot's kind must be one of shoe, infinite, ..., not 'tarot'

    Raises ShoeStateError naming what is wrong with the snapshot.
    """
    if not isinstance(data, Mapping):
        raise ShoeStateError(
            _("a shoe snapshot must be a JSON object, not {kind}").format(kind=type(data).__name__))
    kind = data.get("kind")
    source = _KINDS.get(kind) if isinstance(kind, str) else None
    if source is None:
        raise ShoeStateError(_("a shoe snapshot's kind must be one of {kinds}, not {kind!r}").format(
            kinds=", ".join(_KINDS), kind=kind))
    return source.from_snapshot(data)


def shoe_seal(source: object) -> ShoeSeal | None:
    """The order and salt the source's current shoe was sealed with, or None when it has none to audit.

    Only a shoe whose dealt cards go to the discard tray deals a fixed order: a continuous
    shuffler puts each round's cards back among the undealt ones, so it has no seal, nor do
    an infinite deck or a stacked shoe.

    >>> shoe = Shoe(1, seed=2); _ = shoe.shuffle()
    >>> shoe_seal(shoe).order[0] == shoe.draw(), shoe_seal(StackedShoe("AS"))
    (True, None)
    """
    if isinstance(source, Shoe) and type(source).discard is Shoe.discard:
        return source.seal
    return None


def unsealed_reason(source: object) -> str:
    """Why a card source shows no fingerprint to audit, in a short sentence.

    >>> unsealed_reason(InfiniteShoe(seed=1))
    'An infinite deck draws each card afresh: no order to fingerprint.'
    """
    if isinstance(source, InfiniteShoe):
        return _("An infinite deck draws each card afresh: no order to fingerprint.")
    if isinstance(source, StackedShoe):
        return _("A stacked shoe deals a fixed list (a test or a replay): nothing shuffled to fingerprint.")
    if isinstance(source, Shoe) and source.seal is None:
        return _("The shoe is not shuffled yet.")
    return _(
        "A continuous shuffler puts cards back at random places: no fixed order, no fingerprint to audit."
    )


def _restore_seal(shoe: Shoe, data: Mapping[str, Any]) -> None:
    """The salt key and seal of a snapshot (one saved before shoes were sealed has none: a new key)."""
    if "salt_key" not in data:
        return
    if not is_salt_key(data["salt_key"]):
        raise ShoeStateError(_("the shoe snapshot's 'salt_key' must be 64 lowercase hex digits"))
    shoe._salt_key = data["salt_key"]
    shoe._shuffles = _field(data, "shuffles", int)
    seal = data.get("seal")
    if seal is None:
        return
    if not isinstance(seal, Mapping) or not is_salt(seal.get("salt")):
        raise ShoeStateError(_("the shoe snapshot's 'seal' must hold an order and a salt of 32 hex digits"))
    order = _cards(seal, "order")
    if Counter(order) != Counter(c for _deck in range(shoe.decks) for c in FULL_DECK):
        raise ShoeStateError(ngettext(
            "the shoe snapshot's sealed order is not {count} whole deck",
            "the shoe snapshot's sealed order is not {count} whole decks",
            shoe.decks,
        ).format(count=shoe.decks))
    shoe.seal = ShoeSeal(tuple(order), seal["salt"])


def check_whole_decks(decks: int, held: Sequence[Card]) -> None:
    """Raise ShoeStateError unless a snapshot's cards all come from `decks` whole decks."""
    counts = Counter(held)
    if any(card.suit is None or count > decks for card, count in counts.items()):
        # The English reads the same for one deck (as it always has); other languages need both forms.
        raise ShoeStateError(ngettext(
            "a shoe snapshot holds cards that {count} whole decks do not have",
            "a shoe snapshot holds cards that {count} whole decks do not have",
            decks,
        ).format(count=decks))


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise ShoeStateError(_("the shoe snapshot has no {key!r}").format(key=key))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ShoeStateError(_("the shoe snapshot's {key!r} must be {kind}, not {value!r:.40}").format(
            key=key, kind=kind.__name__, value=value))
    return value


def _cards(data: Mapping[str, Any], key: str) -> list[Card]:
    codes = _field(data, key, list)
    try:
        return [Card.parse(code) for code in codes]
    except (CardParseError, AttributeError) as error:
        raise ShoeStateError(_("the shoe snapshot's {key!r} holds something not a card: {error}").format(
            key=key, error=error)) from None


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _restore_rng(rng: random.Random, data: Mapping[str, Any]) -> None:
    state = _field(data, "rng", list)
    try:
        version, internal, gauss = state
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as error:
        raise ShoeStateError(
            _("the shoe snapshot's random state cannot be used: {error}").format(error=error)) from None
