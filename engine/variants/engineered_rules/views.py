"""What one power may read of a phase's results: decoys stay hidden until exposed (rule C8).

``Variant.view_for`` hides decoys in a position; results need the same care, because a decoy beside the
unit it copies is ordered as ``D MOS ...`` and created as ``D MOS B``. Another power reads such an order
as the copied unit's, and doesn't see the creation, nor the disbanding of a decoy it never saw. Exposures
stay public: the exposure is the point.
"""
from __future__ import annotations

import re
from typing import Sequence

from ...phases import OrderResult
from ...state import GameState
from ...types import UnitType
from .stacks import stacked_decoys

_DECOY_ORDER = re.compile(r"^D (?P<loc>[A-Z]{3}(?:/[A-Z]{2})?)(?P<rest>.*)$")


def results_for(before: GameState, results: Sequence[OrderResult], viewer: str | None) -> list[OrderResult]:
    """``results`` of the phase that started from ``before``, as ``viewer`` may read them (all: the GM)."""
    if viewer is None:
        return list(results)
    twins = {s.loc: s for s in stacked_decoys(before) if s.power != viewer}
    winter = before.phase.season == "W"
    out: list[OrderResult] = []
    for r in results:
        m = _DECOY_ORDER.match(r.order) if r.power != viewer else None
        if m is None:
            out.append(r)
            continue
        rest = m.group("rest")
        if winter and rest.strip() == "B":
            continue  # a decoy's creation
        twin = twins.get(m.group("loc"))
        if twin is None:
            out.append(r)  # an exposed decoy: public
            continue
        if r.default and "exposed" not in r.reason:
            continue  # a hidden decoy disbanded beside its twin: nothing another power saw
        kind = twin.mimic.value if twin.mimic is not None else UnitType.ARMY.value
        out.append(r._replace(order=f"{kind} {m.group('loc')}{rest}", typed=None))
    return out
