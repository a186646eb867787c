"""No English left in the window (issue 22): the game, speaking German, French or Spanish, walks every
screen (`tools/leftovers.py`) and draws no word only English uses and no English digits; bare amounts,
drill figures, counts and pairs read as each language writes them.

These read the compiled catalogs (`tools/catalogs.py compile`); the conftest puts English back.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from blackjack.language import apply
from engine import Result
from engine.cards import Card, parse_cards
from engine.drills import Spot
from engine.i18n import amount, figure, ngettext
from game.assets import Assets
from game.presenter.messages import _signed
from game.presenter.models import HandModel
from game.scenes.text import capitals
from game.scenes.tournament import best_lines
from game.widgets import wrap
from tools.leftovers import english, tour

LANGUAGES = ("de", "fr", "es")


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_screen_draws_english_words_or_digits(code):
    assert english(tour(code), code) == []


def test_the_audit_flags_english_words_and_digits_but_not_names_or_german_digits():
    drawn = ["Hit", "Karte", "Blackjack", "Ann +300 · Bob -50", "+37.50", "1.000\u00a0€", "-1,303 (erwartet)",
             "Your hand: 16 against a ten.", "Vegas Strip · MIN 10", "Esc: zurück", "BANKROLL",
             "Gamepad Back"]
    assert english(drawn, "de") == ["Hit", "+37.50", "Your hand: 16 against a ten.", "BANKROLL"]
    assert english(["double", "Double"], "fr") == ["Double"]  # 'double' is French for 'doubles'


@pytest.mark.parametrize(("code", "badge", "stack", "summary"), [
    ("en", "BLACKJACK +37.50", "1000", "+1234.50"),
    ("de", "BLACKJACK +37,50", "1.000", "+1.234,50"),
    ("fr", "BLACKJACK +37,50", "1\u202f000", "+1\u202f234,50"),
    ("es", "BLACKJACK +37,50", "1.000", "+1.234,50"),
])
def test_bare_amounts_are_written_in_the_languages_digits(code, badge, stack, summary):
    apply(code, "EUR")
    hand = HandModel(stake=2500, result=Result.BLACKJACK, net=3750)
    assert hand.result_text() == badge
    assert amount(100_000) == stack
    assert _signed(123_450) == summary


@pytest.mark.parametrize(("code", "pace", "cards"), [
    ("en", "0.45", ["1 card a second", "2 cards a second", "2.5 cards a second"]),
    ("de", "0,45", ["1 Karte pro Sekunde", "2 Karten pro Sekunde", "2,5 Karten pro Sekunde"]),
    ("fr", "0,45", ["1 carte par seconde", "2 cartes par seconde", "2,5 cartes par seconde"]),
    ("es", "0,45", ["1 carta por segundo", "2 cartas por segundo", "2,5 cartas por segundo"]),
])
def test_drill_figures_and_their_counts_read_right(code, pace, cards):
    apply(code, "EUR")
    assert figure(0.45) == pace
    assert [ngettext("{n} card a second", "{n} cards a second", round(n)).format(n=figure(n))
            for n in (1.0, 2.0, 2.5)] == cards


@pytest.mark.parametrize(("code", "pairs"), [
    ("en", ["A PAIR OF 7s AGAINST A 10", "A PAIR OF ACES AGAINST A 6"]),
    ("de", ["EIN PAAR 7er GEGEN EINE 10", "EIN PAAR ASSE GEGEN EINE 6"]),
    ("fr", ["UNE PAIRE DE 7 CONTRE UN 10", "UNE PAIRE D'AS CONTRE UN 6"]),
    ("es", ["UNA PAREJA DE 7 CONTRA UN 10", "UNA PAREJA DE ASES CONTRA UN 6"]),
])
def test_a_pair_is_named_as_each_language_writes_it(code, pairs):
    apply(code, "EUR")
    spots = [Spot(parse_cards("7 7"), Card.parse("T")), Spot(parse_cards("A A"), Card.parse("6"))]
    assert [capitals(spot.describe()) for spot in spots] == pairs


@pytest.mark.parametrize(("code", "won", "won_two", "out_none"), [
    ("en", "won in 1 round", "won in 2 rounds", "out after 0 rounds"),
    ("de", "gewonnen in 1 Runde", "gewonnen in 2 Runden", "ausgeschieden nach 0 Runden"),
    ("fr", "gagné en 1 manche", "gagné en 2 manches", "éliminé après 0 manche"),
    ("es", "ganó en 1 ronda", "ganó en 2 rondas", "eliminado tras 0 rondas"),
])
def test_a_tournament_counts_its_rounds_in_each_language(code, won, won_two, out_none):
    apply(code, "USD")
    lines = best_lines([SimpleNamespace(rounds=n, won=w, player="Zoe", final_bankroll=25_000)
                        for n, w in ((1, True), (2, True), (0, False))])
    assert [line.rsplit(", ", 1)[1].split("   ")[0] for line, *_ in lines] == [won, won_two, out_none]


@pytest.mark.parametrize("text", [
    "Sechs Decks, Schnittkarte bei 75 %.",
    "Faux : rester coûte 1,8 % de la mise ; il fallait tirer une carte.",
    "« Ann » n'est pas un nombre de jeux : tapez par exemple 2,5 ou 2 1/2.",
])
def test_a_spaced_sign_never_starts_or_ends_a_wrapped_line(text):
    pygame.font.init()
    assets = Assets()
    for width in range(40, 400, 7):
        lines = wrap(assets, text, 22, width, bold=False)
        assert " ".join(lines) == text
        assert not any(line[0] in "%:;»" or line.endswith("«") for line in lines), (width, lines)
