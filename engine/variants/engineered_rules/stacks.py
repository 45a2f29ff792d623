"""Units that share an area with a military unit, decoys standing alone, and the missed-turn counts.

Engineers (E), prisons (P) and decoys still beside the unit they copy are the engine's stacked units
(``GameState.stacked``, records of :class:`~engine.state.StackedUnit`): a prison's ``origin`` is the power
whose engineer it was, a decoy's ``mimic`` the kind of unit it copies (its ``loc`` keeps that unit's coast).

A decoy standing alone occupies its province as the army (or fleet) it shows, and ``GameState.disguised``
maps that unit (or, once dislodged, the dislodged unit) to ``UnitType.DECOY``.

``GameState.extra`` keeps ``extra["missed"]``: power -> movement turns in a row without orders (rule D1d).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from ...state import GameState, StackedUnit, stack_order
from ...types import ChancelleryError, Unit, UnitType, province_of

NEUTRAL = "NEUTRAL"  # the madman country (rule D1): owns every centre no player owns
STACKED_KINDS = (UnitType.ENGINEER, UnitType.PRISON, UnitType.DECOY)


Stacked = StackedUnit  # this variant's name for the engine's stacked-unit record


def stacked_to_json(s: Stacked) -> dict[str, str]:
    """The stored form of a stacked unit (contract requests and the GUI's editor still accept it in
    ``extra["stacked"]``; version-1 save files kept stacks there)."""
    data = {"power": s.power, "kind": s.kind.value, "loc": s.loc}
    if s.origin:
        data["from"] = s.origin
    if s.mimic is not None:
        data["as"] = s.mimic.value
    return data


def stacked_from_json(data: Any) -> Stacked:
    try:
        kind = UnitType(data["kind"])
        if kind not in STACKED_KINDS:
            raise ValueError(f"{kind.value} is not a stacked unit")
        mimic = UnitType(data["as"]) if data.get("as") else None
        if (kind is UnitType.DECOY) != (mimic is not None):
            raise ValueError("a decoy, and only a decoy, names the unit it copies ('as')")
        origin = data.get("from")
        return Stacked(str(data["power"]), kind, str(data["loc"]), str(origin) if origin else None, mimic)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ChancelleryError(f"bad stacked unit {data!r}: {exc}") from None


def stacked_units(state: GameState) -> list[Stacked]:
    return list(state.stacked)


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
    """Provinces whose occupant is really a decoy standing alone."""
    units = state.units
    return frozenset(u.province for u, kind in state.disguised.items()
                     if kind is UnitType.DECOY and units.get(u.province) == u)


def dislodged_decoy_provinces(state: GameState) -> frozenset[str]:
    """Provinces whose dislodged unit is really a decoy."""
    return frozenset(u.province for u, kind in state.disguised.items()
                     if kind is UnitType.DECOY and u in state.dislodged)


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
    """A copy of ``state`` with the given parts replaced: its stacked units, the provinces whose occupant
    (``decoys``) or dislodged unit (``dislodged_decoys``) is a decoy, the missed-turn counts. Decoy marks
    name the units standing in ``state`` now; a part left ``None`` keeps what still matches the board."""
    changes: dict[str, Any] = {}
    if stacked is not None:
        changes["stacked"] = stack_order(stacked)
    if decoys is not None or dislodged_decoys is not None or state.disguised:
        units = state.units
        if decoys is None:
            alone = {u: k for u, k in state.disguised.items() if units.get(u.province) == u}
        else:
            alone = {}
            for prov in decoys:
                if prov not in units:
                    raise ChancelleryError(f"decoy mark on {prov}, where no unit stands")
                alone[units[prov]] = UnitType.DECOY
        if dislodged_decoys is None:
            gone = {u: k for u, k in state.disguised.items() if u in state.dislodged}
        else:
            wanted = set(dislodged_decoys)
            gone = {u: UnitType.DECOY for u in state.dislodged if u.province in wanted}
        changes["disguised"] = alone | gone
    if missed is not None:
        changes["extra"] = {**state.extra, "missed": {p: n for p, n in sorted(missed.items()) if n}}
    return state.replace(**changes) if changes else state


def empty_extra() -> dict[str, Any]:
    return {"missed": {}}


def engineer_key(power: str, prov: str) -> str:
    """The order slot of an engineer (several powers' engineers may share an area)."""
    return f"E:{power}:{prov}"


def prison_key(power: str, prov: str) -> str:
    return f"P:{power}:{prov}"


def decoy_key(prov: str) -> str:
    """The order slot, and resolver key, of a decoy still beside its twin."""
    return f"D:{prov}"
