"""The player's language and money: choosing it, the catalogs' completeness, plural forms, money in
each locale, and names the table's font cannot draw."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from blackjack.language import CURRENCIES, choose, money_formatter, number_formatter, speak, system_language
from engine.i18n import (
    LanguageError,
    available_languages,
    language,
    money,
    ngettext,
    number,
    percent,
    use_language,
)

ROOT = Path(__file__).resolve().parent.parent
NBSP, NNBSP = "\u00a0", "\u202f"


def load_catalogs_tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- choosing ---------------------------------------------------------------------------------


def test_every_language_the_issue_names_ships():
    assert set(available_languages()) >= {"en", "de", "fr", "es"}


def test_the_command_line_beats_the_saved_choice_which_beats_the_system():
    german_desktop = {"LANG": "de_DE.UTF-8"}
    assert choose("fr", "es", german_desktop) == "fr"
    assert choose("fr_CA.UTF-8", "", german_desktop) == choose("FR", "", german_desktop) == "fr"
    assert choose(None, "es", german_desktop) == "es"
    assert choose(None, "", german_desktop) == "de"
    assert choose(None, "klingon", german_desktop) == "de"  # a saved language no longer shipped
    assert system_language({"LANGUAGE": "pt_BR:es"}) == "es"
    assert system_language({"LANG": "ja_JP.UTF-8"}) == "en"


def test_a_language_not_shipped_is_one_sentence_naming_it():
    with pytest.raises(LanguageError, match=r"There is no language 'xx'; the game speaks en, "):
        choose("xx", "")
    assert language() == "en"


def test_bad_lang_on_the_command_line_is_one_line_and_status_2():
    for argv in (["--lang", "xx", "rules"], ["rules", "--lang", "xx"], ["--lang", "xx", "--frames", "1"]):
        done = subprocess.run([sys.executable, "-m", "blackjack", *argv], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 2, argv
        assert done.stderr.strip().splitlines() == ["blackjack: There is no language 'xx'; the game speaks "
                                                    + ", ".join(available_languages()) + "."]


def test_rules_in_words_follow_lang_before_or_after_the_command():
    def words(*argv: str) -> str:
        done = subprocess.run([sys.executable, "-m", "blackjack", *argv], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    english = words("rules", "vegas-strip", "--words")
    german = words("rules", "vegas-strip", "--words", "--lang", "de")
    assert german == words("--lang", "de", "rules", "vegas-strip", "--words")
    french = words("rules", "vegas-strip", "--words", "--lang", "fr")
    assert len({english, german, french}) == 3


# ---- money and numbers ------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "currency", "expected"), [
    ("en", "USD", ["$10", "$1,234.50", "-$2.50", "+$5"]),
    ("en", "GBP", ["£10", "£1,234.50", "-£2.50", "+£5"]),
    ("de", "EUR", [f"10{NBSP}€", f"1.234,50{NBSP}€", f"-2,50{NBSP}€", f"+5{NBSP}€"]),
    ("fr", "EUR", [f"10{NBSP}€", f"1{NNBSP}234,50{NBSP}€", f"-2,50{NBSP}€", f"+5{NBSP}€"]),
    ("es", "EUR", [f"10{NBSP}€", f"1.234,50{NBSP}€", f"-2,50{NBSP}€", f"+5{NBSP}€"]),
    ("es", "USD", [f"10{NBSP}$", f"1.234,50{NBSP}$", f"-2,50{NBSP}$", f"+5{NBSP}$"]),
])
def test_money_is_written_as_the_locale_writes_it(code, currency, expected):
    speak(code, "", currency)
    assert [money(1000), money(123450), money(-250), money(500, sign=True)] == expected


def test_plain_chips_count_in_each_language():
    speak("de", "", "chips")
    assert (money(100), money(1000)) == ("1 Jeton", "10 Jetons")
    speak("fr", "", "chips")
    assert (money(0), money(100), money(200)) == ("0 jeton", "1 jeton", "2 jetons")  # French: 0 is singular


def test_every_currency_formats_in_every_language():
    for code in available_languages():
        for currency in CURRENCIES:
            text = money_formatter(code, currency)(123456789, False)
            assert "1" in text and "234" in text and "567" in text and "89" in text, (code, currency, text)


def test_numbers_and_percentages_use_the_locale_digits():
    speak("de", "", "EUR")
    assert (number(1234.5, 1), percent(-0.00523)) == ("1.234,5", "-0,52 %")
    speak("en", "", "USD")
    assert (number(1234.5, 1), percent(-0.00523)) == ("1,234.5", "-0.52%")
    assert number_formatter("fr")(__import__("decimal").Decimal("1234.5"), 2) == f"1{NNBSP}234,50"


def test_a_euro_tournament_pays_in_euros():
    """The double-up seed's tournament in euros, as its text has it, when euros are chosen."""
    speak("en", "", "EUR")
    assert money(10_000) == "€100"


# ---- plural forms and the catalogs -------------------------------------------------------------


@pytest.mark.parametrize(("code", "forms"), [
    ("de", {0: "0 Jetons", 1: "1 Jeton", 2: "2 Jetons"}),
    ("fr", {0: "0 jeton", 1: "1 jeton", 2: "2 jetons"}),
    ("es", {0: "0 fichas", 1: "1 ficha", 2: "2 fichas"}),
    ("en", {0: "0 chips", 1: "1 chip", 2: "2 chips"}),
])
def test_plural_forms_follow_each_languages_rule(code, forms):
    use_language(code)
    for count, expected in forms.items():
        assert ngettext("{amount} chip", "{amount} chips", count).format(amount=count) == expected


def test_every_catalog_is_complete_keeps_its_placeholders_and_is_compiled():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogs.py"), "check"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_the_check_catches_a_missing_message_a_lost_placeholder_and_a_missing_plural(tmp_path, monkeypatch):
    catalogs = load_catalogs_tool()
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "area.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Dealer draws {card}."\nmsgstr "Der Croupier zieht."\n\n'
        'msgid "{n} deck"\nmsgid_plural "{n} decks"\nmsgstr[0] "{n} Deck"\n',
        encoding="utf-8")
    monkeypatch.setattr(catalogs, "PO_DIR", tmp_path)
    template = catalogs.Catalog(domain="blackjack")
    template.add("Dealer draws {card}.")
    template.add(("{n} deck", "{n} decks"))
    template.add("Stand")
    found = list(catalogs.problems(template, "de"))
    assert any("'Dealer draws {card}.'" in line and "placeholders" in line for line in found)
    assert "de: '{n} deck' is not translated" in found  # one of its two forms is missing
    assert "de: 'Stand' is not translated" in found


def test_two_translations_of_one_message_are_refused(tmp_path, monkeypatch):
    catalogs = load_catalogs_tool()
    (tmp_path / "de").mkdir()
    for area, word in (("a", "Bleiben"), ("b", "Stehen")):
        (tmp_path / "de" / f"{area}.po").write_text(f'msgid "Stand"\nmsgstr "{word}"\n', encoding="utf-8")
    monkeypatch.setattr(catalogs, "PO_DIR", tmp_path)
    with pytest.raises(catalogs.CatalogError, match="translated two ways"):
        catalogs.merged("de")


# ---- names the font cannot draw ---------------------------------------------------------------


def test_a_typed_name_the_font_cannot_draw_is_refused_with_a_sentence():
    from game.widgets import TextField

    field = TextField("name", __import__("pygame").Rect(0, 0, 200, 40))
    field.type("Zoë ♠")
    assert (field.text, field.refused) == ("Zoë ♠", None)
    field.type("王")
    assert field.text == "Zoë ♠"
    assert field.refused == "The table cannot show U+738B; use other letters."
    field.type("x")
    assert (field.text, field.refused) == ("Zoë ♠x", None)


def test_the_refusal_speaks_the_players_language():
    from game.glyphs import refusal

    use_language("de")
    assert refusal("王") == "Der Tisch kann U+738B nicht darstellen; bitte andere Buchstaben verwenden."


def test_a_seat_named_in_characters_the_font_lacks_is_refused_on_the_command_line():
    from game.seats import SeatsError, parse_seats

    with pytest.raises(SeatsError, match=r"seat 2: The table cannot show U\+4E2D U\+6587"):
        parse_seats("Ann,中文")
    assert [spec.name for spec in parse_seats("♠Ann,Zoë,José")] == ["♠Ann", "Zoë", "José"]


def test_a_name_from_an_old_file_is_drawn_without_boxes():
    """A name saved before the check came in is drawn with '?' for what the font lacks, never boxes."""
    import pygame

    from game.assets import Assets

    pygame.font.init()
    assets = Assets()
    drawn, expected = assets.text("A王", 20), assets.text("A?", 20)
    assert drawn.get_size() == expected.get_size()
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_the_coverage_list_is_the_fonts_own():
    fonttools = pytest.importorskip("fontTools.ttLib")
    from game.glyphs import FONT_FILE, drawable

    assert drawable() == frozenset(fonttools.TTFont(FONT_FILE).getBestCmap())
    for text in "♠♥♦♣€£$ÄÖÜßéèêçñ¿¡«»–—…→−≤≥":
        assert ord(text) in drawable(), text


def test_every_translation_can_be_drawn():
    """No catalog says a word the table's font would draw as a box."""
    from game.glyphs import undrawable

    catalogs = load_catalogs_tool()
    for code in catalogs.languages():
        for message in catalogs.merged(code):
            for text in (message.string,) if isinstance(message.string, str) else message.string:
                assert not undrawable(text), (code, message.id, text)


# ---- the settings ------------------------------------------------------------------------------


def test_settings_change_the_language_and_the_money_at_once_and_keep_them(apps, tmp_path):
    from game.scenes.settings_menu import SettingsScene
    from game.settings import load_settings

    app = apps(settings_dir=tmp_path)
    app.ctx.settings_file = tmp_path / "settings.json"
    scene = SettingsScene(app.ctx)
    while app.ctx.settings.language != "de":
        scene.change("language", 1)
    assert language() == "de"
    assert money(123450) == f"1.234,50{NBSP}€"  # no currency chosen: the language's region's
    assert scene.value_text("language") == "Deutsch"
    while app.ctx.settings.currency != "chips":
        scene.change("currency", 1)
    assert money(1000) == "10 Jetons"
    saved, note = load_settings(app.ctx.settings_file)
    assert (saved.language, saved.currency, note) == ("de", "chips", None)
    while app.ctx.settings.language != "":
        scene.change("language", -1)
    assert language() == "en" and money(1000) == "10 chips"
    assert scene.value_text("language") == "System: English"


def test_a_saved_currency_that_is_not_one_is_reset_and_named(tmp_path):
    from game.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text('{"currency": "yen", "language": "de"}', encoding="utf-8")
    settings, note = load_settings(path)
    assert (settings.currency, settings.language) == ("", "de")
    assert note == "Some settings were invalid and were reset: currency."


def test_the_game_opens_in_the_saved_language_and_lang_overrides_it_for_the_run():
    from game.app import App
    from game.settings import Settings

    App(settings=Settings(language="fr", sound=False), start="betting").close()
    assert language() == "fr" and money(1000) == f"10{NBSP}€"
    App(settings=Settings(language="fr", currency="GBP", sound=False), start="betting", lang="es").close()
    assert language() == "es" and money(1000) == f"10{NBSP}£"


def test_a_message_missing_from_a_catalog_falls_back_to_english():
    from engine.i18n import _

    use_language("de")
    assert _("Language") == "Sprache"
    assert _("A sentence no catalog has {x}.").format(x=1) == "A sentence no catalog has 1."
    assert ngettext("{n} thing no catalog has", "{n} things no catalog has", 2).format(n=2) == (
        "2 things no catalog has")


def test_a_language_chosen_in_settings_relabels_the_table_underneath_at_once(apps):
    """The betting scene was built in English; its buttons read German as soon as German is chosen."""
    from game.scenes.settings_menu import SettingsScene

    app = apps()
    clear = app.stack.top.buttons.by_name("clear")
    assert (clear.shown, clear.shortcut_text()) == ("Clear", "Clear (Backspace)")
    scene = SettingsScene(app.ctx)
    while app.ctx.settings.language != "de":
        scene.change("language", 1)
    assert clear.shown == "Löschen"
    assert "Rücktaste" in clear.shortcut_text()
