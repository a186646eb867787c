"""The setup, counting, rules editor, statistics, review and drill screens speak the player's language:
their buttons and labels come from the catalogs, every count takes the language's plural form, the
German labels still fit their buttons, and English is as it was.

These run against the compiled catalogs (`tools/catalogs.py compile`); each test that changes the
language puts English back after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from engine import load_rules
from engine.count_drills import Reading
from engine.counting import Precision
from engine.i18n import use_language
from engine.store import PlayerStats
from engine.store.tournaments import TournamentResult
from game.app import App
from game.intents import Intent, IntentKind
from game.records import StatsData
from game.scene import Scene
from game.scenes.count_drill import CountDrillScene
from game.scenes.count_drills import DeckDrillScene, TrueCountDrillScene
from game.scenes.counting_setup import CountingScene
from game.scenes.drill import COUNT, DrillChoice, DrillSetupScene
from game.scenes.rules_editor import PAGES, RulesEditorScene, value_words
from game.scenes.session_review import SessionReviewScene
from game.scenes.setup import SetupScene
from game.scenes.speed_drill import SpeedDrillScene
from game.scenes.stats import StatsScene, stat_lines
from game.scenes.table_drill import TableCountDrillScene
from game.settings import Settings
from game.widgets import CREAM, Button

VEGAS = load_rules("vegas-strip")


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    """Choose the language for one test; English again after it, whatever happens."""
    yield use_language
    use_language("en")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """An app (at its title) whose context the screens are built on."""
    settings = Settings(speed="instant", sound=False, rules="vegas-strip")
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=4)
    yield made
    made.close()


def labels(scene: Scene) -> dict[str, str]:
    """Each of a screen's buttons by name: its label."""
    return {b.name: b.shown for b in scene.buttons.buttons}  # type: ignore[attr-defined]


def stats_data(rounds: int) -> StatsData:
    """A player's numbers with one double-up won in `rounds` rounds."""
    stats = PlayerStats(
        player="Ann", bankroll=120_000, rounds=rounds, hands=rounds, won=1, blackjacks=0, pushed=0, lost=0,
        busted=0, surrendered=0, net=20_000, wagered=5_000, expected=-50, luck=20_050, decisions=3,
        correct=3, ev_lost=0.0,
    )
    won = TournamentResult(id=1, player="Ann", won=True, final_bankroll=200_000, rounds=rounds,
                           rules="double-up", finished_at="2026-01-01")
    return StatsData(stats, [], [won])


def test_the_table_setup_speaks_spanish(app, language):
    language("es")
    setup = SetupScene(app.ctx)
    shown = labels(setup)
    assert (shown["play"], shown["back"], shown["load"], shown["edit"]) == (
        "Jugar", "Volver", "Cargar", "Editar reglas")
    assert shown["kind0"] == "Persona" and shown["count0"] == "Cuenta"
    assert setup.buttons.by_name("seats+").shown_tooltip == "Más puestos"
    setup.load_file()  # no path typed
    assert setup.error == "Escriba primero la ruta de un archivo de reglas."


def test_the_counting_screen_and_rules_editor_speak_french(app, language):
    language("fr")
    counting = CountingScene(app.ctx, names=["Ann"], rules_id="vegas-strip")
    assert labels(counting)["save"] == "Enregistrer" and labels(counting)["add"] == "Ajouter une rampe"
    counting.press("add")  # a first ramp: the button now adds a step
    assert labels(counting)["add"] == "Nouveau palier"
    assert counting.price_lines()[0] != "No ramp: add one to see what it earns."
    editor = RulesEditorScene(app.ctx, rules_id="vegas-strip")
    assert labels(editor)["save"] == "Enregistrer" and labels(editor)["back"] == "Retour"
    assert value_words("surrender", "late") == "Tardif" and value_words("insurance", True) == "Oui"


def test_a_count_of_one_is_singular_and_of_two_plural(app, language):
    english = [CountDrillScene(app.ctx, VEGAS, speed=speed).info_lines()[1] for speed in (1.0, 2.0)]
    assert english == ["1 card a second, one card at a time", "2 cards a second, one card at a time"]
    assert [stat_lines(stats_data(n))[-1][1] for n in (1, 2)] == ["won in 1 round", "won in 2 rounds"]
    language("es")
    setup = DrillSetupScene(app.ctx, DrillChoice(drill=COUNT, speed=1.0))
    assert setup.rows()[3][1] == "1 carta por segundo"
    setup = DrillSetupScene(app.ctx, DrillChoice(drill=COUNT, speed=2.0))
    assert setup.rows()[3][1] == "2 cartas por segundo"
    assert [stat_lines(stats_data(n))[-1][1] for n in (1, 2)] == ["ganado en 1 ronda", "ganado en 2 rondas"]
    language("fr")
    speed = [SpeedDrillScene(app.ctx, VEGAS, per_flash=n).info()[0].split(" · ")[0] for n in (1, 2)]
    assert speed == ["1 carte par flash", "2 cartes par flash"]


def test_the_drill_setup_rows_still_change_in_another_language(app, language):
    """The rows are told apart by their English labels; only the drawing translates them."""
    language("de")
    setup = DrillSetupScene(app.ctx, DrillChoice(drill=COUNT, speed=1.0))
    assert setup.rows()[3][0] == "Speed"
    setup.handle_event(Intent(IntentKind.CLICK, setup.buttons.by_name("next3").rect.center))
    assert setup.choice.speed == 2.0 and setup.rows()[3][1] == "2 Karten pro Sekunde"


def test_english_is_as_it_was(app):
    setup = SetupScene(app.ctx)
    assert labels(setup)["play"] == "Play" and labels(setup)["count0"] == "Count"
    assert value_words("penetration", 0.75) == "75%" and value_words("surrender", "late") == "Late"
    stats = dict(stat_lines(stats_data(2)))
    assert stats["Index plays"] == "—" and stats["Rounds played"] == "2"
    assert stats["Best double-up"] == "won in 2 rounds"


def button_fits(app: App, button: Button) -> bool:
    """Whether a button's label fits inside it at the smaller size the button falls back to."""
    size = 24 if button.rect.h >= 50 else 20
    width = app.ctx.assets.text(button.shown, size - 4, CREAM, bold=True).get_width()
    return width <= button.rect.w - 12


def test_every_german_button_label_fits_its_button(app, language):
    language("de")
    counting = CountingScene(app.ctx, names=["Ann"], rules_id="vegas-strip")
    counting.press("add")
    editors = []
    for page in range(len(PAGES)):
        editor = RulesEditorScene(app.ctx, rules_id="vegas-strip")
        editor.page = page
        editor._build()
        editors.append(editor)
    screens: list[Scene] = [
        SetupScene(app.ctx), counting, *editors, DrillSetupScene(app.ctx), StatsScene(app.ctx, ["Ann"]),
        SessionReviewScene(app.ctx, session="s1"), CountDrillScene(app.ctx, VEGAS),
        SpeedDrillScene(app.ctx, VEGAS), TableCountDrillScene(app.ctx, VEGAS, seed=1),
    ]
    too_long = [
        (type(screen).__name__, button.label)
        for screen in screens
        for button in screen.buttons.buttons  # type: ignore[attr-defined]
        if button.label and not button_fits(app, button)
    ]
    assert too_long == []


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_each_screen_draws_in_each_language(app, language, code):
    """Drawing formats every translated sentence with its placeholders: none may be lost or added."""
    language(code)
    surface = pygame.Surface((1280, 720))
    counting = CountingScene(app.ctx, names=["Ann"], rules_id="vegas-strip")
    counting.press("add")
    stats = StatsScene(app.ctx, ["Ann"])
    stats.data = stats_data(2)
    screens: list[Scene] = [
        SetupScene(app.ctx), counting, RulesEditorScene(app.ctx, rules_id="vegas-strip"),
        DrillSetupScene(app.ctx), stats, CountDrillScene(app.ctx, VEGAS), SpeedDrillScene(app.ctx, VEGAS),
        TableCountDrillScene(app.ctx, VEGAS, seed=1),
        TrueCountDrillScene(app.ctx, VEGAS, precision=Precision.QUARTER, seed=1),
        DeckDrillScene(app.ctx, VEGAS, reading=Reading.TRAY, seed=1),
    ]
    for screen in screens:
        screen.draw(surface)
    assert stat_lines(stats.data)[0][0] != "Bankroll"
