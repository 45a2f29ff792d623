"""Fitting the board to its window settles in one pass at every size: no fit/resize ping-pong (which hung
the projector view at 800×800), no stray scroll bar, no empty bands beside a fitted board."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.scene.map_scene import MapScene
from app.scene.map_view import MapView
from app.scene.pictures import board_geometry, power_colours
from app.widgets.main_window import MainWindow
from engine.variants import find_variant

from gui_helpers import make_window

SIZES = [(800, 800), (1024, 768), (1920, 1080), (1280, 720), (977, 613), (641, 1111), (1401, 899), (333, 257)]
RESIZE_BOUND = 12  # a view that resizes its viewport more often than this while settling is looping


class ResizeGuard(QObject):
    """Counts the viewport's resizes; past the bound it stops the view fitting, so a loop fails the test
    instead of hanging it."""

    def __init__(self, view: MapView) -> None:
        super().__init__()
        self.view = view
        self.count = 0
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.count += 1
            if self.count > RESIZE_BOUND:
                self.view._fitted = False  # break the loop; the assertion below reports it
        return False


def settle(view: MapView) -> None:
    for _ in range(6):
        QApplication.processEvents()


def board_on_screen(view: MapView) -> QRect:
    return view.mapFromScene(view.map_scene.board_rect()).boundingRect()


def assert_fitted(view: MapView, guard: ResizeGuard) -> None:
    assert guard.count <= RESIZE_BOUND, f"the viewport resized {guard.count} times: fitting does not settle"
    fits = view.fit_count
    settle(view)
    assert view.fit_count == fits, "the view keeps fitting after it settled"
    assert not view.horizontalScrollBar().isVisible() and not view.verticalScrollBar().isVisible()
    port = view.viewport().rect()
    board = board_on_screen(view)
    assert port.adjusted(-1, -1, 1, 1).contains(board), f"board {board} spills out of {port}"
    # No bands: the board touches (within the small margin) both sides of one axis and is centred on the other.
    gap_x = port.width() - board.width()
    gap_y = port.height() - board.height()
    assert min(gap_x, gap_y) <= 12, f"empty bands on both axes: {gap_x}px across, {gap_y}px down"
    assert abs(board.left() - (port.width() - board.right())) <= 3
    assert abs(board.top() - (port.height() - board.bottom())) <= 3


@pytest.mark.parametrize("variant_id", ["standard", "colonial"])
def test_view_fit_settles_at_every_size(qtbot: QtBot, variant_id: str) -> None:
    variant = find_variant(variant_id)
    geometry, _ = board_geometry(variant.map_id)
    scene = MapScene(geometry, variant.board, power_colours(variant.board))
    for size in SIZES:
        view = MapView(scene)
        qtbot.addWidget(view)
        guard = ResizeGuard(view)
        view.resize(*size)
        view.show()
        settle(view)
        assert_fitted(view, guard)
        view.close()


def test_zooming_in_brings_scroll_bars_and_fit_removes_them(qtbot: QtBot) -> None:
    variant = find_variant("standard")
    geometry, _ = board_geometry(variant.map_id)
    view = MapView(MapScene(geometry, variant.board, power_colours(variant.board)))
    qtbot.addWidget(view)
    guard = ResizeGuard(view)
    view.resize(800, 800)
    view.show()
    settle(view)
    fitted = view.zoom
    view.zoom_in()
    view.zoom_in()
    settle(view)
    assert view.zoom > fitted * 1.5
    assert view.horizontalScrollBar().isVisible() and view.verticalScrollBar().isVisible()
    view.resize(801, 799)  # a resize while zoomed keeps the user's zoom
    settle(view)
    assert view.zoom > fitted * 1.5
    guard.count = 0
    view.fit_to_window()
    settle(view)
    assert abs(view.zoom - view.fit_scale()) < 1e-9
    assert_fitted(view, guard)


def projector(window: MainWindow, variant_id: str):  # type: ignore[no-untyped-def]
    window.start_new_game(NewGameSpec(variant_id, Mode.GM))
    assert window.page is not None
    return window.page


@pytest.mark.parametrize("variant_id", ["standard", "colonial"])
def test_projector_board_settles_full_screen_and_at_other_sizes(qtbot: QtBot, tmp_path: Path,
                                                                variant_id: str) -> None:
    window = make_window(qtbot, tmp_path)
    page = projector(window, variant_id)
    window.board_window_action.trigger()  # View ▸ Board view (F11): full screen, 800×800 offscreen
    board = page.board_window
    assert board is not None
    guard = ResizeGuard(board.view)
    settle(board.view)
    assert board.isFullScreen()
    assert_fitted(board.view, guard)
    board.showNormal()
    settle(board.view)
    for size in SIZES:
        board.resize(*size)
        guard.count = 0
        settle(board.view)
        if size[0] >= 640:  # a projector's width: the header must not hold the window wider than the screen
            assert board.width() == size[0], f"asked for {size}, the board window is {board.size().toTuple()}"
        assert_fitted(board.view, guard)
    page.close_windows()


@pytest.mark.parametrize("variant_id", ["standard", "colonial"])
def test_fit_to_window_in_the_main_window_leaves_no_scroll_bar_or_bands(qtbot: QtBot, tmp_path: Path,
                                                                         variant_id: str) -> None:
    window = make_window(qtbot, tmp_path)
    page = projector(window, variant_id)
    view = page.view
    guard = ResizeGuard(view)
    view.zoom_in()
    settle(view)
    guard.count = 0
    window.fit_action.trigger()
    settle(view)
    assert_fitted(view, guard)
    for size in [(1400, 900), (1024, 768), (800, 800), (1920, 1080)]:
        window.resize(*size)
        guard.count = 0
        settle(view)
        assert_fitted(view, guard)
