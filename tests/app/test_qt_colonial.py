"""Colonial on the real map: railway targets, railway arrows split where the train stopped, the Suez
Canal's permission granted by clicking Egypt's unit, by real clicks on the map view."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.order_entry import Step
from app.controllers.setup import Mode, NewGameSpec, create_game
from app.drawing import ArrowStyle, OrderKind, palette
from app.scene.pictures import result_arrows
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.contract import state_from_request
from engine import savefile
from engine.game import Game
from engine.variants.colonial import ColonialResolver, ColonialVariant

from gui_helpers import click, draft_lines, key, point_of, submit, window  # noqa: F401  (fixture)

ROUTE = {"MOS", "PRM", "OMS", "KRA", "IRK", "VLA"}


def open_colonial(window: MainWindow, units: dict[str, list[str]]) -> GamePage:
    game = create_game(NewGameSpec("colonial", Mode.GM))
    _, state = state_from_request({"variant": "colonial", "phase": "S1870M", "units": units})
    game.replace_state(state)
    window.show_game(game)
    QApplication.processEvents()
    assert window.page is not None
    window.page.view.fit_to_window()
    QApplication.processEvents()
    return window.page


def view_image(page: GamePage) -> QImage:
    QApplication.processEvents()
    return page.view.viewport().grab().toImage()


def is_railway_orange(colour: QColor, tolerance: int = 30) -> bool:
    target = QColor(palette.RAILWAY_ORDER)
    return (abs(colour.red() - target.red()) <= tolerance and abs(colour.green() - target.green()) <= tolerance
            and abs(colour.blue() - target.blue()) <= tolerance)


def orange_count(image: QImage, rect: QRect) -> int:
    rect = rect.intersected(image.rect())
    return sum(1 for x in range(rect.left(), rect.right(), 2) for y in range(rect.top(), rect.bottom(), 2)
               if is_railway_orange(image.pixelColor(x, y)))


def screen_rect(page: GamePage, prov: str) -> QRect:
    bounds = page.map_geometry.provinces[prov].bounds
    return QRect(page.view.mapFromScene(bounds.topLeft()), page.view.mapFromScene(bounds.bottomRight()))


def screen_between(page: GamePage, a: str, b: str) -> QPoint:
    return page.view.mapFromScene((page.scene.anchor(a) + page.scene.anchor(b)) * 0.5)


def test_selecting_a_russian_army_on_the_line_lights_its_railway_targets(qtbot: QtBot, window: MainWindow) -> None:
    page = open_colonial(window, {"RUSSIA": ["A MOS"], "CHINA": ["A KRA"]})
    before = orange_count(view_image(page), screen_rect(page, "VLA"))
    click(qtbot, page, "MOS")
    entry = page.entry
    assert entry is not None and entry.selected == "MOS"
    assert entry.highlights == {"BAK", "BOK", "ODE", "ORE", "PRM"}
    assert entry.railway_highlights == ROUTE - {"MOS"}
    assert page.scene.railway_highlights == ROUTE - {"MOS"}
    lit = {pid for pid, item in page.scene.provinces.items() if item.railway_lit}
    assert lit == ROUTE - {"MOS"}
    assert page.scene.provinces["PRM"].lit == {"PRM"}  # walk or ride: lit both ways
    assert not page.scene.provinces["OMS"].lit and page.scene.provinces["OMS"].railway_lit
    assert page.flyout.buttons["T"].isVisible()
    # The railway highlight is orange on screen.
    after = orange_count(view_image(page), screen_rect(page, "VLA"))
    assert after > before + 50
    click(qtbot, page, "VLA")
    assert draft_lines(page, "RUSSIA") == ["A MOS - VLA VIA TSR"]
    assert not any(item.railway_lit for item in page.scene.provinces.values())
    texts = [page.order_panel.order_list.item(i).text() for i in range(page.order_panel.order_list.count())]
    assert texts == ["A MOS - VLA VIA TSR   (by railway)"]
    # The draft arrow runs along the line.
    (arrow,) = page.scene.arrows
    assert arrow.style is ArrowStyle.RAILWAY and arrow.via == ("PRM", "OMS", "KRA", "IRK")


def test_t_key_rides_to_a_place_the_army_could_also_walk_to(qtbot: QtBot, window: MainWindow) -> None:
    page = open_colonial(window, {"RUSSIA": ["A MOS"]})
    click(qtbot, page, "MOS")
    click(qtbot, page, "PRM")
    assert draft_lines(page, "RUSSIA") == ["A MOS - PRM"]
    click(qtbot, page, "MOS")
    key(qtbot, page, Qt.Key.Key_T)
    assert page.entry is not None and page.entry.stage == "rail"
    assert not page.scene.provinces["PRM"].lit and page.scene.provinces["PRM"].railway_lit
    click(qtbot, page, "PRM")
    assert draft_lines(page, "RUSSIA") == ["A MOS - PRM VIA TSR"]


def test_a_blocked_journey_is_drawn_split_where_the_train_stopped(qtbot: QtBot, window: MainWindow) -> None:
    page = open_colonial(window, {"RUSSIA": ["A MOS"], "CHINA": ["A KRA"]})
    click(qtbot, page, "MOS")
    click(qtbot, page, "VLA")
    click(qtbot, page, "KRA")
    key(qtbot, page, Qt.Key.Key_H)
    submit(qtbot, page)
    assert page.results_index() == 0
    record = page.game.history[0]
    assert [r.reason for r in record.results if r.power == "RUSSIA"] == [
        "the line is blocked at KRA by A KRA: stops in OMS"]
    railway = [a for a in page.scene.picture.orders if a.style is ArrowStyle.RAILWAY]
    assert [(a.from_loc, a.via, a.to_loc, a.failed) for a in railway] == [
        ("MOS", ("PRM",), "OMS", False),  # travelled: solid up to the stop
        ("OMS", ("KRA", "IRK"), "VLA", True),  # the rest: failed, marked at the stop
    ]
    assert set(railway) <= set(page.scene.arrows)
    image = view_image(page)
    travelled = screen_between(page, "MOS", "PRM")
    assert is_railway_orange(image.pixelColor(travelled))
    rest = screen_between(page, "IRK", "VLA")
    assert not is_railway_orange(image.pixelColor(rest), tolerance=12)  # faded and dashed
    near_route = QRect(page.view.mapFromScene(page.scene.anchor("MOS")), page.view.mapFromScene(page.scene.anchor("OMS")))
    assert orange_count(image, near_route.normalized().adjusted(0, -6, 0, 6)) > 10


def test_result_arrows_of_an_arrival_and_of_a_train_that_never_left() -> None:
    for units, expected in (
        ({"RUSSIA": ["A MOS"]}, [("MOS", ("PRM", "OMS", "KRA", "IRK"), "VLA", False)]),
        ({"RUSSIA": ["A MOS"], "CHINA": ["A PRM"]}, [("MOS", ("PRM", "OMS", "KRA", "IRK"), "VLA", True)]),
    ):
        game = Game.new("colonial")
        _, state = state_from_request({"variant": "colonial", "phase": "S1870M", "units": units})
        game.replace_state(state)
        game.set_orders("RUSSIA", ["A MOS - VLA VIA TSR"], ready=True)
        game.process()
        arrows = [a for a in result_arrows(game.variant, game.history[0]) if a.style is ArrowStyle.RAILWAY]
        assert [(a.from_loc, a.via, a.to_loc, a.failed) for a in arrows] == expected


def test_a_past_turn_is_drawn_from_its_history_without_adjudicating_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new("colonial")
    _, state = state_from_request({"variant": "colonial", "phase": "S1870M",
                                   "units": {"RUSSIA": ["A MOS"], "CHINA": ["A KRA"]}})
    game.replace_state(state)
    game.set_orders("RUSSIA", ["A MOS - VLA VIA TSR"], ready=True)
    game.set_orders("CHINA", ["A KRA H"], ready=True)
    game.process()
    loaded = savefile.loads(savefile.dumps(game))

    def no_adjudication(*args: object, **kwargs: object) -> None:
        raise AssertionError("a past turn was adjudicated again to draw it")

    monkeypatch.setattr(ColonialVariant, "adjudicate_movement", no_adjudication)
    monkeypatch.setattr(ColonialResolver, "run", no_adjudication)
    arrows = [a for a in result_arrows(loaded.variant, loaded.history[0]) if a.style is ArrowStyle.RAILWAY]
    assert [(a.from_loc, a.via, a.to_loc, a.failed) for a in arrows] == [
        ("MOS", ("PRM",), "OMS", False),  # travelled: solid up to the stop
        ("OMS", ("KRA", "IRK"), "VLA", True),  # the rest: failed, marked at the stop
    ]


def test_granting_suez_passage_by_clicking_egypts_unit(qtbot: QtBot, window: MainWindow) -> None:
    page = open_colonial(window, {"BRITAIN": ["A EGY"], "TURKEY": ["F MED"], "FRANCE": ["F RED"]})
    click(qtbot, page, "EGY")
    assert page.flyout.buttons["G"].isVisible()
    assert page.flyout.buttons["G"].text() == "Grant Suez passage (G)"
    qtbot.mouseClick(page.flyout.buttons["G"], Qt.MouseButton.LeftButton)
    menu = page.question_menu
    assert menu is not None and menu.isVisible()
    labels = [a.text() for a in menu.actions() if a.text() and not a.isSeparator()]
    assert labels[-2:] == ["Grant Suez passage to F MED (to RED)\t1", "Grant Suez passage to F RED (to MED)\t2"]
    next(a for a in menu.actions() if a.text().startswith("Grant Suez passage to F MED")).trigger()
    QApplication.processEvents()
    assert draft_lines(page, "BRITAIN") == ["SUEZ F MED - RED"]
    assert page.entry is not None and page.entry.selected == "EGY"  # still selected: its own order is next
    key(qtbot, page, Qt.Key.Key_H)
    click(qtbot, page, "MED")
    click(qtbot, page, "RED")
    click(qtbot, page, "RED")
    click(qtbot, page, "ADE")
    texts = [page.order_panel.order_list.item(i).text() for i in range(page.order_panel.order_list.count())]
    assert texts[:2] == ["SUEZ F MED - RED   (Suez passage granted)", "A EGY H"]
    canal = [a for a in page.scene.arrows if a.style is ArrowStyle.CANAL]
    assert sorted((a.kind, a.from_loc) for a in canal) == [(OrderKind.MOVE, "MED"), (OrderKind.SUPPORT_MOVE, "EGY")]
    submit(qtbot, page)
    results = {r.order: r.result for r in page.game.history[0].results}
    assert results["F MED - RED"] == "succeeds" and results["SUEZ F MED - RED"] == "succeeds"
    assert page.game.state.units["RED"].power == "TURKEY"
    drawn = {(a.kind, a.from_loc, a.to_loc, a.style) for a in page.scene.picture.orders}
    assert (OrderKind.MOVE, "MED", "RED", ArrowStyle.CANAL) in drawn
    assert (OrderKind.SUPPORT_MOVE, "EGY", "RED", ArrowStyle.CANAL) in drawn


def test_the_hover_card_names_the_railway_and_the_canal(qtbot: QtBot, window: MainWindow) -> None:
    page = open_colonial(window, {"BRITAIN": ["A EGY"]})
    qtbot.mouseMove(page.view.viewport(), point_of(page, "OMS"))
    qtbot.waitUntil(lambda: page.hover_card.isVisible())
    assert "Trans-Siberian Railroad" in page.hover_card.text()
    qtbot.mouseMove(page.view.viewport(), point_of(page, "EGY"))
    qtbot.waitUntil(lambda: "Suez Canal" in page.hover_card.text())
