"""Words for the map: the hover card of a province, order-list lines and the title of a phase.
Public facts only."""
from __future__ import annotations

from collections.abc import Sequence

from engine.mapdata import MapData
from engine.orders import Order
from engine.phases import OrderResult
from engine.state import GameState
from engine.types import UnitType, coast_of, province_of, unit_spec
from engine.variants import Variant
from engine.variants.base import pseudo_power_name


def power_name(board: MapData, power: str) -> str:
    """A power's name; a variant's pseudo-power by the name its variant gives it (Engineered's "Madman")."""
    info = board.powers.get(power)
    return info.name if info is not None else (pseudo_power_name(power) or power)


def kind_word(kind: str) -> str:
    """A unit kind as its spec names it ("army", "fighter field")."""
    try:
        return unit_spec(kind).name
    except KeyError:
        return f"unit {kind}"


def unit_words(board: MapData, power: str, kind: UnitType, loc: str) -> str:
    info = board.powers.get(power)
    adjective = info.adjective if info is not None else (pseudo_power_name(power) or power.title())
    word = kind_word(kind)
    coast = coast_of(loc)
    if coast is not None:
        p = board.provinces[province_of(loc)]
        names = dict(zip(p.coasts, p.coast_names))
        return f"{adjective} {word} ({names.get(coast) or coast})"
    return f"{adjective} {word}"


def hover_lines(board: MapData, state: GameState, loc: str, variant: Variant | None = None) -> list[str]:
    """The hover card: full name and code, terrain, supply/home centre, owner, unit, dislodged unit.

    Also the units stacked there (Engineered's engineers and prisons), and what a disguised unit really is
    (``state`` must be cut to the viewer, who then knows only its own decoys), and why ``variant`` shades
    the place this phase (World's frozen polar regions)."""
    prov = province_of(loc)
    p = board.provinces.get(prov)
    if p is None:
        return [loc]
    lines = [f"{p.name} ({p.id})"]
    facts = [p.terrain.value if not p.is_coastal else "coast"]
    if p.city:  # a map's named city (World: taxes and conquest count cities)
        facts.append(f"city: {p.city}")
    if p.is_supply_center:
        home = board.home_power(prov)
        facts.append("supply centre" + (f", home of {board.powers[home].name}" if home else ""))
    lines.append(" · ".join(facts))
    if p.is_supply_center:
        owner = state.centers.get(prov)
        lines.append(f"Owner: {power_name(board, owner)}" if owner else "Owner: neutral")
    unit = state.units.get(prov)
    if unit is not None:
        real = state.disguised.get(unit)
        disguise = f" — a {kind_word(real)}" if real is not None and real != unit.type else ""
        lines.append(f"Unit: {unit_words(board, unit.power, unit.type, unit.loc)}{disguise}")
    for s in state.stacked_in(prov):
        if s.origin:  # a prison: whose engineer it holds
            whose = f" (holding {unit_words(board, s.origin, UnitType.ENGINEER, prov)})"
        elif s.mimic is not None:
            whose = f" beside its twin (it looks like {kind_word(s.mimic)})"
        else:
            whose = ""
        lines.append(f"Also: {unit_words(board, s.power, s.kind, s.loc)}{whose}")
    dislodged = state.dislodged_at(prov)
    if dislodged is not None:
        u = dislodged.unit
        where = ", ".join(dislodged.retreats) if dislodged.retreats else "nowhere"
        lines.append(f"Dislodged: {unit_words(board, u.power, u.type, u.loc)}; retreats: {where}")
    lines.extend(special_place_lines(board, prov))
    why = variant.shaded_places(state).get(prov) if variant is not None else None
    if why:
        lines.append(why[:1].upper() + why[1:])
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


def order_line(order: Order, variant: Variant | None = None) -> str:
    """An order as listed for its power: the canonical text, with the note its variant gives its kind
    ("bid", "by railway": ``Variant.order_note``)."""
    note = variant.order_note(order) if variant is not None else type(order).note
    return f"{order}   ({note})" if note else str(order)


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


# A note that many powers get under one heading in a phase (World Diplomacy's finance sheet, one per country)
# is counted in the results banner rather than spelled out power by power.
_NOTES_COUNTED_FROM = 3


def notes_banner(board: MapData, notes: Sequence[OrderResult], shown: int = 4) -> str:
    """The results banner's "Also: ..." sentence for a phase's rule notes (``rule_notes``), or "" for none:
    at most ``shown`` items, the rest pointed to the History tab; notes under one heading from several powers
    are one item that counts them ("FINANCES for 31 powers")."""
    by_heading: dict[str, list[OrderResult]] = {}
    for note in notes:
        by_heading.setdefault(note.order, []).append(note)
    items: list[str] = []
    for heading, group in by_heading.items():
        if len(group) >= _NOTES_COUNTED_FROM and len({n.power for n in group}) == len(group):
            items.append(f"{heading} for {len(group)} powers")
        else:
            items.extend(note_line(board, n) for n in group)
    if not items:
        return ""
    more = f" (+{len(items) - shown} more in the History tab)" if len(items) > shown else ""
    return "Also: " + "; ".join(items[:shown]) + more + "."


def window_title(variant_name: str, phase_long_name: str, power_name: str | None = None, dirty: bool = False) -> str:
    parts = ["Chancellery", variant_name, phase_long_name]
    if power_name:
        parts.append(power_name)
    return " — ".join(parts) + (" *" if dirty else "")
