"""``chancellery render``: boards of a start position and of a saved game's phases, to every format."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import random
import xml.etree.ElementTree as ET
from pathlib import Path


from app.cli import main
from engine import savefile
from engine.bots import play_random_phase
from engine.game import Game


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".pdf", b"%PDF"), (".svg", b"<?xml")])
def test_start_position_in_every_format(tmp_path: Path, suffix: str, magic: bytes) -> None:
    out = tmp_path / f"board{suffix}"
    assert main(["render", "--variant", "standard", "--out", str(out), "--width", "600"]) == 0
    data = out.read_bytes()
    assert data.startswith(magic) and len(data) > 10_000
    if suffix == ".svg":
        root = ET.fromstring(data)
        assert sum(1 for el in root.iter() if el.tag.endswith("path")) > 75


def test_past_phase_of_a_saved_game_draws_orders(tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    game = Game.new()
    rng = random.Random(3)
    for _ in range(3):
        play_random_phase(game, rng)
    path = tmp_path / "g.json"
    savefile.save_game(game, path)
    plain, with_orders = tmp_path / "a.png", tmp_path / "b.png"
    assert main(["render", "--game", str(path), "--phase", str(game.history[0].state.phase),
                 "--out", str(with_orders), "--width", "500"]) == 0
    game.history.clear()  # the same start position with no recorded orders
    game.state = Game.new().state
    savefile.save_game(game, path)
    assert main(["render", "--game", str(path), "--out", str(plain), "--width", "500"]) == 0
    a, b = QImage(str(plain)), QImage(str(with_orders))
    assert a.size() == b.size()
    differing = sum(1 for x in range(0, a.width(), 4) for y in range(0, a.height(), 4) if a.pixel(x, y) != b.pixel(x, y))
    assert differing > 100  # the arrows changed the picture


def test_bad_requests_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "--variant", "standard", "--out", str(tmp_path / "x.gif")]) == 2
    assert "must end in .png, .svg or .pdf" in capsys.readouterr().err
    assert main(["render", "--variant", "nope", "--out", str(tmp_path / "x.png")]) == 2
    assert "unknown variant" in capsys.readouterr().err
    game_path = tmp_path / "g.json"
    savefile.save_game(Game.new(), game_path)
    assert main(["render", "--game", str(game_path), "--phase", "F1999M", "--out", str(tmp_path / "x.png")]) == 2
    assert "no phase 'F1999M'" in capsys.readouterr().err


@pytest.mark.parametrize("extra, message", [
    (["--out", "{tmp}/no-such-folder/x.png"], "can't write"),
    (["--out", "{tmp}/x.png", "--width", "-5"], "image width must be"),
    (["--out", "{tmp}/x.png", "--width", "999999"], "image width must be"),
])
def test_unwritable_file_or_bad_width_is_a_message_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str) -> None:
    argv = ["render", "--variant", "standard", *(arg.replace("{tmp}", str(tmp_path)) for arg in extra)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("chancellery render: ") and message in err
    assert "Traceback" not in err


def test_engineered_boards_show_stacked_units(tmp_path: Path) -> None:
    from engine.contract import state_from_request

    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"RUSSIA": ["A MOS", "E MOS"], "TURKEY": ["A SEV"]}})
    with_engineer, without = tmp_path / "e.png", tmp_path / "n.png"
    for path, units in ((with_engineer, state), (without, state_from_request({
            "variant": "engineered", "phase": "S1902M", "units": {"RUSSIA": ["A MOS"], "TURKEY": ["A SEV"]}})[1])):
        save = tmp_path / "g.json"
        savefile.save_game(Game(variant, units), save)
        assert main(["render", "--game", str(save), "--out", str(path), "--width", "800"]) == 0
    from PySide6.QtGui import QImage

    a, b = QImage(str(with_engineer)), QImage(str(without))
    assert sum(1 for x in range(0, a.width(), 2) for y in range(0, a.height(), 2) if a.pixel(x, y) != b.pixel(x, y)) > 5
