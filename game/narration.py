"""What the voice says: the table's events as the presenter shows them, prompts, drills and the keys
that ask for the hand, the dealer's cards, the bankroll and the count.

The narrator watches, it never steers: each frame `frame(top)` reads what the presenter has shown
since the last frame (its cursor into the round's event log), the warning on the message bar, the
decision the table waits on and the top scene, and turns what is new into sentences for a
`game.voice.Speaker`. The sentences of events are the presenter's own (`game.presenter.messages`),
so the voice and the message bar say the same; all words go through `_()` and follow the language.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Action, Card, DecisionKind, Result, hand_value
from engine import events as ev
from engine.i18n import _, money, ngettext, pgettext
from game.context import GameContext
from game.focus import Control, describe
from game.intents import Intent, IntentKind, key_table, keys_for
from game.presenter import messages
from game.presenter.messages import card_name
from game.scene import Scene
from game.voice import Speaker


def action_words() -> dict[Action, str]:
    """The plays a prompt offers, in the order the buttons show them, as the prompt says them."""
    return {
        Action.HIT: pgettext("voice", "hit"),
        Action.STAND: pgettext("voice", "stand"),
        Action.DOUBLE: pgettext("voice", "double"),
        Action.SPLIT: pgettext("voice", "split"),
        Action.SURRENDER: pgettext("voice", "surrender"),
    }


def either(words: Sequence[str]) -> str:
    """Choices as a sentence part: 'hit', 'hit or stand', 'hit, stand or double'."""
    if len(words) < 2:
        return "".join(words)
    return _("{choices} or {last}").format(choices=", ".join(words[:-1]), last=words[-1])


def total_words(cards: Sequence[Card]) -> str:
    """A hand's total as the voice says it: 'hard 12', 'soft 17', 'blackjack', 'bust with 24'."""
    value = hand_value(cards)
    if value.bust:
        return _("bust with {total}").format(total=value.total)
    if value.total == 21 and len(cards) == 2:
        return pgettext("voice", "blackjack")
    if value.soft and value.total != 21:
        return _("soft {total}").format(total=value.total)
    return _("hard {total}").format(total=value.total)


def cards_words(cards: Sequence[Card]) -> str:
    """Cards named one after another: 'a 10 and a 2', 'an ace, a 3 and a 4'."""
    names = [card_name(card) for card in cards]
    if len(names) < 2:
        return "".join(names)
    return _("{cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def play_prompt(cards: Sequence[Card], up: Card | None, legal: frozenset[Action], *, who: str | None,
                hand: int = 0, hands: int = 1) -> str:
    """The prompt of a decision: 'Your turn: hard 12 against a 10. Hit, stand or double.'"""
    total = total_words(cards)
    spot = _("{total} against {card}").format(total=total, card=card_name(up)) if up is not None else total
    if hands > 1 and who:
        turn = _("{name}, hand {number} of {count}: {spot}.").format(name=who, number=hand + 1, count=hands,
                                                                      spot=spot)
    elif hands > 1:
        turn = _("Hand {number} of {count}: {spot}.").format(number=hand + 1, count=hands, spot=spot)
    elif who:
        turn = _("{name}, your turn: {spot}.").format(name=who, spot=spot)
    else:
        turn = _("Your turn: {spot}.").format(spot=spot)
    plays = either([word for action, word in action_words().items() if action in legal])
    return f"{turn} {plays[:1].upper()}{plays[1:]}." if plays else turn


def shown_cards(events: Sequence[ev.Event]) -> tuple[dict[int, list[list[Card]]], list[Card]]:
    """Each seat's hands and the dealer's face-up cards after these events (a split moves a hand's
    second card to the new hand), so a sentence says what the table showed at its event."""
    hands: dict[int, list[list[Card]]] = {}
    dealer: list[Card] = []
    for event in events:
        if isinstance(event, ev.CardDealt):
            seat = hands.setdefault(event.seat, [])
            while len(seat) <= event.hand:
                seat.append([])
            seat[event.hand].append(event.card)
        elif isinstance(event, ev.HandSplit):
            seat = hands.setdefault(event.seat, [])
            seat[event.hand].pop()  # the card that moved is the event's
            seat.insert(event.new_hand, [event.card])
        elif (card := ev.card_shown(event)) is not None:  # the dealer's: a player's card is dealt above
            dealer.append(card)
    return hands, dealer


class Narrator:
    """Turns what the table shows into spoken sentences, and answers the keys that ask for them."""

    def __init__(self, speaker: Speaker, ctx: GameContext) -> None:
        self.speaker = speaker
        self.ctx = ctx
        self.last = ""
        """The last sentence said (the repeat key says it again)."""
        self._round: object = None
        self._cursor = 0
        self._dealt = False
        """Whether this round's opening deal is over (later cards are said one by one)."""
        self._dealing: list[ev.Event] = []
        """The opening deal's card events, said together once the deal is over."""
        self._note = ""
        self._prompted: object = None
        self._scene: Scene | None = None
        self._drill: tuple[object, object] = (None, None)
        self._amount: int | None = None
        self._betting: tuple[int, int | None] | None = None
        """The betting screen and whose turn it is to bet, as last said."""

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Speak a sentence (and remember it for the repeat key)."""
        if text:
            self.last = text
            self.speaker.say(text, interrupt=interrupt)

    # ---- each frame ----------------------------------------------------------------------

    def frame(self, top: Scene | None) -> None:
        """Say what is new since the last frame: the top scene, shown events, warnings, the prompt."""
        if top is not self._scene:
            self._scene = top
            self._greet(top)
        self._events()
        note = self.ctx.note if self.ctx.note_time > 0 else ""
        if note and note != self._note:
            self.say(note)
        self._note = note
        self._prompt()
        self._drill_spot(top)
        self._bet(top)

    def _greet(self, top: Scene | None) -> None:
        """A word when a menu screen opens, from its class, with the keys that walk its controls."""
        from game.scenes.drill import DrillSetupScene
        from game.scenes.keys import KeysScene, how_to_choose
        from game.scenes.settings_menu import SettingsScene
        from game.scenes.setup import SetupScene
        from game.scenes.title import TitleScene

        keys = key_table(self.ctx.settings.keys)
        hint = _("{next} and {previous} move between the choices; {press} presses one.").format(
            next=keys_for(keys, (IntentKind.FOCUS, 1)), previous=keys_for(keys, (IntentKind.FOCUS, -1)),
            press=keys_for(keys, (IntentKind.CONFIRM, None)).split(", ")[0])
        if isinstance(top, TitleScene):
            self.say(_("Blackjack.") + " " + hint)
        elif isinstance(top, SetupScene):
            self.say(_("Table setup.") + " " + hint)
        elif isinstance(top, DrillSetupScene):
            self.say(_("Drills.") + " " + hint)
        elif isinstance(top, SettingsScene):
            self.say(_("Settings.") + " " + hint)
        elif isinstance(top, KeysScene):
            self.say(f"{_('Keys.')} {how_to_choose()} {top.row_words(top.chosen)}")

    def _events(self) -> None:
        presenter = self.ctx.presenter
        rnd = presenter.round
        if rnd is None:
            return
        if rnd is not self._round:
            self._round, self._cursor, self._dealing, self._dealt = rnd, 0, [], False
        for index in range(self._cursor, presenter.cursor):
            event = rnd.events[index]
            if isinstance(event, ev.CardDealt | ev.DealerCardDealt) and not self._dealt:
                self._dealing.append(event)
                continue
            if not isinstance(event, ev.RoundStarted | ev.BetPlaced | ev.ShoeShuffled):
                self._dealt = True
            self._deal_said()
            self.say(self.event_words(event, rnd.events[: index + 1]))
        self._cursor = max(self._cursor, presenter.cursor)
        if presenter.pending == 0:
            self._deal_said()

    def _deal_said(self) -> None:
        """Say the opening deal at once: each person's cards and total, and the dealer's up card."""
        if not self._dealing:
            return
        dealt, self._dealing = self._dealing, []
        humans = self.ctx.session.human_seats
        hands: dict[int, list[Card]] = {}
        up: Card | None = None
        for event in dealt:
            if isinstance(event, ev.CardDealt) and event.seat in humans:
                hands.setdefault(event.seat, []).append(event.card)
            elif isinstance(event, ev.DealerCardDealt) and event.face_up and up is None:
                up = event.card
        parts = []
        for seat, cards in hands.items():
            words = {"cards": cards_words(cards), "total": total_words(cards)}
            if len(humans) == 1:
                parts.append(_("You have {cards}: {total}.").format(**words))
            else:
                parts.append(_("{name} has {cards}: {total}.").format(name=self._name(seat), **words))
        if up is not None:
            parts.append(_("Dealer shows {card}.").format(card=card_name(up)))
        self.say(" ".join(parts))

    def _name(self, seat: int) -> str:
        return self.ctx.session.seats_info[seat].label

    def _alone(self) -> bool:
        return len(self.ctx.session.human_seats) == 1

    def event_words(self, event: ev.Event, so_far: Sequence[ev.Event]) -> str:
        """The sentence an event is said with ('' for those the voice passes over): `so_far` is the
        round's events up to it. A bust is said with the card that made it."""
        humans = self.ctx.session.human_seats
        presenter = self.ctx.presenter
        match event:
            case ev.ShoeShuffled():
                return messages.shuffled(event)
            case ev.BetPlaced(seat=seat, amount=amount) if seat in humans:
                if self._alone():
                    return _("You bet {amount}.").format(amount=money(amount))
                return _("{name} bets {amount}.").format(name=self._name(seat), amount=money(amount))
            case ev.CardDealt(seat=seat, hand=hand, card=card):
                total = total_words(shown_cards(so_far)[0][seat][hand])
                if seat in humans and self._alone():
                    return _("You draw {card}: {total}.").format(card=card_name(card), total=total)
                return _("{name} draws {card}: {total}.").format(
                    name=self._name(seat), card=card_name(card), total=total)
            case ev.DealerCardDealt(card=card):
                return messages.dealer_draws(card)
            case ev.SurrenderOffered():
                up = presenter.dealer_codes[0] if presenter.dealer_codes else None
                return messages.surrender_offered(up)
            case ev.InsuranceOffered(seat=seat):
                who = None if self._alone() else self._name(seat)
                return messages.insurance_offered(event, who, presenter.insurance_cost(seat))
            case ev.InsuranceTaken():
                return messages.insurance_taken(event)
            case ev.InsuranceDeclined():
                return messages.insurance_declined(event)
            case ev.EvenMoneyTaken():
                return _(messages.EVEN_MONEY_PAID)
            case ev.DealerPeeked():
                return messages.peeked(event)
            case ev.HandSplit(seat=seat):
                return messages.split(len(presenter.seats[seat].hands))
            case ev.HandDoubled():
                return _(messages.DOUBLED)
            case ev.HandSurrendered():
                return _(messages.SURRENDERED)
            case ev.HandStood(seat=seat, total=total, automatic=False):
                if seat in humans and self._alone():
                    return _("You stand on {total}.").format(total=total)
                return _("{name} stands on {total}.").format(name=self._name(seat), total=total)
            case ev.HoleCardRevealed(card=card):
                return messages.hole_card_revealed(card, messages.dealer_total(shown_cards(so_far)[1]))
            case ev.DealerFinished():
                return messages.dealer_finished(event)
            case ev.HandSettled(seat=seat, result=result) if seat in humans and result is Result.BLACKJACK:
                return pgettext("voice", "Blackjack!")
            case ev.RoundEnded():
                people = {s: self._name(s) for s in self.ctx.session.people if s in humans}
                played = {s: name for s, name in people.items()
                          if any(isinstance(e, ev.BetPlaced) and e.seat == s for e in so_far)}
                onward = _("Press Enter to go on.") if played else ""
                return f"{messages.round_summary(so_far, played, alone=self._alone())} {onward}".strip()
            case ev.TournamentEnded(seat=seat):
                return messages.tournament_ended(event, self._name(seat))
        return ""

    def _prompt(self) -> None:
        """Once per decision a person is asked: what the hand is and what can be done."""
        ctx = self.ctx
        rnd = ctx.round
        decision = rnd.decision
        presenter = ctx.presenter
        if (decision is None or decision.seat not in ctx.session.human_seats or ctx.autoplay
                or not presenter.idle or presenter.round is not rnd):
            return
        key = (id(rnd), len(rnd.events))
        if key == self._prompted:
            return
        self._prompted = key
        self._deal_said()
        who = None if self._alone() else self._name(decision.seat)
        if decision.kind is DecisionKind.PLAY:
            hands = rnd.hands(decision.seat)
            self.say(play_prompt(hands[decision.hand].cards, rnd.dealer_up_card, rnd.legal_actions(), who=who,
                                 hand=decision.hand, hands=len(hands)))
        else:
            self.say(_("Yes or no?") if who is None else _("{name}: yes or no?").format(name=who))

    def _bet(self, top: Scene | None) -> None:
        """Whose turn it is to bet (each person in turn at a shared table), then the bet in the circle
        as chips go in or come out."""
        from game.scenes.betting import BettingScene

        if not isinstance(top, BettingScene):
            self._betting = self._amount = None
            return
        turn, amount = (id(top), top.turn), top.amount
        if turn != self._betting:
            self._betting, self._amount = turn, amount
            if top.turn is not None:
                bankroll = money(self.ctx.presenter.seats[top.turn].bankroll)
                if self._alone():
                    prompt = _("Place your bets: you have {bankroll}. Keys 1 to 5 add chips; Enter deals.")
                else:
                    prompt = _("{name}, place your bet: you have {bankroll}. "
                               "Keys 1 to 5 add chips; Enter deals.")
                self.say(prompt.format(name=self._name(top.turn), bankroll=bankroll))
        elif amount != self._amount:
            self._amount = amount
            self.say(_("Bet {amount}.").format(amount=money(amount)) if amount else _("No bet."))

    def _drill_spot(self, top: Scene | None) -> None:
        """The spot drill: each spot as a prompt, and the verdict when it comes."""
        from engine.drills import legal_actions
        from game.scenes.drill import DrillScene

        if not isinstance(top, DrillScene):
            return
        spot, verdict = top.spot, top.verdict
        if (spot, verdict) == self._drill:
            return
        said_spot = self._drill[0]
        self._drill = (spot, verdict)
        if verdict is not None:
            self.say(f"{verdict.summary()} {_('Press Enter for the next spot.')}")
        elif spot is not said_spot:
            if spot.kind is DecisionKind.PLAY:
                self.say(play_prompt(spot.cards, spot.up, legal_actions(top.rules, spot), who=None))
            else:
                self.say(_("{spot} Yes or no?").format(spot=spot.describe()))

    # ---- the keys --------------------------------------------------------------------------

    def focused(self, scene: Scene | None, control: Control) -> None:
        """A control took the focus: name it, cutting off what was being said."""
        self.say(describe(scene, control), interrupt=True)

    def answer(self, intent: Intent) -> bool:
        """Say what a voice key asks for; False for any other intent."""
        words = {
            IntentKind.SAY_AGAIN: lambda: self.last,
            IntentKind.SAY_HAND: self.hand_words,
            IntentKind.SAY_DEALER: self.dealer_words,
            IntentKind.SAY_BANKROLL: self.bankroll_words,
            IntentKind.SAY_COUNT: self.count_words,
        }.get(intent.kind)
        if words is None:
            return False
        text = words() or _("Nothing to say yet.")
        if intent.kind is IntentKind.SAY_AGAIN:
            self.speaker.say(text, interrupt=True)
        else:
            self.say(text, interrupt=True)
        return True

    def hand_words(self) -> str:
        """My hands as the table shows them: 'Your hand: a 10 and a 2, hard 12.'"""
        seat = self.ctx.player_seat()
        if seat is None:
            return ""
        hands = [hand.codes for hand in self.ctx.presenter.seats[seat].hands if hand.codes]
        if not hands:
            return _("You have no cards.")
        if len(hands) == 1:
            words = {"cards": cards_words(hands[0]), "total": total_words(hands[0])}
            return _("Your hand: {cards}, {total}.").format(**words)
        return " ".join(
            _("Hand {number}: {cards}, {total}.").format(number=i + 1, cards=cards_words(cards),
                                                         total=total_words(cards))
            for i, cards in enumerate(hands)
        )

    def dealer_words(self) -> str:
        """The dealer's cards as shown: 'Dealer shows a 10.' or 'Dealer has a 10 and a 7: hard 17.'"""
        presenter = self.ctx.presenter
        shown = [card for card in presenter.dealer_codes if card is not None]
        if not shown:
            return _("The dealer has no cards.")
        if len(shown) == 1:
            return _("Dealer shows {card}.").format(card=card_name(shown[0]))
        return _("Dealer has {cards}: {total}.").format(cards=cards_words(shown), total=total_words(shown))

    def bankroll_words(self) -> str:
        """My bankroll, and my bet when one is down: 'You have $990; $10 bet.'"""
        seat = self.ctx.panel_seat()
        if seat is None:
            return ""
        model = self.ctx.presenter.seats[seat]
        stake = sum(hand.stake for hand in model.hands)
        have = _("You have {bankroll}.").format(bankroll=money(model.bankroll))
        if stake:
            return have + " " + ngettext("{amount} bet on {n} hand.", "{amount} bet on {n} hands.",
                                         len(model.hands)).format(amount=money(stake), n=len(model.hands))
        return have

    def count_words(self) -> str:
        """The count panel's lines as sentences (hidden while the counting quiz asks for them)."""
        trainer = self.ctx.trainer
        trainer.follow(self.ctx.presenter)
        return ". ".join(trainer.count_lines()) + "."
