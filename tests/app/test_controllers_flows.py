"""Hot-seat and game-master flows, new-game setup and settings, without Qt."""
from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.order_entry import Click
from app.controllers.setup import (
    MissingOrders,
    Mode,
    NewGameSpec,
    create_game,
    ensure_game_id,
    game_mode,
    human_powers,
    missing_orders_policy,
)
from app.settings import MAX_RECENT, Settings, SettingsStore, settings_from_dict
from engine.game import Game
from engine.savefile import dumps, loads
from engine.types import ChancelleryError, UnitType


def test_create_game_stores_the_choices_in_meta() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY"), 12, MissingOrders.RANDOM))
    assert game_mode(game) is Mode.HOTSEAT
    assert human_powers(game) == ["FRANCE", "GERMANY"]
    assert missing_orders_policy(game) is MissingOrders.RANDOM
    assert game.variant.victory_centers == 12
    assert ensure_game_id(game) == game.meta["id"]
    again = loads(dumps(game))
    assert human_powers(again) == ["FRANCE", "GERMANY"] and again.variant.victory_centers == 12


@pytest.mark.parametrize("spec, message", [
    (NewGameSpec("nowhere"), "unknown variant"),
    (NewGameSpec("standard", humans=("ATLANTIS",)), "unknown power"),
    (NewGameSpec("standard", victory_centers=99), "from 1 to 34"),
])
def test_bad_setup_choices_are_named(spec: NewGameSpec, message: str) -> None:
    with pytest.raises(ChancelleryError, match=message):
        create_game(spec)


def test_hotseat_curtain_entry_submit_cycle_and_adjudication() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY")))
    saved: list[str] = []
    flow = HotSeatFlow(game, human_powers(game), autosave=lambda g: saved.append(dumps(g)))
    flow.start()
    assert flow.stage is Stage.CURTAIN and flow.power == "FRANCE" and flow.draft is None
    with pytest.raises(ChancelleryError):
        flow.submit()
    flow.reveal()
    assert flow.stage is Stage.ENTRY and flow.entry is not None and flow.draft is not None
    flow.entry.click(Click("PAR"))
    flow.entry.click(Click("BUR"))
    flow.submit()
    assert len(saved) == 1  # autosaved right after the submission
    assert flow.stage is Stage.CURTAIN and flow.power == "GERMANY"
    assert flow.draft is None and flow.entry is None
    assert flow.submitted() == ["FRANCE"] and flow.waiting() == ["GERMANY"]
    flow.reveal()
    assert flow.draft is not None and flow.draft.lines("GERMANY") == [] and not flow.draft.can_undo
    assert flow.entry is not None and flow.entry.options.powers() == ["GERMANY"]
    flow.entry.click(Click("MUN"))
    flow.entry.click(Click("BUR"))
    flow.submit()
    assert flow.stage is Stage.RESULTS and flow.last_result is not None
    assert game.phase == "F1901M" and len(saved) == 3  # after each submission, and after adjudication
    results = {r.order: r.result for r in flow.last_result.results if not r.default}
    assert results == {"A PAR - BUR": "fails", "A MUN - BUR": "fails"}
    flow.continue_after_results()
    assert flow.stage is Stage.CURTAIN and flow.power == "FRANCE"


def test_hotseat_logs_never_hold_orders(caplog: pytest.LogCaptureFixture) -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY")))
    flow = HotSeatFlow(game, human_powers(game))
    caplog.set_level(logging.DEBUG)
    flow.start()
    flow.reveal()
    assert flow.entry is not None
    flow.entry.click(Click("PAR"))
    flow.entry.click(Click("PIC"))
    flow.submit()
    assert "FRANCE submitted" in caplog.text
    assert "PIC" not in caplog.text and "A PAR" not in caplog.text


def test_single_human_skips_the_curtain_and_others_play_by_policy() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("ITALY",), missing_orders=MissingOrders.RANDOM))
    flow = HotSeatFlow(game, ["ITALY"], rng=random.Random(7))
    flow.start()
    assert flow.stage is Stage.ENTRY and flow.power == "ITALY"
    flow.submit()
    assert flow.stage is Stage.RESULTS
    others = [r for r in flow.last_result.results if r.power != "ITALY"] if flow.last_result else []
    assert any(not r.default for r in others)  # random orders were given to the other powers


def test_a_phase_nobody_here_orders_is_adjudicated_at_once() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("ENGLAND",)))
    game.set_orders("ENGLAND", [], ready=True)
    flow = HotSeatFlow(game, ["ENGLAND"])
    flow.start()
    assert flow.stage is Stage.RESULTS and game.phase == "F1901M"


def test_a_reloaded_game_resumes_with_the_powers_still_to_submit() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY", "ITALY")))
    game.set_orders("FRANCE", ["A PAR - BUR"], ready=True)
    again = loads(dumps(game))
    flow = HotSeatFlow(again, human_powers(again))
    flow.start()
    assert flow.power == "GERMANY" and flow.submitted() == ["FRANCE"]
    assert again.pending_orders("FRANCE") == ["A PAR - BUR"]  # the sealed order survived the save


def test_gm_enters_every_power_and_adjudicates() -> None:
    game = create_game(NewGameSpec("standard", Mode.GM))
    saved: list[Game] = []
    gm = GameMaster(game, autosave=saved.append)
    gm.entry.click(Click("PAR"))
    gm.entry.click(Click("BUR"))
    gm.entry.click(Click("MUN"))
    gm.entry.click(Click("RUH"))
    assert gm.draft.lines("FRANCE") == ["A PAR - BUR"] and gm.draft.lines("GERMANY") == ["A MUN - RUH"]
    result = gm.adjudicate()
    assert game.phase == "F1901M" and saved
    assert {r.order for r in result.results if r.result == "succeeds" and not r.default} == {"A PAR - BUR", "A MUN - RUH"}
    assert gm.draft.all_orders() == []


def test_gm_position_edits_undo_and_rollback() -> None:
    game = create_game(NewGameSpec("standard", Mode.GM))
    gm = GameMaster(game)
    gm.entry.click(Click("PAR"))
    gm.entry.click(Click("BUR"))
    gm.add_unit("GERMANY", UnitType.ARMY, "BUR")
    assert str(game.state.units["BUR"]) == "A BUR"
    assert gm.draft.lines("FRANCE") == ["A PAR - BUR"]  # still legal: kept
    gm.remove_unit("PAR")
    assert "PAR" not in game.state.units and gm.draft.lines("FRANCE") == []  # no unit: dropped
    gm.set_owner("BEL", "FRANCE")
    assert game.state.centers["BEL"] == "FRANCE"
    gm.set_owner("BEL", None)
    assert "BEL" not in game.state.centers
    gm.undo_edit()
    assert game.state.centers["BEL"] == "FRANCE"
    gm.redo_edit()
    assert "BEL" not in game.state.centers
    with pytest.raises(ChancelleryError, match="already holds"):
        gm.add_unit("FRANCE", UnitType.ARMY, "BUR")
    with pytest.raises(ChancelleryError, match="can't stand"):
        gm.add_unit("FRANCE", UnitType.FLEET, "BUR")
    with pytest.raises(ChancelleryError, match="not a supply centre"):
        gm.set_owner("BUR", "FRANCE")
    with pytest.raises(ChancelleryError, match="no unit"):
        gm.remove_unit("PIC")
    gm.adjudicate()
    gm.adjudicate()
    assert game.phase == "S1902M" or game.phase.startswith("W1901")
    gm.rollback(0)
    assert game.phase == "S1901M" and not game.history
    # The start of the first phase is the corrected position it was adjudicated from.
    assert "PAR" not in game.state.units and game.state.units["BUR"].power == "GERMANY"


def test_settings_round_trip_and_damage(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = SettingsStore(tmp_path / "config", tmp_path / "data")
    assert store.load() == Settings()
    settings = Settings(colour_blind=True, last_variant="standard")
    for i in range(MAX_RECENT + 3):
        settings.add_recent(tmp_path / f"game{i}.json")
    settings.add_recent(tmp_path / "game5.json")
    store.save(settings)
    loaded = store.load()
    assert loaded.colour_blind and len(loaded.recent_games) == MAX_RECENT
    assert loaded.recent_games[0].endswith("game5.json")
    store.settings_path.write_text("{ not json", encoding="utf-8")
    assert store.load() == Settings()
    assert "can't be read" in caplog.text
    odd = settings_from_dict({"colour_blind": "yes", "show_labels": False, "recent_games": [1, 2], "extra": 1})
    assert odd.colour_blind is False and odd.show_labels is False and odd.recent_games == []
    assert store.saves_dir == tmp_path / "data" / "saves" and store.autosave_dir == tmp_path / "data" / "autosave"


def test_settings_folders_follow_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHANCELLERY_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("CHANCELLERY_DATA_DIR", str(tmp_path / "d"))
    store = SettingsStore()
    store.save(Settings(show_units=False))
    assert json.loads((tmp_path / "c" / "settings.json").read_text())["show_units"] is False
    assert store.autosave_dir == tmp_path / "d" / "autosave"


def test_controllers_never_import_qt() -> None:
    """The interaction logic stays testable without a GUI: no Qt, no widgets, no scene in app/controllers."""
    import ast

    folder = Path(__file__).resolve().parents[2] / "app" / "controllers"
    offenders = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if name.startswith(("PySide6", "app.widgets", "app.scene", "app.drawing")):
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_two_windows_keep_each_others_recent_games(tmp_path: Path) -> None:
    """Each window holds the settings it read at start; the one that saves last must not drop the game the
    other opened meanwhile."""
    store = SettingsStore(tmp_path / "config", tmp_path / "data")
    first, second = store.load(), store.load()
    first.add_recent(tmp_path / "a.json")
    store.save(first)
    second.add_recent(tmp_path / "b.json")
    second.colour_blind = True
    store.save(second)
    loaded = store.load()
    assert [Path(p).name for p in loaded.recent_games] == ["b.json", "a.json"] and loaded.colour_blind
    assert second.recent_games == loaded.recent_games
    store.save(first)  # the first window quits last: b.json stays
    assert [Path(p).name for p in store.load().recent_games] == ["a.json", "b.json"]


def test_a_damaged_settings_file_is_kept_before_it_is_replaced(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "config", tmp_path / "data")
    store.save(Settings(colour_blind=True, recent_games=["/games/a.json"]))
    damaged = store.settings_path.read_text(encoding="utf-8").replace('"colour_blind"', 'colour_blind', 1)
    store.settings_path.write_text(damaged, encoding="utf-8")  # a hand edit gone wrong
    assert store.load() == Settings()
    store.save(Settings(show_labels=False))
    assert store.damaged_path.read_text(encoding="utf-8") == damaged  # everything in it can be recovered
    assert store.load().show_labels is False
