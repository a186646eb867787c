"""How to play is written for the table's own rules: each action as allowed here, offers only where made."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import Card, HoleCard, Rules, Surrender, load_rules, presets
from engine.how_to_play import KEYS_SLOT, Section, how_to_play


def text(guide: tuple[Section, ...]) -> str:
    """Every title and paragraph of a guide, one per line."""
    return "\n".join(line for s in guide for line in (s.title, *(p.text for p in s.paragraphs)))


def titles(rules: Rules) -> list[str]:
    return [section.title for section in how_to_play(rules)]


STRIP = load_rules("vegas-strip")


def test_the_dealer_section_follows_hits_soft_17():
    stands, hits = text(how_to_play(STRIP)), text(how_to_play(STRIP.with_settings(dealer_hits_soft_17=True)))
    assert "stands on every 17, soft 17 too" in stands and "stands on every 17" not in hits
    assert "draws to soft 17 too" in hits and "draws to soft 17" not in stands


def test_the_payouts_follow_six_to_five():
    assert "Blackjack pays 3 to 2: a $10 bet wins $15." in text(how_to_play(STRIP))
    six_five = text(how_to_play(STRIP.with_settings(blackjack_pays=Fraction(6, 5))))
    assert "Blackjack pays 6 to 5: a $10 bet wins $12." in six_five and "3 to 2" not in six_five


def test_insurance_is_taught_only_where_it_is_offered():
    assert "Insurance and even money" in titles(STRIP)
    assert "Insurance" in titles(STRIP.with_settings(even_money=False))
    no_insurance = how_to_play(STRIP.with_settings(insurance=False))
    assert not any("Insurance" in title for title in titles(STRIP.with_settings(insurance=False)))
    assert "insurance" not in text(no_insurance).lower() and "even money" not in text(no_insurance)


def test_surrender_is_taught_only_where_it_is_offered():
    late = text(how_to_play(STRIP))
    assert "Surrender is late here" in late
    assert "Surrender is early here" in text(how_to_play(STRIP.with_settings(surrender=Surrender.EARLY)))
    assert "Surrender" not in titles(STRIP.with_settings(surrender=Surrender.NONE))
    assert "surrender" not in text(how_to_play(load_rules("classic-shoe"))).lower()


def test_a_table_without_a_hole_card_says_so_and_what_a_dealer_blackjack_takes():
    european = text(how_to_play(load_rules("european")))
    peeking = text(how_to_play(STRIP))
    assert "draws the rest after the players have played" in european
    assert "does not check for blackjack" in european
    assert "takes every bet, doubles and splits too" in european
    assert "checks the hole card for blackjack" in peeking and "does not check" not in peeking
    no_hole = STRIP.with_settings(hole_card=HoleCard.NONE)
    assert text(how_to_play(no_hole)) != peeking


def test_each_action_says_what_this_table_allows():
    home = text(how_to_play(load_rules("home-game")))
    assert "does not allow doubling down" in home and "does not allow splitting" in home
    european = text(how_to_play(load_rules("european")))
    assert "only when your first two cards total 9, 10 or 11" in european and "only once" in european
    assert "You may not double a hand made by splitting." in european
    strip = text(how_to_play(STRIP))
    assert "up to 4 hands" in strip and "Split aces get one card each" in strip
    hit_aces = text(how_to_play(STRIP.with_settings(hit_split_aces=True, resplit_aces=True)))
    assert "Split aces may be hit" in hit_aces and "may be split again" in hit_aces


def test_the_keys_section_is_last_and_left_for_the_game():
    for preset in presets():
        keys = how_to_play(preset.rules)[-1]
        assert keys.slot == KEYS_SLOT and keys.paragraphs == ()
        assert all(section.slot is None for section in how_to_play(preset.rules)[:-1])


@pytest.mark.parametrize("preset", [p.id for p in presets()])
def test_every_pictured_card_is_a_whole_card_code(preset):
    for section in how_to_play(load_rules(preset)):
        for paragraph in section.paragraphs:
            assert paragraph.text.endswith(".") and "_" not in paragraph.text
            for code in paragraph.cards:
                card = Card.parse(code)
                assert card.suit is not None and card.code == code, code


def test_the_soft_17_example_pictures_an_ace_and_a_six():
    soft = how_to_play(STRIP)[2]
    assert soft.title == "Soft hands and blackjack"
    assert soft.paragraphs[0].cards == ("AS", "6H") and "soft 17" in soft.paragraphs[0].text


def test_a_tournament_explains_its_goal():
    assert "Tournament" in titles(load_rules("double-up")) and "Tournament" not in titles(STRIP)
    assert "Reach $200 to win" in text(how_to_play(load_rules("double-up")))
