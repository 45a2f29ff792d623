"""World Diplomacy's lean path: a usual World movement phase from request to response text, byte for byte
what the general path answers, from per-unit records.

``adjudicate_text`` serves a movement phase of the basic game without options whose ledger holds no loans,
bribes or rebellions and whose orders are the armies', fleets' and militia's, upkeep and purchases; it
answers ``None`` for anything else, and the general path takes the request. Stages: ``position`` (a plain
request's position, general and lean, in one pass), ``reading`` (the order lines into records, and the
position of a request ``position`` leaves: the armies' and fleets' as ``engine/lean`` holds them), upkeep
(``lean_economy.pay_upkeep``), the battle (``engine.lean.battle.fight``, the militia guarding and
supporting), the militia's moves, purchases, the season's end and the finance sheets
(``lean_economy.after_battle``), the next position, and ``writer`` (the response, as text or as
``engine.adjudicate``'s dict, built directly). A retreat phase in which every dislodged unit is destroyed is
played on the spot by the general path's own code (``phases.retreats_played``).
``tests/variants/test_world31_lean_path.py`` compares both paths.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Mapping

from ....compiled import runs_compiled
from ....state import GameState
from . import answer

ENABLED = True
"""Switch for tests and benchmarks: ``False`` sends every World request down the general path."""

COMPILED = all(runs_compiled(import_module(f"{__name__}.{name}"))
               for name in ("answer", "position", "reading", "writer")) \
    and runs_compiled(import_module("engine.variants.world31.lean_economy"))
"""Whether this path runs compiled (mypyc) rather than from its Python source."""


def adjudicate_text(variant: Any, request: Mapping[str, Any], state_of: Callable[[], GameState],
                    orders_of: Callable[[], Mapping[str, list[str]]], text: bool = True) -> str | dict[str, Any] | None:
    """The response to ``request`` (a World movement phase), as JSON text or (``text`` false) as the dict
    ``engine.adjudicate`` returns, or ``None`` for the general path to answer. ``state_of`` reads the position
    as the general path does (raising the contract's errors), ``orders_of`` the order lines, called after it."""
    if not ENABLED:
        return None
    made = answer.adjudicate_text(variant, request, state_of, orders_of)
    if made is None:
        return None
    return made.text() if text else made.response()


__all__ = ["COMPILED", "ENABLED", "adjudicate_text"]
