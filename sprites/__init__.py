"""The table's own art: PNGs drawn by ``python -m sprites.generate``, and where to find them.

Every path below is relative to this package, so the game can open it with
``importlib.resources.files("sprites") / path``. Nothing here imports pygame.
"""

from __future__ import annotations

CARD_SIZE: tuple[int, int] = (200, 280)
"""Width and height of every card face and back, in pixels."""

CARD_CORNER_RADIUS: int = 14
"""Radius of a card's rounded corners at full size (outside them the PNG is transparent)."""

RANK_CODES: str = "A23456789TJQK"
"""Rank codes in deck order; ten is 'T' in file names but is printed '10' on the card."""

SUIT_CODES: str = "SHDC"
"""Suit codes: spades, hearts, diamonds, clubs."""

CARD_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUIT_CODES for rank in RANK_CODES)
"""The 52 face codes ('AS', 'TH', 'QD', ...), suit by suit."""

CARD_BACK: str = "back"
"""The code that card_file() maps to the card back."""

CARD_DIRS: dict[bool, str] = {False: "cards", True: "cards4"}
"""Folder of the two-color deck (False) and of the four-color deck (True)."""

SHADOW_FILE: str = "card_shadow.png"
"""A soft dark rounded rectangle to blit under a card (no shadow is baked into the cards)."""

SHADOW_MARGIN: int = 16
"""The shadow is CARD_SIZE plus this margin on every side; at offset (0, 0) it sits centred."""

CHIP_DENOMINATIONS: tuple[int, ...] = (1, 5, 25, 100, 500)
"""Chip values that have a sprite, smallest first."""

CHIP_SIZE: tuple[int, int] = (128, 128)
"""Size of a chip seen from above."""

STACK_SIZE: tuple[int, int] = (128, 40)
"""Size of a chip seen at an angle, for drawing stacks."""

STACK_STEP: int = 8
"""Thickness of one chip in a stack sprite: draw the next chip up this many pixels higher."""

FELT_FILE: str = "felt.png"
"""The 1280x720 table felt (no text: the game prints the rules arc itself)."""

FELT_SIZE: tuple[int, int] = (1280, 720)
"""Size of the felt, equal to the game's logical canvas."""

BUTTON_STATES: tuple[str, ...] = ("normal", "hover", "pressed", "disabled")
"""The button looks that have a sprite; see button_file()."""

BUTTON_SIZE: tuple[int, int] = (64, 64)
"""Size of each button sprite before 9-slice stretching."""

BUTTON_SLICE: int = 16
"""9-slice inset: keep this many pixels of each edge unstretched (the corner radius fits in it)."""

SHOE_FILE: str = "ui/shoe.png"
"""A dealing shoe seen from above, its mouth (where cards come out) at the bottom."""

SHOE_SIZE: tuple[int, int] = (140, 110)
"""Size of the shoe sprite."""

DISCARD_FILE: str = "ui/discard.png"
"""A smoky acrylic discard tray seen from above."""

DISCARD_SIZE: tuple[int, int] = (120, 100)
"""Size of the discard tray sprite."""

POINTER_FILE: str = "ui/pointer.png"
"""A small gold chevron pointing down, to mark the hand in play."""

POINTER_SIZE: tuple[int, int] = (32, 32)
"""Size of the pointer sprite."""

ICON_FILE: str = "icon.png"
"""The game's icon: the window's, the menu entry's and the standalone app's."""

ICON_SIZE: tuple[int, int] = (256, 256)
"""Size of the icon (a desktop scales it down for menus and task bars)."""


def card_code(code: str) -> str:
    """Normalise a card code ('as', '10h', 'back') to its file stem ('AS', 'TH', 'back').

    Raises ValueError when the code names no card sprite (a code needs a rank and a suit).
    """
    text = code.strip()
    if text.lower() == CARD_BACK:
        return CARD_BACK
    text = text.upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if text not in CARD_CODES:
        raise ValueError(f"{code!r} names no card sprite: use a rank and a suit such as AS or 10H")
    return text


def card_file(code: str, four_color: bool = False) -> str:
    """Relative path of a card face or back, e.g. card_file('TH', False) == 'cards/TH.png'.

    Both deck folders hold the same names (the back is the same picture in each).
    Raises ValueError when the code names no card sprite.
    """
    return f"{CARD_DIRS[bool(four_color)]}/{card_code(code)}.png"


def chip_file(value: int) -> str:
    """Relative path of a chip seen from above, e.g. 'chips/chip_25.png'.

    Raises ValueError when no chip has that value.
    """
    _check_chip(value)
    return f"chips/chip_{value}.png"


def stack_file(value: int) -> str:
    """Relative path of a chip seen at an angle, e.g. 'chips/stack_25.png'.

    Raises ValueError when no chip has that value.
    """
    _check_chip(value)
    return f"chips/stack_{value}.png"


def button_file(state: str = "normal") -> str:
    """Relative path of a 9-slice button sprite for a state in BUTTON_STATES.

    Raises ValueError for an unknown state.
    """
    if state not in BUTTON_STATES:
        raise ValueError(f"{state!r} is not a button state: use one of {', '.join(BUTTON_STATES)}")
    return "ui/button.png" if state == "normal" else f"ui/button_{state}.png"


def all_files() -> tuple[str, ...]:
    """Every PNG the generator writes, as paths relative to this package."""
    cards = [card_file(code, four) for four in (False, True) for code in (*CARD_CODES, CARD_BACK)]
    chips = [name(value) for name in (chip_file, stack_file) for value in CHIP_DENOMINATIONS]
    ui = [button_file(state) for state in BUTTON_STATES]
    return (
        *cards,
        SHADOW_FILE,
        *chips,
        FELT_FILE,
        *ui,
        SHOE_FILE,
        DISCARD_FILE,
        POINTER_FILE,
        ICON_FILE,
    )


def _check_chip(value: int) -> None:
    if value not in CHIP_DENOMINATIONS:
        raise ValueError(
            f"no chip is worth {value!r}: the chips are {', '.join(map(str, CHIP_DENOMINATIONS))}"
        )
