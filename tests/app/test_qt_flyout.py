"""The order-kind flyout beside a selected unit never covers the lit targets (where the next click goes)
nor the unit itself, on the standard map and on Colonial, at the main window's size and at a projector's."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.kind_flyout import best_place

from gui_helpers import click, make_window

CLEARANCE = 10  # pixels around a lit target's unit anchor the flyout must leave free


def open_page(qtbot: QtBot, tmp_path: Path, variant: str, size: tuple[int, int]) -> GamePage:
    window = make_window(qtbot, tmp_path)
    window.resize(*size)
    window.start_new_game(NewGameSpec(variant, Mode.GM))
    assert window.page is not None
    QApplication.processEvents()
    window.page.view.fit_to_window()
    QApplication.processEvents()
    return window.page


def lit_points(page: GamePage) -> dict[str, QPoint]:
    entry = page.entry
    assert entry is not None
    return {loc: page.view.mapFromScene(page.scene.anchor(loc)) for loc in entry.highlights | entry.railway_highlights}


def covered_targets(page: GamePage) -> list[str]:
    box = page.flyout.geometry()
    return [loc for loc, p in lit_points(page).items()
            if box.intersects(QRect(p.x() - CLEARANCE, p.y() - CLEARANCE, 2 * CLEARANCE, 2 * CLEARANCE))]


@pytest.mark.parametrize(("variant", "size"), [("standard", (1400, 900)), ("colonial", (1400, 900)),
                                               ("standard", (800, 800))])
def test_flyout_leaves_every_lit_target_and_the_unit_clear(qtbot: QtBot, tmp_path: Path, variant: str,
                                                          size: tuple[int, int]) -> None:
    page = open_page(qtbot, tmp_path, variant, size)
    shown = 0
    for unit in sorted(page.game.state.units.values(), key=lambda u: u.loc):
        click(qtbot, page, unit.loc)
        entry = page.entry
        assert entry is not None and entry.selected is not None
        if page.flyout.isVisible():
            shown += 1
            assert not covered_targets(page), f"the flyout for {unit} covers {covered_targets(page)}"
            at = page.view.mapFromScene(page.scene.anchor(unit.loc))
            assert not page.flyout.geometry().contains(at), f"the flyout hides {unit} itself"
            assert page.view.viewport().rect().contains(page.flyout.geometry())
        entry.cancel()
    assert shown >= len(page.game.state.units) // 2


def test_budapest_flyout_leaves_galicia_clear(qtbot: QtBot, tmp_path: Path) -> None:
    page = open_page(qtbot, tmp_path, "standard", (1400, 900))
    click(qtbot, page, "BUD")
    assert page.entry is not None and "GAL" in page.entry.highlights and page.flyout.isVisible()
    assert "GAL" not in covered_targets(page)


def test_best_place_prefers_a_clean_spot_and_stays_inside() -> None:
    at = QPoint(200, 200)
    size = QSize(120, 30)
    bounds = QRect(0, 0, 400, 400)
    # Targets all around except up-left: the box goes up-left, clear of every target and of the unit.
    targets = [QRect(x - 15, y - 15, 30, 30) for x, y in ((260, 200), (200, 260), (140, 200), (260, 260),
                                                        (140, 260), (200, 140), (260, 140))]
    corner = best_place(size, at, bounds, targets, [])
    box = QRect(corner, size)
    assert bounds.contains(box) and not any(box.intersects(t) for t in targets) and not box.contains(at)
    # In a corner of the view the box still fits inside.
    corner = best_place(size, QPoint(395, 395), bounds, [], [])
    assert bounds.contains(QRect(corner, size))
