"""Casino card sources: a shoe whose dealer burns cards after each shuffle, and a continuous shuffler.

Both are `engine.shoe.Shoe`s (the same whole decks, seeded RNG and snapshot), so whatever
saves, restores, counts or audits a shoe takes them as they are; `shoe_for` picks one when
the rules set `burn_cards` or `csm`.

A burned card goes face down to the discard tray: it is in the tray's height but never in
`discard_tray()`, the cards shown at the table, so nobody counts it. A continuous shuffling
machine (CSM) is filled and shuffled once; after every round the discards go back into it,
each at a random place among the cards not yet dealt, so the tray is always empty and every
round is dealt as from a full shoe less the cards on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.cards import Card
from engine.errors import ShoeStateError
from engine.i18n import _, ngettext
from engine.rules import Rules
from engine.shoe import _KINDS, CASINO_MAKERS, Shoe, _cards, _codes, _field, check_whole_decks


class BurningShoe(Shoe):
    """A shoe with a cut card whose dealer burns `burn` cards face down after every shuffle.

    >>> shoe = BurningShoe(1, burn=1, seed=7)
    >>> shoe.shuffle(), shoe.remaining, len(shoe.burned_cards()), shoe.discard_tray()
    (52, 51, 1, ())
    """

    def __init__(
        self, decks: int, penetration: float = 0.75, *, burn: int = 0, seed: int | None = None
    ) -> None:
        super().__init__(decks, penetration, seed=seed)
        self.burn = burn
        self._burned: list[Card] = []

    @property
    def tray_size(self) -> int:
        """Cards in the discard tray, the burned ones (face down) too: the tray's height."""
        return self.discarded + len(self._burned)

    def burned_cards(self) -> tuple[Card, ...]:
        """The cards burned since the last shuffle, face down in the tray: nobody has seen them."""
        return tuple(self._burned)

    def shuffle(self) -> int:
        """Gather every card, shuffle, and burn `burn` cards into the tray face down."""
        count = super().shuffle()
        self._burned = [self.draw() for _ in range(min(self.burn, self.remaining))]
        return count

    def reshuffle_discards(self) -> int:
        """Shuffle the whole tray, burned cards too, under the remaining cards (the shoe ran out)."""
        self._discards = self._burned + self._discards
        self._burned = []
        return super().reshuffle_discards()

    def snapshot(self) -> dict[str, Any]:
        """The shoe's snapshot (see `Shoe.snapshot`) with how many cards are burned and which lie burned.

        >>> from engine.shoe import restore_shoe
        >>> shoe = BurningShoe(1, burn=2, seed=3); _ = shoe.shuffle()
        >>> again = restore_shoe(shoe.snapshot())
        >>> again.burned_cards() == shoe.burned_cards() and again.draw() == shoe.draw()
        True
        """
        return super().snapshot() | {"kind": "burning", "burn": self.burn, "burned": _codes(self._burned)}

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> BurningShoe:
        """The burning shoe a `snapshot()` describes; raises ShoeStateError naming what is wrong."""
        shoe = cast(BurningShoe, super().from_snapshot(data))  # `Shoe.from_snapshot` builds a `cls`
        shoe.burn = _field(data, "burn", int)
        shoe._burned = _cards(data, "burned")
        if shoe.burn < 0:
            raise ShoeStateError(ngettext(
                "a shoe snapshot cannot burn {count} card", "a shoe snapshot cannot burn {count} cards",
                shoe.burn,
            ).format(count=shoe.burn))
        check_whole_decks(shoe.decks, shoe._undealt + shoe._discards + shoe._burned)
        return shoe


class ContinuousShuffler(Shoe):
    """A continuous shuffling machine: the discards of every round go back in at random places.

    It holds every card not on the table; it needs one shuffle when filled and never another.

    >>> machine = ContinuousShuffler(1, seed=5); _ = machine.shuffle()
    >>> dealt = [machine.draw() for _ in range(6)]; machine.remaining
    46
    >>> machine.discard(dealt); machine.remaining, machine.discard_tray(), machine.needs_shuffle
    (52, (), False)
    """

    def __init__(self, decks: int, *, seed: int | None = None) -> None:
        super().__init__(decks, 1.0, seed=seed)  # no cut card: a machine is never shuffled again

    @property
    def cut_card_out(self) -> bool:
        """Never: a machine has no cut card."""
        return False

    @property
    def needs_shuffle(self) -> bool:
        """Only before the machine is first filled."""
        return not self._shuffled

    def end_early(self) -> None:
        """Refused: a machine deals every round from all the cards, so there is no shoe to leave."""
        raise ShoeStateError(
            _("a continuous shuffler has no shoe to leave: it deals every round from all the cards"))

    def discard(self, cards: Sequence[Card]) -> None:
        """Put the round's cards back into the machine, each at a random place among the undealt cards."""
        randbelow = self.rng.randrange
        for card in cards:
            self._undealt.insert(randbelow(len(self._undealt) + 1), card)

    def snapshot(self) -> dict[str, Any]:
        """The machine's snapshot (see `Shoe.snapshot`): the undealt order and the RNG's state.

        >>> from engine.shoe import restore_shoe
        >>> machine = ContinuousShuffler(1, seed=3); _ = machine.shuffle(); machine.discard([machine.draw()])
        >>> again = restore_shoe(machine.snapshot())
        >>> [again.draw() for _ in range(52)] == [machine.draw() for _ in range(52)]
        True
        """
        return super().snapshot() | {"kind": "csm"}


def casino_shoe(rules: Rules, seed: int | None) -> Shoe:
    """The card source of rules with a continuous shuffler or burn cards (`engine.shoe.shoe_for` asks).

    >>> from engine.rulesets import rules_from_mapping
    >>> type(casino_shoe(rules_from_mapping({"csm": True}), 1)).__name__
    'ContinuousShuffler'
    """
    decks = rules.decks or 1  # a machine or a burn needs whole decks: the rules refuse an infinite deck
    if rules.csm:
        return ContinuousShuffler(decks, seed=seed)
    return BurningShoe(decks, float(rules.penetration), burn=rules.burn_cards, seed=seed)


# `engine.shoe` makes and restores these without importing this module (which builds on it).
CASINO_MAKERS.append(casino_shoe)
_KINDS.update({"burning": BurningShoe, "csm": ContinuousShuffler})

