"""Clear at a glance (issue 22): the bankroll follows the chips, a surrender is taken at once, the
betting and insurance prompts name their amounts, and the dealer's words follow the cards."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Result
from game import layout
from game.app import App
from tests.test_game_helpers import (
    bet_and_deal,
    chip,
    click,
    make_app,
    press,
    run,
    run_until,
    scene_name,
    step,
    type_text,
)
from tests.test_game_setup import dialog_click, known, open_dialog  # noqa: F401 (known is a fixture)


@pytest.fixture
def apps():
    made: list[App] = []

    def new(cards: str, **kwargs: object) -> App:
        app = make_app(cards, speed="normal", **kwargs)
        made.append(app)
        run(app, 0.5)
        return app

    yield new
    for app in made:
        app.close()


def frames_until_payout(app: App, decide: str = "s") -> list[tuple[int, int, str]]:
    """Play the round out (standing, or the key given), noting every frame's shown bankroll and bet,
    the message, until the payout is idle."""
    seen = []
    while not (scene_name(app) == "PayoutScene" and app.ctx.presenter.idle):
        presenter = app.ctx.presenter
        if app.ctx.round.decision is not None and presenter.idle:
            press(app, getattr(pygame, f"K_{decide}"))
        step(app)
        model = presenter.seats[0]
        seen.append((model.shown_bankroll(), model.shown_bet(), presenter.message))
        assert len(seen) < 3000, "the round never ended"
    return seen


def test_the_bankroll_shown_never_dips_while_a_win_is_paid_and_ends_with_the_winnings(apps):
    app = apps("A 9 K 7 T", rules="vegas-strip")  # a blackjack against a 16
    before = app.ctx.session.table.bankroll(0)
    bet_and_deal(app, 100)
    held = before - 10_000
    seen = frames_until_payout(app)
    assert min(shown for shown, _, _ in seen) >= held, "the bankroll dipped while the dealer paid"
    assert app.ctx.presenter.seats[0].shown_bankroll() == before + 15_000 == app.ctx.session.table.bankroll(0)
    assert app.ctx.presenter.seats[0].hands[0].stake == 0, "the winnings went home, not left on the circle"


def test_split_hands_paid_one_after_another_never_show_an_earlier_bankroll(apps):
    # 8 8 against a 6: split, each 8 draws a ten and stands; the dealer busts with 6 T 9
    app = apps("8 6 8 T T T 9", rules="vegas-strip")
    before = app.ctx.session.table.bankroll(0)
    bet_and_deal(app, 25)
    run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.presenter.idle)
    press(app, pygame.K_p)
    seen = frames_until_payout(app)
    low = min(shown for shown, _, _ in seen[len(seen) // 2:])
    assert low >= before - 5000
    assert app.ctx.presenter.seats[0].shown_bankroll() == before + 5000


def test_a_surrender_takes_half_the_bet_and_the_cards_at_once(apps):
    app = apps("T 9 6 7", rules="vegas-strip")  # 16 against a 9: surrender
    before = app.ctx.session.table.bankroll(0)
    bet_and_deal(app, 100)
    run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.presenter.idle)
    press(app, pygame.K_r)
    run_until(app, lambda: not app.ctx.presenter.tweening, seconds=5)
    presenter = app.ctx.presenter
    hand = presenter.seats[0].hands[0]
    assert not app.ctx.round.is_over or presenter.cursor < len(app.ctx.round.events)
    assert hand.cards == [] and hand.result is Result.SURRENDER and hand.result_text() == "SURRENDER -50"
    assert hand.stake == 0 and presenter.seats[0].shown_bankroll() == before - 5000
    seen = frames_until_payout(app)
    assert all(shown == before - 5000 for shown, _, _ in seen), "the refund was shown once, and kept"
    assert app.ctx.session.table.bankroll(0) == before - 5000


def test_a_bet_under_the_minimum_says_what_the_minimum_is(apps):
    app = apps("T 9 6 7", rules="vegas-strip")
    minimum = app.ctx.session.rules.min_bet
    assert minimum > 100
    click(app, chip(1))
    run(app, 0.1)
    assert app.ctx.presenter.message == f"The minimum bet is ${minimum // 100}."
    for _ in range(minimum // 500):
        click(app, chip(5))
    run(app, 0.1)
    assert app.ctx.presenter.message == "Place your bets."


def test_the_insurance_question_says_what_insurance_costs(apps):
    app = apps("T A 9 7")
    bet_and_deal(app, 25)
    run_until(app, lambda: app.ctx.round.decision is not None and app.ctx.presenter.idle)
    assert app.ctx.presenter.message == "Dealer shows an ace. Insurance costs $12.50. Take insurance?"


@pytest.mark.parametrize("cards", ["A K T A", "T A 9 K"])
def test_the_dealer_names_the_hole_card_only_once_it_has_turned_over(apps, cards):
    app = apps(cards)
    bet_and_deal(app, 25)
    said_while_face_down = set()
    for _ in range(1500):
        presenter = app.ctx.presenter
        if app.ctx.round.decision is not None and presenter.idle:
            press(app, pygame.K_n)
        step(app)
        if any(card.code is None or card.flip is not None for card in presenter.dealer):
            said_while_face_down.add(presenter.message)
        if scene_name(app) == "PayoutScene":
            break
    assert not any("turns over" in words for words in said_while_face_down)


def test_a_players_blackjack_stays_blackjack_when_it_pushes_with_the_dealers(apps):
    app = apps("A K T A")
    bet_and_deal(app, 25)
    frames_until_payout(app, decide="n")
    hand = app.ctx.presenter.seats[0].hands[0]
    assert hand.result is Result.PUSH and hand.label() == "BLACKJACK"
    assert app.ctx.presenter.dealer_total == "BLACKJACK"


def test_ctrl_a_selects_the_whole_name_in_a_text_field_and_typing_replaces_it():
    from game.intents import IntentKind, to_intent
    from game.widgets import TextField

    def key(mod: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=mod, unicode="", scancode=0)

    intent = to_intent(key(pygame.KMOD_LCTRL), lambda pos: pos, text_mode=True)
    assert intent is not None and intent.kind is IntentKind.SELECT_ALL
    assert to_intent(key(0), lambda pos: pos, text_mode=True) is None, "a plain A is typed text"
    field = TextField("name", pygame.Rect(0, 0, 200, 40), text="Ann")
    field.focus()
    field.type("ie")
    assert field.text == "ie"
    field.text = "Annie"
    field.select_all()
    field.type("Bo")
    assert field.text == "Bo"


def test_ctrl_a_in_the_rename_dialog_selects_the_name_so_typing_replaces_it(known):  # noqa: F811
    editor = open_dialog(known, "Ann")
    dialog_click(known, editor, "rename")
    type_text(known, "ie")  # the name was selected: typing replaced it
    type_text(known, "x")
    assert editor.field.text == "iex" and not editor.field.selected
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    step(known)
    assert editor.field.selected
    type_text(known, "Annie")
    assert editor.field.text == "Annie"


def test_the_drill_setup_opens_on_the_choices_made_on_the_last_visit_this_run(tmp_path):
    from game.settings import Settings
    from tests.test_game_drills import choose
    from tests.test_game_helpers import button, top

    settings = Settings(speed="instant", sound=False)
    app = App(data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=4)
    try:
        run_until(app, lambda: scene_name(app) == "TitleScene" and app.ctx.records.ready)
        click(app, button(app, "drills").center)
        run_until(app, lambda: scene_name(app) == "DrillSetupScene")
        choose(app, "Drill", "Running count")
        choose(app, "Speed", "4 cards a second")
        chosen = top(app).rows()
        press(app, pygame.K_ESCAPE)
        run_until(app, lambda: scene_name(app) == "TitleScene")
        click(app, button(app, "drills").center)
        run_until(app, lambda: scene_name(app) == "DrillSetupScene")
        assert top(app).rows() == chosen
    finally:
        app.close()


def test_a_dealers_drawn_natural_reads_blackjack_from_the_moment_it_is_shown(apps):
    app = apps("T A 9 K", rules="european")  # no hole card: the dealer draws the king to the ace
    bet_and_deal(app, 25)
    totals = set()
    for _ in range(1500):
        presenter = app.ctx.presenter
        if app.ctx.round.decision is not None and presenter.idle:
            press(app, pygame.K_n if app.ctx.round.decision.kind.name != "PLAY" else pygame.K_s)
        step(app)
        totals.add(presenter.dealer_total)
        if scene_name(app) == "PayoutScene" and presenter.idle:
            break
    assert "BLACKJACK" in totals and "21" not in totals and "soft 21" not in totals


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 60), st.integers(10, 120), st.integers(8, 30)),
                max_size=8))
def test_labels_laid_out_never_overlap_and_stay_inside_the_seats_band(boxes):
    bounds = pygame.Rect(100, 0, 150, 720)
    wanted = [pygame.Rect(x, y, w, h) for x, y, w, h in boxes]
    placed = layout.place_labels(wanted, bounds)
    assert [rect.h for rect in placed] == [rect.h for rect in wanted]
    for rect in placed:
        assert bounds.left <= rect.left and rect.right <= bounds.right
    for i, a in enumerate(placed):
        assert not any(a.colliderect(b) for b in placed[i + 1:])
