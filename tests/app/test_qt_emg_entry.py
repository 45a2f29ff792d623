"""Every EMG unit command entered by real clicks on the Global Diplomacy map: adds of each kind at an own empty
centre, upgrades, downgrades and removals when units outgrow supply, supports of attack (own and an ally's)
and defence, and convoys; each order as the engine reads it."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.types import UnitType

from gui_helpers import click, draft_lines, key, window  # noqa: F401


def open_gd(window: MainWindow) -> GamePage:
    game = window.start_new_game(NewGameSpec("global_diplomacy", Mode.GM, ()))  # type: ignore[arg-type]
    assert game is not None and window.page is not None
    QApplication.processEvents()
    window.page.view.fit_to_window()
    return window.page


def menu_labels(page: GamePage) -> list[str]:
    menu = page.question_menu
    assert menu is not None and menu.isVisible()
    return [a.text() for a in menu.actions() if not a.isSeparator() and a.text()]


def menu_keys(page: GamePage) -> list[str]:
    return [label.rsplit("\t", 1)[-1] for label in menu_labels(page)]


def click_menu(qtbot: QtBot, page: GamePage, choice: str) -> None:
    """Click the open menu's line of key ``choice``."""
    menu = page.question_menu
    assert menu is not None and menu.isVisible()
    action = next(a for a in menu.actions() if a.text().rsplit("\t", 1)[-1] == choice)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    QApplication.processEvents()


def set_relations(page: GamePage, relations: dict[str, str]) -> None:
    assert page.gm is not None
    state = page.game.state
    page.gm._edit(state.replace(extra={**state.extra, "relations": relations}))
    QApplication.processEvents()


def test_an_empty_centre_offers_the_adds_it_can_take_and_a_second_click_changes_or_drops_it(
        qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    assert page.gm is not None
    page.gm.remove_unit("7")  # London: an empty 2-point centre of England's
    page.gm.remove_unit("18")  # Paris: inland, France's
    assert page.entry is not None and "click its power's empty supply centres to add units" in page.entry.prompt
    click(qtbot, page, "7")
    labels = menu_labels(page)
    assert menu_keys(page) == ["A", "C", "F", "S"], labels
    assert labels[0].startswith("Add an army")
    click_menu(qtbot, page, "A")
    assert "AA 7" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "7")
    assert menu_keys(page)[0] == "X" and menu_labels(page)[0].startswith("Nothing in London")
    click_menu(qtbot, page, "S")
    assert "AS 7" in draft_lines(page, "ENGLAND") and "AA 7" not in draft_lines(page, "ENGLAND")
    click(qtbot, page, "7")
    click_menu(qtbot, page, "F")
    assert "AF 7" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "7")
    click_menu(qtbot, page, "C")
    assert "AC 7" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "7")
    click_menu(qtbot, page, "X")
    assert not any(line.endswith(" 7") for line in draft_lines(page, "ENGLAND"))
    click(qtbot, page, "18")  # inland: armies and corps only
    assert menu_keys(page) == ["A", "C"]
    click_menu(qtbot, page, "C")
    assert "AC 18" in draft_lines(page, "FRANCE")


def test_a_one_point_centre_offers_corps_and_squadrons_only(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    click(qtbot, page, "191")  # Cape Colony, England's, a 1-point centre
    assert menu_keys(page) == ["C", "S"]
    click_menu(qtbot, page, "S")
    assert "AS 191" in draft_lines(page, "ENGLAND")


def test_upgrade_by_its_key_and_by_the_flyout(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    click(qtbot, page, "5")  # England's squadron in Liverpool, a centre of its own
    assert page.entry is not None and "U" in page.entry.available_kinds()
    key(qtbot, page, Qt.Key.Key_U)
    assert "UU 5" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "135")  # the corps in Ontario
    button = page.flyout.buttons["U"]
    assert button.isVisible() and button.text() == "Upgrade (U)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert "UU 135" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "7")  # a fleet has two points already
    assert "U" not in page.entry.available_kinds()


def test_downgrades_and_removals_are_offered_only_when_units_outgrow_supply(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    assert page.gm is not None
    click(qtbot, page, "7")
    assert page.entry is not None and not {"W", "R"} & set(page.entry.available_kinds())
    key(qtbot, page, Qt.Key.Key_Escape)
    for centre in ("96", "98", "182"):  # England loses three centres: its units now outgrow its supply
        page.gm.set_owner(centre, "FRANCE")
    QApplication.processEvents()
    click(qtbot, page, "7")
    assert {"W", "R"} <= set(page.entry.available_kinds())
    key(qtbot, page, Qt.Key.Key_W)
    assert "DU 7" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "135")  # a corps can't be downgraded, only removed
    assert "W" not in page.entry.available_kinds()
    key(qtbot, page, Qt.Key.Key_R)
    assert "RU 135" in draft_lines(page, "ENGLAND")
    assert not any(line.startswith(("DU", "RU")) for line in draft_lines(page, "FRANCE"))


def test_support_of_an_attack_own_or_an_allys_and_of_a_defence(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    click(qtbot, page, "3")  # England's army in Edinburgh
    key(qtbot, page, Qt.Key.Key_S)
    assert page.entry is not None and page.entry.highlights == {"4", "6"}  # an army supports on land only
    click(qtbot, page, "6")  # no ally: the only attack to support is England's own
    assert "SA 3 6" in draft_lines(page, "ENGLAND")
    set_relations(page, {"ENGLAND FRANCE": "ally"})
    click(qtbot, page, "3")
    key(qtbot, page, Qt.Key.Key_S)
    click(qtbot, page, "4")
    labels = menu_labels(page)
    words = [label.rsplit("\t", 1)[0] for label in labels]
    assert "Support the attack on Highlands" in words and "Support the attack on Highlands by France" in words
    click_menu(qtbot, page, menu_keys(page)[words.index("Support the attack on Highlands by France")])
    assert "SA 3 4 FRANCE" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "5")  # the squadron in Liverpool defends London's fleet
    key(qtbot, page, Qt.Key.Key_P)
    assert page.entry.highlights == {"7"}
    click(qtbot, page, "7")
    assert "SD 5 7" in draft_lines(page, "ENGLAND")


def test_a_convoy_by_clicks_lands_where_the_fleets_reach(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    assert page.gm is not None
    page.gm.add_unit("ENGLAND", UnitType.FLEET, "234")  # the North Sea
    QApplication.processEvents()
    click(qtbot, page, "3")
    key(qtbot, page, Qt.Key.Key_V)
    assert page.entry is not None and "7" in page.entry.highlights and "3" not in page.entry.highlights
    click(qtbot, page, "7")
    assert "CO 3 234 7" in draft_lines(page, "ENGLAND")
    click(qtbot, page, "18")  # an inland army has no convoy
    key(qtbot, page, Qt.Key.Key_V)
    assert page.entry.stage == "" and "has no convoy route now" in page.entry.prompt


def test_drafted_commands_are_drawn_on_the_map(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    assert page.gm is not None
    page.gm.add_unit("ENGLAND", UnitType.FLEET, "234")
    page.gm.remove_unit("18")
    QApplication.processEvents()
    click(qtbot, page, "3")
    key(qtbot, page, Qt.Key.Key_V)
    click(qtbot, page, "7")
    click(qtbot, page, "135")
    key(qtbot, page, Qt.Key.Key_U)
    click(qtbot, page, "5")
    key(qtbot, page, Qt.Key.Key_P)
    click(qtbot, page, "7")
    click(qtbot, page, "18")
    click_menu(qtbot, page, "C")
    click(qtbot, page, "16")  # France's fleet in Brittany supports an attack on the English Channel
    key(qtbot, page, Qt.Key.Key_S)
    click(qtbot, page, "233")
    drawn = {(str(a.kind), a.from_loc, a.to_loc, a.aux_loc, a.unit_type) for a in page.scene.arrows}
    assert ("move", "3", "7", None, None) in drawn
    assert next(a for a in page.scene.arrows if a.from_loc == "3").via == ("234",)  # along the convoy's seas
    assert ("build", "135", None, None, "A") in drawn  # the corps becomes an army
    assert ("support_hold", "5", "7", None, None) in drawn
    assert ("build", "18", None, None, "C") in drawn
    assert ("support_hold", "16", "233", None, None) in drawn


def test_a_convoy_with_several_routes_asks_which_seas_after_the_landing(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    assert page.gm is not None
    for sea in ("223", "233", "234"):  # the Irish Sea, the English Channel, the North Sea
        page.gm.add_unit("ENGLAND", UnitType.FLEET, sea)
    QApplication.processEvents()
    click(qtbot, page, "3")
    key(qtbot, page, Qt.Key.Key_V)
    click(qtbot, page, "17")  # Picardy: over the Irish Sea or the North Sea, then the Channel
    labels = menu_labels(page)
    assert [label.split("\t")[0] for label in labels] == [
        "By convoy to Picardy across Irish Sea, English Channel",
        "By convoy to Picardy across North Sea, English Channel"]
    import os
    shot = os.environ.get("EMG_SHOTS")
    if shot and page.question_menu is not None:
        page.question_menu.grab().save(os.path.join(shot, "convoy_routes_menu.png"))
    click_menu(qtbot, page, "2")
    assert "CO 3 234 233 17" in draft_lines(page, "ENGLAND")
    drawn = next(a for a in page.scene.arrows if a.from_loc == "3")
    assert drawn.via == ("234", "233") and drawn.to_loc == "17"
    click(qtbot, page, "3")  # again: the other route replaces it
    key(qtbot, page, Qt.Key.Key_V)
    click(qtbot, page, "17")
    click_menu(qtbot, page, "1")
    assert "CO 3 223 233 17" in draft_lines(page, "ENGLAND") and "CO 3 234 233 17" not in draft_lines(page, "ENGLAND")


def test_supporting_a_power_declared_an_ally_this_turn_is_offered_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window)
    click(qtbot, page, "7")  # England's fleet in London: only its own attacks to back, ordered at once
    key(qtbot, page, Qt.Key.Key_S)
    click(qtbot, page, "233")
    assert "SA 7 233" in draft_lines(page, "ENGLAND")
    page.order_panel.text_entered.emit("ENGLAND: DA FRANCE")  # France would be an ally if it declares too
    QApplication.processEvents()
    click(qtbot, page, "7")
    key(qtbot, page, Qt.Key.Key_S)
    click(qtbot, page, "233")
    labels = [label.split("\t")[0] for label in menu_labels(page)]
    assert labels == ["Support the attack on English Channel", "Support the attack on English Channel by France"]
    import os
    shot = os.environ.get("EMG_SHOTS")
    if shot and page.question_menu is not None:
        page.question_menu.grab().save(os.path.join(shot, "support_new_ally_menu.png"))
    click_menu(qtbot, page, "2")
    assert "SA 7 233 FRANCE" in draft_lines(page, "ENGLAND") and "DA FRANCE" in draft_lines(page, "ENGLAND")
    assert page.game.check_line("ENGLAND", "SA 7 233 FRANCE").order is not None
