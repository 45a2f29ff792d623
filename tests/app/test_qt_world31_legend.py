"""The World board's key explains the pale wash over frozen places (Arctic in Winter, Antarctic in Summer):
before, only a hover said what it meant. Boards that shade nothing keep their key as it was."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from app.drawing import palette
from app.drawing.legend import paint_legend_symbol
from app.scene.pictures import board_geometry, variant_legend
from engine.variants import find_variant


def keys(variant_id: str) -> dict[str, str]:
    variant = find_variant(variant_id)
    return {e.key: e.text for e in variant_legend(variant, board_geometry(variant.map_id)[0])}


def test_the_world_key_names_the_frozen_wash_and_others_have_none(qapp: Any) -> None:
    world = keys("world31")
    assert "Frozen" in world["shaded"] and "Winter" in world["shaded"] and "Summer" in world["shaded"]
    for other in ("standard", "colonial", "engineered"):
        assert "shaded" not in keys(other)


def test_the_keys_swatch_is_the_boards_wash(qapp: Any) -> None:
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_legend_symbol(painter, "shaded", QPointF(40, 40), 40)
    painter.end()
    sea = QColor(image.pixel(28, 40))  # the left half: sea under the wash
    assert sea != QColor("#ffffff") and sea != QColor(palette.SEA)
    assert sea.blue() > sea.red(), "a pale blue wash over the sea"
