"""The table's scenes in German, French and Spanish (issue 22): what they draw, their counts, and
that every button's label fits the button in each language.

These read the compiled catalogs (`tools/catalogs.py compile`); each test puts English back.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest

from engine.i18n import _, use_language
from game.app import App
from game.assets import Assets
from game.scene import Go, SceneName
from game.scenes.tournament import best_lines
from game.settings import Settings
from game.widgets import Button
from tests.test_game_helpers import bet_and_deal, chip, click, press, run, top, wait_for_player

LANGUAGES = ("de", "fr", "es")


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Switches the game's language, and the system's, so an App opened next speaks it too;
    English again after the test, whatever happened."""

    def choose(code: str) -> None:
        monkeypatch.setenv("LANGUAGE", code)
        use_language(code)

    yield choose
    use_language("en")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every label the assets render from now on (the words the window shows)."""
    texts: list[str] = []
    plain, shadowed = Assets.text, Assets.shadowed_text

    def text(self: Assets, words: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(words)
        return plain(self, words, *args, **kwargs)  # type: ignore[arg-type]

    def shadowed_text(self: Assets, words: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(words)
        return shadowed(self, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Assets, "text", text)
    monkeypatch.setattr(Assets, "shadowed_text", shadowed_text)
    return texts


def labels(app: App) -> dict[str, str]:
    """The visible buttons of the top scene, by name."""
    return {b.name: b.shown for b in top(app).buttons.buttons if b.visible}  # type: ignore[attr-defined]


def test_the_betting_scene_draws_its_buttons_and_bankroll_in_french(apps, speak, drawn):
    speak("fr")
    app = apps("T 6 9 T 4")
    run(app, 0.1)
    for words in ("Distribuer", "Effacer", "Remiser", "Remiser ×2", "Quitter sabot", "Réglages", "CAPITAL"):
        assert words in drawn, words
    assert not {"Deal", "Clear", "Rebet", "Settings", "BANKROLL"} & set(drawn)


def test_a_refused_bet_is_explained_in_german_with_the_amount(apps, speak):
    speak("de")
    app = apps("T 6 9 T 4", rules="home-game")
    app.ctx.session.table._bankrolls[0] = 3000
    app.ctx.presenter.seats[0].bankroll = 3000
    click(app, chip(25))
    click(app, chip(25))
    assert app.ctx.note == "Nicht genug Jetons: Sie haben 30\u00a0€."


def test_the_plays_and_the_prompt_are_in_german(apps, speak):
    speak("de")
    app = apps("T 6 9 T 4")
    bet_and_deal(app, 25)
    wait_for_player(app)
    shown = labels(app)
    assert [shown[name] for name in ("hit", "stand", "double", "split", "surrender")] == [
        "Karte", "Bleiben", "Verdoppeln", "Teilen", "Aufgeben"]
    assert app.ctx.presenter.message.startswith("Ihre Hand: ")


def test_english_comes_back_after_another_language(apps, speak):
    speak("de")
    speak("en")
    app = apps("T 6 9 T 4")
    bet_and_deal(app, 25)
    wait_for_player(app)
    assert labels(app)["hit"] == "Hit"
    assert app.ctx.presenter.message.startswith("Your hand: ")


def test_the_insurance_offer_is_answered_with_spanish_buttons(apps, speak):
    speak("es")
    app = apps("T A 9 7")
    bet_and_deal(app, 25)
    wait_for_player(app)
    shown = labels(app)
    assert (shown["yes"], shown["no"]) == ("Seguro", "Sin seguro")


def result(rounds: int, won: bool) -> SimpleNamespace:
    """A best tournament result as the history gives it."""
    return SimpleNamespace(rounds=rounds, won=won, player="Zoe", final_bankroll=25_000)


def test_a_tournament_won_in_one_round_says_round_not_rounds(speak):
    assert best_lines([result(1, True)])[0][0] == "1. Zoe: $250, won in 1 round"
    assert best_lines([result(2, False)])[0][0] == "1. Zoe: $250, out after 2 rounds"
    speak("de")
    assert best_lines([result(1, True), result(3, True)])[0][0] == "1. Zoe: $250, gewonnen in 1 Runde"
    assert best_lines([result(1, True), result(3, True)])[1][0] == "2. Zoe: $250, gewonnen in 3 Runden"
    speak("fr")
    assert best_lines([result(1, False)])[0][0] == "1. Zoe\u00a0: $250, éliminé après 1 manche"
    assert best_lines([result(4, False)])[0][0] == "1. Zoe\u00a0: $250, éliminé après 4 manches"


def other_labels() -> dict[str, tuple[str, ...]]:
    """The labels a button takes besides the one it shows now (by button name), in the language in use."""
    return {"deal": (_("Deal"), _("Bet"), _("Next round"), _("The result")),
            "sitout": (_("Sit out"), _("Leave shoe")), "mistake": (_("With a mistake"), _("Mistakes or not")),
            "shoes": (_("Shoes"), _("Rounds")), "session": (_("All sittings"),),
            "play": (_("Play"), _("Pause"))}


def too_wide(app: App) -> list[str]:
    """The visible buttons of the top scene whose label (or another it takes) overflows even at the
    smaller type (`Button.draw` drops the size by 4 once; nothing past that)."""
    assets = app.ctx.assets
    wide = []
    for b in top(app).buttons.buttons:  # type: ignore[attr-defined]
        assert isinstance(b, Button)
        size = 24 if b.rect.h >= 50 else 20
        for label in (b.shown, *other_labels().get(b.name, ())) if b.visible else ():
            if assets.font(size - 4, True).size(label)[0] > b.rect.w - 12:
                wide.append(f"{b.name}: {label!r}")
    return wide


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_button_of_the_table_fits_its_label(apps, speak, code):
    speak(code)
    app = apps("T A 9 7 T 6 9 T 4")
    run(app, 0.1)
    wide = too_wide(app)
    press(app, pygame.K_o)  # the settings, over the betting
    wide += too_wide(app)
    press(app, pygame.K_ESCAPE)
    bet_and_deal(app, 25)
    wait_for_player(app)  # the insurance offer
    wide += too_wide(app)
    press(app, pygame.K_n)
    wait_for_player(app)  # the plays
    wide += too_wide(app)
    assert not wide


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_button_away_from_the_table_fits_its_label(speak, code):
    speak(code)
    app = App(settings=Settings(sound=False))
    try:
        run(app, 0.1)
        wide = too_wide(app)
        for where in (Go(SceneName.SETTINGS, at_table=False), Go(SceneName.HISTORY), Go(SceneName.TOURNAMENT),
                      Go(SceneName.LEADERBOARD, ending=False), Go(SceneName.HOW_TO_PLAY),
                      Go(SceneName.REPLAY, record="not a record")):
            app.stack.push(where)
            run(app, 0.1)
            wide += too_wide(app)
        assert not wide
    finally:
        app.close()
