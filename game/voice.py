"""Self-voicing: the sentences the table says, spoken through the platform's speech service.

A `Speaker` takes whole sentences. `find_speaker()` picks the machine's voice: speech-dispatcher's
`spd-say` (or eSpeak NG) on Linux and BSD, `say` on macOS, the SAPI voice through PowerShell on
Windows; none found gives `None` and the game runs silent (saying so once in the window).
Speaking never blocks a frame: a worker thread runs one speech process at a time. Sentences queue
behind the one being spoken (so the dealer's card is heard before the prompt that follows it),
while `interrupt=True` (a key the player pressed to hear something now) stops the speech and
drops what was waiting. A queue longer than `MAX_WAITING` drops its oldest sentences, so the voice
never falls minutes behind a fast table.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

MAX_WAITING = 4
"""The most sentences kept waiting behind the one being spoken; older ones are dropped."""

Command = Callable[[str, str], list[str]]
"""Builds the argument list that speaks `text` in language `lang` ('en', 'de', ...)."""


class Speaker(Protocol):
    """Something that says sentences aloud (or records them, in tests)."""

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Speak `text` after what is being said, or at once (stopping it) when `interrupt`."""

    def close(self) -> None:
        """Stop speaking and let go of the speech service."""


class RecordingSpeaker:
    """A speaker that keeps every sentence it is given, in order (tests read `spoken`)."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.interrupts: list[str] = []
        """The sentences that were asked to interrupt."""

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Record the sentence."""
        self.spoken.append(text)
        if interrupt:
            self.interrupts.append(text)

    def close(self) -> None:
        """Nothing to let go of."""


def _spd_say(text: str, lang: str) -> list[str]:
    # -w waits until the sentence is spoken, so the worker knows when the next may start.
    return ["spd-say", "-w", "-l", lang, "--", text]


def _espeak(name: str) -> Command:
    def command(text: str, lang: str) -> list[str]:
        return [name, "-v", lang, "--", text]

    return command


def _say(text: str, lang: str) -> list[str]:
    return ["say", "--", text]


_POWERSHELL_SPEAK = (
    "Add-Type -AssemblyName System.Speech; "
    "$v = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
    "$v.Speak([Console]::In.ReadToEnd())"
)


def _powershell(text: str, lang: str) -> list[str]:
    return ["powershell", "-NoProfile", "-NonInteractive", "-Command", _POWERSHELL_SPEAK]


SPD_CANCEL = ["spd-say", "--cancel"]
"""Stops speech-dispatcher's speech: ending `spd-say -w` only stops the waiting, not the voice."""

BACKENDS: dict[str, Sequence[tuple[str, Command, list[str] | None]]] = {
    "linux": (
        ("spd-say", _spd_say, SPD_CANCEL),
        ("espeak-ng", _espeak("espeak-ng"), None),
        ("espeak", _espeak("espeak"), None),
    ),
    "darwin": (("say", _say, None),),
    "win32": (("powershell", _powershell, None),),
}
"""Per platform, the speech commands tried in order: (program, how it is called, what stops its voice
when ending the process is not enough)."""


class CommandSpeaker:
    """Speaks each sentence by running a speech command on a worker thread, one at a time."""

    def __init__(
        self,
        command: Command,
        *,
        language: Callable[[], str],
        stdin_text: bool = False,
        stop: list[str] | None = None,
    ) -> None:
        """`language` answers the language to speak now; `stdin_text` sends the sentence on standard input;
        `stop` is run to silence the voice when ending the speech process does not."""
        self.command = command
        self.stop = stop
        self.language = language
        self.stdin_text = stdin_text
        self.waiting: deque[str] = deque(maxlen=MAX_WAITING)
        self.lock = threading.Condition()
        self.process: subprocess.Popen[bytes] | None = None
        self.closed = False
        self.failed = False
        """Whether a speech command could not be run (the voice then falls silent)."""
        self.generation = 0
        """Counts interrupts: a speech started before the latest one is stale."""
        self.cut = False
        """Whether speech was cut short and the backend's `stop` command is still to run."""
        self.thread = threading.Thread(target=self._work, name="voice", daemon=True)
        self.thread.start()

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Queue the sentence (a full queue drops its oldest); `interrupt` stops the speech first.

        Never waits on a process: starting speech and running `stop` happen on the worker.
        """
        with self.lock:
            if interrupt:
                self.generation += 1
                self.waiting.clear()
                self.cut = self._end_speech() or self.cut
            self.waiting.append(text)
            self.lock.notify()

    def _end_speech(self) -> bool:
        """End the speech process, if one is speaking (the lock is held); whether one was."""
        if self.process is None or self.process.poll() is not None:
            return False
        self.process.terminate()
        return True

    def _work(self) -> None:
        while True:
            with self.lock:
                while not self.waiting and not self.closed and not self.cut:
                    self.lock.wait()
                if self.closed:
                    return
                cut, self.cut = self.cut, False
                text = self.waiting.popleft() if self.waiting else None
                generation = self.generation
            if cut and self.stop is not None:
                self._run(self.stop)
            if text is None:
                continue
            try:
                process = subprocess.Popen(
                    self.command(text, self.language()),
                    stdin=subprocess.PIPE if self.stdin_text else subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            except OSError:
                with self.lock:
                    self.failed = self.closed = True
                return
            with self.lock:
                self.process = process
                stale = self.closed or generation != self.generation
            if stale:  # interrupted (or closed) while it started
                process.terminate()
            elif self.stdin_text and process.stdin is not None:
                with contextlib.suppress(OSError):  # stopped before it read the sentence
                    process.stdin.write(text.encode("utf-8"))
                    process.stdin.close()
            process.wait()

    @staticmethod
    def _run(command: list[str]) -> None:
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=5, check=False)

    def close(self) -> None:
        """Stop speaking and end the worker."""
        with self.lock:
            self.closed = True
            self.waiting.clear()
            self._end_speech()
            self.lock.notify()
        self.thread.join(timeout=1.0)


def find_speaker(
    language: Callable[[], str],
    *,
    platform: str = sys.platform,
    which: Callable[[str], str | None] = shutil.which,
) -> CommandSpeaker | None:
    """The platform's voice, or None when no speech command is installed."""
    key = "linux" if platform.startswith(("linux", "freebsd", "openbsd")) else platform
    for program, command, stop in BACKENDS.get(key, ()):
        if which(program):
            return CommandSpeaker(command, language=language, stdin_text=command is _powershell, stop=stop)
    return None


SPEAK_EVENT = pygame.event.custom_type()
"""A pygame event carrying a sentence (`text`) for the voice: how a scene speaks without holding the voice."""


def announce(text: str) -> None:
    """Hand a sentence to the voice, if one is on (the App takes it from the event queue)."""
    with contextlib.suppress(pygame.error):  # no event queue (pygame not started): nobody to hear it
        pygame.event.post(pygame.event.Event(SPEAK_EVENT, text=text))
