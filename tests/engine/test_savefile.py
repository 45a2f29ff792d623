"""Save files: round trip, atomic writes, clear errors that change nothing."""
from __future__ import annotations

import json
import os
import stat
import time
import random
from pathlib import Path

import pytest

from engine import savefile
from engine.bots import play_random_phase
from engine.game import Game
from engine.types import SaveFileError


def _played_game(phases: int = 5) -> Game:
    game = Game.new()
    rng = random.Random(7)
    for _ in range(phases):
        play_random_phase(game, rng)
    power = game.powers_to_order()[0]
    game.set_orders(power, [str(next(iter(game.legal_orders(power).values()))[0])], ready=True)
    return game


def test_round_trip_is_identical(tmp_path: Path) -> None:
    game = _played_game()
    path = tmp_path / "game.chancellery"
    savefile.save_game(game, path)
    loaded = savefile.load_game(path)
    assert savefile.dumps(loaded) == path.read_text()
    assert loaded.state == game.state
    assert loaded.pending == game.pending and any(game.pending.values())
    assert loaded.ready == game.ready
    assert len(loaded.history) == len(game.history)


def test_sealed_orders_are_not_plain_text_in_the_file(tmp_path: Path) -> None:
    game = Game.new()
    game.set_orders("FRANCE", ["A PAR - PIC"])
    path = tmp_path / "g.json"
    savefile.save_game(game, path)
    assert "PIC" not in path.read_text()
    assert savefile.load_game(path).pending_orders("FRANCE") == ["A PAR - PIC"]


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a Chancellery saved game"),
        ('{"format": "chancellery-save", "format_version": 99}', "format version 99"),
        ('{"format": "chancellery-save", "format_version": 1, "variant": "standard"}', "damaged"),
        ('{"format": "chancellery-save", "format_version": 1, "variant": "nope", "history": [], "state": {}}',
         "damaged: unknown variant"),
    ],
)
def test_bad_files_give_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveFileError, match=message):
        savefile.load_game(path)


def test_damaged_state_is_reported(tmp_path: Path) -> None:
    data = savefile.game_to_dict(Game.new())
    data["state"]["units"][0][1] = "Q"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="damaged"):
        savefile.load_game(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="can't read"):
        savefile.load_game(tmp_path / "none.json")


def test_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    game = Game.new()
    savefile.save_game(game, path)
    before = path.read_text()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(savefile.os, "replace", boom)
    game.process()
    with pytest.raises(OSError):
        savefile.save_game(game, path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind


def test_a_save_under_way_in_another_window_keeps_its_temporary(tmp_path: Path) -> None:
    """Two windows saving one file: the second's save removes only temporaries a killed save left long
    ago, never the first's, still being written (which would make the first fail)."""
    path = tmp_path / "game.json"
    writing = tmp_path / ".game.json.k3j4h5g6.tmp"
    writing.write_text("another window's save, half written")
    abandoned = tmp_path / ".game.json.a1b2c3d4.tmp"
    abandoned.write_text("a save killed long ago")
    now = time.time()
    os.utime(abandoned, (now - savefile.STALE_AFTER_SECONDS - 1,) * 2)
    savefile.save_game(Game.new(), path)
    assert writing.exists() and not abandoned.exists()
    assert savefile.remove_stale_temporaries_in(tmp_path, now=now + savefile.STALE_AFTER_SECONDS + 1) == [writing]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and links")
def test_saving_keeps_the_files_permissions_and_links(tmp_path: Path) -> None:
    path = tmp_path / "shared.json"
    savefile.save_game(Game.new(), path)
    os.chmod(path, 0o640)
    savefile.save_game(Game.new(), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # not the temporary's private 0600
    link = tmp_path / "link.json"
    link.symlink_to(path)
    game = Game.new()
    game.process()
    savefile.save_game(game, link)
    assert link.is_symlink() and savefile.load_game(path).phase == "F1901M"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="POSIX permissions; root may write anything")
def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    savefile.save_game(Game.new(), path)
    before = path.read_bytes()
    os.chmod(path, 0o444)
    game = Game.new()
    game.process()
    with pytest.raises(PermissionError, match="read-only"):
        savefile.save_game(game, path)
    assert path.read_bytes() == before


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_new_file_is_private_to_its_user(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    savefile.save_game(Game.new(), path)  # sealed orders and seat tokens are written this way
    assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0
