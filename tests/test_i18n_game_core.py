"""The table's own words in German, French and Spanish: the dealer's sentences, the badges, the plurals.

Each test speaks a language through `engine.i18n.use_language` (the compiled catalogs) and goes back
to English after, so the other tests keep reading English.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pygame
import pytest

from engine import Card, Result, StackedShoe
from engine import events as ev
from engine.count_drills import CountDrill
from engine.i18n import use_language
from game.context import make_presenter
from game.counting_choices import CountingOptions, counting_rows
from game.intents import key_help
from game.presenter import Presenter, messages, round_summary
from game.session import Session
from game.settings import Settings
from game.sound import Sounds
from game.table_view import TableView


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """Choose a language for the test; English again afterwards, whatever happened."""
    yield use_language
    use_language("en")


def played(cards: str, *, stand: bool = True) -> tuple[list[str], Presenter]:
    """What the message bar says, in order, over one stacked round: the lone player bets $10 and stands
    (or hits until the hand is done)."""
    session = Session.open("vegas-strip", shoe=StackedShoe(cards))
    presenter = make_presenter(session, Settings(sound=False), Sounds(enabled=False))
    rnd = session.round
    presenter.start_round(rnd)
    rnd.place_bet(0, 1000)
    rnd.deal()
    while rnd.decision is not None:
        rnd.stand() if stand else rnd.hit()
    said: list[str] = []
    while presenter.pending:
        presenter.update(0.05)  # small steps, so each sentence is seen before the next replaces it
        if presenter.message and (not said or said[-1] != presenter.message):
            said.append(presenter.message)
    return said, presenter


DEALER_DRAWS_AN_ACE = {
    "de": ["Ihre Einsätze, bitte.", "Es wird gegeben...", "Der Croupier deckt eine Zehn auf: 16.",
           "Der Croupier zieht ein Ass.", "Der Croupier bleibt bei 17."],
    "fr": ["Faites vos jeux.", "Distribution…", "Le croupier retourne un dix\u00a0: 16.",
           "Le croupier tire un as.", "Le croupier reste sur 17."],
    "es": ["Hagan sus apuestas.", "Repartiendo...", "El crupier descubre un diez: 16.",
           "El crupier saca un as.", "El crupier se planta con 17."],
}


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_the_dealer_speaks_the_chosen_language_through_a_stacked_round(speak, code):
    speak(code)
    said, _ = played("T 6 9 T A")  # T 9 stands; the dealer's 6 turns a ten, draws an ace: 17
    assert said == DEALER_DRAWS_AN_ACE[code]


def test_english_is_spoken_again_after_another_language(speak):
    speak("de")
    speak("en")
    said, _ = played("T 6 9 T A")
    assert said == [
        "Place your bets.", "Dealing...", "Dealer turns over a ten: 16.", "Dealer draws an ace.",
        "Dealer stands on 17."
    ]


@pytest.mark.parametrize(
    ("code", "names"),
    [
        ("de", ["einen König", "eine Dame", "einen Buben", "ein Ass", "eine 8"]),
        ("fr", ["un roi", "une dame", "un valet", "un as", "un 8"]),
        ("es", ["un rey", "una reina", "una jota", "un as", "un 8"]),
    ],
)
def test_each_card_keeps_its_own_article_in_the_dealers_sentence(speak, code, names):
    speak(code)
    drawn = [messages.dealer_draws(Card.parse(rank)) for rank in ("K", "Q", "J", "A", "8")]
    assert [name in sentence for name, sentence in zip(names, drawn, strict=True)] == [True] * 5
    assert messages.card_name(None) == {"de": "eine Karte", "fr": "une carte", "es": "una carta"}[code]


@pytest.mark.parametrize(
    ("code", "dealer", "badge"),
    [("de", "ÜBERKAUFT", "ÜBERKAUFT -10"), ("fr", "SAUTÉ", "SAUTÉ -10"), ("es", "SE PASA", "SE PASA -10")],
)
def test_a_bust_is_badged_in_the_chosen_language(speak, code, dealer, badge):
    speak(code)
    _, presenter = played("T 6 9 T 8")  # the dealer's 16 draws an 8: bust
    assert presenter.dealer_total == dealer
    _, presenter = played("T 6 5 T 9", stand=False)  # the player's 15 hits a 9: bust
    hand = presenter.seats[0].hands[0]
    assert hand.label() == dealer and hand.result is Result.BUST and hand.result_text() == badge


def test_the_round_summary_is_a_whole_sentence_in_each_language(speak):
    natural = ev.DealerFinished(total=21, soft=True, blackjack=True, bust=False)
    lost = ev.HandSettled(seat=0, hand=0, result=Result.LOSE, stake=2500, net=-2500, paid=0, bankroll=97_500)
    pushed = ev.HandSettled(seat=1, hand=0, result=Result.PUSH, stake=2500, net=0, paid=2500,
                            bankroll=100_000)
    speak("de")
    assert round_summary([natural, lost], {0: "Ann"}, alone=True) == (
        "Der Croupier hat Blackjack. Sie verlieren $25.")
    assert round_summary([natural, lost, pushed], {0: "Ann", 1: "Bob"}, alone=False) == (
        "Der Croupier hat Blackjack. Ann -25 · Bob ±0.")
    speak("fr")
    assert round_summary([natural, pushed], {1: "Bob"}, alone=True) == (
        "Le croupier a un blackjack. Égalité\u00a0: vous êtes quitte.")
    speak("es")
    assert round_summary([lost], {0: "Ann"}, alone=True) == "Usted pierde $25."


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("de", ("1 Karte auf einmal", "1 Platz"), ("2 Karten auf einmal", "2 Plätze")),
        ("fr", ("1 carte à la fois", "1 place"), ("2 cartes à la fois", "2 places")),
        ("es", ("1 carta a la vez", "1 puesto"), ("2 cartas a la vez", "2 puestos")),
    ],
)
def test_the_counting_drills_count_one_and_two_in_the_right_number(speak, code, one, two):
    speak(code)
    for number, (flash, seats) in ((1, one), (2, two)):
        options = CountingOptions(per_flash=number, seats=number)
        assert counting_rows(CountDrill.SPEED.value, options) == [("Flash", flash)]
        assert counting_rows(CountDrill.FULL_TABLE.value, options)[0] == ("Seats", seats)


class _Words:
    """Stands in for the asset loader: keeps every label the table view asks for."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.sized: dict[int, object] = {}  # what a canvas notes for a large window (none here)
        self.layer_notes: dict[int, object] = {}

    def image(self, name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        return pygame.Surface(size or (4, 4))

    def shadowed_text(self, text: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
        self.said.append(text)
        return pygame.Surface((4, 4))

    def warm_later(self, work: object) -> None:
        """No spare frame time here: the label one card on is not drawn."""


@pytest.mark.parametrize(
    ("code", "labels"),
    [
        ("en", ["1 card left", "2 cards left"]),
        ("de", ["noch 1 Karte", "noch 2 Karten"]),
        ("fr", ["1 carte restante", "2 cartes restantes"]),
        ("es", ["queda 1 carta", "quedan 2 cartas"]),
    ],
)
def test_the_shoe_counts_its_last_card_in_the_singular(speak, code, labels):
    speak(code)
    words = _Words()
    view = TableView(words)  # type: ignore[arg-type]
    for left in (1, 2):
        shoe = SimpleNamespace(shoe_unknown=False, shoe_remaining=left, shoe_size=None, cut_card_out=False)
        view.draw_shoe(pygame.Surface((1280, 720)), shoe)  # type: ignore[arg-type]
    assert words.said == labels


def test_a_split_again_names_its_hands_in_the_plural(speak):
    speak("fr")
    assert messages.split(2) == "Séparation\u00a0: deux mains."
    assert messages.split(3) == "Nouvelle séparation\u00a0: 3 mains."


def test_the_key_help_names_keys_and_deeds_in_german(speak):
    speak("de")
    keys = dict(key_help())
    assert keys["Enter, Enter (Ziffernblock), Leertaste"] == "geben, weiter"
    assert keys["H"] == "Karte" and keys["Rücktaste"] == "Einsatz zurücknehmen"
