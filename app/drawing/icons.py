"""Unit icons: our SVG art in ``resources/icons``, tinted per power and painted with ``QSvgRenderer``.

Each icon is drawn in three colour tokens (see ``resources/icons/README.md``): the plate ``#808080``
becomes the power's colour, the silhouette ``#ffffff`` becomes black or white (whichever reads on that
colour), and the ink ``#1a1a1a`` stays. A tinted renderer is built once per (icon, colour).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgRenderer

from .errors import DrawingError
from .palette import UNIT_INK, contrast_ink
from .paths import ICONS_DIR

PLATE_TOKEN = "#808080"
SILHOUETTE_TOKEN = "#ffffff"

# Unit codes (engine.types.UnitType values) -> icon file stem.
ICON_FOR_CODE: Mapping[str, str] = MappingProxyType(
    {
        "A": "army",
        "F": "fleet",
        "C": "corps",
        "S": "squadron",
        "M": "militia",
        "E": "engineer",
        "P": "prison",
        "W": "fighter",
        "D": "decoy",
    }
)
UNIT_ICON_NAMES: tuple[str, ...] = tuple(ICON_FOR_CODE.values())

_PLATE_RE = re.compile(re.escape(PLATE_TOKEN), re.IGNORECASE)
_SILHOUETTE_RE = re.compile(re.escape(SILHOUETTE_TOKEN), re.IGNORECASE)


def icon_name(unit_type: str) -> str | None:
    """``"A"``/``"army"``/``"Army"`` -> ``"army"``; ``None`` for a type without an icon."""
    text = str(unit_type).strip()
    if text.upper() in ICON_FOR_CODE:
        return ICON_FOR_CODE[text.upper()]
    lowered = text.lower()
    return lowered if lowered in UNIT_ICON_NAMES else None


def tinted_svg(svg: str, colour: str) -> str:
    """The icon text with the plate in ``colour`` and the silhouette in its contrasting ink."""
    ink = contrast_ink(colour)
    # Swap the silhouette first via a placeholder so a white power colour isn't recoloured twice.
    marked = _SILHOUETTE_RE.sub("@SILHOUETTE@", svg)
    return _PLATE_RE.sub(colour, marked).replace("@SILHOUETTE@", ink)


class UnitIcons:
    """Tinted unit renderers, cached per (icon, colour). One shared instance: :func:`unit_icons`."""

    def __init__(self, directory: Path = ICONS_DIR) -> None:
        self._directory = directory
        self._sources: dict[str, str | None] = {}
        self._renderers: dict[tuple[str, str], QSvgRenderer | None] = {}
        self._letters: dict[str, QPainterPath] = {}

    def source(self, name: str) -> str | None:
        """The SVG text of an icon, or ``None`` if its file is missing or unreadable."""
        if name not in self._sources:
            try:
                self._sources[name] = (self._directory / f"{name}.svg").read_text(encoding="utf-8")
            except OSError:
                self._sources[name] = None
        return self._sources[name]

    def renderer(self, name: str, colour: str) -> QSvgRenderer | None:
        key = (name, colour)
        if key not in self._renderers:
            text = self.source(name)
            renderer = None
            if text is not None:
                renderer = QSvgRenderer(QByteArray(tinted_svg(text, colour).encode("utf-8")))
                if not renderer.isValid():
                    renderer = None
            self._renderers[key] = renderer
        return self._renderers[key]

    def paint(self, painter: QPainter, unit_type: str, colour: str, centre: QPointF, size: float) -> None:
        """Draw one unit icon ``size`` map units wide centred on ``centre``.

        A type without an icon (or with a missing file) is drawn as a plate with its letter, so a
        variant's new unit still shows up.
        """
        name = icon_name(unit_type)
        renderer = self.renderer(name, colour) if name else None
        box = QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)
        if renderer is not None:
            renderer.render(painter, box)
            return
        self._paint_letter_plate(painter, str(unit_type), colour, box)

    def _paint_letter_plate(self, painter: QPainter, unit_type: str, colour: str, box: QRectF) -> None:
        radius = box.width() * 29 / 64
        painter.setPen(QPen(QColor(UNIT_INK), box.width() * 3 / 64))
        painter.setBrush(QBrush(QColor(colour)))
        painter.drawEllipse(box.center(), radius, radius)
        letter = (unit_type.strip()[:1] or "?").upper()
        glyph = self._letter_path(letter)
        scale = box.width() / 64
        painter.save()
        painter.translate(box.center())
        painter.scale(scale, scale)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(contrast_ink(colour))))
        painter.drawPath(glyph)
        painter.restore()

    def _letter_path(self, letter: str) -> QPainterPath:
        """A letter as a path centred on the origin, 34 units tall (icon units of a 64-unit box)."""
        if letter not in self._letters:
            font = QFont("DejaVu Sans")
            font.setStyleHint(QFont.StyleHint.SansSerif)
            font.setBold(True)
            font.setPixelSize(40)
            path = QPainterPath()
            path.addText(0, 0, font, letter)
            bounds = path.boundingRect()
            if bounds.height() > 0:
                path.translate(-bounds.center())
            self._letters[letter] = path
        return self._letters[letter]


_shared: UnitIcons | None = None


def unit_icons() -> UnitIcons:
    """The process-wide icon cache (create it after the QGuiApplication)."""
    global _shared
    if _shared is None:
        _shared = UnitIcons()
    return _shared


def check_icons(directory: Path = ICONS_DIR) -> None:
    """Raise :class:`DrawingError` naming any unit icon that is missing or doesn't parse."""
    problems = []
    for name in UNIT_ICON_NAMES:
        path = directory / f"{name}.svg"
        if not path.is_file():
            problems.append(f"{path} is missing")
            continue
        if not QSvgRenderer(str(path)).isValid():
            problems.append(f"{path} is not valid SVG")
    if problems:
        raise DrawingError("; ".join(problems))
