"""The lean resolver's militia (``engine.lean.battle.Militia``) decides what World Diplomacy's resolver decides.

``lean.fight(position, orders, militia)`` against ``WorldResolver(...).run()`` and its ``explain``: every
move's end, every dislodgement, every standoff, every unit's outcome as the response writes it (words and
JSON in its result line) and every militia supporter's outcome (``M:PROV``), with words and JSON. Phases
from seeded random World games, read as ``economy.adjudicate`` reads them before its resolver (step 4: the
units maintained, their orders, every militia's order), once with the militia orders the games gave and
once with militia supports chosen to back the units' orders (so supports are given and cut, not only
void); and hand-made cases on the Standard board (the resolver's rules don't depend on the map).
"""
from __future__ import annotations

import random
from typing import Any, Mapping

import pytest

from engine import lean
from engine.contract import units_by_power
from engine.game import Game
from engine.lean.battle import Fought, Militia
from engine.lean.reader import Orders, Position
from engine.lean.tables import CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, MapTables, tail
from engine.mapdata import MapData
from engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.outcomes import encoded_json
from engine.phases import SUCCEEDS, Submission
from engine.resolver import MovementResult, Outcome
from engine.state import GameState
from engine.types import Unit, UnitType, province_of
from engine.variants import Variant, find_variant
from engine.variants.world31 import economy
from engine.variants.world31.orders import MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove
from engine.variants.world31.resolver import MILITIA_KEY, WorldResolver

from world31_lean_cases import world_phases


MILITIA = UnitType.MILITIA
QUICK_PHASES = 24
SLOW_PHASES = 96  # (a World phase takes about a second to sample: random orders for some 300 units)


# --- both resolvers over one position ---------------------------------------------------------------------


def militia_record(militia: Mapping[str, Order], position: Position) -> Militia:
    """The lean record of ``WorldResolver``'s ``militia`` orders: guards, and supports of other provinces."""
    guard: dict[str, str] = {}
    supporters: list[tuple[str, str, int, int, str | None]] = []
    for order in militia.values():
        if isinstance(order, MilitiaMove):
            continue
        unit: Unit = order.unit  # type: ignore[attr-defined]
        prov = province_of(unit.loc)
        guard[prov] = unit.power
        if isinstance(order, MilitiaSupportMove):
            supporters.append((unit.power, unit.loc, SUPPORT_MOVE, position.at[province_of(order.target.loc)], order.dest))
        elif isinstance(order, MilitiaSupportHold) and province_of(order.target.loc) != prov:
            supporters.append((unit.power, unit.loc, SUPPORT_HOLD, position.at[province_of(order.target.loc)], None))
    return Militia(guard, supporters)


def lean_orders(position: Position, military: Mapping[str, Order]) -> Orders:
    """The lean records of the units' orders, in the order the resolver is handed them, made from the orders
    themselves; when the lean reader (``read_orders``) reads each one's canonical text, its records must be
    these (it still refuses some convoys on the World map that the general reading accepts)."""
    texts: dict[str, list[str]] = {}
    for order in military.values():
        texts.setdefault(order.power, []).append(str(order))
    read = lean.read_orders(position, texts)
    at = position.at
    made = Orders(len(position.units))
    for prov, order in military.items():
        i = at[prov]
        kind = type(order)
        if kind is Hold:
            made.kind[i] = HOLD
        elif kind is Move:
            made.kind[i], made.dest[i], made.via[i] = MOVE, order.dest, order.via_convoy  # type: ignore[attr-defined]
        else:
            made.kind[i] = {SupportHold: SUPPORT_HOLD, SupportMove: SUPPORT_MOVE, Convoy: CONVOY}[kind]
            made.target[i] = at[province_of(order.target.loc)]  # type: ignore[attr-defined]
            made.dest[i] = getattr(order, "dest", None)
    made.sequence = [at[prov] for prov in military]  # (the resolver's order of decisions)
    if all(line[3] is None and line[2] >= 0 for line in read.lines):
        assert (read.kind, read.dest, read.target, read.via) == (made.kind, made.dest, made.target, made.via)
    return made


def written(outcome: Outcome) -> str:
    """An outcome as the response's result line ends (``tables.tail``: the words and the outcome JSON)."""
    assert outcome.detail is not None
    return tail(outcome.succeeded, outcome.reason, encoded_json(outcome.detail))


def assert_same(variant: Variant, tables: MapTables, phase: str, units: Mapping[str, Unit],
                military: Mapping[str, Order], militia: Mapping[str, Order]) -> tuple[Fought, WorldResolver, MovementResult]:
    """Both resolvers over ``units`` (province -> unit), their ``military`` orders (every unit's, in the order
    the resolver is handed them) and ``militia`` (``M:PROV`` -> order); every answer compared."""
    resolver = WorldResolver(variant.board, units, military, None, militia)
    result = resolver.run()
    request: dict[str, Any] = {"variant": variant.id, "phase": phase, "units": units_by_power(units.values())}
    position = lean.read_position(request, variant, tables)
    assert position is not None
    orders = lean_orders(position, military)
    record = militia_record(militia, position)
    assert record.guard == resolver.guard
    fought = lean.fight(position, orders, record)
    at = position.prov
    assert {at[u]: loc for u, loc in fought.moved.items()} == result.moved
    assert {at[d]: (at[a], fought.convoyed[a]) for d, a in fought.dislodged.items()} == result.dislodged
    assert fought.contested == result.contested
    assert len(fought.outcomes) == len(units)
    for u, got in enumerate(fought.outcomes):
        expected = resolver.explain(at[u], result.dislodged)
        assert (got[0], got[3]) == (expected.succeeded, written(expected)), at[u]
        if got[1]:  # (words and JSON are given for some outcomes: then they must be the general path's)
            assert (got[1], got[2]) == (expected.reason, encoded_json(expected.detail)), at[u]  # type: ignore[arg-type]
    keys = [key for key in resolver.orders if key.startswith(MILITIA_KEY)]
    assert len(fought.militia) == len(keys) == len(record.supporters)
    for key, got in zip(keys, fought.militia):
        expected = resolver.explain(key, result.dislodged)
        assert got == (expected.succeeded, expected.reason, encoded_json(expected.detail),  # type: ignore[arg-type]
                       written(expected)), key
    return fought, resolver, result


# --- seeded World phases --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def world() -> tuple[Variant, MapTables]:
    variant = Game.new("world31").variant
    return variant, lean.tables_for(variant)


def _step_four(variant: Variant, state: GameState, texts: Mapping[str, list[str]],
               monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Unit], dict[str, Order], dict[str, Order]]:
    """What ``economy.adjudicate`` hands its resolver for this phase: the units maintained, their orders,
    the militia's orders (the phase's own processing, recorded where it makes the resolver)."""
    handed: list[tuple[dict[str, Unit], dict[str, Order], dict[str, Order]]] = []

    class Recorded(WorldResolver):
        def __init__(self, board: MapData, units: Mapping[str, Unit], orders: Mapping[str, Order],
                     tracer: Any = None, militia: Mapping[str, Order] | None = None) -> None:
            handed.append((dict(units), dict(orders), dict(militia or {})))
            super().__init__(board, units, orders, tracer, militia)

    with monkeypatch.context() as patch:
        patch.setattr(economy, "WorldResolver", Recorded)
        Submission.from_texts(variant, state, texts).process()
    (step,) = handed
    return step


def _names_gone_unit(orders: Mapping[str, Order], units: Mapping[str, Unit]) -> bool:
    """Whether an order supports a unit that was not maintained (no unit of the lean position: such phases
    are left to the general path)."""
    return any(province_of(o.target.loc) not in units for o in orders.values() if hasattr(o, "target"))


def _backs(order: Order, military: Mapping[str, Order]) -> bool:
    if isinstance(order, MilitiaSupportMove):
        move = military.get(province_of(order.target.loc))
        return type(move) is Move and province_of(move.dest) == province_of(order.dest)
    if isinstance(order, MilitiaSupportHold):
        return type(military.get(province_of(order.target.loc))) is not Move
    return False


def _backing_militia(variant: Variant, state: GameState, units: Mapping[str, Unit], military: Mapping[str, Order],
                     militia: Mapping[str, Order], rng: random.Random) -> dict[str, Order]:
    """Other orders for the same militia: mostly supports of the units' orders, some holds and moves."""
    legal = variant.legal_orders(state)  # (with the militia's, by slot)
    chosen: dict[str, Order] = {}
    for key, order in militia.items():
        options = [o for o in legal[order.power][key]  # type: ignore[attr-defined]
                   if not hasattr(o, "target") or province_of(o.target.loc) in units]
        backing = [o for o in options if _backs(o, military)]
        chosen[key] = rng.choice(backing) if backing and rng.random() < 0.8 else rng.choice(options)
    return chosen


def _world_phases(world: tuple[Variant, MapTables], count: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    variant, tables = world
    rng = random.Random(seed)
    compared = 0
    codes: dict[str, int] = {}
    for sampled in world_phases(count, seed):
        state = sampled.state
        units, military, militia = _step_four(variant, state, sampled.orders, monkeypatch)
        assert militia  # (every sampled phase has militia on the board)
        if _names_gone_unit(military, units) or _names_gone_unit(militia, units):
            continue
        phase = str(state.phase)
        for orders in (militia, _backing_militia(variant, state, units, military, militia, rng)):
            _, resolver, result = assert_same(variant, tables, phase, units, military, orders)
            for key in resolver.orders:
                if key.startswith(MILITIA_KEY):
                    code = resolver.explain(key, result.dislodged).detail.code  # type: ignore[union-attr]
                    codes[code] = codes.get(code, 0) + 1
        compared += 1
    assert compared >= count * 3 // 4, f"only {compared} of {count} phases had every supported unit maintained"
    # The militia supports came to every end: given, cut, void.
    assert {"support_given", "support_cut", "void_not_ordered", "void_did_not_hold"} <= set(codes), codes


def test_world_phases(world: tuple[Variant, MapTables], monkeypatch: pytest.MonkeyPatch) -> None:
    _world_phases(world, QUICK_PHASES, 31, monkeypatch)


@pytest.mark.slow
def test_world_phases_soak(world: tuple[Variant, MapTables], monkeypatch: pytest.MonkeyPatch) -> None:
    _world_phases(world, SLOW_PHASES, 1931, monkeypatch)


def test_world_without_militia_is_the_plain_resolver(world: tuple[Variant, MapTables],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The guards change outcomes in these phases (the comparison above is not of a layer that does nothing),
    and with no militia given the lean resolver is the standard one."""
    variant, tables = world
    changed = 0
    for sampled in world_phases(6, 7):
        units, military, militia = _step_four(variant, sampled.state, sampled.orders, monkeypatch)
        if _names_gone_unit(military, units) or _names_gone_unit(militia, units):
            continue
        fought, _, _ = assert_same(variant, tables, str(sampled.state.phase), units, military, militia)
        request: dict[str, Any] = {"variant": variant.id, "phase": str(sampled.state.phase),
                                   "units": units_by_power(units.values())}
        position = lean.read_position(request, variant, tables)
        assert position is not None
        plain = lean.fight(position, lean_orders(position, military))
        assert plain.militia == []
        changed += sum(a[3] != b[3] for a, b in zip(plain.outcomes, fought.outcomes))
    assert changed > 0


# --- hand-made cases on the Standard board --------------------------------------------------------------------


@pytest.fixture(scope="module")
def standard() -> tuple[Variant, MapTables]:
    variant = find_variant("standard")
    return variant, lean.tables_for(variant)


def _unit(text: str, power: str) -> Unit:
    kind, loc = text.split()
    return Unit(power, UnitType(kind), loc)


def decide(standard: tuple[Variant, MapTables], units: Mapping[str, list[str]], orders: Mapping[str, list[str]],
           militia: Mapping[str, str]) -> tuple[Fought, dict[str, str], dict[str, str]]:
    """Both resolvers over a Standard position: ``units`` and ``orders`` by power, ``militia`` as "POWER PROV"
    -> its order ("H", "- BUR", "S A PAR - BUR", "S A BUR"). Answers the lean outcome, and each unit's and each
    militia supporter's result line tail by province (and by ``M:PROV``), checked equal to the general one."""
    variant, tables = standard
    placed = {province_of(u.loc): u for power, texts in units.items() for u in (_unit(t, power) for t in texts)}
    state = GameState(variant.id, variant.initial_state().phase, placed, {}, {}, frozenset(), {}, (), {})
    sub = Submission.from_texts(variant, state, orders)
    military: dict[str, Order] = {}
    for r, key in zip(sub.results, sub.keys):
        assert r.result == SUCCEEDS and key is not None, r
        military[key] = r.typed  # type: ignore[assignment]
    for prov, unit in placed.items():
        military.setdefault(prov, variant.default_order(unit))
    given: dict[str, Order] = {}
    for who, text in militia.items():
        power, prov = who.split()
        me = Unit(power, MILITIA, prov)
        words = text.split()
        if words[0] == "H":
            given[f"M:{prov}"] = MilitiaHold(me)
        elif words[0] == "-":
            given[f"M:{prov}"] = MilitiaMove(me, words[1])
        elif len(words) == 3:
            given[f"M:{prov}"] = MilitiaSupportHold(me, placed[province_of(words[2])])
        else:
            given[f"M:{prov}"] = MilitiaSupportMove(me, placed[province_of(words[2])], words[4])
    fought, resolver, result = assert_same(variant, tables, str(state.phase), placed, military, given)
    lines = {prov: written(resolver.explain(prov, result.dislodged)) for prov in placed}
    supporting = {key: written(resolver.explain(key, result.dislodged)) for key in resolver.orders
                  if key.startswith(MILITIA_KEY)}
    return fought, lines, supporting


def _fails(words: str, json: str) -> str:
    return tail(False, words, json)


def test_a_guard_bounces_a_move_into_an_empty_province(standard: tuple[Variant, MapTables]) -> None:
    _, lines, _ = decide(standard, {"GERMANY": ["A MUN"]}, {"GERMANY": ["A MUN - BUR"]}, {"FRANCE BUR": "H"})
    assert lines["MUN"] == _fails("bounced off BUR (1 vs 1)", '{"code": "bounced_off", "data": {"attack": 1, '
                                  '"backing": [], "defender": null, "dest": "BUR", "resist": 1}}')
    # Supported, the move gets past the guard (which takes nothing from the move: the militia stays).
    fought, lines, _ = decide(standard, {"GERMANY": ["A MUN", "A RUH"]},
                              {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, {"FRANCE BUR": "H"})
    assert lines["MUN"].startswith(', "result": "succeeds", "reason": "moves"')
    # A militia that moves stands guard nowhere.
    _, lines, _ = decide(standard, {"GERMANY": ["A MUN"]}, {"GERMANY": ["A MUN - BUR"]}, {"FRANCE BUR": "- PIC"})
    assert '"succeeds"' in lines["MUN"]


def test_a_guard_adds_to_the_defence_of_the_unit_beside_it(standard: tuple[Variant, MapTables]) -> None:
    _, lines, _ = decide(standard, {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
                         {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, {"FRANCE BUR": "S A BUR"})
    assert lines["MUN"] == _fails("bounced off BUR (2 vs 2)", '{"code": "bounced_off", "data": {"attack": 2, '
                                  '"backing": [{"power": "GERMANY", "type": "A", "loc": "RUH"}], "defender": '
                                  '{"power": "FRANCE", "type": "A", "loc": "BUR"}, "dest": "BUR", "resist": 2}}')
    assert lines["BUR"].startswith(', "result": "succeeds", "reason": "holds"')


def test_a_countrys_own_militia_neither_stands_against_its_move_nor_backs_it(standard: tuple[Variant, MapTables]) -> None:
    # Into an empty province guarded by the attacker's own militia, against another country's army: 1 against 1.
    fought, lines, _ = decide(standard, {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                              {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}, {"FRANCE BUR": "H"})
    assert not fought.moved
    assert lines["PAR"].startswith(', "result": "fails", "reason": "bounced with A MUN in BUR (1 vs 1)"')
    assert lines["MUN"].startswith(', "result": "fails", "reason": "bounced with A PAR in BUR (1 vs 1)"')
    # Two armies of that country bounce there as anywhere.
    fought, lines, _ = decide(standard, {"FRANCE": ["A PAR", "A MAR"]},
                              {"FRANCE": ["A PAR - BUR", "A MAR - BUR"]}, {"FRANCE BUR": "H"})
    assert not fought.moved
    # Alone, its move goes in (the guard doesn't stand against it).
    fought, lines, _ = decide(standard, {"FRANCE": ["A PAR"]}, {"FRANCE": ["A PAR - BUR"]}, {"FRANCE BUR": "H"})
    assert lines["PAR"].startswith(', "result": "succeeds"')
    # With support against a unit standing there: the support decides, not the guard.
    fought, lines, _ = decide(standard, {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]},
                              {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]}, {"FRANCE BUR": "H"})
    assert lines["BUR"].startswith(', "result": "fails", "reason": "dislodged by A PAR"')
    # A move of no strength (against its own country's unit) gets nothing from the guard.
    _, lines, _ = decide(standard, {"FRANCE": ["A PAR", "A BUR"]}, {"FRANCE": ["A PAR - BUR"]}, {"FRANCE BUR": "H"})
    assert lines["PAR"] == _fails("can't dislodge own unit in BUR",
                                  '{"code": "cant_dislodge_own", "data": {"dest": "BUR"}}')


def test_a_guard_leaves_a_head_to_head_battle_to_the_units(standard: tuple[Variant, MapTables]) -> None:
    # The defender of a head-to-head battle is the unit moving out, which the guard doesn't back; nor does it
    # back the attack of its own country.
    fought, lines, _ = decide(standard, {"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]},
                              {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A BUR - PAR"]}, {"FRANCE BUR": "H"})
    assert not fought.moved and not fought.dislodged
    assert lines["PAR"].startswith(', "result": "fails", "reason": "lost head-to-head battle with A BUR (1 vs 1)"')
    _, lines, _ = decide(standard, {"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]},
                         {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A BUR - PAR"]}, {"GERMANY BUR": "H"})
    assert lines["PAR"].startswith(', "result": "fails", "reason": "lost head-to-head battle with A BUR (1 vs 1)"')


def test_three_unit_standoffs_with_a_guard(standard: tuple[Variant, MapTables]) -> None:
    units = {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"], "ITALY": ["A MAR"]}
    moves = {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"], "ITALY": ["A MAR - BUR"]}
    fought, lines, _ = decide(standard, units, moves, {"AUSTRIA BUR": "H"})
    assert not fought.moved and fought.contested == {"BUR"}
    assert lines["PAR"] == _fails("bounced with A MUN in BUR (1 vs 1)", '{"code": "bounced_with", "data": {"attack": 1, '
                                  '"backing": [], "dest": "BUR", "other": {"power": "GERMANY", "type": "A", "loc": '
                                  '"MUN"}, "resist": 1}}')
    # The guard's own country's army gets nothing from it: the three still stand each other off.
    fought, lines, _ = decide(standard, units, moves, {"GERMANY BUR": "H"})
    assert not fought.moved and fought.contested == {"BUR"}
    assert lines["MUN"].startswith(', "result": "fails"')
    # A supported one gets in past the guard and the other two.
    supported = {**units, "FRANCE": ["A PAR", "A PIC"]}
    fought, lines, _ = decide(standard, supported, {**moves, "FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"]},
                              {"GERMANY BUR": "H"})
    assert [fought.position.prov[u] for u in fought.moved] == ["PAR"]
    assert lines["MUN"].startswith(', "result": "fails", "reason": "beaten to BUR by A PAR')
    # A militia supporter of the guard's country brings its army level: all bounce.
    fought, lines, supporting = decide(standard, supported, {**moves, "FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"]},
                                       {"GERMANY BUR": "H", "GERMANY RUH": "S A MUN - BUR"})
    assert supporting == {"M:RUH": tail(True, "given", '{"code": "support_given", "data": {}}')}
    assert not fought.moved
    assert lines["PAR"].startswith(', "result": "fails", "reason": "bounced with A MUN in BUR (2 vs 2)"')
    assert '{"power": "GERMANY", "type": "M", "loc": "RUH"}' in lines["PAR"]  # (its backing)


def test_a_militia_supports_a_move(standard: tuple[Variant, MapTables]) -> None:
    fought, lines, supporting = decide(standard, {"FRANCE": ["A PIC"], "GERMANY": ["A BEL"]},
                                       {"FRANCE": ["A PIC - BEL"]}, {"FRANCE BUR": "S A PIC - BEL"})
    assert lines["BEL"].startswith(', "result": "fails", "reason": "dislodged by A PIC"')
    assert supporting["M:BUR"] == tail(True, "given", '{"code": "support_given", "data": {}}')
    # Against a hold backed by a unit and a militia, the backing lists the militia.
    _, lines, _ = decide(standard, {"FRANCE": ["A PIC"], "GERMANY": ["A BEL", "A HOL"]},
                         {"FRANCE": ["A PIC - BEL"], "GERMANY": ["A HOL S A BEL"]},
                         {"FRANCE BUR": "S A PIC - BEL", "GERMANY RUH": "S A BEL"})
    assert lines["PIC"] == _fails("bounced off BEL (2 vs 3)", '{"code": "bounced_off", "data": {"attack": 2, "backing": '
                                  '[{"power": "FRANCE", "type": "M", "loc": "BUR"}, {"power": "GERMANY", "type": "A", '
                                  '"loc": "HOL"}, {"power": "GERMANY", "type": "M", "loc": "RUH"}], "defender": '
                                  '{"power": "GERMANY", "type": "A", "loc": "BEL"}, "dest": "BEL", "resist": 3}}')
    # A militia never supports against its own country (the unit attacked is of its country).
    _, lines, _ = decide(standard, {"FRANCE": ["A PIC"], "GERMANY": ["A BEL"]},
                         {"FRANCE": ["A PIC - BEL"]}, {"GERMANY BUR": "S A PIC - BEL"})
    assert lines["PIC"].startswith(', "result": "fails", "reason": "bounced off BEL (1 vs 1)"')


def test_a_militia_support_is_cut(standard: tuple[Variant, MapTables]) -> None:
    cut = tail(False, "cut", '{"code": "support_cut", "data": {"by": []}}')
    given = tail(True, "given", '{"code": "support_given", "data": {}}')
    units = {"FRANCE": ["A MAR"], "ITALY": ["A GAS"], "GERMANY": ["A MUN"]}
    # A move into the militia's province cuts its support (the resolver names no cutter for a militia).
    fought, lines, supporting = decide(standard, units, {"FRANCE": ["A MAR - GAS"], "GERMANY": ["A MUN - BUR"]},
                                       {"FRANCE BUR": "S A MAR - GAS"})
    assert supporting == {"M:BUR": cut}
    assert lines["MAR"].startswith(', "result": "fails", "reason": "bounced off GAS (1 vs 1)"')
    # Not by an attack from the province the support goes into: the support is given, and the attacker,
    # bounced off the guard, is dislodged.
    fought, lines, supporting = decide(standard, units, {"FRANCE": ["A MAR - GAS"], "ITALY": ["A GAS - BUR"]},
                                       {"FRANCE BUR": "S A MAR - GAS"})
    assert supporting == {"M:BUR": given}
    assert lines["GAS"].startswith(', "result": "fails", "reason": "bounced off BUR (1 vs 1)"')
    assert {fought.position.prov[d]: fought.position.prov[a] for d, a in fought.dislodged.items()} == {"GAS": "MAR"}
    # Not by a move of its own country.
    _, _, supporting = decide(standard, {"FRANCE": ["A MAR", "A PAR"], "ITALY": ["A GAS"]},
                              {"FRANCE": ["A MAR - GAS", "A PAR - BUR"]}, {"FRANCE BUR": "S A MAR - GAS"})
    assert supporting == {"M:BUR": given}
    # A support of a unit holding, cut.
    attackers = {"FRANCE": ["A PAR"], "GERMANY": ["A PIC", "A BRE", "A MUN"]}
    _, lines, supporting = decide(standard, attackers, {"GERMANY": ["A PIC - PAR", "A BRE S A PIC - PAR", "A MUN - BUR"]},
                                  {"FRANCE BUR": "S A PAR"})
    assert supporting == {"M:BUR": cut}
    assert lines["PAR"].startswith(', "result": "fails", "reason": "dislodged by A PIC"')
    _, lines, supporting = decide(standard, attackers, {"GERMANY": ["A PIC - PAR", "A BRE S A PIC - PAR"]},
                                  {"FRANCE BUR": "S A PAR"})
    assert supporting == {"M:BUR": given}
    assert lines["PIC"].startswith(', "result": "fails", "reason": "bounced off PAR (2 vs 2)"')
    # Only by a move that has a path: an army by convoy with no convoy ordered cuts nothing.
    convoyed = {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["A PIC"]}
    _, lines, supporting = decide(standard, convoyed, {"ENGLAND": ["A LON - BEL", "F NTH H"]}, {"FRANCE BEL": "S A PIC"})
    assert supporting == {"M:BEL": given}
    assert lines["LON"].startswith(', "result": "fails", "reason": "no convoy ordered"')
    _, lines, supporting = decide(standard, convoyed, {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL"]},
                                  {"FRANCE BEL": "S A PIC"})
    assert supporting == {"M:BEL": cut}
    assert lines["LON"].startswith(', "result": "fails", "reason": "bounced off BEL (1 vs 1)"')


def test_a_militia_whose_province_is_taken(standard: tuple[Variant, MapTables]) -> None:
    # A foreign move that gets into the militia's province: its support fails as if cut (the general
    # resolver counts it dislodged, and never lists it among the dislodged units).
    fought, _, supporting = decide(standard, {"FRANCE": ["A MAR"], "ITALY": ["A GAS"], "GERMANY": ["A MUN", "A RUH"]},
                                   {"FRANCE": ["A MAR - GAS"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]},
                                   {"FRANCE BUR": "S A MAR - GAS"})
    assert supporting == {"M:BUR": tail(False, "cut", '{"code": "support_cut", "data": {"by": []}}')}
    assert list(fought.moved.values()) == ["BUR"] and fought.dislodged == {}


def test_void_militia_supports(standard: tuple[Variant, MapTables]) -> None:
    _, _, supporting = decide(standard, {"FRANCE": ["A PAR", "A MAR"]}, {"FRANCE": ["A PAR - PIC", "A MAR - SPA"]},
                              {"FRANCE BUR": "S A PAR", "FRANCE GAS": "S A MAR - BUR"})
    assert supporting == {
        "M:BUR": tail(False, "void: A PAR did not hold",
                      '{"code": "void_did_not_hold", "data": {"target": {"power": "FRANCE", "type": "A", "loc": "PAR"}}}'),
        "M:GAS": tail(False, "void: A MAR was not ordered to BUR",
                      '{"code": "void_not_ordered", "data": {"dest": "BUR", "target": {"power": "FRANCE", "type": "A", '
                      '"loc": "MAR"}}}')}
    # A militia supporting the unit in its own province guards it: no supporter of its own.
    fought, _, supporting = decide(standard, {"FRANCE": ["A PAR"]}, {}, {"FRANCE PAR": "S A PAR"})
    assert supporting == {} and fought.militia == []
