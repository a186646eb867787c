"""A shoe you can audit: a fingerprint that commits to the shuffled order before a card is dealt.

When a shoe is shuffled it is sealed: its whole order (card by card, in the order the cards
will leave the shoe, burned cards first) and a salt of 128 bits. Each salt is an HMAC-SHA-256
of the shuffle's number under a key of 256 bits the shoe draws from `secrets` (the operating
system's randomness, never the shoe's seeded RNG): a revealed salt tells nothing of the next
one, and a shoe restored from its snapshot seals its next shuffle with the salt it would have
used. What is hashed is this ASCII text, exactly:

    the order's card codes separated by single spaces, a newline,
    the salt as 32 lowercase hex digits, a newline

for example ``"AS 7D TC ... 2H\\n3f9c...e1\\n"``. Its SHA-256, as 64 lowercase hex digits,
is the commitment kept in the history before the shoe's first round; the fingerprint the
table shows is its first 16 digits. After the shoe the history shows the order and the
salt, and anyone can check them by hand:

    printf '%s\\n%s\\n' "$ORDER" "$SALT" | sha256sum

The salt makes the commitment say nothing about the order until it is revealed, and the
hash binds the game to that order: `check_shoe` recomputes it and checks that every round
dealt from the shoe took its cards in that order.

>>> from engine.cards import parse_cards
>>> seal = ShoeSeal(parse_cards("AS 7D TC"), "00" * 16)
>>> seal.text()
'AS 7D TC\\n00000000000000000000000000000000\\n'
>>> seal.digest == commitment(seal.order, seal.salt), len(seal.digest), seal.fingerprint == seal.digest[:16]
(True, 64, True)
>>> check_shoe(seal.digest, "AS 7D TC", seal.salt, [(1, "AS 7D")]).ok
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card, parse_cards
from engine.errors import CardParseError
from engine.i18n import _, ngettext

SALT_BYTES = 16
"""The salt's length in bytes (written as twice as many hex digits)."""

FINGERPRINT_DIGITS = 16
"""How many leading hex digits of the commitment the table shows as the shoe's fingerprint."""

_SALT = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def new_salt_key() -> str:
    """A fresh key for a shoe's salts: 256 bits from `secrets`, as 64 hex digits."""
    return secrets.token_hex(32)


def salt_for(key: str, shuffle: int) -> str:
    """The salt of a shoe's `shuffle`-th shuffle (from 1): the number's HMAC-SHA-256 under the key, 128 bits.

    >>> salt_for("00" * 32, 1) == salt_for("00" * 32, 1) != salt_for("00" * 32, 2)
    True
    """
    mac = hmac.new(bytes.fromhex(key), shuffle.to_bytes(8, "big"), hashlib.sha256)
    return mac.hexdigest()[: 2 * SALT_BYTES]


def is_salt_key(text: object) -> bool:
    """Whether `text` is a salt key as `new_salt_key` writes one (64 lowercase hex digits)."""
    return isinstance(text, str) and _DIGEST.fullmatch(text) is not None


def is_salt(text: object) -> bool:
    """Whether `text` is a salt as the game writes one (32 lowercase hex digits).

    >>> is_salt("ab" * 16), is_salt("AB" * 16), is_salt("ab")
    (True, False, False)
    """
    return isinstance(text, str) and _SALT.fullmatch(text) is not None


def order_text(cards: Iterable[Card]) -> str:
    """The canonical text of an order: the card codes separated by single spaces.

    >>> from engine.cards import parse_cards
    >>> order_text(parse_cards("AS 7D TC"))
    'AS 7D TC'
    """
    return " ".join(card.code for card in cards)


def commitment_text(order: Iterable[Card], salt: str) -> str:
    """Exactly what is hashed: the order's text, a newline, the salt, a newline."""
    return f"{order_text(order)}\n{salt}\n"


def commitment(order: Iterable[Card], salt: str) -> str:
    """The SHA-256 of `commitment_text(order, salt)`, as 64 lowercase hex digits."""
    return hashlib.sha256(commitment_text(order, salt).encode("ascii")).hexdigest()


def fingerprint(digest: str) -> str:
    """The short form of a commitment shown at the table: its first 16 hex digits.

    >>> fingerprint("0123456789abcdef" * 4)
    '0123456789abcdef'
    """
    return digest[:FINGERPRINT_DIGITS]


@dataclass(frozen=True, slots=True)
class ShoeSeal:
    """One shuffle of a shoe, sealed: the whole order (first card out first) and its salt."""

    order: tuple[Card, ...]
    salt: str

    def text(self) -> str:
        """What is hashed (see the module's docstring)."""
        return commitment_text(self.order, self.salt)

    @property
    def digest(self) -> str:
        """The commitment: SHA-256 of the order and the salt, 64 hex digits."""
        return commitment(self.order, self.salt)

    @property
    def fingerprint(self) -> str:
        """The commitment's first 16 hex digits, as the table shows it."""
        return fingerprint(self.digest)


@dataclass(frozen=True, slots=True)
class ShoeCheck:
    """What checking a revealed shoe found: the problems (none when it holds) and notes that are not."""

    problems: tuple[str, ...]
    """Each way the reveal or a round breaks the commitment, as a sentence."""
    notes: tuple[str, ...]
    """What the commitment does not cover (burned cards, discards shuffled back in mid-round)."""
    summary: str
    """One sentence saying what was checked and how it came out."""

    @property
    def ok(self) -> bool:
        """Whether the order and salt hash to the commitment and every round followed the order."""
        return not self.problems


def check_shoe(
    digest: str,
    order: str,
    salt: str,
    rounds: Sequence[tuple[int, str]],
    *,
    burned: int = 0,
) -> ShoeCheck:
    """Check a revealed shoe against the commitment recorded before it was dealt.

    `order` is the revealed order's text (codes separated by spaces), `rounds` each round dealt
    from the shoe as (round id, its cards' text in the order they left the shoe), oldest first;
    `burned` how many cards left the shoe, face down, before its first round. The order and the
    salt must hash to `digest`, and the rounds must take the order's cards one after another.

    >>> from engine.cards import parse_cards
    >>> seal = ShoeSeal(parse_cards("AS 7D TC 9H"), "ab" * 16)
    >>> check_shoe(seal.digest, "AS 7D TC 9H", seal.salt, [(4, "AS 9H")]).problems
    ("round 4 took 9H as its card 2, but card 2 of the shoe's order is 7D.",)
    """
    problems: list[str] = []
    notes: list[str] = []
    if not _DIGEST.fullmatch(digest):
        problems.append(
            _("the commitment {digest!r:.70} is not 64 lowercase hex digits.").format(digest=digest))
    if not is_salt(salt):
        problems.append(_("the salt {salt!r:.40} is not 32 lowercase hex digits.").format(salt=salt))
    try:
        cards = parse_cards(order)
    except CardParseError as error:
        problems.append(_("the revealed order holds something not a card: {error}.").format(error=error))
        cards = ()
    if not problems and commitment(cards, salt) != digest:
        problems.append(
            _("the revealed order and salt do not hash to the commitment recorded before the shoe: "
              "SHA-256 gives {computed}…, the commitment is {recorded}….").format(
                computed=fingerprint(commitment(cards, salt)), recorded=fingerprint(digest))
        )
    if burned:
        notes.append(ngettext(
            "the first {count} card of the order were burned face down, dealt to no round.",
            "the first {count} cards of the order were burned face down, dealt to no round.",
            burned,
        ).format(count=burned))
    at = burned
    dealt = 0
    for round_id, text in rounds:
        try:
            taken = parse_cards(text)
        except CardParseError as error:
            problems.append(
                _("round {round}'s cards cannot be read: {error}.").format(round=round_id, error=error))
            continue
        for number, card in enumerate(taken, start=1):
            if at >= len(cards):
                rest = len(taken) - number + 1
                notes.append(ngettext(
                    "round {round}'s last {count} card came from the discards shuffled back in when the "
                    "shoe ran out mid-round; the commitment does not cover them.",
                    "round {round}'s last {count} cards came from the discards shuffled back in when the "
                    "shoe ran out mid-round; the commitment does not cover them.",
                    rest,
                ).format(round=round_id, count=rest))
                break
            if card != cards[at]:
                problems.append(
                    _("round {round} took {card} as its card {number}, but card {position} of the shoe's "
                      "order is {expected}.").format(
                        round=round_id, card=card.code, number=number, position=at + 1,
                        expected=cards[at].code)
                )
                at += len(taken) - number + 1  # the next round is checked where this one should have ended
                break
            at += 1
            dealt += 1
    if problems:
        verdict = ngettext("NOT VERIFIED ({count} problem)", "NOT VERIFIED ({count} problems)",
                           len(problems)).format(count=len(problems))
    else:
        verdict = _("verified")
    # TRANSLATORS: {verdict} is "verified" or "NOT VERIFIED (2 problems)"; {cards}, {rounds} and
    # {dealt} are counts with their nouns: "312 cards", "4 rounds", "27 cards"
    summary = _(
        "{verdict}: the order of {cards} and its salt were checked against the commitment, "
        "and {rounds} against the order ({dealt} dealt in order)."
    ).format(verdict=verdict, cards=_cards(len(cards)), rounds=_rounds(len(rounds)), dealt=_cards(dealt))
    return ShoeCheck(tuple(problems), tuple(notes), summary)


def _rounds(count: int) -> str:
    return ngettext("{count} round", "{count} rounds", count).format(count=count)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)
