"""Load one of our positions into the MILA ``diplomacy`` package and read its results back.

MILA's package is AGPL-3.0 and is used here only as an outside reference, from a separate virtual
environment (see benchmarks/README.md). Nothing in engine/ or app/ imports this module.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

try:
    from diplomacy import Game as MilaGame
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise SystemExit(
        "The MILA 'diplomacy' package is not installed in this environment.\n"
        "Create its own virtual environment as described in benchmarks/README.md, e.g.\n"
        "  python3 -m venv .venv-mila && .venv-mila/bin/pip install diplomacy==1.1.2 && "
        ".venv-mila/bin/pip install --no-deps -e .\n"
        "and run this script with .venv-mila/bin/python."
    ) from exc

from engine.state import GameState


def _by_power(items: dict[str, Any], power_of: Any, text_of: Any) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, value in items.items():
        out.setdefault(power_of(key, value), []).append(text_of(key, value))
    return out


def mila_game(state: GameState) -> Any:
    """A fresh MILA standard game holding ``state``'s units, dislodged units and centre owners.

    A position alone doesn't tell MILA where a dislodged unit's attacker came from or where a standoff
    happened, so in retreat phases the retreat options are copied from our state.
    """
    game = MilaGame()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(str(state.phase))
    units = _by_power(dict(state.units), lambda _p, u: u.power, lambda _p, u: str(u))
    for d in state.dislodged.values():
        units.setdefault(d.unit.power, []).append("*" + str(d.unit))
    for power, texts in units.items():
        game.set_units(power, texts)
    for d in state.dislodged.values():
        game.get_power(d.unit.power).retreats[str(d.unit)] = list(d.retreats)
    centers = _by_power(dict(state.centers), lambda _c, p: p, lambda c, _p: c)
    for power, provinces in centers.items():
        game.set_centers(power, provinces)
    if game.error:
        raise ValueError(f"MILA could not load the position of {state.phase}: {game.error}")
    return game


def give_orders(game: Any, orders: dict[str, list[str]]) -> dict[str, list[str]]:
    """Submit order texts per power; returns the orders MILA kept (it silently drops ones it rejects)."""
    for power, texts in orders.items():
        game.set_orders(power, list(texts))
    return {power: list(game.get_orders(power)) for power in orders}


@dataclass(frozen=True, slots=True)
class Board:
    """A phase's outcome in a form both engines can be compared on."""

    next_phase: str
    units: frozenset[str]  # "FRANCE A PAR"
    dislodged: dict[str, tuple[str, ...]]  # "FRANCE A PAR" -> sorted retreat options
    centers: frozenset[str]  # "FRANCE PAR"


def mila_board(game: Any) -> Board:
    """The position MILA reached after ``game.process()``."""
    state = game.get_state()
    units: set[str] = set()
    for power, texts in state["units"].items():
        units.update(f"{power} {t}" for t in texts if not t.startswith("*"))
    dislodged = {
        f"{power} {unit}": tuple(sorted(options))
        for power, per in state["retreats"].items() for unit, options in per.items()
    }
    centers = {f"{power} {c}" for power, cs in state["centers"].items() for c in cs}
    return Board(state["name"], frozenset(units), dislodged, frozenset(centers))


def our_board(state: GameState) -> Board:
    """Our position after a phase, in the same form."""
    return Board(
        str(state.phase),
        frozenset(f"{u.power} {u}" for u in state.units.values()),
        {f"{d.unit.power} {d.unit}": tuple(sorted(d.retreats)) for d in state.dislodged.values()},
        frozenset(f"{p} {c}" for c, p in state.centers.items()),
    )
