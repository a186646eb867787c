"""Where the game goes: every scene registered by name, the round's own steps, and the first scene.

Scenes never import each other. A scene asks the stack for `Go(SceneName.X, **args)` (push
or replace) or pops itself; the stack hands the `Go` to `make_scene` here, which makes the
scene with the game's context and those arguments. This module imports every scene; no
scene imports it.

A round (scenes over the table):

    betting ──> dealing ──> play <──> dealer ──> payout ──> betting (the next round)
      │           (after the deal and each turn, `next_scene` picks play, dealer or payout;
      │            a blackjack paid at once goes straight to the payout)
      ├─ broke: pushed over the betting for a person out of chips; rebuy, or leave the seat
      └─ leaderboard: when every person has left the table
    payout ──> tournament result (a tournament won or lost) ──> opening (play again) | title
    any table scene ─ settings (pushed over it) ──> stats (over the table) | leaderboard (leave;
                      a round in play is kept, as a quit keeps it, and the next opening resumes it)
                    │                          └─> rules (in place of the settings, over the table)
                    └ rules (pushed over it by U: the table's rules in words; pops back)

The screens:

    title ──> setup | tournament (Double-up) | stats | history | demo, how to play (pushed; pop back)
          ├─> drill setup ──> drill | count drill | the counting drills (true count, deck, speed,
          │                   full table) (pushed over the setup; Back pops to it); Back: title
          ├─> opening or betting by itself under autoplay
          └─> opening (resume): at launch, when the history holds a round a quit or crash cut
    setup ──> opening ──> betting      (opening's Back returns to the setup, else the title)
    opening (resume) ──> play | dealer | payout | betting (the part of the round it stopped in;
                         any opening resumes an unfinished round instead of seating a new table)
    tournament (double-up or a saved tournament table) ──> opening ──> betting (Back returns to the
                                   tournament entry with the name and the tournament chosen)
    leaderboard ──> stats (Back returns to the leaderboard) | title | setup (a new table)
    stats ──> wherever it was given as Back, else back over the table (pop), else the title
    setup | settings (between rounds) ─ rules editor (pushed over it; pops back, a table it saved chosen)
    settings ─ keys (pushed over it: choosing keys; pops back)
    setup (a person's Count button) | settings at the table (Counting) ─ counting (pushed: a person's count
                                   system, precision, judging, unit and bet ramp; Back or a save pops back)

Looking back at the saved rounds:

    stats ──> history (Back returns to the stats)
    leaderboard ─ session review (pushed over it; Back pops)
    history ─ replay (pushed over it: a round played again on the table; Back pops)
            └ session review (pushed over it, for the sitting the history is filtered to)
    session review ─ replay (pushed, stopped at the chosen mistake)
                   └ history (pushed: the sitting's rounds)

To add a scene: name it in `SceneName` (game/scene.py), write its module under game/scenes
importing only downward (game.scene, the scenes' base modules, widgets, layout, context,
engine), register its class in `SCENES` below, and draw it into the flow above.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from game.context import GameContext, is_dealer_phase, is_settlement, is_tournament
from game.scene import Go, Scene, SceneName
from game.scenes.animating import Onward
from game.scenes.betting import BettingScene
from game.scenes.broke import BrokeScene
from game.scenes.count_drill import CountDrillScene
from game.scenes.count_drills import DeckDrillScene, TrueCountDrillScene
from game.scenes.counting_setup import CountingScene
from game.scenes.dealer import DealerTurnScene
from game.scenes.dealing import DealingScene
from game.scenes.demo import DemoScene
from game.scenes.deviation_drill import DeviationDrillScene
from game.scenes.drill import DrillScene, DrillSetupScene
from game.scenes.history import HistoryScene
from game.scenes.how_to_play import HowToPlayScene
from game.scenes.keys import KeysScene
from game.scenes.leaderboard import LeaderboardScene
from game.scenes.opening import OpeningScene
from game.scenes.payout import PayoutScene
from game.scenes.play import PlayerTurnScene
from game.scenes.replay import ReplayScene
from game.scenes.rules_editor import RulesEditorScene
from game.scenes.rules_panel import RulesPanelScene
from game.scenes.session_review import SessionReviewScene
from game.scenes.settings_menu import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.speed_drill import SpeedDrillScene
from game.scenes.stats import StatsScene
from game.scenes.table_drill import TableCountDrillScene
from game.scenes.title import TitleScene
from game.scenes.tournament import TournamentResultScene, TournamentScene
from game.seats import SeatSpec, tournament_seats
from game.settings import Settings

Maker = Callable[..., Scene]
"""Makes a scene from the game's context and the keyword arguments of a `Go`."""


def next_scene(ctx: GameContext) -> SceneName | None:
    """The part of the round to show now that the presenter is idle, or None to stay.

    No rules here: it reads where the engine stopped and which event waits next.
    """
    presenter = ctx.presenter
    rnd = ctx.round
    events = rnd.events
    if presenter.cursor < len(events):
        upcoming = events[presenter.cursor]
        if is_settlement(upcoming, presenter) and (
            presenter.dealer_phase or isinstance(upcoming, ev.RoundEnded | ev.TournamentEnded)
        ):
            return SceneName.PAYOUT  # (a round can end with no dealer turn: a blackjack paid at once)
        if is_dealer_phase(upcoming, presenter):
            return SceneName.DEALER
        return SceneName.PLAY
    if rnd.decision is not None:
        return SceneName.PLAY
    if rnd.is_over:
        return SceneName.PAYOUT
    return None


def onward(ctx: GameContext, here: SceneName) -> Onward:
    """What the round's scene `here` asks once the presenter is idle: the next part (None: stay here)."""

    def where() -> SceneName | None:
        name = next_scene(ctx)
        return None if name is here else name

    return where


def _round_part(scene: Callable[[GameContext, Onward], Scene], here: SceneName) -> Maker:
    """A scene of the round that moves on by itself (see `next_scene`)."""
    return lambda ctx: scene(ctx, onward(ctx, here))


def _opening(ctx: GameContext, **args: Any) -> Scene:
    """The opening, which goes on to the betting, or with a resumed round to the part of it shown now."""
    return OpeningScene(ctx, lambda: next_scene(ctx) or SceneName.BETTING, **args)


SCENES: dict[SceneName, Maker] = {
    # a round
    SceneName.BETTING: BettingScene,
    SceneName.BROKE: BrokeScene,
    SceneName.DEALING: _round_part(DealingScene, SceneName.DEALING),
    SceneName.PLAY: _round_part(PlayerTurnScene, SceneName.PLAY),
    SceneName.DEALER: _round_part(DealerTurnScene, SceneName.DEALER),
    SceneName.PAYOUT: PayoutScene,
    SceneName.TOURNAMENT_RESULT: TournamentResultScene,
    SceneName.LEADERBOARD: LeaderboardScene,
    SceneName.SETTINGS: SettingsScene,
    SceneName.RULES: RulesPanelScene,
    # the screens
    SceneName.TITLE: TitleScene,
    SceneName.SETUP: SetupScene,
    SceneName.TOURNAMENT: TournamentScene,
    SceneName.OPENING: _opening,
    SceneName.STATS: StatsScene,
    SceneName.DEMO: DemoScene,
    SceneName.HOW_TO_PLAY: HowToPlayScene,
    SceneName.KEYS: KeysScene,
    SceneName.RULES_EDITOR: RulesEditorScene,
    # looking back
    SceneName.HISTORY: HistoryScene,
    SceneName.REPLAY: ReplayScene,
    SceneName.SESSION_REVIEW: SessionReviewScene,
    # drills
    SceneName.DRILL_SETUP: DrillSetupScene,
    SceneName.DRILL: DrillScene,
    SceneName.COUNT_DRILL: CountDrillScene,
    SceneName.COUNTING: CountingScene,
    SceneName.DEVIATION_DRILL: DeviationDrillScene,
    SceneName.TRUE_COUNT_DRILL: TrueCountDrillScene,
    SceneName.DECK_DRILL: DeckDrillScene,
    SceneName.SPEED_DRILL: SpeedDrillScene,
    SceneName.TABLE_COUNT_DRILL: TableCountDrillScene,
}
"""Every scene of the game by name."""


def make_scene(ctx: GameContext, where: Go) -> Scene:
    """The scene a `Go` names, made with the game's context and the `Go`'s arguments."""
    return SCENES[where.name](ctx, **where.args)


def first_scenes(
    start: str, seat_specs: list[SeatSpec] | None, settings: Settings, seed: int | None
) -> list[Go]:
    """What the game opens on, bottom first: the --seats table, the demo over the title, betting, or title.

    At a tournament's rules the --seats table is the tournament itself, for one person.

    Raises SeatsError for a tournament asked for with more than one seat.
    """
    if seat_specs:
        mode = "table"
        if is_tournament(settings.rules, unreadable=False):  # a table that falls back plays no tournament
            tournament_seats(seat_specs)
            mode = "tournament"
        rules_id, buy_in = settings.rules, settings.buy_in
        return [Go(SceneName.OPENING, specs=seat_specs, rules_id=rules_id, buy_in=buy_in, mode=mode)]
    if start == "demo":
        return [Go(SceneName.TITLE), Go(SceneName.DEMO, seed=seed)]  # leaving the demo lands on the title
    return [Go(SceneName.BETTING if start == "betting" else SceneName.TITLE)]
