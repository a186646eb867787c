"""The rules in words in the game: the setup's sentences, the Rules panel over the table, and How to play."""

from __future__ import annotations

import pygame
import pytest

from engine import describe_rules, load_rules, preset_ids
from game import layout
from game.app import App
from game.intents import KEY_HELP, KEY_INTENTS, key_label
from game.settings import Settings
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    chip,
    click,
    press,
    run,
    run_until,
    scene_name,
    step,
    top,
    wait_for_player,
)


@pytest.fixture
def setup_app():
    made = App(settings=Settings(speed="instant", sound=False, rules="infinite-deck"), seed=4)
    run(made, 0.05)
    click(made, button(made, "play").center)
    run(made, 0.05)
    assert scene_name(made) == "SetupScene"
    yield made
    made.close()


def test_the_setup_says_every_rule_of_every_preset_in_sentences_inside_its_box(setup_app):
    box = layout.setup_rects()["options"]
    for preset in preset_ids():
        rules = load_rules(preset)
        lines = top(setup_app).rule_lines(rules)
        assert all(box.contains(line.rect(setup_app.assets)) for line in lines), preset
        shown = " ".join(line.text for line in lines)
        for group in describe_rules(rules)[1:]:
            assert group.title.upper() in shown
            for sentence in group.sentences:
                assert sentence in shown, sentence
        assert " = " not in shown


TABLES = [
    # preset, what the Rules panel says, what How to play says, what How to play leaves out
    ("downtown", "The dealer hits soft 17", "draws to soft 17 too", "stands on every 17"),
    ("six-to-five", "Blackjack pays 6 to 5.", "Blackjack pays 6 to 5: a $10 bet wins $12.", "pays 3 to 2"),
    ("home-game", "No insurance.", "Blackjack pays 1 to 1", "take insurance"),
    ("vegas-strip", "Late surrender.", "Surrender is late here", "does not check for blackjack"),
    ("european", "takes no hole card", "draws the rest after the players have played", "Surrender"),
]


@pytest.mark.parametrize(("preset", "guide", "absent"), [(t[0], t[2], t[3]) for t in TABLES])
def test_how_to_play_is_written_from_the_tables_rules(apps, preset, guide, absent):
    app = apps(rules=preset, start="title")
    run(app, 0.05)
    click(app, button(app, "howto").center)
    assert scene_name(app) == "HowToPlayScene"
    said = top(app).text()
    assert guide in said and absent not in said


@pytest.mark.parametrize(("preset", "panel"), [(t[0], t[1]) for t in TABLES])
def test_the_rules_panel_says_the_tables_rules(apps, preset, panel):
    app = apps(rules=preset)
    run(app, 0.05)
    press(app, pygame.K_u)
    assert scene_name(app) == "RulesPanelScene"
    said = top(app).text
    assert load_rules(preset).name in said and panel in said
    assert all(line.text != "THE TABLE" for line in top(app).lines)
    words = layout.rules_panel_rects()["words"]
    assert all(words.contains(line.rect(app.assets)) for line in top(app).lines)


def round_state(app):
    rnd = app.ctx.round
    return len(rnd.events), rnd.decision, app.ctx.session.table.bankrolls(), app.ctx.presenter.cursor


def test_the_rules_key_opens_and_closes_the_panel_in_a_players_turn_and_the_round_waits(apps):
    app = apps("TS 6H 6D TC 5C 9D 8S")
    bet_and_deal(app, 25)
    wait_for_player(app)
    before = round_state(app)
    press(app, pygame.K_u)
    assert scene_name(app) == "RulesPanelScene"
    press(app, pygame.K_h)  # the panel takes every key: no hit
    press(app, pygame.K_s)
    run(app, 0.5)
    assert round_state(app) == before
    press(app, pygame.K_u)
    run(app, 0.05)
    assert scene_name(app) == "PlayerTurnScene" and round_state(app) == before
    press(app, pygame.K_u)
    press(app, pygame.K_ESCAPE)
    assert scene_name(app) == "PlayerTurnScene"
    press(app, pygame.K_u)
    click(app, button(app, "close").center)
    assert scene_name(app) == "PlayerTurnScene" and round_state(app) == before
    press(app, pygame.K_h)
    run(app, 0.5)
    assert len(app.ctx.round.events) > before[0], "the table plays on once the panel is gone"


def test_the_panel_over_the_betting_takes_the_clicks_and_keys_and_a_click_outside_closes_it(apps):
    app = apps()
    run(app, 0.2)
    betting = top(app)
    before = round_state(app)
    press(app, pygame.K_u)
    press(app, pygame.K_3)  # a chip key: the panel keeps it
    click(app, chip(25))  # outside the panel: closes it, and no chip is bet
    assert top(app) is betting and betting.pending_bet() == 0 and round_state(app) == before
    press(app, pygame.K_o)
    click(app, button(app, "read-rules").center)
    run(app, 0.05)
    assert scene_name(app) == "RulesPanelScene"
    press(app, pygame.K_ESCAPE)
    assert top(app) is betting and round_state(app) == before


def test_how_to_play_opens_from_the_title_turns_pages_and_esc_returns(apps):
    app = apps(start="title")
    run(app, 0.05)
    click(app, button(app, "howto").center)
    guide = top(app)
    assert scene_name(app) == "HowToPlayScene" and guide.page == 0 and len(guide.pages) > 1
    press(app, pygame.K_PAGEDOWN)
    assert guide.page == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    step(app)
    assert guide.page == 2
    press(app, pygame.K_UP)
    click(app, button(app, "prev").center)
    assert guide.page == 0
    press(app, pygame.K_LEFT)
    assert guide.page == 0, "the first page stays first"
    press(app, pygame.K_ESCAPE)
    run(app, 0.05)
    assert scene_name(app) == "TitleScene"
    click(app, button(app, "howto").center)
    click(app, button(app, "back").center)
    run(app, 0.05)
    assert scene_name(app) == "TitleScene"


def test_the_keys_of_how_to_play_are_the_keys_of_the_intents_table(apps):
    app = apps(start="title")
    run(app, 0.05)
    click(app, button(app, "howto").center)
    guide = top(app)
    first = next(page for page in range(len(guide.pages)) if guide.text(page).startswith("Keys"))
    keys = " ".join(guide.text(page) for page in range(first, len(guide.pages)))
    assert keys.startswith("Keys H: hit S: stand")
    for code, (kind, _) in KEY_INTENTS.items():
        assert key_label(code) in keys  # as the help names it: 'Enter', not SDL's 'Return'
        assert KEY_HELP[kind] in keys
    assert "U: the table's rules" in keys


def test_the_rules_key_works_over_the_payout_and_the_payout_waits(apps):
    app = apps("TS 6H 9D TC 5C 9D 8S")
    bet_and_deal(app, 25)
    wait_for_player(app)
    press(app, pygame.K_s)
    run_until(app, lambda: scene_name(app) == "PayoutScene")
    payout = top(app)
    before = round_state(app)
    press(app, pygame.K_u)
    assert scene_name(app) == "RulesPanelScene"
    press(app, pygame.K_RETURN)  # the next round waits
    run(app, 0.5)
    assert round_state(app) == before, "neither the round nor its presentation moved under the panel"
    press(app, pygame.K_u)
    assert top(app) is payout
