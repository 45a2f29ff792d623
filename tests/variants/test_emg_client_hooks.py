"""What EMG offers a front end beyond its units' moves, on the Global Diplomacy board and an Age of Discovery
map: the relations grid's orders, orders picked area by area (spies, a grant of chosen areas), and the unit
options the turn's commands add. Every offer reads back through the variant's reader to itself."""
from __future__ import annotations

from engine.orders import Order
from engine.state import GameState
from engine.types import Phase, Unit, UnitType
from engine.variants import find_variant
from engine.variants.emg.orders import ConvoyRoute, Downgrade, Remove, SupportAttack

GD = find_variant("global_diplomacy")


def with_extra(state: GameState, phase: str | None = None, **extra: object) -> GameState:
    new = state.replace(extra={**state.extra, **extra})
    return new.replace(phase=Phase.parse(phase)) if phase else new


def reads_back(state: GameState, power: str, order: Order) -> None:
    assert GD.validate(GD.parse(str(order)), state, power) == order


def offers(state: GameState, power: str) -> dict[str, list[str]]:
    return {other: [str(o.order) for o in found] for other, found in GD.relation_orders(state, power).items()}


def test_declarations_follow_the_relations_and_the_first_turn() -> None:
    start = GD.initial_state()
    first = offers(start, "ENGLAND")
    assert len(first) == 10 and "ENGLAND" not in first
    assert first["FRANCE"] == ["DA FRANCE", "GA FRANCE ALL"]  # no war on the first turn
    later = with_extra(start, "F1891M", relations={"ENGLAND FRANCE": "ally", "ENGLAND GERMANY": "war"})
    found = offers(later, "ENGLAND")
    assert found["ITALY"] == ["DA ITALY", "DW ITALY", "GA ITALY ALL"]
    assert found["GERMANY"] == ["DN GERMANY"]  # peace only; no access to an enemy
    assert found["FRANCE"] == ["DN FRANCE", "GA FRANCE ALL", "CA FRANCE GERMANY"]
    for other, found_orders in GD.relation_orders(later, "ENGLAND").items():
        for offer in found_orders:
            reads_back(later, "ENGLAND", offer.order)
            assert GD.relation_order_target(offer.order) == other
    # France is already at war with Germany: no call to arms against it
    both = with_extra(later, relations={"ENGLAND FRANCE": "ally", "ENGLAND GERMANY": "war", "FRANCE GERMANY": "war"})
    assert not any(o.startswith("CA") for o in offers(both, "ENGLAND")["FRANCE"])


def test_calls_to_arms_are_noted_for_the_caller_and_the_called_alone() -> None:
    state = with_extra(GD.initial_state(), calls=[["FRANCE", "ENGLAND", "ITALY"]],
                       relations={"ENGLAND FRANCE": "ally", "FRANCE ITALY": "war"})
    assert GD.relation_notes(GD.view_for(state, "ENGLAND"), "ENGLAND") == (
        "France calls you to arms against Italy: declare war on Italy this turn, or the alliance ends and your "
        "victory points are cut",)
    assert GD.relation_notes(GD.view_for(state, "FRANCE"), "FRANCE") == ("You called England to arms against Italy",)
    assert GD.relation_notes(GD.view_for(state, "ITALY"), "ITALY") == ()
    assert "calls" not in GD.view_for(state, "ITALY").extra


def test_spies_and_granted_areas_are_picked_from_what_the_rules_allow() -> None:
    state = with_extra(GD.initial_state(), relations={"ENGLAND GERMANY": "war"})
    picks = {p.key: p for p in GD.area_picks(state, "ENGLAND")}
    spies = picks["SP"]
    assert spies.most == 6 and spies.allowed is None  # Global Diplomacy: anywhere
    assert "GA GERMANY" not in picks and "GA ENGLAND" not in picks
    grant = picks["GA FRANCE"]
    assert grant.allowed is not None and {"2", "3", "7", "191"} <= grant.allowed and "18" not in grant.allowed
    for key, areas in (("SP", ("18", "20")), ("GA FRANCE", ("3", "5"))):
        order = GD.area_pick_order(state, "ENGLAND", key, areas)
        assert order is not None and GD.picked_areas(order) == areas
        reads_back(state, "ENGLAND", order)
    assert GD.area_pick_order(state, "ENGLAND", "SP", ()) is None


def test_age_of_discovery_spies_are_twelve_within_two_areas_of_what_is_known() -> None:
    aod = find_variant("age_of_discovery", {"seed": 4, "players": 9})
    state = aod.initial_state()
    power = sorted(aod.board.powers)[0]
    spies = next(p for p in aod.area_picks(state, power) if p.key == "SP")
    assert spies.most == 12 and spies.allowed is not None
    known = aod.visible_areas(state, power)
    distance = aod.board.distances_from(sorted(known))
    assert spies.allowed == {a for a, d in distance.items() if d <= 2}
    assert len(spies.allowed) < len(aod.board.provinces)


def test_the_turns_unit_options_supports_of_an_ally_convoys_and_cuts_when_supply_falls_short() -> None:
    start = GD.initial_state()
    plain = GD.legal_orders(start)["ENGLAND"]
    assert not any(isinstance(o, (Downgrade, Remove, ConvoyRoute)) for orders in plain.values() for o in orders)
    assert not any(isinstance(o, SupportAttack) and o.beneficiary for orders in plain.values() for o in orders)
    assert [str(o) for o in plain["191"]] == ["AC 191", "AS 191"]  # a 1-point centre: 1-point units only
    units = dict(start.units)
    units["234"] = Unit("ENGLAND", UnitType.FLEET, "234")
    centres = {a: ("FRANCE" if a in ("96", "98", "182") else p) for a, p in start.centers.items()}
    state = with_extra(start.replace(units=units, centers=centres), relations={"ENGLAND FRANCE": "ally"})
    options = GD.legal_orders(state)
    mine = options["ENGLAND"]
    assert "CO 3 234 7" in [str(o) for o in mine["3"]]
    assert {"SA 3 4 FRANCE", "SA 3 6 FRANCE"} <= {str(o) for o in mine["3"]}
    assert "DU 7" in [str(o) for o in mine["7"]] and "RU 7" in [str(o) for o in mine["7"]]
    assert "DU 135" not in [str(o) for o in mine["135"]] and "RU 135" in [str(o) for o in mine["135"]]
    assert not any(isinstance(o, (Downgrade, Remove)) for orders in options["FRANCE"].values() for o in orders)
    for power, slots in options.items():
        for orders in slots.values():
            for order in orders:
                assert GD.validate(GD.parse(str(order)), state, power) == order, order


def test_spied_and_granted_areas_are_marked_area_by_area_and_named_in_the_key() -> None:
    from engine.game import Game
    from engine.order_marks import MarkKind, MarkStyle

    game = Game.new("global_diplomacy")
    variant = game.variant
    spies = game.check_line("ENGLAND", "SP 18 20").order
    grant = game.check_line("ENGLAND", "GA FRANCE 2 3").order
    every = game.check_line("ENGLAND", "GA FRANCE ALL").order
    assert spies is not None and grant is not None and every is not None
    assert [(m.kind, m.at, m.style) for m in variant.order_marks(spies)] == [
        (MarkKind.AREA, "18", MarkStyle.SPY), (MarkKind.AREA, "20", MarkStyle.SPY)]
    assert [(m.kind, m.at, m.style) for m in variant.order_marks(grant)] == [
        (MarkKind.AREA, "2", MarkStyle.GRANT), (MarkKind.AREA, "3", MarkStyle.GRANT)]
    assert variant.order_marks(every) == ()  # every area: nothing to point at
    assert [s for s, _ in variant.order_mark_notes()] == ["spy", "grant"]
    from engine.variants import find_variant
    assert find_variant("standard").order_mark_notes() == ()


def test_every_landing_is_offered_its_shortest_routes_and_no_detour_through_a_shorter_ones_seas() -> None:
    from engine.variants.emg.client import convoy_routes

    start = GD.initial_state()
    units = dict(start.units)
    for sea in ("223", "233", "234"):  # the Irish Sea, the English Channel, the North Sea
        units[sea] = Unit("ENGLAND", UnitType.FLEET, sea)
    state = start.replace(units=units)
    routes = convoy_routes(GD.board, state, state.units["3"])
    by_landing: dict[str, list[tuple[str, ...]]] = {}
    for route in routes:
        by_landing.setdefault(route.dest, []).append(route.seas)
    assert by_landing["7"] == [("223",), ("234",)]  # (223, 233) etc. only add seas to a route there already
    assert by_landing["17"] == [("223", "233"), ("234", "233")]  # Picardy, over either sea then the Channel
    assert all(len(r) <= 4 for r in by_landing.values())
    options = GD.legal_orders(state)["ENGLAND"]["3"]
    for route in routes:
        assert route in options and GD.validate(GD.parse(str(route)), state, "ENGLAND") == route
    fewer = convoy_routes(GD.board, state, state.units["3"], most=1)
    assert [(r.dest, r.seas) for r in fewer if r.dest in ("7", "17")] == [("7", ("223",)), ("17", ("223", "233"))]


def test_a_drafted_alliance_opens_supports_of_the_new_allys_attacks_and_nothing_else() -> None:
    state = GD.initial_state()
    options = GD.legal_orders(state)["ENGLAND"]["7"]
    da = GD.validate(GD.parse("DA FRANCE GERMANY"), state, "ENGLAND")
    more = GD.draft_options(state, "ENGLAND", options, [da])
    own = [o for o in options if isinstance(o, SupportAttack)]
    assert {str(o) for o in more} == {f"{o} {p}" for o in own for p in ("FRANCE", "GERMANY")}
    for order in more:  # each reads back as itself (the turn judges it against the alliance made)
        assert GD.validate(GD.parse(str(order)), state, "ENGLAND") == order
    assert GD.draft_options(state, "ENGLAND", options, []) == ()
    dn = GD.validate(GD.parse("DN FRANCE"), state, "ENGLAND")
    assert GD.draft_options(state, "ENGLAND", options, [dn]) == ()
    at_war = with_extra(state, relations={"ENGLAND FRANCE": "war"})  # war to alliance needs a neutral turn
    assert GD.draft_options(at_war, "ENGLAND", options, [da]) == tuple(o for o in more if o.beneficiary == "GERMANY")
    allied = with_extra(state, relations={"ENGLAND FRANCE": "ally"})  # an ally's supports are options already
    ally_options = GD.legal_orders(allied)["ENGLAND"]["7"]
    assert all(o.beneficiary == "GERMANY" for o in GD.draft_options(allied, "ENGLAND", ally_options, [da]))
