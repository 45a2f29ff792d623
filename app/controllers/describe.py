"""Words for the map: the hover card of a province, order-list lines and the title of a phase.
Public facts only."""
from __future__ import annotations

from collections.abc import Sequence

from engine.mapdata import MapData
from engine.orders import Order
from engine.phases import OrderResult
from engine.state import GameState
from engine.types import UnitType, coast_of, province_of
from engine.variants import Variant
from engine.variants.colonial import SuezPermission, is_railway_move
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.orders import Bid, CreateEngineer, Damage, Transport
from engine.variants.engineered_rules.stacks import NEUTRAL, decoy_provinces, stacked_units

_UNIT_WORDS = {UnitType.ARMY: "army", UnitType.FLEET: "fleet", UnitType.FIGHTER: "fighter field",
               UnitType.ENGINEER: "engineer", UnitType.PRISON: "prison", UnitType.DECOY: "decoy"}
MADMAN_NAME = "Madman"  # the neutral country of Hugh's Engineered Diplomacy


def power_name(board: MapData, power: str) -> str:
    if power == NEUTRAL:
        return MADMAN_NAME
    info = board.powers.get(power)
    return info.name if info is not None else power


def unit_words(board: MapData, power: str, kind: UnitType, loc: str) -> str:
    info = board.powers.get(power)
    adjective = info.adjective if info is not None else (MADMAN_NAME if power == NEUTRAL else power.title())
    word = _UNIT_WORDS.get(kind, f"unit {kind.value}")
    coast = coast_of(loc)
    if coast is not None:
        p = board.provinces[province_of(loc)]
        names = dict(zip(p.coasts, p.coast_names))
        return f"{adjective} {word} ({names.get(coast) or coast})"
    return f"{adjective} {word}"


def hover_lines(board: MapData, state: GameState, loc: str, variant: Variant | None = None) -> list[str]:
    """The hover card: full name and code, terrain, supply/home centre, owner, unit, dislodged unit.

    With an Engineered ``variant`` also the engineers and prisons there, and whether the unit is a decoy
    (``state`` must be cut to the viewer, who then knows only its own decoys)."""
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
        lines.append(f"Owner: {power_name(board, owner)}" if owner else "Owner: neutral")
    unit = state.units.get(prov)
    engineered = isinstance(variant, Engineered)
    if unit is not None:
        decoy = " — a decoy" if engineered and prov in decoy_provinces(state) else ""
        lines.append(f"Unit: {unit_words(board, unit.power, unit.type, unit.loc)}{decoy}")
    if engineered:
        for s in stacked_units(state):
            if s.province != prov:
                continue
            if s.kind is UnitType.PRISON and s.origin:
                whose = f" (holding {unit_words(board, s.origin, UnitType.ENGINEER, prov)})"
            elif s.kind is UnitType.DECOY and s.mimic is not None:
                whose = f" beside its twin (it looks like {_UNIT_WORDS.get(s.mimic, s.mimic.value)})"
            else:
                whose = ""
            lines.append(f"Also: {unit_words(board, s.power, s.kind, s.loc)}{whose}")
    dislodged = state.dislodged_at(prov)
    if dislodged is not None:
        u = dislodged.unit
        where = ", ".join(dislodged.retreats) if dislodged.retreats else "nowhere"
        lines.append(f"Dislodged: {unit_words(board, u.power, u.type, u.loc)}; retreats: {where}")
    lines.extend(special_place_lines(board, prov))
    return lines


def special_place_lines(board: MapData, prov: str) -> list[str]:
    """What a map's special places (its ``extra``: Colonial's railway and canal) mean at ``prov``."""
    lines = []
    route = [str(p) for p in board.extra.get("tsr_route") or ()]
    if prov in route:
        power = str(board.extra.get("tsr_power", "RUSSIA")).upper()
        adjective = board.powers[power].adjective if power in board.powers else power.title()
        lines.append(f"Trans-Siberian Railroad ({' – '.join(route)}): one {adjective} army a turn rides it")
    suez = board.extra.get("suez") or {}
    seas = [str(s) for s in suez.get("seas") or ()]
    if len(seas) == 2:
        if prov == suez.get("canal"):
            lines.append(f"Suez Canal: the unit here lets fleets pass between {seas[0]} and {seas[1]}")
        elif prov in seas:
            other = seas[1] if prov == seas[0] else seas[0]
            lines.append(f"Suez Canal to {other}: open only with leave of the unit in {suez.get('canal')}")
    return lines


def order_line(order: Order | SuezPermission) -> str:
    """An order as listed for its power: the canonical text, with a word on Colonial's special orders."""
    if isinstance(order, SuezPermission):
        return f"{order}   (Suez passage granted)"
    if is_railway_move(order):
        return f"{order}   (by railway)"
    if isinstance(order, Transport):
        return f"{order}   (fetches the engineer)"
    if isinstance(order, Damage):
        return f"{order}   (damage)"
    if isinstance(order, Bid):
        return f"{order}   (bid)"
    if isinstance(order, CreateEngineer):
        return f"{order}   (new engineer)"
    return str(order)


def rule_notes(results: Sequence[OrderResult], before: GameState | None = None) -> list[OrderResult]:
    """The rule effects a variant reports beside the orders (captures, releases, exposed decoys): the
    engine's own results that answer no order.

    Results read back from a save file or a LAN frame have lost their typed order, so there an
    engine-filled order (a unit's hold or disband) is told from a note by its text, given the position
    ``before`` the phase."""
    return [r for r in results if r.default and r.typed is None and not _filled_order(r, before)]


def _filled_order(result: OrderResult, before: GameState | None) -> bool:
    """Whether ``result`` reads as the order the engine gives a unit of its power that had none."""
    if before is None:
        return False
    text = result.order.strip()
    for suffix in (" H", " D"):
        if text.endswith(suffix):
            unit_text = text[: -len(suffix)]
            units = [*before.units.values(), *(d.unit for d in before.dislodged.values())]
            return any(u.power == result.power and str(u) == unit_text for u in units)
    return False


def note_line(board: MapData, note: OrderResult) -> str:
    return f"{power_name(board, note.power)}: {note.order} — {note.reason}"


def window_title(variant_name: str, phase_long_name: str, power_name: str | None = None, dirty: bool = False) -> str:
    parts = ["Chancellery", variant_name, phase_long_name]
    if power_name:
        parts.append(power_name)
    return " — ".join(parts) + (" *" if dirty else "")
