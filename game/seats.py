"""Who sits where: a seat is a person (a profile by name), a bot by kind, or empty.

`parse_seats("Ann,Bob,bot:basic")` reads the `--seats` list; `SeatSpec.text` writes one
back (the settings remember the last table this way). Colors and coach levels are the
game's own words for what a profile stores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from engine.i18n import N_, _
from game.glyphs import refusal

BOT_KINDS: tuple[str, ...] = ("basic", "counter", "novice")
"""The bots a seat may hold (engine.bots.make_bot names)."""

BOT_LABELS: dict[str, str] = {
    # TRANSLATORS: the names of the bots on their name plates
    "basic": N_("Basic bot"), "counter": N_("Counter bot"), "novice": N_("Novice bot")
}
"""How each bot is named at the table (marked; shown as `_(BOT_LABELS[kind])`)."""

BOT_BLURBS: dict[str, str] = {
    "basic": N_("plays the basic strategy chart, flat bets"),
    "counter": N_("counts Hi-Lo, raises its bet when the count is high"),
    "novice": N_("a beginner: never busts against a weak dealer card"),
}
"""One line about each bot for the setup screen (marked; shown as `_(BOT_BLURBS[kind])`)."""

MAX_SEATS = 7
"""Seats at the table."""


def shown_name(name: str) -> str:
    """A seat's name as the player reads it: a bot's ('Basic bot 4') in the chosen language, a person's
    as it was typed. Records keep the English name; it is translated only when shown."""
    for label in BOT_LABELS.values():
        number = name[len(label):]
        if name.startswith(label) and (not number or (number[:1] == " " and number[1:].isdigit())):
            return _(label) + number
    return name


def bot_names(kinds: dict[int, str]) -> dict[int, str]:
    """Each bot seat's name (seat -> bot kind), the same on its name plate, in the records, the history
    and replays: the bot's label, with its seat's number when another bot of its kind sits too.

    >>> bot_names({0: "basic", 2: "counter", 4: "basic"})
    {0: 'Basic bot 1', 2: 'Counter bot', 4: 'Basic bot 5'}
    """
    labels = {seat: BOT_LABELS.get(kind, kind) for seat, kind in kinds.items()}
    repeated = {label for label in labels.values() if list(labels.values()).count(label) > 1}
    return {seat: f"{label} {seat + 1}" if label in repeated else label for seat, label in labels.items()}

Color = tuple[int, int, int]

PALETTE: tuple[Color, ...] = (
    (226, 76, 70),
    (66, 140, 236),
    (72, 196, 104),
    (242, 160, 44),
    (176, 102, 232),
    (40, 196, 196),
    (236, 108, 176),
)
"""The people's colors, one per seat by default."""

BOT_COLOR: Color = (150, 150, 158)
"""The color of a bot's name plate."""

# TRANSLATORS: the coach's levels on a setup button: off, warn about a wrong play, block it until confirmed
COACH_LEVELS: tuple[str, ...] = (N_("Off"), N_("Warn"), N_("Block"))
"""Coach levels by number: 0 off, 1 warn (a toast names a wrong play's cost), 2 block (asks first);
marked, shown as `_(COACH_LEVELS[level])`."""

Kind = Literal["person", "bot", "empty"]


class SeatsError(ValueError):
    """A `--seats` list that cannot be read; the message says which entry and why."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat of the setup: a person's name, or a bot kind, or nobody."""

    kind: Kind
    name: str = ""
    bot: str = ""
    color: Color | None = None
    """A person's color (None: the seat's palette color)."""
    coach: int = 0

    @property
    def text(self) -> str:
        """The seat as a `--seats` entry: 'Ann', 'bot:basic' or '' for an empty seat."""
        if self.kind == "person":
            return self.name
        if self.kind == "bot":
            return f"bot:{self.bot}"
        return ""

    def label(self) -> str:
        """How the seat is named at the table: the person's name or 'Basic bot'."""
        if self.kind == "person":
            return self.name
        return _(BOT_LABELS[self.bot]) if self.bot in BOT_LABELS else self.bot

    def with_changes(self, **changes: object) -> SeatSpec:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


def parse_seats(text: str) -> list[SeatSpec]:
    """Seats from a comma-separated list: names are people, `bot:KIND` a bot, an empty entry an empty seat.

    >>> [s.text for s in parse_seats("Ann, Bob ,bot:basic,,bot:novice")]
    ['Ann', 'Bob', 'bot:basic', '', 'bot:novice']

    Raises SeatsError for an unknown bot, more than seven seats, nobody at all, or one
    name twice.
    """
    entries = [entry.strip() for entry in text.split(",")]
    if len(entries) > MAX_SEATS:
        raise SeatsError(f"the table has {MAX_SEATS} seats; {len(entries)} were given")
    seats: list[SeatSpec] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        if not entry or entry.casefold() in ("-", "empty"):
            seats.append(SeatSpec("empty"))
            continue
        if entry.casefold().startswith("bot:"):
            kind = entry[4:].strip().casefold()
            if kind not in BOT_KINDS:
                raise SeatsError(
                    f"seat {number}: there is no bot {kind!r}; the bots are " + ", ".join(BOT_KINDS)
                )
            seats.append(SeatSpec("bot", bot=kind))
            continue
        name = " ".join(entry.split())
        unshown = refusal(name)
        if unshown is not None:
            raise SeatsError(f"seat {number}: {unshown}")
        if name.casefold() in seen:
            raise SeatsError(f"seat {number}: {name} already has a seat; a person sits once")
        seen.add(name.casefold())
        seats.append(SeatSpec("person", name=name))
    while seats and seats[-1].kind == "empty":
        seats.pop()
    if not seats:
        raise SeatsError("nobody sits at the table: name at least one person or bot")
    return seats


def seats_text(seats: list[SeatSpec]) -> str:
    """The `--seats` form of a table."""
    return ",".join(seat.text for seat in seats)


def color_hex(color: Color) -> str:
    """'#e24c46' for (226, 76, 70)."""
    return "#{:02x}{:02x}{:02x}".format(*color)


def color_from_hex(text: str, default: Color) -> Color:
    """A color from '#rrggbb', or the default when the text is not one."""
    if len(text) == 7 and text.startswith("#"):
        try:
            return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
        except ValueError:
            return default
    return default


def tournament_seats(specs: list[SeatSpec]) -> None:
    """Check a --seats list for a tournament's rules: one person, alone at the table.

    Raises SeatsError naming where tournaments with more players are not played.
    """
    taken = [spec for spec in specs if spec.kind != "empty"]
    if len(taken) != 1 or taken[0].kind != "person":
        raise SeatsError(
            "a tournament is played by one person alone: give --seats one name "
            "(e.g. --rules double-up --seats Ann), or choose Double-up on the title screen"
        )


def casino_seats(seats: list[SeatSpec], rng: random.Random) -> list[SeatSpec]:
    """The table under casino conditions: every seat no person takes, up to seven, holds a bot.

    People keep their places; an empty seat or one past the setup's gets a bot of a kind the
    RNG picks, and the bots the setup chose stay.

    >>> [s.text for s in casino_seats(parse_seats("bot:basic,,Ann"), random.Random(1))]
    ['bot:basic', 'bot:basic', 'Ann', 'bot:novice', 'bot:basic', 'bot:counter', 'bot:basic']
    """
    padded = seats + [SeatSpec("empty")] * (MAX_SEATS - len(seats))
    return [SeatSpec("bot", bot=rng.choice(BOT_KINDS)) if s.kind == "empty" else s for s in padded]
