"""Unreadable or unplayable save files: a message (GUI) or exit 2 (command line), never a traceback, and the
file is left as it was; temporaries of a killed save are cleaned up at start."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.widgets.main_window import MainWindow
from engine import savefile
from engine.game import Game
from gui_helpers import make_window

ROOT = Path(__file__).resolve().parents[2]


def _fleet_inland() -> bytes:
    data = savefile.game_to_dict(Game.new())
    data["state"]["units"].append(["FRANCE", "F", "TYR"])
    return json.dumps(data).encode()


BAD_FILES = {
    "deep.json": b"[" * 100_000,
    "huge.json": b'{"format": "chancellery-save", "format_version": 1' + b"0" * 5000 + b"}",
    "bytes.json": b"\xff\xfe{}",
    "fleet.json": _fleet_inland(),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_open_reports_every_unreadable_file(qtbot: QtBot, tmp_path: Path, name: str) -> None:
    window: MainWindow = make_window(qtbot, tmp_path)
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    assert window.open_game(path) is None
    message = window.statusBar().currentMessage()
    assert message.startswith("Can't open the game: ") and name in message  # which file it was
    assert window.page is None and path.read_bytes() == BAD_FILES[name]


def test_a_stray_autosave_temporary_is_removed_at_start(qtbot: QtBot, tmp_path: Path) -> None:
    autosave = tmp_path / "data" / "autosave"
    autosave.mkdir(parents=True)
    (autosave / "abc.json").write_text("{}")
    stray = autosave / ".abc.json.x1y2z3w4.tmp"
    stray.write_text("half a save")
    os.utime(stray, (time.time() - 3600, time.time() - 3600))  # left by a save killed an hour ago
    make_window(qtbot, tmp_path)
    assert sorted(p.name for p in autosave.iterdir()) == ["abc.json"]


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_game_option_exits_2_with_a_message(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CHANCELLERY_CONFIG_DIR": str(tmp_path / "c"),
           "CHANCELLERY_DATA_DIR": str(tmp_path / "d")}
    done = subprocess.run([sys.executable, "-m", "app", "--game", str(path), "--screenshot", str(tmp_path / "x.png")],
                          capture_output=True, cwd=ROOT, timeout=60, env=env)
    assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(b"chancellery: ") and path.read_bytes() == BAD_FILES[name]
    assert str(path).encode() in done.stderr  # the message names the file


def test_a_mila_game_file_given_on_the_command_line_opens_as_game_open_reads_it(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CHANCELLERY_CONFIG_DIR": str(tmp_path / "c"),
           "CHANCELLERY_DATA_DIR": str(tmp_path / "d")}
    mila = ROOT / "tests" / "data" / "mila" / "standard_1905.json"
    shot = tmp_path / "x.png"
    done = subprocess.run([sys.executable, "-m", "app", str(mila), "--screenshot", str(shot)],
                          capture_output=True, cwd=ROOT, timeout=60, env=env)
    assert done.returncode == 0 and shot.is_file(), done.stderr
