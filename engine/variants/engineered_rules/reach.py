"""Where units can go and act: fighter fields' range of two areas (rules 7a, 7c) beside armies and fleets.

Areas are counted over any border, land or sea: a fighter flies. It is based on land only, may move one
area to any land area, and two areas only to a supply centre of its own power or of the neutral country.
It may support or damage in any area within two, sea or land: rule 7c limits its moves, not its reach,
and the rules' own example has F Sev support a move into Budapest, two areas away and not Russian.
"""
from __future__ import annotations

from functools import lru_cache

from ...mapdata import MapData
from ...state import Dislodged, GameState
from ...types import Unit, UnitType, province_of
from ...validate import unit_can_reach


@lru_cache(maxsize=None)
def rings(board: MapData, prov: str) -> tuple[frozenset[str], frozenset[str]]:
    """The areas one and exactly two borders away from ``prov``."""
    passable = {p for p, v in board.provinces.items() if v.is_passable}
    one = frozenset(board.any_adjacent(prov) & passable) - {prov}
    two: set[str] = set()
    for p in one:
        two |= board.any_adjacent(p)
    return one, frozenset(two & passable) - one - {prov}


def fighter_range(board: MapData, prov: str) -> frozenset[str]:
    one, two = rings(board, prov)
    return one | two


def is_neutral_center(board: MapData, state: GameState, prov: str) -> bool:
    """Rule D1a: the madman country owns every supply centre no player owns."""
    return board.provinces[prov].is_supply_center and state.centers.get(prov) not in board.powers


def fighter_move_problem(board: MapData, state: GameState, unit: Unit, dest_prov: str) -> str | None:
    """Why the fighter ``unit`` can't move to ``dest_prov``, or ``None`` when it can (rule 7c)."""
    here = province_of(unit.loc)
    p = board.provinces.get(dest_prov)
    if p is None:
        return f"unknown province {dest_prov}"
    if dest_prov == here:
        return f"{unit} can't move to its own province"
    if not p.is_land:
        return f"a fighter field is based on land: it can't move to {dest_prov} (rule 7c)"
    one, two = rings(board, here)
    if dest_prov in one:
        return None
    if dest_prov not in two:
        return f"{dest_prov} is more than two areas from {here} (rule 7a)"
    if not p.is_supply_center:
        return f"{dest_prov} is two areas away and not a supply centre (rule 7c)"
    owner = state.centers.get(dest_prov)
    if owner == unit.power or is_neutral_center(board, state, dest_prov):
        return None
    owner_name = board.powers[owner].name if owner in board.powers else str(owner)
    return f"{dest_prov} is two areas away and belongs to {owner_name}: only own or neutral centres (rule 7c)"


def can_move_to(board: MapData, state: GameState, unit: Unit, dest_prov: str) -> bool:
    """Could ``unit`` legally be ordered to ``dest_prov`` (armies and fleets: by land, sea or convoy)?"""
    if unit.type is UnitType.FIGHTER:
        return fighter_move_problem(board, state, unit, dest_prov) is None
    if unit.type in (UnitType.ARMY, UnitType.FLEET):
        return unit_can_reach(board, unit, dest_prov, state)
    return False


def can_act_in(board: MapData, unit: Unit, area: str) -> bool:
    """Could ``unit`` support (or, a fighter, damage) an action in ``area``?"""
    if unit.type is UnitType.FIGHTER:
        return area in fighter_range(board, province_of(unit.loc))
    return board.reaches_province(unit.type, unit.loc, area)


def fighter_retreats(board: MapData, state: GameState, d: Dislodged) -> tuple[str, ...]:
    """A dislodged fighter field retreats one area, to land (a retreat is no attack: rule 7c's
    range of two is for moves)."""
    one, _ = rings(board, d.unit.province)
    return tuple(sorted(
        p for p in one
        if board.provinces[p].is_land and p not in state.units and p not in state.contested
        and (p != d.attacker or d.via_convoy)
    ))
