"""A game master orders every power and owns no units: the prompts say so (a player's say "your units")."""
from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow
from app.controllers.setup import Mode, NewGameSpec, create_game
from app.widgets.main_window import MainWindow

from gui_helpers import click, key, start, window  # noqa: F401


def test_game_master_prompt_names_no_units_of_its_own() -> None:
    gm = GameMaster(create_game(NewGameSpec("standard", Mode.GM)))
    assert gm.entry.prompt == "Click any power's unit to order it"
    flow = HotSeatFlow(create_game(NewGameSpec("standard", Mode.HOTSEAT)), ["FRANCE"])
    flow.start()
    assert flow.entry is not None and flow.entry.prompt == "Click one of your units to order it"


def test_game_master_engineer_prompt() -> None:
    gm = GameMaster(create_game(NewGameSpec("engineered", Mode.GM)))
    assert "your" not in gm.entry.prompt.lower()
    assert gm.entry.prompt.startswith("Click any power's unit to order it")


def test_game_master_status_line_in_the_window(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    page.refresh()
    assert window.statusBar().currentMessage() == "Click any power's unit to order it"
    click(qtbot, page, "PAR")
    assert "your" not in window.statusBar().currentMessage().lower()
