"""World Diplomacy's own order lines read fast, for one movement phase (``WorldDiplomacy.own_reader``): upkeep
lines (``MAINTAIN A NA5``), militia orders (``M NA24 H``, ``M NA24 - NA25``, ``M NA25 S A NA18``,
``M NA25 S A NA18 - NA16``) and purchases (``A NA28 B``), in canonical notation, checked as
``WorldDiplomacy.validate`` checks them.

A line is taken only when every check passes and it is the canonical text of the order it gives; anything
else (other notations, the seed's ``{EP}`` numbers, a failing check) is left to the order reader, whose
general path reads it and words the error. ``tests/variants/test_world31_reading.py`` checks the answers
against the general path on random games and every canonical line of the board.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...orders import Build, Order
from ...state import GameState, StackedUnit
from ...types import Unit, UnitType
from .orders import MILITIA, Maintain, MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove

if TYPE_CHECKING:
    from .variant import WorldDiplomacy

Entry = tuple[Order, str, "str | None"]  # as engine.order_reader: the order, its canonical text, its slot
_ARMY, _FLEET = UnitType.ARMY, UnitType.FLEET
_OCCUPANT_KINDS = {"A": _ARMY, "F": _FLEET}
_UPKEEP_ORDERS_KEPT = 50_000  # bounded by the map's places and countries in practice; a cap all the same


class OwnLines:
    """Reads one movement phase's upkeep, militia and purchase lines in canonical notation (a callable:
    ``(power, text) -> (order, canonical text, slot)`` or ``None``)."""

    __slots__ = ("variant", "state", "board", "units", "economy", "permit", "land", "_homes", "_upkeep", "_maintained",
                 "_sites", "_purchases", "_militia_by_prov")

    def __init__(self, variant: WorldDiplomacy, state: GameState) -> None:
        self.variant = variant
        self.state = state
        self.board = variant.board
        self.units = state.units
        self.economy = variant.is_economy_phase(state.phase)  # upkeep and purchases are ordered now
        self.permit = variant.move_permission(state)
        self.land = variant.tables.land
        tables = variant.tables
        self._upkeep = tables.upkeep_entries()  # canonical upkeep line -> (kind, location, province, slot)
        self._maintained = tables.maintain_entries_by_unit  # a unit -> its upkeep line read, shared by every phase
        self._sites: dict[str, frozenset[str]] = {}  # a country -> its build sites in this position
        self._homes: dict[str, str] | None = None  # home centre -> its country, from the ledger (``Ledger.home_of``)
        self._purchases: dict[str, tuple[UnitType, str]] | None = None  # the map's purchase lines (``build_lines``)
        self._militia_by_prov: dict[str, StackedUnit] | None = None  # province -> its militia, made on first need

    def __call__(self, power: str, text: str) -> Entry | None:
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
                    found.setdefault(s.province, s)
        return found.get(prov)

    # --- upkeep ---------------------------------------------------------------------------------------

    def _maintain(self, power: str, text: str) -> Entry | None:
        """``_validate_finance``'s upkeep line: the unit named, the country's own."""
        read = self._upkeep.get(text)
        if read is None:
            return None
        kind, loc, prov, slot = read
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
        made = self._maintained.get(unit)  # (the unit's one canonical upkeep line is ``text``)
        if made is None:
            if len(self._maintained) >= _UPKEEP_ORDERS_KEPT:
                self._maintained.clear()
            made = self._maintained[unit] = (Maintain(unit), text, slot)
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
        as the standard checks check the militia standing alone in its province."""
        words = text.split(" ")
        count = len(words)
        if count < 3:
            return None
        here = words[1]
        militia = self._militia_at(here)
        if militia is None or militia.power != power or militia.loc != here:
            return None
        unit = militia.unit
        action = words[2]
        board, permit = self.board, self.permit
        order: Order
        if action == "H":
            if count != 3:
                return None
            order = MilitiaHold(unit)
        elif action == "-":
            if count != 4:
                return None
            dest = words[3]
            if dest == here or dest not in self.land or dest not in board.army_adjacent(here):
                return None
            if permit is not None and permit(unit, dest) is not None:
                return None
            order = MilitiaMove(unit, dest)
        elif action == "S" and (count == 5 or (count == 7 and words[5] == "-")):
            named = _OCCUPANT_KINDS.get(words[3])
            target_prov = words[4]
            target = self.units.get(target_prov)
            if named is None or target is None or target.type is not named:
                return None
            if count == 5:
                if target_prov != here:
                    if target_prov not in board.army_adjacent(here):
                        return None
                    if permit is not None and permit(unit, target_prov) is not None:
                        return None
                order = MilitiaSupportHold(unit, target)
            else:
                dest = words[6]
                if target_prov == here or dest == target_prov or dest == here \
                        or dest not in board.army_adjacent(here):
                    return None
                if permit is not None and permit(unit, dest) is not None:
                    return None
                if named is _ARMY:  # (a support of a move by convoy is left to the general checks)
                    if dest not in board.army_adjacent(target.loc):
                        return None
                elif not board.reaches_province(_FLEET, target.loc, dest):
                    return None
                if permit is not None and permit(target, dest) is not None:
                    return None
                order = MilitiaSupportMove(unit, target, dest)
        else:
            return None
        canonical = str(order)
        if canonical != text:
            return None
        return order, text, f"M:{here}"


__all__ = ["OwnLines"]
