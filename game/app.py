"""The App: a window (or a dummy one), a fixed-timestep loop at 60 steps a second, and the scene stack.

`App.step(dt)` is the whole frame (input, fixed updates, drawing) and is public so tests
and benchmarks advance time without a clock. `run_game(args)` is what `blackjack` calls.

Scenes draw on the fixed logical canvas (`layout.CANVAS_SIZE`, `App.screen`); `present()`
shows it in a window of any size and shape, scaled to fit whole and letterboxed
(`layout.fit_rect`), and mouse positions are mapped back through the same rectangle. The
canvas is copied as it is at the native size, doubled pixel for pixel at whole multiples
(2560x1440: no blur) and smoothly scaled otherwise. In a window larger than the canvas the
cards and chips are then drawn again from their full-size art wherever they still show
(`assets.NotingSurface` notes where they were drawn), so they stay sharp; text and panels
are not redrawn: they are the scaled canvas's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame

import sprites
from blackjack.language import speak
from engine import BlackjackError, CardSource
from engine.i18n import _, language
from engine.rulesets import saved_table_file
from engine.store.folder_lock import hold_folder
from engine.tables import tables_folder
from game import layout
from game.assets import SAME_PIXEL, Assets, NotingSurface
from game.autoplay import Policy
from game.context import GameContext, make_presenter
from game.flow import first_scenes, make_scene
from game.focus import Focus, draw_pad_glyphs, is_arrow, shows
from game.intents import Intent, IntentKind, key_table, to_intent
from game.narration import Narrator
from game.pacing import IDLE_POLL, INPUT_LOOK, Pacer, fingerprint
from game.records import Records
from game.scene import SceneStack
from game.seats import SeatsError, SeatSpec
from game.session import Session
from game.settings import Settings, load_settings, settings_path
from game.sound import Sounds
from game.table_view import TableView
from game.tween import reduce_motion
from game.voice import SPEAK_EVENT, Speaker, find_speaker
from game.widgets import MessageBar

STEP = 1 / 60
"""The fixed simulation step, in seconds."""

WARM_BUDGET = 0.003
"""Seconds per frame spent loading sprites ahead of need, after the frame is shown."""

FRAME_TIMES_KEPT = 200_000
"""The most frame times kept for the statistics (the oldest half is dropped past it)."""

MAX_CATCH_UP = 5
"""The most fixed steps one frame may run after a stall; the rest of the lag is dropped."""

HEADLESS_DRIVERS = ("dummy", "offscreen")
"""SDL video drivers that show nothing: SDL falls back to them when there is no display."""

VOICE_KEYS = frozenset({IntentKind.SAY_AGAIN, IntentKind.SAY_HAND, IntentKind.SAY_DEALER,
                        IntentKind.SAY_BANKROLL, IntentKind.SAY_COUNT})
"""The keys that ask the voice for something (the first press turns the voice on)."""

EXIT_NO_DISPLAY = 1
"""Exit status when there is no display for the window: the machine's state, not a usage error (2)."""


class App:
    """The game: display, assets, the shared table context and the scene stack."""

    def __init__(
        self,
        *,
        rules: str | None = None,
        seed: int | None = None,
        fullscreen: bool = False,
        autoplay: bool = False,
        seats: int = 1,
        shoe: CardSource | None = None,
        settings: Settings | None = None,
        bots: dict[int, Policy] | None = None,
        start: str = "title",
        data_dir: str | Path | None = None,
        settings_dir: str | Path | None = None,
        seat_specs: list[SeatSpec] | None = None,
        shoe_factory: Callable[[], CardSource] | None = None,
        lang: str | None = None,
        find_voice: Callable[[], Speaker | None] | None = None,
    ) -> None:
        """Open the window and the first scene.

        `data_dir` is where the history database lives (None: nothing is saved);
        `settings_dir` where settings.json lives (None: the config folder). `seat_specs`
        opens that table directly (the `--seats` option); `shoe_factory` makes the shoe of
        each table opened from the setup (tests stack the cards). `lang` is --lang: it
        overrides the saved language for this run without changing the saved one. `find_voice`
        finds the voice when self-voicing is on (None: the platform's, `game.voice.find_speaker`;
        tests record).
        """
        self.started_at = time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Blackjack")
        pygame.display.set_icon(Assets().image(sprites.ICON_FILE))  # before set_mode, as SDL asks
        # A headless driver's "desktop" is a made-up size: its window keeps the canvas's.
        self._windowed_size = first_window_size([] if _headless() else pygame.display.get_desktop_sizes())
        """The window's size when it is not full screen (kept while it is, to come back to)."""
        self._set_window(fullscreen)
        self._shown_size: tuple[int, int] | None = None
        """The window size last seen by the loop (a new size is shown even while the canvas is still)."""
        if os.environ.get("BLACKJACK_WINDOW_ID"):
            print(f"window {pygame.display.get_wm_info().get('window')}", file=sys.stderr, flush=True)
        note = None
        settings_file = settings_path(settings_dir)
        if settings is None:
            settings, note = load_settings(settings_file)
        tables = tables_folder(data_dir) if data_dir is not None else None
        if rules is not None:
            settings = settings.with_changes(rules=str(saved_table_file(rules, tables) or rules))
        self.settings = settings
        speak(lang, settings.language, settings.currency)
        self.assets = Assets(
            four_color=settings.four_color, ui_scale=settings.ui_scale, high_contrast=settings.high_contrast
        )
        self.screen = NotingSurface(layout.CANVAS_SIZE, self.assets, like=pygame.display.get_surface())
        """The logical canvas every scene draws on; `present()` scales it into the window."""
        reduce_motion(settings.reduced_motion)
        layout.scale_controls(settings.ui_scale)
        self.sounds = Sounds(enabled=settings.sound, volume=settings.volume)
        try:
            session = Session.open(settings.rules, seats=seats, seed=seed, shoe=shoe, bots=bots)
        except BlackjackError:
            if rules is not None:
                raise
            note = _("The saved rules {rules} could not be loaded; playing Vegas Strip.").format(
                rules=repr(settings.rules))
            settings = settings.with_changes(rules="vegas-strip")
            self.settings = settings
            session = Session.open(settings.rules, seats=seats, seed=seed, shoe=shoe, bots=bots)
        records = Records(data_dir) if data_dir is not None else None
        self.ctx = GameContext(
            assets=self.assets,
            sounds=self.sounds,
            settings=settings,
            session=session,
            presenter=make_presenter(session, settings, self.sounds),
            view=TableView(self.assets),
            autoplay=autoplay,
            records=records,
            settings_file=settings_file,
            tables=tables,
            seed=seed,
            shoe_factory=shoe_factory,
        )
        if autoplay:
            self._autoplay_everyone(session)
        if note:
            self.ctx.warn(note)
        self.assets.warm_queue((layout.CARD_SIZE, layout.SMALL_CARD_SIZE), (layout.STACK_CHIP_WIDTH, 38))
        ctx = self.ctx
        self.stack = SceneStack(lambda where: make_scene(ctx, where))
        try:
            openings = first_scenes(start, seat_specs, self.settings, seed)
        except SeatsError:
            pygame.display.quit()  # refused: the game does not start, and its window goes
            raise
        for where in openings:
            self.stack.push(where)
        self.stack.apply()
        self.running = True
        self.fullscreen = fullscreen
        self._window: Any = None
        """The SDL window as pygame._sdl2 wraps it, made once and kept (see `_keep_minimum_size`)."""
        self._lag = 0.0
        self.pacer: Pacer | None = None
        """What says when the live loop may sleep (None outside `run`'s paced loop)."""
        self.frames = 0
        self.frame_times: list[float] = []
        self.present_times: list[float] = []
        self.first_frame_at: float | None = None
        self.first_frame_wall: float | None = None
        """Wall-clock time of the first frame shown (for launch-time measurements)."""
        self.find_voice = find_voice or (lambda: find_speaker(language))
        self.narrator: Narrator | None = None
        """The voice's narrator while self-voicing is on and a voice was found."""
        self.voice_missing = False
        """Whether the voice was looked for and not found (it is looked for again when turned on again)."""
        self.focus = Focus()
        self.pad_in_use = False
        """Whether the last input came from a gamepad (its buttons are then shown on screen)."""
        self.pads: dict[int, Any] = {}
        """Open game controllers by joystick instance id (kept open, or SDL sends no events)."""
        self.keys = key_table(self.settings.keys)
        self._applied: Settings | None = None
        self._apply_settings()
        self._open_pads()

    def _autoplay_everyone(self, session: Session) -> None:
        """Under autoplay the basic bot plays every seat nobody gave a bot (people keep their seats)."""
        from engine.bots import CardWatcher
        from game.autoplay import EngineBot

        watcher = session.watcher or CardWatcher()
        session.watcher = watcher
        for seat in range(session.seats):
            if seat not in session.bots:
                session.bots[seat] = EngineBot("basic", session.rules, self.ctx.odds, watcher)

    # ---- the frame ---------------------------------------------------------------------

    @property
    def window_size(self) -> tuple[int, int]:
        """The window's size in pixels now."""
        return pygame.display.get_surface().get_size()

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position on the logical canvas, through the scaling and the letterbox."""
        return layout.window_to_canvas(pos, self.window_size)

    def handle_input(self) -> None:
        """Turn waiting pygame events into intents and give them to the top scene."""
        events = pygame.event.get()
        if events and self.pacer is not None:
            self.pacer.stir(time.monotonic())
        for event in events:
            if event.type == pygame.VIDEORESIZE:
                self._keep_minimum_size(event.w, event.h)
                continue
            if event.type == pygame.VIDEOEXPOSE:
                self._shown_size = None  # the window lost its picture: show it again, still or not
                continue
            if self._device_event(event):
                continue
            top = self.stack.top
            intent = to_intent(event, self.to_canvas, text_mode=top is not None and top.wants_text,
                               keys=self.keys, shown=partial(shows, top),
                               raw_keys=bool(getattr(top, "wants_raw_keys", False)))
            if intent is None:
                continue
            if intent.kind is IntentKind.QUIT:
                self.running = False
            elif intent.kind is IntentKind.FULLSCREEN:
                self.toggle_fullscreen()
            elif not self._voice_or_focus(intent, event):
                self.stack.handle(intent)

    def _device_event(self, event: pygame.event.Event) -> bool:
        """Keep track of pads and of which device was used last; True when the event is used up here."""
        if event.type == SPEAK_EVENT:
            if self.narrator is not None:
                self.narrator.say(event.text)
            return True
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._open_pads()
            return True
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(event.instance_id, None)
            self.pad_in_use = self.pad_in_use and bool(self.pads)
            return True
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            self.pad_in_use = True
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.pad_in_use = False
            if event.type != pygame.KEYDOWN:
                self.focus.drop()  # the pointer is in use again
        return False

    def _voice_or_focus(self, intent: Intent, event: pygame.event.Event) -> bool:
        """The voice keys, the focus keys and pressing the focused control; True when handled here."""
        top = self.stack.top
        if intent.kind is IntentKind.TEXT and self.narrator is not None and intent.text:
            self.narrator.say(intent.text, interrupt=True)  # typing is echoed, letter by letter
            return False
        if intent.kind in VOICE_KEYS:
            if self.narrator is not None:
                self.narrator.answer(intent)
            elif not self.ctx.settings.voice:  # a voice key is how someone who cannot see turns it on
                self.ctx.change_settings(self.ctx.settings.with_changes(voice=True))
            return True
        if intent.kind is IntentKind.FOCUS:
            moved = self.focus.move(top, intent.value or 1)
            if moved is not None:
                control, point = moved
                self.stack.handle(point)
                if self.narrator is not None:
                    self.narrator.focused(top, control)
            return True
        pressed = event.type == pygame.CONTROLLERBUTTONDOWN and event.button == pygame.CONTROLLER_BUTTON_A
        if (intent.kind is IntentKind.CONFIRM or pressed) and not (top is not None and top.wants_text):
            click, pressing = self.focus.press(top), self.focus.current(top)
            if click is not None and pressing is not None:
                self.stack.handle(click)
                stays = not self.stack.changing and (is_arrow(pressing) or hasattr(top, "describe_control"))
                if self.narrator is not None and stays:  # say the control again, with the value it changed
                    self.narrator.focused(top, pressing)
                return True
        return False

    def _open_pads(self) -> None:
        """Open every game controller plugged in (SDL sends a pad's events only while it is open)."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            for index in range(controller.get_count()):
                if controller.is_controller(index):
                    pad = controller.Controller(index)
                    self.pads[pad.as_joystick().get_instance_id()] = pad
        except (ImportError, pygame.error):  # no controller support in this SDL build or driver
            pass

    def _apply_settings(self) -> None:
        """Follow changed settings: the key table, and the voice turned on or off."""
        settings = self.ctx.settings
        if settings is self._applied:
            return
        self._applied = settings
        self.keys = key_table(settings.keys)
        if settings.voice and self.narrator is None and not self.voice_missing:
            speaker = self.find_voice()
            if speaker is not None:
                self.narrator = Narrator(speaker, self.ctx)
                self.narrator.say(_("Voice on."))
            else:  # looked for once each time the voice is turned on, and said once
                self.voice_missing = True
                self.ctx.warn(_("No voice was found, so the game is silent: install speech-dispatcher "
                                "(spd-say) to hear it."))
        elif not settings.voice:
            self.voice_missing = False
            if self.narrator is not None:
                self.narrator.speaker.close()
                self.narrator = None

    def post(self, intent: Intent) -> None:
        """Give an intent straight to the top scene (tests and tools)."""
        self.stack.handle(intent)

    def step(self, dt: float = STEP) -> None:
        """One frame: input, then fixed updates for the time that passed, then drawing."""
        self.handle_input()
        self.stack.apply()
        self._lag += dt
        steps = 0
        while self._lag >= STEP - 1e-9 and steps < MAX_CATCH_UP:
            self.stack.update(STEP)
            self.stack.apply()
            self._lag -= STEP
            steps += 1
        if steps == MAX_CATCH_UP:
            self._lag = min(self._lag, STEP)
        self.stack.apply()
        if not self.stack.scenes:
            self.running = False
            return
        self._apply_settings()
        self._follow_look()
        self.screen.notes.clear()
        self.screen.noting = layout.fit_rect(self.window_size).w > layout.CANVAS_SIZE[0]  # enlarged only
        if self.narrator is not None:
            self.narrator.frame(self.stack.top)
        self.draw(self.screen)
        self.frames += 1
        if self.frames == 1 and self.ctx.records is not None:
            self.ctx.records.start()  # the database opens once the first frame is drawn

    def draw(self, canvas: NotingSurface) -> None:
        """Paint a frame on `canvas`: the shown scenes, then the keyboard's focus ring and the pad's keys."""
        self.stack.draw(canvas)
        self.focus.draw(canvas, self.stack.top)
        if self.pad_in_use:
            draw_pad_glyphs(canvas, self.ctx.assets, self.stack.top)
        if not self.stack.tracks_drawing:
            canvas.damage = None  # something may have drawn where the canvas cannot tell

    def _follow_look(self) -> None:
        """Apply the UI scale, contrast and reduced motion the settings hold now (Settings changes them)."""
        settings = self.ctx.settings
        reduce_motion(settings.reduced_motion)
        layout.scale_controls(settings.ui_scale)
        if self.assets.set_look(ui_scale=settings.ui_scale, high_contrast=settings.high_contrast):
            self.ctx.view = TableView(self.assets)  # its felt, plates and pills were drawn in the old look
            self.ctx.bar = MessageBar()

    @property
    def busy(self) -> bool:
        """Whether the top scene waits on background work (an analysis, the database)."""
        top = self.stack.top
        return top is not None and top.busy

    def wait_while_busy(self, timeout: float = 120.0) -> None:
        """Block until the top scene stops waiting on background work (captures and tests only).

        Raises TimeoutError when it still waits after `timeout` seconds.
        """
        deadline = time.monotonic() + timeout
        while self.busy:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{type(self.stack.top).__name__} still waits after {timeout} s")
            time.sleep(0.005)
            self.stack.update(0.0)
            self.stack.apply()

    def window_changed(self) -> bool:
        """Whether the window changed size (or lost its picture) since the last call: a still canvas must
        then be shown again."""
        size = self.window_size
        changed, self._shown_size = size != self._shown_size, size
        return changed

    def present(self) -> None:
        """Show the drawn canvas in the window: scaled to fit, centred, black bars on the rest."""
        window = pygame.display.get_surface()
        size = window.get_size()
        view = layout.fit_rect(size)
        if view.size == layout.CANVAS_SIZE:
            window.blit(self.screen, view)
        else:
            scale = view.w / layout.CANVAS_SIZE[0]
            target = window.subsurface(view)
            if scale == int(scale) and view.h == layout.CANVAS_SIZE[1] * int(scale):
                pygame.transform.scale(self.screen, view.size, target)  # whole multiple: pixels, no blur
            else:
                pygame.transform.smoothscale(self.screen, view.size, target)
            self._sharpen(window, view)
        if view.size != size:
            for bar in _letterbox(size, view):
                window.fill((0, 0, 0), bar)
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_wall = time.time()

    def _sharpen(self, window: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the noted cards and chips again from their art at the window's scale, on the pixels where
        each still shows (where nothing was drawn over it since), in the order they were drawn."""
        scale = view.w / layout.CANVAS_SIZE[0]
        for sprite, rect in self.screen.notes:
            sharp = self.assets.sharp(sprite, scale)
            if sharp is None:
                continue
            image, opaque, big_opaque = sharp
            shows = pygame.mask.from_threshold(
                self.screen.subsurface(rect), (0, 0, 0, 0), SAME_PIXEL, othersurface=sprite
            ).overlap_mask(opaque, (0, 0))
            shows = shows.scale(image.get_size()).overlap_mask(big_opaque, (0, 0))
            at = (view.x + round(rect.x * scale), view.y + round(rect.y * scale))
            shows.to_surface(window, setsurface=image, unsetcolor=None, dest=at)

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the full screen (the desktop's size; the table letterboxed in it)."""
        if not self.fullscreen:
            self._windowed_size = self.window_size
        try:
            self._set_window(not self.fullscreen)
            self.fullscreen = not self.fullscreen
        except pygame.error as error:
            self.ctx.warn(_("Fullscreen is not available here ({error}).").format(error=error))
        self._shown_size = None

    def _set_window(self, fullscreen: bool) -> None:
        """Open (or change) the window: resizable at its windowed size, or the whole desktop."""
        desktops = pygame.display.get_desktop_sizes()
        size, flags = (desktops[0], pygame.FULLSCREEN) if fullscreen and desktops else (
            self._windowed_size, pygame.RESIZABLE
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer available" on software-only machines
            pygame.display.set_mode(size, flags)

    def _keep_minimum_size(self, width: int, height: int) -> None:
        if width >= layout.MIN_WINDOW[0] and height >= layout.MIN_WINDOW[1]:
            return
        try:
            from pygame._sdl2.video import Window

            if self._window is None:
                # Kept for the App's life: SDL's window events point at this object, and once a
                # throwaway one is freed the next event.get() crashes (a segfault).
                self._window = Window.from_display_module()
            self._window.size = (
                max(width, layout.MIN_WINDOW[0]),
                max(height, layout.MIN_WINDOW[1]),
            )
        except Exception:  # not every video driver lets a window be resized
            pass

    def run(self, frames: int | None = None, *, fixed_dt: bool = False, pace: bool | None = None) -> None:
        """The loop: 60 frames a second until quit (or `frames` frames, for captures).

        A paced loop (the default for a live game, not for captures) sleeps while the picture is
        still, so an idle table costs next to no processor (`game.pacing`).
        """
        paced = pace if pace is not None else frames is None and not fixed_dt
        self.pacer = pacer = Pacer(time.monotonic()) if paced else None
        clock = pygame.time.Clock()
        clock.tick()
        count = 0
        while self.running and (frames is None or count < frames):
            if fixed_dt and count:
                self.wait_while_busy()  # a captured run shows finished work, however fast the machine
            if pacer is not None and pacer.idle and not self.busy:  # a job's result may change the picture
                self._sleep_for_input()
                dt = min(clock.tick() / 1000.0, 0.25)
            else:
                dt = STEP if fixed_dt else min(clock.tick(60) / 1000.0, 0.25)
            began = time.perf_counter()
            self.step(dt)
            drawn = time.perf_counter()
            if pacer is None or not pacer.wants_sample() or self.window_changed() or pacer.drawn(
                fingerprint(self.screen), time.monotonic()
            ):
                self.present()
            self.frame_times.append(drawn - began)
            self.present_times.append(time.perf_counter() - began)
            if len(self.frame_times) > FRAME_TIMES_KEPT:  # hours of demo must not grow memory
                del self.frame_times[: FRAME_TIMES_KEPT // 2]
                del self.present_times[: FRAME_TIMES_KEPT // 2]
            self.use_spare_time()
            count += 1
            if fixed_dt and not _headless():
                clock.tick(60)

    def use_spare_time(self) -> None:
        """Work ahead in the time a frame leaves: the table's looks once its cards on their way have landed
        (`TableView.prepare`), then sprites and labels before they are needed (`Assets.warm`)."""
        if self.stack.tracks_drawing:  # at the table
            self.ctx.view.prepare(self.ctx.presenter)
        self.assets.warm(WARM_BUDGET)

    def _sleep_for_input(self) -> None:
        """Sleep until input waits or the idle poll passes.

        Short sleeps and a look at the queue, not `pygame.event.wait`: pygame waits with a
        timeout by polling every millisecond, which alone costs a few percent of a core.
        """
        deadline = time.monotonic() + IDLE_POLL
        while time.monotonic() < deadline:
            time.sleep(INPUT_LOOK)
            if pygame.event.peek():
                return

    def frame_stats(self) -> dict[str, float | int]:
        """Frame-time figures (update and draw, measured inside the loop) in milliseconds."""
        return {
            "frames": len(self.frame_times),
            "p50_ms": round(_percentile(self.frame_times, 50) * 1000, 3),
            "p99_ms": round(_percentile(self.frame_times, 99) * 1000, 3),
            "max_ms": round(max(self.frame_times, default=0.0) * 1000, 3),
            "p99_with_present_ms": round(_percentile(self.present_times, 99) * 1000, 3),
            "first_frame_s": round((self.first_frame_at or self.started_at) - self.started_at, 3),
            "first_frame_wall": self.first_frame_wall or 0.0,
        }

    def screenshot(self, path: str | Path) -> None:
        """Save the logical canvas as a PNG."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        """Leave every scene, finish queued saves and shut pygame down."""
        while self.stack.scenes:
            self.stack.pop()
            self.stack.apply()
        if self.ctx.records is not None:
            self.ctx.journal.close(self.ctx.records)  # the table closes: its shoe is revealed
            self.ctx.records.close()
        self.sounds.close()
        if self.narrator is not None:
            self.narrator.speaker.close()
        pygame.display.quit()


def _headless() -> bool:
    return pygame.display.get_driver() in HEADLESS_DRIVERS


def first_window_size(desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The window's first size: the canvas's, shrunk to fit a smaller desktop with room for its frame.

    >>> first_window_size([(1920, 1080)]), first_window_size([(1024, 768)]), first_window_size([])
    ((1280, 720), (921, 518), (1280, 720))
    """
    if not desktops:
        return layout.CANVAS_SIZE
    room = (desktops[0][0] * 0.9, desktops[0][1] * 0.9)
    scale = min(1.0, room[0] / layout.CANVAS_SIZE[0], room[1] / layout.CANVAS_SIZE[1])
    return (
        max(layout.MIN_WINDOW[0], int(layout.CANVAS_SIZE[0] * scale)),
        max(layout.MIN_WINDOW[1], int(layout.CANVAS_SIZE[1] * scale)),
    )


def _letterbox(size: tuple[int, int], view: pygame.Rect) -> list[pygame.Rect]:
    """The bars of a window of `size` around the canvas's `view` (above and below, or left and right)."""
    return [
        pygame.Rect(0, 0, size[0], view.y),
        pygame.Rect(0, view.bottom, size[0], size[1] - view.bottom),
        pygame.Rect(0, 0, view.x, size[1]),
        pygame.Rect(view.right, 0, size[0] - view.right, size[1]),
    ]


def say_where_data_lives(data_dir: Path, settings_file: Path) -> None:
    """On the first launch with a data folder (no database in it yet), say in one line where things are kept.

    Standard error, because standard output carries `--frame-stats`' JSON.
    """
    from engine.store import DATABASE_NAME

    if not (data_dir / DATABASE_NAME).exists():
        print(
            f"blackjack: first launch: profiles, history and saved tables are kept in {data_dir}, "
            f"settings in {settings_file}",
            file=sys.stderr,
        )


def no_display_problem(frames: int | None) -> str | None:
    """Why the window cannot be shown on this machine, or None when it can (or need not be).

    With no display SDL either fails or quietly opens an invisible window and would play
    on unseen; that is refused unless the run is a headless one asked for by `--frames`
    or by choosing SDL_VIDEODRIVER.
    """
    try:
        pygame.display.init()
    except pygame.error as error:
        return f"no display could be opened ({error})"
    if frames is None and not os.environ.get("SDL_VIDEODRIVER") and _headless():
        pygame.display.quit()
        return "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    return None


def _percentile(values: list[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def run_game(args: argparse.Namespace, data_dir: Path) -> int:
    """Open the table as the command line asks, keeping history in `data_dir`; return the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    frames = getattr(args, "frames", None)
    problem = no_display_problem(frames)
    if problem is not None:
        print(
            f"blackjack: {problem}; start it from a desktop session, or run it headless with "
            "SDL_VIDEODRIVER=dummy and --frames N [--screenshot PATH]",
            file=sys.stderr,
        )
        return EXIT_NO_DISPLAY
    explicit = getattr(args, "data_dir", None)
    specs = None
    if getattr(args, "seats", None):
        from game.seats import parse_seats

        specs = parse_seats(args.seats)
    # A second game on the folder stops here, with one line saying why.
    with hold_folder(data_dir) as unguarded:
        if unguarded is None:
            say_where_data_lives(data_dir, settings_path(explicit))
        else:
            print(f"blackjack: {unguarded}", file=sys.stderr)
        app = App(
            rules=getattr(args, "rules", None),
            seed=getattr(args, "seed", None),
            fullscreen=bool(getattr(args, "fullscreen", False)),
            autoplay=bool(getattr(args, "autoplay", False)),
            data_dir=data_dir if unguarded is None else None,  # never a second writer on the folder
            settings_dir=explicit,
            seat_specs=specs,
            start="demo" if getattr(args, "demo", False) else "title",
            lang=getattr(args, "lang", None),
        )
        if unguarded is not None:
            app.ctx.warn(
                _("This game saves nothing: its data folder cannot be guarded against a second game."))
        try:
            app.run(frames, fixed_dt=frames is not None)
            if getattr(args, "screenshot", None):
                try:
                    app.screenshot(args.screenshot)
                except (OSError, pygame.error) as error:  # checked before the window opened; disks still fill
                    print(f"blackjack: --screenshot {args.screenshot}: cannot save it ({error})",
                          file=sys.stderr)
                    return 2
            if getattr(args, "frame_stats", False):
                print(json.dumps(app.frame_stats()), flush=True)
        finally:
            app.close()
    return 0
