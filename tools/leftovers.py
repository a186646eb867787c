"""Find words the window still draws in English while the game speaks another language (issue 22).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/leftovers.py de

`tour(code)` opens the game in that language, walks its screens (a seven-seat round with splits,
doubles, busts and a surrender; the title, setup, rules, settings, keys, how to play, history,
stats, leaderboard, tournament and every drill), and returns every string the assets drew.
`english(texts, code)` keeps the ones holding a word only English uses: a word of the catalogs'
English messages that no translation in that language uses, or English digits (1,234.50).
`tests/test_i18n_leftovers.py` fails on any; the command prints them.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from engine import DecisionKind, StackedShoe, load_rules  # noqa: E402
from engine.counting import HI_LO  # noqa: E402
from engine.index_drills import IndexFamily  # noqa: E402
from game import layout  # noqa: E402
from game import ramp as ramp_price  # noqa: E402
from game.app import App  # noqa: E402
from game.scene import Go, SceneName  # noqa: E402
from game.seats import parse_seats  # noqa: E402
from game.settings import Settings  # noqa: E402
from tools.catalogs import extract, merged  # noqa: E402
from tools.shots_polish import crowded_table  # noqa: E402

ALLOWED = frozenset({
    # a word of the English messages that a translation may keep without using it itself
    "blackjack", "hi", "lo", "ko", "esc", "tab", "vegas", "strip", "illustrious", "fab", "wong",
    "double", "up", "single", "deck",  # preset names ("DOUBLE UP", "Single Deck") are the tables' names
})
"""Words allowed to stay as they are: the game's name, count systems', tables' and keys' names. (People's
names are no English messages' words, so need no room here; the pad's printed labels are left out below.)"""

WORD = re.compile(r"\b[A-Za-z][A-Za-z']*[A-Za-z]\b")
"""A word of two letters or more, whole (not the 'be' of a session's tag '#80be')."""
ENGLISH_DIGITS = re.compile(r"\d,\d{3}(?:,\d{3}|\.\d)|\d\.\d{1,2}(?![\d.])")
"""A decimal point (2.5, 37.50) or thousands commas beside a point (1,234.50): English digits. German
and Spanish write 1.234,50 and French 1 234,50, so neither their thousands dot (1.000) nor a decimal
comma with three places (1,303) is taken for English."""


def vocabulary(code: str) -> tuple[set[str], set[str], set[str]]:
    """(words of the English messages, words of `code`'s translations, lower-cased; the English
    messages (upper-cased too) that `code` translates to something else)."""
    english: set[str] = set()
    for message in extract():
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            english.update(w.lower() for w in WORD.findall(text))
    translated: set[str] = set()
    changed: set[str] = set()
    for message in merged(code):
        strings = (message.string,) if isinstance(message.string, str) else message.string
        for text in strings:
            translated.update(w.lower() for w in WORD.findall(text or ""))
        ids = (message.id,) if isinstance(message.id, str) else message.id
        changed.update(i for i in ids if i and i not in strings)
        changed.update(i.upper() for i in ids if i and i.upper() not in {t.upper() for t in strings if t})
    every = {t for message in merged(code) for t in (
        (message.string,) if isinstance(message.string, str) else message.string) if t}
    # A translation may spell another message's English ('double': French for 'doubles').
    return english, translated, changed - every - {t.upper() for t in every}


def english(texts: list[str], code: str) -> list[str]:
    """The drawn strings (each once, in order) that are an English message the language translates, or
    hold an English-only word or English digits."""
    words, translated, changed = vocabulary(code)
    only_english = words - translated - ALLOWED
    pad = merged(code).get("Pad {button}")
    # The pad's printed labels are names, as on the pad itself (its D-pad's directions are words).
    printed = [(pad.string if pad is not None and pad.string else "Pad {button}").format(button=name)
               for name in ("Back", "Start")]
    found: list[str] = []
    for text in dict.fromkeys(texts):
        bare = re.sub(r"\{[^}]*\}", "", text)
        for label in printed:
            bare = bare.replace(label, "")
        if text in changed or any(w.lower() in only_english for w in WORD.findall(bare)) or (
                code != "en" and ENGLISH_DIGITS.search(bare)):
            found.append(text)
    return found


class _Recording:
    """A font that notes each string it renders (the trainer and the demo render some themselves)."""

    def __init__(self, font: pygame.font.Font, texts: list[str]) -> None:
        self._font, self._texts = font, texts

    def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        self._texts.append(text)
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


@contextmanager
def drawn() -> Iterator[list[str]]:
    """Every string the assets render inside the block, and the felt's printing."""
    from game.assets import Assets
    from game.table_view import TableView

    texts: list[str] = []
    plain, shadowed, font, arc = Assets.text, Assets.shadowed_text, Assets.font, TableView._arc_text

    def text(self: Assets, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        texts.append(words)
        return plain(self, words, *args, **kwargs)

    def shadowed_text(self: Assets, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        texts.append(words)
        return shadowed(self, words, *args, **kwargs)

    def recording_font(self: Assets, *args: Any, **kwargs: Any) -> Any:
        return _Recording(font(self, *args, **kwargs), texts)

    def arc_text(self: TableView, surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> None:
        texts.append(words)
        arc(self, surface, words, *args, **kwargs)

    Assets.text, Assets.shadowed_text = text, shadowed_text  # type: ignore[method-assign]
    Assets.font, TableView._arc_text = recording_font, arc_text  # type: ignore[method-assign]
    try:
        yield texts
    finally:
        Assets.text, Assets.shadowed_text, Assets.font = plain, shadowed, font  # type: ignore[method-assign]
        TableView._arc_text = arc  # type: ignore[method-assign]


def _step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.wait_while_busy(timeout=60)
        app.step()


def _key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    _step(app)


def _top(app: App) -> Any:
    return app.stack.top


def _until(app: App, done: Callable[[], bool], frames: int = 60 * 60) -> None:
    for _ in range(frames):
        if done():
            return
        _step(app)
    raise AssertionError(f"the tour never got past {type(_top(app)).__name__}")


def _show(app: App, where: Go, frames: int = 60) -> Any:
    """Push a scene and let it draw (and finish its background work); the scene, still on top."""
    app.stack.push(where)
    _step(app, frames)
    return _top(app)


def _trainer(app: App) -> None:
    """The trainer's panels at a decision: the hint, the chart, the count, and the count quiz answered."""
    for key in (pygame.K_SLASH, pygame.K_t, pygame.K_c):
        _key(app, key)
        _step(app, 10)
        _key(app, key)
    _key(app, pygame.K_q)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="5"))
    _key(app, pygame.K_RETURN)
    _step(app, 10)


def _play_round(app: App, chips: int = 2, trainer: bool = False) -> None:
    """Bet `chips` $25 chips, deal, and play to the payout: decline offers, hit below 17, else stand
    (with `trainer`, the trainer's panels opened at the first play)."""
    for _ in range(chips):
        pos = layout.rack_chip_center(2, 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        _step(app)
    _key(app, pygame.K_RETURN)
    for _ in range(60 * 60):
        rnd = app.ctx.round
        if rnd.is_over and app.ctx.presenter.idle:
            break
        if rnd.decision is not None and app.ctx.presenter.idle:
            if rnd.decision.kind is not DecisionKind.PLAY:
                _key(app, pygame.K_n)
            else:
                if trainer:
                    _trainer(app)
                    trainer = False
                total = rnd.hands(rnd.decision.seat)[rnd.decision.hand].value.total
                _key(app, pygame.K_h if total < 17 else pygame.K_s)
            continue
        _step(app)
    _step(app, 60)


def _screens(folder: Path) -> None:
    """The seven-seat round, then every screen over it and the drills, each answered once."""
    rules = load_rules("vegas-strip")
    app = crowded_table(folder, speed="instant")  # splits, doubles, busts, a surrender, the payout
    try:
        app.ctx.records.flush()  # type: ignore[union-attr]
        _step(app, 10)
        for where in (
            Go(SceneName.SETTINGS), Go(SceneName.RULES), Go(SceneName.KEYS), Go(SceneName.HOW_TO_PLAY),
            Go(SceneName.STATS, names=["Ann"]), Go(SceneName.LEADERBOARD, ending=False),
            Go(SceneName.SESSION_REVIEW), Go(SceneName.TITLE), Go(SceneName.TOURNAMENT),
            Go(SceneName.SETTINGS, at_table=False), Go(SceneName.COUNTING, names=["Ann"]),
            Go(SceneName.TRUE_COUNT_DRILL, rules=rules, person="Ann"),
            Go(SceneName.DECK_DRILL, rules=rules, person="Ann"),
            Go(SceneName.SPEED_DRILL, rules=rules, person="Ann"),
            Go(SceneName.TABLE_COUNT_DRILL, rules=rules, person="Ann"),
            Go(SceneName.DEVIATION_DRILL, rules=rules, family=next(iter(IndexFamily)), system=HI_LO),
            Go(SceneName.DEMO),
        ):
            _show(app, where)
            app.stack.pop()
            _step(app, 2)
        guide = _show(app, Go(SceneName.HOW_TO_PLAY), 2)
        for page in range(len(guide.pages)):  # every page of how to play
            guide.page = page
            _step(app, 2)
        app.stack.pop()
        editor = _show(app, Go(SceneName.RULES_EDITOR))
        for _ in range(len(editor.buttons.buttons)):  # every heading of the editor
            _key(app, pygame.K_TAB)
            _key(app, pygame.K_RIGHT)
            _step(app, 30)
        app.stack.pop()
        rounds, ramp_price.PRICE_ROUNDS = ramp_price.PRICE_ROUNDS, 2_000  # a rough price: the same words
        try:
            counting = _show(app, Go(SceneName.COUNTING, names=["Ann"]))
            for _ in range(3):  # a bet ramp of three steps, priced
                counting.add_step()
                _step(app, 30)
            app.stack.pop()
        finally:
            ramp_price.PRICE_ROUNDS = rounds
        keys = _show(app, Go(SceneName.KEYS))
        _key(app, pygame.K_RETURN)  # listening for a new key
        _step(app, 10)
        _key(app, pygame.K_ESCAPE)
        _until(app, lambda: _top(app) is not keys or not keys.listening)
        if _top(app) is keys:
            app.stack.pop()
        setup = _show(app, Go(SceneName.SETUP))
        for kind in range(5):  # person, each bot, empty
            setup.cycle_kind(0)
            _step(app, 5)
            setup.cycle_kind(1, kind % 2 or 1)
            _step(app, 5)
        app.stack.pop()
        history = _show(app, Go(SceneName.HISTORY))
        _until(app, lambda: history.page is not None)
        history.opened = history.page.rounds[0]
        _until(app, lambda: type(_top(app)).__name__ == "ReplayScene")
        for _ in range(30):  # the replay, stepped through
            _key(app, pygame.K_RIGHT)
        app.stack.pop()
        _step(app, 2)
        app.stack.pop()
        _step(app, 2)
        drill = _show(app, Go(SceneName.DRILL_SETUP))
        _key(app, pygame.K_RETURN)
        _until(app, lambda: type(_top(app)).__name__ == "DrillScene")
        for key in (pygame.K_h, pygame.K_RETURN, pygame.K_s, pygame.K_RETURN, pygame.K_d):
            _key(app, key)
            _step(app, 20)
        app.stack.pop()
        _until(app, lambda: _top(app) is drill)
        count = _show(app, Go(SceneName.COUNT_DRILL, rules=rules, person="Ann", speed=60.0))
        _key(app, pygame.K_RETURN)
        _until(app, lambda: count.phase == "running")
        for answer in ("3", "1"):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=answer))
            _key(app, pygame.K_RETURN)
            _step(app, 10)
        app.stack.pop()
    finally:
        app.close()


def _tables(folder: Path) -> None:
    """One person's rounds: an insurance offer, a blackjack, a bust; a person out of chips; a tournament."""
    from engine.store import get_or_create_profile, open_store

    for cards in ("T A 9 7 T 6 9 T 4", "A T T 7", "T 6 9 T 4 T 5 9"):
        app = App(settings=Settings(speed="instant", sound=False), shoe=StackedShoe(cards), start="betting")
        try:
            _step(app, 5)
            _play_round(app, trainer=True)
        finally:
            app.close()
    with open_store(folder) as store:
        get_or_create_profile(store, "Pat", bankroll=0)
    app = App(data_dir=folder, settings_dir=folder, seat_specs=parse_seats("Pat"),
              settings=Settings(speed="instant", sound=False))
    try:
        _until(app, lambda: type(_top(app)).__name__ == "BrokeScene")
        _step(app, 30)
    finally:
        app.close()
    app = App(data_dir=folder, settings_dir=folder, seat_specs=parse_seats("Zoe"),
              settings=Settings(speed="instant", sound=False, rules="double-up"),
              shoe_factory=lambda: StackedShoe("T A"))
    try:
        _until(app, lambda: type(_top(app)).__name__ == "BettingScene")
        _play_round(app, chips=4)
        _key(app, pygame.K_RETURN)  # the payout's Next round
        _until(app, lambda: type(_top(app)).__name__ == "TournamentResultScene")
        _step(app, 30)
    finally:
        app.close()


def tour(code: str) -> list[str]:
    """Every string drawn while the game, speaking `code`, walks its screens."""
    os.environ["LANGUAGE"] = code
    folder = Path(tempfile.mkdtemp(prefix="bj-leftovers-"))
    try:
        with drawn() as texts:
            _screens(folder)
            _tables(folder)
    finally:
        os.environ["LANGUAGE"] = "en"
    return texts


def main(argv: list[str]) -> int:
    """Print what the tour drew in English for each language asked (German by default)."""
    found = 0
    for code in argv or ["de"]:
        for line in english(tour(code), code):
            print(f"{code}: {line!r}")
            found += 1
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
