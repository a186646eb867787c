"""Self-voicing heard through a recording speaker: a whole stacked round in order, the voice keys,
the drill, the setup and the settings, and a machine with no voice running silent."""

from __future__ import annotations

import pygame

from engine import DecisionKind, StackedShoe
from engine.drills import legal_actions
from game.app import App
from game.narration import play_prompt
from game.seats import parse_seats
from game.settings import Settings
from game.voice import RecordingSpeaker
from tests.test_game_helpers import (
    bet_and_deal,
    button,
    click,
    press,
    run,
    run_until,
    scene_name,
    step,
    top,
    type_text,
    wait_for_player,
)


def voiced_app(cards: str | None = None, *, start: str = "betting",
               **kwargs: object) -> tuple[App, RecordingSpeaker]:
    """An App with the voice on, speaking into a recording speaker."""
    speaker = RecordingSpeaker()
    settings = Settings(speed="instant", sound=False, voice=True)
    app = App(seed=5, shoe=StackedShoe(cards) if cards else None, settings=settings, start=start,
              find_voice=lambda: speaker, **kwargs)  # type: ignore[arg-type]
    run(app, 0.05)
    return app, speaker


def said_since(speaker: RecordingSpeaker, mark: int) -> list[str]:
    return speaker.spoken[mark:]


def test_a_stacked_round_is_narrated_in_order_deal_insurance_decisions_dealer_and_settlement():
    # player T, dealer A up, player 2, hole 9; then the player draws a 5
    app, speaker = voiced_app("T A 2 9 5 T")
    try:
        bet_and_deal(app, 25)
        run_until(app, lambda: scene_name(app) == "PlayerTurnScene" and app.ctx.round.decision is not None
                  and app.ctx.presenter.idle)
        press(app, pygame.K_n)
        wait_for_player(app)
        press(app, pygame.K_h)
        wait_for_player(app)
        press(app, pygame.K_s)
        run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
        run(app, 0.1)
        assert speaker.spoken == [
            "Voice on.",
            "Place your bets: you have $1,000. Keys 1 to 5 add chips; Enter deals.",
            "Bet $25.",
            "You bet $25.",
            "You have a ten and a 2: hard 12. Dealer shows an ace.",
            "Dealer shows an ace. Insurance costs $12.50. Take insurance?",
            "Yes or no?",
            "No insurance.",
            "Dealer checks for blackjack... nothing.",
            "Your turn: hard 12 against an ace. Hit, stand, double or surrender.",
            "You draw a 5: hard 17.",
            "Your turn: hard 17 against an ace. Hit or stand.",
            "You stand on 17.",
            "Dealer turns over a 9: soft 20.",
            "Dealer stands on soft 20.",
            "You lose $25. Press Enter to go on.",
        ]
    finally:
        app.close()


def test_split_hands_are_said_one_by_one_with_totals_as_each_card_showed_them():
    # 8 8 against a 6 (hole ten); the splits draw 8, 3, king, 2; the dealer draws a 9 and busts
    app, speaker = voiced_app("8S 6H 8D TC 8C 3H KD 2S 9C 7D")
    try:
        bet_and_deal(app, 25)
        wait_for_player(app)
        mark = len(speaker.spoken)
        for key in (pygame.K_p, pygame.K_p, pygame.K_s, pygame.K_s):
            press(app, key)
            run_until(app, lambda: app.ctx.round.is_over or (app.ctx.presenter.idle
                                                             and app.ctx.round.decision is not None))
        press(app, pygame.K_s)
        run_until(app, lambda: scene_name(app) == "PayoutScene" and app.ctx.presenter.idle)
        run(app, 0.1)
        assert said_since(speaker, mark) == [
            "Split: two hands.",
            "You draw an 8: hard 16.",
            "Hand 1 of 2: hard 16 against a 6. Hit, stand, double or split.",
            "Split again: 3 hands.",
            "You draw a 3: hard 11.",
            "Hand 1 of 3: hard 11 against a 6. Hit, stand or double.",
            "You stand on 11.",
            "You draw a king: hard 18.",
            "Hand 2 of 3: hard 18 against a 6. Hit, stand or double.",
            "You stand on 18.",
            "You draw a 2: hard 10.",
            "Hand 3 of 3: hard 10 against a 6. Hit, stand or double.",
            "You stand on 10.",
            "Dealer turns over a ten: 16.",  # the total when it turned (the draw came in the same frame)
            "Dealer draws a 9.",
            "Dealer busts with 25.",
            "You win $75. Press Enter to go on.",
        ]
    finally:
        app.close()


def test_the_voice_keys_say_my_hand_the_dealer_my_bankroll_the_count_and_the_last_sentence_at_once():
    app, speaker = voiced_app("9 6 7 T 5 T")
    try:
        bet_and_deal(app, 25)
        wait_for_player(app)
        mark = len(speaker.spoken)
        for key in (pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F1):
            press(app, key)
        assert said_since(speaker, mark) == [
            "Your hand: a 9 and a 7, hard 16.",
            "Dealer shows a 6.",
            "You have $975. $25 bet on 1 hand.",
            "Running count +1. True count 0. Decks left 6.",
            "Running count +1. True count 0. Decks left 6.",
        ]
        assert speaker.interrupts == said_since(speaker, mark), "what a key asks for is said at once"
    finally:
        app.close()


def test_with_no_voice_found_the_game_runs_silent_and_says_so_once_in_the_window():
    asked = []

    def nothing() -> None:
        asked.append(1)

    app = App(seed=5, settings=Settings(speed="instant", sound=False, voice=True), start="betting",
              find_voice=nothing)
    try:
        run(app, 0.05)
        assert app.narrator is None
        assert "No voice was found" in app.ctx.note
        app.ctx.note = ""
        press(app, pygame.K_F2)  # the voice keys do nothing, and nothing breaks
        app.ctx.change_settings(app.ctx.settings.with_changes(sound=True))
        run(app, 0.05)
        assert app.ctx.note == "", "the missing voice is said once"
    finally:
        app.close()
    assert asked == [1]


def test_a_voice_key_turns_the_voice_on_for_someone_who_cannot_see_the_settings():
    speaker = RecordingSpeaker()
    app = App(seed=5, settings=Settings(speed="instant", sound=False), start="betting",
              find_voice=lambda: speaker)
    try:
        run(app, 0.05)
        assert app.narrator is None and speaker.spoken == []
        press(app, pygame.K_F1)
        assert app.ctx.settings.voice
        assert speaker.spoken[0] == "Voice on."
    finally:
        app.close()


def test_the_title_and_the_setup_are_spoken_as_the_focus_moves_and_enter_presses_the_focused_control():
    app, speaker = voiced_app(start="title")
    try:
        hint = "Period and Comma move between the choices; Enter presses one."
        assert speaker.spoken[-1] == f"Blackjack. {hint}"
        press(app, pygame.K_PERIOD)
        assert speaker.spoken[-1] == "Play: Set up the table (Enter)"
        press(app, pygame.K_PERIOD)
        assert speaker.spoken[-1] == "Double-up (100 to 200) or a saved tournament table"
        press(app, pygame.K_COMMA)
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "SetupScene")
        run(app, 0.05)
        assert speaker.spoken[-1].startswith("Table setup.")
        said = []
        for _ in range(12):
            press(app, pygame.K_PERIOD)
            said.append(speaker.spoken[-1])
            if said[-1].startswith("Seat 1's name"):
                break
        assert said[:4] == ["Edit rules: Shape these rules option by option and save them as a table",
                            "1 seat. Fewer seats, dimmed", "1 seat. More seats",
                            "Vegas Strip. The previous preset or table"]
        assert "Seat 1: Person. Person, a bot, or empty" in said
        assert said[-1] == "Seat 1's name: no name yet. Enter types it."
        press(app, pygame.K_RETURN)  # the name field takes the typing
        mark = len(speaker.spoken)
        type_text(app, "Zoe")
        assert said_since(speaker, mark) == ["Z", "o", "e"], "typing is echoed"
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_PERIOD)
        press(app, pygame.K_COMMA)
        assert speaker.spoken[-1] == "Seat 1's name: Zoe. Enter types it."
        press(app, pygame.K_ESCAPE)
        run_until(app, lambda: scene_name(app) == "TitleScene")
    finally:
        app.close()


def test_the_drill_setup_rows_say_their_value_and_a_drill_spot_is_a_prompt_then_a_verdict():
    app, speaker = voiced_app(start="title")
    try:
        click(app, button(app, "drills").center)
        run_until(app, lambda: scene_name(app) == "DrillSetupScene")
        run(app, 0.05)
        assert speaker.spoken[-1].startswith("Drills.")
        arrows = [c for c in top(app).buttons.buttons if c.visible and c.label == ">"]
        first = arrows[0]
        while True:  # the focus walks to the first row's >
            press(app, pygame.K_PERIOD)
            if app.focus.current(top(app)) is first:
                break
        row_label, value = top(app).rows()[0]
        assert speaker.spoken[-1] == f"{row_label}: {value}. Next"
        press(app, pygame.K_RETURN)
        new_value = top(app).rows()[0][1]
        assert new_value != value and speaker.spoken[-1] == f"{row_label}: {new_value}. Next"
        press(app, pygame.K_COMMA)  # the row's <, just before its >
        assert speaker.spoken[-1] == f"{row_label}: {new_value}. Previous"
        press(app, pygame.K_RETURN)
        assert top(app).rows()[0][1] == value and speaker.spoken[-1] == f"{row_label}: {value}. Previous"
        app.focus.drop()
        press(app, pygame.K_RETURN)  # Enter starts the drill chosen
        run_until(app, lambda: scene_name(app) == "DrillScene")
        run(app, 0.05)
        drill = top(app)
        spot = drill.spot
        if spot.kind is DecisionKind.PLAY:
            legal = legal_actions(drill.rules, spot)
            assert speaker.spoken[-1] == play_prompt(spot.cards, spot.up, legal, who=None)
            assert speaker.spoken[-1].startswith("Your turn: ")
        else:
            assert speaker.spoken[-1] == f"{spot.describe()} Yes or no?"
        mark = len(speaker.spoken)
        press(app, pygame.K_s if spot.kind is DecisionKind.PLAY else pygame.K_n)
        run_until(app, lambda: drill.verdict is not None)
        run(app, 0.05)
        assert said_since(speaker, mark) == [f"{drill.verdict.summary()} Press Enter for the next spot."]
        assert top(app).spot is spot
    finally:
        app.close()


def test_settings_rows_are_named_with_their_value_and_turning_the_voice_off_silences_it():
    app, speaker = voiced_app("9 6 7 T 5 T")
    try:
        press(app, pygame.K_o)
        run_until(app, lambda: scene_name(app) == "SettingsScene")
        run(app, 0.05)
        assert speaker.spoken[-1].startswith("Settings.")
        target = top(app).buttons.by_name("voice+")
        for _ in range(40):
            press(app, pygame.K_PERIOD)
            if app.focus.current(top(app)) is target:
                break
        assert speaker.spoken[-1] == "Voice: On. Next"
        press(app, pygame.K_COMMA)
        assert speaker.spoken[-1] == "Voice: On. Previous"
        press(app, pygame.K_COMMA)  # the Keys button, left of Voice's arrows
        assert speaker.spoken[-1] == "Keys: Choose the keys (the voice reads them)"
        press(app, pygame.K_RETURN)
        run_until(app, lambda: scene_name(app) == "KeysScene")
        run(app, 0.05)
        assert speaker.spoken[-1] == (
            "Keys. Up and Down choose, Enter changes the key, Backspace restores its default. hit: H")
        press(app, pygame.K_DOWN)
        step(app)  # a scene's sentence reaches the voice through the event queue, a frame later
        assert speaker.spoken[-1] == "stand: S"
        press(app, pygame.K_RETURN)
        step(app)
        assert speaker.spoken[-1] == "Press the new key for stand; Escape cancels."
        press(app, pygame.K_h)
        step(app)
        assert speaker.spoken[-1] == "H is already the key to hit."
        press(app, pygame.K_ESCAPE)
        run_until(app, lambda: scene_name(app) == "SettingsScene")
        target = top(app).buttons.by_name("voice+")
        for _ in range(40):
            press(app, pygame.K_PERIOD)
            if app.focus.current(top(app)) is target:
                break
        press(app, pygame.K_RETURN)
        assert not app.ctx.settings.voice
        run(app, 0.05)
        assert app.narrator is None
        count = len(speaker.spoken)
        press(app, pygame.K_ESCAPE)
        run(app, 0.1)
        assert len(speaker.spoken) == count, "a voice turned off says nothing more"
    finally:
        app.close()


def test_at_a_shared_table_each_person_is_named_when_asked_to_bet_and_to_play():
    speaker = RecordingSpeaker()
    app = App(seed=3, settings=Settings(speed="instant", sound=False, voice=True),
              seat_specs=parse_seats("Ann,Bob"), shoe_factory=lambda: StackedShoe("T 9 T 6 7 5 T T T"),
              find_voice=lambda: speaker)
    try:
        run_until(app, lambda: scene_name(app) == "BettingScene")
        for _ in range(2):
            press(app, pygame.K_3)
            press(app, pygame.K_RETURN)
        wait_for_player(app)
        press(app, pygame.K_s)
        wait_for_player(app)
        assert speaker.spoken[1:] == [
            "Ann, place your bet: you have $1,000. Keys 1 to 5 add chips; Enter deals.",
            "Bet $25.",
            "Ann bets $25.",
            "Bob, place your bet: you have $1,000. Keys 1 to 5 add chips; Enter deals.",
            "Bet $25.",
            "Bob bets $25.",
            "Ann has a ten and a 6: hard 16. Bob has a 9 and a 7: hard 16. Dealer shows a ten.",
            "Dealer checks for blackjack... nothing.",
            "Ann, your turn: hard 16 against a ten. Hit, stand, double or surrender.",
            "Ann stands on 16.",
            "Bob, your turn: hard 16 against a ten. Hit, stand, double or surrender.",
        ]
    finally:
        app.close()


def test_a_machine_without_any_speech_command_on_its_path_runs_silent(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no spd-say, espeak, say or powershell to be found
    app = App(seed=5, settings=Settings(speed="instant", sound=False, voice=True), start="betting")
    try:
        run(app, 0.05)
        assert app.narrator is None
        assert app.ctx.note.startswith("No voice was found, so the game is silent")
        press(app, pygame.K_F1)
        assert app.narrator is None and app.ctx.settings.voice
    finally:
        app.close()
