"""The position after a lean movement phase, as ``phases._process_movement`` and ``_advance`` make it.

The units after the moves, the dislodged units with their retreats, the standoffs; then the calendar: a
retreat phase when some dislodged unit can go somewhere, else (every one destroyed at once, as the general
path plays that retreat phase on the spot) the centres change hands after the year's last season, the
winner is looked for, and the next phase is the adjustment phase when anybody has something to adjust, else
the next movement season. The standard calendar only: the lean path serves ``Variant`` itself.
"""
from __future__ import annotations

from typing import final

from ..types import Unit
from .battle import Fought
from .tables import ARMY as _ARMY, Standing


@final
class Dislodged:
    def __init__(self, unit: Unit, attacker: str, via_convoy: bool, retreats: tuple[str, ...]) -> None:
        self.unit = unit
        self.attacker = attacker  # the attacker's province
        self.via_convoy = via_convoy
        self.retreats = retreats


@final
class TurnEnd:
    def __init__(self, next_phase: str, units: dict[str, Standing], dislodged: list[Dislodged],
                 destroyed: list[Standing], contested: list[str], centers: dict[str, str], winner: str | None) -> None:
        self.next_phase = next_phase
        self.units = units  # province -> unit, after the phase
        self.dislodged = dislodged  # waiting for the retreat phase (empty when none follows)
        self.destroyed = destroyed  # dislodged with nowhere to go: destroyed with this phase's results
        self.contested = contested  # sorted; only when a retreat phase follows
        self.centers = centers
        self.winner = winner


def turn_end(battle: Fought) -> TurnEnd:
    position = battle.position
    tables = position.tables
    standing = position.standing
    moved, dislodged, prov = battle.moved, battle.dislodged, battle.prov
    # Every unit where it stood, less the dislodged and those that moved, then those at their destinations.
    after: dict[str, Standing] = dict(zip(prov, standing))
    for u in moved:
        del after[prov[u]]
    for u in dislodged:
        del after[prov[u]]
    placed = tables.standing
    for u, dest in moved.items():
        unit = standing[u]
        after[dest.partition("/")[0]] = placed[unit.power][f"{unit.text[0]} {dest}"]
    season = position.season
    if dislodged:
        contested = battle.contested
        waiting = []
        for u, attacker in dislodged.items():
            gone = standing[u].unit
            came_from = prov[attacker]
            via = battle.convoyed[attacker]
            retreats = tuple(loc for loc in tables.retreats[(gone.type is not _ARMY, gone.loc)]
                             if (here := loc.partition("/")[0]) not in after and here not in contested
                             and not (here == came_from and not via))
            waiting.append(Dislodged(gone, came_from, via, retreats))
        if any(d.retreats for d in waiting):
            return TurnEnd(season.retreats, after, waiting, [],
                           sorted(contested), position.centers, None)
        destroyed = [standing[u] for u in dislodged]
    else:
        destroyed = []
    # No retreat phase: the calendar goes on (``phases._advance``, from movement or from the retreats played
    # on the spot alike: Phase.type plays no part below but the adjustment test).
    centers = position.centers
    winner = None
    counts: dict[str, int] | None = None  # owner -> centres owned, when counted
    if season.centres_change:
        centers = dict(centers)
        supply = tables.centers
        for here in supply.intersection(after):
            centers[here] = after[here].power
        counts = {}
        for owner in centers.values():
            counts[owner] = counts.get(owner, 0) + 1
        best, most = None, -1  # (the first power of the most centres, as ``max`` finds it)
        for power in tables.powers:
            owned = counts.get(power, 0)
            if owned > most:
                best, most = power, owned
        if best is not None and most >= tables.victory_centers:
            winner = best
    if season.adjustments is not None and _needs_adjustments(tables.powers, tables.home_centers, after, centers, counts):
        return TurnEnd(season.adjustments, after, [], destroyed, [], centers, winner)
    return TurnEnd(season.next_movement, after, [], destroyed, [], centers, winner)


def _needs_adjustments(powers: tuple[str, ...], homes: dict[str, tuple[str, ...]], units: dict[str, Standing],
                       centers: dict[str, str], counts: dict[str, int] | None) -> bool:
    """``Variant.needs_adjustments`` under the standard rules (``counts``: the centres each owner owns,
    when counted already)."""
    if counts is not None:
        deltas = dict(counts)
    else:
        deltas = {}
        for owner in centers.values():
            deltas[owner] = deltas.get(owner, 0) + 1
    for unit in units.values():
        deltas[unit.power] = deltas.get(unit.power, 0) - 1  # (a power with units is in the game)
    for power in powers:
        delta = deltas.get(power)
        if delta is None:  # neither centres nor units: not in the game
            continue
        if delta < 0 or (delta > 0 and any(centers.get(c) == power and c not in units for c in homes[power])):
            return True
    return False
