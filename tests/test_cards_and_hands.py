"""Cards, card codes, and hand values."""

import pytest

from engine import Card, CardParseError, Rank, Suit, hand_value, is_natural, is_pair, parse_cards


def test_card_codes_accept_ten_as_t_or_10_and_optional_suits():
    assert Card.parse("10d") == Card(Rank.TEN, Suit.DIAMONDS)
    assert Card.parse("th").code == "TH"
    assert Card.parse("K").suit is None
    expected = (Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS), Card(Rank.FIVE))
    assert parse_cards("AS, 10h 5") == expected


@pytest.mark.parametrize("bad", ["", "1", "11", "AX", "ZS", "10HH"])
def test_bad_card_codes_name_the_problem(bad):
    with pytest.raises(CardParseError, match=r"rank|suit|card code"):
        Card.parse(bad)


@pytest.mark.parametrize(
    ("cards", "total", "soft"),
    [
        ("A 6", 17, True),
        ("A A", 12, True),
        ("A A A", 13, True),
        ("A A A A 7", 21, True),
        ("A A 9", 21, True),
        ("A 6 T", 17, False),
        ("A A T 9", 21, False),
        ("A 5 A 5", 12, False),
        ("T 6 8", 24, False),
        ("K Q", 20, False),
        ("A K", 21, True),
    ],
)
def test_soft_and_hard_totals_with_several_aces(cards, total, soft):
    value = hand_value(parse_cards(cards))
    assert (value.total, value.soft) == (total, soft)


def test_describe_says_soft_bust_and_plain_totals():
    assert hand_value(parse_cards("A 6")).describe() == "soft 17"
    assert hand_value(parse_cards("T 6 9")).describe() == "bust 25"
    assert hand_value(parse_cards("A T")).describe() == "21"


def test_natural_is_two_cards_an_ace_and_a_ten_value():
    assert is_natural(parse_cards("Q A"))
    assert not is_natural(parse_cards("7 7 7"))
    assert not is_natural(parse_cards("A 9 A"))


def test_pairs_by_rank_or_by_value():
    assert is_pair(parse_cards("8 8"), by_value=False)
    assert not is_pair(parse_cards("K J"), by_value=False)
    assert is_pair(parse_cards("K J"), by_value=True)
    assert not is_pair(parse_cards("A T"), by_value=True)
