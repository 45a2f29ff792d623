"""The EMG bots (``engine/bots/emg.py``): every order they give is one the engine accepts; they declare as the
rules allow (no war on the first turn, a neutral turn between alliance and war); they add units with spare
supply and cut their own when over it; they support by points, convoy by capacity and send spies to what they
can't see; and they read nothing beyond their power's own view."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import EASY, NORMAL, bot_orders, play_bot_phase
from engine.game import Game
from engine.state import GameState
from engine.types import Phase, Unit, UnitType
from engine.variants import find_variant
from engine.variants.emg.orders import Declare
from engine.variants.emg.relations import declaration_problem, pair_key
from engine.variants.emg.turn import supply_points, unit_points
from engine.variants.emg.variant import EmgVariant
from engine.bots.emg import emg_orders

GD = ("global_diplomacy", {})
AOD = ("age_of_discovery", {"players": 12, "seed": 5})
TWO_LETTER = ("DA", "DN", "DW", "GA", "CA", "SP", "SA", "SD", "CO", "AA", "AC", "AF", "AS", "UU", "DU", "RU")


def kind_of(text: str) -> str:
    word = text.split()[0]
    return word if word in TWO_LETTER else "MO/H"


@pytest.mark.parametrize("variant_id, options", [GD, AOD], ids=["global_diplomacy", "aod12"])
@pytest.mark.parametrize("strength", [EASY, NORMAL])
def test_bots_give_only_orders_the_engine_accepts_and_declare_as_the_rules_allow(
        variant_id: str, options: dict[str, Any], strength: str) -> None:
    rng = random.Random(4)
    game = Game.new(variant_id, options=options)
    variant = game.variant
    assert isinstance(variant, EmgVariant)
    kinds: set[str] = set()
    for _ in range(14):
        first = variant.is_first_turn(game.state)
        relations = game.state.extra.get("relations", {})
        for power in game.powers_to_order():
            texts = bot_orders(game, power, rng, strength)
            checks = game.set_orders(power, texts, ready=True)
            assert all(c.ok for c in checks), [str(c) for c in checks if not c.ok]
            kinds |= {kind_of(t) for t in texts}
            for text in texts:
                if text.split()[0] in ("DA", "DN", "DW"):
                    declaration = Declare(power, text.split()[0], text.split()[1])
                    # Never a declaration the rules refuse outright (war on the first turn, war on an ally,
                    # alliance in a war, neutrality towards a neutral); an alliance offer may wait for the other.
                    assert declaration_problem(relations, declaration, first) is None, (game.phase, power, text)
        game.process()
    expected = {"MO/H", "DA", "DW", "SP", "AC"} | ({"SA", "SD", "GA"} if strength == NORMAL else set())
    assert expected <= kinds, sorted(kinds)
    rels = set(game.state.extra.get("relations", {}).values())
    assert rels == {"ally", "war"}


def _played(variant_id: str, options: dict[str, Any], turns: int, seed: int = 2) -> Game:
    game = Game.new(variant_id, options=options)
    rng = random.Random(seed)
    for _ in range(turns):
        play_bot_phase(game, rng, NORMAL)
    return game


@pytest.mark.parametrize("variant_id, options", [GD, AOD], ids=["global_diplomacy", "aod12"])
def test_the_bot_reads_only_its_own_view(variant_id: str, options: dict[str, Any]) -> None:
    """Everything outside the power's view changed (units taken away, moved in, areas handed to others): the
    same seed gives the same orders."""
    game = _played(variant_id, options, 6)
    variant, state = game.variant, game.state
    assert isinstance(variant, EmgVariant)
    changed_some = False
    for power in sorted(variant.powers)[:4]:
        seen = variant.seen_areas(state, power) or frozenset()
        hidden = [a for a in variant.board.provinces if a not in seen]
        units = {a: u for a, u in state.units.items() if a in seen}
        other = next(p for p in sorted(variant.powers) if p != power)
        for area in hidden[:5]:
            kind = UnitType.FLEET if variant.board.provinces[area].is_sea else UnitType.ARMY
            if variant.board.can_stand(kind, area):
                units[area] = Unit(other, kind, area)
        centers = {a: p for a, p in state.centers.items() if a in seen}
        centers |= {a: other for a in hidden if a in variant.board.supply_centers}
        extra = dict(state.extra)
        extra["owned"] = {a: p for a, p in state.extra.get("owned", {}).items() if a in seen}
        extra["known"] = {power: state.extra["known"][power]} if "known" in state.extra else {}
        if not extra["known"]:
            del extra["known"]
        altered = state.replace(units=units, centers=centers, extra=extra)
        changed_some |= altered != state
        assert variant.view_for(altered, power) == variant.view_for(state, power)
        mine = emg_orders(variant, state, power, random.Random(9), NORMAL)
        assert mine == emg_orders(variant, altered, power, random.Random(9), NORMAL), power
        assert mine
    assert changed_some


def _gd_state(units: dict[str, Unit], phase: str = "S1891M", relations: dict[str, str] | None = None,
              variant: EmgVariant | None = None) -> tuple[EmgVariant, GameState]:
    variant = variant or find_variant("global_diplomacy")  # type: ignore[assignment]
    assert isinstance(variant, EmgVariant)
    start = variant.initial_state()
    extra = dict(start.extra)
    if relations:
        extra["relations"] = relations
    return variant, start.replace(phase=Phase.parse(phase), units=units, extra=extra)


def test_units_are_added_with_spare_supply_and_cut_when_over_it() -> None:
    variant = find_variant("global_diplomacy")
    assert isinstance(variant, EmgVariant)
    start = variant.initial_state()
    board = variant.board
    # England keeps one unit: every empty centre of its own may take a new one, within its spare points.
    kept = min((a for a, u in start.units.items() if u.power == "ENGLAND"), key=int)
    units = {a: u for a, u in start.units.items() if u.power != "ENGLAND" or a == kept}
    _, state = _gd_state(units, phase="S1890M")
    game = Game(variant, state)
    texts = bot_orders(game, "ENGLAND", random.Random(1), NORMAL)
    adds = [t for t in texts if t[:2] in ("AA", "AC", "AF", "AS")]
    spare = supply_points(board, state, "ENGLAND") - unit_points(state.units.values(), "ENGLAND")
    assert adds and spare > 0
    assert all(c.ok for c in game.set_orders("ENGLAND", texts, ready=True))
    game.process()
    after = game.state
    assert unit_points(after.units.values(), "ENGLAND") > unit_points(state.units.values(), "ENGLAND")
    assert unit_points(after.units.values(), "ENGLAND") <= supply_points(board, state, "ENGLAND")
    refused = [r for r in game.history[-1].results if r.power == "ENGLAND" and r.order[:2] in ("AA", "AC", "AF", "AS")
               and r.result != "succeeds"]
    assert not refused, refused
    # Over supply: England loses half its centres; its bot downgrades or removes exactly enough itself, so the
    # rules' forced cuts (drawn at random) never fall.
    english = sorted((c for c, p in start.centers.items() if p == "ENGLAND"), key=int)
    centers = {c: p for c, p in start.centers.items() if c not in english[: len(english) // 2]}
    over = start.replace(phase=Phase.parse("S1891M"), centers=centers)
    deficit = unit_points(over.units.values(), "ENGLAND") - supply_points(board, over, "ENGLAND")
    assert deficit > 0
    game = Game(variant, over)
    texts = bot_orders(game, "ENGLAND", random.Random(1), NORMAL)
    cuts = [t for t in texts if t[:2] in ("DU", "RU")]
    assert cuts
    game.set_orders("ENGLAND", texts, ready=True)
    game.process()
    assert unit_points(game.state.units.values(), "ENGLAND") <= supply_points(board, over, "ENGLAND")
    forced = [r for r in game.history[-1].results if r.power == "ENGLAND" and r.order.startswith(("FDU", "FRU"))]
    assert not forced, forced


def test_an_attack_gets_the_supports_its_points_need() -> None:
    """Austria at war with Russia, whose corps holds Warsaw (45) with another beside it (50) to defend it:
    one Austrian unit alone would not win, so Austria attacks with one unit and supports it with the other
    (``SA``), and takes the centre whatever Russia's defence."""
    variant, state = _gd_state({
        "41": Unit("AUSTRIA", UnitType.CORPS, "41"), "42": Unit("AUSTRIA", UnitType.ARMY, "42"),
        "45": Unit("RUSSIA", UnitType.CORPS, "45"), "50": Unit("RUSSIA", UnitType.CORPS, "50")},
        relations={pair_key("AUSTRIA", "RUSSIA"): "war"})
    state = state.replace(extra={**state.extra, "owned": {**state.extra["owned"], "42": "AUSTRIA"}})
    game = Game(variant, state)
    texts = bot_orders(game, "AUSTRIA", random.Random(3), NORMAL)
    moves = [t for t in texts if t.endswith(" - 45")]
    supports = [t for t in texts if t.startswith("SA ") and t.split()[2] == "45"]
    assert len(moves) == 1 and len(supports) == 1, texts
    assert all(c.ok for c in game.set_orders("AUSTRIA", texts, ready=True))
    game.set_orders("RUSSIA", ["SD 50 45"], ready=True)
    game.process()
    assert game.state.units["45"].power == "AUSTRIA"  # 2 + 1 beats 1 + 1
    assert game.state.centers["45"] == "AUSTRIA"


@pytest.mark.parametrize("passenger, carrier, convoys", [
    (UnitType.CORPS, UnitType.SQUADRON, True),
    (UnitType.ARMY, UnitType.FLEET, True),
    (UnitType.ARMY, UnitType.SQUADRON, False),  # squadrons carry corps only
])
def test_convoys_go_by_the_carriers_capacity(passenger: UnitType, carrier: UnitType, convoys: bool) -> None:
    """England's land unit in 2 and its naval units in 222 and 220: Morocco (69), an unowned centre beyond
    the second sea, is reached only by convoy."""
    variant, state = _gd_state({"2": Unit("ENGLAND", passenger, "2"), "222": Unit("ENGLAND", carrier, "222"),
                                "220": Unit("ENGLAND", carrier, "220")}, phase="S1890M")
    game = Game(variant, state)
    texts = bot_orders(game, "ENGLAND", random.Random(5), NORMAL)
    routes = [t for t in texts if t.startswith("CO ")]
    if not convoys:
        assert not routes, texts
        return
    assert routes, texts
    route = routes[0].split()
    assert route[1] == "2" and set(route[2:-1]) <= {"222", "220"}
    assert all(c.ok for c in game.set_orders("ENGLAND", texts, ready=True))
    game.process()
    landed = game.state.units.get(route[-1])
    assert landed is not None and landed.power == "ENGLAND" and landed.type is passenger


def test_spies_go_to_uncharted_areas_within_the_rules_reach() -> None:
    game = Game.new(*AOD)
    variant = game.variant
    assert isinstance(variant, EmgVariant)
    for power in sorted(variant.powers)[:3]:
        texts = bot_orders(game, power, random.Random(2), NORMAL)
        spies = [t for t in texts if t.startswith("SP ")]
        assert len(spies) == 1
        areas = spies[0].split()[1:]
        assert 0 < len(areas) <= variant.spies_per_turn
        seen = variant.seen_areas(game.state, power) or frozenset()
        assert not set(areas) & seen
        assert all(c.ok for c in game.set_orders(power, texts, ready=True))


def test_a_call_to_arms_is_made_seen_by_the_called_power_only_and_answered() -> None:
    """Austria, at war with Germany and allied with Russia (whose units stand beside Germany's), calls Russia
    to arms; next turn Russia's view shows the call (no third power's does) and its bot declares war."""
    relations = {pair_key("AUSTRIA", "GERMANY"): "war", pair_key("AUSTRIA", "RUSSIA"): "ally"}
    variant = find_variant("global_diplomacy")
    assert isinstance(variant, EmgVariant)
    start = variant.initial_state()
    state = start.replace(phase=Phase.parse("S1891M"), extra={**start.extra, "relations": relations})
    game = Game(variant, state)
    texts = bot_orders(game, "AUSTRIA", random.Random(1), NORMAL)
    assert "CA RUSSIA GERMANY" in texts, texts
    assert all(c.ok for c in game.set_orders("AUSTRIA", texts, ready=True))
    game.process()
    called = game.state
    assert called.extra["calls"] == [["AUSTRIA", "RUSSIA", "GERMANY"]]
    assert variant.view_for(called, "RUSSIA").extra["calls"] == [["AUSTRIA", "RUSSIA", "GERMANY"]]
    assert "calls" not in variant.view_for(called, "ENGLAND").extra
    answer = bot_orders(game, "RUSSIA", random.Random(1), NORMAL)
    assert "DW GERMANY" in answer, answer
    game.set_orders("RUSSIA", answer, ready=True)
    game.process()
    assert game.state.extra["relations"][pair_key("GERMANY", "RUSSIA")] == "war"
    assert game.state.extra["relations"][pair_key("AUSTRIA", "RUSSIA")] == "ally"  # answered: no penalty
    assert "RUSSIA" not in game.state.extra.get("penalty", {})
