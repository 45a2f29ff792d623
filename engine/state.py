"""The position of a game at one phase: units (with stacks), centre owners, dislodged units and standoffs.

A :class:`GameState` is treated as immutable: phase processing returns a new one, so history, undo and
replays are plain lists of states.

Units come in two collections. ``units`` maps each province to its *occupant*, the one military unit that
holds it: that is what the resolver, legality and centre ownership read, and the fast path stays a plain
dict lookup. ``stacked`` lists every other unit on the board, the units that stand in a province without
occupying it (Engineered's engineers, prisons and decoys beside their twin; World Diplomacy's militia).
The variant decides which units occupy (``Variant.stacking_types``). A unit is identified by its
:class:`~engine.types.Unit` (power, kind, location): dislodged units are keyed by it, so several units
dislodged from one province each keep their own retreat.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .types import ChancelleryError, Phase, Unit, UnitType, province_of


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the last movement phase, waiting for its retreat order."""

    unit: Unit
    attacker: str  # province the attack came from
    via_convoy: bool = False
    retreats: tuple[str, ...] = ()  # computed retreat options (locations)


@dataclass(frozen=True, slots=True)
class StackedUnit:
    """A unit standing in a province without occupying it: it never holds the province against others.

    ``origin`` is the power a captured unit came from (Engineered's prison: whose engineer it was);
    ``mimic`` the kind a disguised unit passes for (Engineered's decoy beside the unit it copies; its
    location keeps that unit's coast). Both are ``None`` for plain stacked units (engineers, militia).
    """

    power: str
    kind: UnitType
    loc: str
    origin: str | None = None
    mimic: UnitType | None = None

    @property
    def province(self) -> str:
        return province_of(self.loc)

    @property
    def unit(self) -> Unit:
        """As written in orders and listings: ``E MOS``, ``P SEV``, ``D STP/NC``."""
        return Unit(self.power, self.kind, self.loc)

    @property
    def disguise(self) -> Unit:
        """A disguised unit as other powers see it: the unit it copies."""
        assert self.mimic is not None
        return Unit(self.power, self.mimic, self.loc)

    def sort_key(self) -> tuple[str, str, str, str, str]:
        return (self.power, self.kind._value_, self.loc, self.origin or "", self.mimic._value_ if self.mimic else "")


def stack_order(stacked: Iterable[StackedUnit]) -> tuple[StackedUnit, ...]:
    """The canonical order of ``GameState.stacked`` (so equal boards compare equal)."""
    return tuple(sorted(stacked, key=StackedUnit.sort_key))


@dataclass(frozen=True, slots=True)
class GameState:
    variant: str
    phase: Phase
    units: Mapping[str, Unit]  # province -> its occupying unit
    centers: Mapping[str, str]  # supply centre -> owning power
    dislodged: Mapping[Unit, Dislodged] = field(default_factory=dict)  # dislodged unit -> its record
    contested: frozenset[str] = frozenset()  # provinces left empty by a standoff this turn
    extra: Mapping[str, Any] = field(default_factory=dict)  # variant data that isn't units (money, relations, ...)
    stacked: tuple[StackedUnit, ...] = ()  # units beside the occupants, in stack_order
    # Units that are not what they look like: a unit as it stands (occupant or dislodged) -> its real kind
    # (Engineered's decoy standing alone, which every rule but its owner's view treats as the unit shown).
    disguised: Mapping[Unit, UnitType] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        variant: str,
        phase: Phase | str,
        units: Iterable[Unit],
        centers: Mapping[str, str],
        dislodged: Iterable[Dislodged] = (),
        contested: Iterable[str] = (),
        extra: Mapping[str, Any] | None = None,
        stacked: Iterable[StackedUnit] = (),
        disguised: Mapping[Unit, UnitType] | None = None,
    ) -> GameState:
        """A position from plain collections. ``units`` are occupants, one per province: a second one is
        an error naming the province (never silently dropped); so is a unit dislodged twice."""
        ph = Phase.parse(phase) if isinstance(phase, str) else phase
        occupants: dict[str, Unit] = {}
        for u in units:
            prov = u.loc.partition("/")[0]  # province_of, inlined: a hot path
            if prov in occupants:
                raise ChancelleryError(f"two units in {prov} ({occupants[prov]}, {u}): one unit per province")
            occupants[prov] = u
        by_unit: dict[Unit, Dislodged] = {}
        for d in dislodged:
            if d.unit in by_unit:
                raise ChancelleryError(f"{d.unit} of {d.unit.power} is dislodged twice")
            by_unit[d.unit] = d
        for u in disguised or ():
            if occupants.get(u.loc.partition("/")[0]) != u and u not in by_unit:
                raise ChancelleryError(f"{u} of {u.power} is marked as disguised but is not on the board")
        return cls(
            variant=variant,
            phase=ph,
            units=occupants,
            centers=dict(centers),
            dislodged=by_unit,
            contested=frozenset(contested),
            extra=dict(extra or {}),
            stacked=stack_order(stacked),
            disguised=dict(disguised or {}),
        )

    def unit_at(self, prov: str) -> Unit | None:
        """The occupant of ``prov`` (a province or a location)."""
        return self.units.get(province_of(prov))

    def units_of(self, power: str) -> list[Unit]:
        """``power``'s occupying units (the ones that count against its centres)."""
        return [u for u in self.units.values() if u.power == power]

    def stacked_in(self, prov: str) -> list[StackedUnit]:
        """The units standing in ``prov`` beside its occupant."""
        prov = province_of(prov)
        return [s for s in self.stacked if s.province == prov]

    def all_units(self) -> list[Unit]:
        """Every unit on the board: the occupants, then the stacked units (as orders name them)."""
        return [*self.units.values(), *(s.unit for s in self.stacked)]

    def dislodged_at(self, prov: str) -> Dislodged | None:
        """The unit dislodged from ``prov``, if any (the first, where a variant lets several be)."""
        prov = province_of(prov)
        for d in self.dislodged.values():
            if d.unit.loc.partition("/")[0] == prov:
                return d
        return None

    def centers_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.centers.items() if p == power)

    def replace(self, **changes: Any) -> GameState:
        data = {f: getattr(self, f) for f in self.__dataclass_fields__}
        data.update(changes)
        return GameState(**data)
