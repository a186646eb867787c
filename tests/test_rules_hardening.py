"""Broken rules files, saved tables and rule objects: each ends in one RulesError whose sentence names
the file and what is wrong (and `blackjack rules FILE` in one `blackjack:` line, exit 2), never in
another exception, a hang or a read without end; a description always describes its own rules."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackjack.cli import main
from engine import load_rules
from engine.errors import RulesError
from engine.rules import Rules
from engine.rulesets import (
    MAX_BASES,
    MAX_FILE_BYTES,
    resolve_rules_spec,
    rules_from_mapping,
    rules_to_mapping,
    with_option,
)
from engine.tables import find_tables, rules_toml, save_table, saved_tables, tables_folder

# ---- one bad file, one sentence ------------------------------------------------------------


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _chain(folder: Path, depth: int) -> Path:
    """A file whose base is a file whose base is ... `depth` files in all, the last one plain."""
    for i in range(depth):
        _write(folder, f"c{i}.toml", f'base = "c{i + 1}.toml"\n' if i < depth - 1 else "decks = 2\n")
    return folder / "c0.toml"


BAD_FILES = {
    # case: (how to make the file, what the sentence says about it)
    "nan": (lambda d: _write(d, "r.toml", "penetration = nan\n"), "key 'penetration': nan is not allowed"),
    "inf": (lambda d: _write(d, "r.toml", "penetration = inf\n"), "key 'penetration': inf is not allowed"),
    "-inf money": (lambda d: _write(d, "r.toml", "min_bet = -inf\n"), "key 'min_bet': -inf is not allowed"),
    "1e5000 as a string": (
        lambda d: _write(d, "r.toml", 'min_bet = "1e5000"\n'), "key 'min_bet': '1e5000' is not allowed"
    ),
    "a decimal that overflows": (
        lambda d: _write(d, "r.toml", 'max_bet = "1e999999999"\n'), "key 'max_bet': '1e999999999' is not"
    ),
    "a float too big for cents": (lambda d: _write(d, "r.toml", "max_bet = 1e300\n"), "key 'max_bet'"),
    "5,000 digits": (
        lambda d: _write(d, "r.toml", "min_bet = " + "9" * 5000 + "\n"), "a number has far too many digits"
    ),
    "a number over 64 bits": (
        lambda d: _write(d, "r.toml", f"max_hands = {2**70}\n"), "key 'max_hands': the number is too large"
    ),
    "a tournament of huge numbers": (
        lambda d: _write(d, "r.toml", f"[tournament]\nbankroll = {2**64}\ngoal = 1\n"), "key 'tournament'"
    ),
    "deep nesting": (
        lambda d: _write(d, "r.toml", "x = " + "[" * 5000 + "]" * 5000 + "\n"), "nest too deeply"
    ),
    "deep tables": (
        lambda d: _write(d, "r.toml", "x = " + "{a = " * 3000 + "1" + "}" * 3000), "nest too deeply"
    ),
    "a base chain 1,000 files deep": (
        lambda d: _chain(d, 1000), f"the chain of base files goes more than {MAX_BASES} files deep"
    ),
    "a base that is itself through ../": (
        lambda d: _write(d, "r.toml", f'base = "../{d.name}/r.toml"\n'),
        "its 'base' chain comes back to itself",
    ),
    "two files that are each other's base": (
        lambda d: (_write(d, "b.toml", 'base = "r.toml"\n'), _write(d, "r.toml", 'base = "b.toml"\n'))[1],
        "its 'base' chain comes back to itself",
    ),
    "bytes that are not UTF-8": (
        lambda d: _write(d, "r.toml", b"\xc1\xff\x00decks = 2"), "is not UTF-8 text"
    ),
    "a file too big": (
        lambda d: _write(d, "r.toml", "# " + "x" * MAX_FILE_BYTES + "\ndecks = 2\n"), "is larger than 64 KB"
    ),
    "a directory": (lambda d: (d / "r.toml").mkdir() or d / "r.toml", "is a folder, not a regular file"),
    "a FIFO": (lambda d: os.mkfifo(d / "r.toml") or d / "r.toml", "is a named pipe, not a regular file"),
    "a base that is a FIFO": (
        lambda d: (os.mkfifo(d / "p.toml"), _write(d, "r.toml", 'base = "p.toml"\n'))[1],
        "is a named pipe, not a regular file",
    ),
    "/dev/zero": (lambda d: Path("/dev/zero"), "is a device, not a regular file"),
    "a path too long for the file system": (
        lambda d: d / ("a" * 300 + ".toml"), "cannot be read (file name too long)"
    ),
    "a base path too long": (
        lambda d: _write(d, "r.toml", f'base = "{"b" * 300}.toml"\n'), "cannot be read (file name too long)"
    ),
    "a NUL in the base": (lambda d: _write(d, "r.toml", 'base = "a\\u0000b"\n'), "holds a NUL character"),
    "two problems": (
        lambda d: _write(d, "r.toml", "decks = 9\nmax_hands = -1\n"),
        "two problems: (1) decks: 9 is out of range",
    ),
}


@pytest.mark.timeout(20)
@pytest.mark.parametrize("case", list(BAD_FILES))
def test_each_broken_rules_file_gives_one_sentence_that_names_it(tmp_path, case):
    make, says = BAD_FILES[case]
    path = make(tmp_path)
    with pytest.raises(RulesError) as raised:
        load_rules(str(path))
    message = str(raised.value)
    assert says in message
    assert "\n" not in message and len(message) < 600
    shown = str(path) if len(str(path)) <= 100 else str(path)[:50]
    assert message.startswith(f"rules file '{shown}"), "the sentence names the file first"


@pytest.mark.timeout(20)
@pytest.mark.parametrize("case", list(BAD_FILES))
def test_blackjack_rules_prints_one_line_for_each_broken_file_and_exits_2(tmp_path, capsys, case):
    make, says = BAD_FILES[case]
    path = make(tmp_path)
    assert main(["rules", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("blackjack: rules file ") and says in lines[0]


def test_two_problems_are_numbered_not_run_together(tmp_path):
    with pytest.raises(RulesError) as raised:
        load_rules(str(_write(tmp_path, "r.toml", "decks = 9\npenetration = 2\n")))
    assert str(raised.value) == (
        f"rules file '{tmp_path}/r.toml': two problems: (1) decks: 9 is out of range; use 1 to 8, or "
        '"infinite". (2) penetration: 2 is out of range; use 0 to 1 (the fraction of the shoe dealt '
        "before the cut card)."
    )


def test_a_base_chain_as_deep_as_allowed_still_loads(tmp_path):
    assert load_rules(str(_chain(tmp_path, MAX_BASES + 1))).decks == 2
    with pytest.raises(RulesError, match="more than 16 files deep"):
        load_rules(str(_chain(tmp_path, MAX_BASES + 2)))


def test_a_file_just_under_the_size_bound_loads(tmp_path):
    text = "decks = 2\n"
    path = _write(tmp_path, "r.toml", "#" * (MAX_FILE_BYTES - len(text) - 1) + "\n" + text)
    assert path.stat().st_size == MAX_FILE_BYTES and load_rules(str(path)).decks == 2


def test_a_missing_file_says_so_as_before(tmp_path):
    with pytest.raises(RulesError, match=r"^no preset or rules file named '.*nothing\.toml'; the presets "):
        load_rules(str(tmp_path / "nothing.toml"))


# ---- the JSON form: a record's rules object ------------------------------------------------

BAD_OBJECTS = {
    "NaN penetration": ({"penetration": math.nan}, "key 'penetration': nan is not allowed"),
    "inf penetration": ({"penetration": math.inf}, "key 'penetration': inf is not allowed"),
    "huge penetration": ({"penetration": 10**5000}, "the number is too large"),
    "huge decks": ({"decks": 10**5000}, "the number is too large"),
    "huge negative max_hands": ({"max_hands": -(10**5000)}, "the number is too large"),
    "huge min_bet": ({"min_bet": 10**5000}, "the number is too large"),
    "inf min_bet": ({"min_bet": math.inf}, "key 'min_bet': inf is not allowed"),
    "a float min_bet too big": ({"min_bet": 1e300}, "key 'min_bet'"),
    "NaN max_bet": ({"max_bet": math.nan}, "key 'max_bet': nan is not allowed"),
    "a list for the payout": ({"blackjack_pays": [3, 2]}, "key 'blackjack_pays': a list is not allowed"),
    "a table for the hole card": ({"hole_card": {"a": 1}}, "key 'hole_card': a table is not allowed"),
    "a number for surrender": ({"surrender": 1}, "key 'surrender': 1 is not allowed"),
    "a number for the base": ({"base": 7}, "key 'base'"),
    "a deep list for the name": ({"name": [[[[[[[]]]]]]]}, "key 'name': a list is not allowed"),
    "an unknown key that is a number": ({7: 1}, "unknown key 7"),
    "a tournament of strings": ({"tournament": {"bankroll": "x", "goal": None}}, "key 'tournament'"),
}


@pytest.mark.parametrize("case", list(BAD_OBJECTS))
def test_each_broken_rules_object_gives_a_rules_error(case):
    table, says = BAD_OBJECTS[case]
    with pytest.raises(RulesError) as raised:
        resolve_rules_spec(table)
    assert says in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize("spec", [[1, 2], 7, None, 1.5])
def test_a_record_rules_field_of_another_kind_gives_a_rules_error(spec):
    with pytest.raises(RulesError, match="use a preset id, a rules file or a table of options"):
        resolve_rules_spec(spec)


# ---- properties: any input ends in Rules or one RulesError ----------------------------------

_KEYS = [*rules_to_mapping(Rules()), "base", "unknown"]
_SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.integers(min_value=-2, max_value=10),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["infinite", "bankroll", "3:2", "6:5", "peek", "none", "late", "any", "vegas-strip",
                     "1e5000", "nan", "", "double-up"]),
    st.text(max_size=12),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["bankroll", "goal", "x"]), inner, max_size=3),
    ),
    max_leaves=6,
)
_TABLES = st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=6)


def _toml_value(value: object) -> str:
    """A value as TOML text (the shapes the property tests draw), however odd the value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(c if c.isalnum() or c in " :-." else f"\\u{ord(c):04x}" for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"


def _toml(table: dict[str, object]) -> str:
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in table.items())


def _loads_or_one_rules_error(read: object) -> Rules | None:
    """What a reader gave: Rules, or None for a RulesError; any other exception fails the test."""
    try:
        rules = read()  # type: ignore[operator]
    except RulesError as error:
        assert str(error) and "\n" not in str(error)
        return None
    assert isinstance(rules, Rules)
    return rules


_FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_FAST
@given(data=st.binary(max_size=300))
def test_any_bytes_as_a_rules_file_give_rules_or_one_rules_error(tmp_path, data):
    path = _write(tmp_path, "r.toml", data)
    _loads_or_one_rules_error(lambda: load_rules(str(path)))


@_FAST
@given(text=st.text(alphabet='[]{}="\'.,-+_ \n#:0123456789abdefinkstruc', max_size=80))
def test_any_toml_like_text_as_a_rules_file_gives_rules_or_one_rules_error(tmp_path, text):
    path = _write(tmp_path, "r.toml", text)
    _loads_or_one_rules_error(lambda: load_rules(str(path)))


@_FAST
@given(table=_TABLES)
def test_any_toml_table_as_a_rules_file_gives_rules_or_one_rules_error(tmp_path, table):
    path = _write(tmp_path, "r.toml", _toml(table))
    _loads_or_one_rules_error(lambda: load_rules(str(path)))


@_FAST
@given(table=_TABLES)
def test_any_rules_object_gives_rules_or_one_rules_error(table):
    _loads_or_one_rules_error(lambda: resolve_rules_spec(table))


@_FAST
@given(data=st.one_of(st.binary(max_size=200), _TABLES.map(lambda t: _toml(t).encode())))
def test_any_saved_table_file_is_listed_as_a_table_or_as_broken(tmp_path, data):
    folder = tables_folder(tmp_path)
    folder.mkdir(exist_ok=True)
    (folder / "Odd.toml").write_bytes(data)
    found = find_tables(folder)
    assert [t.name for t in found.tables] + [t.name for t in found.broken] == ["Odd"]
    rules = _loads_or_one_rules_error(lambda: load_rules("Odd", tables=folder))
    assert (rules is None) == bool(found.broken)
    if found.broken:
        assert "Odd.toml" in found.broken[0].reason


# ---- broken saved tables are listed apart -------------------------------------------------


def test_a_broken_saved_table_is_listed_with_its_reason_and_the_others_load(tmp_path, capsys):
    folder = tables_folder(tmp_path)
    save_table(folder, "Good", load_rules("single-deck"))
    (folder / "Deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    os.mkfifo(folder / "Pipe.toml")
    found = find_tables(folder)
    assert [t.name for t in found.tables] == ["Good"] == [t.name for t in saved_tables(folder)]
    assert [(t.name, "nest too deeply" in t.reason or "named pipe" in t.reason) for t in found.broken] == [
        ("Deep", True), ("Pipe", True)
    ]
    assert main(["rules", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    listed = out[out.index("Saved tables that do not load (left out)"):].splitlines()[1:]
    assert listed[0].startswith("Deep  rules file ") and "nest too deeply" in listed[0]
    assert listed[1].startswith("Pipe  rules file ") and "named pipe" in listed[1]
    assert main(["rules", "Good", "--data-dir", str(tmp_path)]) == 0


def test_the_game_s_note_names_one_broken_table_with_its_problem_and_several_by_name(tmp_path):
    from engine.tables import broken_note

    folder = tables_folder(tmp_path)
    folder.mkdir()
    (folder / "Deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    assert broken_note(find_tables(folder).broken) == (
        "Left out a saved table that does not load: \u201cDeep\u201d (not valid TOML (its arrays or "
        "tables nest too deeply))."
    )
    (folder / "Odd.toml").write_text("decks = 9", encoding="utf-8")
    assert broken_note(find_tables(folder).broken) == (
        "Left out 2 saved tables that do not load: \u201cDeep\u201d, \u201cOdd\u201d (see blackjack rules)."
    )
    assert broken_note([]) is None


# ---- descriptions are made from the rules they describe ------------------------------------


def test_a_table_changed_from_a_preset_is_described_by_its_own_rules(tmp_path, capsys):
    changed = with_option(load_rules("vegas-strip"), "decks", 2)
    changed = with_option(changed, "dealer_hits_soft_17", True)
    changed = with_option(changed, "blackjack_pays", "6:5")
    assert changed.description.startswith("Two decks, dealer hits soft 17,")
    assert changed.description.endswith("blackjack pays 6:5.")
    save_table(tables_folder(tmp_path), "Club", changed)
    assert main(["rules", "Club", "--words", "--data-dir", str(tmp_path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"Club: {changed.description}" and "Six decks" not in first


def test_a_saved_file_with_a_preset_s_description_on_other_rules_gets_one_of_its_own(tmp_path, capsys):
    stale = load_rules("vegas-strip").with_changes(name="Old", decks=2, blackjack_pays=load_rules(
        "six-to-five").blackjack_pays, dealer_hits_soft_17=True)
    folder = tables_folder(tmp_path)
    folder.mkdir()
    (folder / "Old.toml").write_text(rules_toml(stale), encoding="utf-8")  # as the editor once saved it
    assert 'description = "Six decks, dealer stands on soft 17' in (folder / "Old.toml").read_text()
    loaded = load_rules("Old", tables=folder)
    assert loaded.description.startswith("Two decks, dealer hits soft 17") and "6:5" in loaded.description
    assert main(["rules", "--data-dir", str(tmp_path)]) == 0
    assert "Old                Two decks, dealer hits soft 17" in capsys.readouterr().out


def test_a_file_on_a_base_keeps_the_base_description_only_while_it_plays_the_same(tmp_path):
    same = _write(tmp_path, "same.toml", 'base = "vegas-strip"\nname = "Mine"\nmin_bet = 10\n')
    assert load_rules(str(same)).description == load_rules("vegas-strip").description
    other = _write(tmp_path, "other.toml", 'base = "vegas-strip"\ndecks = 2\n')
    assert load_rules(str(other)).description.startswith("Two decks, dealer stands on soft 17")
    own = _write(tmp_path, "own.toml", 'base = "vegas-strip"\ndecks = 2\ndescription = "Our game."\n')
    assert load_rules(str(own)).description == "Our game."


def test_presets_keep_their_written_descriptions():
    assert load_rules("six-to-five").description == "The Vegas Strip game with blackjack paying only 6:5."


def test_a_round_record_of_a_changed_table_carries_the_changed_description():
    changed = with_option(load_rules("vegas-strip"), "decks", 2)
    assert rules_from_mapping(rules_to_mapping(changed)).description == changed.description


# ---- words for a player --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "option", "value", "says"),
    [
        ("infinite-deck", "even_money", True, "Even money: even money is a form of insurance, so it needs "
                                                "Insurance: Yes"),
        ("double-up", "hole_card", "peek", "Dealer draws after players: the dealer has no hole card"),
        ("double-up", "insurance", True, "Insurance: the dealer shows no card before the players play"),
        ("infinite-deck", "player_blackjack_paid_at_once", True, "Blackjack paid at once: "),
        ("vegas-strip", "max_bet", 5, "Maximum bet: $5 is below the minimum bet of $10"),
    ],
)
def test_a_refused_change_says_why_in_words_without_file_keys(start, option, value, says):
    from engine.rule_words import OPTION_HELP

    with pytest.raises(RulesError) as raised:
        with_option(load_rules(start), option, value)
    words = raised.value.words
    assert words.startswith(says)
    assert "=" not in words and not any(key in words for key in OPTION_HELP if "_" in key)
    assert option in str(raised.value), "the file's form still names the key"
