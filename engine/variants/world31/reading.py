"""World Diplomacy's own order lines read fast, for one movement phase (``WorldDiplomacy.own_reader``): upkeep
lines (``MAINTAIN A NA5``), militia orders (``M NA24 H``, ``M NA24 - NA25``, ``M NA25 S A NA18``,
``M NA25 S A NA18 - NA16``) and purchases (``A NA28 B``), in canonical notation, checked as
``WorldDiplomacy.validate`` checks them. The checks of a line's text alone (its words, the places' neighbours,
that it is canonical) are made once per map, in tables of the canonical lines (``upkeep_lines``,
``militia_lines``) whose records also keep the entries read (orders are immutable); the position's are made
per phase.

A line is taken only when every check passes and it is the canonical text of the order it gives; anything
else (other notations, the seed's ``{EP}`` numbers, a failing check) is left to the order reader, whose
general path reads it and words the error. ``tests/variants/test_world31_reading.py`` checks the answers
against the general path on random games and every canonical line of the board.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...mapdata import MapData
from ...orders import Build, Order
from ...state import GameState, StackedUnit
from ...types import Unit, UnitType
from .orders import MILITIA, Maintain, MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove

if TYPE_CHECKING:
    from .variant import WorldDiplomacy

Entry = tuple[Order, str, "str | None"]  # as engine.order_reader: the order, its canonical text, its slot
_ARMY, _FLEET = UnitType.ARMY, UnitType.FLEET
_OCCUPANT_KINDS = {"A": _ARMY, "F": _FLEET}


class OwnLines:
    """Reads one movement phase's upkeep, militia and purchase lines in canonical notation (a callable:
    ``(power, text) -> (order, canonical text, slot)`` or ``None``)."""

    __slots__ = ("variant", "state", "board", "units", "economy", "permit", "_homes", "_upkeep",
                 "_sites", "_purchases", "_militia_by_prov", "_militia_lines")

    def __init__(self, variant: WorldDiplomacy, state: GameState) -> None:
        self.variant = variant
        self.state = state
        self.board = variant.board
        self.units = state.units
        self.economy = variant.is_economy_phase(state.phase)  # upkeep and purchases are ordered now
        self.permit = variant.move_permission(state)
        tables = variant.tables
        self._upkeep = upkeep_lines(tables.upkeep_entries())  # canonical upkeep line -> what it names, its entries
        self._sites: dict[str, frozenset[str]] = {}  # a country -> its build sites in this position
        self._homes: dict[str, str] | None = None  # home centre -> its country, from the ledger (``Ledger.home_of``)
        self._purchases: dict[str, tuple[UnitType, str]] | None = None  # the map's purchase lines (``build_lines``)
        self._militia_by_prov: dict[str, StackedUnit] | None = None  # province -> its militia, made on first need
        self._militia_lines = militia_lines(self.board, tables.land)

    def __call__(self, power: str, text: str) -> Entry | None:
        return self.read(power, text)

    def read(self, power: str, text: str) -> Entry | None:
        """The line's entry, or ``None`` when the order reader's general path is to read it."""
        if text.endswith(" B"):  # (a militia's purchase too: "M NA28 B")
            return self._purchase(power, text) if self.economy else None
        if text.startswith("M "):
            return self._militia(power, text)
        if text.startswith("MAINTAIN "):
            return self._maintain(power, text) if self.economy else None
        return None

    def _militia_at(self, prov: str) -> StackedUnit | None:
        """``WorldDiplomacy._militia_at``: the first militia listed in the province."""
        found = self._militia_by_prov
        if found is None:
            found = self._militia_by_prov = {}
            for s in self.state.stacked:
                if s.kind is MILITIA:
                    found.setdefault(s.loc.partition("/")[0], s)  # (``s.province``, without the property's calls)
        return found.get(prov)

    # --- upkeep ---------------------------------------------------------------------------------------

    def _maintain(self, power: str, text: str) -> Entry | None:
        """``_validate_finance``'s upkeep line: the unit named, the country's own."""
        line = self._upkeep.get(text)
        if line is None:
            return None
        kind, loc, prov = line.kind, line.loc, line.prov
        unit: Unit | None
        if kind is MILITIA:
            militia = self._militia_at(prov)
            unit = None if militia is None else militia.unit
        else:
            unit = self.units.get(prov)
            if unit is not None and unit.type is not kind:
                return None
        if unit is None or unit.power != power or unit.loc != loc:
            return None
        # (the unit is the country's of the kind at the place ``text`` names: the country finds the line's entry)
        made = line.made.get(power)
        if made is None:
            made = line.made[power] = (Maintain(unit), text, line.slot)
        return made

    # --- purchases ------------------------------------------------------------------------------------

    def _purchase(self, power: str, text: str) -> Entry | None:
        """``_validate_build``: a home centre of the country, free and not frozen, where the kind may stand."""
        lines = self._purchases
        if lines is None:
            lines = self._purchases = self.variant.tables.build_lines()
        read = lines.get(text)
        if read is None:
            return None
        kind, loc = read
        prov = loc.partition("/")[0]
        homes = self._homes
        if homes is None:
            homes = {}
            for country, centres in self.variant.ledger(self.state).homes.items():
                for centre in centres:
                    homes.setdefault(centre, country)
            self._homes = homes
        if homes.get(prov) != power:
            return None
        sites = self._sites.get(power)
        if sites is None:
            sites = self._sites[power] = self.variant.build_sites(self.state, power)
        if prov not in sites:
            return None
        if kind is _FLEET and self.board.provinces[prov].coasts and "/" not in loc:
            return None
        if not self.variant.can_stand(kind, loc):
            return None
        order = Build(Unit(power, kind, loc))
        return order, text, f"build:{prov}"

    # --- militia --------------------------------------------------------------------------------------

    def _militia(self, power: str, text: str) -> Entry | None:
        """``_validate_militia``: the militia's hold, move (over land, never by convoy) or support, checked
        as the standard checks check the militia standing alone in its province. The checks of the text alone
        (its words, the places' neighbours, that it is the order's canonical text) are the map's table's
        (``militia_lines``); the position's are made here."""
        line = self._militia_lines.get(text)
        if line is None:
            return None
        here = line.here
        militia = self._militia_at(here)
        if militia is None or militia.power != power or militia.loc != here:
            return None
        permit = self.permit
        action = line.action
        # The entry made for the same units before (orders are immutable: one serves every phase), found by the
        # militia's country and the supported unit's (the militia is the country's in the province the text names)
        made = line.made
        if action == _HOLD or action == _MOVE:
            if permit is not None and action == _MOVE and permit(militia.unit, line.dest) is not None:
                return None
            entry = made.get(power)
            if entry is None:
                unit = militia.unit
                entry = line.keep(power, (MilitiaHold(unit) if action == _HOLD else MilitiaMove(unit, line.dest),
                                          text, line.slot))
            return entry
        target = self.units.get(line.target)
        if target is None or target.type is not line.named:
            return None
        if action == _SUPPORT_HOLD:
            if permit is not None and line.target != here and permit(militia.unit, line.target) is not None:
                return None
        else:
            if target.loc not in line.reach_from:
                return None
            if permit is not None and (permit(militia.unit, line.dest) is not None
                                       or permit(target, line.dest) is not None):
                return None
        key = f"{power} {target.power} {target.loc}"
        entry = made.get(key)
        if entry is None:
            unit = militia.unit
            order = MilitiaSupportHold(unit, target) if action == _SUPPORT_HOLD \
                else MilitiaSupportMove(unit, target, line.dest)
            entry = line.keep(key, (order, text, line.slot))
        return entry


class UpkeepLine:
    """A canonical upkeep line (``MAINTAIN A NA5``) as the map's table reads it, with the entries made of it:
    one per country (the unit it names is the country's of that kind at that place)."""

    __slots__ = ("kind", "loc", "prov", "slot", "made")

    def __init__(self, kind: UnitType, loc: str, prov: str, slot: str) -> None:
        self.kind = kind
        self.loc = loc
        self.prov = prov
        self.slot = slot
        self.made: dict[str, Entry] = {}  # country -> the entry (orders are immutable: one serves every phase)


def upkeep_lines(entries: dict[str, tuple[UnitType, str, str, str]]) -> dict[str, UpkeepLine]:
    """The map's upkeep lines (``tables.MapTables.upkeep_entries``) as ``UpkeepLine`` records, made once per table."""
    kept = _UPKEEP_LINES.get(id(entries))
    if kept is not None and kept[0] is entries:
        return kept[1]
    lines = {text: UpkeepLine(kind, loc, prov, slot) for text, (kind, loc, prov, slot) in entries.items()}
    if len(_UPKEEP_LINES) >= 8:  # (as many maps as ``tables.map_tables`` keeps)
        _UPKEEP_LINES.clear()
    _UPKEEP_LINES[id(entries)] = (entries, lines)
    return lines


# id of a map's upkeep table -> (the table, its records): one per map in use (the maps' tables are kept for good)
_UPKEEP_LINES: dict[int, tuple[dict[str, tuple[UnitType, str, str, str]], dict[str, UpkeepLine]]] = {}

_HOLD, _MOVE, _SUPPORT_HOLD, _SUPPORT_MOVE = range(4)


class MilitiaLine:
    """A militia's hold, move or support in canonical notation, as far as the map decides it: the text's
    words, the places' neighbours. The position decides the rest (the militia, the supported unit, frozen places)."""

    __slots__ = ("here", "action", "target", "named", "dest", "reach_from", "slot", "made")

    def __init__(self, here: str, action: int, target: str, named: UnitType | None, dest: str,
                 reach_from: frozenset[str]) -> None:
        self.here = here  # the militia's province
        self.action = action
        self.target = target  # a support: the supported unit's province
        self.named = named  # ... its kind as written
        self.dest = dest  # a move's destination, or a supported move's
        self.reach_from = reach_from  # a supported move: where the supported unit may stand to make it
        self.slot = f"M:{here}"
        self.made: dict[str, Entry] = {}  # the units' countries (and the supported unit's place) -> the entry read

    def keep(self, key: str, entry: Entry) -> Entry:
        if len(self.made) >= _ENTRIES_KEPT:
            self.made.clear()
        self.made[key] = entry
        return entry


_ENTRIES_KEPT = 64  # per militia line: its entries for the countries that gave it so far; a cap all the same


def militia_lines(board: MapData, land: frozenset[str]) -> dict[str, MilitiaLine]:
    """Every militia line in canonical notation whose words and places pass ``_validate_militia``'s checks
    of the map (as ``OwnLines._militia`` reads them), made once per board; ``land``: its land provinces."""
    kept = _MILITIA_LINES.get(board.id)
    if kept is not None and kept[0] is board:
        return kept[1]
    # (kind, a province) -> the provinces where a unit of that kind may stand to move there, with the locations
    # it may stand at in each (a fleet's coasts)
    reaching: dict[tuple[UnitType, str], dict[str, list[str]]] = {}
    for kind in (_ARMY, _FLEET):
        for loc in sorted(board.locations(kind)):
            for dest in (board.army_adjacent(loc) if kind is _ARMY else board.fleet_adjacent_provinces(loc)):
                reaching.setdefault((kind, dest), {}).setdefault(loc.partition("/")[0], []).append(loc)
    table: dict[str, MilitiaLine] = {}
    nowhere: frozenset[str] = frozenset()
    for here in sorted(board.locations(MILITIA)):
        if "/" in here:  # (a militia's text names its province: ``militia.loc == here``)
            continue
        near = board.army_adjacent(here)
        table[f"M {here} H"] = MilitiaLine(here, _HOLD, "", None, "", nowhere)
        for dest in sorted(near):
            if dest != here and dest in land:
                table[f"M {here} - {dest}"] = MilitiaLine(here, _MOVE, "", None, dest, nowhere)
        for letter, named in _OCCUPANT_KINDS.items():
            for target in sorted(near | {here}):
                table[f"M {here} S {letter} {target}"] = MilitiaLine(here, _SUPPORT_HOLD, target, named, "", nowhere)
            for dest in sorted(near):
                if dest == here:
                    continue
                for target, spots in sorted(reaching.get((named, dest), {}).items()):
                    if target != here and target != dest:
                        table[f"M {here} S {letter} {target} - {dest}"] = MilitiaLine(
                            here, _SUPPORT_MOVE, target, named, dest, frozenset(spots))
    _MILITIA_LINES[board.id] = (board, table)
    return table


_MILITIA_LINES: dict[str, tuple[MapData, dict[str, MilitiaLine]]] = {}  # map id -> (board, its militia lines)


__all__ = ["MilitiaLine", "OwnLines", "militia_lines"]
