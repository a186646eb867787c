"""The trainer's words (coach, drills, counting drills, index drills, chart labels, save errors) in German,
French and Spanish, and back in English after.

They read the compiled catalogs (`tools/catalogs.py compile` builds them from po/).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from engine.actions import Action
from engine.bots.counter import ILLUSTRIOUS_18
from engine.cards import Card, parse_cards
from engine.coach import Judgement, Situation, caption, describe_hand, index_sentence, mistake_message
from engine.count_drills import DeckSpot, Reading, TrueCountSpot, parse_decks
from engine.counting import Precision, Ramp, RampError
from engine.drills import DrillError, Family, Spot, judge, parse_spots
from engine.i18n import language, use_language
from engine.index_drills import IndexFamily, IndexVerdict, Question
from engine.odds import Hint
from engine.odds.strategy import HandKind, row_label
from engine.round import DecisionKind
from engine.rulesets import load_rules
from engine.store import StoreError
from engine.store.profiles import normalize_name


@pytest.fixture
def speak() -> Iterator[object]:
    """Choose a language in the test; English again afterwards, whatever happens."""
    yield use_language
    use_language("en")


def _twelve_against_two() -> Judgement:
    spot = Situation(0, 0, DecisionKind.PLAY, parse_cards("T 2"), Card.parse("2"), None,
                     frozenset({Action.HIT, Action.STAND}), False, 1)
    advice = Hint(Action.HIT, ((Action.HIT, -0.253), (Action.STAND, -0.293)), True)
    return Judgement(spot, Action.STAND, advice)


def _caption() -> str:
    spot = Situation(2, 0, DecisionKind.PLAY, parse_cards("T 6"), Card.parse("T"), None,
                     frozenset({Action.HIT, Action.STAND}), False, 1)
    advice = Hint(Action.HIT, ((Action.HIT, -0.532), (Action.STAND, -0.540)), True)
    return caption("Ann", spot, Action.HIT, advice)


COACH = {
    "de": ("Bleiben bei 12 gegen eine 2 kostete 4.0 % des Einsatzes; Karte nehmen wäre besser gewesen.",
           "Ann: 16 gegen eine 10 — nimmt eine Karte "
           "(erwartet: Bleiben -54 %, Karte nehmen -53 % des Einsatzes)",
           "16 gegen 10: ab echter Zählung 0 bleiben; die echte Zählung ist +2"),
    "fr": ("Rester sur 12 contre un 2 a coûté 4.0\u202f% de la mise\u202f; mieux valait tirer.",
           "Ann\u00a0: 16 contre un 10 — tire "
           "(espérance\u00a0: rester -54\u202f%, tirer -53\u202f% de la mise)",
           "16 contre 10\u00a0: rester dès un compte réel de 0\u202f; compte réel actuel\u00a0: +2"),
    "es": ("Plantarse con 12 contra un 2 costó 4.0 % de la apuesta; era mejor pedir carta.",
           "Ann: 16 contra un 10 — pide carta (esperado: plantarse -54 %, pedir carta -53 % de la apuesta)",
           "16 contra 10: plantarse con cuenta real de 0 o más; la cuenta real es +2"),
}


@pytest.mark.parametrize("code", sorted(COACH))
def test_the_coach_speaks_the_chosen_language(speak, code: str) -> None:
    speak(code)
    mistake, demo, index = COACH[code]
    assert mistake_message(_twelve_against_two()) == mistake
    assert _caption() == demo
    assert index_sentence(ILLUSTRIOUS_18[1], 2) == index


HANDS = {"de": ("ein Paar 8er", "ein Paar Asse", "Soft 17"),
         "fr": ("une paire de 8", "une paire d'as", "17 souple"),
         "es": ("una pareja de 8", "una pareja de ases", "17 blando")}


@pytest.mark.parametrize("code", sorted(HANDS))
def test_hands_are_named_in_the_chosen_language(speak, code: str) -> None:
    speak(code)
    assert tuple(describe_hand(parse_cards(c)) for c in ("8 8", "A A", "A 6")) == HANDS[code]


DRILL = {
    "de": ("Falsch", "Falsch: Bleiben kostet 1.8 % des Einsatzes; Karte nehmen ist richtig.", "Harte Summen"),
    "fr": ("Faux", "Faux\u00a0: rester coûte 1.8\u202f% de la mise\u202f; il fallait tirer.", "Totaux durs"),
    "es": ("Incorrecto", "Incorrecto: plantarse cuesta 1.8 % de la apuesta; lo correcto es pedir carta.",
           "Totales duros"),
}


@pytest.mark.parametrize("code", sorted(DRILL))
def test_a_drill_verdict_speaks_the_chosen_language(speak, code: str) -> None:
    speak(code)
    verdict = judge(load_rules("downtown"), Spot(parse_cards("T 6"), Card.parse("T")), Action.STAND)
    assert (verdict.headline, verdict.summary(), Family.HARD.label) == DRILL[code]


# One deck and one card must be singular, two of each plural (French counts 1 as singular too).
DECKS = {
    "de": ("1.00 Deck übrig (52 Karten)", "2.00 Decks übrig (104 Karten)",
           "0.02 Decks übrig (eine Karte)", "0.04 Decks übrig (2 Karten)"),
    "fr": ("1.00 jeu dans le sabot (52 cartes)", "2.00 jeux dans le sabot (104 cartes)",
           "0.02 jeux dans le sabot (1 carte)", "0.04 jeux dans le sabot (2 cartes)"),
    "es": ("1.00 baraja en el zapato (52 cartas)", "2.00 barajas en el zapato (104 cartas)",
           "0.02 barajas en el zapato (una carta)", "0.04 barajas en el zapato (2 cartas)"),
}


@pytest.mark.parametrize("code", sorted(DECKS))
def test_deck_estimates_count_decks_and_cards_with_plurals(speak, code: str) -> None:
    speak(code)
    spots = (DeckSpot(3, 104, Reading.TRAY_LEFT, Precision.HALF),  # 1 deck left
             DeckSpot(3, 52, Reading.TRAY_LEFT, Precision.HALF),  # 2 decks left
             DeckSpot(2, 103, Reading.SHOE, Precision.HALF),  # 1 card left
             DeckSpot(2, 102, Reading.SHOE, Precision.HALF))  # 2 cards left
    assert tuple(spot.explain() for spot in spots) == DECKS[code]


def test_true_count_working_is_translated(speak) -> None:
    speak("de")
    assert TrueCountSpot(6, 130, 9, Precision.HALF).explain() == (
        "laufend +9 durch 3.5 Decks übrig (182 Karten) ergibt +2, abgerundet")


INDEX = {
    "de": ("Richtig: bleiben.", "Die echte Zählung war +1.", "Alle Indizes"),
    "fr": ("Juste\u00a0: rester.", "Le compte réel était de +1.", "Tous les indices"),
    "es": ("Correcto: plantarse.", "La cuenta real era +1.", "Todos los índices"),
}


@pytest.mark.parametrize("code", sorted(INDEX))
def test_index_drill_feedback_is_translated(speak, code: str) -> None:
    speak(code)
    play = ILLUSTRIOUS_18[1]  # 16 v 10: stand at 0 or above
    legal = frozenset({Action.HIT, Action.STAND})
    question = Question(Spot(parse_cards("T 6"), Card.parse("T")), 1, play, legal)
    verdict = IndexVerdict(question, Action.STAND, Action.STAND, True)
    assert (verdict.summary(), verdict.count_line(), IndexFamily.ALL.label) == INDEX[code]


def test_families_are_still_found_by_their_english_group_in_any_language(speak) -> None:
    speak("de")
    assert IndexFamily.ILLUSTRIOUS.holds(ILLUSTRIOUS_18[1])


ERRORS = {
    "de": ("Eintrag 1 „17 vs Z“: die offene Karte Z ist keine Karte (verwenden Sie A, 2-9 oder T).",
           "ein Name darf kein Komma enthalten: 'Bob, Jr.'",
           "eine Einsatzrampe braucht mindestens eine Stufe",
           "„zwei“ ist keine Anzahl Decks: Schreiben Sie z. B. 2,5 oder 2 1/2."),
    "fr": ("élément 1 «\u202f17 vs Z\u202f»\u00a0: la carte visible Z n'est pas une carte "
           "(utilisez A, 2-9 ou T).",
           "un nom ne peut pas contenir de virgule\u00a0: 'Bob, Jr.'",
           "une rampe de mises a besoin d'au moins un palier",
           "«\u202fzwei\u202f» n'est pas un nombre de jeux\u00a0: tapez par exemple 2,5 ou 2 1/2."),
    "es": ("elemento 1 «17 vs Z»: la carta descubierta Z no es una carta (use A, 2-9 o T).",
           "un nombre no puede contener una coma: 'Bob, Jr.'",
           "una rampa de apuestas necesita al menos un escalón",
           "«zwei» no es un número de barajas: escriba por ejemplo 2,5 o 2 1/2."),
}


@pytest.mark.parametrize("code", sorted(ERRORS))
def test_errors_the_window_shows_are_translated(speak, code: str) -> None:
    speak(code)
    spots, name, ramp, decks = ERRORS[code]
    with pytest.raises(DrillError) as spot_error:
        parse_spots("17 vs Z", load_rules("vegas-strip"))
    assert str(spot_error.value) == spots
    with pytest.raises(StoreError) as name_error:
        normalize_name("Bob, Jr.")
    assert str(name_error.value) == name
    with pytest.raises(RampError) as ramp_error:
        Ramp(())
    assert str(ramp_error.value) == ramp
    with pytest.raises(DrillError) as decks_error:
        parse_decks("zwei")
    assert str(decks_error.value) == decks


def test_chart_rows_are_translated(speak) -> None:
    speak("fr")
    assert [row_label(HandKind.HARD, 16), row_label(HandKind.SOFT, 18), row_label(HandKind.PAIR, 1)] == [
        "16 dur", "18 souple", "paire A"]


def test_english_comes_back(speak) -> None:
    speak("es")
    speak("en")
    assert language() == "en"
    assert mistake_message(_twelve_against_two()) == (
        "Standing on 12 against a 2 cost 4.0% of the bet; hitting was better.")
    assert describe_hand(parse_cards("8 8")) == "a pair of 8s"
    assert parse_decks("2 1/2") == Fraction(5, 2)


def test_an_index_test_miss_names_a_pair_without_its_article(speak) -> None:
    speak("de")
    legal = frozenset({Action.HIT, Action.STAND})
    question = Question(Spot(parse_cards("8 8"), Card.parse("T")), 1, ILLUSTRIOUS_18[1], legal)
    assert IndexVerdict(question, Action.HIT, Action.STAND, True).miss_line() == (
        "Paar 8er g. 10 bei +1: Ihre Wahl war Karte nehmen, bleiben ist richtig "
        "(ab 0 bleiben, sonst Karte nehmen)")
