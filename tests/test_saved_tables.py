"""Saved tables: a rule set kept under a player's name in the data folder, found by `--rules NAME`,
listed with the presets by `blackjack rules`, the setup and Settings; a bad name or a failed
write says why in one sentence and loses nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackjack.cli import main
from engine import load_rules
from engine.errors import RulesError
from engine.tables import rules_toml, save_table, saved_tables, tables_folder
from game.app import App
from game.settings import Settings
from tests.test_game_helpers import button, click, run, run_until, scene_name, top


def _mine() -> object:
    return load_rules("single-deck").with_changes(description="Mine.", dealer_hits_soft_17=True)


def test_a_saved_table_reads_back_as_the_same_rules_under_its_name(tmp_path):
    rules = _mine()
    path = save_table(tables_folder(tmp_path), "Friday night", rules)
    assert path == tmp_path / "tables" / "Friday night.toml"
    assert 'name = "Friday night"' in path.read_text(encoding="utf-8")
    loaded = load_rules("Friday night", tables=tables_folder(tmp_path))
    assert loaded == rules.with_changes(name="Friday night")
    assert load_rules(str(path)) == loaded, "a saved table is also a rules file"
    assert [t.name for t in saved_tables(tables_folder(tmp_path))] == ["Friday night"]


@pytest.mark.parametrize("preset", ["double-up", "european", "home-game", "infinite-deck"])
def test_every_kind_of_option_survives_the_toml_writer(preset):
    import tomllib

    from engine.rulesets import rules_from_mapping

    rules = load_rules(preset)
    assert rules_from_mapping(tomllib.loads(rules_toml(rules))) == rules


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("", "Give the table a name."),
        ("   ", "Give the table a name."),
        ("a/b", "cannot hold /"),
        ("a\\b", "cannot hold \\"),
        ("..", "cannot start or end with a dot"),
        ("tab\tle", "cannot hold control characters"),
        ("x" * 41, "at most 40 characters"),
        ("CON", "keep for devices"),
        ("lpt1.txt", "keep for devices"),
        ("what?", "cannot hold ?"),
        ("vegas-strip", "is a preset's id"),
        ("Vegas-Strip", "is a preset's id"),
    ],
)
def test_a_name_that_cannot_be_a_table_says_why_and_writes_nothing(tmp_path, name, says):
    with pytest.raises(RulesError) as raised:
        save_table(tables_folder(tmp_path), name, _mine())
    message = str(raised.value)
    assert says in message and message.endswith(".") and "\n" not in message
    assert not tables_folder(tmp_path).exists() or not any(tables_folder(tmp_path).iterdir())


def test_a_failed_write_keeps_the_old_table_whole(tmp_path, monkeypatch):
    import engine.tables

    folder = tables_folder(tmp_path)
    path = save_table(folder, "Mine", load_rules("vegas-strip"))
    before = path.read_bytes()

    def full_disk(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(engine.tables.os, "replace", full_disk)
    with pytest.raises(RulesError, match=r"^The table could not be saved: No space left on device\.$"):
        save_table(folder, "Mine", _mine())
    assert path.read_bytes() == before and [p.name for p in folder.iterdir()] == ["Mine.toml"]


def test_a_replaced_table_leaves_no_temporary_file(tmp_path):
    folder = tables_folder(tmp_path)
    save_table(folder, "Mine", load_rules("vegas-strip"))
    save_table(folder, "Mine", _mine())
    assert [p.name for p in folder.iterdir()] == ["Mine.toml"]
    assert load_rules("Mine", tables=folder).decks == 1


def test_a_table_file_that_does_not_load_is_left_out_of_the_list(tmp_path):
    folder = tables_folder(tmp_path)
    save_table(folder, "Good", _mine())
    (folder / "Broken.toml").write_text("decks = 'many'\n", encoding="utf-8")
    assert [t.name for t in saved_tables(folder)] == ["Good"]


def test_blackjack_rules_lists_saved_tables_after_the_presets_and_shows_one_by_name(tmp_path, capsys):
    save_table(tables_folder(tmp_path), "Friday night", _mine())
    assert main(["rules", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.index("vegas-strip") < out.index("Saved tables") < out.index("Friday night")
    assert main(["rules", "Friday night", "--data-dir", str(tmp_path)]) == 0
    assert 'name = "Friday night"' in capsys.readouterr().out.splitlines()[0]


def test_odds_finds_a_saved_table_in_the_data_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("BLACKJACK_DATA_DIR", str(tmp_path))
    save_table(tables_folder(tmp_path), "Inf", load_rules("infinite-deck"))
    assert main(["odds", "--rules", "Inf"]) == 0
    assert capsys.readouterr().out.startswith("Inf: house edge")


def test_the_game_opens_a_saved_table_by_name_and_lists_it_at_setup_and_in_settings(tmp_path):
    save_table(tables_folder(tmp_path), "Friday night", load_rules("infinite-deck"))
    path = str(tables_folder(tmp_path) / "Friday night.toml")
    settings = Settings(speed="instant", sound=False)
    made = App(rules="Friday night", data_dir=tmp_path, settings_dir=tmp_path, settings=settings, seed=4)
    try:
        assert made.ctx.session.rules.name == "Friday night" and made.ctx.settings.rules == path
        run(made, 0.05)
        click(made, button(made, "play").center)
        run_until(made, lambda: scene_name(made) == "SetupScene")
        assert path in top(made).presets and top(made).rules_id == path
        assert path in made.ctx.saved_table_ids()
    finally:
        made.close()


def test_settings_steps_onto_a_saved_table(tmp_path):
    from game.scenes.settings_menu import SettingsScene

    save_table(tables_folder(tmp_path), "Zz last", load_rules("infinite-deck"))
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False))
    try:
        scene = SettingsScene(made.ctx)
        assert scene.presets[-1] == str(tables_folder(tmp_path) / "Zz last.toml")
        assert scene.preset_name(scene.presets[-1]) == "Zz last"
    finally:
        made.close()


def test_settings_offer_no_tournament_rules_for_a_table_between_rounds(tmp_path):
    from engine import Tournament
    from game.scenes.settings_menu import SettingsScene

    cup = load_rules("infinite-deck").with_changes(tournament=Tournament(bankroll=10_000, goal=25_000))
    save_table(tables_folder(tmp_path), "Cup", cup)
    save_table(tables_folder(tmp_path), "Club", load_rules("infinite-deck"))
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False))
    try:
        offered = SettingsScene(made.ctx).presets
        assert "double-up" not in offered and str(tables_folder(tmp_path) / "Cup.toml") not in offered
        assert "vegas-strip" in offered and offered[-1] == str(tables_folder(tmp_path) / "Club.toml")
    finally:
        made.close()


def test_a_file_path_is_never_taken_for_a_saved_name(tmp_path):
    save_table(tables_folder(tmp_path), "Mine", _mine())
    with pytest.raises(RulesError):
        load_rules(str(Path("tables") / "Mine"), tables=tables_folder(tmp_path))


def test_the_setup_leaves_saved_tournament_tables_out_and_refuses_one_typed_as_a_file(tmp_path):
    from engine import Tournament

    cup = load_rules("infinite-deck").with_changes(tournament=Tournament(bankroll=10_000, goal=25_000))
    save_table(tables_folder(tmp_path), "Cup", cup)
    save_table(tables_folder(tmp_path), "Club", load_rules("infinite-deck"))
    made = App(data_dir=tmp_path, settings_dir=tmp_path, settings=Settings(speed="instant", sound=False))
    try:
        run(made, 0.05)
        click(made, button(made, "play").center)
        run_until(made, lambda: scene_name(made) == "SetupScene")
        setup = top(made)
        path = str(tables_folder(tmp_path) / "Cup.toml")
        assert path not in setup.presets and "double-up" not in setup.presets, "played from Double-up"
        assert setup.presets[-1] == str(tables_folder(tmp_path) / "Club.toml")
        setup.file.text = path
        click(made, button(made, "load").center)
        assert setup.error == (
            "\u201cCup\u201d is a tournament table: a table opened here has no tournament;"
            " play it from Double-up on the title screen."
        )
        assert setup.rules is not None and setup.rules.tournament is None
    finally:
        made.close()


def test_a_round_at_a_saved_table_replays_by_its_own_rules_after_the_file_is_edited(tmp_path):
    import json

    from engine import Action, StackedShoe, Table
    from engine.record import record_line, replay_record

    path = save_table(tables_folder(tmp_path), "Club", load_rules("vegas-strip"))  # late surrender
    table = Table(load_rules(path), [("Ann", 100_000)], shoe=StackedShoe("T 9 6 T"), rules_source=str(path))
    played = table.start_round()
    played.place_bet(0, 1000)
    played.deal()
    played.surrender()  # 16 against a 9
    record = json.loads(record_line(played))
    path.write_text('base = "vegas-strip"\nsurrender = "none"\n')  # the table's rules change later
    again = replay_record(record)
    assert again.decisions == [Action.SURRENDER] and again.table.bankroll(0) == 100_000 - 500
    assert record["rules"]["surrender"] == "late", "a file's rules go in the record option by option"
    assert record_line(Table(load_rules("vegas-strip"), [("Bo", 10_000)], rules_source="vegas-strip")
                       .start_round()).startswith('{"rules":"vegas-strip"'), "a preset by its id"
