"""The map view: zoom (wheel, keys, pinch), pan by dragging, fit, readable labels and markers, and the
schematic board used for maps without drawn geometry."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QNativeGestureEvent, QPainter, QPointingDevice, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.drawing import palette
from app.drawing.labels import SHRINK_LIMIT
from app.scene.items import LABEL_MAX_PX, LABEL_MIN_PX, MAX_MARK_SCALE, MIN_MARK_SCALE, MIN_UNIT_PX, mark_scale
from app.scene.map_view import MAX_ZOOM_OF_FIT, MIN_ZOOM_OF_FIT
from app.scene.schematic import schematic_geometry
from app.widgets.main_window import MainWindow

from gui_helpers import click, key, point_of, start, window  # noqa: F401


def wheel(page, steps: int) -> None:  # type: ignore[no-untyped-def]
    viewport = page.view.viewport()
    centre = QPointF(viewport.width() / 2, viewport.height() / 2)
    event = QWheelEvent(centre, QPointF(viewport.mapToGlobal(centre.toPoint())), QPoint(0, 0), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def test_zoom_by_wheel_keys_and_fit_with_limits(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    view = page.view
    fit = view.fit_scale()
    assert abs(view.zoom - fit) / fit < 0.05
    wheel(page, 2)
    assert view.zoom > fit * 1.5
    key(qtbot, page, Qt.Key.Key_Minus)
    key(qtbot, page, Qt.Key.Key_Minus)
    key(qtbot, page, Qt.Key.Key_Plus)
    assert view.zoom > fit
    for _ in range(40):
        wheel(page, 3)
    assert abs(view.zoom - fit * MAX_ZOOM_OF_FIT) / fit < 0.01
    for _ in range(40):
        wheel(page, -3)
    assert abs(view.zoom - fit * MIN_ZOOM_OF_FIT) / fit < 0.01
    key(qtbot, page, Qt.Key.Key_0)
    assert abs(view.zoom - fit) / fit < 0.05
    window.zoom_in_action.trigger()
    assert view.zoom > fit
    window.fit_action.trigger()
    assert abs(view.zoom - fit) / fit < 0.05


def test_pinch_zooms(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    view = page.view
    before = view.zoom
    pos = QPointF(200, 200)
    event = QNativeGestureEvent(Qt.NativeGestureType.ZoomNativeGesture, QPointingDevice.primaryPointingDevice(), 2,
                                pos, pos, QPointF(view.viewport().mapToGlobal(pos.toPoint())), 0.5, QPointF(0, 0), 0)
    QApplication.sendEvent(view.viewport(), event)
    assert abs(view.zoom / before - 1.5) < 0.01


def test_drag_pans_and_is_not_a_click(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    view = page.view
    view.set_zoom(view.zoom * 4)
    clicks: list[object] = []
    view.location_clicked.connect(lambda loc, button: clicks.append(loc))
    start_h, start_v = view.horizontalScrollBar().value(), view.verticalScrollBar().value()
    viewport = view.viewport()
    a, b = QPoint(400, 400), QPoint(300, 330)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, QPoint(380, 385))
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)
    assert view.horizontalScrollBar().value() == start_h + 100
    assert view.verticalScrollBar().value() == start_v + 70
    assert clicks == []
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=a)
    assert len(clicks) == 1


def test_labels_and_units_stay_readable_at_every_zoom(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    view = page.view
    for factor in (MIN_ZOOM_OF_FIT, 1.0, 3.0, MAX_ZOOM_OF_FIT):
        view.set_zoom(view.fit_scale() * factor)
        sizes = {round(label.px, 1) for label in page.scene.labels if not label.small}
        # A label crowded out of every spot at full size may shrink a little (the layout's last resorts).
        assert min(sizes) >= LABEL_MIN_PX * SHRINK_LIMIT - 0.1 and max(sizes) <= LABEL_MAX_PX
        unit = next(iter(page.scene.units.values()))
        assert unit.unit_size * view.zoom >= MIN_UNIT_PX * 0.93 or page.scene.scale == MAX_MARK_SCALE
    assert mark_scale(16.0, 10.0) == MIN_MARK_SCALE and mark_scale(16.0, 0.5) == MAX_MARK_SCALE
    assert MIN_MARK_SCALE < mark_scale(16.0, 1.0) < MAX_MARK_SCALE


def test_owner_tints_centre_markers_and_power_colours(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    scene = page.scene
    paris, burgundy, north_sea = scene.provinces["PAR"], scene.provinces["BUR"], scene.provinces["NTH"]
    assert paris.fill != burgundy.fill and north_sea.fill.name() == palette.SEA.lower()
    assert scene.centres["PAR"].home_colour == page.colours["FRANCE"]
    assert scene.centres["BEL"].home_colour is None
    french = [u for k, u in scene.units.items() if k[0] == "FRANCE"]
    assert len(french) == 3 and {u.colour for u in french} == {page.colours["FRANCE"]}


def test_schematic_board_covers_every_location_of_a_map() -> None:
    geometry = schematic_geometry("standard")
    from engine.mapdata import load_map

    board = load_map("standard")
    expected = {p for p, v in board.provinces.items() if v.is_passable}
    assert set(geometry.provinces) == expected
    for loc in geometry.locations():
        shape = geometry.shape(loc)
        hit = geometry.location_at(shape.unit.x(), shape.unit.y())
        assert hit is not None and hit.split("/")[0] == loc.split("/")[0]
    assert set(geometry.provinces["STP"].coasts) == {"NC", "SC"}
    assert geometry.provinces["NTH"].is_sea and not geometry.provinces["PAR"].is_sea


def test_clicks_map_to_locations(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    seen: list[object] = []
    page.view.location_clicked.connect(lambda loc, button: seen.append((loc, button)))
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=point_of(page, "MOS"))
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.RightButton, pos=point_of(page, "MOS"))
    assert seen == [("MOS", "left"), ("MOS", "right")]


def test_the_view_draws_the_same_pixels_without_smooth_pixmap_scaling(qtbot: QtBot, window: MainWindow) -> None:
    """The view leaves smooth pixmap scaling off for speed: every item is blitted from its unscaled cache,
    so the hint must not change a pixel, here at a zoom other than the fit's and with targets lit."""
    page = start(window)
    view = page.view
    wheel(page, 1)
    click(qtbot, page, "PAR")
    assert page.entry is not None and page.entry.highlights
    smooth = QPainter.RenderHint.SmoothPixmapTransform
    assert not view.renderHints() & smooth

    def painted(with_smooth: bool):  # type: ignore[no-untyped-def]
        view.setRenderHint(smooth, with_smooth)
        for item in view.scene().items():
            item.update()  # repaint each item's cache with the hint as set
        return view.viewport().grab().toImage()

    plain = painted(False)
    assert not plain.isNull() and plain.width() > 0
    assert painted(True) == plain
