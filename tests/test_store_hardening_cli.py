"""The data folder and `blackjack history` facing bad arguments, a full disk and a lock that cannot be had."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from blackjack.cli import main
from engine.store import DATABASE_NAME
from engine.store.folder_lock import LOCK_NAME, FolderInUseError, hold_folder


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("blackjack: "), err
    return lines[0]


@pytest.mark.parametrize("command", [["--frames", "2"], ["history"]])
@pytest.mark.parametrize(
    ("folder", "words"),
    [
        ("", "--data-dir is empty"),
        ("d" * 300, "--data-dir has a name of 300 bytes; file systems allow at most 255"),
        ("FILE", "is a file, not a folder"),
    ],
)
def test_a_bad_data_dir_is_one_line_and_exit_2_before_anything_is_made(tmp_path, monkeypatch, capsys, command,
                                                                      folder, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "FILE").write_text("mine")
    assert main([*command, "--data-dir", folder]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in one_error_line(err)
    assert "first launch" not in err
    assert [p.name for p in tmp_path.iterdir()] == ["FILE"] and (tmp_path / "FILE").read_text() == "mine"


def test_a_folder_under_a_file_still_opens_the_game_without_saving(tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    assert main(["--data-dir", str(tmp_path / "a-file" / "data"), "--frames", "2"]) == 0
    err = capsys.readouterr().err
    assert "cannot guard the data folder" in one_error_line(err)




def test_a_negative_last_is_one_line_and_exit_2(ann_and_bob_rounds, capsys):
    assert main(["history", "--data-dir", str(ann_and_bob_rounds), "--last", "-1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and one_error_line(err) == "blackjack: --last must be 0 or more, not -1"


def test_a_huge_last_lists_every_round(ann_and_bob_rounds, capsys):
    assert main(["history", "--data-dir", str(ann_and_bob_rounds), "--last", str(10**30)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["1", "1", "1", "2", "2", "2", "3", "3", "3"]


def test_history_json_lists_the_rest_and_names_the_garbled_round(ann_and_bob_rounds, capsys):
    connection = sqlite3.connect(ann_and_bob_rounds / DATABASE_NAME)
    connection.execute("UPDATE rounds SET record = '{bad' WHERE id = 2")
    connection.commit()
    connection.close()
    assert main(["history", "--data-dir", str(ann_and_bob_rounds), "--json"]) == 0
    out, err = capsys.readouterr()
    assert [line[:10] for line in out.splitlines()] == ['{"round":1', '{"round":3']
    assert one_error_line(err) == (
        "blackjack: round 2 is garbled in the database (its record is not JSON); it was left out."
    )


def test_history_of_a_database_with_a_negative_version_moves_it_aside(ann_and_bob_rounds, capsys):
    connection = sqlite3.connect(ann_and_bob_rounds / DATABASE_NAME)
    connection.execute("PRAGMA user_version = -3")
    connection.close()
    assert main(["history", "--data-dir", str(ann_and_bob_rounds)]) == 0
    out, err = capsys.readouterr()
    assert "has schema version -3" in err and "moved to blackjack.sqlite3.corrupt-" in err
    assert out == "no rounds saved yet\n"


def test_a_lock_file_that_cannot_be_opened_leaves_the_folder_unguarded_and_says_why(tmp_path):
    (tmp_path / LOCK_NAME).mkdir()  # open() fails (root ignores permissions, so a folder stands in)
    with hold_folder(tmp_path) as unguarded:
        assert unguarded is not None
        assert unguarded.startswith(f"cannot guard the data folder {tmp_path} against a second game (")
        assert unguarded.endswith("), so this game saves nothing")


def test_a_game_whose_lock_cannot_be_opened_plays_without_saving(tmp_path, capsys):
    (tmp_path / LOCK_NAME).mkdir()
    assert main(["--data-dir", str(tmp_path), "--frames", "30", "--autoplay"]) == 0
    assert "cannot guard the data folder" in one_error_line(capsys.readouterr().err)
    assert not (tmp_path / DATABASE_NAME).exists(), "nothing saved: another game could hold the folder"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (writes fail with ENOSPC)")
def test_a_full_disk_that_cannot_take_the_process_id_still_holds_the_folder(tmp_path):
    (tmp_path / LOCK_NAME).symlink_to("/dev/full")  # every write to it fails with ENOSPC, as on a full disk
    with hold_folder(tmp_path) as unguarded:
        assert unguarded is None
        with pytest.raises(FolderInUseError, match="another game is already open"), hold_folder(tmp_path):
            pytest.fail("two holders of one folder")


def test_a_failed_write_of_the_process_id_still_holds_the_folder(tmp_path, monkeypatch):
    import errno
    import os

    from engine.store import folder_lock

    def full(descriptor: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(folder_lock.os, "write", full)
    with hold_folder(tmp_path) as unguarded:
        assert unguarded is None
        with pytest.raises(FolderInUseError), hold_folder(tmp_path):
            pytest.fail("two holders of one folder")


def test_the_listing_and_the_csv_export_leave_out_a_garbled_round_with_one_line(
    ann_and_bob_rounds, tmp_path, capsys
):
    connection = sqlite3.connect(ann_and_bob_rounds / DATABASE_NAME)
    connection.execute("UPDATE hands SET stake = 'ten' WHERE round_id = 2")
    connection.commit()
    connection.close()
    said = ("blackjack: round 2 is garbled in the database (its stake is 'ten', not a whole number);"
            " it was left out.")
    assert main(["history", "--data-dir", str(ann_and_bob_rounds)]) == 0
    out, err = capsys.readouterr()
    assert {line.split()[0] for line in out.splitlines()[1:]} == {"1", "3"} and one_error_line(err) == said
    csv_file = tmp_path / "out.csv"
    assert main(["history", "--data-dir", str(ann_and_bob_rounds), "--export", str(csv_file)]) == 0
    out, err = capsys.readouterr()
    assert out == f"exported 2 rounds to {csv_file}\n" and one_error_line(err) == said


def test_a_file_system_without_locks_leaves_the_folder_unguarded(tmp_path, monkeypatch):
    import errno
    import os

    from engine.store import folder_lock

    def no_locks(handle: object) -> bool:
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(folder_lock, "_try_lock", no_locks)
    with hold_folder(tmp_path) as unguarded:
        assert unguarded is not None and "No locks available" in unguarded
