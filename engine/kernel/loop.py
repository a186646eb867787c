"""The compiled loop: whole rounds played by indexing `engine.kernel.tables`, in FastTable's order.

Every step is FastTable's (`engine.fastplay`), in the same order: the deal, the offers,
the peek, naturals paid at once, each hand in split order, the dealer, settlement. No rule
is written here: a hand's value, what it may do, what the bot does, whether the dealer
draws and what a hand is paid are all read from the tables.

Compiled with numba when the `fast` extra is installed (cached on disk); without it the
module still imports (as plain Python, far too slow to use) so nothing else breaks.
"""

from __future__ import annotations

from typing import Any

from engine.jit import inline, jit, np

# The indices of the state vector `st`. The next card is shoe[st[P]] while st[P] < st[LIMIT];
# st[P] + st[BASE] cards have been dealt since the shuffle.
P, START, SHUFFLES, RC, SEEN, SCRIPT, ERROR, BASE, SHUFFLED = 0, 1, 2, 3, 4, 5, 6, 7, 8
MID_ROUND, KEYS, LIMIT = 9, 10, 11
STATE = 12
"""Error codes left in st[ERROR]."""
ERR_SCRIPT_ENDED, ERR_EMPTY, ERR_SCRIPT_RESHUFFLE, ERR_UNKNOWN, ERR_HANDS = 1, 2, 3, 4, 5
# Event counters.
EV_SPLITS, EV_RESPLITS, EV_DOUBLES, EV_SURRENDERS, EV_INSURANCE, EV_EVEN_MONEY = 0, 1, 2, 3, 4, 5
EV_SHUFFLES, EV_MID_ROUND, EV_DEALER_BLACKJACKS, EV_SPLIT_ACES, EV_HITS, EV_PAID_AT_ONCE = 6, 7, 8, 9, 10, 11
EV_CARDS, EV_TOURNAMENTS, EV_LEFT_SHOES = 12, 13, 14
EVENTS = 15
RED_SEVEN = 13
"""The card code of a red seven (`engine.kernel.tables.RED_SEVEN`)."""
HANDS = 32
"""The most hands one seat may hold in the kernel (unlimited resplits stop with an error past it)."""
BATCH = 4096
"""An infinite deck's cards are drawn this many at a time into the shoe array (the same sequence)."""

NATURAL, FROM_SPLIT, SPLIT_ACES, BUSTED, SURRENDERED = 16, 8, 4, 2, 1
STAND, HIT, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
FINISH = 8
BLACKJACK_RESULT = 0
"""`Result.BLACKJACK`'s index in `Result`."""


# The generator's state lives in rng[0] between calls and in a local scalar while cards are made:
# numba counts references to an array each time one is handed to a function (an atomic add and
# subtract), which cost more than the card itself.
@inline
def below(state: Any, bound: int) -> tuple[Any, int]:
    """SplitMix64's next state, and a random integer in [0, bound) from the top 53 bits of its output
    (bias under 2**-40 for any shoe)."""
    state = state + np.uint64(0x9E3779B97F4A7C15)
    z = (state ^ (state >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return state, int(float(z >> np.uint64(11)) * (1.0 / 9007199254740992.0) * bound)


@jit
def shuffle(cards: Any, start: int, stop: int, rng: Any) -> None:
    """Fisher-Yates over cards[start:stop]."""
    state = rng[0]
    for i in range(stop - 1, start, -1):
        state, j = below(state, i - start + 1)
        j += start
        cards[i], cards[j] = cards[j], cards[i]
    rng[0] = state


@jit
def out_of_cards(
    shoe: Any, st: Any, rng: Any, script: Any, keys: Any, scripted: bool, infinite: bool
) -> None:
    """The shoe array is used up (st[P] reached st[LIMIT]) mid-round: put the next cards in it.

    A shoe puts its discards back in shuffled (the round's cards so far stay out), or, scripted,
    sorted by the next row of `keys` (distinct numbers). An infinite deck draws its next `BATCH`
    cards (or the script's next ones), the same cards it would have drawn one at a time. On an
    error every card left reads as an ace (code 0) and play stops at the next check of st[ERROR].
    Kept out of line: it is rare, and inlined at every draw it would crowd out the common path.
    """
    size = shoe.shape[0]
    if infinite:
        st[BASE] += st[LIMIT]
        fill = size
        if scripted:
            fill = min(size, script.shape[1] - st[SCRIPT])
            if fill <= 0:
                _stop(shoe, st, ERR_SCRIPT_ENDED)
                return
            shoe[:fill] = script[0, st[SCRIPT]:st[SCRIPT] + fill]
            st[SCRIPT] += fill
        else:
            state = rng[0]
            for k in range(size):
                state, code = below(state, 13)
                shoe[k] = code
            rng[0] = state
        st[P] = 0
        st[LIMIT] = fill
        return
    back = st[START]
    if back == 0:
        _stop(shoe, st, ERR_EMPTY)
        return
    tray = shoe[:back].copy()
    shoe[: size - back] = shoe[back:]
    if scripted:
        if st[KEYS] >= keys.shape[0]:
            _stop(shoe, st, ERR_SCRIPT_RESHUFFLE)
            return
        order = np.argsort(keys[st[KEYS], :back])
        st[KEYS] += 1
        for k in range(back):
            shoe[size - back + k] = tray[order[k]]
    else:
        shoe[size - back:] = tray
        shuffle(shoe, size - back, size, rng)
    st[P] = size - back
    st[BASE] += back
    st[START] = 0
    st[SHUFFLES] += 1
    st[RC] = 0
    st[SEEN] = 0
    st[MID_ROUND] += 1


@jit
def _stop(shoe: Any, st: Any, error: int) -> None:
    """Stop play with an error: the cards still to be read in this round are aces."""
    st[ERROR] = error
    shoe[:] = 0
    st[P] = 0
    st[LIMIT] = shoe.shape[0]


@jit
def play(
    rounds: int, seed: Any, bankrolls: Any, st: Any,
    first_value: Any, step: Any, pair: Any, natural: Any, is_ace: Any, points: Any, tag: Any, hand_state: Any,
    situation: Any, dealer_draws: Any, up_rules: Any, even_money: Any, offer: Any,
    count_bucket: Any, play_bucket: Any, offset: int, true_bucket: Any, bet_index: Any, leave: Any,
    bet_amount: Any,
    insurance: Any,
    insurance_net: Any, blackjack_win: Any, fate: Any, outcome: Any,
    hands_axis: int, counting: bool, hole: bool, paid_at_once: bool, infinite: bool, shoe_size: int, cut: int,
    first_card: bool, dealer_after: bool, tournament: bool, start_bankroll: int, goal: int, min_bet: int,
    seats: int, script: Any, keys: Any, scripted: bool, sums: Any, by_count: Any, results: Any, events: Any,
    record: bool, rec_net: Any, rec_bet: Any, rec_cards: Any, rec_results: Any, rec_bankroll: Any,
    rec_active: Any,
) -> int:
    """Play up to `rounds` rounds; add their sums, results and events to the arrays; rounds played.

    The first four arguments are one table's (`play_chunks` gives each chunk its own); the rest
    are the game's: the tables, the rules, the seats and where the figures go.

    sums: rounds, seat rounds, net, net², bet, bet², net×bet (per round over the seats).
    by_count: the same sums by the true-count bucket of the first seat's bet (`true_bucket`),
    the last column for rounds it placed no bet; filled only when `counting`.
    With `scripted` the shoes come from the rows of `script` in order (an infinite deck
    deals row 0 straight through) and a mid-round reshuffle sorts the discards by the next
    row of `keys`; otherwise every shuffle is SplitMix64's, seeded with `seed`.
    """
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    st[P] = 0
    st[LIMIT] = 0
    shoe = np.zeros(BATCH if infinite else max(shoe_size, 1), dtype=np.int8)
    if not infinite and not scripted:
        fresh_shoe(shoe, shoe_size)
    h_value = np.zeros((seats, HANDS), dtype=np.int64)
    h_cards = np.zeros((seats, HANDS), dtype=np.int64)
    h_r0 = np.zeros((seats, HANDS), dtype=np.int64)
    h_r1 = np.zeros((seats, HANDS), dtype=np.int64)
    h_flags = np.zeros((seats, HANDS), dtype=np.int64)
    h_doubled = np.zeros((seats, HANDS), dtype=np.int64)
    h_done = np.zeros((seats, HANDS), dtype=np.int64)
    h_result = np.zeros((seats, HANDS), dtype=np.int64)
    held = np.zeros(seats, dtype=np.int64)
    nets = np.zeros(seats, dtype=np.int64)
    bet_of = np.zeros(seats, dtype=np.int64)
    insured_amount = np.zeros(seats, dtype=np.int64)
    active = np.ones(seats, dtype=np.bool_)
    playing = np.zeros(seats, dtype=np.bool_)
    played = 0
    for number in range(rounds):
        # The opening: a new tournament once every seat has finished, a shuffle after the cut card.
        if tournament and not active.any():
            bankrolls[:] = start_bankroll
            active[:] = True
            events[EV_TOURNAMENTS] += 1
        anyone = False
        for s in range(seats):
            playing[s] = active[s] and bankrolls[s] >= min_bet
            anyone = anyone or playing[s]
        if not anyone:
            break
        # A counter whose count has fallen to its ramp's leave count leaves for a fresh shoe.
        leaving = counting and st[SEEN] > 0 and leave[count_bucket[st[RC] + offset, st[SEEN]]] != 0
        if leaving:
            events[EV_LEFT_SHOES] += 1
        if not infinite and (st[SHUFFLED] == 0 or st[P] + st[BASE] >= cut or leaving):
            if scripted:
                if st[SCRIPT] >= script.shape[0]:
                    break
                shoe[:] = script[st[SCRIPT]]
                st[SCRIPT] += 1
            else:
                shuffle(shoe, 0, shoe_size, rng)
            st[P] = 0
            st[LIMIT] = shoe_size
            st[START] = 0
            st[BASE] = 0
            st[SHUFFLED] = 1
            st[SHUFFLES] += 1
            st[RC] = 0
            st[SEEN] = 0
            events[EV_SHUFFLES] += 1
        round_start = st[P] + st[BASE]
        for s in range(seats):
            nets[s] = 0
            insured_amount[s] = 0
            held[s] = 0
        # The bets (after a first card to each seat, when the rules deal it first), then the deal:
        # a card to each seat, the up card, a second card to each seat, the hole card.
        # Every card is drawn in line, as `if st[P] >= st[LIMIT]: out_of_cards(...)` then shoe[st[P]]:
        # a helper handed the arrays would cost two atomic reference counts per array per card.
        b = 0
        amount = 0
        true_column = by_count.shape[1] - 1
        for stage in range(2):
            if stage == (1 if first_card else 0):
                b = int(bet_index[count_bucket[st[RC] + offset, st[SEEN]]]) if counting else int(bet_index[0])
                if counting and playing[0]:
                    true_column = int(true_bucket[st[RC] + offset, st[SEEN]])
                amount = bet_amount[b]
                for s in range(seats):
                    if not playing[s]:
                        continue
                    bankrolls[s] -= amount
                    bet_of[s] = b
                    held[s] = 1
                continue
            for s in range(seats):  # each seat's first card starts its hand
                if not playing[s]:
                    continue
                if st[P] >= st[LIMIT]:
                    out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
                r = int(shoe[st[P]])
                st[P] += 1
                if counting:
                    st[RC] += tag[r]
                    st[SEEN] += 1
                h_r0[s, 0] = r
                h_value[s, 0] = first_value[r]
                h_cards[s, 0] = 1
                h_flags[s, 0] = 0
                h_doubled[s, 0] = 0
                h_done[s, 0] = 0
                h_result[s, 0] = -1
        up = 0
        dealer_value = 0
        dealer_cards = 0
        if not dealer_after:
            if st[P] >= st[LIMIT]:
                out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
            up = int(shoe[st[P]])
            st[P] += 1
            if counting:
                st[RC] += tag[up]
                st[SEEN] += 1
            dealer_value = int(first_value[up])
            dealer_cards = 1
        second = 0
        for s in range(seats):
            if not playing[s]:
                continue
            if st[P] >= st[LIMIT]:
                out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
            r = int(shoe[st[P]])
            st[P] += 1
            if counting:
                st[RC] += tag[r]
                st[SEEN] += 1
            h_r1[s, 0] = r
            h_value[s, 0] = step[h_value[s, 0], r]
            h_cards[s, 0] = 2
            if natural[h_r0[s, 0], r]:
                h_flags[s, 0] = NATURAL
        if hole:  # face down: counted when it is turned
            if st[P] >= st[LIMIT]:
                out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
            second = int(shoe[st[P]])
            st[P] += 1
            dealer_cards = 2
        if st[ERROR]:
            break
        # The offers (insurance or even money), the peek, naturals paid at once.
        up_points = int(points[up]) if dealer_cards else 0
        insured = False
        if up_rules[up_points, 0]:
            bucket = int(play_bucket[st[RC] + offset, st[SEEN]]) if counting else 0
            for s in range(seats):
                if not playing[s]:
                    continue
                nat = 1 if h_flags[s, 0] & NATURAL else 0
                if even_money[nat]:
                    if offer[bucket, 1]:
                        h_result[s, 0] = BLACKJACK_RESULT
                        h_done[s, 0] = 1
                        bankrolls[s] += 2 * amount
                        nets[s] += amount
                        events[EV_EVEN_MONEY] += 1
                elif insurance[b] != 0 and offer[bucket, 0]:
                    bankrolls[s] -= insurance[b]
                    insured_amount[s] = insurance[b]
                    insured = True
                    events[EV_INSURANCE] += 1
        peek = up_rules[up_points, 1] != 0
        dealer_blackjack = False
        settled_early = False
        if peek:
            dealer_blackjack = natural[up, second] != 0
            if insured:
                for s in range(seats):
                    if insured_amount[s]:
                        won = insurance_net[b, 1 if dealer_blackjack else 0]
                        bankrolls[s] += insured_amount[s] + won
                        nets[s] += won
                        insured_amount[s] = 0
                insured = False
            if dealer_blackjack:
                if counting:
                    st[RC] += tag[second]
                    st[SEEN] += 1
                dealer_value = int(step[dealer_value, second])
                events[EV_DEALER_BLACKJACKS] += 1
                settled_early = True
        if not settled_early:
            if paid_at_once:
                for s in range(seats):
                    if playing[s] and not h_done[s, 0] and h_flags[s, 0] & NATURAL:
                        won = blackjack_win[b]
                        h_result[s, 0] = BLACKJACK_RESULT
                        h_done[s, 0] = 1
                        bankrolls[s] += amount + won
                        nets[s] += won
                        events[EV_PAID_AT_ONCE] += 1
            # The players' turns: each seat's hands in split order.
            for s in range(seats):
                i = 0  # a seat that sits out holds no hands
                while i < held[s]:
                    if h_done[s, i]:
                        i += 1
                        continue
                    action = HIT if h_cards[s, i] == 1 else -1
                    while True:
                        if action != -1:
                            if st[P] >= st[LIMIT]:
                                out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
                            r = int(shoe[st[P]])
                            st[P] += 1
                            if st[ERROR]:
                                break
                            if counting:
                                st[RC] += tag[r]
                                st[SEEN] += 1
                            if h_cards[s, i] == 1:
                                h_r1[s, i] = r
                            h_cards[s, i] += 1
                            h_value[s, i] = step[h_value[s, i], r]
                            if h_value[s, i] >> 1 > 21:
                                h_flags[s, i] |= BUSTED
                                h_done[s, i] = 1
                                break
                            if action == DOUBLE:
                                h_done[s, i] = 1
                                break
                            if h_cards[s, i] == 2 and natural[h_r0[s, i], r]:
                                h_flags[s, i] |= NATURAL
                        two = h_cards[s, i] == 2
                        code = pair[h_r0[s, i], h_r1[s, i]] if two else 0
                        flags = h_flags[s, i]
                        kind = 2 if flags & SPLIT_ACES else 1 if flags & FROM_SPLIT else 0
                        bucket = int(play_bucket[st[RC] + offset, st[SEEN]]) if counting else 0
                        state = hand_state[h_value[s, i], 0 if two else 1, code]
                        answer = situation[bucket, state, kind, min(held[s], hands_axis) - 1, up_points]
                        if state < 0 or answer < 0:
                            st[ERROR] = ERR_UNKNOWN
                            break
                        if answer & FINISH:
                            h_done[s, i] = 1
                            break
                        action = answer
                        if action == STAND:
                            h_done[s, i] = 1
                            break
                        if action == DOUBLE:
                            bankrolls[s] -= amount
                            h_doubled[s, i] = 1
                            events[EV_DOUBLES] += 1
                        elif action == SPLIT:
                            if held[s] >= HANDS:
                                st[ERROR] = ERR_HANDS
                                break
                            bankrolls[s] -= amount
                            events[EV_SPLITS] += 1
                            if held[s] > 1:
                                events[EV_RESPLITS] += 1
                            moved = h_r1[s, i]
                            new_flags = FROM_SPLIT | (SPLIT_ACES if is_ace[moved] else 0)
                            if is_ace[moved]:
                                events[EV_SPLIT_ACES] += 1
                            for k in range(held[s], i + 1, -1):
                                h_value[s, k] = h_value[s, k - 1]
                                h_cards[s, k] = h_cards[s, k - 1]
                                h_r0[s, k] = h_r0[s, k - 1]
                                h_r1[s, k] = h_r1[s, k - 1]
                                h_flags[s, k] = h_flags[s, k - 1]
                                h_doubled[s, k] = h_doubled[s, k - 1]
                                h_done[s, k] = h_done[s, k - 1]
                                h_result[s, k] = h_result[s, k - 1]
                            held[s] += 1
                            h_flags[s, i] = new_flags
                            h_cards[s, i] = 1
                            h_value[s, i] = first_value[h_r0[s, i]]
                            j = i + 1
                            h_r0[s, j] = moved
                            h_value[s, j] = first_value[moved]
                            h_cards[s, j] = 1
                            h_flags[s, j] = new_flags
                            h_doubled[s, j] = 0
                            h_done[s, j] = 0
                            h_result[s, j] = -1
                        elif action == SURRENDER:
                            h_flags[s, i] |= SURRENDERED
                            h_done[s, i] = 1
                            events[EV_SURRENDERS] += 1
                            break
                        else:
                            events[EV_HITS] += 1
                    if st[ERROR]:
                        break
                    i += 1
            if st[ERROR]:
                break
            # The dealer: turn the hole card (or complete two cards when that matters), insurance, draw.
            live = False
            matters = insured
            for s in range(seats):
                for i in range(held[s]):  # no hands for a seat that sits out
                    if h_result[s, i] < 0:
                        if fate[h_flags[s, i], 1]:
                            live = True
                        if fate[h_flags[s, i], 2]:
                            matters = True
            if hole:
                if counting:
                    st[RC] += tag[second]
                    st[SEEN] += 1
                dealer_value = int(step[dealer_value, second])
            elif matters:
                while dealer_cards < 2:
                    if st[P] >= st[LIMIT]:
                        out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
                    r = int(shoe[st[P]])
                    st[P] += 1
                    if counting:
                        st[RC] += tag[r]
                        st[SEEN] += 1
                    if dealer_cards == 0:
                        up = r
                        dealer_value = int(first_value[r])
                    else:
                        second = r
                        dealer_value = int(step[dealer_value, r])
                    dealer_cards += 1
            dealer_blackjack = (not peek) and dealer_cards == 2 and natural[up, second] != 0
            if dealer_blackjack:
                events[EV_DEALER_BLACKJACKS] += 1
            if insured:
                for s in range(seats):
                    if insured_amount[s]:
                        won = insurance_net[b, 1 if dealer_blackjack else 0]
                        bankrolls[s] += insured_amount[s] + won
                        nets[s] += won
                        insured_amount[s] = 0
            if live and not dealer_blackjack:
                while dealer_draws[dealer_value]:
                    if st[P] >= st[LIMIT]:
                        out_of_cards(shoe, st, rng, script, keys, scripted, infinite)
                    r = int(shoe[st[P]])
                    st[P] += 1
                    if counting:
                        st[RC] += tag[r]
                        st[SEEN] += 1
                    dealer_value = int(step[dealer_value, r])  # step[0] is a first card's value
            if st[ERROR]:
                break
        # Settlement, and the round's figures.
        dealer_total = dealer_value >> 1
        round_net = 0
        round_bet = 0
        seat_rounds = 0
        written = 0
        for s in range(seats):
            if record:
                rec_net[number, s] = 0
                rec_bet[number, s] = 0
                rec_bankroll[number, s] = bankrolls[s]
            if not playing[s]:
                continue
            for i in range(held[s]):
                res = h_result[s, i]
                if res < 0:
                    flags = h_flags[s, i]
                    blackjack = fate[flags, 0]
                    doubled = h_doubled[s, i]
                    packed = outcome[b, doubled, blackjack, flags & 3, h_value[s, i] >> 1,
                                     1 if dealer_blackjack else 0, dealer_total]
                    res = packed & 7
                    won = packed >> 3
                    h_result[s, i] = res
                    bankrolls[s] += amount * (2 if doubled else 1) + won
                    nets[s] += won
                results[res] += 1
                if record:
                    rec_results[number, written] = res
                    written += 1
            round_net += nets[s]
            round_bet += amount
            seat_rounds += 1
            if record:
                rec_net[number, s] = nets[s]
                rec_bet[number, s] = amount
                rec_bankroll[number, s] = bankrolls[s]
        events[EV_CARDS] += st[P] + st[BASE] - round_start
        if record:
            rec_cards[number] = st[P] + st[BASE] - round_start
        if tournament:
            for s in range(seats):
                if active[s] and (bankrolls[s] >= goal or bankrolls[s] < min_bet):
                    active[s] = False
        if record:
            for s in range(seats):
                rec_active[number, s] = active[s]
        sums[0] += 1
        sums[1] += seat_rounds
        sums[2] += round_net
        sums[3] += round_net * round_net
        sums[4] += round_bet
        sums[5] += round_bet * round_bet
        sums[6] += round_net * round_bet
        if counting:
            by_count[0, true_column] += 1
            by_count[1, true_column] += seat_rounds
            by_count[2, true_column] += round_net
            by_count[3, true_column] += round_net * round_net
            by_count[4, true_column] += round_bet
            by_count[5, true_column] += round_bet * round_bet
            by_count[6, true_column] += round_net * round_bet
        st[START] = st[P]  # the round's cards go to the discard tray
        played += 1
    events[EV_MID_ROUND] += st[MID_ROUND]
    return played


@jit
def play_chunks(
    chunk_rounds: Any, seeds: Any, bankrolls: Any, st: Any, start_bankroll: int, game: Any
) -> int:
    """Play chunks one after another, each at a fresh table (its seed's shoe, the bankrolls full);
    add all their figures to the game's arrays (`play`'s arguments after its first four); rounds played.

    One call for many chunks: called from Python one at a time (numba reads some fifty arguments
    each time, and the call's arrays and tally are made in Python), chunks of 20,000 rounds took
    about a tenth longer.
    """
    played = 0
    for chunk in range(chunk_rounds.shape[0]):
        bankrolls[:] = start_bankroll
        st[:] = 0
        played += play(chunk_rounds[chunk], seeds[chunk], bankrolls, st, *game)
        if st[ERROR]:
            break
    return played


@jit
def fresh_shoe(shoe: Any, size: int) -> None:
    """The cards of an unshuffled shoe, deck by deck, suit by suit (spades, hearts, diamonds, clubs):
    rank codes, the hearts' and diamonds' sevens as `RED_SEVEN`."""
    for i in range(size):
        code = i % 13
        if code == 6 and (i // 13) % 4 in (1, 2):
            code = RED_SEVEN
        shoe[i] = code


@jit
def draw_only(rounds: int, cards_per_round: float, decks: int, cut: int, seed: int) -> int:
    """The cost floor: shuffle and draw as many cards as `rounds` rounds use, and nothing else."""
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    size = 52 * decks
    shoe = np.zeros(size, dtype=np.int8)
    for i in range(size):
        shoe[i] = i % 13
    total = int(rounds * cards_per_round)
    checksum = 0
    dealt = cut
    for _ in range(total):
        if dealt >= cut:
            shuffle(shoe, 0, size, rng)
            dealt = 0
        checksum += shoe[dealt]
        dealt += 1
    return checksum
