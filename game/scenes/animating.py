"""The base of the round's watching scenes (dealing, the player's turn, the dealer's turn): clicks skip the
animation, decisions given early wait, and the round moves on by itself when the presenter is idle."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine import Action, DecisionKind
from engine.i18n import N_, _
from game import layout
from game.context import GameContext
from game.intents import Intent, IntentKind
from game.scene import Go, SceneName
from game.scenes.base import TableScene
from game.widgets import Button, ButtonRow

ACTION_INTENTS = frozenset(
    {
        IntentKind.HIT,
        IntentKind.STAND,
        IntentKind.DOUBLE,
        IntentKind.SPLIT,
        IntentKind.SURRENDER,
        IntentKind.YES,
        IntentKind.NO,
    }
)
"""Intents that answer a decision; given while cards are still moving, they wait their turn."""

PLAY_BUTTONS: tuple[tuple[str, str, IntentKind, Action], ...] = (
    ("hit", N_("Hit"), IntentKind.HIT, Action.HIT),
    ("stand", N_("Stand"), IntentKind.STAND, Action.STAND),
    ("double", N_("Double"), IntentKind.DOUBLE, Action.DOUBLE),
    ("split", N_("Split"), IntentKind.SPLIT, Action.SPLIT),
    ("surrender", N_("Surrender"), IntentKind.SURRENDER, Action.SURRENDER),
)
"""The play buttons: name, label (marked; translated where shown), intent and action."""

OFFER_ACTIONS: dict[DecisionKind, tuple[Action, Action, str, str]] = {
    DecisionKind.INSURANCE: (Action.INSURANCE, Action.NO_INSURANCE, N_("Insurance"), N_("No insurance")),
    DecisionKind.EVEN_MONEY: (Action.EVEN_MONEY, Action.NO_EVEN_MONEY, N_("Even money"), N_("No, play on")),
    DecisionKind.EARLY_SURRENDER: (Action.SURRENDER, Action.NO_SURRENDER, N_("Surrender"), N_("Play on")),
}
"""Per offer: the yes and no actions and their button labels (marked; translated where shown)."""


def answer_for(asked: DecisionKind, kind: IntentKind) -> Action | None:
    """The action a key or button means for what is asked (None: it answers nothing here).

    An offer takes Yes or No (Surrender also says yes to early surrender, Stand says no).
    """
    if asked is DecisionKind.PLAY:
        return next((action for _, _, intent, action in PLAY_BUTTONS if intent is kind), None)
    yes, no, _, _ = OFFER_ACTIONS[asked]
    if kind is IntentKind.YES or (kind is IntentKind.SURRENDER and yes is Action.SURRENDER):
        return yes
    if kind in (IntentKind.NO, IntentKind.STAND):
        return no
    return None



def spot_buttons(back: pygame.Rect, onward: pygame.Rect, onward_label: str, onward_tip: str) -> ButtonRow:
    """A drill spot's buttons: the plays, Yes and No for an offer, Back to the setup, and on to the next."""
    rects = layout.action_button_rects([name for name, *_ in PLAY_BUTTONS])
    buttons = [Button(name, _(label), rects[name], intent) for name, label, intent, _action in PLAY_BUTTONS]
    offer = layout.action_button_rects(["yes", "no"])
    buttons += [Button("yes", N_("Yes"), offer["yes"].inflate(60, 0).move(-30, 0), IntentKind.YES),
                Button("no", N_("No"), offer["no"].inflate(60, 0).move(30, 0), IntentKind.NO),
                Button("back", N_("Back"), back, IntentKind.BACK, tooltip=N_("Back to the setup (Esc)")),
                Button("next", onward_label, onward, IntentKind.CONFIRM, tooltip=onward_tip)]
    return ButtonRow(buttons)

Onward = Callable[[], SceneName | None]
"""Where the round goes from a scene once the presenter is idle (None: stay); `game.flow` gives it."""


class AnimatingScene(TableScene):
    """A table scene that mostly watches the presenter: clicks skip, decisions queue."""

    def __init__(self, ctx: GameContext, onward: Onward) -> None:
        super().__init__(ctx)
        self.onward = onward

    def handle_event(self, intent: Intent) -> bool:
        """Skip the animation on a click or Enter; queue decisions for the player's turn."""
        if super().handle_event(intent):
            return True
        if intent.kind in ACTION_INTENTS:
            self.ctx.queued.append(intent)
            self.ctx.presenter.hurry()
            return True
        if intent.kind in (IntentKind.CLICK, IntentKind.CONFIRM):
            self.ctx.presenter.hurry()
            return True
        return False

    def update(self, dt: float) -> None:
        """Move on when the presenter has shown everything this scene is about."""
        super().update(dt)
        if self.ctx.presenter.idle:
            self.move_on()

    def move_on(self) -> None:
        """Go where the round stands now, unless this scene still shows it or a change already waits."""
        if self.stack is None or self.stack.changing:
            return
        where = self.onward()
        if where is not None:
            self.stack.replace(Go(where))
