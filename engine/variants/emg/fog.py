"""EMG's fog of war: which areas, units and results each Great Power may see (RG-REP-2, RG-ORD-19, RG-AOD-3).

A power sees its *areas of interest*: the areas it owns or holds a unit in, and their neighbours. Spies add
areas for one turn: the turn they are sent, they report that turn's commands and the position it ends in
(a spy sent in turn 1 shows the board after turn 1, not the commands of turn 2). Age of Discovery also
*remembers*: every area a power has ever seen or spied on stays on its map (``extra["known"]``), without
what stands there now.

Everything a seat receives is cut here: the position (:func:`view`), the results of a turn
(:func:`turn_sight`, which the variant's ``results_for`` and the turn report read) and the remembered map.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ...mapdata import MapData
from ...state import GameState
from ...types import Unit, province_of
from .orders import Spy
from ...outcomes import ORDER_KEYS, Reason, word
from .turn import ADJUSTED, DECLARATION, NO_ATTACK, NO_ENTRY, SUPPORT_REFUSED, owners

# Another power's command's reason, where its words read the board beyond the unit (who owns the area it
# aimed at, whose unit stands there, whether it is empty): the verdict alone, in words that tell nothing.
OTHERS_REASONS = {NO_ENTRY: "it may not enter there", SUPPORT_REFUSED: "support refused",
                  NO_ATTACK: "no attack there to support", DECLARATION: "refused", ADJUSTED: "refused"}


def visible_areas(board: MapData, state: GameState, power: str) -> frozenset[str]:
    """The areas ``power`` owns or holds a unit in, and their neighbours (its areas of interest)."""
    base = {a for a, p in state.extra.get("owned", {}).items() if p == power}
    base.update(a for a, p in state.centers.items() if p == power)
    base.update(p for p, u in state.units.items() if u.power == power)
    seen = set(base)
    for area in base:
        seen |= board.any_adjacent(area)
    return frozenset(seen)


def spied_areas(state: GameState, power: str) -> frozenset[str]:
    """The areas ``power``'s spies reported on in the turn that ended in ``state``."""
    return frozenset(state.extra.get("spied", {}).get(power, ()))


def seen_areas(board: MapData, state: GameState, power: str) -> frozenset[str]:
    """Everything ``power`` sees of ``state``: its areas of interest and the areas its spies just reported on."""
    return visible_areas(board, state, power) | spied_areas(state, power)


def known_areas(board: MapData, state: GameState, power: str) -> frozenset[str]:
    """Every area ``power`` has ever seen or spied on, and those it sees now (Age of Discovery's map)."""
    return frozenset(state.extra.get("known", {}).get(power, ())) | seen_areas(board, state, power)


def spies_sent(results: Iterable[Any], power: str) -> frozenset[str]:
    """The areas ``power``'s own spy command of a turn named (from its typed order, or its text when the
    results came over the network)."""
    out: set[str] = set()
    for r in results:
        if r.power != power:
            continue
        if isinstance(r.typed, Spy):
            out.update(r.typed.areas)
        elif r.typed is None and r.order.startswith("SP "):
            out.update(r.order.split()[1:])
    return frozenset(out)


def turn_sight(board: MapData, before: GameState, power: str, results: Iterable[Any]) -> frozenset[str]:
    """The areas whose starting units, commands and results ``power`` may read for the turn that began at
    ``before``: its areas of interest then, and the areas its spies went to that turn."""
    return visible_areas(board, before, power) | spies_sent(results, power)


def shown_results(board: MapData, before: GameState, results: Sequence[Any], power: str
                  ) -> tuple[list[Any], Callable[[Unit], bool]]:
    """The results ``power`` may read (its own, and those of the units standing in its turn's sight when the
    turn began) and which units their reasons may name: its own, and those in that sight (a unit added there
    this turn too: the power watched the area)."""
    sight = turn_sight(board, before, power, results)
    shown = []
    for r in results:
        unit = getattr(r.typed, "unit", None)
        if r.power == power:
            shown.append(r)
        elif isinstance(unit, Unit) and province_of(unit.loc) in sight and before.units.get(province_of(unit.loc)) == unit:
            code = r.outcome.code if r.outcome is not None else None
            if code in OTHERS_REASONS:
                said = Reason(code, {"why": OTHERS_REASONS[code]})
                r = r._replace(outcome=said, reason=word(said))
            elif r.outcome is not None:
                said = _areas_for_unseen(r.outcome, sight)
                if said is not r.outcome:
                    r = r._replace(outcome=said, reason=word(said))
            shown.append(r)
    return shown, lambda u: u.power == power or province_of(u.loc) in sight


def _areas_for_unseen(reason: Reason, sight: frozenset[str]) -> Reason:
    """``reason`` with each unit its command names (``SD 226 255``'s supported unit) that stands outside
    ``sight`` given as its area alone: EMG commands name areas, not units, so the command's text doesn't tell
    the reader what kind of unit, or whose, stands there."""
    data = dict(reason.data)
    changed = False
    for key in ORDER_KEYS - {"unit"}:
        value = data.get(key)
        if isinstance(value, Unit) and province_of(value.loc) not in sight:
            data[key] = province_of(value.loc)
            changed = True
    return Reason(reason.code, data) if changed else reason


def view(board: MapData, state: GameState, power: str) -> GameState:
    """``state`` as ``power`` sees it: units, centres and owned areas in its sight; relations (public); its own
    spied and remembered areas."""
    seen = seen_areas(board, state, power)
    units = {p: u for p, u in state.units.items() if p in seen}
    owned = {a: p for a, p in state.extra.get("owned", {}).items() if a in seen}
    centers = {a: p for a, p in state.centers.items() if a in seen}
    extra: dict[str, Any] = {k: v for k, v in state.extra.items() if k == "relations"}
    for key in ("spied", "known"):
        if power in state.extra.get(key, {}):
            extra[key] = {power: state.extra[key][power]}
    if owned:
        extra["owned"] = owned
    return state.replace(units=units, centers=centers, extra=extra)


def remember(board: MapData, before: GameState, after: GameState, spied: Mapping[str, Sequence[str]],
             area_key: Any) -> dict[str, list[str]]:
    """Every area each power has seen up to the end of this turn: what it knew, what it saw when the turn
    began and when it ended, and where its spies went (RG-AOD-3)."""
    known = {p: set(areas) for p, areas in before.extra.get("known", {}).items()}
    for power in board.powers:
        seen = visible_areas(board, before, power) | visible_areas(board, after, power) | set(spied.get(power, ()))
        if seen or power in known:
            known[power] = known.get(power, set()) | seen
    return {p: sorted(a, key=area_key) for p, a in sorted(known.items()) if a}


def owners_seen(state: GameState, areas: frozenset[str]) -> dict[str, str]:
    """The owners of the areas among ``areas`` that are owned."""
    return {a: p for a, p in owners(state).items() if a in areas}


__all__ = ["known_areas", "remember", "seen_areas", "shown_results", "spied_areas", "spies_sent", "turn_sight",
           "owners_seen", "view", "visible_areas"]
