"""World Diplomacy's lean path: a usual World movement phase from request to response text, byte for byte
what the general path answers, with the armies' and fleets' orders read and decided as per-unit records.

``adjudicate_text`` serves a movement phase of the basic game without options whose ledger holds no loans,
bribes or rebellions and whose orders are the armies', fleets' and militia's, upkeep and purchases; it
answers ``None`` for anything else (and for the few turns it leaves: an order supporting a unit that goes
for want of upkeep, every dislodged unit destroyed at once), and the general path takes the request.
Stages: ``reading`` (the position and the order lines into records), the economy's steps before the
battle (``economy.before_battle``: upkeep), the battle (``engine.lean.battle.fight`` with the militia
guarding and supporting), the economy's steps after it (``economy.after_battle``: the militia's moves,
purchases) and the season's end (``economy.after_phase``) as the general path runs them, and ``writer``
(the response text). ``tests/variants/test_world31_lean_path.py`` compares both paths.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ....lean.battle import Militia, fight
from ....lean.reader import Orders, Position
from ....lean.tables import HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, tables_for
from ....orders import Order
from ....phases import OrderResult, _advance, _notes, retreats_played
from .... import outcomes as oc
from ....resolver import MovementResult, Outcome, outcome
from ....state import Dislodged, GameState
from ....types import PhaseType, Unit, UnitType
from ....validate import retreat_options
from ..economy import after_battle, before_battle
from ..orders import MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove
from .reading import WorldOrders, WorldPosition, read_world_orders, read_world_position
from .writer import response_text

ENABLED = True
"""Switch for tests and benchmarks: ``False`` sends every World request down the general path."""

_MILITIA = UnitType.MILITIA
_BATTLE_OUTCOME: Outcome = Outcome(False, "")  # a militia supporter's slot: the battle's outcome, unless replaced


def adjudicate_text(variant: Any, request: Mapping[str, Any], state_of: Callable[[], GameState],
                    orders_of: Callable[[], Mapping[str, list[str]]]) -> str | None:
    """The response text to ``request`` (a World movement phase; see the module doc), or ``None``.
    ``state_of`` reads the position as the general path does (raising the contract's errors), ``orders_of``
    the order lines, called after it."""
    if not ENABLED or variant.options:
        return None
    tables = tables_for(variant)
    if not tables.plain:
        return None
    state = state_of()
    if state.phase.type is not PhaseType.MOVEMENT:
        return None
    position = read_world_position(request, variant, tables, state)
    if position is None:
        return None
    read = read_world_orders(position, orders_of())
    if read is None:
        return None
    orders, own_slots = read
    return _answer(variant, state, position, orders, own_slots)


def _answer(variant: Any, state: GameState, position: WorldPosition, orders: WorldOrders,
            own_slots: list[str]) -> str | None:
    before = before_battle(variant, state, orders.own)
    base = position.base
    gone = {u for u in before.removed if u.type is not _MILITIA}
    kept = [i for i, unit in enumerate(base.units) if unit not in gone]  # battle number -> unit number
    battle_position, battle_orders, void = (base, orders.military, {}) if len(kept) == len(base.units) \
        else _without(base, orders.military, kept)
    at = battle_position.at
    guard: dict[str, str] = {}
    supporters: list[tuple[str, str, int, int, str | None]] = []
    supporter_slots: list[str] = []
    militia_void: dict[str, Outcome] = {}  # a militia's support of a unit gone for want of upkeep -> its outcome
    for key, order in before.militia.items():  # (WorldResolver's reading of the militia's orders)
        if type(order) is MilitiaMove:
            continue
        unit: Unit = order.unit  # type: ignore[attr-defined]
        here = unit.loc.partition("/")[0]
        guard[here] = unit.power
        kind = type(order)
        if kind is MilitiaHold:
            continue
        if kind is MilitiaSupportHold:
            there = order.target.loc.partition("/")[0]  # type: ignore[attr-defined]
            if there == here:
                continue
            j = at.get(there)
            if j is None:  # (its unit went for want of upkeep: the support is void, and never cut)
                militia_void[key] = outcome(False, oc.VOID_DID_NOT_HOLD, target=order.target)  # type: ignore[attr-defined]
                continue
            supporters.append((unit.power, unit.loc, SUPPORT_HOLD, j, None))
        elif kind is MilitiaSupportMove:
            j = at.get(order.target.loc.partition("/")[0])  # type: ignore[attr-defined]
            if j is None:
                militia_void[key] = outcome(False, oc.VOID_NOT_ORDERED, target=order.target,  # type: ignore[attr-defined]
                                            dest=order.dest)  # type: ignore[attr-defined]
                continue
            supporters.append((unit.power, unit.loc, SUPPORT_MOVE, j, order.dest))  # type: ignore[attr-defined]
        else:
            return None
        supporter_slots.append(key)
    fought = fight(battle_position, battle_orders, Militia(guard, supporters))
    prov = battle_position.prov
    moved = {prov[u]: dest for u, dest in fought.moved.items()}
    dislodged = {prov[u]: (prov[a], fought.convoyed[a]) for u, a in fought.dislodged.items()}
    move_dest = {prov[u]: battle_orders.dest[u].partition("/")[0]  # type: ignore[union-attr]
                 for u in range(len(prov)) if battle_orders.kind[u] == MOVE}
    own = before.own
    for key in supporter_slots:
        own[key] = _BATTLE_OUTCOME
    own.update(militia_void)
    for b in fought.dislodged:
        void.pop(b, None)  # (a dislodged unit's outcome says so, whatever its order)
    world = after_battle(variant, state, orders.own, before, MovementResult({}, moved, dislodged,
                                                                            set(fought.contested)), move_dest)
    outcomes = world.outcomes
    militia_outcomes = {key: fought.militia[k] for k, key in enumerate(supporter_slots)
                        if outcomes.get(key) is _BATTLE_OUTCOME}
    # The board after movement, as phases._process_movement makes it.
    new_units: dict[str, Unit] = {}
    for here, unit in state.units.items():
        if here in dislodged:
            continue
        dest = moved.get(here)
        if dest is not None:
            new_units[dest.partition("/")[0]] = Unit(unit.power, unit.type, dest)
        else:
            new_units.setdefault(here, unit)
    after = state.replace(units=new_units, dislodged={}, contested=frozenset(fought.contested))
    if dislodged:
        lost = [Dislodged(state.units[here], attacker, via) for here, (attacker, via) in dislodged.items()]
        permit = variant.move_permission(after)
        after = after.replace(dislodged={
            d.unit: Dislodged(d.unit, d.attacker, d.via_convoy, retreat_options(variant.board, after, d, permit))
            for d in lost})
    end = variant.after_phase(state, after, {}, world)
    next_state, winner = _advance(variant, end.state)
    drawn = False
    notes: list[OrderResult] = _notes(end)
    if end.game_over is not None:
        winner, drawn = (end.game_over[0], False) if len(end.game_over) == 1 else (None, True)
    else:
        played = retreats_played(variant, next_state)  # (every dislodged unit destroyed at once)
        if played is not None:
            next_state, winner, notes = played.state, played.winner or winner, notes + played.results
    number = {i: b for b, i in enumerate(kept)} if len(kept) != len(base.units) else None
    return response_text(variant, state, next_state, position, orders, own_slots, fought, number, void, outcomes,
                         militia_outcomes, notes, winner, drawn)


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


def serves(variant: Any) -> bool:
    return ENABLED and not variant.options


__all__ = ["ENABLED", "adjudicate_text", "serves"]
