"""The map's view: zoom (wheel, keys, pinch), pan (drag), fit to window; clicks and hovers become
locations, order keys are passed on. A press and release without movement is a click; a drag pans.

A map that wraps (its geometry's ``wrap_x``: the World; ``wrap_y`` too: Age of Discovery's torus) is
shown repeated beyond its edges, and the view jumps back by one board whenever its centre leaves the
board, so panning past the date line goes on for ever without a seam."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QKeyEvent, QMouseEvent, QNativeGestureEvent, QPainter, QPixmap,
                           QResizeEvent, QTransform, QWheelEvent)
from PySide6.QtWidgets import QApplication, QFrame, QGraphicsItem, QGraphicsView, QPinchGesture, QWidget

from app.drawing import palette

from .map_scene import MapScene

ZOOM_STEP = 1.25
MIN_ZOOM_OF_FIT = 0.6  # how far out, relative to "fit to window"
MAX_ZOOM_OF_FIT = 14.0

# Keys that mean an order kind or a menu answer; the view passes them on instead of scrolling.
ORDER_KEYS = {
    # Every letter: an order kind's key is its entry's (World's K pays upkeep), not a list kept here.
    **{getattr(Qt.Key, f"Key_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    Qt.Key.Key_Escape: "Escape",
    # Numbered menu answers (which fleet may pass the Suez Canal).
    **{getattr(Qt.Key, f"Key_{n}"): str(n) for n in range(1, 10)},
}


class MapView(QGraphicsView):
    location_clicked = Signal(object, str)  # location or None, "left" | "right"
    location_hovered = Signal(object, QPoint)  # location or None, position in the viewport
    order_key = Signal(str)
    zoom_changed = Signal(float)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        # Every item paints from its device-coordinate cache, blitted unscaled: smooth pixmap scaling would
        # draw the same pixels, but sends each blit down the raster engine's slow path (~30% of a repaint).
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setBackgroundBrush(QColor(palette.SEA))
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._press_pos: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._panning = False
        self._last_pan: QPoint | None = None
        self._fitted = True  # keep fitting on resize until the user zooms
        self.fit_count = 0  # fits done so far (a fit that doesn't settle shows here)
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._hover_loc: str | None = None
        self.clicked_badge: tuple[str, str, str] | None = None  # (power, unit letter, province) of the last click
        geometry = scene.geometry
        self.wrap_x = bool(geometry.wrap_x)
        self.wrap_y = bool(getattr(geometry, "wrap_y", False))
        self._rewrapping = False
        # Unseen views that draw the board again past each wrapping edge (made when first needed).
        self._copies_by_shift: dict[tuple[int, int], _CopyView] = {}
        if self.wrap_x or self.wrap_y:
            scene.changed.connect(self._scene_changed)
            # Room for one board's width (height) beyond each wrapping edge: the view scrolls into it and
            # jumps back by one board (``_rewrap``) before its centre gets there.
            board = scene.board_rect()
            self.setSceneRect(scene.sceneRect().adjusted(
                -board.width() if self.wrap_x else 0.0, -board.height() if self.wrap_y else 0.0,
                board.width() if self.wrap_x else 0.0, board.height() if self.wrap_y else 0.0))

    # --- zoom -------------------------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def fit_scale(self) -> float:
        rect = self.map_scene.board_rect()
        view = self.viewport().rect()
        if rect.width() <= 0 or rect.height() <= 0 or view.width() <= 2 or view.height() <= 2:
            return 1.0
        return min((view.width() - 8) / rect.width(), (view.height() - 8) / rect.height())

    def fit_to_window(self) -> None:
        """Show the whole board, centred, as large as the viewport allows, in one pass.

        A fitted board needs no scroll bars, so they are switched off first: a scroll bar that appeared or
        vanished would resize the viewport and ask for another fit, for ever at some sizes."""
        self._fitted = True
        self.fit_count += 1
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scale = self.fit_scale()
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(self.map_scene.board_rect().center())
        self._zoom_done()

    def _set_scroll_bars(self, policy: Qt.ScrollBarPolicy) -> None:
        if self.horizontalScrollBarPolicy() != policy:
            self.setHorizontalScrollBarPolicy(policy)
        if self.verticalScrollBarPolicy() != policy:
            self.setVerticalScrollBarPolicy(policy)

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        fit = self.fit_scale()
        zoom = max(fit * MIN_ZOOM_OF_FIT, min(fit * MAX_ZOOM_OF_FIT, zoom))
        factor = zoom / self.zoom
        if abs(factor - 1.0) < 1e-6:
            return
        self._fitted = False
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        if anchor is not None:
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            scene_point = self.mapToScene(anchor.toPoint())
            self.scale(factor, factor)
            delta = self.mapFromScene(scene_point) - anchor.toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())
            self.setTransformationAnchor(old)
        else:
            self.scale(factor, factor)
        self._zoom_done()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def _zoom_done(self) -> None:
        self.map_scene.set_zoom(self.zoom)
        self.zoom_changed.emit(self.zoom)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            super().wheelEvent(event)
            return
        self.set_zoom(self.zoom * (ZOOM_STEP ** steps), event.position())
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Gesture:
            pinch = event.gesture(Qt.GestureType.PinchGesture)  # type: ignore[attr-defined]
            if isinstance(pinch, QPinchGesture):
                self.set_zoom(self.zoom * pinch.scaleFactor(), pinch.centerPoint())
                event.accept()
                return True
        if event.type() == QEvent.Type.NativeGesture and isinstance(event, QNativeGestureEvent):
            if event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:
                self.set_zoom(self.zoom * (1.0 + event.value()), event.position())
                return True
        return super().viewportEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit_to_window()

    # --- mouse ------------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press_pos = event.position().toPoint()
        self._press_button = event.button()
        self._panning = False
        self._last_pan = self._press_pos
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._press_pos is not None and event.buttons() & (Qt.MouseButton.LeftButton | Qt.MouseButton.MiddleButton):
            if not self._panning and (pos - self._press_pos).manhattanLength() >= QApplication.startDragDistance():
                self._panning = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._panning and self._last_pan is not None:
                delta = pos - self._last_pan
                self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
                self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
                self._last_pan = pos
            event.accept()
            return
        loc = self.map_scene.location_at(self.board_point(pos))
        if loc != self._hover_loc or loc is not None:
            self._hover_loc = loc
            self.location_hovered.emit(loc, pos)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        was_pan = self._panning
        self._panning = False
        self._press_pos = None
        self._last_pan = None
        self.viewport().unsetCursor()
        if was_pan:
            event.accept()
            return
        pos = event.position().toPoint()
        loc = self.map_scene.location_at(self.board_point(pos))
        # A click on a stacked unit's badge (an engineer beside an army) names that unit too; read it in
        # a location_clicked slot.
        self.clicked_badge = self.map_scene.badge_at(self.board_point(pos))
        if event.button() == Qt.MouseButton.RightButton:
            self.location_clicked.emit(loc, "right")
        elif event.button() == Qt.MouseButton.LeftButton:
            self.location_clicked.emit(loc, "left")
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        self._hover_loc = None
        self.location_hovered.emit(None, QPoint())
        super().leaveEvent(event)

    # --- keys -------------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.fit_to_window()
        elif key in ORDER_KEYS and mods == Qt.KeyboardModifier.NoModifier:
            self.order_key.emit(ORDER_KEYS[key])
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = 60
            dx = {Qt.Key.Key_Left: -step, Qt.Key.Key_Right: step}.get(Qt.Key(key), 0)
            dy = {Qt.Key.Key_Up: -step, Qt.Key.Key_Down: step}.get(Qt.Key(key), 0)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def visible_map_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    # --- wrapping maps ----------------------------------------------------------------------------

    def board_point(self, pos: QPoint | QPointF) -> QPointF:
        """The board point under viewport position ``pos``, brought onto the board on a wrapping map."""
        point = self.mapToScene(pos if isinstance(pos, QPoint) else pos.toPoint())
        board = self.map_scene.board_rect()
        x, y = point.x(), point.y()
        if self.wrap_x and board.width() > 0:
            x = board.left() + (x - board.left()) % board.width()
        if self.wrap_y and board.height() > 0:
            y = board.top() + (y - board.top()) % board.height()
        return QPointF(x, y)

    def view_centre(self) -> QPointF:
        """The scene point at the middle of the viewport."""
        return self.mapToScene(self.viewport().rect().center())

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 - Qt's name
        super().scrollContentsBy(dx, dy)
        self._rewrap()

    def _rewrap(self) -> None:
        """Once the view's centre leaves a wrapping board, scroll back by one board: the copies drawn
        beyond the edges make the jump invisible."""
        if self._rewrapping or not (self.wrap_x or self.wrap_y):
            return
        board = self.map_scene.board_rect()
        centre = self.view_centre()
        shift_x = shift_y = 0.0
        if self.wrap_x:
            shift_x = board.width() if centre.x() < board.left() else -board.width() if centre.x() >= board.right() else 0.0
        if self.wrap_y:
            shift_y = board.height() if centre.y() < board.top() else -board.height() if centre.y() >= board.bottom() else 0.0
        if not (shift_x or shift_y):
            return
        self._rewrapping = True
        try:
            zoom = self.zoom
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + round(shift_x * zoom))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + round(shift_y * zoom))
        finally:
            self._rewrapping = False

    def _copies(self, rect: QRectF) -> list[tuple[QRectF, QPointF]]:
        """The parts of ``rect`` (scene coordinates) beyond a wrapping edge, each with the shift that takes
        the board there."""
        board = self.map_scene.board_rect()
        out = []
        for i in (-1, 0, 1) if self.wrap_x else (0,):
            for j in (-1, 0, 1) if self.wrap_y else (0,):
                if i or j:
                    shift = QPointF(i * board.width(), j * board.height())
                    target = rect.intersected(board.translated(shift))
                    if not target.isEmpty():
                        out.append((target, shift))
        return out

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 - Qt's name
        """Beyond a wrapping edge, the board again: the part of it that continues there, as a second view
        of the scene draws it (through the items' own caches: rendering the scene afresh is far slower)."""
        super().drawForeground(painter, rect)
        if not (self.wrap_x or self.wrap_y):
            return
        for target, shift in self._copies(QRectF(rect)):
            painter.fillRect(target, self.backgroundBrush())
            picture = self._copy_view(shift).picture_of(target.translated(-shift), self.transform())
            if not picture.isNull():
                painter.drawPixmap(target, picture, QRectF(picture.rect()))

    def _copy_view(self, shift: QPointF) -> _CopyView:
        """One unseen view per direction, so each keeps the items' caches for its own edge warm."""
        key = (round(shift.x()), round(shift.y()))
        found = self._copies_by_shift.get(key)
        if found is None:
            found = self._copies_by_shift[key] = _CopyView(self.map_scene, self.backgroundBrush())
            self.destroyed.connect(found.deleteLater)  # it goes with this view
        return found

    def _scene_changed(self, regions: list[QRectF]) -> None:
        """Something changed on the board: where it shows again beyond an edge, repaint that too.

        An item's cached picture is refreshed once, by whichever view draws it first, so the items that
        changed there drop their caches (each view then draws them afresh); the board-wide layers never
        change and keep theirs."""
        if not self._copies_by_shift:
            return
        visible = self.visible_map_rect()
        board = self.map_scene.board_rect()
        big = board.width() * board.height() / 2  # the sea and the borders: drawn once, never changed
        for region in regions:
            shown = [region.translated(shift) for target, shift in self._copies(visible.adjusted(
                -board.width(), -board.height(), board.width(), board.height()))
                if region.translated(shift).intersects(visible)]
            if not shown:
                continue
            for item in self.map_scene.items(region):
                bounds = item.sceneBoundingRect()
                if bounds.width() * bounds.height() < big and item.cacheMode() != QGraphicsItem.CacheMode.NoCache:
                    mode = item.cacheMode()
                    item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
                    item.setCacheMode(mode)
            for moved in shown:
                self.viewport().update(self.mapFromScene(moved).boundingRect().adjusted(-2, -2, 2, 2))


class _CopyView(QGraphicsView):
    """An unseen view of the map's scene that draws any part of the board at the main view's scale, for the
    main view to show beyond a wrapping edge."""

    def __init__(self, scene: MapScene, background: QBrush) -> None:
        super().__init__(scene)
        self.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)  # closing the last real window still quits
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setBackgroundBrush(background)
        self.setInteractive(False)
        self.show()

    def picture_of(self, source: QRectF, transform: QTransform) -> QPixmap:
        """``source`` (scene coordinates) drawn with ``transform`` (a scale)."""
        width = max(1, round(source.width() * transform.m11()))
        height = max(1, round(source.height() * transform.m22()))
        if self.transform() != transform:
            self.setTransform(transform)
        if self.viewport().size() != QSize(width, height):
            self.resize(width, height)
        self.setSceneRect(source)
        return self.viewport().grab()
