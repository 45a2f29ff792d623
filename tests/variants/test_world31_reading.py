"""World Diplomacy's fast paths give what the general ones give: the variant's own reading of upkeep,
militia and purchase lines (``reading.py``) against ``validate(parse(text))``, its tables against the
parser, and the order reader's convoy checks on a board of 112 seas against the general searches."""
from __future__ import annotations

import random

import pytest

from engine.convoy_routes import convoy_route_exists, fleets_linked
from engine.game import Game
from engine.lean import tables_for
from engine.lean.reader import Position
from engine.lean.tables import linked_fleets, on_minimal_route
from engine.mapdata import MapData
from engine.order_reader import OrderReader
from engine.orders import RawOrder, SupportMove, order_key
from engine.state import GameState
from engine.types import OrderError, Phase, Unit, UnitType
from engine.validate import minimal_convoy_routes, on_minimal_convoy_route
from engine.variants import Variant, find_variant
from engine.variants.world31.orders import MILITIA

from random_games import snapshots

A, F, M = UnitType.ARMY, UnitType.FLEET, MILITIA


def general(variant: Variant, state: GameState, power: str | None, text: str) -> object:
    try:
        order = variant.validate(variant.parse(text), state, power)
    except OrderError as exc:
        return (type(exc), str(exc))
    return (order, str(order), order_key(order))


def fast(reader: OrderReader, power: str | None, text: str) -> object:
    try:
        entry = reader.entry(power, text)
    except OrderError as exc:
        return (type(exc), str(exc))
    assert reader.read(power, text) == entry[0]
    return entry


def own_lines(game: Game, rng: random.Random) -> tuple[list[tuple[str, str]], list[str]]:
    """Upkeep, militia and purchase lines of the position: every legal one, and each broken the ways that
    must be left to the general path (another kind, place, target, country's unit, an extra word)."""
    variant, state = game.variant, game.state
    board = variant.board
    legal = [(p, str(o)) for p, per in variant.legal_orders(state).items() for opts in per.values() for o in opts]
    own = [(p, t) for p, t in legal if t.startswith(("M ", "MAINTAIN ")) or t.endswith(" B")]
    places = list(board.provinces)
    out: list[str] = []
    for _, text in own:
        words = text.split(" ")
        out += [text + " H", text.lower(), text.replace(" ", "  "), text.replace("M ", "A ", 1),
                text.replace("A ", "F ", 1), text.replace("F ", "M ", 1), text.replace(" S A ", " S F "),
                text.replace(" S F ", " S A "), "MAINTAIN " + text, text.replace(" - ", " S A "),
                " ".join(words[:-1] + [rng.choice(places)]), " ".join(words[:2] + words[-1:])]
        for i in rng.sample(range(1, len(words)), min(2, len(words) - 1)):
            changed = list(words)
            changed[i] = rng.choice(places + [f"{p}/NC" for p in places[:5]])
            out.append(" ".join(changed))
    for unit in state.all_units():  # upkeep and militia lines for every unit, of every country
        out += [f"MAINTAIN {unit}", f"M {unit.loc} H", f"M {unit.loc} S A {unit.loc}",
                f"M {unit.loc} S F {unit.loc}"]
    out += [f"{kind} {loc} B" for kind in "AFM" for loc in rng.sample(places, 8)]
    return own, out


@pytest.mark.parametrize("variant_id", ["world31", "world31_testboard"])
def test_own_lines_read_fast_as_the_general_path_reads_them(variant_id: str) -> None:
    rng = random.Random(31)
    compared = taken = 0
    seasons = set()
    for seed in range(2):
        for game in snapshots(variant_id, seed, 10, movement_only=True):
            variant, state = game.variant, game.state
            seasons.add(state.phase.season)
            reader = OrderReader(variant, state)
            own = variant.own_reader(state)
            assert own is not None
            powers = sorted({u.power for u in state.all_units()})
            legal, broken = own_lines(game, rng)
            lines = [(text, [owner]) for owner, text in rng.sample(legal, min(len(legal), 150))]
            lines += [(text, []) for text in rng.sample(broken, min(len(broken), 300))]
            for text, owners in lines:
                for power in [*owners, *rng.sample(powers, min(2, len(powers))), None]:
                    expected = general(variant, state, power, text)
                    assert fast(reader, power, text) == expected, (variant_id, str(state.phase), power, text)
                    if power is not None:
                        made = own(power, text)
                        assert made is None or made == expected, (str(state.phase), power, text)
                        taken += made is not None
                    compared += 1
    assert seasons == {"W", "S", "U", "F"}  # freezing seasons and economy phases among them
    assert compared > 5000 and taken > 300


def test_the_tables_of_purchase_and_upkeep_lines_read_as_the_parser_does() -> None:
    for variant_id in ("world31", "world31_testboard"):
        variant = find_variant(variant_id)
        purchases = variant.tables.build_lines()  # type: ignore[attr-defined]
        assert len(purchases) > 20
        for text, (kind, loc) in purchases.items():
            assert variant.read_text(text) == RawOrder("build", kind, loc, text=text), text  # type: ignore[attr-defined]


def test_militia_lines_in_canonical_notation_read_as_the_split_reading_takes_them() -> None:
    """``reading.py`` splits ``M X H``, ``M X - Y``, ``M X S A Y`` and ``M X S A Y - Z`` on spaces: on every
    place a militia may stand, the parser reads each as the same raw order."""
    variant = find_variant("world31")
    board = variant.board
    checked = 0
    for here in board.locations(M):
        assert variant.parse(f"M {here} H") == RawOrder("hold", M, here, text=f"M {here} H")
        near = sorted(board.army_adjacent(here))
        for dest in near:
            text = f"M {here} - {dest}"
            assert variant.parse(text) == RawOrder("move", M, here, dest=dest, text=text)
        for kind in (A, F):
            for target in [here, *near]:
                text = f"M {here} S {kind.value} {target}"
                assert variant.parse(text) == RawOrder("support", M, here, kind, target, text=text)
            for dest in near:
                for target in sorted(board.any_adjacent(dest) - {here}):
                    text = f"M {here} S {kind.value} {target} - {dest}"
                    assert variant.parse(text) == RawOrder("support", M, here, kind, target, dest, text=text)
                    checked += 1
    assert checked > 5000


def test_convoy_checks_on_a_board_of_many_seas_agree_with_the_general_searches() -> None:
    """``on_minimal_convoy_route`` (a search cut short) against ``minimal_convoy_routes`` (every chain), and
    the order reader's fleets joined in groups against ``convoy_route_exists``, on the World board."""
    board = find_variant("world31").board
    seas = sorted(p for p, prov in board.provinces.items() if prov.can_convoy)
    coasts = sorted(p for p, prov in board.provinces.items() if prov.is_coastal)
    rng = random.Random(5)
    agreed = on_route = 0
    for _ in range(12):
        fleets = frozenset(rng.sample(seas, rng.randrange(10, 40)))
        for origin in rng.sample(coasts, 6):
            routes = minimal_convoy_routes(board, origin, fleets)
            for dest in coasts:
                for sea in fleets:
                    found = on_minimal_convoy_route(board, origin, dest, sea, fleets)
                    assert found == (sea in routes.get(dest, ())), (origin, dest, sea)
                    on_route += found
                    agreed += 1
    assert agreed > 50_000 and on_route > 100


@pytest.mark.parametrize("variant_id", ["world31", "standard"])
def test_the_lean_convoy_check_over_bit_masks_agrees_with_the_general_search(variant_id: str) -> None:
    """``lean.tables.on_minimal_route`` (bit masks) against ``on_minimal_convoy_route`` over random fleets at
    sea, armies' coasts, landings and convoying seas; and the lean position's fleets joined to a coast
    (``Position.linked``, by groups of fleets) against ``fleets_linked``."""
    variant = find_variant(variant_id)
    board = variant.board
    tables = tables_for(variant)
    assert tables.seas_plain
    seas = sorted(p for p, prov in board.provinces.items() if prov.can_convoy)
    coasts = sorted(p for p, prov in board.provinces.items() if prov.is_coastal)
    rng = random.Random(11)
    agreed = on_route = 0
    for _ in range(20):
        fleets = frozenset(rng.sample(seas, rng.randrange(1, min(len(seas), 50))))
        standing = [tables.standing[tables.powers[0]][f"F {sea}"] for sea in sorted(fleets)]
        position = Position(variant, tables, next(iter(tables.phases.values())), "", standing, {})
        mask = position.fleets()
        for origin in rng.sample(coasts, min(len(coasts), 8)):
            linked = fleets_linked(board, origin, fleets)
            assert position.linked(origin) == sum(tables.bit[f] for f in linked), origin
            assert position.linked(origin) == linked_fleets(tables, origin, mask)
            for dest in rng.sample(coasts, min(len(coasts), 25)):
                for sea in [*linked, *rng.sample(seas, 2)]:
                    found = on_minimal_convoy_route(board, origin, dest, sea, linked)
                    assert on_minimal_route(tables, origin, dest, sea, position.linked(origin)) == found, \
                        (origin, dest, sea)
                    on_route += found
                    agreed += 1
    assert agreed > 5000 and on_route > 50


def test_the_readers_groups_of_fleets_find_the_routes_convoy_route_exists_finds() -> None:
    rng = random.Random(8)
    for game in snapshots("world31", 3, 12, movement_only=True)[-4:]:
        variant, state = game.variant, game.state
        board = variant.board
        reader = OrderReader(variant, state)
        fleets = reader._fleets_at_sea()
        assert fleets and reader._fleet_groups() is not None
        coasts = [p for p, prov in board.provinces.items() if prov.is_coastal]
        for origin in rng.sample(coasts, 40):
            for dest in coasts:
                assert reader._convoyable(origin, dest) == convoy_route_exists(board, origin, dest, fleets)


def militia_lines(state: GameState, board: MapData) -> list[str]:
    """Every hold, move and support a militia of ``state`` could be written to give, legal or not."""
    out = []
    for s in state.stacked:
        here = s.province
        near = sorted(board.army_adjacent(here))
        out += [f"M {here} H", f"M {here} S A {here}", f"M {here} S F {here}"]
        out += [f"M {here} - {dest}" for dest in near]
        for target in sorted({here, *near, *(t for d in near for t in board.any_adjacent(d))}):
            occupant = state.units.get(target)
            kinds = [occupant.type.value] if occupant is not None else ["A"]
            for kind in kinds:
                out.append(f"M {here} S {kind} {target}")
                out += [f"M {here} S {kind} {target} - {dest}" for dest in near]
    return out


def test_every_militia_line_the_general_path_takes_is_read_fast_alike() -> None:
    """Each hold, move and support a militia could be written to give, in random positions of each season:
    the fast reading (the map's table of militia lines, then the position's checks) takes every canonical
    line the general path accepts, but supports of moves by convoy, and reads it alike; it takes no other."""
    taken = 0
    for game in snapshots("world31", 3, 12, movement_only=True)[-6:]:
        variant, state = game.variant, game.state
        board = variant.board
        own = variant.own_reader(state)
        assert own is not None
        for text in militia_lines(state, board):
            power = state.stacked_in(text.split()[1])[0].power
            expected = general(variant, state, power, text)
            made = own(power, text)
            accepted = not isinstance(expected[0], type) and expected[1] == text
            if made is not None or not accepted:
                assert made is None or made == expected, text
                continue
            order = expected[0]
            # (left to the general checks: a militia's support of an army's move only a convoy makes)
            assert isinstance(order, SupportMove) and order.target.type is A \
                and order.dest not in board.army_adjacent(order.target.loc), text
        taken += sum(own(state.stacked_in(t.split()[1])[0].power, t) is not None for t in militia_lines(state, board))
    assert taken > 500


def test_militia_at_the_edge_of_the_frozen_arctic_read_as_the_general_path_reads_them() -> None:
    """In Winter a militia may not move, nor support, into a frozen place, nor support a move out of one
    (the variant's move rule); in Spring it may. Militia and units on every border of the Arctic's land."""
    variant = find_variant("world31")
    board = variant.board
    frozen = variant.frozen_in["W"]  # type: ignore[attr-defined]
    pairs = sorted((x, y) for y in frozen if board.provinces[y].is_land
                   for x in board.army_adjacent(y) if x not in frozen)
    powers = list(board.powers)
    taken = refused = 0
    for season in ("W", "S"):
        militia_at: dict[str, str] = {}
        units: dict[str, Unit] = {}
        for i, (x, y) in enumerate(pairs):
            power = powers[i % len(powers)]
            militia_at.setdefault(x, power)
            units.setdefault(y, Unit(powers[(i + 1) % len(powers)], A, y))
        listed = list(units.values()) + [Unit(p, M, x) for x, p in militia_at.items()]
        state = variant.make_state(Phase.parse(f"{season}2001M"), listed, {})
        reader = OrderReader(variant, state)
        own = variant.own_reader(state)
        assert own is not None
        for text in militia_lines(state, board):
            power = state.stacked_in(text.split()[1])[0].power
            expected = general(variant, state, power, text)
            assert fast(reader, power, text) == expected, (season, text)
            made = own(power, text)
            assert made is None or made == expected, (season, text)
            taken += made is not None
            refused += season == "W" and isinstance(expected[0], type) and "frozen" in str(expected[1])
    assert taken > 100 and refused > 20


def test_convoys_by_fleets_in_and_beside_the_frozen_arctic_read_as_the_general_path_reads_them() -> None:
    """In Winter a fleet in a frozen sea convoys nobody and no army is convoyed into a frozen place
    (``convoys_follow_move_rule``: the order reader checks such convoys itself); in Spring both may."""
    variant = find_variant("world31")
    board = variant.board
    frozen = variant.frozen_in["W"]  # type: ignore[attr-defined]
    seas = {p for p, prov in board.provinces.items() if prov.can_convoy}
    frozen_seas = sorted(frozen & seas)
    near = sorted({s for f in frozen_seas for s in board.fleet_adjacent_provinces(f) if s in seas} | set(frozen_seas))
    coasts = sorted({c for s in near for c in board.fleet_adjacent_provinces(s) if board.provinces[c].is_coastal
                     and board.provinces[c].is_land})
    assert frozen_seas and coasts
    armies = coasts[::4]
    units = [Unit("UNITED_KINGDOM", F, sea) for sea in near] + [Unit("RUSSIA", A, c) for c in armies]
    accepted = refused = 0
    for season in ("W", "S"):
        state = variant.make_state(Phase.parse(f"{season}2001M"), units, {})
        reader = OrderReader(variant, state)
        for sea in near:
            for army in armies:
                for dest in coasts[::3]:
                    text = f"F {sea} C A {army} - {dest}"
                    expected = general(variant, state, "UNITED_KINGDOM", text)
                    assert fast(reader, "UNITED_KINGDOM", text) == expected, (season, text)
                    accepted += not isinstance(expected[0], type)
                    refused += isinstance(expected[0], type) and "frozen" in str(expected[1])
    assert accepted > 20 and refused > 20
