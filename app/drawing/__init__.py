"""The board drawing layer shared by the GUI and headless export.

Input is plain data: a :class:`BoardGeometry` (shapes from ``resources/maps/<id>/geometry.json``, loaded
once and cached as ``QPainterPath`` objects) and a :class:`BoardPicture` (owners, units, orders, display
options). :func:`paint_board` paints them with any ``QPainter`` in map units; the ``export`` functions
render PNG, SVG and PDF without a window. No widgets are used here.

``geometry.json`` (format ``chancellery-geometry`` version 1; map units, y grows downward)::

    {"format": "chancellery-geometry", "format_version": 1, "map": "standard",
     "width": W, "height": H, "wrap_x": false,
     "background": {"sea": MULTIPOLYGON | null, "land": MULTIPOLYGON | null},   # optional
     "impassable": {"SWI": MULTIPOLYGON, ...},
     "provinces": {"LON": {"region": MULTIPOLYGON, "unit": [x, y], "dislodged": [x, y],
                           "sc": [x, y] | null, "label": [x, y],
                           "terrain": "land" | "coast" | "sea",                      # optional
                           "coasts": {"NC": {"region": ..., "unit": ..., "dislodged": ..., "label": ...}}}},
     "decorations": [{"kind": "route" | "canal" | "crossing" | "sea-route", "id": "TSR",
                      "points": [[x, y], ...]}],                                        # optional
     "unit_size": S}                                                                     # optional

A MULTIPOLYGON is a list of polygons; a polygon a list of rings (exterior first, then holes); a ring a
flat list ``[x0, y0, x1, y1, ...]``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import DrawingError, GeometryError, PictureError

if TYPE_CHECKING:
    from .export import (
        ensure_gui_application,
        pdf_bytes,
        png_bytes,
        render_to_image,
        save_pdf,
        save_png,
        save_svg,
        svg_bytes,
    )

# The exporters (with Qt's SVG and PDF writers) load on first use: opening a game needs none of them.
_EXPORTS = frozenset({"ensure_gui_application", "pdf_bytes", "png_bytes", "render_to_image", "save_pdf",
                      "save_png", "save_svg", "svg_bytes"})


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        from . import export

        return getattr(export, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

from .geometry import (
    BoardGeometry,
    LocationShape,
    geometry_from_dict,
    load_geometry,
    load_map_geometry,
    location_at,
    normalise_location,
)
from .icons import UNIT_ICON_NAMES, UnitIcons, icon_name, unit_icons
from .painter import (
    ALL_LAYERS,
    BASE_LAYERS,
    OVERLAY_LAYERS,
    Layer,
    label_font,
    paint_board,
    validate_picture,
)
from .palette import distinct_colours, resolve_power_colours, territory_colour
from .picture import ArrowStyle, BoardPicture, OrderArrow, OrderKind, UnitMark
from .stacks import Placement, badge_backing, paint_decoy_mark, paint_unit_badge, unit_placements

__all__ = [
    "ALL_LAYERS",
    "BASE_LAYERS",
    "OVERLAY_LAYERS",
    "UNIT_ICON_NAMES",
    "ArrowStyle",
    "BoardGeometry",
    "BoardPicture",
    "DrawingError",
    "GeometryError",
    "Layer",
    "LocationShape",
    "OrderArrow",
    "OrderKind",
    "PictureError",
    "Placement",
    "UnitIcons",
    "UnitMark",
    "distinct_colours",
    "badge_backing",
    "ensure_gui_application",
    "geometry_from_dict",
    "icon_name",
    "load_geometry",
    "load_map_geometry",
    "location_at",
    "normalise_location",
    "label_font",
    "paint_board",
    "paint_decoy_mark",
    "paint_unit_badge",
    "pdf_bytes",
    "png_bytes",
    "render_to_image",
    "resolve_power_colours",
    "save_pdf",
    "save_png",
    "save_svg",
    "svg_bytes",
    "territory_colour",
    "unit_icons",
    "unit_placements",
    "validate_picture",
]
