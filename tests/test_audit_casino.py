"""The shoe audit meets the casino's card sources: a shoe that burns a card is sealed with the burned card
first in its order and verifies; a continuous shuffler has no order to seal and says why."""

from __future__ import annotations

from engine import BurningShoe, ContinuousShuffler, Seat, Table, load_rules
from engine.audit import check_shoe, order_text
from engine.shoe import shoe_seal, unsealed_reason


def test_a_burning_shoe_is_sealed_and_its_rounds_verify_after_the_burned_card() -> None:
    shoe = BurningShoe(1, burn=1, seed=11)
    table = Table(load_rules("single-deck"), [Seat("Ann", 100_000)], shoe=shoe)
    rounds: list[tuple[int, str]] = []
    for number in range(1, 4):
        rnd = table.start_round()
        rnd.place_bet(0, 2500)
        rnd.deal()
        while not rnd.is_over:
            rnd.stand()
        rounds.append((number, order_text(rnd.drawn)))
    seal = shoe_seal(shoe)
    assert seal is not None
    assert seal.order[0] == shoe.burned_cards()[0]  # the burned card left the shoe first, face down
    check = check_shoe(seal.digest, order_text(seal.order), seal.salt, rounds, burned=1)
    assert check.ok, check.problems
    wrong = check_shoe(seal.digest, order_text(seal.order), seal.salt, rounds, burned=0)
    assert not wrong.ok


def test_a_continuous_shuffler_has_no_seal_and_says_why() -> None:
    machine = ContinuousShuffler(6, seed=3)
    machine.shuffle()
    assert shoe_seal(machine) is None
    assert "continuous shuffler" in unsealed_reason(machine)
