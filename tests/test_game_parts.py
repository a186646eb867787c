"""The game's parts on their own: the scene stack, the loop, settings, intents, layout and the CLI."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from engine import Result
from engine import events as ev
from game import layout
from game.app import MAX_CATCH_UP, STEP, App
from game.flow import SCENES
from game.intents import Intent, IntentKind, to_intent
from game.presenter import round_summary
from game.presenter.cues import event_cue
from game.scene import Go, Scene, SceneName, SceneStack
from game.settings import Settings, load_settings, save_settings, settings_path
from game.table_view import arc_lines, chips_for
from tests.test_game_helpers import make_app, press, run


class Probe(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__()
        self.name, self.log, self.updates = name, log, 0

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle_event(self, intent: Intent) -> bool:
        self.log.append(f"{self.name}.{intent.kind.name}")
        return True

    def update(self, dt: float) -> None:
        self.updates += 1


def test_scene_changes_wait_for_the_frame_boundary_and_drop_input_meant_for_the_old_scene():
    log: list[str] = []
    stack = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    stack.push(a)
    stack.apply()
    stack.push(b)
    assert stack.top is a, "a push takes effect only at the frame boundary"
    assert not stack.handle(Intent(IntentKind.HIT)), "input after a change request is dropped"
    stack.apply()
    assert stack.top is b
    stack.pop()
    stack.apply()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_replace_exits_the_old_scene_without_pausing_the_one_below():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.apply()
    stack.replace(Probe("b", log))
    stack.apply()
    assert log == ["a.enter", "a.exit", "b.enter"]


def test_a_scene_asked_for_by_name_is_made_at_once_and_shown_at_the_frame_boundary():
    log: list[str] = []
    asked: list[Go] = []

    def make(where: Go) -> Scene:
        asked.append(where)
        return Probe(f"{where.name}{where.args['n']}", log)

    stack = SceneStack(make)
    stack.push(Go(SceneName.TITLE, n=1))
    stack.apply()
    stack.replace(Go(SceneName.SETUP, n=2))
    assert [(where.name, where.args["n"]) for where in asked] == [(SceneName.TITLE, 1), (SceneName.SETUP, 2)]
    assert log == ["title1.enter"], "the new scene waits for the frame boundary"
    stack.apply()
    assert log == ["title1.enter", "title1.exit", "setup2.enter"]


def test_a_stack_given_no_factory_refuses_a_name_and_says_which():
    with pytest.raises(LookupError, match="TITLE"):
        SceneStack().push(Go(SceneName.TITLE))


def test_every_scene_name_is_registered():
    assert set(SCENES) == set(SceneName)


SHARED_SCENE_MODULES = {"base", "animating", "text", "counting_base"}
"""The modules of game/scenes that are not scenes: what scenes may import from one another."""


def test_scenes_import_no_other_scene_and_not_the_flow():
    """Imports run one way: game.flow imports the scenes; a scene imports only the shared modules below it."""
    wrong = []
    for path in sorted((Path(__file__).parents[1] / "game" / "scenes").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):  # every import: in functions, under TYPE_CHECKING
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                parts = name.split(".")
                scene = parts[:2] == ["game", "scenes"] and len(parts) > 2
                if parts[:2] in (["game", "flow"], ["game", "app"]) or (
                    scene and parts[2] not in SHARED_SCENE_MODULES
                ):
                    wrong.append(f"{path.name} imports {name}")
    assert not wrong


def test_a_long_stall_runs_at_most_the_catch_up_cap_of_fixed_steps():
    app = make_app()
    try:
        probe = Probe("p", [])
        app.stack.push(probe)
        app.stack.apply()
        app.step(STEP)
        assert probe.updates == 1
        app.step(2.0)
        assert probe.updates == 1 + MAX_CATCH_UP
    finally:
        app.close()


def test_keys_become_intents_in_one_table():
    def key(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0)

    same = lambda pos: pos  # noqa: E731
    assert to_intent(key(pygame.K_h), same) == Intent(IntentKind.HIT)
    assert to_intent(key(pygame.K_SPACE), same) == Intent(IntentKind.CONFIRM)
    assert to_intent(key(pygame.K_BACKSPACE), same) == Intent(IntentKind.CLEAR)
    assert to_intent(key(pygame.K_3), same) == Intent(IntentKind.BET_ADD, value=2)
    assert to_intent(key(pygame.K_F11), same) == Intent(IntentKind.FULLSCREEN)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=3)
    assert to_intent(click, same) == Intent(IntentKind.RIGHT_CLICK, pos=(10, 20))
    assert to_intent(key(pygame.K_z), same) == Intent(IntentKind.KEY)  # any other key: demo mode leaves
    assert to_intent(key(pygame.K_z), same, text_mode=True) is None
    assert to_intent(key(pygame.K_LEFT), same, text_mode=True) == Intent(IntentKind.PAGE, value=-1), (
        "a field has no cursor, so the arrows still step a choice beside it"
    )


def test_settings_are_remembered_between_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(tmp_path))
    assert load_settings() == (Settings(), None)
    chosen = Settings(rules="six-to-five", speed="fast", sound=False, volume=0.3, four_color=True)
    assert save_settings(chosen) is None
    assert settings_path() == tmp_path / "settings.json"
    assert load_settings() == (chosen, None)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\xff\xfe"])
def test_a_corrupt_settings_file_gives_defaults_and_a_message(tmp_path, monkeypatch, text):
    monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(text, encoding="latin-1")
    settings, message = load_settings()
    assert settings == Settings() and message and "damaged" in message


def test_a_bad_setting_is_reset_and_named(tmp_path, monkeypatch):
    monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"speed": "warp", "volume": 0.5}))
    settings, message = load_settings()
    assert settings.speed == "normal" and settings.volume == 0.5
    assert message and "speed" in message


def test_the_table_says_when_the_settings_file_was_damaged(tmp_path, monkeypatch):
    monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text("{oops")
    app = App(seed=1)
    try:
        assert "damaged" in app.ctx.note
    finally:
        app.close()


def test_the_titles_warning_takes_the_key_hints_place_and_leaves_the_title_and_buttons_clear(
    tmp_path, monkeypatch
):
    def title_screen(config: Path) -> pygame.Surface:
        monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(config))
        app = App(seed=1, data_dir=tmp_path / "data")
        try:
            run(app, 0.2)
            return app.screen.copy()
        finally:
            app.close()

    def pixels(screen: pygame.Surface, rect: pygame.Rect) -> bytes:
        return pygame.image.tobytes(screen.subsurface(rect).copy(), "RGB")

    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "settings.json").write_text("{oops")
    warned, plain = title_screen(tmp_path / "broken"), title_screen(tmp_path / "fine")
    panel = layout.title_panel_rect()
    above_the_hints = pygame.Rect(panel.x, panel.y, panel.w, panel.h - 60)
    assert pixels(warned, above_the_hints) == pixels(plain, above_the_hints), (
        "the logo, the rules line and the buttons are drawn as without the warning"
    )
    hints = pygame.Rect(panel.x + 140, panel.bottom - 50, panel.w - 280, 32)
    assert pixels(warned, hints) != pixels(plain, hints), "the warning is where the key hints were"


def test_the_settings_overlay_changes_speed_and_saves_it(tmp_path, monkeypatch):
    monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(tmp_path))
    app = make_app()
    try:
        press(app, pygame.K_o)
        assert type(app.stack.top).__name__ == "SettingsScene"
        overlay = app.stack.top
        overlay.change("speed", 1)
        overlay.change("deck", 1)
        press(app, pygame.K_ESCAPE)
        assert type(app.stack.top).__name__ == "BettingScene"
        saved, _ = load_settings()
        assert saved.speed == "normal" and saved.four_color  # instant -> (wraps to) normal
        assert app.ctx.assets.four_color
    finally:
        app.close()


def test_new_rules_from_the_settings_reprint_the_felt(tmp_path, monkeypatch):
    monkeypatch.setenv("BLACKJACK_CONFIG_DIR", str(tmp_path))
    app = make_app()
    try:
        press(app, pygame.K_o)
        app.ctx.change_settings(app.ctx.settings.with_changes(rules="six-to-five"))
        press(app, pygame.K_ESCAPE)
        run(app)
        assert app.ctx.session.rules.blackjack_pays.denominator == 5
        assert "6 TO 5" in arc_lines(app.ctx.session.rules)[0]
    finally:
        app.close()


def test_the_printed_arc_follows_the_rules():
    from engine import load_rules

    assert arc_lines(load_rules("vegas-strip")) == (
        "BLACKJACK PAYS 3 TO 2",
        "DEALER MUST STAND ON ALL 17s  \u2022  INSURANCE PAYS 2 TO 1",
    )
    h17 = load_rules("six-to-five").with_changes(dealer_hits_soft_17=True, insurance=False, even_money=False)
    assert arc_lines(h17) == ("BLACKJACK PAYS 6 TO 5", "DEALER HITS SOFT 17  \u2022  LATE SURRENDER")


def test_chips_for_an_amount_use_the_biggest_chips_first():
    assert chips_for(63_600) == [(500, 1), (100, 1), (25, 1), (5, 2), (1, 1)]


def test_seven_seat_positions_run_left_to_right_along_the_arc():
    xs = [layout.seat_position(i)[0] for i in range(7)]
    assert xs == sorted(xs) and xs[0] > 40 and xs[-1] < 1240
    assert layout.table_positions(1) == [3]


def test_trainer_panels_sit_on_the_canvas_clear_of_the_shoe_the_tray_and_the_message_bar():
    canvas = pygame.Rect((0, 0), layout.CANVAS_SIZE)
    fixtures = [layout.shoe_rect(), layout.discard_rect(), layout.message_rect()]
    hint_panels = [layout.trainer_hint_rect(5, layout.table_positions(seats)) for seats in (1, 6, 7)]
    side_panels = [layout.trainer_count_rect(5), *hint_panels, layout.trainer_quiz_rect()]
    for panel in [*side_panels, layout.trainer_chart_rect()]:
        assert canvas.contains(panel)
    for panel in side_panels:
        assert panel.collidelist(fixtures) == -1, panel
    assert layout.trainer_quiz_rect().contains(layout.trainer_quiz_field_rect())
    yes, no = layout.confirm_button_rects().values()
    assert layout.dialog_rect().contains(yes.union(no)) and not yes.colliderect(no)


@pytest.mark.parametrize("seats", range(1, 8))
def test_the_hint_panel_leaves_every_seats_cards_and_the_dealers_two_cards_in_view(seats):
    positions = layout.table_positions(seats)
    hint = layout.trainer_hint_rect(5, positions)
    dealer = [layout.dealer_card_rect(i, 2) for i in range(2)]
    cards = [
        layout.card_rect(p, 0, 1, card, layout.seat_room(p, positions))
        for p in positions
        for card in range(3)
    ]
    assert hint.collidelist([*dealer, *cards, layout.plate_rect(max(positions))]) == -1


DEALER_NATURAL = ev.DealerFinished(total=21, soft=True, blackjack=True, bust=False)


def settled(seat: int, result: Result, net: int, hand: int = 0) -> ev.HandSettled:
    return ev.HandSettled(
        seat=seat, hand=hand, result=result, stake=2500, net=net, paid=2500 + net, bankroll=100_000 + net
    )


@pytest.mark.parametrize(
    ("events", "said"),
    [
        ([DEALER_NATURAL, settled(0, Result.LOSE, -2500)], "Dealer has blackjack. You lose $25."),
        ([DEALER_NATURAL, settled(0, Result.PUSH, 0)], "Dealer has blackjack. Push: you break even."),
        (
            [ev.EvenMoneyTaken(seat=0), settled(0, Result.BLACKJACK, 2500), DEALER_NATURAL],
            "Dealer has blackjack. Even money: you win $25.",
        ),
        (
            [
                ev.InsuranceSettled(seat=0, amount=1250, net=2500, bankroll=100_000),
                DEALER_NATURAL,
                settled(0, Result.LOSE, -2500),
            ],
            "Dealer has blackjack. Insurance pays $25: you break even.",
        ),
        (
            [DEALER_NATURAL, settled(0, Result.LOSE, -2500), settled(0, Result.LOSE, -2500, hand=1)],
            "Dealer has blackjack. You lose $50.",
        ),
        ([settled(0, Result.WIN, 2500)], "You win $25."),
    ],
)
def test_the_round_summary_names_a_dealer_blackjack_and_what_the_events_paid(events, said):
    assert round_summary(events, {0: "You"}, alone=True) == said


def test_the_round_summary_names_each_person_after_a_dealer_blackjack():
    events = [
        ev.InsuranceSettled(seat=1, amount=1250, net=2500, bankroll=100_000),
        DEALER_NATURAL,
        settled(0, Result.LOSE, -2500),
        settled(1, Result.LOSE, -2500),
        settled(2, Result.LOSE, -2500),
    ]
    said = round_summary(events, {0: "Ann", 1: "Bob"}, alone=False)
    assert said == "Dealer has blackjack. Ann -25 · Bob even."
    assert round_summary(events, {}, alone=False) == "Dealer has blackjack. Round over."


def test_only_the_peoples_settled_hands_are_heard():
    people = frozenset({0})
    assert event_cue(settled(0, Result.WIN, 2500), people) == ("win", 1.0)
    assert event_cue(settled(0, Result.SURRENDER, -1250), people) == ("lose", 1.0)
    assert event_cue(settled(1, Result.WIN, 2500), people) is None
    assert event_cue(ev.HandBusted(seat=1, hand=0, total=24), people) == ("lose", 0.6)


def test_first_frame_is_drawn_and_enter_on_the_title_opens_the_setup():
    app = App(seed=1, settings=Settings(sound=False))
    try:
        app.step()
        assert app.screen.get_size() == layout.CANVAS_SIZE
        assert type(app.stack.top).__name__ == "TitleScene"
        press(app, pygame.K_RETURN)
        run(app, 0.05)
        assert type(app.stack.top).__name__ == "SetupScene"
    finally:
        app.close()


def test_cli_runs_headless_frames_saves_a_screenshot_and_prints_frame_stats(tmp_path):
    shot = tmp_path / "shot.png"
    env = dict(os.environ, BLACKJACK_CONFIG_DIR=str(tmp_path))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "--frames",
            "90",
            "--autoplay",
            "--seed",
            "4",
            "--screenshot",
            str(shot),
            "--frame-stats",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parent.parent,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 90 and 0 < stats["p50_ms"] <= stats["p99_ms"]
    image = pygame.image.load(str(shot))
    assert image.get_size() == layout.CANVAS_SIZE


def test_escape_opens_the_settings_and_its_quit_button_ends_the_game():
    app = make_app()
    try:
        press(app, pygame.K_ESCAPE)
        overlay = app.stack.top
        assert type(overlay).__name__ == "SettingsScene"
        quit_button = overlay.buttons.by_name("quit").rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=quit_button, button=1))
        app.step()
        app.step()
        assert not app.running
    finally:
        app.close()


def test_label_cache_is_a_bounded_lru_that_keeps_recent_labels():
    from game.assets import TEXT_CACHE_SIZE, Assets

    pygame.font.init()
    assets = Assets()
    kept = assets.text("Deal", 16)
    for amount in range(TEXT_CACHE_SIZE * 2):
        assets.text(f"${amount}", 16)
        assert assets.text("Deal", 16) is kept, "a label drawn every frame stays cached"
    assert len(assets._text) == TEXT_CACHE_SIZE
