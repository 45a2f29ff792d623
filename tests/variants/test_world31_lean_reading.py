"""The World lean path's reading (engine/variants/world31/lean/reading.py) against the general path's: every
written line read to the same order text, the same verdict and words, the same slot, and the armies' and
fleets' orders handed on in the same order, over seeded random games with odd, broken and clashing lines."""
from __future__ import annotations

import json
import random

import pytest

from engine.contract import position_of, state_from_request
from engine.game import Game
from engine.lean import tables_for
from engine.phases import INVALID as GENERAL_INVALID
from engine.phases import Submission
from engine.variants.world31.lean.reading import INVALID, SEVERAL, own_index, read_world_orders, read_world_position

from world31_lean_cases import odd_lines, world_phases


@pytest.fixture(scope="module")
def phases():
    return world_phases(16, 2024)


@pytest.fixture(scope="module")
def variant():
    return Game.new("world31").variant


def _compare(variant, state, request, orders):
    tables = tables_for(variant)
    position = read_world_position(request, variant, tables, state)
    assert position is not None
    read = read_world_orders(position, orders)
    assert read is not None
    made, own_slots = read
    sub = Submission.from_texts(variant, state, orders)
    assert len(made.lines) == len(sub.results)
    base = position.base
    for (power, quoted, ref, why), r, key in zip(made.lines, sub.results, sub.keys):
        assert power == r.power
        assert json.loads(quoted) == r.order
        if ref == INVALID:
            assert r.result == GENERAL_INVALID and r.why().data["text"] == why, (r, why)
        elif ref == SEVERAL:
            assert r.result == GENERAL_INVALID and r.why().code == "several_orders", r
        else:
            assert r.result != GENERAL_INVALID, r
            assert key == (base.prov[ref] if ref >= 0 else own_slots[own_index(ref)])
    # The armies' and fleets' orders as the resolver gets them: in the order first written, then the rest.
    usable = [k for k, r in zip(sub.keys, sub.results) if k is not None and r.result != GENERAL_INVALID]
    written = list(dict.fromkeys(k for k in usable if k in state.units))
    sequence = [base.prov[i] for i in made.military.sequence]
    assert sequence == written + [p for p in state.units if p not in written]
    by_slot = {}
    for items in sub.orders.values():
        for o in items:
            by_slot.setdefault(variant.order_key(o), o)
    for key, order in made.own.items():
        assert by_slot[key] == order
    assert {k for k in by_slot if k not in state.units} == set(made.own)


def test_random_games_read_alike(phases, variant):
    for phase in phases:
        request = {**position_of(variant, phase.state), "orders": phase.orders}
        _, state = state_from_request(request)
        _compare(variant, state, request, phase.orders)


def test_odd_lines_read_alike(phases, variant):
    rng = random.Random(7)
    for phase in phases:
        request = {**position_of(variant, phase.state), "orders": phase.orders}
        _, state = state_from_request(request)
        _compare(variant, state, request, odd_lines(rng, phase.orders, state))


def test_a_bribe_goes_to_the_general_path(phases, variant):
    phase = phases[0]
    request = {**position_of(variant, phase.state), "orders": phase.orders}
    _, state = state_from_request(request)
    position = read_world_position(request, variant, tables_for(variant), state)
    victim = next(u for u in state.units.values() if u.power != "CANADA" and u.loc not in variant.frozen(state))
    orders = {**phase.orders, "CANADA": [*phase.orders.get("CANADA", []), f"BRIBE {victim} $9"]}
    assert read_world_orders(position, orders) is None
