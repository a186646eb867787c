"""The kernel's faster paths play the same cards: an infinite deck in batches, chunks in batches or threads.

Skipped without the `fast` extra (numba).
"""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("numba")

from engine import load_rules
from engine.kernel import kernel_tally, play_chunks, play_seeded, play_shoes
from engine.kernel.loop import BATCH
from engine.kernel.tables import CODES
from engine.simulate import (
    CHUNK_ROUNDS,
    KERNEL_SEND,
    Plan,
    batches,
    in_threads,
    run,
    run_all,
    tasks,
    tasks_per_send,
)
from engine.tally import Tally

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


@pytest.mark.parametrize(
    ("preset", "bot", "seats"), [("double-up", "basic", 2), ("vegas-strip", "counter", 1)],
    ids=["tournament", "counter"],
)
def test_chunks_played_in_one_call_each_start_at_a_fresh_table(preset: str, bot: str, seats: int) -> None:
    # A tournament's bankrolls and a counter's count and shoe must not run on from one chunk to the next.
    rules = load_rules(preset)
    chunks = [(3000, 11), (2500, 12), (40, 13)]
    together = play_chunks(rules, bot, chunks, seats=seats, bankroll=rules.min_bet * 50)
    apart = [kernel_tally(play_seeded(rules, bot, rounds, seed, seats=seats, bankroll=rules.min_bet * 50))
             for rounds, seed in chunks]
    assert together == sum(apart, Tally()) and all(tally.rounds > 0 for tally in apart)


def test_a_batch_is_one_plans_chunks_and_batches_shrink_to_one_chunk_at_the_end() -> None:
    work = [(0, chunk) for chunk in range(700)] + [(1, chunk) for chunk in range(30)]
    taken = batches(work, True, 2)
    assert [(index, chunk) for index, chunks in taken for chunk in chunks] == work
    sizes = [len(chunks) for _, chunks in taken]
    assert sizes[0] == KERNEL_SEND and sizes[-3:] == [1, 1, 1]  # the last few chunks one at a time
    assert batches(work, False, 2)[0] == (0, [0])  # the Python engines: a chunk at a time


def test_kernel_chunks_go_to_workers_in_batches_and_add_up_to_the_same_run() -> None:
    rules = load_rules("vegas-strip")
    plan = Plan(rules, "basic", rounds=40 * CHUNK_ROUNDS, seed=3, engine="kernel")
    assert tasks_per_send(True, 40, 2) == 5 and tasks_per_send(False, 40, 2) == 1  # the fast path: one
    one, two = run(plan, workers=1), run(plan, workers=2)
    assert one.tally == two.tally and one.tally.rounds == 40 * CHUNK_ROUNDS


def test_kernel_chunks_are_played_by_threads_with_the_same_result_at_any_worker_count() -> None:
    plan = Plan(load_rules("european"), "novice", seats=2, rounds=7 * CHUNK_ROUNDS + 300, seed=8,
                engine="kernel")
    assert in_threads([plan])
    one = run(plan, workers=1)
    for workers in (2, 3, 8):
        summary = run(plan, workers=workers)
        assert summary.tally == one.tally and summary.to_dict() == one.to_dict()
    assert one.tally.rounds == plan.rounds


def test_threads_play_every_chunk_of_every_plan_exactly_once(monkeypatch) -> None:
    import engine.simulate as simulate

    rules = load_rules("vegas-strip")
    plans = [Plan(rules, "basic", rounds=5 * CHUNK_ROUNDS + 1, seed=2, engine="kernel"),
             Plan(rules, "basic", seats=3, rounds=3 * CHUNK_ROUNDS, seed=2, engine="kernel")]
    assert in_threads(plans)
    real, played, threads = simulate.run_chunks, [], set()

    def recorded(plan, indices):
        played.extend((plans.index(plan), index) for index in indices)
        threads.add(threading.current_thread().name)
        return real(plan, indices)

    monkeypatch.setattr(simulate, "run_chunks", recorded)
    summaries = run_all(plans, workers=2)
    assert sorted(played) == tasks(plans) and len(played) == len(set(played))
    assert threads <= {"simulate-1", "simulate-2"}
    assert [s.tally.rounds for s in summaries] == [p.rounds for p in plans]


def test_plans_needing_several_tables_go_to_worker_processes_with_the_same_result() -> None:
    rules = load_rules("vegas-strip")
    plans = [Plan(rules, "basic", rounds=2 * CHUNK_ROUNDS, seed=5, engine="kernel"),
             Plan(rules, "novice", rounds=2 * CHUNK_ROUNDS, seed=5, engine="kernel")]
    assert not in_threads(plans) and in_threads(plans[:1])
    assert [s.tally for s in run_all(plans, workers=2)] == [s.tally for s in run_all(plans, workers=1)]


def test_an_error_in_a_thread_is_raised_and_every_thread_stops(monkeypatch) -> None:
    import engine.simulate as simulate

    real = simulate.run_chunks

    def failing(plan, indices):
        if 3 in indices:
            raise RuntimeError("the kernel stopped after 0 rounds")
        return real(plan, indices)

    monkeypatch.setattr(simulate, "run_chunks", failing)
    plan = Plan(load_rules("vegas-strip"), "basic", rounds=20 * CHUNK_ROUNDS, seed=1, engine="kernel")
    with pytest.raises(RuntimeError, match="stopped after 0 rounds"):
        run(plan, workers=2)
    assert not [thread for thread in threading.enumerate() if thread.name.startswith("simulate-")]


def test_an_interrupt_in_threads_returns_the_finished_chunks(monkeypatch) -> None:
    import engine.simulate as simulate

    real = simulate.run_chunks

    def interrupted(plan, indices):
        if 4 in indices:
            raise KeyboardInterrupt
        return real(plan, indices)

    monkeypatch.setattr(simulate, "run_chunks", interrupted)
    plan = Plan(load_rules("vegas-strip"), "basic", rounds=40 * CHUNK_ROUNDS, seed=1, engine="kernel")
    summary = run(plan, workers=2)
    assert summary.interrupted and summary.tally.rounds % CHUNK_ROUNDS == 0
    assert summary.tally.rounds < plan.rounds
    assert not [thread for thread in threading.enumerate() if thread.name.startswith("simulate-")]


def test_two_threads_starting_together_build_the_tables_once(monkeypatch) -> None:
    import engine.kernel.tables

    real, built = engine.kernel.tables.build, []

    def counted(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine.kernel.tables, "build", counted)
    rules = load_rules("vegas-strip").with_changes(min_bet=300)  # tables no other test has built
    plan = Plan(rules, "basic", rounds=4 * CHUNK_ROUNDS, seed=1, engine="kernel")
    run(plan, workers=2)
    assert built == [1]
