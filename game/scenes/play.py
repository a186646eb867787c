"""The player's turn: offers (insurance, even money, early surrender) and Hit/Stand/Double/Split/Surrender.

Buttons are enabled from `legal_actions()` only; the engine's reason is shown when a key
asks for something not allowed. Decisions given during an animation wait in a queue.
"""

from __future__ import annotations

import pygame

from engine import Action, DecisionKind, IllegalActionError
from engine.errors import as_sentence
from engine.i18n import N_, _
from game import layout
from game.context import GameContext, is_dealer_phase
from game.intents import Intent, IntentKind
from game.presenter import card_name
from game.scenes.animating import (
    ACTION_INTENTS,
    OFFER_ACTIONS,
    PLAY_BUTTONS,
    AnimatingScene,
    Onward,
    answer_for,
)
from game.widgets import Button

BOT_THINK = 0.6
"""Seconds a bot takes over a decision at normal speed, so people can follow it."""

ASKED: dict[DecisionKind | None, str] = {
    DecisionKind.INSURANCE: N_("The dealer is asking about insurance: answer with I (yes) or N (no)."),
    DecisionKind.EVEN_MONEY: N_("The dealer is asking about even money: answer with I (yes) or N (no)."),
    DecisionKind.EARLY_SURRENDER: N_(
        "The dealer is asking about early surrender: answer with I (yes) or N (no)."),
    DecisionKind.PLAY: N_("The dealer is asking about play: answer with I (yes) or N (no)."),
    None: N_("The dealer is asking about nothing: answer with I (yes) or N (no)."),
}
"""What a key that answers nothing here is told, by what is asked (whole sentences, for the translators)."""


class PlayerTurnScene(AnimatingScene):
    """Asks the player (or the bot in the seat) for each decision the engine waits on."""

    def __init__(self, ctx: GameContext, onward: Onward) -> None:
        super().__init__(ctx, onward)
        rects = layout.action_button_rects([name for name, *_ in PLAY_BUTTONS])
        for name, label, intent, _action in PLAY_BUTTONS:
            self.buttons.buttons.append(Button(name, _(label), rects[name], intent))
        offer = layout.action_button_rects(["yes", "no"])
        self.buttons.buttons.append(
            Button("yes", N_("Insurance"), offer["yes"].inflate(40, 0), IntentKind.YES))
        self.buttons.buttons.append(
            Button("no", N_("No"), offer["no"].inflate(40, 0).move(20, 0), IntentKind.NO))
        self.buttons.by_name("yes").rect.move_ip(-20, 0)
        menu = layout.menu_button_rect()
        self.buttons.buttons.append(
            Button("hint", "?", pygame.Rect(menu.x - 52, menu.y, 44, menu.h), IntentKind.HINT,
                   tooltip=N_("Hint: each play's EV (?)"))
        )
        self.think = 0.0
        self.prompted: int | None = None

    def enter(self) -> None:
        """Play everything up to the dealer's turn."""
        presenter = self.ctx.presenter
        presenter.barrier = lambda event: is_dealer_phase(event, presenter)
        self._refresh()

    # ---- who decides, and what may be done --------------------------------------------

    def _waiting_on_player(self) -> bool:
        rnd = self.ctx.round
        decision = rnd.decision
        return (
            decision is not None
            and self.ctx.presenter.idle
            and not self.ctx.journal.holding
            and decision.seat in self.ctx.session.human_seats
            and not self.ctx.autoplay
        )

    def _action_for(self, kind: IntentKind) -> Action | None:
        decision = self.ctx.round.decision
        return None if decision is None else answer_for(decision.kind, kind)

    def act(self, kind: IntentKind) -> bool:
        """Apply a decision through the engine; show the engine's reason when it is not legal."""
        return self.apply(self._action_for(kind), kind)

    def apply(self, action: Action | None, kind: IntentKind | None = None, *, held: bool = False) -> bool:
        """Apply an action (coach level block holds it to be priced first, unless it was `held` already)."""
        rnd = self.ctx.round
        if action is None:
            self.ctx.warn(_(ASKED[rnd.decision.kind if rnd.decision else None]))
            return False
        if not rnd.can(action):
            try:
                rnd.verify(action)
            except IllegalActionError as error:
                self.ctx.warn(as_sentence(error))
                self.ctx.sounds.play("button", 0.3)
                return False
        decision = rnd.decision
        level = self.ctx.coach_level(decision.seat) if decision is not None else 0
        if level == 2 and not held:
            self.ctx.trainer.hold(self.ctx.odds.worker, rnd, action)
            return True
        if level == 1:
            self.ctx.trainer.judge_after(self.ctx.odds.worker, rnd, action)
        self.ctx.note_decision(rnd, action)
        try:
            rnd.act(action)
        except IllegalActionError as error:
            self.ctx.warn(as_sentence(error))
            self.ctx.sounds.play("button", 0.3)
            return False
        button = self.buttons.for_intent(kind) if kind is not None else None
        if button is not None:
            button.flash = 0.15
        self.prompted = None
        self.ctx.presenter.message = ""
        return True

    # ---- input ---------------------------------------------------------------------------

    def handle_event(self, intent: Intent) -> bool:
        """Decisions act at once when play waits on the player, else they queue and skip the animation."""
        if self.ctx.trainer.quizzing and self._quiz_key(intent):
            return True
        trainer = self.ctx.trainer
        if trainer.confirm is not None:  # the block level's question takes every answer
            from game.trainer import confirm_button_rects

            yes = intent.kind is IntentKind.YES
            no = intent.kind in (IntentKind.NO, IntentKind.BACK)
            if intent.kind is IntentKind.CLICK:
                rects = confirm_button_rects()
                yes = rects["yes"].collidepoint(intent.pos or (-1, -1))
                no = rects["no"].collidepoint(intent.pos or (-1, -1))
            if yes or no:
                action = trainer.answer(yes)
                if action is not None:
                    self.apply(action, held=True)
            return True
        if trainer.pending is not None and intent.kind in ACTION_INTENTS:
            return True  # a play is being priced
        if intent.kind is IntentKind.CLICK and not self._waiting_on_player():
            button = self.buttons.under(intent.pos)
            if button is not None and button.intent in ACTION_INTENTS and button.visible:
                self.ctx.queued.append(Intent(button.intent))
                self.ctx.presenter.hurry()
                return True
        if intent.kind in ACTION_INTENTS and self._waiting_on_player():
            self.ctx.queued.clear()
            self.act(intent.kind)
            return True
        return super().handle_event(intent)

    # ---- the frame ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Queued decisions, bot decisions, prompts, and the hand-over to the dealer."""
        ctx = self.ctx
        ctx.update(dt)
        self.buttons.update(dt)
        self.update_trainer(dt)
        rnd = ctx.round
        decision = rnd.decision
        if ctx.presenter.idle and decision is not None and not ctx.journal.holding:
            if self._waiting_on_player():
                released = ctx.trainer.released()
                if released is not None:
                    self.apply(released, held=True)
                elif ctx.trainer.waiting:
                    pass
                elif ctx.queued:
                    queued = ctx.queued.pop(0)
                    if not self.act(queued.kind):
                        ctx.queued.clear()
                elif self.prompted != len(rnd.events):
                    self.prompted = len(rnd.events)
                    self._prompt()
            else:
                ctx.queued.clear()
                self.think += dt
                policy = ctx.session.bots.get(decision.seat)
                if self.think >= BOT_THINK * ctx.settings.speed_factor and (policy is None or policy.ready):
                    self.think = 0.0
                    legal = rnd.legal_actions()
                    if policy is not None:
                        action = policy.decide(rnd, decision.seat, legal)
                    else:
                        action = Action.STAND if Action.STAND in legal else min(legal, key=lambda a: a.value)
                    ctx.note_decision(rnd, action)
                    rnd.act(action)
        self._follow_turn()
        self._refresh()
        if ctx.presenter.idle and rnd.decision is None:
            self.move_on()

    def _follow_turn(self) -> None:
        """The banner and name plate follow the seat being asked (kept through its own animations)."""
        presenter = self.ctx.presenter
        decision = self.ctx.round.decision
        if decision is None:
            presenter.turn = None
        elif presenter.idle or presenter.turn == decision.seat:
            presenter.turn = decision.seat

    def asking(self) -> bool:
        """Whether a person decides now (the hint panel and the chart's cell follow the decision)."""
        return self._waiting_on_player()

    def _prompt(self) -> None:
        ctx = self.ctx
        rnd = ctx.round
        decision = rnd.decision
        if decision is None or decision.kind is not DecisionKind.PLAY:
            return
        hands = rnd.hands(decision.seat)
        hand = hands[decision.hand]
        up = rnd.dealer_up_card
        value = hand.value.describe()
        if len(hands) > 1:
            words = (_("Hand {number} of {count}: {value} against {card}.") if up is not None
                     else _("Hand {number} of {count}: {value}."))
        else:
            words = _("Your hand: {value} against {card}.") if up is not None else _("Your hand: {value}.")
        ctx.presenter.message = words.format(number=decision.hand + 1, count=len(hands), value=value,
                                             card=card_name(up) if up is not None else "")

    def _refresh(self) -> None:
        rnd = self.ctx.round
        decision = rnd.decision
        waiting = self._waiting_on_player()
        offer = decision is not None and decision.kind is not DecisionKind.PLAY
        legal = rnd.legal_actions() if waiting else frozenset()
        for name, _label, _intent, action in PLAY_BUTTONS:
            button = self.buttons.by_name(name)
            button.visible = not offer
            button.enabled = action in legal
        yes, no = self.buttons.by_name("yes"), self.buttons.by_name("no")
        yes.visible = no.visible = offer
        if offer and decision is not None:
            yes_action, no_action, yes_label, no_label = OFFER_ACTIONS[decision.kind]
            yes.label, no.label = _(yes_label), _(no_label)
            yes.enabled, no.enabled = yes_action in legal, no_action in legal

    def draw_controls(self, surface: pygame.Surface) -> None:
        """Whose turn it is over the buttons, and the coach's ring around its suggestion."""
        if not self._waiting_on_player():
            return
        ctx = self.ctx
        decision = ctx.round.decision
        if decision is None:
            return
        info = ctx.session.seats_info[decision.seat]
        lone = len(ctx.session.human_seats) == 1
        if decision.kind is DecisionKind.PLAY:
            text = _("your turn") if lone else _("{name} — your turn").format(name=info.label)
        else:
            text = _("answer the dealer") if lone else _("{name} — answer the dealer").format(name=info.label)
        color = (232, 196, 104) if lone else info.color
        label = ctx.assets.text(text.upper(), 16, color, bold=True)
        surface.blit(label, label.get_rect(midbottom=(640, 628)))
