"""Unit icons: our SVG art in ``resources/icons``, tinted per power and painted with ``QSvgRenderer``.

Each icon is drawn in three colour tokens (see ``resources/icons/README.md``): the plate ``#808080``
becomes the power's colour, the silhouette ``#ffffff`` becomes black or white (whichever reads on that
colour), and the ink ``#1a1a1a`` stays. A tinted renderer is built once per (icon, colour).
"""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgRenderer

from engine.types import declared_unit_specs

from .errors import DrawingError
from .palette import UNIT_INK, contrast_ink
from .paths import ICONS_DIR, MAPS_DIR, added_map_folders

PLATE_TOKEN = "#808080"
SILHOUETTE_TOKEN = "#ffffff"

# The icons of the unit types declared when the engine's vocabulary loads (a variant may declare more:
# :func:`unit_icon_names` lists every declared one).
UNIT_ICON_NAMES: tuple[str, ...] = tuple(spec.icon for spec in declared_unit_specs() if spec.icon)


def unit_icon_names() -> tuple[str, ...]:
    """The icon stems of every unit type declared so far (``UnitSpec.icon``)."""
    return tuple(spec.icon for spec in declared_unit_specs() if spec.icon)


_PLATE_RE = re.compile(re.escape(PLATE_TOKEN), re.IGNORECASE)
_SILHOUETTE_RE = re.compile(re.escape(SILHOUETTE_TOKEN), re.IGNORECASE)


def icon_name(unit_type: str) -> str | None:
    """A unit type's icon, named by its spec (``UnitSpec.icon``): ``"A"``/``"army"``/``"Army"`` -> ``"army"``;
    ``None`` for a type without an icon."""
    text = str(unit_type).strip()
    lowered = text.lower()
    for spec in declared_unit_specs():
        if spec.letter == text.upper() or spec.name == lowered or spec.icon == lowered:
            return spec.icon or None
    return None


def tinted_svg(svg: str, colour: str) -> str:
    """The icon text with the plate in ``colour`` and the silhouette in its contrasting ink."""
    ink = contrast_ink(colour)
    # Swap the silhouette first via a placeholder so a white power colour isn't recoloured twice.
    marked = _SILHOUETTE_RE.sub("@SILHOUETTE@", svg)
    return _PLATE_RE.sub(colour, marked).replace("@SILHOUETTE@", ink)


class UnitIcons:
    """Tinted unit renderers, cached per (icon, colour). One shared instance: :func:`unit_icons`."""

    def __init__(self, directory: Path = ICONS_DIR, maps_dir: Path = MAPS_DIR) -> None:
        self._directory = directory
        self._maps_dir = maps_dir
        self._sources: dict[str, str | None] = {}
        self._renderers: dict[tuple[str, str], QSvgRenderer | None] = {}
        self._letters: dict[str, QPainterPath] = {}

    def source(self, name: str) -> str | None:
        """The SVG text of an icon, or ``None`` if its file is missing or unreadable."""
        if name not in self._sources:
            self._sources[name] = None
            for path in self.candidates(name):
                try:
                    self._sources[name] = path.read_text(encoding="utf-8")
                    break
                except OSError:
                    continue
        return self._sources[name]

    def candidates(self, name: str) -> list[Path]:
        """Where an icon may be: the shared icons, then the ``icons/`` folder of a map bringing its own units
        (the built-in maps', then those of maps a variant brought from elsewhere)."""
        added = [folder / "icons" / f"{name}.svg" for _, folder in sorted(added_map_folders().items())
                 ] if self._maps_dir == MAPS_DIR else []
        return [self._directory / f"{name}.svg", *sorted(self._maps_dir.glob(f"*/icons/{name}.svg")), *added]

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


def check_icons(directory: Path = ICONS_DIR, maps_dir: Path = MAPS_DIR) -> None:
    """Raise :class:`DrawingError` naming any declared unit icon that is missing or doesn't parse (looked
    for in ``directory``, then in the maps' ``icons/`` folders)."""
    problems = []
    finder = UnitIcons(directory, maps_dir)
    for name in unit_icon_names():
        found = [p for p in finder.candidates(name) if p.is_file()]
        if not found:
            problems.append(f"{directory / (name + '.svg')} is missing")
            continue
        if not QSvgRenderer(str(found[0])).isValid():
            problems.append(f"{found[0]} is not valid SVG")
    if problems:
        raise DrawingError("; ".join(problems))
