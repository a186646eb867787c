"""The speech worker, with a stand-in speech command (a Python script that writes what it says to a file):
sentences in order without blocking, an interrupt cutting the speech short, the queue kept short,
each platform's command, and no voice at all."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from game.voice import MAX_WAITING, CommandSpeaker, find_speaker

SPEAK = """
import sys, time
log, text, lang = sys.argv[1], sys.argv[2], sys.argv[3]
if text == "-":
    text = sys.stdin.read()
with open(log, "a") as f:
    f.write(f"start {text} {lang}\\n")
time.sleep(float(text.split()[-1]) if text.startswith("wait") else 0)
with open(log, "a") as f:
    f.write(f"done {text}\\n")
"""


def fake(log: Path, *, stdin: bool = False):
    def command(text: str, lang: str) -> list[str]:
        return [sys.executable, "-c", SPEAK, str(log), "-" if stdin else text, lang]

    return command


def lines(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def wait_for(done, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the speech worker never got there"
        time.sleep(0.02)


def test_sentences_are_spoken_one_after_another_in_the_chosen_language_without_blocking(tmp_path):
    log = tmp_path / "said"
    speaker = CommandSpeaker(fake(log), language=lambda: "de")
    try:
        began = time.perf_counter()
        for text in ("one", "two", "three"):
            speaker.say(text)
        assert time.perf_counter() - began < 0.05, "say() only queues"
        wait_for(lambda: "done three" in lines(log))
        assert lines(log) == ["start one de", "done one", "start two de", "done two", "start three de",
                              "done three"]
    finally:
        speaker.close()


def test_an_interrupting_sentence_cuts_the_one_being_spoken_and_drops_those_waiting(tmp_path):
    log = tmp_path / "said"
    speaker = CommandSpeaker(fake(log), language=lambda: "en")
    try:
        speaker.say("wait 30")
        speaker.say("stale")
        wait_for(lambda: "start wait 30 en" in lines(log))
        began = time.monotonic()
        speaker.say("now", interrupt=True)
        wait_for(lambda: "done now" in lines(log))
        assert time.monotonic() - began < 10
        assert lines(log) == ["start wait 30 en", "start now en", "done now"]
    finally:
        speaker.close()


def test_a_voice_falling_behind_keeps_only_the_newest_sentences(tmp_path):
    log = tmp_path / "said"
    speaker = CommandSpeaker(fake(log), language=lambda: "en")
    try:
        speaker.say("wait 0.5")
        wait_for(lambda: "start wait 0.5 en" in lines(log))
        for n in range(10):
            speaker.say(f"s{n}")
        wait_for(lambda: "done s9" in lines(log))
        started = [line.split()[1] for line in lines(log) if line.startswith("start s")]
        assert started == [f"s{n}" for n in range(10 - MAX_WAITING, 10)]
    finally:
        speaker.close()


def test_the_sentence_can_go_on_standard_input_as_windows_powershell_reads_it(tmp_path):
    log = tmp_path / "said"
    speaker = CommandSpeaker(fake(log, stdin=True), language=lambda: "en", stdin_text=True)
    try:
        speaker.say("Dealer's \"ace\"; $(rm -rf)")  # never part of a command line
        wait_for(lambda: any(line.startswith("done") for line in lines(log)))
        assert lines(log)[0] == "start Dealer's \"ace\"; $(rm -rf) en"
    finally:
        speaker.close()


def test_an_interrupt_also_runs_the_backends_stop_command_on_the_worker_then_speaks(tmp_path):
    log, stopped = tmp_path / "said", tmp_path / "stopped"
    stop = [sys.executable, "-c", f"import time; time.sleep(1); open({str(stopped)!r}, 'w').write('x')"]
    speaker = CommandSpeaker(fake(log), language=lambda: "en", stop=stop)
    try:
        speaker.say("wait 30")
        wait_for(lambda: bool(lines(log)))
        began = time.perf_counter()
        speaker.say("now", interrupt=True)
        assert time.perf_counter() - began < 0.05, "the stop command never holds up the caller (a frame)"
        wait_for(lambda: "done now" in lines(log))
        assert stopped.exists(), "the backend was told to stop before the next sentence"
    finally:
        speaker.close()


def test_closing_stops_the_speech_and_the_worker(tmp_path):
    log = tmp_path / "said"
    speaker = CommandSpeaker(fake(log), language=lambda: "en")
    speaker.say("wait 30")
    wait_for(lambda: bool(lines(log)))
    began = time.monotonic()
    speaker.close()
    assert time.monotonic() - began < 5
    assert not speaker.thread.is_alive()
    assert speaker.process is not None and speaker.process.poll() is not None


def test_a_speech_command_that_cannot_run_falls_silent_without_an_error():
    speaker = CommandSpeaker(lambda text, lang: ["/nonexistent/voice", text], language=lambda: "en")
    speaker.say("hello")
    wait_for(lambda: speaker.failed)
    speaker.say("still fine")  # nothing raises
    speaker.close()


@pytest.mark.parametrize(
    ("platform", "installed", "program", "stdin"),
    [
        ("linux", {"spd-say", "espeak-ng"}, "spd-say", False),
        ("linux", {"espeak-ng"}, "espeak-ng", False),
        ("freebsd14", {"espeak"}, "espeak", False),
        ("darwin", {"say"}, "say", False),
        ("win32", {"powershell"}, "powershell", True),
    ],
)
def test_each_platform_speaks_through_its_own_voice(platform, installed, program, stdin):
    speaker = find_speaker(lambda: "fr", platform=platform,
                           which=lambda name: name if name in installed else None)
    assert speaker is not None
    try:
        argv = speaker.command("Bonjour", "fr")
        assert argv[0] == program and speaker.stdin_text is stdin
        assert ("Bonjour" in argv) is not stdin
        if program == "spd-say":
            assert argv == ["spd-say", "-w", "-l", "fr", "--", "Bonjour"]
            assert speaker.stop == ["spd-say", "--cancel"], "ending spd-say -w does not stop the voice"
    finally:
        speaker.close()


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32", "sunos5"])
def test_no_voice_installed_gives_no_speaker(platform):
    assert find_speaker(lambda: "en", platform=platform, which=lambda name: None) is None
