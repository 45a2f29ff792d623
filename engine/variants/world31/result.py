"""A World Diplomacy movement phase's result: the resolver's plus the economy's effects. (Kept apart from
``economy.py``, which computes them, so that module can be compiled with mypyc, should it join the compiled
list: a compiled class can't derive from the resolver's result.)"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...hooks import PhaseNote
from ...resolver import MovementResult
from ...state import StackedUnit
from ...types import Unit, UnitType
from .ledger import Ledger


@dataclass(slots=True)
class WorldResult(MovementResult):
    """The resolver's result plus the economy's effects, applied to the board by ``after_phase``."""

    ledger: Ledger = field(default_factory=Ledger)
    removed: list[Unit] = field(default_factory=list)  # not maintained
    stacked: tuple[StackedUnit, ...] = ()  # the militia after the phase
    placed: list[Unit] = field(default_factory=list)  # armies and fleets bought
    turned: dict[tuple[str, UnitType], str] = field(default_factory=dict)  # (province, kind) after movement -> briber
    notes: list[PhaseNote] = field(default_factory=list)
    sheets: dict[str, list[str]] = field(default_factory=dict)  # power -> finance sheet lines


__all__ = ["WorldResult"]
