"""A shoe you can audit: the commitment's hash, the seal a shuffle makes, and checking a revealed shoe."""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess

import pytest

from engine import Table, load_rules
from engine.actions import Action
from engine.audit import ShoeSeal, check_shoe, commitment, commitment_text, fingerprint, salt_for
from engine.cards import FULL_DECK, parse_cards
from engine.round import Round
from engine.shoe import InfiniteShoe, Shoe, StackedShoe, restore_shoe, shoe_seal, shuffle_cards


def play_out(rnd: Round) -> None:
    """Bet 10 at seat 0, deal, and stand (or take the first answer of any other question) until the end."""
    rnd.place_bet(0, 1000)
    rnd.deal()
    while not rnd.is_over:
        legal = rnd.legal_actions()
        rnd.act(Action.STAND if Action.STAND in legal else sorted(legal, key=lambda a: a.value)[0])


def sealed_shoe(seed: int = 3, decks: int = 1) -> Shoe:
    shoe = Shoe(decks, seed=seed)
    shoe.shuffle()
    return shoe


def test_the_commitment_is_the_sha256_of_the_order_line_and_the_salt_line():
    seal = ShoeSeal(parse_cards("AS 7D TC"), "0f" * 16)
    assert commitment_text(seal.order, seal.salt) == "AS 7D TC\n" + "0f" * 16 + "\n"
    assert seal.digest == hashlib.sha256(b"AS 7D TC\n" + b"0f" * 16 + b"\n").hexdigest()
    assert seal.fingerprint == seal.digest[:16] == fingerprint(seal.digest)


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="no sha256sum on this machine")
def test_the_readmes_printf_and_sha256sum_give_the_commitment():
    seal = shoe_seal(sealed_shoe(decks=2))
    assert seal is not None
    order = " ".join(card.code for card in seal.order)
    by_hand = subprocess.run(
        ["sh", "-c", 'printf "%s\\n%s\\n" "$1" "$2" | sha256sum', "sh", order, seal.salt],
        capture_output=True, text=True, check=True,
    ).stdout.split()[0]
    assert by_hand == seal.digest


def test_a_shuffle_seals_the_order_the_shoe_then_deals():
    shoe = sealed_shoe(decks=2)
    seal = shoe_seal(shoe)
    assert seal is not None and len(seal.order) == 104
    assert [shoe.draw() for _ in range(104)] == list(seal.order)


def test_sealing_leaves_a_seeds_cards_as_they_were():
    cards = [c for _ in range(6) for c in FULL_DECK]
    shuffle_cards(cards, random.Random(99))
    assert list(shoe_seal(sealed_shoe(seed=99, decks=6)).order) == cards[::-1]


def test_each_shuffle_has_its_own_salt_and_a_new_shoe_its_own_key():
    shoe = sealed_shoe()
    first = shoe_seal(shoe)
    shoe.shuffle()
    second = shoe_seal(shoe)
    assert first is not None and second is not None and first.salt != second.salt
    assert shoe_seal(sealed_shoe()).salt != first.salt, "the key comes from secrets, not the seed"


def test_a_shoe_restored_from_before_its_shuffle_seals_the_same_commitment():
    shoe = Shoe(1, seed=8)
    shoe.shuffle()
    for _ in range(40):
        shoe.draw()
    before = shoe.snapshot()  # the cut card is out: the next round shuffles
    shoe.shuffle()
    again = restore_shoe(before)
    again.shuffle()
    assert shoe_seal(again) == shoe_seal(shoe)
    assert shoe_seal(restore_shoe(shoe.snapshot())) == shoe_seal(shoe), "mid-shoe, the seal is kept"


def test_a_continuous_shuffler_an_infinite_deck_and_a_stacked_shoe_have_no_seal():
    class Machine(Shoe):
        def discard(self, cards):
            self._undealt[:0] = cards

    machine = Machine(1, seed=2)
    machine.shuffle()
    assert shoe_seal(machine) is None
    assert shoe_seal(InfiniteShoe(seed=1)) is None and shoe_seal(StackedShoe("AS")) is None


def test_salts_follow_from_the_key_and_the_shuffle_number():
    assert salt_for("ab" * 32, 3) == salt_for("ab" * 32, 3) != salt_for("ab" * 32, 4)
    assert len(salt_for("ab" * 32, 1)) == 32


def rounds_dealt(seal: ShoeSeal, sizes: list[int], skip: int = 0) -> list[tuple[int, str]]:
    codes = [card.code for card in seal.order]
    at, out = skip, []
    for number, size in enumerate(sizes, start=1):
        out.append((number, " ".join(codes[at : at + size])))
        at += size
    return out


def test_a_revealed_shoe_and_its_rounds_verify():
    seal = shoe_seal(sealed_shoe())
    assert seal is not None
    order = " ".join(card.code for card in seal.order)
    check = check_shoe(seal.digest, order, seal.salt, rounds_dealt(seal, [4, 5, 6]))
    assert check.ok and check.problems == () and "3 rounds" in check.summary and "15 cards" in check.summary


def test_a_tampered_order_is_caught():
    seal = shoe_seal(sealed_shoe())
    codes = [card.code for card in seal.order]
    codes[10], codes[11] = codes[11], codes[10]
    check = check_shoe(seal.digest, " ".join(codes), seal.salt, [])
    assert not check.ok
    assert check.problems[0].startswith("the revealed order and salt do not hash to the commitment")


def test_a_tampered_salt_is_caught():
    seal = shoe_seal(sealed_shoe())
    order = " ".join(card.code for card in seal.order)
    check = check_shoe(seal.digest, order, "00" * 16, [])
    assert "do not hash to the commitment" in check.problems[0]


def test_a_round_that_took_a_card_out_of_order_is_caught_by_name():
    seal = shoe_seal(sealed_shoe())
    order = " ".join(card.code for card in seal.order)
    rounds = rounds_dealt(seal, [4, 5, 4])
    cards = rounds[1][1].split()
    cards[2], cards[3] = cards[3], cards[2]
    rounds[1] = (2, " ".join(cards))
    check = check_shoe(seal.digest, order, seal.salt, rounds)
    assert check.problems == (
        f"round 2 took {cards[2]} as its card 3, but card 7 of the shoe's order is {cards[3]}.",
    ), "round 3 still checks from where round 2 should have ended"


def test_burned_cards_and_cards_past_the_order_are_noted_not_failed():
    seal = shoe_seal(sealed_shoe())
    order = " ".join(card.code for card in seal.order)
    rounds = rounds_dealt(seal, [4, 47], skip=1)
    rounds[-1] = (2, rounds[-1][1] + " 2C 3C")
    check = check_shoe(seal.digest, order, seal.salt, rounds, burned=1)
    assert check.ok
    assert check.notes[0] == "the first 1 card of the order were burned face down, dealt to no round."
    assert "last 2 cards came from the discards shuffled back in" in check.notes[1]


def test_garbage_in_a_revealed_shoe_is_a_problem_not_an_exception():
    check = check_shoe("zz", "AS XX", "salt", [(1, "Q?")])
    assert not check.ok and len(check.problems) == 4


def test_a_table_deals_its_rounds_in_the_sealed_order():
    table = Table(load_rules("vegas-strip"), [("Ann", 100_000)], seed=4)
    dealt: list[str] = []
    seal = None
    for _ in range(8):
        rnd = table.start_round()
        seal = seal or shoe_seal(table.shoe)
        play_out(rnd)
        dealt += [card.code for card in rnd.drawn]
    assert seal is not None and dealt == [card.code for card in seal.order[: len(dealt)]]
    assert commitment(seal.order, seal.salt) == seal.digest
