"""Colours of the board: terrain, ink, power colours, the colour-blind palette and generated palettes.

Pure Python on ``#rrggbb`` strings, so the rules for choosing colours are testable without Qt.
Distances are measured in OKLab, where equal distances look about equally different.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache

from .errors import PictureError

SEA = "#8aaecd"
SEA_BORDER = "#6f93b4"
NEUTRAL_LAND = "#efe4c6"  # parchment
OUTER_LAND = "#d9cfb6"  # land that belongs to no province (background decoration)
IMPASSABLE = "#b5ae9f"
IMPASSABLE_HATCH = "#8a8274"
BORDER_INK = "#5b5043"
COASTLINE_INK = "#3d352c"
LABEL_INK = "#2a251f"
SEA_LABEL_INK = "#1f3d5c"
LABEL_HALO = "#fffaf0"
UNIT_INK = "#1a1a1a"
FAILURE_MARK = "#d0021b"
RETREAT_OUTLINE = "#c0182b"
HIGHLIGHT = "#ffd21f"
UNEXPLORED = "#41474d"  # an area the viewer has never seen (Age of Discovery): drawn blank
SHADED = "#dbe8f4"  # a province a variant closes this phase (frozen polar regions), washed over its tint
SELECTED = "#ff7a00"
RAILWAY_INK = "#2b2b2b"
RAILWAY_ORDER = "#f5820d"  # railway (TSR) moves: orange track, whoever rides it
SPY_MARK = "#5b2a86"  # EMG: areas spies are sent to, outlined in violet with an eye, whoever sends them
GRANT_MARK = "#00796b"  # EMG: areas opened to another power, a teal hatched outline
RED_ARROW_ORDER = "#d7191c"  # 1815: orders across a red arrow are drawn red, whoever gives them
CANAL_WATER = "#5f95c4"
CROSSING_INK = "#d7191c"  # red arrows: straits the rules let units cross
SEA_ROUTE_INK = "#1f3d5c"  # a sea route that leaves the board (dashed)

# Okabe & Ito (2008) "Color Universal Design" set, minus black (reserved for ink); reads under the
# three common colour-vision deficiencies.
OKABE_ITO: tuple[str, ...] = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")

# How strongly a power's colour shows on the land it controls; units and arrows use the full colour.
TERRITORY_TINT_STRENGTH = 0.55

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def parse_hex(colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` -> ``(r, g, b)``; raises :class:`PictureError` naming a malformed colour."""
    if not isinstance(colour, str) or not _HEX.match(colour):
        raise PictureError(f"bad colour {colour!r}: expected '#rrggbb'")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def to_hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{min(255, max(0, round(c))):02x}" for c in rgb)


def mix(colour: str, other: str, amount: float) -> str:
    """Blend ``amount`` (0..1) of ``colour`` into ``other`` in sRGB."""
    a, b = parse_hex(colour), parse_hex(other)
    return to_hex([ca * amount + cb * (1.0 - amount) for ca, cb in zip(a, b)])


FOG = "#4a4f57"  # an area the viewer can't see under fog of war is shaded towards this
FOG_STRENGTH = 0.55  # how much of the area's own fill stays visible through the fog


def fogged(fill: str) -> str:
    """The fill of an area hidden by fog of war: its own fill, darkened."""
    return mix(fill, FOG, FOG_STRENGTH)


def territory_colour(power_colour: str) -> str:
    """The fill of land controlled by a power: its colour softened towards the parchment."""
    return mix(power_colour, NEUTRAL_LAND, TERRITORY_TINT_STRENGTH)


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance, 0 (black) .. 1 (white)."""
    return 0.2126 * _linear(colour, 0) + 0.7152 * _linear(colour, 1) + 0.0722 * _linear(colour, 2)


def contrast_ink(colour: str) -> str:
    """Black or white, whichever reads better drawn on ``colour`` (unit silhouettes, initials)."""
    lum = relative_luminance(colour)
    # Contrast ratio against white vs against near-black ink; pick the larger.
    return "#ffffff" if (1.05 / (lum + 0.05)) >= ((lum + 0.05) / 0.06) else UNIT_INK


def _linear(colour: str, channel: int) -> float:
    c = parse_hex(colour)[channel] / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


# --- OKLab ------------------------------------------------------------------------------------------


def _srgb_to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _linear_to_srgb(c: float) -> float:
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def to_oklab(colour: str) -> tuple[float, float, float]:
    r, g, b = (_srgb_to_linear(c / 255.0) for c in parse_hex(colour))
    lc = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    mc = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    sc = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    return (
        0.2104542553 * lc + 0.7936177850 * mc - 0.0040720468 * sc,
        1.9779984951 * lc - 2.4285922050 * mc + 0.4505937099 * sc,
        0.0259040371 * lc + 0.7827717662 * mc - 0.8086757660 * sc,
    )


def _oklab_to_rgb(lightness: float, a: float, b: float) -> tuple[float, float, float] | None:
    """Linear-light OKLab -> sRGB 0..255, or ``None`` outside the sRGB gamut."""
    lc = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
    mc = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
    sc = (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
    rgb = (
        4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc,
        -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc,
        -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc,
    )
    if any(c < -1e-6 or c > 1 + 1e-6 for c in rgb):
        return None
    return tuple(255.0 * _linear_to_srgb(min(1.0, max(0.0, c))) for c in rgb)  # type: ignore[return-value]


def colour_distance(first: str, second: str) -> float:
    """Perceptual distance (Euclidean in OKLab); about 0.02 is a just-noticeable difference."""
    return math.dist(to_oklab(first), to_oklab(second))


@cache
def _candidate_colours() -> tuple[tuple[str, tuple[float, float, float]], ...]:
    """Saturated in-gamut colours with mid lightness: they stay readable as unit plates and as tints.

    Greys and the sea's own blue-grey are left out so a power never looks like neutral land or water.
    """
    sea = to_oklab(SEA)
    found: list[tuple[str, tuple[float, float, float]]] = []
    for lightness in (0.42, 0.50, 0.58, 0.66, 0.74, 0.82):
        for chroma in (0.09, 0.13, 0.17):
            for step in range(48):
                hue = 2 * math.pi * step / 48
                a, b = chroma * math.cos(hue), chroma * math.sin(hue)
                rgb = _oklab_to_rgb(lightness, a, b)
                if rgb is None:
                    continue
                hexed = to_hex(rgb)
                lab = to_oklab(hexed)
                if math.dist(lab, sea) < 0.08:
                    continue
                found.append((hexed, lab))
    return tuple(found)


def distinct_colours(count: int, avoid: Iterable[str] = ()) -> list[str]:
    """``count`` power colours, each as far as possible (in OKLab) from the others and from ``avoid``.

    Greedy farthest-point choice over a fixed candidate set, so the result is deterministic and the
    first ``n`` colours of a longer list are the same as a list of ``n``. Works for 35+ powers.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise PictureError(f"can't make {count!r} colours")
    avoided = tuple(c.lower() for c in avoid)
    for colour in avoided:
        parse_hex(colour)
    return list(_distinct_colours(count, avoided))


@lru_cache(maxsize=256)
def _distinct_colours(count: int, avoid: tuple[str, ...]) -> tuple[str, ...]:
    if count == 0:
        return ()  # a map that names every power's colour: no candidates to work out at launch
    candidates = _candidate_colours()
    taken = [to_oklab(c) for c in avoid]
    nearest = [min((math.dist(lab, t) for t in taken), default=math.inf) for _, lab in candidates]
    chosen: list[str] = []
    used: set[int] = set()
    for _ in range(min(count, len(candidates))):
        if not taken:
            # Start from a strong red so small palettes begin with a familiar colour.
            index = min(range(len(candidates)), key=lambda i: colour_distance(candidates[i][0], "#c8102e"))
        else:
            index = max((i for i in range(len(candidates)) if i not in used), key=lambda i: nearest[i])
        used.add(index)
        hexed, lab = candidates[index]
        chosen.append(hexed)
        taken.append(lab)
        nearest = [min(d, math.dist(candidates[i][1], lab)) for i, d in enumerate(nearest)]
    return tuple(chosen)


def resolve_power_colours(
    powers: Iterable[str], given: Mapping[str, str], *, colour_blind: bool = False
) -> dict[str, str]:
    """The colour to draw each power in.

    ``powers`` lists every power on the board, in the map's order. Normally a power keeps its colour from
    ``given`` (the map's colours); powers without one get generated colours far from the others. With
    ``colour_blind`` the powers take the Okabe-Ito colours in order, then generated colours for the rest.
    """
    return dict(_resolve(tuple(powers), tuple(given.items()), colour_blind))


@lru_cache(maxsize=256)
def _resolve(
    powers: tuple[str, ...], given_items: tuple[tuple[str, str], ...], colour_blind: bool
) -> tuple[tuple[str, str], ...]:
    given = dict(given_items)
    ordered = list(dict.fromkeys([*given.keys(), *powers]))
    for colour in given.values():
        parse_hex(colour)  # a malformed colour is an error even if colour-blind mode replaces it
    if colour_blind:
        base = list(OKABE_ITO)
        extra = distinct_colours(max(0, len(ordered) - len(base)), avoid=base)
        return tuple(zip(ordered, base + extra))
    missing = [p for p in ordered if p not in given]
    generated = distinct_colours(len(missing), avoid=given.values())
    result = {p: given[p].lower() for p in ordered if p in given}
    result.update(zip(missing, generated))
    return tuple((p, result[p]) for p in ordered)
