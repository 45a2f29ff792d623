"""Legal options agree exactly with the validator: every option is legal, and every legal order is offered."""
from __future__ import annotations

import json
import random

import pytest

from engine.bots import play_random_phase
from engine.contract import legal_orders
from engine.game import Game
from engine.options import legal_order_objects
from engine.orders import Convoy, Move, SupportHold, SupportMove
from engine.types import PhaseType, Unit, UnitType


def _positions(seed: int, count: int) -> list[Game]:
    rng = random.Random(seed)
    game = Game.new()
    out = []
    while len(out) < count and not game.is_over:
        play_random_phase(game, rng)
        if game.state.phase.type is PhaseType.MOVEMENT and rng.random() < 0.3:
            copy = Game(game.variant, game.state)
            out.append(copy)
    return out


def _candidates(game: Game, prov: str) -> list[str]:
    """Every order text of the usual kinds the unit in ``prov`` could be given, legal or not."""
    board = game.variant.board
    unit = game.state.units[prov]
    places = [loc for p in board.provinces.values() if p.is_passable
              for loc in ((p.id,) + board.coast_locations(p.id) if p.coasts else (p.id,))]
    texts = [f"{unit} H"]
    for loc in places:
        texts.append(f"{unit} - {loc}")
        texts.append(f"{unit} - {loc} VIA")
    others = [u for p, u in game.state.units.items() if p != prov]
    for other in others:
        texts.append(f"{unit} S {other}")
        for loc in places:
            texts.append(f"{unit} S {other} - {loc}")
            if unit.type is UnitType.FLEET and other.type is UnitType.ARMY:
                texts.append(f"{unit} C {other} - {loc}")
    return texts


@pytest.mark.parametrize("seed", [1, 2])
def test_options_equal_the_legal_orders(seed: int) -> None:
    for game in _positions(seed, 2):
        options = legal_order_objects(game.variant, game.state)
        for prov, unit in game.state.units.items():
            offered = {str(o) for o in options[unit.power][unit.loc]}
            legal = set()
            for text in _candidates(game, prov):
                check = game.check_line(unit.power, text)
                if check.ok:
                    legal.add(check.text)
            # DATC 4.B.4: a support of a fleet into a two-coast province may omit the coast, but the
            # options name the coast (UIs should not offer coastless supports).
            legal = {t for t in legal if not any(o.startswith(t + "/") for o in offered)}
            assert offered == legal, (unit, sorted(offered - legal), sorted(legal - offered))


@pytest.mark.parametrize("seed", range(8))
def test_fast_texts_equal_the_typed_options(seed: int) -> None:
    from engine.option_texts import movement_order_texts

    for game in _positions(100 + seed, 4):
        typed = {p: {loc: sorted(str(o) for o in orders) for loc, orders in per.items()}
                 for p, per in legal_order_objects(game.variant, game.state).items()}
        fast = {p: {loc: sorted(texts) for loc, texts in per.items()}
                for p, per in movement_order_texts(game.variant.board, game.state).items()}
        assert fast == typed


def _seafaring_position(rng: random.Random) -> Game:
    """A crowded position with many fleets at sea and armies on the coasts: several convoy chains from
    one coast, often reaching the same place (what random games rarely show)."""
    game = Game.new()
    board = game.variant.board
    seas = [p for p, v in board.provinces.items() if v.can_convoy and not v.coasts]
    coasts = [p for p, v in board.provinces.items() if v.is_coastal]
    inland = [p for p, v in board.provinces.items() if v.is_land and not v.is_coastal]
    powers = list(board.powers)
    units = []
    for prov in rng.sample(seas, rng.randint(4, len(seas))):
        units.append(Unit(rng.choice(powers), UnitType.FLEET, prov))
    for prov in rng.sample(coasts, rng.randint(6, 20)):
        if rng.random() < 0.75:
            units.append(Unit(rng.choice(powers), UnitType.ARMY, prov))
        else:
            units.append(Unit(rng.choice(powers), UnitType.FLEET, rng.choice(board.coast_locations(prov))))
    for prov in rng.sample(inland, 4):
        units.append(Unit(rng.choice(powers), UnitType.ARMY, prov))
    state = game.variant.make_state(game.state.phase, units, game.state.centers)
    return Game(game.variant, state)


def test_fast_texts_equal_the_typed_options_with_many_fleets_at_sea() -> None:
    from engine.option_texts import movement_order_texts, movement_orders_json
    from engine.validate import chains_formed, convoy_chains

    rng = random.Random(7)
    shared_landings = 0
    for _ in range(60):
        game = _seafaring_position(rng)
        board, state = game.variant.board, game.state
        typed = {p: {loc: sorted(str(o) for o in orders) for loc, orders in per.items()}
                 for p, per in legal_order_objects(game.variant, state).items()}
        texts = movement_order_texts(board, state)
        fast = {p: {loc: sorted(texts) for loc, texts in per.items()} for p, per in texts.items()}
        assert fast == typed
        assert movement_orders_json(board, state) == json.dumps(texts)  # the JSON answer, written from fragments
        fleets = {p for p, u in state.units.items() if u.type is UnitType.FLEET and board.provinces[p].can_convoy}
        for prov, unit in state.units.items():
            if unit.type is UnitType.ARMY:
                lands = [c.lands for c in chains_formed(convoy_chains(board).get(prov, ()), fleets)]
                shared_landings += len(set().union(*lands)) < sum(map(len, lands))
    assert shared_landings > 20  # the positions do reach coasts by several chains


def test_start_position_options() -> None:
    result = legal_orders({"phase": "S1901M", "units": {"ENGLAND": ["F LON", "F EDI", "A LVP"]}})
    lon = result["ENGLAND"]["LON"]
    assert "F LON - NTH" in lon and "F LON S F EDI - NTH" in lon and "F LON H" in lon
    assert not any("C" in o.split() for o in lon)  # London is a coast: no convoys
    assert set(result) == {"ENGLAND"}


def test_convoy_options_need_a_fleet_network() -> None:
    result = legal_orders({"phase": "S1901M", "units": {"ENGLAND": ["F NTH", "A YOR"]}})
    assert "F NTH C A YOR - NWY" in result["ENGLAND"]["NTH"]
    assert "A YOR - NWY" in result["ENGLAND"]["YOR"]
    assert "A YOR - EDI VIA" in result["ENGLAND"]["YOR"]
    # 6.G.19: a fleet that no minimal route needs may not convoy.
    result = legal_orders({"phase": "S1901M",
                           "units": {"FRANCE": ["A MAR", "F WES"], "ITALY": ["F LYO"]}})
    assert "F WES C A MAR - SPA" not in result["FRANCE"]["WES"]
    assert "F LYO C A MAR - SPA" in result["ITALY"]["LYO"]


def test_retreat_and_adjustment_options() -> None:
    result = legal_orders({"phase": "S1901R", "units": {"FRANCE": ["A BUR"]},
                           "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker": "BUR"}]}})
    assert result == {"GERMANY": {"MUN": ["A MUN R BER", "A MUN R BOH", "A MUN R KIE", "A MUN R RUH",
                                          "A MUN R SIL", "A MUN R TYR", "A MUN D"]}}
    result = legal_orders({"phase": "W1901A", "units": {"RUSSIA": ["A MOS"]},
                           "centers": {"RUSSIA": ["MOS", "STP", "WAR"]}})
    assert result["RUSSIA"]["STP"] == ["A STP B", "F STP/NC B", "F STP/SC B", "WAIVE"]
    assert result["RUSSIA"]["WAR"] == ["A WAR B", "WAIVE"]
    assert "MOS" not in result["RUSSIA"]


def test_options_kinds_cover_moves_supports_and_convoys() -> None:
    game = _positions(5, 1)[0]
    kinds = {type(o) for per in legal_order_objects(game.variant, game.state).values()
             for orders in per.values() for o in orders}
    assert {Move, SupportHold, SupportMove} <= kinds
    _ = Convoy


def test_order_tree_groups_a_units_options() -> None:
    from engine.contract import state_from_request
    from engine.options import order_tree, unit_options

    variant, state = state_from_request({"phase": "S1901M", "units": {
        "FRANCE": ["A MAR", "A PAR", "F MAO"], "ENGLAND": ["A POR"]}})
    tree = order_tree(unit_options(variant, state, "MAR"))
    assert [str(o) for o in tree["H"]] == ["A MAR H"]
    assert set(tree["-"]) == {"BUR", "GAS", "PIE", "SPA"}
    assert [str(o) for o in tree["S"]["PAR"]["BUR"]] == ["A MAR S A PAR - BUR"]
    assert [str(o) for o in tree["S"]["MAO"]["SPA/SC"]] == ["A MAR S F MAO - SPA/SC"]
    assert "C" not in tree
    fleet = order_tree(unit_options(variant, state, "MAO"))
    assert [str(o) for o in fleet["C"]["POR"]["BRE"]] == ["F MAO C A POR - BRE"]
    assert {"SPA/NC", "SPA/SC"} <= set(fleet["-"])
    retreat = order_tree(legal_order_objects(*state_from_request({
        "phase": "S1901R", "units": {}, "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker": "BUR"}]}}))[
        "GERMANY"]["MUN"])
    assert "BER" in retreat["R"] and "BUR" not in retreat["R"] and [str(o) for o in retreat["D"]] == ["A MUN D"]
