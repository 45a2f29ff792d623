"""The World lean path (engine/variants/world31/lean) against the general path: the same response, dict and
text, byte for byte, over seeded random games (upkeep, purchases, militia, freezing, units lost for want of
upkeep, dislodged units), with odd, broken and clashing lines, and the requests it leaves to the general path."""
from __future__ import annotations

import json
import random

import pytest

import engine
import engine.variants.world31.lean as world_lean
from engine import contract
from engine.contract import adjudicate_json, forget_positions, position_of
from engine.game import Game

from world31_lean_cases import odd_lines, world_phases


@pytest.fixture(scope="module")
def variant():
    return Game.new("world31").variant


@pytest.fixture(scope="module")
def phases():
    return world_phases(40, 1815)


def _general(request: dict) -> tuple[dict, str]:
    world_lean.ENABLED = False
    try:
        forget_positions()
        return engine.adjudicate(request), adjudicate_json(json.dumps(request))
    finally:
        world_lean.ENABLED = True


def _lean_text(request: dict) -> str | None:
    """The lean path's own answer (``None``: it leaves the request to the general path)."""
    forget_positions()
    answer = contract._lean_answer(request)
    assert answer is None or type(answer) is str
    return answer


def _containers(value, seen: dict[int, object]) -> None:
    """Every dict and list in ``value`` by id (kept alive in ``seen``); fails on one met twice."""
    if isinstance(value, (dict, list)):
        assert id(value) not in seen, f"a container shared within or between responses: {value!r}"
        seen[id(value)] = value
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, seen)


def _same(variant, request: dict) -> bool:
    """Both paths answer ``request`` alike (the dict equal and dumped byte for byte alike, every container of
    it its own: none shared with another response, nor within it); whether the lean path answered it."""
    general, general_text = _general(request)
    forget_positions()
    lean = engine.adjudicate(request)
    assert lean == general
    assert json.dumps(lean) == json.dumps(general)
    again = engine.adjudicate(request)  # (the position kept: the second answer is made from the same records)
    assert again == general
    seen: dict[int, object] = {}
    _containers(lean, seen)
    _containers(again, seen)
    forget_positions()
    assert adjudicate_json(json.dumps(request)) == general_text
    text = _lean_text(request)
    if text is not None:
        assert text == general_text
    return text is not None


def test_random_games_answer_alike(variant, phases):
    served = [_same(variant, {**position_of(variant, p.state), "orders": p.orders}) for p in phases]
    assert all(served)  # (the random players' phases are all usual ones)


def test_every_kind_of_turn_is_among_them(variant, phases):
    """The phases above hold what the lean path must get right: upkeep and purchases, frozen seasons, units
    lost for want of upkeep (and orders supporting them), retreats to come and units destroyed at once."""
    seen = set()
    for p in phases:
        result = Game.new("world31")
        result.replace_state(p.state)
        for power, texts in p.orders.items():
            result.set_orders(power, texts, ready=True)
        outcome = result.process()
        codes = {r.why().code for r in outcome.results}
        seen |= codes & {"maintained", "bought", "not_maintained", "militia_moves", "militia_lost", "destroyed_no_retreat",
                         "void_not_ordered", "dislodged_by"}
        if variant.frozen(p.state):
            seen.add("frozen season")
        if outcome.state.dislodged:
            seen.add("retreats follow")
    assert seen >= {"maintained", "bought", "not_maintained", "militia_moves", "destroyed_no_retreat", "dislodged_by",
                    "frozen season", "retreats follow"}


def test_odd_lines_answer_alike(variant, phases):
    rng = random.Random(11)
    served = 0
    for p in phases[:20]:
        orders = odd_lines(rng, p.orders, p.state)
        served += _same(variant, {**position_of(variant, p.state), "orders": orders})
    assert served == 20


def test_lines_with_escapes_answer_alike(variant, phases):
    """Order lines JSON writes with escapes (quotes, backslashes, other scripts, a lone surrogate) come back
    in the dict answer as they were written."""
    p = phases[0]
    power = next(iter(p.orders))
    odd = ['A NA1 "H"', "F X\\Y - Z", "A Ñandú H", "A \ud800 H", "\t A NA1 H \n", "M 東京 H"]
    request = {**position_of(variant, p.state), "orders": {**p.orders, power: [*p.orders[power], *odd]}}
    assert _same(variant, request)


def test_a_country_short_of_money(variant, phases):
    """Countries that can't pay all their upkeep lose units in the order they listed them; orders that
    support or convoy those units are void."""
    checked = 0
    for p in phases:
        if not variant.is_economy_phase(p.state.phase):
            continue
        request = position_of(variant, p.state)
        request["extra"] = {**request["extra"], "money": {power: 300 for power in request["extra"]["money"]}}
        request["orders"] = p.orders
        assert _same(variant, request)
        checked += 1
    assert checked >= 10


def test_left_to_the_general_path(variant, phases):
    p = next(p for p in phases if variant.is_economy_phase(p.state.phase))
    request = {**position_of(variant, p.state), "orders": p.orders}
    victim = next(u for u in p.state.units.values() if u.power != "CANADA" and u.loc not in variant.frozen(p.state))
    bribe = {**request, "orders": {**p.orders, "CANADA": [*p.orders.get("CANADA", []), f"BRIBE {victim} $9"]}}
    loan = {**request, "extra": {**request["extra"], "loans": [{"power": "CANADA", "owed": 1200, "due": "W2030M"}]}}
    advanced = {**request, "options": {"currencies": "advanced"}}
    for other in (bribe, loan, advanced):
        assert not _same(variant, other)
    assert _same(variant, request)


def test_errors_are_the_general_paths(variant, phases):
    p = phases[0]
    request = {**position_of(variant, p.state), "orders": {"NOBODY": ["A NA1 H"]}}
    with pytest.raises(engine.RequestError) as general:
        _general(request)
    forget_positions()
    with pytest.raises(engine.RequestError) as lean:
        engine.adjudicate(request)
    assert str(lean.value) == str(general.value)
