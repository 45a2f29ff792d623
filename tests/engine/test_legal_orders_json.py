"""The contract's fast paths against the general ones, on random positions of every registered variant.

``engine.legal_orders_json`` writes its answer from per-map JSON fragments, and a request in the plain form
programs write is read from per-map tables without the general reading. Here every phase kind (movement,
retreats, adjustments) of random games of every variant goes both ways, each call from cold: the JSON text
is exactly ``json.dumps`` of the dict answer, each unit's orders are exactly the typed options' (the general
listing, ``Variant.legal_orders``), the position read is the one the general reading reads, and a request
spoiled in any of the ways a program gets it wrong is refused with the general reading's error.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable

import pytest

import engine
from engine.bots import play_random_phase
from engine.contract import caller_powers, forget_positions, position_of, state_from_request
from engine.game import Game
from engine.options import legal_orders_for_state, legal_orders_json_for_state
from engine.state import GameState
from engine.types import PhaseType, RequestError
from engine.variants import Variant, find_variant, variant_ids


def _games(name: str, seed: int, count: int) -> list[tuple[Variant, GameState]]:
    """Positions of random games of ``name``: every retreat and adjustment phase, some movement phases (a
    game that ends early, as small EMG boards' do, is followed by another)."""
    rng = random.Random(seed)
    variant = find_variant(name)
    out: list[tuple[Variant, GameState]] = []
    for _ in range(10):
        game = Game(variant, variant.initial_state())
        out.append((game.variant, game.state))
        while len(out) < count and not game.is_over:
            play_random_phase(game, rng)
            if game.state.phase.type is not PhaseType.MOVEMENT or rng.random() < 0.3:
                out.append((game.variant, game.state))
        if len(out) >= count:
            break
    return out


def _typed(variant: Variant, state: GameState) -> dict[str, dict[str, list[str]]]:
    """The general listing: the typed options, as sorted texts, of the powers a caller orders for."""
    return {power: {slot: sorted(str(o) for o in orders) for slot, orders in per.items()}
            for power, per in variant.legal_orders(state).items() if power in caller_powers(variant)}


def _sorted(answer: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {power: {slot: sorted(texts) for slot, texts in per.items()} for power, per in answer.items()}


@pytest.mark.parametrize("name", variant_ids())
def test_the_json_listing_is_the_general_one(name: str) -> None:
    positions = _games(name, seed=4, count=5 if name == "world31" else 16)  # (the World's phases are slow to play)
    for variant, state in positions:
        text = json.dumps(position_of(variant, state))
        forget_positions()
        answer = engine.legal_orders_json(text)
        forget_positions()
        as_dicts = engine.legal_orders(json.loads(text))
        assert answer == json.dumps(as_dicts), (name, str(state.phase))
        read_variant, read = state_from_request(json.loads(text))
        assert _sorted(as_dicts) == _typed(read_variant, read), (name, str(state.phase))
        # The same through the options module, from the position itself.
        assert legal_orders_json_for_state(variant, state) == json.dumps(legal_orders_for_state(variant, state))
    assert len(positions) >= 5


def test_the_json_listing_over_many_standard_positions() -> None:
    """Every unit's fragments meet on some board: many positions of one map, each answer checked whole."""
    pairs = 0
    for seed in range(8):
        for variant, state in _games("standard", seed=100 + seed, count=25):
            text = json.dumps(position_of(variant, state))
            forget_positions()
            answer = engine.legal_orders_json(text)
            # (Each list's order follows the order the request gives the units in: the position as read.)
            assert answer == json.dumps(legal_orders_for_state(*state_from_request(json.loads(text)))), str(state.phase)
            assert _sorted(json.loads(answer)) == _typed(variant, state), str(state.phase)
            pairs += len(state.units)
    assert pairs > 3000


def test_the_games_reach_every_phase_kind() -> None:
    assert {state.phase.type for _, state in _games("standard", seed=4, count=16)} == set(PhaseType)


@lru_cache(maxsize=None)
def _plain_requests() -> list[dict[str, Any]]:
    """Requests as programs write them (no dislodged units, no options): movement and adjustment phases
    of random standard and Colonial games."""
    out = []
    for name in ("standard", "colonial"):
        for variant, state in _games(name, seed=9, count=12):
            if state.phase.type is not PhaseType.RETREATS and not variant.options:
                request = position_of(variant, state)
                out.append({key: request[key] for key in ("variant", "phase", "units", "centers")})
    return out


def _general(request: dict[str, Any]) -> tuple[Variant, GameState]:
    """The general reading of ``request``: a mapping that isn't a dict never takes the plain one."""
    return state_from_request(MappingProxyType(request))


def test_a_plain_request_reads_as_the_general_reading_reads_it() -> None:
    from engine.contract import _plain_position, _variant

    requests = _plain_requests()
    assert len(requests) > 15
    for request in requests:
        assert _plain_position(_variant(request), request) is not None, request["phase"]  # the plain reading ran
        variant, state = state_from_request(request)
        general_variant, general = _general(request)
        assert type(variant) is type(general_variant)
        assert state == general
        assert list(state.units) == list(general.units)  # the same order of units, so the same answers
        assert state_from_request({**request, "centers": None})[1] == _general({**request, "centers": None})[1]


Spoil = Callable[[dict[str, Any]], None]


def _first_power(request: dict[str, Any]) -> str:
    return next(iter(request["units"]))


SPOILS: dict[str, Spoil] = {
    "unknown province": lambda r: r["units"][_first_power(r)].append("A XYZ"),
    "units in lower case": lambda r: r["units"].update({p: [u.lower() for u in units] for p, units in r["units"].items()}),
    "a fleet inland": lambda r: r["units"][_first_power(r)].append("F MUN"),
    "an army at sea": lambda r: r["units"][_first_power(r)].append("A NTH"),
    "a fleet without its coast": lambda r: r["units"][_first_power(r)].append("F STP"),
    "two units in a province": lambda r: r["units"][_first_power(r)].append(r["units"][_first_power(r)][0]),
    "unknown power": lambda r: r["units"].update({"ATLANTIS": ["A PAR"]}),
    "power in lower case": lambda r: r["units"].update({_first_power(r).lower(): r["units"].pop(_first_power(r))}),
    "units not a list": lambda r: r["units"].update({_first_power(r): "A PAR"}),
    "unit not a string": lambda r: r["units"][_first_power(r)].append(["A PAR"]),
    "units not an object": lambda r: r.update(units=["A PAR"]),
    "units missing": lambda r: r.pop("units"),
    "unknown centre": lambda r: r["centers"].setdefault(_first_power(r), []).append("XYZ"),
    "a centre that isn't one": lambda r: r["centers"].setdefault(_first_power(r), []).append("BUR"),
    "centre not a string": lambda r: r["centers"].setdefault(_first_power(r), []).append({"PAR": 1}),
    "centres not a list": lambda r: r["centers"].update({_first_power(r): "PAR"}),
    "centres of an unknown power": lambda r: r["centers"].update({"ATLANTIS": ["PAR"]}),
    "centres not an object": lambda r: r.update(centers=["PAR"]),
    "phase missing": lambda r: r.pop("phase"),
    "phase not a string": lambda r: r.update(phase=1901),
    "phase in lower case": lambda r: r.update(phase=r["phase"].lower()),
    "phase of no season": lambda r: r.update(phase="X" + r["phase"][1:]),
    "phase too early": lambda r: r.update(phase=r["phase"][0] + "1000" + r["phase"][-1]),
    "phase too late": lambda r: r.update(phase=r["phase"][0] + "9999" + r["phase"][-1]),
    "phase of digits not ASCII": lambda r: r.update(phase=r["phase"][0] + "\u0661\u0669\u0660\u0661" + r["phase"][-1]),
    "retreat phase without dislodged units": lambda r: r.update(phase=r["phase"][:-1] + "R"),
    "adjustments out of winter": lambda r: r.update(phase="S" + r["phase"][1:-1] + "A"),
    "dislodged in movement": lambda r: r.update(dislodged={_first_power(r): [{"unit": "A PAR", "attacker": "BUR"}]}),
    "dislodged not an object": lambda r: r.update(dislodged=["A PAR"]),
    "dislodged empty list": lambda r: r.update(dislodged=[]),
    "contested unknown": lambda r: r.update(contested=["XYZ"]),
    "contested not a list": lambda r: r.update(contested="BUR"),
    "contested zero": lambda r: r.update(contested=0),
    "options not an object": lambda r: r.update(options=["x"]),
    "unknown option": lambda r: r.update(options={"no_such_option": 1}),
    "extra not an object": lambda r: r.update(extra=[1]),
    "unknown variant": lambda r: r.update(variant="no-such-variant"),
    "variant not a string": lambda r: r.update(variant=["standard"]),
}


def _outcome(read: Callable[[], tuple[Variant, GameState]]) -> Any:
    """A reading's result: the position, or the error's field and words."""
    try:
        variant, state = read()
    except RequestError as exc:
        return ("refused", exc.field, str(exc))
    return ("read", type(variant), state)


# Requests the general reading reads all the same (it reads names in any case, digits of any script, and
# takes a false "contested" for none): the plain reading leaves them to it.
HARMLESS = {"units in lower case", "power in lower case", "phase in lower case", "phase of digits not ASCII",
            "contested zero"}


@pytest.mark.parametrize("spoil", list(SPOILS))
def test_a_spoiled_plain_request_gets_the_general_readings_answer(spoil: str) -> None:
    for request in _plain_requests()[:8]:
        spoiled = json.loads(json.dumps(request))  # (a copy of its own)
        SPOILS[spoil](spoiled)
        fast = _outcome(lambda: state_from_request(spoiled))
        assert fast == _outcome(lambda: _general(spoiled)), (spoil, request["phase"])
        assert fast[0] == ("read" if spoil in HARMLESS else "refused"), (spoil, request["phase"], fast)
        # The text entry's check alone (it builds the position only when asked for more than its legal
        # orders) takes what the plain reading takes, and the text entry answers as the general reading does.
        assert (_checked(spoiled) is not None) == (_plain(spoiled) is not None), (spoil, request["phase"])
        forget_positions()
        assert _text_outcome(json.dumps(spoiled)) == _text_outcome(json.dumps(spoiled), general=True), spoil


def _checked(request: dict[str, Any]) -> Any:
    from engine.contract import _plain_check, _variant

    try:
        variant = _variant(request)
    except RequestError:
        return None
    return _plain_check(variant, request)


def _plain(request: dict[str, Any]) -> GameState | None:
    from engine.contract import _plain_position, _variant

    try:
        variant = _variant(request)
    except RequestError:
        return None
    return _plain_position(variant, request)


def _text_outcome(text: str, general: bool = False) -> Any:
    """``engine.legal_orders_json``'s answer or error, or (``general``) what the general reading and
    listing give."""
    try:
        if general:
            return json.dumps(legal_orders_for_state(*_general(json.loads(text))))
        return engine.legal_orders_json(text)
    except RequestError as exc:
        return ("refused", exc.field, str(exc))


def test_a_position_kept_unread_answers_as_one_read_afresh() -> None:
    """The text entry keeps a plain request's position checked but unbuilt: what is asked of it next (its
    legal orders as dicts, an adjudication with orders) is what a first call answers."""
    for request in _plain_requests():
        with_orders = {**request, "orders": {power: [f"{unit} H" for unit in units][:1]
                                             for power, units in request["units"].items()}}
        text = json.dumps(with_orders)
        assert _checked(json.loads(text)) is not None, request["phase"]
        forget_positions()
        expected_legal = engine.legal_orders(json.loads(text))
        forget_positions()
        expected_result = engine.adjudicate(json.loads(text))
        for ask in ("legal_orders", "adjudicate"):
            forget_positions()
            first = engine.legal_orders_json(text)
            assert first == json.dumps(expected_legal), request["phase"]
            if ask == "legal_orders":
                assert engine.legal_orders(json.loads(text)) == expected_legal, request["phase"]
            else:
                assert engine.adjudicate(json.loads(text)) == expected_result, request["phase"]
            assert engine.legal_orders_json(text) == first


def test_units_of_a_power_listed_apart_are_written_together() -> None:
    """A position whose units of one power are not listed together (a variant's own ``make_state`` may
    list them so) is written with each power's entries together, as ``json.dumps`` of the texts writes it."""
    from engine.option_texts import _state_json_by_loops, movement_order_texts, movement_orders_json
    from engine.types import Phase, Unit, UnitType

    variant = find_variant("standard")
    units = [Unit("FRANCE", UnitType.ARMY, "PAR"), Unit("GERMANY", UnitType.FLEET, "HEL"),
             Unit("FRANCE", UnitType.FLEET, "ENG"), Unit("ENGLAND", UnitType.ARMY, "WAL"),
             Unit("GERMANY", UnitType.ARMY, "BUR")]
    state = GameState.build("standard", Phase.parse("S1901M"), units, {})
    answer = movement_orders_json(variant.board, state)
    assert answer == json.dumps(movement_order_texts(variant.board, state))
    assert list(json.loads(answer)) == ["FRANCE", "GERMANY", "ENGLAND"]
    assert _state_json_by_loops(variant.board, state) is None  # (the compiled loops leave it to the grouping)
    assert "A WAL - BEL" in json.loads(answer)["ENGLAND"]["WAL"]  # (a convoy the fleet in the Channel offers)


def test_a_picker_reads_the_marks_it_names() -> None:
    """Each unit's supports are kept by the marks a ``struct`` format reads (runs of marks as one field, the
    gaps skipped): it reads exactly the marks of its numbers, in order, and refuses numbers out of order."""
    from engine.option_texts import _picker

    rng = random.Random(3)
    for _ in range(300):
        marks = bytearray(rng.randrange(2) for _ in range(rng.randrange(1, 40)))
        numbers = sorted(rng.sample(range(len(marks)), rng.randrange(len(marks) + 1)))
        assert _picker(numbers)(marks) == tuple(marks[n] for n in numbers), numbers
    with pytest.raises(ValueError):
        _picker([3, 2])


def test_both_ways_of_keeping_supports_write_the_same_answer() -> None:
    """The compiled build keeps each unit's supports, and finds the chains its fleets form, by plain loops over
    the position's marks; the interpreter by ``struct`` pickers and ``compress``. Whichever build runs here,
    both ways write the same answer, the one written from the position itself, including positions where
    several chains of fleets reach one coast."""
    from engine.option_texts import (_state_json_by_loops, _units_json_by_loops, _units_json_by_pickers,
                                     movement_order_texts)

    variant = find_variant("standard")
    board = variant.board
    shared_landings = 0
    for seed in range(4):
        for _, state in _games("standard", seed=200 + seed, count=25):
            if state.phase.type is not PhaseType.MOVEMENT:
                continue
            units = position_of(variant, state)["units"]
            read = state_from_request({"variant": "standard", "phase": str(state.phase), "units": units})[1]
            expected = json.dumps(movement_order_texts(board, read))
            assert _units_json_by_loops(board, units) == expected, str(state.phase)
            assert _units_json_by_pickers(board, units) == expected, str(state.phase)
            assert _state_json_by_loops(board, read) == expected, str(state.phase)
            shared_landings += _has_shared_landing(board, read)
    assert shared_landings > 0


def _has_shared_landing(board: Any, state: GameState) -> bool:
    """Is some coast reached by two chains of the fleets at sea from one army's coast?"""
    from engine.validate import chains_formed, convoy_chains, fleets_at_sea

    fleets = fleets_at_sea(board, state)
    for prov, unit in state.units.items():
        if unit.type.value == "A" and prov in convoy_chains(board):
            lands = [coast for chain in chains_formed(convoy_chains(board)[prov], fleets) for coast in chain.lands]
            if len(lands) != len(set(lands)):
                return True
    return False
