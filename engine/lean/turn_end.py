"""The position after a lean movement phase, as ``phases._process_movement`` and ``_advance`` make it.

The units after the moves, the dislodged units with their retreats, the standoffs; then the calendar: a
retreat phase when some dislodged unit can go somewhere, else (every one destroyed at once, as the general
path plays that retreat phase on the spot) the centres change hands after the year's last season, the
winner is looked for, and the next phase is the adjustment phase when anybody has something to adjust, else
the next movement season. The standard calendar only: the lean path serves ``Variant`` itself.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..types import Phase, PhaseType, Unit
from .battle import Battle
from .tables import ARMY as _ARMY


class Dislodged(NamedTuple):
    unit: Unit
    attacker: str  # the attacker's province
    via_convoy: bool
    retreats: tuple[str, ...]


class TurnEnd(NamedTuple):
    next_phase: str
    units: dict[str, Unit]  # province -> unit, after the phase
    dislodged: list[Dislodged]  # waiting for the retreat phase (empty when none follows)
    destroyed: list[Unit]  # dislodged with nowhere to go: destroyed with this phase's results
    contested: list[str]  # sorted; only when a retreat phase follows
    centers: dict[str, str]
    winner: str | None


def turn_end(battle: Battle) -> TurnEnd:
    position = battle.position
    tables = position.tables
    units = position.units
    moved, dislodged, prov = battle.moved, battle.dislodged, battle.prov
    after: dict[str, Unit] = {}
    for u, unit in enumerate(units):
        if u in dislodged:
            continue
        dest = moved.get(u)
        if dest is not None:
            after[dest.partition("/")[0]] = Unit(unit.power, unit.type, dest)
        else:
            after.setdefault(prov[u], unit)
    phase = position.phase
    if dislodged:
        contested = battle.contested
        waiting = []
        for u, attacker in dislodged.items():
            unit = units[u]
            came_from = prov[attacker]
            via = attacker in battle.convoyed
            retreats = tuple(loc for loc in tables.retreats[(unit.type is not _ARMY, unit.loc)]
                             if (here := loc.partition("/")[0]) not in after and here not in contested
                             and not (here == came_from and not via))
            waiting.append(Dislodged(unit, came_from, via, retreats))
        if any(d.retreats for d in waiting):
            return TurnEnd(str(Phase(phase.season, phase.year, PhaseType.RETREATS)), after, waiting, [],
                           sorted(contested), position.centers, None)
        destroyed = [d.unit for d in waiting]
    else:
        destroyed = []
    # No retreat phase: the calendar goes on (``phases._advance``, from movement or from the retreats played
    # on the spot alike: Phase.type plays no part below but the adjustment test).
    variant = position.variant
    centers = position.centers
    winner = None
    if variant.centers_change_after(phase.season):
        centers = dict(centers)
        supply = tables.centers
        for here, unit in after.items():
            if here in supply:
                centers[here] = unit.power
        counts = Counter(centers.values())
        best = max(tables.powers, key=counts.__getitem__, default=None)
        if best is not None and counts[best] >= tables.victory_centers:
            winner = best
    next_phase = None
    if variant.adjusts_after(phase.season):
        adjust = Phase(variant.adjustment_season(phase.season), phase.year, PhaseType.ADJUSTMENTS)
        if _needs_adjustments(tables.powers, tables.home_centers, after, centers):
            next_phase = adjust
    if next_phase is None:
        next_phase = variant.next_movement_phase(phase)
    return TurnEnd(str(next_phase), after, [], destroyed, [], centers, winner)


def _needs_adjustments(powers: tuple[str, ...], homes: dict[str, tuple[str, ...]], units: dict[str, Unit],
                       centers: dict[str, str]) -> bool:
    """``Variant.needs_adjustments`` under the standard rules."""
    deltas = Counter(centers.values())
    deltas.subtract(u.power for u in units.values())
    owners = set(centers.values()) | {u.power for u in units.values()}
    for power in powers:
        if power not in owners:
            continue
        delta = deltas.get(power, 0)
        if delta < 0 or (delta > 0 and any(centers.get(c) == power and c not in units for c in homes[power])):
            return True
    return False

