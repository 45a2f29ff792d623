"""The toy variant in the client: the main window opens a toy game on the toy's own board, draws the zeppelin
with its icon from the toy's map folder and lists it in the key, takes a bombardment by clicks, draws it as
a damage mark, and words its result."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from toy_variant import ZEPPELIN

from app.controllers.setup import Mode, NewGameSpec, create_game
from app.drawing import ArrowStyle, OrderKind
from app.drawing.icons import icon_name, unit_icons
from app.settings import SettingsStore
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.contract import state_from_request

HERE = Path(__file__).resolve().parent
SUMMER = {"variant": "toy", "phase": "U1901M",
          "units": {"NORTH": ["Z EAS", "F NOR"], "SOUTH": ["Z MID", "F SOU"]},
          "centers": {"NORTH": ["NOR", "FJO"], "SOUTH": ["SOU", "DUN"]}}


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(SettingsStore(tmp_path / "config", tmp_path / "data"))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def open_toy(window: MainWindow) -> GamePage:
    game = create_game(NewGameSpec("toy", Mode.GM))
    _, state = state_from_request(SUMMER)
    game.replace_state(state)
    window.show_game(game)
    QApplication.processEvents()
    assert window.page is not None
    window.page.view.fit_to_window()
    QApplication.processEvents()
    return window.page


def click(qtbot: QtBot, page: GamePage, loc: str) -> None:
    view = page.view
    point = view.mapFromScene(page.scene.anchor(loc))
    hit = page.scene.location_at(view.mapToScene(point))
    assert hit is not None and hit.split("/")[0] == loc, f"{loc}'s anchor hits {hit}"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def arrows(page: GamePage) -> set[tuple[OrderKind, str, str | None, str | None, ArrowStyle, bool]]:
    return {(a.kind, a.from_loc, a.to_loc, a.aux_loc, a.style, a.failed) for a in page.scene.picture.orders}


def _painted(paint: object) -> QImage:
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint(painter)  # type: ignore[operator]
    painter.end()
    return image


def test_the_board_draws_the_zeppelin_with_the_icon_its_map_folder_brings(qtbot: QtBot, window: MainWindow) -> None:
    page = open_toy(window)
    assert page.game.variant.id == "toy" and page.map_geometry.map_id == "toy"
    assert ("NORTH", "Z", "EAS", False) in page.scene.units
    assert icon_name("Z") == "zeppelin"
    icons = unit_icons()
    assert icons.source("zeppelin") == (HERE / "toy_map" / "icons" / "zeppelin.svg").read_text(encoding="utf-8")
    colour = "#3b6fb6"
    renderer = icons.renderer("zeppelin", colour)
    assert renderer is not None
    drawn = _painted(lambda p: icons.paint(p, ZEPPELIN.value, colour, QPointF(32, 32), 64))
    from_icon = _painted(lambda p: renderer.render(p))
    lettered = _painted(lambda p: icons.paint(p, "Q", colour, QPointF(32, 32), 64))  # a type with no icon
    assert drawn == from_icon and drawn != lettered
    # The key lists the toy's unit kinds with their own words.
    window.legend_action.trigger()
    QApplication.processEvents()
    assert window.legend_dock is not None
    texts = window.legend_dock.panel.texts()
    assert texts[:3] == ["Army", "Fleet", "Zeppelin (flies over frozen land)"]


def test_a_bombardment_is_clicked_drawn_adjudicated_and_worded(qtbot: QtBot, window: MainWindow) -> None:
    page = open_toy(window)
    click(qtbot, page, "EAS")
    entry = page.entry
    assert entry is not None and entry.selected == "EAS"
    assert "X" in entry.available_kinds() and page.flyout.buttons["X"].isVisible()
    qtbot.mouseClick(page.flyout.buttons["X"], Qt.MouseButton.LeftButton)
    assert {pid for pid, p in page.scene.provinces.items() if p.lit} == {"MID"}  # the only foreign unit next to it
    click(qtbot, page, "MID")  # the one bombardment of that unit: ordered at once
    assert page.draft is not None and page.draft.lines("NORTH") == ["Z EAS BOMBARD Z MID"]
    assert (OrderKind.SUPPORT_HOLD, "EAS", "MID", None, ArrowStyle.DAMAGE, False) in arrows(page)
    texts = [page.order_panel.order_list.item(i).text() for i in range(page.order_panel.order_list.count())]
    assert "Z EAS BOMBARD Z MID   (bombardment)" in texts
    click(qtbot, page, "NOR")
    click(qtbot, page, "WES")
    assert sorted(page.draft.lines("NORTH")) == ["F NOR - WES", "Z EAS BOMBARD Z MID"]

    page.game.set_orders("SOUTH", ["Z MID S F SOU - WES", "F SOU - WES"], ready=True)
    panel = page.order_panel
    qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.confirm_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert len(page.game.history) == 1 and page.game.phase == "U1901A"
    words = panel.results_list.toPlainText()
    assert "Z EAS BOMBARD Z MID" in words and "bombards Z MID" in words
    assert "cut by bombardment from Z EAS" in words
    assert (OrderKind.SUPPORT_HOLD, "EAS", "MID", None, ArrowStyle.DAMAGE, False) in arrows(page)
