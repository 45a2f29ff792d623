"""What a front end offers an EMG power beyond its units' moves: the orders of the relations grid, the orders
picked area by area on the map (spies, a grant of chosen areas), and the unit options the turn's commands
add (supports of an ally's attack, convoy routes, downgrades and removals when units outgrow supply).

Every order made here is one the variant's reader reads back to itself (``str(order)``), so a front end
sends its text and the engine checks it like a typed line.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...mapdata import MapData
from ...order_marks import MarkKind, MarkStyle, OrderMark
from ...orders import Order
from ...state import GameState
from ...types import Unit, UnitType, province_of
from ..base import AreaPicking, RelationOffer
from .orders import (Add, DECLARE_ALLIANCE, DECLARE_NEUTRALITY, DECLARE_WAR, DOWNGRADE, UPGRADE, CallToArms,
                     ConvoyRoute, Declare, Downgrade, GrantAccess, Remove, Spy, SupportAttack, SupportDefence, Upgrade,
                     carries, points)
from .relations import ALLY, NEUTRAL, WAR, relation
from .turn import centre_points, owners, supply_points, unit_points

SPIES, GRANT = "SP", "GA"


# --- the relations grid ------------------------------------------------------------------------------------


def relation_orders(board: MapData, state: GameState, power: str, first_turn: bool,
                    name: Callable[[str], str]) -> dict[str, tuple[RelationOffer, ...]]:
    """By other power: the declarations the relations allow (RG-REL-3..5; no war on the first turn), a grant
    of every area unless at war (an alliance made this turn lets it count), and a call to arms of each ally
    against each power ``power`` is at war with and the ally is not (RG-REL-8)."""
    relations = state.extra.get("relations", {})
    powers = sorted(board.powers)
    enemies = [p for p in powers if p != power and relation(relations, power, p) == WAR]
    out: dict[str, tuple[RelationOffer, ...]] = {}
    for other in powers:
        if other == power:
            continue
        now = relation(relations, power, other)
        offers: list[RelationOffer] = []
        if now == NEUTRAL:
            offers.append(RelationOffer("Declare an alliance", Declare(power, DECLARE_ALLIANCE, other)))
            if not first_turn:
                offers.append(RelationOffer("Declare war", Declare(power, DECLARE_WAR, other)))
        else:
            words = "End the alliance (neutrality)" if now == ALLY else "Offer peace (neutrality)"
            offers.append(RelationOffer(words, Declare(power, DECLARE_NEUTRALITY, other)))
        if now != WAR:
            offers.append(RelationOffer("Grant access to every area", GrantAccess(power, other)))
        if now == ALLY:
            offers += [RelationOffer(f"Call to arms against {name(enemy)}", CallToArms(power, other, enemy))
                       for enemy in enemies if relation(relations, other, enemy) != WAR and enemy != other]
        out[other] = tuple(offers)
    return out


def relation_target(order: Order) -> str | None:
    if isinstance(order, (Declare, GrantAccess)):
        return order.target
    if isinstance(order, CallToArms):
        return order.ally
    return None


def relation_targets(order: Order) -> tuple[str, ...]:
    """The columns of the grid a drafted order shows in: each power a declaration names (``DA 3 10``)."""
    if isinstance(order, Declare):
        return order.targets
    target = relation_target(order)
    return (target,) if target is not None else ()


def relation_without(order: Order, power: str) -> Order | None:
    """A declaration naming several powers without ``power`` (the others' pairs are judged alone, RG-ORD-12,
    so the rest stands as it was); ``None`` when nothing is left of it."""
    if not isinstance(order, Declare) or power not in order.targets:
        return None
    rest = tuple(p for p in order.targets if p != power)
    return Declare(order.power, order.what, rest[0], rest[1:]) if rest else None


def relation_notes(state: GameState, power: str, name: Callable[[str], str]) -> tuple[str, ...]:
    """The calls to arms of last turn ``power`` must answer now, or that it made (RG-REL-9)."""
    lines = []
    for caller, ally, enemy in (tuple(c) for c in state.extra.get("calls", [])):
        if ally == power:
            lines.append(f"{name(caller)} calls you to arms against {name(enemy)}: declare war on {name(enemy)} "
                         f"this turn, or the alliance ends and your victory points are cut")
        elif caller == power:
            lines.append(f"You called {name(ally)} to arms against {name(enemy)}")
    return tuple(lines)


# --- orders picked area by area ------------------------------------------------------------------------------


def area_picks(board: MapData, state: GameState, power: str, most_spies: int, spy_reach: frozenset[str] | None,
               name: Callable[[str], str]) -> tuple[AreaPicking, ...]:
    """Spies (RG-ORD-19) and, for each power not at war with ``power``, a grant of access to chosen areas of
    its own (RG-REL-11)."""
    picks = [AreaPicking(SPIES, "Spies", f"SP {power}", most_spies, spy_reach,
                         "areas your spies report on in this turn's results")]
    mine = frozenset(a for a, p in owners(state).items() if p == power)
    relations = state.extra.get("relations", {})
    for other in sorted(board.powers):
        if other != power and relation(relations, power, other) != WAR and mine:
            picks.append(AreaPicking(f"{GRANT} {other}", f"Access for {name(other)}", f"GA {power} {other}",
                                     None, mine, f"your areas {name(other)} may enter this turn"))
    return tuple(picks)


def area_pick_order(power: str, key: str, areas: Sequence[str]) -> Order | None:
    if not areas:
        return None
    if key == SPIES:
        return Spy(power, tuple(areas))
    what, _, other = key.partition(" ")
    if what == GRANT and other:
        return GrantAccess(power, other, tuple(areas))
    raise ValueError(f"no picking {key!r}")


def picked_areas(order: Order) -> tuple[str, ...]:
    if isinstance(order, (Spy, GrantAccess)):
        return order.areas
    return ()


def spy_reach(board: MapData, known: frozenset[str], steps: int | None) -> frozenset[str] | None:
    """The areas a spy may go to: any (``None``) without a range, else those within ``steps`` of ``known``."""
    if steps is None:
        return None
    if not known:
        return frozenset()
    return frozenset(a for a, d in board.distances_from(sorted(known)).items() if d <= steps)


# --- unit options the turn's commands add -------------------------------------------------------------------


def more_unit_options(board: MapData, state: GameState, options: dict[str, dict[str, list[Order]]]) -> None:
    """Add to ``options`` (power -> slot -> orders): supports of an ally's attack (allies at the start of the
    turn), convoy routes to each landing (the shortest first), and downgrades and removals for a power whose
    units' points exceed its supply (RG-BLD-3)."""
    for power, slots in options.items():  # a 1-point centre adds corps and squadrons only (RG-BLD-2)
        for area in [a for a in slots if a not in state.units and a in board.supply_centers]:
            if centre_points(board, area) < 2:
                slots[area] = [o for o in slots[area] if not (isinstance(o, Add) and points(o.unit.type) > 1)]
                if not slots[area]:
                    del slots[area]
    relations = state.extra.get("relations", {})
    short = {p for p in board.powers if unit_points(state.units.values(), p) > supply_points(board, state, p)}
    for prov, unit in state.units.items():
        mine = options.setdefault(unit.power, {}).setdefault(prov, [])
        allies = [p for p in sorted(board.powers) if p != unit.power and relation(relations, unit.power, p) == ALLY]
        if allies:
            for area in sorted({province_of(x) for x in board.adjacent(unit.type, unit.loc)}):
                mine += [SupportAttack(unit, area, ally) for ally in allies]
        mine += convoy_routes(board, state, unit)
        if unit.power in short:
            if unit.type in DOWNGRADE:
                mine.append(Downgrade(unit))
            mine.append(Remove(unit))


ROUTES_PER_LANDING = 4  # the shortest routes offered to one landing; any other is typed
LONGER_BY = 2  # a route offered is at most this many seas longer than the landing's shortest
PATHS_EXPLORED = 2000  # a bound on the routes looked at, whatever the fleets' web


def drafted_supports(state: GameState, power: str, options: Sequence[Order],
                     drafted: Sequence[Order]) -> tuple[Order, ...]:
    """Supports of the attacks of each power ``power`` declares an alliance with in its draft while they are
    neutral: if both sides declare it the alliance is made first and the support counts (RG-SUP-2, G-E24),
    so the unit may back that power's attacks wherever it may back its own."""
    relations = state.extra.get("relations", {})
    courted = sorted({t for o in drafted if isinstance(o, Declare) and o.power == power and o.what == DECLARE_ALLIANCE
                      for t in o.targets if t != power and relation(relations, power, t) == NEUTRAL})
    if not courted:
        return ()
    offered = set(options)
    return tuple(support for o in options if isinstance(o, SupportAttack) and o.beneficiary is None
                 for t in courted if (support := SupportAttack(o.unit, o.dest, t)) not in offered)


def convoy_routes(board: MapData, state: GameState, unit: Unit,
                  most: int = ROUTES_PER_LANDING) -> list[ConvoyRoute]:
    """Per coastal landing, up to ``most`` routes across seas held by ``unit``'s power's naval units able to
    carry it (RG-ORD-8..10), the fewest seas first, ties to the lower-numbered seas, none more than
    :data:`LONGER_BY` seas longer than the landing's shortest: the route matters (an enemy attack at one
    sea breaks it, RG-CUT-4), so a front end offers the others too."""
    if unit.type not in (UnitType.ARMY, UnitType.CORPS) or not board.provinces[province_of(unit.loc)].is_coastal:
        return []
    start = province_of(unit.loc)

    def carriers_next_to(area: str) -> list[str]:
        near = sorted({province_of(x) for x in board.fleet_adjacent(area)}, key=lambda a: _number(board, a))
        return [a for a in near if board.provinces[a].is_sea and (c := state.units.get(a)) is not None
                and c.power == unit.power and carries(c.type, unit.type)]

    found: dict[str, list[tuple[str, ...]]] = {}
    frontier: list[tuple[str, ...]] = [(sea,) for sea in carriers_next_to(start)]
    explored = 0
    while frontier and explored < PATHS_EXPLORED:
        following: list[tuple[str, ...]] = []
        for seas in frontier:
            explored += 1
            shores = {province_of(x) for x in board.fleet_adjacent(seas[-1])}
            for land in sorted(shores, key=lambda a: _number(board, a)):
                if land == start or not board.provinces[land].is_coastal:
                    continue
                routes = found.setdefault(land, [])
                if len(routes) >= most or (routes and len(seas) > len(routes[0]) + LONGER_BY):
                    continue
                if not any(set(r) <= set(seas) for r in routes):  # no detour through a route's own seas
                    routes.append(seas)
            following += [(*seas, sea) for sea in carriers_next_to(seas[-1]) if sea not in seas]
        frontier = following
    return [ConvoyRoute(unit, seas, land)
            for land, routes in sorted(found.items(), key=lambda i: _number(board, i[0])) for seas in routes]


def _number(board: MapData, area: str) -> int:
    number = board.provinces[area].number
    return number if number is not None else 10**6


def order_marks(order: Order, failed: bool) -> tuple[OrderMark, ...] | None:
    """How the EMG commands are drawn with the common marks (``None``: not an EMG command): an add, an upgrade
    or a downgrade as a build of the unit it makes, a removal as a disband, both supports as a dashed line to
    the area (the unit backed is known only when the turn is played), a convoy as a move along its seas, each
    area spied on or granted as a mark of its own (``MarkKind.AREA``)."""
    if isinstance(order, Add):
        return (OrderMark(MarkKind.BUILD, order.unit.loc, failed=failed, unit_type=order.unit.type.value),)
    if isinstance(order, (Upgrade, Downgrade)):
        made = (UPGRADE if isinstance(order, Upgrade) else DOWNGRADE)[order.unit.type]
        return (OrderMark(MarkKind.BUILD, order.unit.loc, failed=failed, unit_type=made.value),)
    if isinstance(order, Remove):
        return (OrderMark(MarkKind.DISBAND, order.unit.loc, failed=failed),)
    if isinstance(order, SupportAttack):
        return (OrderMark(MarkKind.SUPPORT_HOLD, order.unit.loc, order.dest, failed=failed),)
    if isinstance(order, SupportDefence):
        return (OrderMark(MarkKind.SUPPORT_HOLD, order.unit.loc, order.area, failed=failed),)
    if isinstance(order, ConvoyRoute):
        return (OrderMark(MarkKind.MOVE, order.unit.loc, order.dest, failed=failed, via=order.seas),)
    if isinstance(order, (Spy, GrantAccess)):  # each area named: an eye, or a hatched outline (GA ALL: none)
        style = MarkStyle.SPY if isinstance(order, Spy) else MarkStyle.GRANT
        return tuple(OrderMark(MarkKind.AREA, area, style=style, failed=failed) for area in order.areas)
    return None


MARK_NOTES = ((MarkStyle.SPY.value, "Spies sent there this turn"),
              (MarkStyle.GRANT.value, "Access granted to chosen areas"))


def unit_badge(kind: UnitType, points: Mapping[UnitType, int]) -> str | None:
    value = points.get(kind)
    return str(value) if value is not None else None


__all__ = ["area_pick_order", "area_picks", "convoy_routes", "drafted_supports", "more_unit_options", "order_marks", "picked_areas",
           "relation_notes",
           "relation_orders", "relation_target", "relation_targets", "relation_without", "spy_reach", "unit_badge"]
