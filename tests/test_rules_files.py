"""Rule sets: validation, TOML files, presets and base inheritance."""

from fractions import Fraction

import pytest

from engine import (
    DealerBlackjackTakes,
    DoubleOn,
    HoleCard,
    Rules,
    RulesError,
    Surrender,
    load_rules,
    preset_ids,
)
from engine.rulesets import rules_from_mapping, rules_to_mapping

REQUIRED_PRESETS = {
    "home-game", "instant-blackjack", "infinite-deck", "classic-shoe", "double-up",
    "vegas-strip", "downtown", "atlantic-city", "european", "single-deck", "six-to-five",
}


def test_every_required_preset_ships_with_a_description():
    assert set(preset_ids()) >= REQUIRED_PRESETS
    for preset_id in preset_ids():
        rules = load_rules(preset_id)
        assert rules.description and "\n" not in rules.description


@pytest.mark.parametrize("preset_id", sorted(REQUIRED_PRESETS))
def test_presets_round_trip_through_a_mapping(preset_id):
    rules = load_rules(preset_id)
    assert rules_from_mapping(rules_to_mapping(rules)) == rules


def test_casino_presets_have_the_published_rules():
    strip = load_rules("vegas-strip")
    assert (strip.decks, strip.dealer_hits_soft_17, strip.max_hands) == (6, False, 4)
    assert strip.surrender is Surrender.LATE
    assert strip.double_after_split and not strip.resplit_aces and strip.hole_card is HoleCard.PEEK
    downtown = load_rules("downtown")
    assert (downtown.decks, downtown.dealer_hits_soft_17, downtown.surrender) == (2, True, Surrender.NONE)
    ac = load_rules("atlantic-city")
    assert (ac.decks, ac.surrender, ac.max_hands) == (8, Surrender.LATE, 4)
    euro = load_rules("european")
    assert euro.hole_card is HoleCard.NONE and euro.double_on is DoubleOn.NINE_TO_ELEVEN
    assert not euro.double_after_split and euro.max_hands == 2
    single = load_rules("single-deck")
    assert (single.decks, single.dealer_hits_soft_17, single.double_on, single.max_hands) == (
        1, True, DoubleOn.TEN_TO_ELEVEN, 2)
    assert load_rules("six-to-five").blackjack_pays == Fraction(6, 5)
    for casino in ("vegas-strip", "downtown", "atlantic-city", "european", "single-deck", "six-to-five"):
        assert load_rules(casino).insurance and load_rules(casino).even_money


def test_game_presets_have_their_special_rules():
    home = load_rules("home-game")
    assert home.decks == 1 and home.penetration == 0 and home.blackjack_pays == 1
    assert home.double_on is DoubleOn.NONE and home.max_hands == 1 and not home.insurance
    instant = load_rules("instant-blackjack")
    assert instant.infinite_deck and instant.player_blackjack_paid_at_once and instant.max_hands == 0
    assert instant.pair_by_value and instant.hole_card is HoleCard.NO_PEEK
    assert instant.dealer_gets_hole_card and not instant.dealer_peeks
    assert instant.dealer_blackjack_takes is DealerBlackjackTakes.ALL_BETS
    infinite = load_rules("infinite-deck")
    assert infinite.blackjack_vs_dealer_blackjack.value == "push"
    assert infinite.hole_card is HoleCard.NO_PEEK and not infinite.player_blackjack_paid_at_once
    double_up = load_rules("double-up")
    assert double_up.first_card_before_bet and double_up.dealer_draws_after_players
    assert double_up.tournament is not None and double_up.tournament.goal == 20000
    assert double_up.max_bet is None and double_up.min_bet == 1000


def test_user_file_starts_from_a_preset_and_changes_some_keys(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('base = "vegas-strip"\nname = "Mine"\ndecks = 2\nsurrender = "early"\n')
    rules = load_rules(path)
    assert (rules.name, rules.decks, rules.surrender, rules.max_hands) == ("Mine", 2, Surrender.EARLY, 4)


def test_a_file_may_base_itself_on_another_file(tmp_path):
    (tmp_path / "a.toml").write_text('base = "downtown"\ndecks = 1\n')
    (tmp_path / "b.toml").write_text('base = "a.toml"\nmin_bet = 2.5\n')
    rules = load_rules(tmp_path / "b.toml")
    assert rules.decks == 1 and rules.dealer_hits_soft_17 and rules.min_bet == 250


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour = 1", "unknown key 'colour'"),
        ("decks = 12", "decks: 12 is out of range"),
        ('decks = "two"', "key 'decks'"),
        ("dealer_hits_soft_17 = 1", "true or false"),
        ('blackjack_pays = "7:5"', "blackjack_pays"),
        ('hole_card = "maybe"', '"peek" or "no-peek" or "none"'),
        ("penetration = 1.5", "penetration"),
        ("min_bet = 100\nmax_bet = 50", "max_bet"),
        ("min_bet = 0.001", "min_bet"),
        ('hole_card = "none"\nplayer_blackjack_paid_at_once = true', "paid_at_once"),
        ("insurance = false\neven_money = true", "even_money"),
        ("[tournament]\nbankroll = 100", "bankroll and goal"),
        ("decks = ", "not valid TOML"),
        ('base = "nowhere"', "key 'base': no preset or rules file named"),
    ],
)
def test_broken_files_name_the_file_the_key_and_what_is_allowed(tmp_path, text, message):
    path = tmp_path / "broken.toml"
    path.write_text(text + "\n")
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    assert message in str(caught.value)
    assert "broken.toml" in str(caught.value)


def load_text(tmp_path, text: str) -> Rules:
    """Load a rules file holding `text`."""
    path = tmp_path / "mine.toml"
    path.write_text(text + "\n")
    return load_rules(path)


def test_no_insurance_takes_even_money_away_when_the_file_does_not_set_it(tmp_path):
    rules = load_text(tmp_path, 'base = "vegas-strip"\ninsurance = false')
    assert not rules.insurance and not rules.even_money


def test_a_dealer_drawing_after_the_players_takes_the_hole_card_and_insurance_away(tmp_path):
    rules = load_text(tmp_path, 'base = "vegas-strip"\ndealer_draws_after_players = true')
    assert rules.hole_card is HoleCard.NONE
    assert not rules.insurance and not rules.even_money, "even money follows insurance, which followed"


def test_insurance_follows_a_dealer_who_shows_no_card_even_with_the_hole_card_set(tmp_path):
    text = 'base = "vegas-strip"\ndealer_draws_after_players = true\nhole_card = "none"'
    rules = load_text(tmp_path, text)
    assert not rules.insurance and not rules.even_money


def test_no_peek_stops_paying_a_blackjack_at_once_that_would_push(tmp_path):
    rules = load_text(tmp_path, 'base = "home-game"\nhole_card = "no-peek"')
    assert rules.hole_card is HoleCard.NO_PEEK and not rules.player_blackjack_paid_at_once


def test_a_push_against_a_dealer_blackjack_stops_paying_at_once_without_a_peek(tmp_path):
    rules = load_text(tmp_path, 'base = "instant-blackjack"\nblackjack_vs_dealer_blackjack = "push"')
    assert not rules.player_blackjack_paid_at_once


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("insurance = false\neven_money = true", "even_money: even money is a form of insurance"),
        (
            'dealer_draws_after_players = true\nhole_card = "peek"',
            "dealer_draws_after_players: the dealer has no hole card to peek at",
        ),
        (
            "dealer_draws_after_players = true\ninsurance = true",
            "insurance: the dealer shows no card before the players play",
        ),
        (
            'hole_card = "no-peek"\nplayer_blackjack_paid_at_once = true',
            "player_blackjack_paid_at_once: a blackjack cannot be paid at once",
        ),
    ],
)
def test_options_a_file_sets_may_still_contradict_each_other(tmp_path, text, message):
    with pytest.raises(RulesError, match=message):
        load_text(tmp_path, 'base = "vegas-strip"\n' + text)


def test_an_option_the_file_sets_brings_along_the_inherited_one_it_needs(tmp_path):
    rules = load_text(tmp_path, 'base = "home-game"\neven_money = true')
    assert rules.even_money and rules.insurance, "even money needs insurance, which the file did not set"


def test_insurance_set_on_a_table_whose_dealer_draws_last_brings_the_early_deal_back(tmp_path):
    base = tmp_path / "late.toml"
    base.write_text('base = "vegas-strip"\ndealer_draws_after_players = true\n')
    rules = load_text(tmp_path, 'base = "late.toml"\neven_money = true')
    assert rules.even_money and rules.insurance and not rules.dealer_draws_after_players


def test_when_either_of_two_inherited_options_could_give_way_the_file_is_refused(tmp_path):
    # A blackjack paid at once needs a peek or a blackjack that beats the dealer's: the
    # engine does not guess which of the two the person meant.
    with pytest.raises(RulesError, match="player_blackjack_paid_at_once: a blackjack cannot be paid"):
        load_text(tmp_path, 'base = "european"\nplayer_blackjack_paid_at_once = true')


def test_a_base_cycle_is_refused(tmp_path):
    (tmp_path / "a.toml").write_text('base = "b.toml"\n')
    (tmp_path / "b.toml").write_text('base = "a.toml"\n')
    with pytest.raises(RulesError, match="comes back to itself"):
        load_rules(tmp_path / "a.toml")


def test_an_unknown_preset_lists_the_presets():
    with pytest.raises(RulesError, match="vegas-strip"):
        load_rules("vegas")


def test_rules_record_is_frozen_and_validates_changes():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.decks = 2  # type: ignore[misc]
    with pytest.raises(RulesError, match="max_hands"):
        rules.with_changes(max_hands=-1)


def test_summary_lists_every_option():
    lines = load_rules("double-up").summary_lines()
    keys = [line.split(" = ")[0] for line in lines]
    assert keys[0] == "name" and "tournament" in keys and "dealer_draws_after_players" in keys
