"""One spring or fall turn: bids for madman units, the resolver, decoys' bluffs, engineers' moves.

Order of work:

1. Bids (D3): for each madman unit, like bids are added up; the order with more bids than any other
   (by at least one) is given to the madman unit, and the winning bidders' offered units go into civil
   disorder (they hold). A unit offered in two bids of its power counts for neither.
2. The resolver (``resolver.py``) adjudicates the military units, with decoys at zero power.
3. A decoy is exposed (8c) when adjudicating it as the real unit it copies would have changed any
   result: then the zero-power result stands and the decoy is disbanded (``seasons.py`` removes it).
4. Engineers (5a, 5b, 5d): one ordered to move goes with a unit of its power that leaves its area for the
   same destination and isn't dislodged; otherwise a transport of it succeeds when the transporting unit
   is not attacked by another power. Two successful transports of one engineer both fail.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Mapping

from ...orders import Hold, Move
from ...resolver import MovementResult, Outcome, Tracer
from ...state import GameState
from ...types import Unit, UnitType, province_of
from ..base import PhaseNote
from .orders import (
    Bid,
    CreateEngineer,
    EngineeredOrder,
    StackedHold,
    StackedMove,
    Transport,
    Unordered,
    order_owner,
)
from .resolver import EngineeredResolver
from .settings import Rules
from .stacks import NEUTRAL, Stacked, decoy_key, decoy_provinces, engineer_key, stacked_units
from .views import exposure


@dataclass(slots=True)
class EngineeredResult(MovementResult):
    """The resolver's result plus what happened to the variant's own units."""

    engineer_moves: dict[str, str] = field(default_factory=dict)  # engineer slot -> province it ends in
    placed: list[Stacked] = field(default_factory=list)  # engineers placed in the first spring (1a)
    exposed: set[str] = field(default_factory=set)  # decoys (resolver keys) whose bluff failed (8c)
    notes: list[PhaseNote] = field(default_factory=list)


def adjudicate(rules: Rules, state: GameState, orders: Mapping[str, EngineeredOrder],
               tracer: Tracer | None = None) -> EngineeredResult:
    """``orders`` is keyed by :meth:`Engineered.order_key`, with every unit's default order filled in."""
    units: dict[str, Unit] = dict(state.units)
    military: dict[str, EngineeredOrder] = {}
    extra: dict[str, EngineeredOrder] = {}
    for key, order in orders.items():
        (military if key in state.units else extra)[key] = order
    stacks = stacked_units(state)
    decoys = set(decoy_provinces(state))
    for s in stacks:
        if s.kind is UnitType.DECOY:
            key = decoy_key(s.province)
            units[key] = s.disguise
            decoys.add(key)
            wanted = extra.pop(key) if key in extra else None
            military[key] = Move(s.disguise, wanted.dest) if isinstance(wanted, StackedMove) else Hold(s.disguise)

    outcomes_extra: dict[str, Outcome] = {}
    overridden: dict[str, Outcome] = {}
    notes: list[PhaseNote] = []
    bids = {k: o for k, o in extra.items() if isinstance(o, Bid)}
    if bids:
        _settle_bids(state, orders, bids, military, outcomes_extra, overridden, notes)

    frozen_decoys = frozenset(decoys)
    resolver = EngineeredResolver(rules.board, units, military, tracer, frozen_decoys)
    result = resolver.run()
    exposed = {d for d in frozen_decoys if _bluff_fails(rules, units, military, frozen_decoys, d, resolver, result)}
    outcomes: dict[str, Outcome] = dict(result.outcomes.items())

    engineer_moves: dict[str, str] = {}
    for key, order in extra.items():
        if isinstance(order, StackedHold):
            outcomes_extra[key] = Outcome(True, "stays")
        elif isinstance(order, StackedMove):
            outcomes_extra[key] = _carry(rules, order, units, result, engineer_moves, key)
    _transports(units, military, resolver, result, outcomes, engineer_moves)
    placed: list[Stacked] = []
    for key, order in extra.items():
        if isinstance(order, CreateEngineer):
            placed.append(Stacked(order.engineer.power, UnitType.ENGINEER, order.engineer.loc))
            outcomes_extra[key] = Outcome(True, f"engineer placed in {order.engineer.loc} (rule 1a)")
    for key, outcome in overridden.items():
        if not isinstance(military[key], Unordered):  # a madman unit carrying out a won bid
            notes.append(PhaseNote(units[key].power, str(military[key]), outcomes[key].succeeded,
                                   f"ordered by the winning bid: {outcomes[key].reason}"))
        outcomes[key] = outcome
    outcomes.update(outcomes_extra)
    for d in sorted(exposed):
        notes.append(PhaseNote(units[d].power, f"D {units[d].loc}", False, exposure(province_of(units[d].loc))))
    return EngineeredResult(outcomes, result.moved, result.dislodged, result.contested, result.convoyed,
                            engineer_moves, placed, exposed, notes)


# --- bids (D3) ------------------------------------------------------------------------------------


def civil_disorder_powers(state: GameState, orders: Mapping[str, EngineeredOrder]) -> set[str]:
    """The madman country, and every power that gave no order this turn (D2: its position is madmaned)."""
    active = {order_owner(o) for o in orders.values() if not isinstance(o, Unordered)}
    return {NEUTRAL} | {u.power for u in state.units.values() if u.power not in active}


def _settle_bids(state: GameState, orders: Mapping[str, EngineeredOrder], bids: Mapping[str, Bid],
                 military: dict[str, EngineeredOrder], outcomes: dict[str, Outcome], overridden: dict[str, Outcome],
                 notes: list[PhaseNote]) -> None:
    madmen = civil_disorder_powers(state, orders)
    offered_count = Counter(u for bid in bids.values() for u in set(bid.offered))
    by_target: dict[str, list[str]] = defaultdict(list)
    for key, bid in bids.items():
        target = province_of(bid.order.unit.loc)
        unit = state.units.get(target)
        if unit is None or unit.power not in madmen or not isinstance(military.get(target), Unordered):
            outcomes[key] = Outcome(False, f"{bid.order.unit} is not in civil disorder: its power ordered it")
            continue
        by_target[target].append(key)

    def weight(bid: Bid) -> int:
        return sum(1 for u in bid.offered if offered_count[u] == 1)

    for target, keys in by_target.items():
        totals: Counter[EngineeredOrder] = Counter()
        for key in keys:
            totals[bids[key].order] += weight(bids[key])
        ranking = totals.most_common()
        top_order, top = ranking[0]
        second = ranking[1][1] if len(ranking) > 1 else 0
        won = top >= second + 1
        for key in keys:
            bid = bids[key]
            mine = totals[bid.order]
            if won and bid.order == top_order:
                outcomes[key] = Outcome(True, f"won the bid for {bid.order.unit}: {top} to {second}")
                for unit in bid.offered:
                    prov = province_of(unit.loc)
                    if offered_count[unit] == 1:
                        military[prov] = Unordered(unit)
                        overridden[prov] = Outcome(False, f"in civil disorder: offered in the winning bid {bid}")
            elif won:
                outcomes[key] = Outcome(False, f"lost the bid for {bid.order.unit}: {mine} to {top}")
            else:
                outcomes[key] = Outcome(False, f"no bid for {bid.order.unit} won: {top} to {second} is a tie; "
                                               "it holds")
        if won:
            military[target] = top_order
            overridden[target] = Outcome(False, f"ordered by bid: {top_order}")
        for key in keys:
            if weight(bids[key]) < len(bids[key].offered):
                notes.append(PhaseNote(bids[key].power, str(bids[key]), False,
                                       "a unit offered in two bids counts for neither"))


# --- decoys (8c) ----------------------------------------------------------------------------------


def _bluff_fails(rules: Rules, units: Mapping[str, Unit], orders: Mapping[str, EngineeredOrder], decoys: frozenset[str],
                 decoy: str, resolver: EngineeredResolver, result: MovementResult) -> bool:
    """Would the turn have gone differently had ``decoy`` been the real unit it copies?"""
    real = EngineeredResolver(rules.board, units, orders, None, decoys - {decoy})
    other = real.run()
    return real.result != resolver.result or other.dislodged.keys() != result.dislodged.keys()


# --- engineers (5a, 5b, 5d) -----------------------------------------------------------------------


def _carry(rules: Rules, order: StackedMove, units: Mapping[str, Unit], result: MovementResult,
           engineer_moves: dict[str, str], key: str) -> Outcome:
    engineer = order.stacked
    prov = province_of(engineer.loc)
    carriers = [k for k in (prov, decoy_key(prov)) if k in units and units[k].power == engineer.power]
    for k in carriers:
        if k in result.moved and province_of(result.moved[k]) == order.dest:
            engineer_moves[key] = order.dest
            return Outcome(True, f"moves with {units[k]}")
    if any(k in result.dislodged for k in carriers):
        return Outcome(False, "its unit was dislodged and can't carry it (rule 5b)")
    return Outcome(False, f"no unit of {rules.power_name(engineer.power)} moved from {prov} to {order.dest}: it stays")


def _transports(units: Mapping[str, Unit], military: Mapping[str, EngineeredOrder], resolver: EngineeredResolver,
                result: MovementResult, outcomes: dict[str, Outcome], engineer_moves: dict[str, str]) -> None:
    candidates: dict[str, list[str]] = defaultdict(list)
    for key, order in military.items():
        if not isinstance(order, Transport):
            continue
        engineer = order.engineer
        slot = engineer_key(engineer.power, province_of(engineer.loc))
        if slot in engineer_moves:
            outcomes[key] = Outcome(False, f"{engineer} moved with its unit instead")
            continue
        attackers = [a for a in resolver.moves_into.get(key, ())
                     if units[a].power != order.unit.power and resolver.has_path(a)]
        if attackers:
            outcomes[key] = Outcome(False, f"attacked by {units[attackers[0]]}: the transport fails (rule 5d)")
            continue
        candidates[slot].append(key)
    for slot, keys in candidates.items():
        if len(keys) > 1:
            for key in keys:
                outcomes[key] = Outcome(False, "two units transport the same engineer: neither does")
            continue
        key = keys[0]
        engineer_moves[slot] = key
        outcomes[key] = Outcome(True, f"transports {military[key].engineer} to {key}")  # type: ignore[attr-defined]
