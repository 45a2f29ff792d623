"""Maps that wrap are navigable without end: the World (east-west) and Age of Discovery's torus (both ways)
are drawn again beyond their edges, panning past an edge carries on seamlessly, and clicks on the repeated
board name the province there. A map that doesn't wrap stops at its edge."""
from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.drawing import palette
from app.scene.map_scene import MapScene
from app.scene.map_view import MapView
from app.scene.pictures import board_geometry, power_colours
from engine.variants import find_variant

SIZE = (800, 500)


def make_view(qtbot: QtBot, variant_id: str, zoom_of_fit: float = 4.0) -> MapView:
    variant = find_variant(variant_id)
    geometry, _ = board_geometry(variant.map_id)
    scene = MapScene(geometry, variant.board, power_colours(variant.board))
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(*SIZE)
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(view.fit_scale() * zoom_of_fit)
    settle(view)
    return view


def settle(view: MapView) -> None:
    for _ in range(4):
        QApplication.processEvents()
    assert view.map_scene.layout is not None  # the labels' pending layout, done now


def grab(view: MapView, name: str | None = None) -> QImage:
    settle(view)
    view.viewport().repaint()
    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    if name and os.environ.get("CHANCELLERY_SHOTS"):
        image.save(os.path.join(os.environ["CHANCELLERY_SHOTS"], name))
    return image


def difference(a: QImage, b: QImage, ax: int, bx: int, width: int, ay: int = 0, by: int = 0,
               height: int | None = None) -> float:
    """Mean difference per channel (0-255) between two equal-sized strips of ``a`` and ``b``, sampled."""
    height = a.height() if height is None else height
    total = count = 0
    for y in range(0, height, 3):
        for x in range(0, width, 3):
            pa, pb = a.pixelColor(ax + x, ay + y), b.pixelColor(bx + x, by + y)
            total += abs(pa.red() - pb.red()) + abs(pa.green() - pb.green()) + abs(pa.blue() - pb.blue())
            count += 3
    return total / count


def plain(like: QImage) -> QImage:
    image = QImage(like.size(), QImage.Format.Format_RGB32)
    image.fill(palette.SEA)
    return image


def test_the_world_is_drawn_again_past_the_date_line(qtbot: QtBot) -> None:
    view = make_view(qtbot, "world31")
    board = view.map_scene.board_rect()
    row = view.map_scene.anchor("AS24").y()  # Chukotka and Alaska: land on both sides of the seam
    span = view.viewport().width() / view.zoom  # the viewport's width in map units
    view.centerOn(QPointF(board.left() + span / 5, row))  # the west 30 % of the screen lies past the edge
    edge = view.mapFromScene(board.topLeft())
    across = grab(view, "world31_wrap_across.png")  # west of the board's west edge: its east end again
    view.centerOn(QPointF(board.right() - span / 5, row))
    end = view.mapFromScene(board.topRight())
    east_end = grab(view, "world31_wrap_east_end.png")  # the board's east end itself
    width = edge.x() - 2
    seam = difference(across, east_end, edge.x() - width, end.x() - width, width - 2)
    empty = difference(across, plain(across), edge.x() - width, edge.x() - width, width - 2)
    assert seam < 6, f"the board beyond the date line differs from its east end by {seam:.1f}"
    assert empty > 4 * max(seam, 1.0), "nothing is drawn beyond the date line"


def test_panning_east_goes_round_the_world(qtbot: QtBot) -> None:
    view = make_view(qtbot, "world31")
    board = view.map_scene.board_rect()
    view.centerOn(QPointF(board.right() - 100.0, board.center().y()))
    start = view.view_centre().x()
    presses = int(1.5 * board.width() * view.zoom / 60) + 1  # the keys pan 60 pixels a press
    for _ in range(presses):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        centre = view.view_centre()
        assert board.left() - 1 <= centre.x() < board.right() + 1, "the view left the board instead of wrapping"
    travelled = presses * 60 / view.zoom
    expected = board.left() + (start + travelled - board.left()) % board.width()
    assert abs(view.view_centre().x() - expected) < 3 * presses / view.zoom + 2


def test_dragging_west_past_the_seam_wraps_too(qtbot: QtBot) -> None:
    view = make_view(qtbot, "world31")
    board = view.map_scene.board_rect()
    view.centerOn(QPointF(board.left() + 50.0, board.center().y()))
    here = QPoint(400, 250)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=here)
    for step in range(1, 31):
        qtbot.mouseMove(view.viewport(), here + QPoint(12 * step, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=here + QPoint(360, 0))
    centre = view.view_centre()
    assert board.left() <= centre.x() < board.right()
    assert centre.x() > board.center().x(), "dragging east past the west edge should show the far east"


def test_a_click_on_the_repeated_board_names_its_province(qtbot: QtBot) -> None:
    view = make_view(qtbot, "world31")
    board = view.map_scene.board_rect()
    chukotka = view.map_scene.anchor("AS24")
    view.centerOn(QPointF(board.left() + 5.0, chukotka.y()))
    copy = view.mapFromScene(QPointF(chukotka.x() - board.width(), chukotka.y()))
    assert view.viewport().rect().contains(copy), "Chukotka's copy should be on screen west of the seam"
    with qtbot.waitSignal(view.location_clicked) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=copy)
    assert clicked.args[0] == "AS24"


def test_a_map_that_does_not_wrap_stops_at_its_edge(qtbot: QtBot) -> None:
    view = make_view(qtbot, "standard")
    board = view.map_scene.board_rect()
    for _ in range(int(2 * board.width() * view.zoom / 60)):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    centre = view.view_centre().x()
    assert centre <= view.map_scene.sceneRect().right()
    assert not view.wrap_x and not view.wrap_y


def test_age_of_discovery_wraps_both_ways(qtbot: QtBot) -> None:
    view = make_view(qtbot, "age_of_discovery", zoom_of_fit=3.0)
    assert view.wrap_x and view.wrap_y
    board = view.map_scene.board_rect()
    for key, axis, size in ((Qt.Key.Key_Down, "y", board.height()), (Qt.Key.Key_Left, "x", board.width())):
        for _ in range(int(1.3 * size * view.zoom / 60) + 1):
            qtbot.keyClick(view, key)
            centre = view.view_centre()
            assert board.left() - 1 <= centre.x() < board.right() + 1
            assert board.top() - 1 <= centre.y() < board.bottom() + 1
    # The corner: the board's bottom-right quarter continues past its top-left corner, drawn again.
    span_x, span_y = view.viewport().width() / view.zoom, view.viewport().height() / view.zoom
    view.centerOn(board.topLeft() + QPointF(span_x / 4, span_y / 4))
    corner_at = view.mapFromScene(board.topLeft())
    across = grab(view, "aod_wrap_across.png")  # up-left of the board's top-left corner: its bottom-right again
    view.centerOn(board.bottomRight() - QPointF(span_x / 4, span_y / 4))
    far_at = view.mapFromScene(board.bottomRight())
    corner = grab(view, "aod_wrap_corner.png")
    w, h = corner_at.x() - 2, corner_at.y() - 2
    seam = difference(across, corner, corner_at.x() - w, far_at.x() - w, w - 2, corner_at.y() - h, far_at.y() - h, h - 2)
    assert seam < 6, f"the board beyond its top-left corner differs from its bottom-right by {seam:.1f}"
    assert difference(across, plain(across), corner_at.x() - w, 0, w - 2, corner_at.y() - h, 0, h - 2) > 4 * max(seam, 1.0)
    # A click there names the area of the board's far corner.
    inside = board.bottomRight() - QPointF(20.0, 20.0)
    assert view.map_scene.location_at(view.board_point(view.mapFromScene(inside - QPointF(board.width(), board.height())))) \
        == view.map_scene.location_at(inside)


@pytest.mark.parametrize("variant_id", ["world31", "age_of_discovery"])
def test_zoom_keys_still_work_on_a_wrapping_map(qtbot: QtBot, variant_id: str) -> None:
    view = make_view(qtbot, variant_id, zoom_of_fit=1.0)
    before = view.zoom
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom > before
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert abs(view.zoom - view.fit_scale()) < 1e-6


def test_a_change_near_one_edge_shows_in_its_copy_beyond_the_other(qtbot: QtBot) -> None:
    view = make_view(qtbot, "world31")
    scene = view.map_scene
    board = scene.board_rect()
    view.centerOn(QPointF(board.left() + 5.0, scene.anchor("AS24").y()))
    grab(view)
    assert view.view_centre().x() < board.left() + 50
    port = view.viewport().rect()
    copies = [QPoint(x, y) for x in range(0, port.width(), 7) for y in range(0, port.height(), 7)
              if view.mapToScene(QPoint(x, y)).x() < board.left()
              and scene.location_at(view.board_point(QPoint(x, y))) == "AS24"]
    assert len(copies) >= 5, "Chukotka's copy should be on screen west of the seam"
    scene.provinces["AS24"].set_fill("#ff00ff")
    image = grab(view)
    magenta = [p for p in copies if image.pixelColor(p).name() == "#ff00ff"]
    assert len(magenta) >= len(copies) // 2, f"only {len(magenta)} of {len(copies)} points of the copy changed"


def test_the_unseen_views_never_keep_the_program_open(qtbot: QtBot) -> None:
    view = make_view(qtbot, "world31")
    board = view.map_scene.board_rect()
    view.centerOn(QPointF(board.left() + 5.0, board.center().y()))
    grab(view)
    copies = [w for w in QApplication.topLevelWidgets() if w.testAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
              and w.isVisible()]
    assert copies, "the board past the edge is drawn by an unseen view"
    assert not any(w.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose) for w in copies)


def test_no_shore_is_drawn_along_the_date_line() -> None:
    """Land cut by the wrapping edge goes on across it: the coastline has no stretch along that edge."""
    from app.drawing.context import cache_for

    geometry, _ = board_geometry(find_variant("world31").map_id)
    along = [(line.at(i), line.at(i + 1)) for line in cache_for(geometry).coast_lines for i in range(line.size() - 1)
             if any(abs(line.at(i).x() - e) < 1.0 and abs(line.at(i + 1).x() - e) < 1.0 for e in (0.0, geometry.width))]
    assert not along, f"{len(along)} coastline stretches run along the date line"
    assert len(cache_for(geometry).coast_lines) > 100  # the real coasts are all there
