"""The World lean path's one-pass position reading (engine/variants/world31/lean/position.py) against the general
reading (``contract.state_from_request``, then ``read_world_position``): the same ``GameState`` in every field
and order (the ledger's dicts, the militia) and the same lean records, over seeded random games and requests
written otherwise (lists reordered, ledger parts left out or added to); every broken request is left to the
general reading, so the contract's errors are unchanged."""
from __future__ import annotations

import copy
import json
import random

import pytest

import engine
import engine.variants.world31.lean as world_lean
from engine.contract import adjudicate_json, forget_positions, position_of, state_from_request
from engine.game import Game
from engine.lean import tables_for
from engine.variants.world31.lean.position import read_plain_world
from engine.variants.world31.lean.reading import read_world_position

from world31_lean_cases import world_phases


@pytest.fixture(scope="module")
def variant():
    return Game.new("world31").variant


@pytest.fixture(scope="module")
def phases():
    return world_phases(24, 31)


def _shape(value):
    """A value with every dict's key order made visible (``==`` on dicts ignores it)."""
    if isinstance(value, dict):
        return [(k, _shape(v)) for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [_shape(v) for v in value]
    return value


def _read_alike(variant, request) -> bool:
    """The one-pass reading of ``request`` equals the general one (when it reads it); whether it read it."""
    tables = tables_for(variant)
    got = read_plain_world(request, variant, tables)
    if got is None:
        return False
    assert variant.ledger(got.state) is got.ledger  # kept for the phase, as the general reading keeps its own
    _, general = state_from_request(request)
    state = got.state
    for name in state.__dataclass_fields__:
        mine, theirs = getattr(state, name), getattr(general, name)
        assert mine == theirs, name
        assert _shape(mine) == _shape(theirs), name
    expected = read_world_position(request, variant, tables, general)
    assert expected is not None
    base, want = got.base, expected.base
    for name in ("units", "prov", "text", "json", "power", "at", "phase", "phase_text", "season"):
        assert getattr(base, name) == getattr(want, name), name
    assert _shape(base.centers) == _shape(want.centers)
    assert got.ledger == expected.ledger and got.frozen == expected.frozen
    return True


def _answered_alike(request) -> None:
    """``engine.adjudicate`` answers ``request`` as the general path does, dict and text (or raises its error)."""
    world_lean.ENABLED = False
    try:
        forget_positions()
        try:
            general = engine.adjudicate(copy.deepcopy(request)), adjudicate_json(json.dumps(request))
        except engine.RequestError as exc:
            general = exc
    finally:
        world_lean.ENABLED = True
    forget_positions()
    if isinstance(general, engine.RequestError):
        with pytest.raises(engine.RequestError) as raised:
            engine.adjudicate(request)
        assert (raised.value.field, str(raised.value)) == (general.field, str(general))
        forget_positions()
        with pytest.raises(engine.RequestError) as raised:
            adjudicate_json(json.dumps(request))
        assert (raised.value.field, str(raised.value)) == (general.field, str(general))
        return
    assert engine.adjudicate(request) == general[0]
    forget_positions()
    assert adjudicate_json(json.dumps(request)) == general[1]


def _request(variant, p) -> dict:
    return {**position_of(variant, p.state), "orders": p.orders}


def test_random_games_read_alike(variant, phases):
    for p in phases:
        assert _read_alike(variant, _request(variant, p))
    assert sum(bool(p.state.stacked) for p in phases) >= len(phases) // 2  # (militia among them)


def _rewritten(variant, p, rng: random.Random) -> dict:
    """The request written otherwise, every part still good: powers and lists reordered, ledger parts left
    out, reordered or extended, a centre listed twice, dislodged units and standoffs as empty values."""
    request = copy.deepcopy(_request(variant, p))
    units = list(request["units"].items())
    rng.shuffle(units)
    request["units"] = {power: rng.sample(texts, len(texts)) for power, texts in units}
    centers = list(request["centers"].items())
    rng.shuffle(centers)
    request["centers"] = dict(centers)
    if centers and rng.random() < 0.3:
        (first, owned), (second, _) = centers[0], centers[-1]
        if owned:
            request["centers"][second] = [*request["centers"][second], owned[0]]  # owned by the later
    extra = request["extra"]
    for key in ("money", "homes", "control"):
        r = rng.random()
        if r < 0.15:
            del extra[key]
        elif r < 0.3:
            items = list(extra[key].items())
            rng.shuffle(items)
            extra[key] = dict(items[: len(items) - rng.randrange(3)])  # reordered, a few left out
    if rng.random() < 0.2:
        extra["control"] = {**extra.get("control", {}), "EP1": "FRANCE"}  # (a place the map's control may leave out)
    if rng.random() < 0.2:
        extra["homes"] = {**extra.get("homes", {}), "CUBA": ["SA52"]}
    keys = list(extra.items())
    rng.shuffle(keys)
    request["extra"] = dict(k for k in keys if k[0] not in ("rebellions", "loans", "bribes") or rng.random() < 0.7)
    request["dislodged"] = rng.choice([{}, None])
    request["contested"] = rng.choice([[], None])
    for key in ("dislodged", "contested"):
        if request[key] is None and rng.random() < 0.5:
            del request[key]
    return request


def test_requests_written_otherwise_read_alike(variant, phases):
    rng = random.Random(5)
    read = 0
    for p in phases:
        for _ in range(3):
            request = _rewritten(variant, p, rng)
            read += _read_alike(variant, request)
            _answered_alike(request)
    assert read >= 2 * len(phases)


def _broken(variant, p) -> list[dict]:
    """Requests each with one fault (or one part the general reading reads and the one-pass reading
    leaves to it)."""
    request = _request(variant, p)
    state = p.state
    units = request["units"]
    some = next(power for power, texts in units.items() if any(t[0] in "AF" for t in texts))
    army_or_fleet = next(t for t in units[some] if t[0] in "AF")
    other = next(power for power in units if power != some)
    guarded = next(s for s in state.stacked if s.province in state.units)
    beside = state.units[guarded.province]
    lone = next((s for s in state.stacked if s.province not in state.units), None)
    out: list[dict] = []

    def changed(**parts) -> None:
        out.append({**copy.deepcopy(request), **parts})

    def units_with(power, texts) -> dict:
        return {**units, power: texts}

    changed(units=units_with(some, [*units[some], "A XX9"]))
    changed(units=units_with(some, [*units[some], "Q NA1"]))
    changed(units=units_with(some, [*units[some], army_or_fleet]))  # the same unit twice
    changed(units=units_with(other, [*units[other], army_or_fleet]))  # two units in one province
    changed(units=units_with(some, [*units[some], army_or_fleet.lower()]))  # read by the general reading
    changed(units=units_with(some, [*units[some], ["A", "NA1"]]))
    changed(units=units_with(some, [*units[some], 7]))
    changed(units=units_with(some, "A NA1"))
    changed(units={**units, "NOBODY": []})
    changed(units={**units, some.lower(): units[some]})
    changed(units=units_with(some, [*units[some], "M ATL"]))  # a militia at sea
    changed(units=units_with(some, [*units[some], "M SA56/EC"]))
    wrong_owner = next(power for power in units if power != beside.power)
    changed(units=units_with(wrong_owner, [*units[wrong_owner], f"M {guarded.loc}"]))  # beside another's unit
    changed(units=units_with(beside.power, [*units[beside.power], f"M {guarded.loc}"]))  # two militia
    alone = next(u for prov, u in state.units.items() if u.type.value == "A" and not state.stacked_in(prov))
    stranger = next(power for power in units if power != alone.power)
    changed(units=units_with(stranger, [*units[stranger], f"M {alone.loc}"]))  # beside another's army
    changed(units=units_with(alone.power, [*units[alone.power], f"M {alone.loc}"]))  # beside its own: good
    if lone is not None:
        changed(units=units_with(lone.power, [t for t in units[lone.power] if t != f"M {lone.loc}"]
                                 + [f"A {lone.loc}"]))  # an army beside its own militia: good
    changed(units=[])
    changed(units=None)
    changed(centers={**request["centers"], some: ["NA1"] if "NA1" not in variant.board.supply_centers else ["ATL"]})
    changed(centers={**request["centers"], "NOBODY": []})
    changed(centers={**request["centers"], some: "NA5"})
    changed(centers={**request["centers"], some: [["NA5"]]})
    changed(centers=None)  # the start's centres: read by the general reading
    changed(centers=[])
    changed(phase="S1901X")
    changed(phase="W2001R")
    changed(phase="s" + request["phase"][1:])
    changed(phase=None)
    changed(phase=7)
    changed(dislodged={some: [{"unit": army_or_fleet, "attacker": "NA1"}]})
    changed(dislodged=[])
    changed(contested=["NA1"])
    changed(contested="NA1")
    changed(contested={})
    extra = request["extra"]
    changed(extra=None)
    changed(extra=[])
    changed(extra={**extra, "treasury": {}})
    changed(extra={**extra, "money": {**extra["money"], some: -5}})
    changed(extra={**extra, "money": {**extra["money"], "NOBODY": 5}})
    changed(extra={**extra, "money": [1, 2]})
    changed(extra={**extra, "money": None})
    changed(extra={**extra, "homes": {**extra["homes"], some: "NA1"}})
    changed(extra={**extra, "homes": {**extra["homes"], some: ["XX9"]}})
    changed(extra={**extra, "homes": None})
    changed(extra={**extra, "homes": []})
    changed(extra={**extra, "homes": {**extra["homes"], "NOBODY": ["NA1"]}})
    changed(extra={**extra, "control": {**extra["control"], "XX9": some}})
    changed(extra={**extra, "control": {**extra["control"], "NA1": "NOBODY"}})
    changed(extra={**extra, "control": "all"})
    changed(extra={**extra, "rebellions": ["XX9"]})
    changed(extra={**extra, "rebellions": "NA1"})
    changed(extra={**extra, "rebellions": None})
    changed(extra={**extra, "loans": [{"power": some, "owed": 0, "due": "W2030M"}]})
    changed(extra={**extra, "loans": [{"power": some, "owed": 100, "due": "W2030M"}]})  # good, not the lean path's
    changed(extra={**extra, "bribes": [{"briber": some}]})
    return out


def test_broken_requests_are_the_general_readings(variant, phases):
    tables = tables_for(variant)
    for p in phases[:4]:
        for request in _broken(variant, p):
            got = read_plain_world(request, variant, tables)
            if got is not None:  # (only a good position: an army beside its own militia)
                assert _read_alike(variant, request)
            _answered_alike(request)


def test_the_lean_path_reads_a_plain_position_once(variant, phases):
    """A plain request's position is read by the one-pass reading alone; a request it leaves (units written
    otherwise) is read by the general reading, as before (and, its records needing canonical texts, left
    to the general path)."""
    from engine.contract import _orders
    from engine.variants.world31.lean import answer

    asked: list[str] = []

    def general_reading(request):
        def state_of():
            asked.append(request["phase"])
            return state_from_request(request)[1]
        return state_of

    request = _request(variant, phases[0])
    assert answer.adjudicate_text(variant, request, general_reading(request), lambda: _orders(request, variant))
    assert asked == []
    lowered = {**request, "units": {p: [t.lower() for t in ts] for p, ts in request["units"].items()}}
    assert answer.adjudicate_text(variant, lowered, general_reading(lowered), lambda: _orders(lowered, variant)) is None
    assert asked == [request["phase"]]
