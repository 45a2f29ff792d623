"""Areas spies are sent to and areas granted to another power are marked on the board (an eye on a dashed
violet outline; a teal hatched outline), in the window and in exports, with their key entries; a power's
marks are its own draft's and never reach another power's board."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.drawing import palette
from app.drawing.export import render_to_image
from app.drawing.picture import ArrowStyle, OrderArrow, OrderKind
from app.scene.pictures import Display, board_geometry, board_picture, power_colours, variant_legend
from app.widgets.main_window import MainWindow
from engine.game import Game

from gui_helpers import pass_curtain, window  # noqa: F401


def _inked(image: QImage, rect: QRectF, ink: str, scale: float) -> int:
    """Pixels of ``image`` within ``rect`` (map units, ``scale`` pixels each) close to ``ink``."""
    want = QColor(ink)
    found = 0
    for x in range(int(rect.left() * scale), int(rect.right() * scale), 2):
        for y in range(int(rect.top() * scale), int(rect.bottom() * scale), 2):
            if not (0 <= x < image.width() and 0 <= y < image.height()):
                continue
            c = image.pixelColor(x, y)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 60:
                found += 1
    return found


def test_an_export_marks_spied_and_granted_areas_in_their_own_inks_with_a_key(qapp: QApplication) -> None:
    game = Game.new("global_diplomacy")
    variant = game.variant
    geometry, _ = board_geometry(variant.map_id)
    colours = power_colours(variant.board)
    legend = variant_legend(variant, geometry)
    assert [e.text for e in legend if e.key.startswith("mark:")] == ["Spies sent there this turn",
                                                                    "Access granted to chosen areas"]
    arrows = [OrderArrow(OrderKind.AREA, "ENGLAND", "18", style=ArrowStyle.SPY),
              OrderArrow(OrderKind.AREA, "ENGLAND", "2", style=ArrowStyle.GRANT)]
    plain = board_picture(variant.board, game.state, colours, Display(), variant=variant)
    marked = board_picture(variant.board, game.state, colours, Display(), orders=arrows, variant=variant)
    width = 3000
    scale = width / geometry.width
    for area, ink in (("18", palette.SPY_MARK), ("2", palette.GRANT_MARK)):
        rect = geometry.shape(area).bounds
        before = _inked(render_to_image(plain, geometry, width), rect, ink, scale)
        after = _inked(render_to_image(marked, geometry, width), rect, ink, scale)
        assert after > before + 8, (area, before, after)
    shots = os.environ.get("EMG_SHOTS")
    if shots:
        render_to_image(marked, geometry, 2400, legend=legend).save(os.path.join(shots, "export_marks.png"))


def test_the_window_draws_the_drafted_spies_and_grants_of_the_power_at_its_orders_alone(
        qtbot: QtBot, window: MainWindow) -> None:
    game = window.start_new_game(NewGameSpec("global_diplomacy", Mode.HOTSEAT, ("ENGLAND", "FRANCE")))
    assert game is not None and window.page is not None
    page = window.page
    QApplication.processEvents()
    pass_curtain(qtbot, page, "England")
    for line in ("SP 18 20", "GA FRANCE 2"):
        page.order_panel.text_entered.emit(line)
        QApplication.processEvents()
    marks = {(a.from_loc, a.style) for a in page.scene.arrows if a.kind is OrderKind.AREA}
    assert marks == {("18", ArrowStyle.SPY), ("20", ArrowStyle.SPY), ("2", ArrowStyle.GRANT)}
    shots = os.environ.get("EMG_SHOTS")
    if shots:
        page.view.fitInView(QRectF(2300, 480, 360, 240))
        QApplication.processEvents()
        page.view.grab().save(os.path.join(shots, "window_marks.png"))
    page.order_panel.submit_button.click()
    page.order_panel.submit_confirmed.emit()
    QApplication.processEvents()
    pass_curtain(qtbot, page, "France")
    assert not [a for a in page.scene.arrows if a.kind is OrderKind.AREA]  # England's draft is England's


def test_labels_keep_clear_of_the_eyes_of_spied_areas(qapp: QApplication) -> None:
    from app.drawing.context import PaintContext, cache_for
    from app.drawing.painter import board_layout

    game = Game.new("global_diplomacy")
    variant = game.variant
    geometry, _ = board_geometry(variant.map_id)
    colours = power_colours(variant.board)
    spied = sorted(p for p in variant.board.provinces if p.isdigit())[:60]  # empty and occupied areas alike
    arrows = [OrderArrow(OrderKind.AREA, "ENGLAND", area, style=ArrowStyle.SPY) for area in spied]
    picture = board_picture(variant.board, game.state, colours, Display(), orders=arrows, variant=variant)
    layout = board_layout(PaintContext(geometry, picture, cache_for(geometry)))
    eyes = [o.box for o in layout.obstacles if o.kind == "eye"]
    assert len(eyes) == len(spied)
    covered = [(label.loc, label.text) for label in layout.labels if any(label.box.overlaps(e) for e in eyes)]
    assert covered == []
