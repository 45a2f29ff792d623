"""Save files: round trip, atomic writes, clear errors that change nothing."""
from __future__ import annotations

import json
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
