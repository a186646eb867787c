"""The rules in words in the game: the setup's sentences, the Rules panel over the table, and How to play."""

from __future__ import annotations

import pytest

from engine import describe_rules, load_rules, preset_ids
from game import layout
from game.app import App
from game.settings import Settings
from tests.test_game_helpers import button, click, run, scene_name, top


@pytest.fixture(scope="module")
def setup_app():
    made = App(settings=Settings(speed="instant", sound=False, rules="infinite-deck"), seed=4)
    run(made, 0.05)
    click(made, button(made, "play").center)
    run(made, 0.05)
    assert scene_name(made) == "SetupScene"
    yield made
    made.close()


@pytest.mark.parametrize("preset", preset_ids())
def test_the_setup_says_every_rule_in_sentences_inside_its_box(setup_app, preset):
    rules = load_rules(preset)
    lines = top(setup_app).rule_lines(rules)
    box = layout.setup_rects()["options"]
    assert all(box.contains(line.rect(setup_app.assets)) for line in lines), preset
    shown = " ".join(line.text for line in lines)
    for group in describe_rules(rules)[1:]:
        assert group.title.upper() in shown
        for sentence in group.sentences:
            assert " ".join(sentence.split()) in shown, sentence
    assert " = " not in shown
