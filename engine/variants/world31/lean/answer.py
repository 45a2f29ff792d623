"""The World lean path's stages in order, from the request to the response text (see the package's doc)."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ....lean.battle import Militia, fight
from ....lean.reader import Orders, Position
from ....lean.tables import HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, tables_for
from .... import outcomes as oc
from ....orders import Build
from ....outcomes import encoded_json
from ....phases import OrderResult, retreats_played
from ....resolver import Outcome, outcome
from ....state import Dislodged, GameState
from ....types import Phase, PhaseType
from ..lean_economy import (MilitiaOrder, Note, Slotted, Verdict, after_battle, militia_order, pay_upkeep,
                            serves as economy_serves, tables_for as economy_tables)
from ..orders import Maintain, MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove
from .position import read_plain_world
from .reading import WorldOrders, WorldPosition, read_world_orders, read_world_position
from .writer import Answer


def adjudicate_text(variant: Any, request: Mapping[str, Any], state_of: Callable[[], GameState],
                    orders_of: Callable[[], Mapping[str, list[str]]]) -> Answer | None:
    """The answer to ``request`` (a World movement phase the path serves: see the package's doc), to be written
    as text or built as a dict (``writer.Answer``), or ``None``.
    ``state_of`` reads the position as the general path does (raising the contract's errors), ``orders_of``
    the order lines, called after it."""
    if variant.options or not economy_serves(variant):
        return None
    tables = tables_for(variant)
    if not tables.plain:
        return None
    position = read_plain_world(request, variant, tables)  # (a plain request's position in one reading)
    if position is None:
        state = state_of()
        if state.phase.type is not PhaseType.MOVEMENT:
            return None
        position = read_world_position(request, variant, tables, state)
        if position is None:
            return None
    state = position.state
    read = read_world_orders(position, orders_of())
    if read is None:
        return None
    orders, own_slots = read
    return _answer(variant, state, position, orders, own_slots)


def _answer(variant: Any, state: GameState, position: WorldPosition, orders: WorldOrders,
            own_slots: list[str]) -> Answer | None:
    books = economy_tables(variant)
    own = orders.own
    maintains: list[Slotted] = []
    purchases: list[Slotted] = []
    militia_orders: dict[str, MilitiaOrder] = {}
    for slot, order in own.items():
        kind = type(order)
        if kind is Maintain:
            maintains.append(Slotted(order.unit, slot))  # type: ignore[attr-defined]
        elif kind is Build:
            purchases.append(Slotted(order.unit, slot))  # type: ignore[attr-defined]
        else:
            militia_orders[slot] = militia_order(slot, order)
    phase = state.phase
    upkeep = pay_upkeep(books, phase, state.units, state.stacked, position.ledger, maintains, militia_orders)
    gone = upkeep.gone
    base = position.base
    kept = [i for i, unit in enumerate(base.units) if unit not in gone]  # battle number -> unit number
    battle_position, battle_orders, void = (base, orders.military, {}) if len(kept) == len(base.units) \
        else _without(base, orders.military, kept)
    # The militia in the battle (as WorldResolver reads them): every one maintained stands guard unless it
    # moves; its supports elsewhere are supporters of their own.
    at = battle_position.at
    guard: dict[str, str] = {}
    supporters: list[tuple[str, str, int, int, str | None]] = []
    supporter_slots: list[str] = []
    decided: dict[str, Verdict] = {}  # militia supports the battle decides -> their verdicts
    for s in state.stacked:
        if gone and s.unit in gone:
            continue
        here = s.loc.partition("/")[0]
        key = "M:" + here
        given = own.get(key)
        if isinstance(given, MilitiaMove):
            continue
        guard[here] = s.power
        if given is None or isinstance(given, MilitiaHold):
            continue
        if isinstance(given, MilitiaSupportHold):
            there = given.target.loc.partition("/")[0]
            if there == here:
                continue
            j = at.get(there)
            if j is None:  # (its unit went for want of upkeep: the support is void, and never cut)
                decided[key] = _verdict(outcome(False, oc.VOID_DID_NOT_HOLD, target=given.target))
                continue
            supporters.append((s.power, s.loc, SUPPORT_HOLD, j, None))
        elif isinstance(given, MilitiaSupportMove):
            j = at.get(given.target.loc.partition("/")[0])
            if j is None:
                decided[key] = _verdict(outcome(False, oc.VOID_NOT_ORDERED, target=given.target, dest=given.dest))
                continue
            supporters.append((s.power, s.loc, SUPPORT_MOVE, j, given.dest))
        else:
            return None
        supporter_slots.append(key)
    fought = fight(battle_position, battle_orders, Militia(guard, supporters))
    for k, key in enumerate(supporter_slots):
        ok, words, json, _ = fought.militia[k]
        decided[key] = Verdict(ok, words, json)
    prov = battle_position.prov
    moved = {prov[u]: dest for u, dest in fought.moved.items()}
    dislodged = {prov[u]: (prov[a], fought.convoyed[a]) for u, a in fought.dislodged.items()}
    tried = {prov[u]: battle_orders.dest[u].partition("/")[0]  # type: ignore[union-attr]
             for u in range(len(prov)) if battle_orders.kind[u] == MOVE}
    for b in fought.dislodged:
        void.pop(b, None)  # (a dislodged unit's outcome says so, whatever its order)
    end = after_battle(books, phase, state.units, state.stacked, upkeep, moved, dislodged, fought.contested, tried,
                       militia_orders, decided, purchases)
    # The next position.
    extra: dict[str, Any] = end.extra
    notes: list[Note | OrderResult] = list(end.notes)
    winner: str | None = None
    if dislodged:  # a retreat phase: the options on the board the economy left (phases._process_movement, _advance)
        after = GameState(variant.id, phase, end.units, state.centers, {}, frozenset(fought.contested), extra,
                          tuple(end.militia), {})
        after = variant.recheck_retreats(after.replace(dislodged={
            d.unit: d for d in (Dislodged(state.units[here], attacker, via) for here, (attacker, via) in dislodged.items())}))
        next_state = after.replace(phase=Phase(phase.season, phase.year, PhaseType.RETREATS))
        played = retreats_played(variant, next_state)  # (every dislodged unit destroyed at once)
        if played is not None:
            next_state, winner = played.state, played.winner
            notes += played.results
            extra = variant.request_extra(next_state)
    else:  # the season ends: centres follow their occupants (phases._advance)
        centers = dict(state.centers)
        supply = variant.board.supply_centers
        for here, unit in end.units.items():
            if here in supply:
                centers[here] = unit.power
        next_state = GameState(variant.id, variant.next_movement_phase(phase), end.units, centers, {}, frozenset(),
                               extra, tuple(end.militia), {})
        winner = end.winner
    number = {i: b for b, i in enumerate(kept)} if len(kept) != len(base.units) else None
    return Answer(variant, state, next_state, extra, position, orders, own_slots, fought, number, void, end.verdicts,
                  notes, winner)


def _verdict(got: Outcome) -> Verdict:
    """A typed outcome as the economy's verdicts hold it (its words and JSON as the response writes them)."""
    assert got.detail is not None
    return Verdict(got.succeeded, got.reason, encoded_json(got.detail))


def _without(base: Position, orders: Orders, kept: list[int]) -> tuple[Position, Orders, dict[int, Outcome]]:
    """The position and orders without the units gone for want of upkeep (renumbered), and the outcomes of
    the orders left that support or convoy one of them (by battle number): void, as ``MovementResolver``
    explains an order whose unit isn't on the board, unless the unit is dislodged. In the battle such a unit
    holds (a void order holds its province as a hold does)."""
    position = Position(base.variant, base.tables, base.season, base.phase_text, [base.standing[i] for i in kept],
                        base.centers)
    number = {i: b for b, i in enumerate(kept)}
    made = Orders(len(kept))
    void: dict[int, Outcome] = {}
    for b, i in enumerate(kept):
        made.kind[b], made.dest[b], made.via[b] = orders.kind[i], orders.dest[i], orders.via[i]
        j = orders.target[i]
        if j < 0:
            continue
        if j in number:
            made.target[b] = number[j]
            continue
        gone, kind = base.units[j], orders.kind[i]
        void[b] = outcome(False, oc.VOID_DID_NOT_HOLD, target=gone) if kind == SUPPORT_HOLD \
            else outcome(False, oc.VOID_NOT_ORDERED, target=gone, dest=orders.dest[i])
        made.kind[b], made.dest[b] = HOLD, None
    made.sequence = [number[i] for i in orders.sequence if i in number]
    made.defaults = [number[i] for i in orders.defaults if i in number]
    return position, made, void


__all__ = ["adjudicate_text"]
