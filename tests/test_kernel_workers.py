"""The kernel's faster paths play the same cards: an infinite deck drawn in batches, chunks sent in batches.

Skipped without the `fast` extra (numba).
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from engine import load_rules
from engine.kernel import play_seeded, play_shoes
from engine.kernel.loop import BATCH
from engine.kernel.tables import CODES
from engine.simulate import CHUNK_ROUNDS, Plan, run, tasks_per_send

MASK = 2**64 - 1


def splitmix_cards(seed: int, count: int) -> list[int]:
    """The kernel's card codes for an infinite deck, drawn one at a time: SplitMix64, top 53 bits."""
    state, codes = seed, []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        codes.append(int(float(z >> 11) * (1.0 / 9007199254740992.0) * 13))
    return codes


def test_an_infinite_deck_drawn_in_batches_deals_the_cards_drawn_one_at_a_time() -> None:
    rules = load_rules("instant-blackjack")
    assert rules.decks is None
    rounds = 3 * BATCH // 4  # five or six cards a round: four batches and a part
    cards = [CODES[code] for code in splitmix_cards(5, 6 * BATCH)]
    seeded = play_seeded(rules, "basic", rounds, 5)
    scripted = play_shoes(rules, "basic", [cards], rounds)
    assert scripted.rounds == rounds and seeded.events["cards"] > 3 * BATCH
    assert (seeded.sums, seeded.results, seeded.events) == (scripted.sums, scripted.results, scripted.events)


def test_kernel_chunks_go_to_workers_in_batches_and_add_up_to_the_same_run() -> None:
    rules = load_rules("vegas-strip")
    plan = Plan(rules, "basic", rounds=40 * CHUNK_ROUNDS, seed=3, engine="kernel")
    assert tasks_per_send(True, 40, 2) == 5 and tasks_per_send(False, 40, 2) == 1  # the fast path: one
    one, two = run(plan, workers=1), run(plan, workers=2)
    assert one.tally == two.tally and one.tally.rounds == 40 * CHUNK_ROUNDS
