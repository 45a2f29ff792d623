"""The one check that a position can be played on its variant's board, shared by the JSON contract and
save-file loading: raises :class:`PositionError` naming the part that is wrong and what was expected.

A position passes when its phase is in the variant's calendar, every unit, centre, dislodged unit and
standoff names a real place and power, and the variant's own data (``Variant.check_extra``) is well formed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Protocol

from .state import GameState
from .types import PhaseType, PositionError, Unit, UnitType, province_of, shown

if TYPE_CHECKING:
    from .mapdata import MapData
    from .types import Phase


class Variant(Protocol):
    """What the checks read of a variant (``engine.variants.base.Variant`` implements it; this module sits
    below ``variants/``, which calls it)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def pseudo_powers(self) -> tuple[str, ...]: ...

    @property
    def unit_types(self) -> tuple[UnitType, ...]: ...

    @property
    def stacking_types(self) -> frozenset[UnitType]: ...

    @property
    def board(self) -> MapData: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    def phase_problem(self, phase: Phase) -> str | None: ...

    def can_stand(self, kind: UnitType, loc: str) -> bool: ...

    def check_extra(self, state: GameState) -> None: ...

YEARS_OF_PLAY = 1000
"""A phase's year may run from the variant's first year to this many years later (beyond is a typo)."""



def first_year(variant: Variant) -> int:
    return int(variant.board.start_phase[1:-1])


def check_phase(variant: Variant, state: GameState) -> None:
    """The phase exists in the variant's calendar: a movement or retreat phase in a movement season, an
    adjustment phase in the adjustment season, a year from the first one to :data:`YEARS_OF_PLAY` later."""
    phase = state.phase
    start = first_year(variant)
    if not start <= phase.year <= start + YEARS_OF_PLAY:
        raise PositionError("phase", f"year {phase.year} is outside {variant.name}'s years "
                                     f"({start} to {start + YEARS_OF_PLAY})")
    problem = variant.phase_problem(phase)
    if problem is not None:
        raise PositionError("phase", problem)


def check_power(variant: Variant, power: Any, field: str) -> None:
    if not (isinstance(power, str) and (power in variant.board.powers or power in variant.pseudo_powers)):
        known = [*variant.board.powers, *variant.pseudo_powers]
        raise PositionError(field, f"unknown power {shown(power)} (powers: {', '.join(known)})")


def check_unit(variant: Variant, unit: Unit, field: str) -> None:
    """A unit of a known power and kind, standing where its kind can stand."""
    check_power(variant, unit.power, field)
    if not isinstance(unit.type, UnitType) or unit.type not in variant.unit_types:
        raise PositionError(field, f"unit type {shown(unit.type)} is not used in {variant.id}")
    if not isinstance(unit.loc, str) or not variant.can_stand(unit.type, unit.loc):
        raise PositionError(field, f"a unit {unit.type.value} can't stand in {shown(unit.loc)}")


def check_provinces(variant: Variant, provinces: Iterable[Any], field: str) -> None:
    for prov in provinces:
        if not isinstance(prov, str) or prov not in variant.board.provinces:
            raise PositionError(field, f"unknown province {shown(prov)}")


# A map table, kept for the process's life: (variant class, board) -> the powers, and each place -> the kinds
# that stand there. (Not a set of every power's every unit: on the World's board that is 64,000 units, all
# of them objects the garbage collector would walk through at every full collection.)
_STANDING: dict[tuple[type, Any], tuple[frozenset[str], dict[str, frozenset[UnitType]]]] = {}
_NO_KINDS: frozenset[UnitType] = frozenset()


def _standing_places(variant: Variant) -> tuple[frozenset[str], dict[str, frozenset[UnitType]]]:
    """The powers (and pseudo-powers) of the variant, and for each place of the board the kinds the
    variant uses that stand there (``variant.can_stand``): a unit of one of those powers and kinds there
    may stand; made once per variant class and board. (Places a variant adds beyond the board's, such as
    units carried at sea, are checked one by one.)"""
    key = (type(variant), variant.board)
    known = _STANDING.get(key)
    if known is None:
        board = variant.board
        kinds_at: dict[str, set[UnitType]] = {}
        for kind in variant.unit_types:
            for loc in board.locations(kind):
                if variant.can_stand(kind, loc):
                    kinds_at.setdefault(loc, set()).add(kind)
        known = _STANDING[key] = (frozenset([*board.powers, *variant.pseudo_powers]),
                                  {loc: frozenset(kinds) for loc, kinds in kinds_at.items()})
    return known


def check_state(variant: Variant, state: GameState) -> None:
    """Raise :class:`PositionError` for the first part of ``state`` that can't be played."""
    board = variant.board
    check_phase(variant, state)
    # Fast paths for the common case (every request and save passes here); the slow checks name the fault.
    owners = {*board.powers, *variant.pseudo_powers}
    kinds = set(variant.unit_types)
    can_stand = variant.can_stand
    # Units that stand where they may on this board, from the map's table (variants without options:
    # their rules are their class's); any other unit is checked field by field.
    standing_powers, kinds_at = (frozenset(), {}) if variant.options else _standing_places(variant)
    for prov, unit in state.units.items():
        if type(unit) is Unit and type(unit.type) is UnitType and unit.power in standing_powers \
                and unit.type in kinds_at.get(unit.loc, _NO_KINDS) and unit.loc.partition("/")[0] == prov:
            continue
        if (isinstance(unit, Unit) and isinstance(unit.power, str) and unit.power in owners
                and isinstance(unit.type, UnitType) and unit.type in kinds and isinstance(unit.loc, str)
                and unit.loc.partition("/")[0] == prov and can_stand(unit.type, unit.loc)):
            continue
        field = f"units.{prov}"
        if not isinstance(unit, Unit) or province_of(unit.loc) != prov:
            raise PositionError(field, f"unit {shown(unit)} is filed under the wrong province")
        check_unit(variant, unit, field)
    centres = board.supply_centers
    for centre, owner in state.centers.items():
        if isinstance(owner, str) and centre in centres and owner in owners:
            continue
        if centre not in centres:
            raise PositionError(f"centers.{centre}", f"{shown(centre)} is not a supply centre")
        check_power(variant, owner, f"centers.{centre}")
    retreat_phase = state.phase.type is PhaseType.RETREATS
    if state.dislodged and not retreat_phase:
        raise PositionError("dislodged", "only retreat phases have dislodged units")
    if retreat_phase and not state.dislodged:
        raise PositionError("dislodged", f"{state.phase} is a retreat phase but no unit is dislodged")
    for key, d in state.dislodged.items():
        field = f"dislodged.{province_of(d.unit.loc)}"
        if key != d.unit:
            raise PositionError(field, f"unit {shown(d.unit)} is filed under another unit")
        check_unit(variant, d.unit, field)
        check_provinces(variant, [d.attacker], field + ".attacker")
        if not isinstance(d.via_convoy, bool):
            raise PositionError(field + ".via_convoy", "must be true or false")
        for r in d.retreats:
            if not isinstance(r, str) or not variant.can_stand(d.unit.type, r):
                raise PositionError(field + ".retreats", f"{shown(r)} is not a place a {d.unit.type.value} can go")
    stacking = variant.stacking_types
    for i, s in enumerate(state.stacked):
        # (From the map's table first, as the occupants are: a World Diplomacy position stacks dozens of militia.)
        kind, loc = s.kind, s.loc
        if not (type(kind) is UnitType and type(loc) is str and s.power in standing_powers
                and kind in kinds_at.get(loc, _NO_KINDS)):
            check_unit(variant, Unit(s.power, kind, loc), f"stacked[{i}]")
        if kind not in stacking and s.mimic is None:
            raise PositionError(f"stacked[{i}]", f"{s.kind.value} units don't stack in {variant.id}")
    check_provinces(variant, state.contested, "contested")
    variant.check_extra(state)


def check_distinct_provinces(units: Iterable[Unit], field: str = "units") -> None:
    """One unit per province (a position read from a list, before it becomes a mapping that would drop one)."""
    seen: set[str] = set()
    for u in units:
        prov = province_of(u.loc)
        if prov in seen:
            raise PositionError(field, f"two units in {prov}")
        seen.add(prov)


__all__ = ["YEARS_OF_PLAY", "check_distinct_provinces", "check_phase", "check_power", "check_provinces",
           "check_state", "check_unit", "shown"]
