"""Convoy chains over the map graph: which fleets join a coast, and whether a chain links two provinces.

Shared by legality (``validate``) and adjudication (``resolver``), so it sits below both.
"""
from __future__ import annotations

from .mapdata import MapData
from .types import province_of


def _touching(board: MapData) -> dict[str, frozenset[str]]:
    """Province -> the fleet places whose fleet neighbours include it (the fleet adjacency read backwards),
    made once per map: a fleet joins a coast when the coast is among its neighbours."""
    kept = _TOUCHING.get(board.id)
    if kept is not None and kept[0] is board:
        return kept[1]
    backwards: dict[str, set[str]] = {}
    for place, near in board._fleet_adj_prov.items():
        for prov in near:
            backwards.setdefault(prov, set()).add(place)
    table = {prov: frozenset(places) for prov, places in backwards.items()}
    _TOUCHING[board.id] = (board, table)
    return table


_TOUCHING: dict[str, tuple[MapData, dict[str, frozenset[str]]]] = {}  # map id -> (board, its table)
_NONE: frozenset[str] = frozenset()


def fleets_linked(board: MapData, coast: str, fleets: set[str] | frozenset[str]) -> set[str]:
    """The fleets among ``fleets`` joined to the coastal province ``coast`` by a chain of fleets."""
    linked = {f for f in _touching(board).get(coast, _NONE) if f in fleets}
    stack = list(linked)
    while stack:
        for nxt in board.fleet_adjacent_provinces(stack.pop()):
            if nxt in fleets and nxt not in linked:
                linked.add(nxt)
                stack.append(nxt)
    return linked


def convoy_route_exists(board: MapData, start: str, dest: str, fleets: set[str] | frozenset[str]) -> bool:
    """Is there a chain of the given fleet provinces from ``start`` to ``dest`` (a province)?"""
    linked = fleets_linked(board, province_of(start), fleets)
    return bool(linked) and not linked.isdisjoint(_touching(board).get(dest, _NONE))


__all__ = ["convoy_route_exists", "fleets_linked"]
