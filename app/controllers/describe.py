"""Words for the map: the hover card of a province and the title of a phase. Public facts only."""
from __future__ import annotations

from engine.mapdata import MapData
from engine.state import GameState
from engine.types import UnitType, coast_of, province_of

_UNIT_WORDS = {UnitType.ARMY: "army", UnitType.FLEET: "fleet"}


def unit_words(board: MapData, power: str, kind: UnitType, loc: str) -> str:
    info = board.powers.get(power)
    adjective = info.adjective if info is not None else power.title()
    word = _UNIT_WORDS.get(kind, f"unit {kind.value}")
    coast = coast_of(loc)
    if coast is not None:
        p = board.provinces[province_of(loc)]
        names = dict(zip(p.coasts, p.coast_names))
        return f"{adjective} {word} ({names.get(coast) or coast})"
    return f"{adjective} {word}"


def hover_lines(board: MapData, state: GameState, loc: str) -> list[str]:
    """The hover card: full name and code, terrain, supply/home centre, owner, unit, dislodged unit."""
    prov = province_of(loc)
    p = board.provinces.get(prov)
    if p is None:
        return [loc]
    lines = [f"{p.name} ({p.id})"]
    facts = [p.terrain.value if not p.is_coastal else "coast"]
    if p.is_supply_center:
        home = board.home_power(prov)
        facts.append("supply centre" + (f", home of {board.powers[home].name}" if home else ""))
    lines.append(" · ".join(facts))
    if p.is_supply_center:
        owner = state.centers.get(prov)
        lines.append(f"Owner: {board.powers[owner].name if owner in board.powers else owner}" if owner else "Owner: neutral")
    unit = state.units.get(prov)
    if unit is not None:
        lines.append(f"Unit: {unit_words(board, unit.power, unit.type, unit.loc)}")
    dislodged = state.dislodged.get(prov)
    if dislodged is not None:
        u = dislodged.unit
        where = ", ".join(dislodged.retreats) if dislodged.retreats else "nowhere"
        lines.append(f"Dislodged: {unit_words(board, u.power, u.type, u.loc)}; retreats: {where}")
    return lines


def window_title(variant_name: str, phase_long_name: str, power_name: str | None = None, dirty: bool = False) -> str:
    parts = ["Chancellery", variant_name, phase_long_name]
    if power_name:
        parts.append(power_name)
    return " — ".join(parts) + (" *" if dirty else "")
