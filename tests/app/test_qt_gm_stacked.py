"""The game master's correction menu offers the units that stand beside others (World Diplomacy's militia,
Engineered's engineers and prisons) by kind and power name, and the board draws what it adds."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pathlib import Path

from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.types import UnitType

from gui_helpers import click, window  # noqa: F401

def gm_page(window: MainWindow, variant: str) -> GamePage:
    assert window.start_new_game(NewGameSpec(variant, Mode.GM, ())) is not None
    assert window.page is not None and window.page.gm is not None
    return window.page


def test_a_militia_is_added_beside_its_countrys_army_from_the_menu_and_removed(qtbot: QtBot, window: MainWindow,
                                                                            tmp_path: Path) -> None:
    page = gm_page(window, "world31")
    game = page.game
    prov, army = next((p, u) for p, u in game.state.units.items() if u.type is UnitType.ARMY)
    country = page._power_name(army.power)
    window.edit_position_action.setChecked(True)
    click(qtbot, page, prov)  # opens the correction menu
    menu = page.edit_menu
    assert menu.isVisible()
    submenus = {m.title(): m for m in menu.findChildren(QMenu)}
    assert [a.text() for a in submenus["Add militia"].actions()] == [country]  # only its own country's
    assert menu.grab().save(str(tmp_path / "gm_menu_world.png"))  # as looked at: Remove, Add militia, Owner
    submenus["Add militia"].popup(menu.geometry().topRight())
    assert submenus["Add militia"].grab().save(str(tmp_path / "gm_menu_world_militia.png"))
    submenus["Add militia"].actions()[0].trigger()
    menu.hide()
    assert [str(s.unit) for s in game.state.stacked_in(prov)] == [f"M {prov}"]
    assert (army.power, UnitType.MILITIA, prov, False) in page.scene.units  # drawn beside the army
    assert (army.power, army.type, army.loc, False) in page.scene.units

    labels = [label for label, _ in page.edit_actions(prov)]
    assert f"Remove M {prov} ({country})" in labels and f"Remove {army} ({country})" in labels
    assert not any(label.startswith("Add militia") for label in labels)  # one per province
    dict(page.edit_actions(prov))[f"Remove M {prov} ({country})"]()
    assert game.state.stacked_in(prov) == [] and game.state.units[prov] == army
    assert (army.power, UnitType.MILITIA, prov, False) not in page.scene.units


def test_engineers_and_prisons_are_offered_by_power_and_captive(qtbot: QtBot, window: MainWindow,
                                                                tmp_path: Path) -> None:
    page = gm_page(window, "engineered")
    labels = [label for label, _ in page.edit_actions("MOS")]
    assert "Add engineer/Russia" in labels and "Add engineer/Austria" not in labels
    assert "Add prison/Russia (taken from Austria)" in labels
    assert not any(label.startswith("Add prison/Russia (taken from Russia") for label in labels)
    dict(page.edit_actions("MOS"))["Add engineer/Russia"]()
    assert [str(s.unit) for s in page.game.state.stacked_in("MOS")] == ["E MOS"]
    assert ("RUSSIA", UnitType.ENGINEER, "MOS", False) in page.scene.units
    labels = [label for label, _ in page.edit_actions("MOS")]
    assert "Remove E MOS (Russia)" in labels and not any(label.startswith("Add prison") for label in labels)
    dict(page.edit_actions("MOS"))["Remove E MOS (Russia)"]()
    dict(page.edit_actions("MOS"))["Add prison/Russia (taken from Turkey)"]()
    assert [(str(s.unit), s.origin) for s in page.game.state.stacked_in("MOS")] == [("P MOS", "TURKEY")]
    assert "Remove P MOS (Russia (taken from Turkey))" in [label for label, _ in page.edit_actions("MOS")]
    assert window.export_board(tmp_path / "gm_board_engineered.png")  # the prison drawn beside the unit in MOS


def test_a_coast_correction_is_one_action_and_one_submenu(qtbot: QtBot, window: MainWindow) -> None:
    page = gm_page(window, "standard")
    window.edit_position_action.setChecked(True)
    click(qtbot, page, "STP")
    top = [a.text() for a in page.edit_menu.actions() if a.text()]
    assert "Remove F STP/SC (Russia)" in top  # not a submenu "Remove F STP" holding "SC (Russia)"
    page.edit_menu.hide()
    dict(page.edit_actions("STP"))["Remove F STP/SC (Russia)"]()
    click(qtbot, page, "STP")
    titles = [m.title() for m in page.edit_menu.findChildren(QMenu)]
    assert "Add fleet (STP/NC)" in titles and "Add fleet (STP/SC)" in titles
    page.edit_menu.hide()
