"""Checks of the variant data Hugh's Engineered keeps in ``GameState.extra`` (stored form in ``stacks.py``):
every bad part raises :class:`PositionError` naming it (``extra.missed.RUSSIA``) and what was expected."""
from __future__ import annotations

from typing import Any, Mapping

from ...position_check import check_power, shown
from ...state import GameState
from ...types import PositionError, UnitType, province_of
from .settings import Rules
from .stacks import STACKED_KINDS, Stacked, stacked_from_json, stacked_units

EXTRA_KEYS = ("stacked", "decoys", "dislodged_decoys", "missed")
MAX_MISSED = 10_000  # missed turns are counted per movement turn; more than a game's length is a typo


def _variant_powers(rules: Rules) -> list[str]:
    return [*rules.board.powers, *getattr(rules, "pseudo_powers", ())]


def _provinces(rules: Rules, value: Any, field: str) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(field, f"expected a list of provinces, got {shown(value)}")
    for i, prov in enumerate(value):
        if not isinstance(prov, str) or prov not in rules.board.provinces:
            raise PositionError(f"{field}[{i}]", f"expected a province code such as 'MOS', got {shown(prov)}")
    return value


def _stacked(rules: Rules, item: Any, field: str) -> Stacked:
    if not isinstance(item, Mapping):
        raise PositionError(field, f"expected {{'power': ..., 'kind': 'E', 'loc': ...}}, got {shown(item)}")
    for key in ("power", "kind", "loc"):
        if not isinstance(item.get(key), str):
            raise PositionError(f"{field}.{key}", f"expected a string, got {shown(item.get(key))}")
    check_power(rules, item["power"], f"{field}.power")  # type: ignore[arg-type]
    if item["kind"] not in {k.value for k in STACKED_KINDS}:
        raise PositionError(f"{field}.kind", f"expected one of E, P, D, got {shown(item['kind'])}")
    if item.get("from") is not None:
        check_power(rules, item["from"], f"{field}.from")  # type: ignore[arg-type]
    if item.get("as") is not None and item["as"] not in ("A", "F", "W"):
        raise PositionError(f"{field}.as", f"expected the letter of the copied unit (A, F or W), got {shown(item['as'])}")
    try:
        stacked = stacked_from_json(item)
    except ValueError as exc:
        raise PositionError(field, str(exc)) from None
    if not rules.can_stand(stacked.kind, stacked.loc if stacked.kind is UnitType.DECOY else stacked.province):  # type: ignore[attr-defined]
        raise PositionError(f"{field}.loc", f"{stacked.kind.value} can't stand in {shown(stacked.loc)}")
    return stacked


def check_extra_shape(rules: Rules, extra: Any) -> Mapping[str, Any]:
    """The types and names in ``extra`` (before a position is built from it); returns it."""
    if not isinstance(extra, Mapping):
        raise PositionError("extra", f"expected an object (variant data, as save files store it), got {shown(extra)}")
    unknown = sorted(str(k) for k in extra if k not in EXTRA_KEYS)
    if unknown:
        raise PositionError("extra", f"unknown key {shown(unknown[0])} (keys: {', '.join(EXTRA_KEYS)})")
    stacked = extra.get("stacked", [])
    if not isinstance(stacked, list):
        raise PositionError("extra.stacked", f"expected a list of stacked units, got {shown(stacked)}")
    for i, item in enumerate(stacked):
        _stacked(rules, item, f"extra.stacked[{i}]")
    for key in ("decoys", "dislodged_decoys"):
        _provinces(rules, extra.get(key, []), f"extra.{key}")
    missed = extra.get("missed", {})
    if not isinstance(missed, Mapping):
        raise PositionError("extra.missed", f"expected an object of power: turns, got {shown(missed)}")
    for power, turns in missed.items():
        check_power(rules, power, f"extra.missed.{shown(power)}" if not isinstance(power, str) else f"extra.missed.{power}")  # type: ignore[arg-type]
        if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= MAX_MISSED:
            raise PositionError(f"extra.missed.{power}", f"expected a whole number of turns from 0 to {MAX_MISSED}, "
                                                         f"got {shown(turns)}")
    return extra


def check_extra(rules: Rules, state: GameState) -> None:
    """The variant data of a whole position: well formed, and every stacked decoy beside a unit of its power
    (engineers, prisons and decoys are typed units of the position; ``extra`` keeps only missed turns)."""
    check_extra_shape(rules, state.extra)
    for prov, unit in state.units.items():
        if unit.type in STACKED_KINDS:
            raise PositionError(f"units.{prov}", f"{unit.type.value} units stand beside the occupant, not as it")
    for d in state.dislodged.values():
        if d.unit.type in STACKED_KINDS:
            raise PositionError(f"dislodged.{province_of(d.unit.loc)}",
                                f"a dislodged {d.unit.type.value} is written as the unit it copies")
    for i, s in enumerate(stacked_units(state)):
        if s.kind is UnitType.DECOY:
            twin = state.units.get(s.province)
            if twin is None or twin.power != s.power or province_of(twin.loc) != s.province:
                raise PositionError(f"extra.stacked[{i}]", f"a decoy in {s.province} stands beside no unit of its power")
