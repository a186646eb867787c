"""The command and its child processes, run for real: Ctrl-C, a parent that goes, odd stdin and stdout.

A terminal's Ctrl-C reaches the whole process group, children included; these tests send
SIGINT the same way (`os.killpg`) at the moment a child process is starting or waiting,
and require exit 130 with nothing on standard error but the command's own line.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from blackjack.cli import EXIT_INTERRUPTED, EXIT_USAGE
from tests.process_helpers import hear_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
LINUX = Path("/proc/self/status").exists()

GOOD = json.dumps({"rules": "vegas-strip", "seats": [{"name": "Zoë", "bankroll": 100}], "bets": [10],
                   "shoe": ["T", "6", "2", "7", "9"], "decisions": ["stand"]})


def environment(**extra: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def start(*argv: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.Popen[str]:
    """`python -m blackjack ARGV` in its own process group (so a Ctrl-C can reach all of it), Ctrl-C heard."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.Popen([sys.executable, "-m", "blackjack", *argv], cwd=ROOT, env=env or environment(),
                            text=True, start_new_session=True, preexec_fn=hear_ctrl_c, **kwargs)


def descendants(pid: int) -> list[tuple[int, str]]:
    """Every process under `pid`, with its command line (Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        found.append((int(entry.name), parent, command))
    under, frontier = [], {pid}
    while frontier:
        children = [(p, c) for p, parent, c in found if parent in frontier]
        under += children
        frontier = {p for p, _ in children}
    return under


def wait_for_child(process: subprocess.Popen[str], marker: str, timeout: float = 60) -> int:
    """The pid of the first process under `process` whose command line holds `marker`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pid, command in descendants(process.pid):
            if marker in command:
                return pid
        assert process.poll() is None, process.communicate()
        time.sleep(0.002)
    raise AssertionError(f"no child process with {marker!r} started")


def ctrl_c(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Ctrl-C as a terminal sends it, to every process of the group; then the output."""
    os.killpg(process.pid, signal.SIGINT)
    return process.communicate(timeout=120)


def python_catches_ctrl_c(pid: int) -> bool:
    """Whether the process has Python's SIGINT handler in place: it is past its start and would raise
    KeyboardInterrupt, if the signal were not blocked (the fix) or ignored (a child's loop, later)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = int(status.split("SigCgt:")[1].split()[0], 16)
    return bool(caught & (1 << (signal.SIGINT - 1)))


def wait_until(condition, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen"
        time.sleep(0.001)


# The compiled kernel's workers are threads of the command; the Python fast path's are processes
# started from a fork server, which the tests below follow (`--engine fast`).


@pytest.mark.skipif(not LINUX, reason="finds the child processes in /proc")
def test_ctrl_c_while_simulates_fork_server_starts_is_quiet():
    process = start("simulate", "--rounds", "100000000", "--workers", "2", "--quiet", "--seed", "1",
                    "--bot", "novice", "--json", "--engine", "fast")
    server = wait_for_child(process, "multiprocessing.forkserver")
    wait_until(lambda: python_catches_ctrl_c(server), "the fork server's start")  # importing the engine now
    out, err = ctrl_c(process)
    assert process.returncode == EXIT_INTERRUPTED, err
    assert err == "blackjack: interrupted; the figures cover the rounds played so far\n", err
    assert json.loads(out)["interrupted"] is True


@pytest.mark.skipif(not LINUX, reason="finds the child processes in /proc")
def test_ctrl_c_while_simulates_workers_start_is_quiet():
    process = start("simulate", "--rounds", "100000000", "--workers", "2", "--quiet", "--seed", "1", "--json",
                    "--engine", "fast")
    server = wait_for_child(process, "multiprocessing.forkserver")
    # A worker forked from the server gets Python's handler back until its initializer runs. The server
    # has numba loaded, so that window is a few milliseconds: Ctrl-C comes as soon as a worker exists,
    # in the window or just past it, since polling /proc cannot be sure to land inside it.
    wait_until(lambda: bool(descendants(server)), "a worker's start")
    _, err = ctrl_c(process)
    assert process.returncode == EXIT_INTERRUPTED and "Traceback" not in err, err


@pytest.mark.skipif(not LINUX, reason="counts the command's threads in /proc")
def test_ctrl_c_while_simulates_threads_play_is_quiet(tmp_path):
    pytest.importorskip("numba")
    # The kernel compiled first (numba's cache for this run): the threads play, not compile, at the Ctrl-C.
    env = environment(NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    warm = ["simulate", "--rounds", "20000", "--workers", "1", "--quiet", "--seed", "1", "--engine", "kernel"]
    subprocess.run([sys.executable, "-m", "blackjack", *warm], cwd=ROOT, env=env, capture_output=True,
                   check=True, timeout=300)
    process = start("simulate", "--rounds", "400000000", "--workers", "2", "--quiet", "--seed", "1",
                    "--json", "--engine", "kernel", env=env)
    wait_until(lambda: len(_busy_threads(process.pid)) >= 2, "two threads at work", timeout=120)
    time.sleep(3)  # past their start (the tables, loading the kernel), playing chunks
    out, err = ctrl_c(process)
    assert process.returncode == EXIT_INTERRUPTED, err
    assert err == "blackjack: interrupted; the figures cover the rounds played so far\n", err
    played = json.loads(out)
    assert played["interrupted"] is True and 0 < played["rounds"] < 400_000_000


@pytest.mark.skipif(not LINUX, reason="finds the child processes in /proc")
def test_the_games_pricing_process_takes_no_ctrl_c(tmp_path):
    from engine import load_rules
    from engine.odds import analysis

    analysis(load_rules("vegas-strip"))  # cached (conftest's folder): the child's first job is quick
    env = environment(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    process = start("--seats", "Ann", "--data-dir", str(tmp_path / "data"), env=env)
    child = wait_for_child(process, "multiprocessing.spawn")
    wait_until(lambda: python_catches_ctrl_c(child), "the pricing process's start")
    time.sleep(1)  # it has priced the table and waits for its next job
    _, err = ctrl_c(process)
    assert process.returncode == EXIT_INTERRUPTED and "Traceback" not in err, err


QUIT_AS_THE_PRICER_STARTS = """
import sys, threading, time
if __name__ == "__main__":
    from multiprocessing import popen_spawn_posix
    from game.advisor import PRICER
    from game.background import Worker

    launched = threading.Event()
    launch = popen_spawn_posix.Popen._launch

    def slow_launch(self, process):
        launch(self, process)
        launched.set()
        time.sleep(0.5)  # the worker thread is descheduled before the pool has registered its child

    popen_spawn_posix.Popen._launch = slow_launch
    Worker("odds").submit(lambda: PRICER.run(time.sleep, 0.01))
    launched.wait(60)
    sys.exit(0)  # the player quits: the game's process ends while its child is starting
"""


@pytest.mark.skipif(os.name != "posix", reason="the spawn launcher patched is the POSIX one")
def test_quitting_while_the_pricing_process_starts_is_quiet():
    done = subprocess.run([sys.executable, "-c", QUIT_AS_THE_PRICER_STARTS], cwd=ROOT, env=environment(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.skipif(not LINUX, reason="finds the child processes in /proc")
def test_simulates_workers_end_quietly_when_the_parent_is_killed():
    process = start("simulate", "--rounds", "100000000", "--workers", "2", "--quiet", "--seed", "1",
                    "--engine", "fast")
    wait_for_child(process, "multiprocessing.forkserver")
    deadline = time.monotonic() + 60
    while len(descendants(process.pid)) < 4:  # the tracker, the fork server and two workers
        assert time.monotonic() < deadline
        time.sleep(0.01)
    time.sleep(1)  # the workers are playing their first chunks
    children = [pid for pid, _ in descendants(process.pid)]
    process.kill()
    _, err = process.communicate(timeout=60)
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in children):
        assert time.monotonic() < deadline, "a worker outlived the simulation"
        time.sleep(0.05)
    assert "Traceback" not in err, err


def _thread_cpu(pid: int) -> dict[int, float]:
    """The CPU seconds of each thread of a process but its main thread."""
    seconds = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(task.name) != pid:
            seconds[int(task.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return seconds


def _busy_threads(pid: int) -> list[int]:
    """The threads of a process, but its main thread, that have run for a fifth of a second or more."""
    return [tid for tid, seconds in _thread_cpu(pid).items() if seconds >= 0.2]


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_a_name_in_an_ascii_locale_is_escaped_not_an_error(tmp_path):
    rules = tmp_path / "zoe.toml"
    rules.write_text('base = "vegas-strip"\nname = "Zoë"\n', encoding="utf-8")
    simulate = ["simulate", "--rounds", "50", "--workers", "1", "--quiet", "--seed", "1"]  # prints "±"
    for argv in (["strategy", "--rules", str(rules), "--no-color"], simulate):
        done = subprocess.run([sys.executable, "-m", "blackjack", *argv], cwd=ROOT, capture_output=True,
                              env=environment(PYTHONIOENCODING="ascii", LC_ALL="POSIX"), timeout=120)
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
        done.stdout.decode("ascii")
    assert b"Zo\\xeb" in subprocess.run(
        [sys.executable, "-m", "blackjack", "strategy", "--rules", str(rules)], cwd=ROOT, capture_output=True,
        env=environment(PYTHONIOENCODING="ascii"), timeout=120).stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("command", ("replay", "review"))
def test_output_to_a_full_device_is_one_line_and_status_2(command, tmp_path):
    path = tmp_path / "rounds.jsonl"
    path.write_text(GOOD + "\n")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "blackjack", command, str(path)], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, env=environment(), timeout=120)
    assert done.returncode == EXIT_USAGE
    assert done.stderr == "blackjack: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("command", ("replay", "review"))
def test_reading_a_closed_standard_input_is_one_line_and_status_2(command):
    done = subprocess.run([sys.executable, "-m", "blackjack", command, "-"], cwd=ROOT, capture_output=True,
                          text=True, env=environment(), timeout=120, stdin=None,
                          preexec_fn=lambda: os.close(0))
    assert done.returncode == EXIT_USAGE
    assert done.stderr == "blackjack: cannot read standard input: it is closed\n"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_standard_input_from_an_endless_device_is_refused():
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "blackjack", "replay", "-"], cwd=ROOT,
                              capture_output=True, text=True, env=environment(), timeout=60, stdin=zero)
    assert done.returncode == EXIT_USAGE
    assert done.stderr == "blackjack: cannot read standard input: it is not a file, a pipe or a terminal\n"


def test_lines_from_a_pipe_still_run_around_a_bad_one():
    done = subprocess.run([sys.executable, "-m", "blackjack", "replay", "-"], cwd=ROOT, capture_output=True,
                          env=environment(), timeout=60, input=GOOD.encode() + b"\n\xff\n" + GOOD.encode())
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 1 and done.stderr == b""
    assert lines[1] == "line 2: error: not UTF-8 text (byte 0xff at position 0)"
    assert lines[2].startswith("line 3: dealer")
