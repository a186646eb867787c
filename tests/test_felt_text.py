"""The felt's printed rules: from the rules, in the words' own phrases, within the printed arcs."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pygame
import pytest

from engine import DoubleOn, HoleCard, Surrender, load_rules, presets
from engine.rule_words import describe_rules, felt_phrases
from game import layout
from game.assets import Assets
from game.table_view import arc_lines

FIRST_LINE_DEGREES = 2 * 27
SECOND_LINE_DEGREES = 2 * 36
"""How far the guide arcs reach around the felt (TableView._build_background): the lines stay inside."""


def degrees(text: str, size: int, radius: int) -> float:
    """How far around its circle a line printed on the arc reaches, as `TableView._arc_text` spaces it."""
    pygame.font.init()
    font = Assets().font(size, bold=True)
    return math.degrees(sum(font.size(ch)[0] + 2 for ch in text) / radius)


def test_each_table_prints_its_own_rules():
    assert arc_lines(load_rules("european")) == (
        "BLACKJACK PAYS 3 TO 2", "DEALER MUST STAND ON ALL 17s  \u2022  NO HOLE CARD"
    )
    assert arc_lines(load_rules("home-game")) == (
        "ALL WINS PAY 1 TO 1", "DEALER MUST STAND ON ALL 17s  \u2022  HIT OR STAND ONLY"
    )
    assert arc_lines(load_rules("instant-blackjack"))[1] == "DEALER MUST STAND ON ALL 17s  \u2022  NO PEEK"
    assert arc_lines(load_rules("downtown")) == (
        "BLACKJACK PAYS 3 TO 2", "DEALER HITS SOFT 17  \u2022  INSURANCE PAYS 2 TO 1"
    )


def test_insurance_is_printed_only_at_a_table_that_offers_it():
    strip = load_rules("vegas-strip")
    assert "INSURANCE PAYS 2 TO 1" in arc_lines(strip)[1]
    assert "INSURANCE" not in " ".join(arc_lines(strip.with_settings(insurance=False)))
    assert "INSURANCE" not in " ".join(arc_lines(load_rules("home-game")))


def test_the_felt_and_the_words_say_the_same_sentence_the_same_way():
    for preset in presets():
        words = " ".join(s for group in describe_rules(preset.rules) for s in group.sentences)
        for phrase in felt_phrases(preset.rules):
            if phrase.startswith(("Blackjack pays", "Insurance pays", "Late surrender", "Early surrender")):
                assert phrase in words, (preset.id, phrase)


@pytest.mark.parametrize("preset", [p.id for p in presets()])
def test_every_preset_fits_within_the_printed_arcs(preset):
    first, second = arc_lines(load_rules(preset))
    r1, r2 = layout.ARC_TEXT_RADII
    assert degrees(first, 30, r1) <= FIRST_LINE_DEGREES, first
    assert degrees(second, 21, r2) <= SECOND_LINE_DEGREES, second


def test_every_mix_of_the_felts_rules_fits_within_the_printed_arcs():
    strip = load_rules("vegas-strip")
    r1, r2 = layout.ARC_TEXT_RADII
    lines = set()
    for h17, hole, insurance, surrender, plain, pays in itertools.product(
        (False, True), HoleCard, (False, True), Surrender, (False, True),
        (Fraction(3, 2), Fraction(6, 5), Fraction(1), Fraction(2)),
    ):
        settings = dict(
            dealer_hits_soft_17=h17, hole_card=hole, insurance=insurance, surrender=surrender,
            blackjack_pays=pays,
        )
        if plain:
            settings |= dict(double_on=DoubleOn.NONE, max_hands=1)
        lines.add(arc_lines(strip.with_settings(**settings)))
    lines.add(arc_lines(load_rules("double-up")))
    for first, second in lines:
        assert degrees(first, 30, r1) <= FIRST_LINE_DEGREES, first
        assert degrees(second, 21, r2) <= SECOND_LINE_DEGREES, second
