"""Shared test setup: pygame runs headless, and nothing the game or engine writes reaches the home folder.

Settings, the history database and the odds engine's analysis cache each go to a
temporary folder made for this test run. This must run before anything imports pygame,
so it sits at the very top.
"""

import os
import tempfile
from pathlib import Path

import pytest


def _one_folder_for_the_run(prefix: str) -> str:
    """A temporary folder that pytest-xdist's test processes of one run share (each imports this file):
    an analysis, an index table or numba's compiled code made by one is read by the other instead of
    made again. The cache writes each file atomically, so two processes may write the same one."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return tempfile.mkdtemp(prefix=prefix)
    folder = Path(tempfile.gettempdir()) / f"{prefix}{run}"
    folder.mkdir(exist_ok=True)
    return str(folder)


os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["BLACKJACK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="blackjack-test-config-")
os.environ["BLACKJACK_DATA_DIR"] = tempfile.mkdtemp(prefix="blackjack-test-data-")
os.environ["BLACKJACK_ODDS_CACHE"] = _one_folder_for_the_run("blackjack-test-odds-")
# The tests read English whatever the machine's locale; the language tests choose theirs.
os.environ["LANGUAGE"] = "en"
os.environ.pop("LC_ALL", None)
os.environ.pop("LC_MESSAGES", None)
os.environ.pop("LC_MONETARY", None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def english():
    """Every test starts, and leaves, in English with dollars: a test that speaks German cannot leak it."""
    from engine.i18n import set_formatters, use_language

    yield
    use_language("en")
    set_formatters()


@pytest.fixture
def apps():
    """Makes apps (as `make_app` in tests/test_game_helpers.py) and closes them all after the test."""
    from tests.test_game_helpers import make_app

    made = []

    def factory(*args, **kwargs):
        app = make_app(*args, **kwargs)
        made.append(app)
        return app

    yield factory
    for app in made:
        app.close()


@pytest.fixture
def ann_and_bob_rounds(tmp_path):
    """A data folder with three saved rounds of Ann and Bob (a split each), for the history's readers."""
    from engine.store import open_store, save_round
    from tests.test_store_rounds import seat_profiles, split_round

    with open_store(tmp_path) as store:
        profiles = seat_profiles(store, "Ann", "Bob")
        for _ in range(3):
            save_round(store, split_round(profiles), profiles)
    return tmp_path
