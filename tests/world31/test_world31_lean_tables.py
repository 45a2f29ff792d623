"""The lean path's map tables on the World Diplomacy board (112 convoying seas), and its reading of that board's
order lines.

The tables of a map of more convoying seas than ``validate.chain_table_fits`` allows are made without the table
of every convoy chain and without the lists of texts derived from it (hundreds of thousands of moves by convoy
and supports of them, which took many seconds to make): the lean reader reads those texts one by one. The lean
path serves only the standard variant (``engine.lean.serves``), so the board is played here under the standard
rules through a test-only variant, and its reader, resolver, next position and writer (``read_orders``,
``fight``, ``turn_end``, ``response_text``) are compared with the general path (``Submission.from_texts(...)
.process()``, written by the contract) over seeded random games and hand-made positions.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from random_games import coherent_orders, phase_orders
from world31_map_variant import World31MapVariant

import engine.lean.tables as lean_tables
from engine import contract, lean
from engine.bots import random_orders
from engine.contract import centers_by_power, forget_positions, units_by_power
from engine.game import Game
from engine.lean import fight, read_orders, read_position, response_text, tables_for, turn_end
from engine.lean.tables import far_entry
from engine.mapdata import load_map
from engine.state import GameState
from engine.types import PhaseType, Unit, UnitType
from engine.validate import chain_table_fits, convoy_reach

VARIANT = World31MapVariant.id
BOARD = load_map("world31")
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET
QUICK_GAMES = 4
SLOW_GAMES = 40
MOVEMENT_PHASES = 12  # per game


def test_the_world_boards_tables_are_made_without_the_table_of_every_convoy_chain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(board: object) -> None:
        raise AssertionError("the chain table was built for a map too large for it")

    monkeypatch.setattr(lean_tables, "convoy_chains", refuse)
    monkeypatch.setattr(lean_tables, "_TABLES", {})
    with pytest.raises(AssertionError, match="chain table"):  # (the guard is in force: Standard's tables use it)
        tables_for(Game.new("standard").variant)
    assert not chain_table_fits(BOARD)
    for variant in (World31MapVariant(), Game.new("world31").variant):
        tables = tables_for(variant)
        assert not tables.far_listed and tables.far == {} and tables.chains == {} and tables.coast_supports == {}
        # A text of the unlisted table is read from its words: an army on a coast convoyed to a coast it can't walk to.
        here = next(p for p in sorted(BOARD.provinces) if BOARD.provinces[p].is_coastal and BOARD.provinces[p].is_land
                    and any(d not in BOARD.army_adjacent(p) and BOARD.provinces[d].is_land for d in convoy_reach(BOARD, p)))
        dest = min(d for d in convoy_reach(BOARD, here) if d not in BOARD.army_adjacent(here) and BOARD.provinces[d].is_land)
        far = far_entry(tables, f"A {here} - {dest}")
        assert far is not None and (far.unit, far.origin, far.dest, far.via) == (f"A {here}", here, dest, False)
        assert far_entry(tables, f"A {here} - {dest} VIA") is not None and far_entry(tables, f"A {here} - XYZ") is None


def lean_answer(request: dict[str, Any]) -> str:
    """The lean path's response to ``request``: its steps, as ``lean.adjudicate_text`` takes them for the variants
    it serves."""
    variant = contract._variant(request)
    assert not lean.serves(variant)  # (a variant of its own class: the contract asks the general path)
    tables = tables_for(variant)
    assert tables.plain
    position = read_position(request, variant, tables)
    assert position is not None, "the lean reading did not take a plain request"
    orders = read_orders(position, contract._orders(request, variant))
    battle = fight(position, orders)
    return response_text(variant.id, position.phase_text, orders, battle, turn_end(battle))


def assert_both_paths_agree(request: dict[str, Any]) -> str:
    text = json.dumps(request)
    forget_positions()
    general = contract.adjudicate_json(text)
    forget_positions()
    general_dict = contract.adjudicate(json.loads(text))
    quick = lean_answer(json.loads(text))
    assert quick == general, f"request {text}"
    assert json.loads(quick) == general_dict
    return quick


def request_of(state: GameState, orders: dict[str, list[str]]) -> dict[str, Any]:
    return {"variant": VARIANT, "phase": str(state.phase), "units": units_by_power(state.units.values()),
            "centers": centers_by_power(state.centers), "orders": orders}


def random_requests(games: int, seed: int) -> Iterator[dict[str, Any]]:
    """The first movement phases of ``games`` random games on the board, orders rewritten as for Standard
    (other notations, illegal lines, units ordered twice)."""
    for game_seed in range(seed, seed + games):
        rng = random.Random(game_seed)
        game = Game.new(VARIANT)
        coherent = game_seed % 2 == 0
        phases = 0
        while not game.is_over and phases < MOVEMENT_PHASES:
            state = game.state
            movement = state.phase.type is PhaseType.MOVEMENT
            if movement and coherent:
                orders = coherent_orders(game, rng)
            else:
                orders = {power: random_orders(game, power, rng) for power in game.powers_to_order()}
            if movement:
                phases += 1
                yield request_of(state, phase_orders(game, orders, rng))
            for power, texts in orders.items():
                game.set_orders(power, texts, ready=True)
            game.process()


def _tally(seen: dict[str, int], request: dict[str, Any], answer: str) -> None:
    response = json.loads(answer)
    codes = {entry["outcome"]["code"] for entry in response["orders"]}
    written = [line for lines in request["orders"].values() for line in lines]
    seen["dislodged"] += "dislodged_by" in codes
    seen["convoy"] += "moves_by_convoy" in codes
    seen["convoy order"] += any(" C A " in line for line in written)
    seen["invalid"] += "invalid" in codes
    seen["several"] += "several_orders" in codes
    seen["odd"] += any(entry["order"] != line and entry["result"] != "invalid"
                       for entry, line in zip(response["orders"], written))
    tables = tables_for(contract._variant(request))
    seen["read by its words"] += any(far_entry(tables, line) is not None for line in written)


def test_random_phases_on_the_world_board_answer_as_the_general_path() -> None:
    seen = dict.fromkeys(("dislodged", "convoy", "convoy order", "invalid", "several", "odd", "read by its words"), 0)
    for request in random_requests(QUICK_GAMES, seed=1):
        _tally(seen, request, assert_both_paths_agree(request))
    assert all(seen.values()), f"the random phases missed a case: {seen}"


@pytest.mark.slow
def test_many_random_phases_on_the_world_board_answer_as_the_general_path() -> None:
    for request in random_requests(SLOW_GAMES, seed=1000):
        assert_both_paths_agree(request)


def _convoy_position() -> tuple[GameState, str, Unit, list[str]]:
    """The start with fleets of an army's country put on every empty convoying sea within two seas of the army's
    coast: (the position, the country, the army, the seas)."""
    start = Game.new(VARIANT).state
    army = next(u for _, u in sorted(start.units.items()) if u.type is ARMY and BOARD.provinces[u.loc].is_coastal
                and sum(BOARD.provinces[s].can_convoy for s in BOARD.any_adjacent(u.loc)) >= 2)
    near = {s for s in BOARD.any_adjacent(army.loc) if BOARD.provinces[s].can_convoy}
    seas = sorted({t for s in near for t in BOARD.fleet_adjacent_provinces(s) if BOARD.provinces[t].can_convoy} | near)
    units = dict(start.units)
    for sea in seas:
        if sea not in units:
            units[sea] = Unit(army.power, FLEET, sea)
    return start.replace(units=units), army.power, army, [s for s in seas if units[s].power == army.power]


def test_moves_by_convoy_convoys_and_supports_of_them_answer_as_the_general_path() -> None:
    """Each text of the (unlisted) table of moves by convoy, convoys and supports of them for one army, in
    canonical notation and in others, alone in its phase; and texts that are none of them."""
    state, power, army, seas = _convoy_position()
    tables = tables_for(World31MapVariant())
    here = army.loc
    reach = sorted(d for d in convoy_reach(BOARD, here) if BOARD.provinces[d].is_land)
    landings = sorted({d for sea in seas for d in BOARD.fleet_adjacent_provinces(sea)} & set(reach))
    rng = random.Random(5)
    # Coasts the fleets reach (some of them next to the army), coasts they don't, no place, the army's own.
    dests = rng.sample(landings, min(8, len(landings))) + rng.sample(reach, 2) + ["XYZ", here]
    helpers = [u for _, u in sorted(state.units.items()) if u.power == power and u.loc != here]
    texts = []
    codes = set()
    for dest in dests:
        moves = [f"A {here} - {dest}", f"A {here} - {dest} VIA", f"a {here.lower()}-{dest.lower()} via",
                 f"Army {here} -> {dest}"]
        supports = [f"{helper.type.value} {helper.loc} S A {here} - {dest}" for helper in helpers]
        supports += [f"{helper.type.value} {helper.loc.split('/')[0]} s a {here} - {dest}"
                     for helper in rng.sample(helpers, min(2, len(helpers)))]
        convoys = [f"F {sea} C A {here} - {dest}" for sea in seas]
        convoys += [f"fleet {sea} convoys army {here} - {dest}" for sea in rng.sample(seas, min(2, len(seas)))]
        texts += moves + supports + convoys
        for move in moves:  # the move with every convoy and support of it
            response = json.loads(assert_both_paths_agree(request_of(state, {power: [move, *convoys, *supports]})))
            codes.add(response["orders"][0]["outcome"]["code"])
    assert "moves_by_convoy" in codes and codes - {"moves_by_convoy", "moves"}
    assert any(far_entry(tables, text) is not None for text in texts)
    results = set()
    for text in rng.sample(texts, 60):  # each alone (nothing convoys the army, or moves as supported)
        response = json.loads(assert_both_paths_agree(request_of(state, {power: [text]})))
        results.add(response["orders"][0]["result"])
    assert results == {"fails", "invalid"}
    assert_both_paths_agree(request_of(state, {power: texts}))  # all at once: every unit ordered several times over


def test_supports_of_fleets_on_coasts_written_with_the_province_answer_as_the_general_path() -> None:
    """The World board's tables list no such support (``MapTables.coast_supports``): the reader's other checks
    and the general validation read them."""
    start = Game.new(VARIANT).state
    cases = 0
    for coast in sorted(loc for loc in BOARD.locations(FLEET) if "/" in loc):
        prov = coast.partition("/")[0]
        if prov in start.units:
            continue
        fleet = Unit("", FLEET, coast)
        for helper_loc in sorted(BOARD.any_adjacent(prov)):
            kind = ARMY if BOARD.provinces[helper_loc].is_land else FLEET
            if helper_loc in start.units or not BOARD.can_stand(kind, helper_loc):
                continue
            owner = sorted(BOARD.powers)[cases % len(BOARD.powers)]
            units = {**start.units, prov: fleet._replace(power=owner), helper_loc: Unit(owner, kind, helper_loc)}
            state = start.replace(units=units)
            helper = f"{kind.value} {helper_loc}"
            texts = [f"{helper} S F {prov}", f"{helper} S F {prov} H", f"{helper.lower()} s f {prov.lower()}"]
            texts += [f"{helper} S F {prov} - {dest.partition('/')[0]}" for dest in sorted(BOARD.adjacent(FLEET, coast))]
            for text in texts:
                assert_both_paths_agree(request_of(state, {owner: [text, f"F {coast} H"]}))
            assert_both_paths_agree(request_of(state, {owner: texts}))
            cases += 1
            break
        if cases >= 6:
            break
    assert cases >= 3
