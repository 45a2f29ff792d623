"""Headless export of a board: raster image, PNG, SVG and PDF files (no widgets, works offscreen)."""
from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QRectF,
    QSize,
    QSizeF,
)
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator

from .errors import DrawingError
from .geometry import BoardGeometry
from .context import EXPORT_MARK_SCALE
from .legend import LegendEntry
from .painter import ALL_LAYERS, Layer
from .picture import BoardPicture
from .pngfile import png_from_image
from .sheet import Caption, paint_sheet, sheet_layout

DEFAULT_WIDTH_PX = 2000
MAX_WIDTH_PX = 20000  # ~1.6 GB of pixels at most; a larger request is almost surely a typo
PDF_PAGE_WIDTH_MM = 297.0  # A4 landscape width; the height follows the map's proportions
PDF_RESOLUTION_DPI = 300

_application: QGuiApplication | None = None


def ensure_gui_application() -> QGuiApplication:
    """The running ``QGuiApplication``, creating one (offscreen when there is no display) if needed.

    Painting text and SVG needs one; the GUI creates its own, the ``render`` command gets this one.
    """
    global _application
    existing = QGuiApplication.instance()
    if existing is not None:
        if not isinstance(existing, QGuiApplication):
            raise DrawingError("a non-GUI QCoreApplication is running; drawing needs a QGuiApplication")
        return existing
    if (
        sys.platform.startswith("linux")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    _application = QGuiApplication(sys.argv[:1] or ["chancellery"])
    return _application


def image_size(geometry: BoardGeometry, width_px: int, caption: Caption | None = None,
               legend: Sequence[LegendEntry] | None = None) -> QSize:
    """Pixel size of a ``width_px`` wide render, keeping the page's proportions."""
    if isinstance(width_px, bool) or not isinstance(width_px, int) or not 1 <= width_px <= MAX_WIDTH_PX:
        raise DrawingError(f"image width must be a whole number of pixels from 1 to {MAX_WIDTH_PX}, got {width_px!r}")
    sheet = sheet_layout(geometry, caption, legend)
    return QSize(width_px, max(1, round(width_px * sheet.height / sheet.width)))


def render_to_image(
    picture: BoardPicture,
    geometry: BoardGeometry,
    width_px: int = DEFAULT_WIDTH_PX,
    *,
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
    mark_scale: float = EXPORT_MARK_SCALE,
) -> QImage:
    """The whole board as an ARGB image ``width_px`` wide, under ``caption`` and over ``legend`` if given."""
    ensure_gui_application()
    size = image_size(geometry, width_px, caption, legend)
    sheet = sheet_layout(geometry, caption, legend)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    try:
        painter.scale(size.width() / sheet.width, size.height() / sheet.height)
        paint_sheet(painter, geometry, picture, caption=caption, legend=legend, layers=tuple(layers),
                    mark_scale=mark_scale)
    finally:
        painter.end()
    return image


def png_bytes(
    picture: BoardPicture,
    geometry: BoardGeometry,
    width_px: int = DEFAULT_WIDTH_PX,
    *,
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
    mark_scale: float = EXPORT_MARK_SCALE,
) -> bytes:
    image = render_to_image(picture, geometry, width_px, layers=layers, caption=caption, legend=legend,
                            mark_scale=mark_scale)
    return png_from_image(image)  # Qt's own writer takes 3-6x longer (see pngfile)


def svg_bytes(
    picture: BoardPicture,
    geometry: BoardGeometry,
    *,
    title: str = "Diplomacy board",
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
    mark_scale: float = EXPORT_MARK_SCALE,
) -> bytes:
    """The board as SVG in map units (labels are paths, so no fonts are needed to view the map; the
    caption and key are text)."""
    ensure_gui_application()
    sheet = sheet_layout(geometry, caption, legend)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(round(sheet.width), round(sheet.height)))
    generator.setViewBox(QRectF(0, 0, sheet.width, sheet.height))
    generator.setTitle(title)
    generator.setDescription(f"Map {geometry.map_id}, drawn by Chancellery")
    painter = QPainter()
    if not painter.begin(generator):
        raise DrawingError("Qt could not start an SVG drawing")
    try:
        paint_sheet(painter, geometry, picture, caption=caption, legend=legend, layers=tuple(layers),
                    mark_scale=mark_scale)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def pdf_bytes(
    picture: BoardPicture,
    geometry: BoardGeometry,
    *,
    title: str = "Diplomacy board",
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
    mark_scale: float = EXPORT_MARK_SCALE,
) -> bytes:
    """The board as a one-page vector PDF, A4-landscape wide and as tall as the page's proportions need."""
    ensure_gui_application()
    sheet = sheet_layout(geometry, caption, legend)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("Chancellery")
    writer.setResolution(PDF_RESOLUTION_DPI)
    page_height = PDF_PAGE_WIDTH_MM * sheet.height / sheet.width
    writer.setPageSize(QPageSize(QSizeF(PDF_PAGE_WIDTH_MM, page_height), QPageSize.Unit.Millimeter, "Board"))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
    painter = QPainter()
    if not painter.begin(writer):
        raise DrawingError("Qt could not start a PDF drawing")
    try:
        painter.scale(writer.width() / sheet.width, writer.height() / sheet.height)
        paint_sheet(painter, geometry, picture, caption=caption, legend=legend, layers=tuple(layers),
                    mark_scale=mark_scale)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def _write(path: str | Path, data: bytes) -> Path:
    target = Path(path)
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise DrawingError(f"can't write {target}: {exc.strerror or exc}") from exc
    return target


def save_png(
    path: str | Path,
    picture: BoardPicture,
    geometry: BoardGeometry,
    width_px: int = DEFAULT_WIDTH_PX,
    *,
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
) -> Path:
    return _write(path, png_bytes(picture, geometry, width_px, layers=layers, caption=caption, legend=legend))


def save_svg(
    path: str | Path,
    picture: BoardPicture,
    geometry: BoardGeometry,
    *,
    title: str = "Diplomacy board",
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
) -> Path:
    return _write(path, svg_bytes(picture, geometry, title=title, layers=layers, caption=caption, legend=legend))


def save_pdf(
    path: str | Path,
    picture: BoardPicture,
    geometry: BoardGeometry,
    *,
    title: str = "Diplomacy board",
    layers: Iterable[Layer] = ALL_LAYERS,
    caption: Caption | None = None,
    legend: Sequence[LegendEntry] | None = None,
) -> Path:
    return _write(path, pdf_bytes(picture, geometry, title=title, layers=layers, caption=caption, legend=legend))
