"""Regenerate docs/screenshots/*.png from seeded, stacked shoes and a fresh history database.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/screenshots.py [OUT_DIR [NAME ...]]

Each picture is a real App driven with posted clicks, typing and keys, so it shows exactly
what a player sees: the single-player table (betting, split, insurance, payout), and the
hot-seat table (setup with seven seats, the turn banner, a bot's turn, the broke person's
question, statistics, the leaderboard, the session review, the history browser, a replay stopped
at a mistake, the tournament entry with a saved tournament table chosen, and the double-up
tournament's result), the
trainer (hint, count and chart), the demo, the rules in words (the setup's, and the Rules
panel over a hand in play), How to play's first page, the rules editor, and the drills (the setup, a
spot answered wrongly with every play's EV, and the running count flashing a round).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLACKJACK_CONFIG_DIR", tempfile.mkdtemp(prefix="bj-shots-"))
os.environ.setdefault("BLACKJACK_DATA_DIR", tempfile.mkdtemp(prefix="bj-shots-data-"))
os.environ.setdefault("BLACKJACK_ODDS_CACHE", tempfile.mkdtemp(prefix="bj-shots-odds-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from engine import StackedShoe
from game import layout
from game.app import App
from game.settings import Settings
from tools.shots_audit import shoe_audit_shot
from tools.shots_casino import casino_shot
from tools.shots_cdrills import CDRILLS_SHOTS
from tools.shots_coach import coach_indices_shot
from tools.shots_idrills import deviation_drill_shot
from tools.shots_languages import LANGUAGE_SHOTS
from tools.shots_polish import crowded_settlement_shot, history_seven_shot
from tools.shots_ramp import bet_ramp_shot
from tools.shots_voice import VOICE_SHOTS

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Post a real mouse click and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.step()


def key(app: App, code: int) -> None:
    """Post a key press and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step()


def settle(app: App, seconds: float = 4.0) -> None:
    """Let the animations run."""
    for _ in range(int(seconds * 60)):
        app.step()


def chip(value: int) -> tuple[int, int]:
    """Where a rack chip is."""
    return layout.rack_chip_center((1, 5, 25, 100, 500).index(value), 5)


def new_app(cards: str | None, seed: int = 11) -> App:
    """An app at the betting scene with a stacked (or seeded) shoe."""
    shoe = StackedShoe(cards) if cards else None
    return App(seed=seed, shoe=shoe, settings=Settings(), start="betting")


def step(app: App, frames: int = 1) -> None:
    """Frames, each after the background work the scene waits on."""
    for _ in range(frames):
        app.wait_while_busy()
        app.step()


def typing(app: App, text: str) -> None:
    """Type text as SDL reports it."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app)


def scene(app: App) -> str:
    """The top scene's class name."""
    return type(app.stack.top).__name__


def hot_seat_app(seats: str, seed: int = 7, speed: str = "normal") -> App:
    """A hot-seat table opened with --seats on a fresh data folder."""
    from game.seats import parse_seats

    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(speed=speed), seed=seed,
              seat_specs=parse_seats(seats))
    while scene(app) != "BettingScene":
        step(app)
    return app


def bet_everyone(app: App, chips: tuple[int, ...] = (25,)) -> None:
    """Each person in turn clicks chips and Bet."""
    while scene(app) == "BettingScene" and app.stack.top.turn is not None:  # type: ignore[attr-defined]
        for value in chips:
            click(app, chip(value))
        key(app, pygame.K_RETURN)


def play_simply(app: App, stop: Callable[[App], bool] | None = None) -> None:
    """People hit below 13 and stand otherwise, until the payout (or until `stop`)."""
    from engine import DecisionKind

    for _ in range(60 * 120):
        if stop is not None and stop(app):
            return
        if scene(app) == "PayoutScene" and app.ctx.presenter.idle:
            return
        rnd = app.ctx.round
        decision = rnd.decision
        if decision is not None and app.ctx.presenter.idle and decision.seat in app.ctx.session.human_seats:
            if decision.kind is DecisionKind.PLAY:
                total = rnd.hands(decision.seat)[decision.hand].value.total
                key(app, pygame.K_h if total < 13 else pygame.K_s)
            else:
                key(app, pygame.K_n)
            continue
        step(app)


def setup_shot() -> App:
    """The setup screen with seven seats: people, bots of each kind, coach levels and colors."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings())
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("play").rect.center)  # type: ignore[attr-defined]
    setup = app.stack.top
    for _ in range(6):
        click(app, setup.buttons.by_name("seats+").rect.center)  # type: ignore[attr-defined]
    for row, name in ((0, "Ann"), (1, "Bob"), (3, "Carmen"), (5, "Dev")):
        click(app, setup.rows[row].field.rect.center)  # type: ignore[attr-defined]
        typing(app, name)
    for row, clicks in ((2, 1), (4, 2), (6, 3)):
        for _ in range(clicks):
            click(app, setup.buttons.by_name(f"kind{row}").rect.center)  # type: ignore[attr-defined]
    for _ in range(2):
        click(app, setup.buttons.by_name("coach1").rect.center)  # type: ignore[attr-defined]
    click(app, setup.buttons.by_name("coach3").rect.center)  # type: ignore[attr-defined]
    click(app, setup.rows[5].field.rect.center)  # type: ignore[attr-defined]
    app.ctx.odds.analysis(setup.rules).result(timeout=120)  # type: ignore[attr-defined]
    step(app, 40)
    return app


def setup_rules_shot() -> App:
    """The setup screen saying the European table's rules in words."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(rules="european"))
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("play").rect.center)  # type: ignore[attr-defined]
    app.ctx.odds.analysis(app.stack.top.rules).result(timeout=120)  # type: ignore[attr-defined]
    step(app, 40)
    return app


def how_to_play_shot() -> App:
    """How to play's first page, from the title's button."""
    app = App(settings=Settings())
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("howto").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    return app


def hotseat_shot() -> App:
    """Three people and a bot: Bob's turn to bet, after Ann."""
    app = hot_seat_app("Ann,Bob,bot:basic,Carmen")
    step(app, 150)
    for value in (25, 5):
        click(app, chip(value))
    key(app, pygame.K_RETURN)
    for value in (100, 25, 25):
        click(app, chip(value))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=chip(5), rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 60)
    return app


def bot_turn_shot() -> App:
    """The basic bot deciding while the people watch."""
    app = hot_seat_app("Ann,bot:basic,Bob", seed=3)
    step(app, 150)
    bet_everyone(app, (25,))
    play_simply(app, lambda a: (
        a.ctx.round.decision is not None and a.ctx.round.decision.seat == 1 and a.ctx.presenter.turn == 1
    ))
    step(app, 12)
    return app


def broke_shot() -> App:
    """Bob cannot make the minimum: rebuy or leave."""
    from engine.store import get_or_create_profile, open_store

    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    with open_store(folder) as store:
        get_or_create_profile(store, "Bob", bankroll=300)
    from game.seats import parse_seats

    app = App(data_dir=folder, settings_dir=folder, settings=Settings(), seed=5,
              seat_specs=parse_seats("Ann,Bob,bot:novice"))
    while scene(app) != "BettingScene":
        step(app)
    step(app, 150)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    step(app, 60)
    return app


def played_app() -> App:
    """A table after a dozen rounds (for statistics and the leaderboard)."""
    app = hot_seat_app("Ann,Bob,bot:counter", seed=21, speed="instant")
    for number in range(14):
        bet_everyone(app, (25,) if number % 3 else (100, 25))
        play_simply(app)
        key(app, pygame.K_RETURN)
        while scene(app) not in ("BettingScene", "BrokeScene"):
            step(app)
    assert app.ctx.records is not None
    app.ctx.records.flush()
    return app


def stats_shot() -> App:
    """Ann's statistics: the bankroll chart and the numbers."""
    app = played_app()
    key(app, pygame.K_o)
    click(app, app.stack.top.buttons.by_name("stats").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    return app


def leaderboard_shot() -> App:
    """The end of the sitting."""
    app = played_app()
    key(app, pygame.K_o)
    click(app, app.stack.top.buttons.by_name("leave").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    return app


def session_review_shot() -> App:
    """The end of the sitting's Review: each person's figures and the biggest mistakes."""
    app = played_app()
    key(app, pygame.K_o)
    click(app, app.stack.top.buttons.by_name("leave").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    click(app, app.stack.top.buttons.by_name("review").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    return app


def replay_shot() -> App:
    """The costliest mistake of the sitting, replayed and stopped at the decision, its panel open."""
    from game.layout import session_review_rects

    app = session_review_shot()
    mistakes = session_review_rects()["mistakes"]
    click(app, (mistakes.centerx, mistakes.y + 40 + 20))
    step(app, 30)
    return app


def history_shot() -> App:
    """The history browser from the title: every round, newest first, mistakes outlined."""
    app = played_app()
    key(app, pygame.K_o)
    click(app, app.stack.top.buttons.by_name("leave").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    click(app, app.stack.top.buttons.by_name("title").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    click(app, app.stack.top.buttons.by_name("history").rect.center)  # type: ignore[attr-defined]
    step(app, 10)
    return app


def tournament_shot() -> App:
    """Zoe doubles up with an all-in blackjack; the result and the best results."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    shoes = iter(["T 6 T 7", "T A"])
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(speed="fast"),
              shoe_factory=lambda: StackedShoe(next(shoes)))
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("tournament").rect.center)  # type: ignore[attr-defined]
    typing(app, "Zoe")
    key(app, pygame.K_RETURN)
    for bet in ((25, 25, 25, 5, 5, 5, 5), (100,)):
        while scene(app) != "BettingScene":
            step(app)
        step(app, 60)
        for value in bet:
            click(app, chip(value))
        key(app, pygame.K_RETURN)
        play_simply(app)
        step(app, 30)
        key(app, pygame.K_RETURN)
        step(app, 5)
        if bet[0] == 25:
            key(app, pygame.K_RETURN)  # play again
    step(app, 90)
    return app


def tournament_entry_shot() -> App:
    """The tournament entry with a saved tournament table chosen: its own numbers and best results."""
    from engine import Tournament, load_rules
    from engine.store import get_or_create_profile, open_store, save_tournament
    from engine.tables import save_table, tables_folder

    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    cup = load_rules("double-up").with_changes(
        name="Friday Cup", tournament=Tournament(bankroll=25_000, goal=100_000), first_card_before_bet=False,
        min_bet=2_500,
    )
    path = str(save_table(tables_folder(folder), "Friday Cup", cup))
    with open_store(folder) as store:
        for name, won, bankroll, rounds in (("Ann", True, 104_000, 9), ("Bob", False, 1_500, 14)):
            save_tournament(store, get_or_create_profile(store, name), won=won, final_bankroll=bankroll,
                            rounds=rounds, rules=path)
    app = App(data_dir=folder, settings_dir=folder, settings=Settings())
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("tournament").rect.center)  # type: ignore[attr-defined]
    key(app, pygame.K_RIGHT)
    typing(app, "Zoe")
    step(app, 30)
    return app


def tournament_table_shot() -> App:
    """The double-up table: the first card is dealt before the bet."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(),
              shoe_factory=lambda: StackedShoe("9S 7H T 4"))
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("tournament").rect.center)  # type: ignore[attr-defined]
    typing(app, "Zoe")
    key(app, pygame.K_RETURN)
    while scene(app) != "BettingScene":
        step(app)
    step(app, 90)
    for value in (25, 25):
        click(app, chip(value))
    step(app, 30)
    return app


def demo_shot() -> App:
    """The demo table: bots play on their own, a caption explains each decision."""
    app = App(seed=7, settings=Settings(), start="demo")
    for _ in range(420):
        step(app)
    return app


def editor_shot() -> App:
    """The rules editor from the setup: Vegas Strip with the dealer hitting soft 17, on the page of
    surrender and insurance (insurance cannot be turned off while even money is on), every figure priced."""
    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(rules="vegas-strip"))
    step(app, 5)
    click(app, app.stack.top.buttons.by_name("play").rect.center)  # type: ignore[attr-defined]
    click(app, app.stack.top.buttons.by_name("edit").rect.center)  # type: ignore[attr-defined]
    step(app, 2)
    editor = app.stack.top
    for name in ("page1", "dealer_hits_soft_17=1", "page4"):
        click(app, editor.buttons.by_name(name).rect.center)  # type: ignore[attr-defined]
    click(app, editor.name.rect.center)  # type: ignore[attr-defined]
    typing(app, "Friday night")
    step(app, 2)
    editor.effects.job.result(timeout=300)  # type: ignore[attr-defined]
    step(app, 30)
    return app


def drill_app(seed: int = 3) -> App:
    """A fresh data folder where Ann has a profile: the drill setup, from the title's Drills button."""
    from engine.store import get_or_create_profile, open_store

    folder = tempfile.mkdtemp(prefix="bj-shots-data-")
    with open_store(folder) as store:
        get_or_create_profile(store, "Ann", bankroll=100_000)
    app = App(data_dir=folder, settings_dir=folder, settings=Settings(rules="vegas-strip"), seed=seed)
    step(app, 5)
    deadline = time.monotonic() + 30
    while app.ctx.records is not None and not app.ctx.records.ready and time.monotonic() < deadline:
        step(app)  # the database opens on its own clock: the setup lists the people it holds
    click(app, app.stack.top.buttons.by_name("drills").rect.center)  # type: ignore[attr-defined]
    step(app, 3)
    return app


def choose(app: App, row: int, value: str) -> None:
    """Click > on a setup row until it shows the value."""
    setup = app.stack.top
    for _ in range(30):
        if setup.rows()[row][1] == value:  # type: ignore[attr-defined]
            return
        click(app, setup.buttons.by_name(f"next{row}").rect.center)  # type: ignore[attr-defined]
        step(app)
    raise LookupError(f"row {row} never shows {value!r}")


def drill_shot() -> App:
    """A custom drill for Ann at Vegas Strip: three right answers, then a wrong one with each play's EV."""
    from engine.drills import judge, legal_actions

    app = drill_app()
    choose(app, 0, "Custom list")
    choose(app, 2, "Ann")
    typing(app, "16 vs T, A7 vs 9, 88 vs 6, 12 vs 4")
    key(app, pygame.K_RETURN)
    step(app, 3)
    drill = app.stack.top
    keys = {"hit": pygame.K_h, "stand": pygame.K_s, "double": pygame.K_d, "split": pygame.K_p,
            "surrender": pygame.K_r}
    for wrong in (False, False, False, True):
        spot = drill.spot  # type: ignore[attr-defined]
        best = judge(drill.rules, spot, None).best  # type: ignore[attr-defined]
        answer = next(a for a in sorted(legal_actions(drill.rules, spot), key=lambda a: a.value)  # type: ignore[attr-defined]
                      if a is not best) if wrong else best
        key(app, keys[answer.value])
        step(app, 10)
        if not wrong:
            key(app, pygame.K_RETURN)
            step(app, 2)
    step(app, 30)
    return app


def drill_setup_shot() -> App:
    """The drill setup: a custom list for Ann, timed."""
    app = drill_app()
    choose(app, 0, "Custom list")
    choose(app, 2, "Ann")
    choose(app, 3, "5 seconds a spot")
    typing(app, "16 vs T, A7 vs 9, 88 vs 6, 12 vs 4")
    step(app, 10)
    return app


def count_drill_shot() -> App:
    """The running-count drill flashing a round at once, three cards a second."""
    app = drill_app()
    choose(app, 0, "Running count")
    choose(app, 2, "Ann")
    choose(app, 3, "3 cards a second")
    choose(app, 4, "a whole round at once")
    key(app, pygame.K_RETURN)
    step(app, 3)
    key(app, pygame.K_RETURN)
    step(app, 200)
    return app


HOT_SEAT_SHOTS: dict[str, Callable[[], App]] = {
    "coach-indices": coach_indices_shot,
    "drill-setup": drill_setup_shot,
    "drill": drill_shot,
    "count-drill": count_drill_shot,
    "deviation-drill": deviation_drill_shot,
    "rules-editor": editor_shot,
    "demo": demo_shot,
    "setup": setup_shot,
    "setup-rules": setup_rules_shot,
    "how-to-play": how_to_play_shot,
    "hotseat": hotseat_shot,
    "bot-turn": bot_turn_shot,
    "broke": broke_shot,
    "stats": stats_shot,
    "leaderboard": leaderboard_shot,
    "session-review": session_review_shot,
    "replay": replay_shot,
    "history": history_shot,
    "tournament-entry": tournament_entry_shot,
    "tournament-table": tournament_table_shot,
    "tournament": tournament_shot,
    "bet-ramp": bet_ramp_shot,
    **CDRILLS_SHOTS,
    "casino-conditions": casino_shot,
    "shoe-audit": shoe_audit_shot,
    "crowded-settlement": crowded_settlement_shot,
    "history-seven": history_seven_shot,
    **VOICE_SHOTS,
}


def betting(app: App) -> None:
    settle(app, 1.0)
    for value in (25, 5, 5, 1):
        click(app, chip(value))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=chip(100), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app, 1.0)


def split(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_p)  # split the eights
    settle(app)
    key(app, pygame.K_p)  # and the third eight
    settle(app)
    key(app, pygame.K_s)
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 500), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app, 1.0)


def insurance(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(100))
    key(app, pygame.K_RETURN)
    settle(app)


def payout(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_d)
    settle(app, 6.0)


def trainer(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_c)  # the Hi-Lo count panel
    key(app, pygame.K_SLASH)  # the hint panel, priced on the odds worker
    step(app, 30)
    settle(app, 1.0)


def rules_panel(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_u)  # the table's rules in words, over the hand in play
    settle(app, 0.5)


def chart(app: App) -> None:
    settle(app, 0.5)
    click(app, chip(25))
    key(app, pygame.K_RETURN)
    settle(app)
    key(app, pygame.K_t)  # the strategy chart with this decision's cell
    assert app.ctx.session is not None
    app.ctx.odds.analysis(app.ctx.session.rules).result(timeout=60)
    step(app, 30)
    settle(app, 0.5)


SHOTS: dict[str, tuple[str | None, Callable[[App], None]]] = {
    "betting": (None, betting),
    # player 8 8 against a dealer 6 (hole T); the split draws 8 (split again), 3, 2 ...
    "split": ("8S 6H 8D TC 8C 3H KD 2S 9C 7D", split),
    # player T 9 against a dealer ace: insurance?
    "insurance": ("TS AH 9D 7C", insurance),
    # player 6 5 doubles against a 5, draws a ten; the dealer busts
    "payout": ("6D 5C 5H TS TH 9S", payout),
    # player T 6 against a dealer ten: the hint, the count, and the chart
    "trainer": ("TS TH 6D 7C 5S 9H", trainer),
    "chart": ("TS TH 6D 7C 5S 9H", chart),
    "rules-panel": ("TS TH 6D 7C 5S 9H", rules_panel),
}


def main(argv: list[str]) -> int:
    """Write every screenshot (or only those named after the folder)."""
    out = Path(argv[0]) if argv else OUT
    only = set(argv[1:])
    out.mkdir(parents=True, exist_ok=True)
    for name, (cards, script) in SHOTS.items():
        if only and name not in only:
            continue
        app = new_app(cards)
        try:
            script(app)
            app.screenshot(out / f"{name}.png")
        finally:
            app.close()
        print(out / f"{name}.png")
    for name, make in HOT_SEAT_SHOTS.items():
        if only and name not in only:
            continue
        app = make()
        try:
            app.screenshot(out / f"{name}.png")
        finally:
            app.close()
        print(out / f"{name}.png")
    for name, make in LANGUAGE_SHOTS.items():  # the whole window, at its own size
        if only and name not in only:
            continue
        app = make()
        try:
            pygame.image.save(pygame.display.get_surface(), str(out / f"{name}.png"))
        finally:
            app.close()
        print(out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
