"""Measures shared by the builder (which aims for them) and the checker (which enforces them), in map pixels.

The drawing layer sizes its symbols to fit these: a unit symbol fits in a circle of ``UNIT_RADIUS`` around its
anchor, a supply-centre marker in ``SC_RADIUS``, and a label in the box :func:`label_box` estimates.
"""
from __future__ import annotations

GEOMETRY_FORMAT = "chancellery-geometry"
GEOMETRY_FORMAT_VERSION = 1
COORD_DECIMALS = 1  # coordinates are rounded to 0.1 px

UNIT_RADIUS = 8.0
SC_RADIUS = 4.0
LABEL_CHAR_WIDTH = 6.5  # average advance of the label font (about 10 px high)
LABEL_HEIGHT = 11.0
LABEL_PADDING = 2.0

MIN_BORDER_PX = 4.0  # regions sharing less boundary than this don't count as neighbours
MIN_PROVINCE_AREA_PX2 = 120.0  # no slivers: each province is at least this big ...
MIN_PROVINCE_THICKNESS_PX = 5.0  # ... and somewhere at least this far from its own edge (a unit fits)
MIN_PART_AREA_PX2 = 1.0  # no crumbs: every polygon part of a region is at least this big
MAX_OVERLAP_PX2 = 0.5  # two regions may overlap by rounding noise, nothing more
MAX_COAST_ANCHOR_DISTANCE_PX = 28.0  # a coast's fleet anchor sits this close to that coast's own waters
MAX_GEOMETRY_BYTES = 400_000  # a board of up to 200 provinces ...
MAX_GEOMETRY_BYTES_PER_PROVINCE = 2_000  # ... a bigger one (the world) may take this much per province


def geometry_byte_budget(provinces: int) -> int:
    """How big ``geometry.json`` may be for a board of ``provinces`` provinces."""
    return max(MAX_GEOMETRY_BYTES, MAX_GEOMETRY_BYTES_PER_PROVINCE * provinces)


def label_text(code: str) -> str:
    """What a label shows: the province code (``LON``) or the coast code (``NC``)."""
    return code


def label_box(text: str, x: float, y: float) -> tuple[float, float, float, float]:
    """Estimated box ``(x0, y0, x1, y1)`` of a label of ``text`` centred on ``(x, y)``."""
    half_w = (len(text) * LABEL_CHAR_WIDTH + 2 * LABEL_PADDING) / 2
    half_h = LABEL_HEIGHT / 2
    return x - half_w, y - half_h, x + half_w, y + half_h
