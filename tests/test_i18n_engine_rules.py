"""The engine's rules, guide and reasons in German, French and Spanish, once a language is chosen.

These read the compiled catalogs (`tools/catalogs.py compile`); money and percentages are
built with the same formatters the sentences use, so the tests hold whatever formatter the
game installs.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from engine.actions import Action
from engine.errors import IllegalActionError, InvalidBetError, RulesError
from engine.hand import HandValue
from engine.how_to_play import how_to_play
from engine.i18n import money, percent, use_language
from engine.rule_words import (
    OPTION_HELP,
    RULE_GROUPS,
    describe_rules,
    description_words,
    felt_phrases,
    rules_in_words,
    short_description,
)
from engine.rules import joined_problems
from engine.rulesets import load_rules, with_option
from engine.shoe import StackedShoe
from engine.table import Table
from engine.tables import BrokenTable, broken_note


@pytest.fixture
def speak():
    """Choose a language for one test; English again afterwards, whatever happens."""
    yield use_language
    use_language("en")


@pytest.mark.parametrize(
    ("code", "one_deck", "six_decks"),
    [
        ("de", "Ein Deck, Schnittkarte bei {cut}.", "Sechs Decks, Schnittkarte bei {cut}."),
        ("fr", "Un jeu, coupe à {cut}.", "Six jeux, coupe à {cut}."),
        ("es", "Una baraja, corte al {cut}.", "Seis barajas, corte al {cut}."),
    ],
)
def test_one_deck_and_six_decks_take_the_languages_singular_and_plural(speak, code, one_deck, six_decks):
    speak(code)
    single = rules_in_words(load_rules("single-deck"))
    strip = rules_in_words(load_rules("vegas-strip"))
    assert single.startswith(one_deck.format(cut=percent(Fraction(3, 5), 0)))
    assert strip.startswith(six_decks.format(cut=percent(Fraction(3, 4), 0)))


def test_the_rule_card_reads_like_a_german_casino_card(speak):
    speak("de")
    words = rules_in_words(load_rules("vegas-strip"))
    assert "Der Croupier bleibt bei jeder 17 und prüft auf Blackjack." in words
    assert "Verdoppeln auf zwei beliebige Karten, auch nach dem Teilen." in words
    assert "Teilen bis zu vier Händen; Asse einmal, je eine Karte." in words
    assert "Versicherung zahlt 2 zu 1; Even Money wird angeboten. Blackjack zahlt 3 zu 2." in words
    assert words.endswith(f"Einsätze {money(1000)} bis {money(50000)}.")


def test_french_and_spanish_say_the_payout_as_their_casinos_do(speak):
    speak("fr")
    assert felt_phrases(load_rules("european")) == (
        "Le blackjack paie 3 contre 2", "Le croupier reste à 17", "Pas de carte cachée",
        "L'assurance paie 2 contre 1",
    )
    speak("es")
    assert felt_phrases(load_rules("european"))[:2] == (
        "Blackjack paga 3 a 2", "El crupier se planta con todo 17",
    )


def test_headings_are_translated_and_keep_their_english_key(speak):
    speak("de")
    groups = describe_rules(load_rules("double-up"))
    assert [g.title for g in groups][:3] == ["Der Tisch", "Der Schlitten", "Der Croupier"]
    assert [g.key for g in groups] == [title for title, _options in RULE_GROUPS]


def test_option_help_is_read_in_the_language_chosen_after_import(speak):
    assert OPTION_HELP["decks"].label == "Decks"
    speak("es")
    assert OPTION_HELP["decks"].line == (
        "Barajas: cuántas barajas tiene el zapato; infinito saca cada carta de una baraja completa."
    )
    speak("en")
    assert OPTION_HELP["dealer_hits_soft_17"].line == "Dealer hits soft 17: the dealer draws to A-6."


def test_how_to_play_is_written_in_the_chosen_language(speak):
    speak("fr")
    guide = how_to_play(load_rules("vegas-strip"))
    titles = [section.title for section in guide]
    assert titles[:3] == ["Le but", "Valeur des cartes", "Mains souples et blackjack"]
    assert guide[2].paragraphs[0].text == (
        "Une main avec un as compté 11 est souple\u00a0: un as et un six font 17 souple."
    )
    payouts = next(section for section in guide if section.title == "Paiements")
    assert payouts.paragraphs[1].text.startswith(
        f"Le blackjack paie 3 contre 2\u00a0: une mise de {money(1000)} gagne {money(1500)}."
    )


def test_a_hand_total_is_said_in_the_language(speak):
    speak("de")
    assert (HandValue(17, True).describe(), HandValue(24, False).describe()) == ("Soft 17", "überkauft 24")
    speak("es")
    assert HandValue(17, True).describe() == "17 blando"


def test_a_refused_rule_names_the_option_by_its_translated_label(speak):
    speak("de")
    with pytest.raises(RulesError) as refused:
        with_option(load_rules("vegas-strip"), "max_bet", 5)
    assert refused.value.words == (
        f"Höchsteinsatz: {money(500)} liegt unter dem Mindesteinsatz von {money(1000)}"
    )
    assert str(refused.value) == "max_bet: 5 liegt unter min_bet 10"  # keys as the file writes them


def test_several_problems_are_counted_in_words_with_the_plural(speak):
    speak("fr")
    assert joined_problems(["a", "b"]) == "deux problèmes\u00a0: (1) a. (2) b."


def test_an_illegal_action_says_why_in_the_language(speak):
    speak("es")
    table = Table(load_rules("vegas-strip"), [("Ann", 10_000)], shoe=StackedShoe("T 7 9 T 8"))
    played = table.start_round()
    with pytest.raises(InvalidBetError, match=r"^no se puede apostar 5: la apuesta mínima es 10$"):
        played.place_bet(0, 500)
    played.place_bet(0, 1000)
    played.deal()
    with pytest.raises(IllegalActionError) as refused:
        played.act(Action.SPLIT)
    assert str(refused.value) == "no se puede separar: Ann no es pareja: sus cartas no son del mismo rango"


def test_left_out_tables_are_counted_with_the_languages_plural(speak):
    broken = [BrokenTable(name, Path(f"{name}.toml"), "x") for name in ("Odd", "Deep")]
    speak("de")
    assert broken_note(broken) == (
        "2 gespeicherte Tische, die sich nicht laden lassen, wurden weggelassen: "
        "\u201cOdd\u201d, \u201cDeep\u201d (siehe blackjack rules)."
    )


def test_a_description_made_from_the_rules_is_read_in_the_language_and_saved_in_english(speak):
    changed = load_rules("vegas-strip").with_changes(decks=1)
    described = changed.with_changes(description=short_description(changed))
    speak("de")
    assert described.description.startswith("One deck, dealer stands on soft 17")
    assert description_words(described) == (
        "Ein Deck, Croupier bleibt bei Soft 17, Verdoppeln auf zwei beliebige, Verdoppeln nach Teilen, "
        "Teilen bis zu 4 Händen, spätes Aufgeben, Blackjack zahlt 3:2."
    )
    assert description_words(changed.with_changes(description="Our Friday game.")) == "Our Friday game."
    assert description_words(changed.with_changes(description="")) == ""
