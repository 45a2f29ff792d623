"""A generated board with many powers, for benchmarks that need more seats than any shipped map has.

``register(n)`` adds variant ``synthetic<n>``: ``n`` powers around a ring of land, each with two home centres
and two armies, a neutral centre between neighbours, and a sea in the middle that touches every coast.
Benchmarks only: nothing in ``engine/`` or ``app/`` knows about it.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any

from engine.mapdata import MapData
from engine.variants import VARIANTS, Variant


def generate(n: int) -> dict[str, Any]:
    provinces: list[dict[str, Any]] = [{"id": "MID", "name": "Middle Sea", "terrain": "sea"}]
    ring: list[str] = []
    powers = []
    for i in range(n):
        a, b, c = f"P{i:02d}A", f"P{i:02d}B", f"N{i:02d}"
        ring += [a, b, c]
        provinces += [
            {"id": a, "name": f"Power {i} west", "terrain": "coast", "supply_center": True},
            {"id": b, "name": f"Power {i} east", "terrain": "land", "supply_center": True},
            {"id": c, "name": f"Neutral {i}", "terrain": "coast", "supply_center": True},
        ]
        powers.append({"id": f"POWER{i:02d}", "name": f"Power {i}", "adjective": f"Power {i}",
                       "home_centers": [a, b], "units": [f"A {a}", f"A {b}"], "color": "#808080"})
    army_edges = [[ring[k], ring[(k + 1) % len(ring)]] for k in range(len(ring))]
    coasts = [p["id"] for p in provinces if p["terrain"] == "coast"]
    fleet_edges = [["MID", c] for c in coasts]
    return {"format": "chancellery-map", "format_version": 1, "id": f"synthetic{n}", "name": f"Synthetic {n}",
            "start_phase": "S1901M", "victory_centers": 2 * n, "provinces": provinces, "powers": powers,
            "neutral_centers": [f"N{i:02d}" for i in range(n)], "army_edges": army_edges,
            "fleet_edges": fleet_edges}


def register(n: int) -> str:
    """Register variant ``synthetic<n>`` and return its id."""
    vid = f"synthetic{n}"
    if vid not in VARIANTS:
        data = generate(n)

        class Synthetic(Variant):
            id = vid
            name = f"Synthetic ({n} powers)"
            map_id = vid
            aliases = ()

            @cached_property
            def board(self) -> MapData:
                return MapData.from_dict(data)

        VARIANTS[vid] = Synthetic
    return vid
