"""The recent games' lines: each saved game read once per version of its file, the lines kept between runs of
the program (a long World Diplomacy game is megabytes, and the start page lists up to eighteen files)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import app.controllers.game_files as game_files
from app.controllers.game_files import LABELS_FILE, GameFileLabels


def _write_game(path: Path, phase: str, mode: str = "gm") -> None:
    path.write_text(json.dumps({"variant": "world31", "variant_name": "World Diplomacy", "meta": {"mode": mode},
                                "history": [], "state": {"phase": phase}}), encoding="utf-8")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files read from disk, in order."""
    seen: list[Path] = []
    real = game_files.read_label

    def counting(path: Path) -> str | None:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(game_files, "read_label", counting)
    return seen


def test_a_file_is_read_once_per_version_and_the_line_is_kept_for_the_next_run(tmp_path: Path, reads: list[Path]) -> None:
    game = tmp_path / "long game.json"
    _write_game(game, "W2000M")
    labels = GameFileLabels(tmp_path)
    assert labels.label(game) == "World Diplomacy, Winter 2000 Movement, game master"
    assert labels.label(game) == "World Diplomacy, Winter 2000 Movement, game master"
    labels.save()
    assert reads == [game]

    next_run = GameFileLabels(tmp_path)  # the program started again: nothing read
    assert next_run.label(game) == "World Diplomacy, Winter 2000 Movement, game master"
    assert reads == [game]

    _write_game(game, "S2003M", mode="hotseat")  # the game saved again: read again
    stat = game.stat()
    os.utime(game, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert next_run.label(game) == "World Diplomacy, Spring 2003 Movement, hot-seat"
    assert reads == [game, game]


def test_an_unreadable_file_has_no_line_and_is_not_read_again_until_it_changes(tmp_path: Path, reads: list[Path]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    labels = GameFileLabels(tmp_path)
    assert labels.label(broken) is None
    assert labels.label(broken) is None
    assert labels.label(tmp_path / "gone.json") is None
    assert reads == [broken]


def test_a_damaged_record_is_started_afresh(tmp_path: Path, reads: list[Path]) -> None:
    (tmp_path / LABELS_FILE).write_text('{"x": [1, 2', encoding="utf-8")
    game = tmp_path / "g.json"
    _write_game(game, "W2000M")
    labels = GameFileLabels(tmp_path)
    assert labels.label(game) == "World Diplomacy, Winter 2000 Movement, game master"
    labels.save()
    assert json.loads((tmp_path / LABELS_FILE).read_text(encoding="utf-8"))[str(game)][2] == labels.label(game)
    (tmp_path / LABELS_FILE).write_text('{"x": "not a line"}', encoding="utf-8")
    assert GameFileLabels(tmp_path).label(game) == "World Diplomacy, Winter 2000 Movement, game master"
