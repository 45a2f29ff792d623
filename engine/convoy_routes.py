"""Convoy chains over the map graph: which fleets join a coast, and whether a chain links two provinces.

Shared by legality (``validate``) and adjudication (``resolver``), so it sits below both.
"""
from __future__ import annotations

from .mapdata import MapData
from .types import province_of


def fleets_linked(board: MapData, coast: str, fleets: set[str] | frozenset[str]) -> set[str]:
    """The fleets among ``fleets`` joined to the coastal province ``coast`` by a chain of fleets."""
    linked = {f for f in fleets if coast in board.fleet_adjacent_provinces(f)}
    stack = list(linked)
    while stack:
        for nxt in board.fleet_adjacent_provinces(stack.pop()):
            if nxt in fleets and nxt not in linked:
                linked.add(nxt)
                stack.append(nxt)
    return linked


def convoy_route_exists(board: MapData, start: str, dest: str, fleets: set[str] | frozenset[str]) -> bool:
    """Is there a chain of the given fleet provinces from ``start`` to ``dest`` (a province)?"""
    return any(dest in board.fleet_adjacent_provinces(f) for f in fleets_linked(board, province_of(start), fleets))


__all__ = ["convoy_route_exists", "fleets_linked"]
