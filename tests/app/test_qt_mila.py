"""MILA game files in the window: Open reads one (Save then asks where), Export writes one, a bad file is
refused with the reason and changes nothing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode
from app.widgets.main_window import MainWindow

from gui_helpers import start, window  # noqa: F401

DATA = Path(__file__).resolve().parent.parent / "data" / "mila"


def test_open_reads_a_mila_file_and_save_never_writes_over_it(qtbot: QtBot, window: MainWindow) -> None:
    source = DATA / "standard_1905.json"
    before = source.read_bytes()
    game = window.open_game(source)
    assert game is not None and window.page is not None and window.page.game is game
    assert game.phase == "W1905A" and len(game.history) == 14
    assert window.game_path is None  # Save asks for a new file: the MILA file is never overwritten
    assert source.read_bytes() == before


def test_export_writes_a_mila_file(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = start(window, Mode.GM)
    page.game.set_orders("FRANCE", ["A PAR - BUR"], ready=True)
    page.game.process()
    out = tmp_path / "game-mila.json"
    assert window.export_mila(out)
    written = json.loads(out.read_text())
    assert written["map"] == "standard" and [p["name"] for p in written["phases"]] == ["S1901M", "F1901M"]
    assert "MILA format" in window.statusBar().currentMessage()


def test_a_bad_mila_file_is_refused_with_the_reason(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    saved = json.loads((DATA / "standard_1905.json").read_text())
    saved["phases"][2]["state"]["units"]["FRANCE"] = ["Q PAR"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(saved))
    assert window.open_game(bad) is None and window.page is None
    assert "'Q PAR' is not a unit" in window.statusBar().currentMessage()


def test_export_refuses_a_variant_mila_has_no_map_for(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    from app.controllers.setup import NewGameSpec

    window.start_new_game(NewGameSpec("engineered", Mode.GM))
    out = tmp_path / "e.json"
    assert not window.export_mila(out) and not out.exists()
    assert "MILA has no map" in window.statusBar().currentMessage()
