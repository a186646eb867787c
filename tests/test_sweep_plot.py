"""--plot: a counter run draws EV by true count, a sweep draws EV per combination; both are real images."""

from __future__ import annotations

import struct

import pytest

from blackjack.cli import main

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_a_counter_run_draws_its_ev_by_true_count(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    target = tmp_path / "true-count.png"
    assert main(["simulate", "--bot", "counter", "--rounds", "3000", "--seed", "2", "--workers", "1",
                 "--plot", str(target)]) == 0
    assert "drew" in capsys.readouterr().err
    width, height = png_size(target)
    assert width > 600 and height > 400


def test_a_sweep_draws_one_row_per_combination(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    small, large = tmp_path / "two.png", tmp_path / "six.png"
    common = ["simulate", "--rounds", "600", "--seed", "2", "--workers", "1", "--quiet"]
    assert main([*common, "--sweep", "bot=basic,novice", "--plot", str(small)]) == 0
    assert main([*common, "--sweep", "bot=basic,novice", "--sweep", "seats=1,2,3", "--plot", str(large)]) == 0
    (_, two), (_, six) = png_size(small), png_size(large)
    assert six > two, "each combination gets a row of its own"


@pytest.mark.parametrize(("name", "reason"), [
    ("no-such-folder/x.png", "does not exist"), ("plot.txt", ".png"),
])
def test_a_bad_plot_target_exits_2_before_the_run(tmp_path, capsys, name, reason):
    pytest.importorskip("matplotlib")
    status = main(["simulate", "--rounds", "100", "--plot", str(tmp_path / name)])
    out = capsys.readouterr()
    assert status == 2 and out.out == "" and reason in out.err
