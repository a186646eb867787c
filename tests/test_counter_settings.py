"""A person's counting settings round-trip through their profile, and a bad saved value costs only itself."""

from __future__ import annotations

from engine.counting import SYSTEMS, Precision, parse_ramp
from game.counter_settings import (
    JUDGING_KEY,
    PRECISION_KEY,
    RAMP_KEY,
    SYSTEM_KEY,
    UNIT_KEY,
    CounterSettings,
    Judging,
    counter_settings,
)


def test_no_settings_count_hi_lo_by_halves_with_basic_judging_and_no_ramp() -> None:
    chosen = counter_settings(None)
    assert (chosen.system.key, chosen.precision, chosen.judging, chosen.ramp, chosen.problems) == (
        "hi-lo", Precision.HALF, Judging.BASIC, None, ())
    assert chosen.bet_unit(1000) == 1000


def test_settings_round_trip() -> None:
    chosen = CounterSettings("ko", SYSTEMS["ko"], Precision.QUARTER, judging=Judging.INDICES,
                             ramp=parse_ramp("1:1,2:2,3:4,leave:-1"), unit=2500)
    again = counter_settings({"last_bet": 500, **chosen.settings()})
    assert again == chosen
    assert again.bet_unit(1000) == 2500


def test_each_bad_value_falls_back_alone_with_a_sentence() -> None:
    chosen = counter_settings({
        SYSTEM_KEY: "/nowhere/system.toml", PRECISION_KEY: "tenth", JUDGING_KEY: 3,
        RAMP_KEY: "1:0,2:2", UNIT_KEY: -5,
    })
    assert chosen == CounterSettings()
    assert len(chosen.problems) == 5
    assert "count system" in chosen.problems[0] and "tenth" in chosen.problems[1]
    good_ramp = counter_settings({PRECISION_KEY: "tenth", RAMP_KEY: "1:1,3:4"})
    assert good_ramp.ramp == parse_ramp("1:1,3:4") and len(good_ramp.problems) == 1
