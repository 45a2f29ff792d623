"""Units that share an area with a military unit, and the other variant data kept in ``GameState.extra``.

Everything here is JSON-friendly, because save files write ``extra`` as it is:

- ``extra["stacked"]``: engineers (E), prisons (P) and decoys still beside the unit they copy, as objects
  ``{"power", "kind", "loc"}``; a prison adds ``"from"`` (the power whose engineer it was), a decoy ``"as"``
  (the letter of the unit it copies; its ``loc`` keeps that unit's coast);
- ``extra["decoys"]``: provinces whose unit in ``GameState.units`` is really a decoy;
- ``extra["dislodged_decoys"]``: provinces whose dislodged unit is really a decoy;
- ``extra["missed"]``: power -> movement turns in a row without orders (rule D1d).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ...state import GameState
from ...types import ChancelleryError, Unit, UnitType, province_of

NEUTRAL = "NEUTRAL"  # the madman country (rule D1): owns every centre no player owns
STACKED_KINDS = (UnitType.ENGINEER, UnitType.PRISON, UnitType.DECOY)


@dataclass(frozen=True, slots=True)
class Stacked:
    """An engineer, a prison, or a decoy still beside its twin."""

    power: str
    kind: UnitType
    loc: str  # a province; a decoy's location keeps its twin's coast
    origin: str | None = None  # a prison: the power whose engineer it was (rule 3b)
    mimic: UnitType | None = None  # a decoy: the kind of unit it copies

    @property
    def province(self) -> str:
        return province_of(self.loc)

    @property
    def unit(self) -> Unit:
        """As written in orders and listings: ``E MOS``, ``P SEV``, ``D STP/NC``."""
        return Unit(self.power, self.kind, self.loc)

    @property
    def disguise(self) -> Unit:
        """A decoy as other powers see it: the unit it copies."""
        assert self.mimic is not None
        return Unit(self.power, self.mimic, self.loc)

    def to_json(self) -> dict[str, str]:
        data = {"power": self.power, "kind": self.kind.value, "loc": self.loc}
        if self.origin:
            data["from"] = self.origin
        if self.mimic is not None:
            data["as"] = self.mimic.value
        return data

    @classmethod
    def from_json(cls, data: Any) -> Stacked:
        try:
            kind = UnitType(data["kind"])
            if kind not in STACKED_KINDS:
                raise ValueError(f"{kind.value} is not a stacked unit")
            mimic = UnitType(data["as"]) if data.get("as") else None
            if (kind is UnitType.DECOY) != (mimic is not None):
                raise ValueError("a decoy, and only a decoy, names the unit it copies ('as')")
            origin = data.get("from")
            return cls(str(data["power"]), kind, str(data["loc"]), str(origin) if origin else None, mimic)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ChancelleryError(f"bad stacked unit {data!r}: {exc}") from None


def stacked_units(state: GameState) -> list[Stacked]:
    return [Stacked.from_json(d) for d in state.extra.get("stacked", ())]


def engineers(state: GameState, power: str | None = None) -> list[Stacked]:
    return [s for s in stacked_units(state) if s.kind is UnitType.ENGINEER and power in (None, s.power)]


def prisons(state: GameState) -> list[Stacked]:
    return [s for s in stacked_units(state) if s.kind is UnitType.PRISON]


def stacked_decoys(state: GameState) -> list[Stacked]:
    return [s for s in stacked_units(state) if s.kind is UnitType.DECOY]


def find_stacked(state: GameState, power: str | None, kind: UnitType, prov: str) -> Stacked | None:
    for s in stacked_units(state):
        if s.kind is kind and s.province == prov and power in (None, s.power):
            return s
    return None


def decoy_provinces(state: GameState) -> frozenset[str]:
    return frozenset(state.extra.get("decoys", ()))


def dislodged_decoy_provinces(state: GameState) -> frozenset[str]:
    return frozenset(state.extra.get("dislodged_decoys", ()))


def is_decoy(state: GameState, prov: str) -> bool:
    return prov in decoy_provinces(state)


def missed_turns(state: GameState) -> dict[str, int]:
    return {str(p): int(n) for p, n in dict(state.extra.get("missed", {})).items()}


def with_extra(
    state: GameState,
    stacked: Iterable[Stacked] | None = None,
    decoys: Iterable[str] | None = None,
    dislodged_decoys: Iterable[str] | None = None,
    missed: Mapping[str, int] | None = None,
) -> GameState:
    """A copy of ``state`` with the given parts of its variant data replaced (sorted, JSON-friendly)."""
    extra = dict(state.extra)
    if stacked is not None:
        ordered = sorted(stacked, key=lambda s: (s.power, s.kind.value, s.loc, s.origin or ""))
        extra["stacked"] = [s.to_json() for s in ordered]
    if decoys is not None:
        extra["decoys"] = sorted(set(decoys))
    if dislodged_decoys is not None:
        extra["dislodged_decoys"] = sorted(set(dislodged_decoys))
    if missed is not None:
        extra["missed"] = {p: n for p, n in sorted(missed.items()) if n}
    return state.replace(extra=extra)


def empty_extra() -> dict[str, Any]:
    return {"stacked": [], "decoys": [], "dislodged_decoys": [], "missed": {}}


def engineer_key(power: str, prov: str) -> str:
    """The order slot of an engineer (several powers' engineers may share an area)."""
    return f"E:{power}:{prov}"


def prison_key(power: str, prov: str) -> str:
    return f"P:{power}:{prov}"


def decoy_key(prov: str) -> str:
    """The order slot, and resolver key, of a decoy still beside its twin."""
    return f"D:{prov}"
