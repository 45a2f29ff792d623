"""Diplomacy Points (Ambition & Empire's rules, as 1815 imports them): which order each minor unit follows.

Each Great Power has, this turn, one point per supply centre it controls up to the cap (4 in 1815); unused
points are lost, so nothing is stored between turns. A power that allocates more than it has forfeits all
its allocations this turn. For each minor unit the allocations asking the same order add up; the order
backed by more points than any other is followed, a tie (or no allocation) leaves the unit holding.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ...orders import UnitOrder
from ...outcomes import Reason
from ...types import province_of
from .orders import DP_FOLLOWED, DP_FORFEITED, DP_OUTBID, DP_TIE, Allocate


@dataclass(slots=True)
class Settlement:
    followed: dict[str, UnitOrder] = field(default_factory=dict)  # minor unit's province -> its order
    verdicts: dict[Allocate, tuple[bool, Reason]] = field(default_factory=dict)


def settle(allocations: Iterable[Allocate], available: Mapping[str, int]) -> Settlement:
    """Decide every allocation; ``available`` is each allocating power's points this turn."""
    allocations = list(allocations)
    spent: Counter[str] = Counter()
    for a in allocations:
        spent[a.power] += a.points
    forfeited = {p for p, n in spent.items() if n > available.get(p, 0)}
    backing: dict[str, Counter[UnitOrder]] = {}
    for a in allocations:
        if a.power not in forfeited:
            backing.setdefault(province_of(a.order.unit.loc), Counter())[a.order] += a.points
    out = Settlement()
    winners: dict[str, UnitOrder | None] = {}
    for prov, tally in backing.items():
        ranked = tally.most_common()
        top = ranked[0][1]
        leaders = [order for order, n in ranked if n == top]
        winners[prov] = leaders[0] if len(leaders) == 1 else None
        if winners[prov] is not None:
            out.followed[prov] = leaders[0]
    for a in allocations:
        minor = a.order.unit
        if a.power in forfeited:
            out.verdicts[a] = (False, Reason(DP_FORFEITED, {"spent": spent[a.power],
                                                            "available": available.get(a.power, 0)}))
            continue
        winner = winners.get(province_of(minor.loc))
        if winner is None:
            out.verdicts[a] = (False, Reason(DP_TIE, {"minor": minor}))
        elif winner == a.order:
            out.verdicts[a] = (True, Reason(DP_FOLLOWED, {"order": str(a.order)}))
        else:
            out.verdicts[a] = (False, Reason(DP_OUTBID, {"minor": minor}))
    return out


__all__ = ["Settlement", "settle"]
