"""The position of a game at one phase: units, centre owners, dislodged units and standoffs.

A :class:`GameState` is treated as immutable: phase processing returns a new one, so history, undo and
replays are plain lists of states.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .types import Phase, Unit, province_of


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the last movement phase, waiting for its retreat order."""

    unit: Unit
    attacker: str  # province the attack came from
    via_convoy: bool = False
    retreats: tuple[str, ...] = ()  # computed retreat options (locations)


@dataclass(frozen=True, slots=True)
class GameState:
    variant: str
    phase: Phase
    units: Mapping[str, Unit]  # province -> unit
    centers: Mapping[str, str]  # supply centre -> owning power
    dislodged: Mapping[str, Dislodged] = field(default_factory=dict)  # province -> dislodged unit
    contested: frozenset[str] = frozenset()  # provinces left empty by a standoff this turn
    extra: Mapping[str, Any] = field(default_factory=dict)  # variant data (stacked units, money, ...)

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
    ) -> GameState:
        ph = Phase.parse(phase) if isinstance(phase, str) else phase
        return cls(
            variant=variant,
            phase=ph,
            units={u.loc.partition("/")[0]: u for u in units},  # province_of, inlined: a hot path
            centers=dict(centers),
            dislodged={province_of(d.unit.loc): d for d in dislodged},
            contested=frozenset(contested),
            extra=dict(extra or {}),
        )

    def unit_at(self, prov: str) -> Unit | None:
        return self.units.get(province_of(prov))

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centers_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.centers.items() if p == power)

    def replace(self, **changes: Any) -> GameState:
        data = {f: getattr(self, f) for f in self.__dataclass_fields__}
        data.update(changes)
        return GameState(**data)
