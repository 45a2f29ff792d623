"""From game data to what the map shows: the board geometry to use, power colours, and
:class:`~app.drawing.BoardPicture` values (owners, units, arrows) for a position, a draft or a result.

Colonial's special moves get their own arrows: a railway move runs along the line's spaces as orange
track, split where the train stopped (the stretch it covered solid, the rest dashed and marked failed
at the stop); a Suez passage, and the permission that opens it, are routed through the canal.

Hugh's Engineered Diplomacy: the units come from ``Variant.all_units`` of what the viewer may see
(``Variant.view_for``), so engineers and prisons are drawn beside their province's unit and a power sees
its own decoys marked, others' as the units they copy. Transports are dotted arrows from the engineer to
the unit fetching it, damage a dashed line ending in a burst, a bid the madman order it asks for, in the
bidder's colour; winter creations and conversions are build marks of the new unit.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.drawing import (
    ArrowStyle,
    BoardGeometry,
    BoardPicture,
    GeometryError,
    OrderArrow,
    OrderKind,
    UnitMark,
    load_map_geometry,
    palette,
)
from app.drawing.legend import LegendEntry, legend_entries
from app.drawing.paths import geometry_path
from app.drawing.sheet import Caption
from engine.game import Game, PhaseRecord
from engine.report import state_after
from engine.mapdata import MapData
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove
from engine.phases import FAILS, INVALID
from engine.state import GameState
from engine.types import OrderError, PhaseType, Unit, UnitType, province_of
from engine.variants import Variant
from engine.variants.base import PUBLIC_VIEW
from engine.variants.colonial import (
    ColonialPlaces,
    ColonialVariant,
    RailwayJourney,
    SuezPermission,
    is_railway_move,
    is_suez_move,
)
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.orders import (
    Bid,
    Convert,
    CreateDecoy,
    CreateEngineer,
    Damage,
    DisbandStacked,
    StackedHold,
    StackedMove,
    Transport,
    VoteOut,
)
from engine.variants.engineered_rules.stacks import NEUTRAL, decoy_provinces

log = logging.getLogger("chancellery.app.scene")


def board_geometry(map_id: str) -> tuple[BoardGeometry, bool]:
    """The map's drawn geometry, or a schematic one when it has none (second value: schematic?)."""
    if geometry_path(map_id).is_file():
        try:
            return load_map_geometry(map_id), False
        except GeometryError as exc:
            log.warning("the geometry of map %s can't be used (%s); showing a schematic board", map_id, exc)
    from .schematic import schematic_geometry  # shapely and numpy: only maps without drawn geometry need them

    return schematic_geometry(map_id), True


@dataclass(frozen=True, slots=True)
class Display:
    """The user's view choices (layer toggles and palette)."""

    show_labels: bool = True
    show_units: bool = True
    show_orders: bool = True
    colour_blind: bool = False


# Who is looking: ``ALL`` (the game master: everything), a power, or ``PUBLIC`` (everyone at once: what
# every power may see, no power's secrets).
ALL: str | None = None
PUBLIC = PUBLIC_VIEW
MADMAN_GREY = "#a7adb3"  # the neutral madman country's units (Engineered): grey, nobody's colour


def power_colours(board: MapData, colour_blind: bool = False, variant: Variant | None = None) -> dict[str, str]:
    given = {p: info.color for p, info in board.powers.items()}
    colours = palette.resolve_power_colours(list(board.powers), given, colour_blind=colour_blind)
    if isinstance(variant, Engineered) and variant.settings.madman:
        colours[NEUTRAL] = MADMAN_GREY
    return colours


def view_of(variant: Variant, state: GameState, viewer: str | None) -> GameState:
    """What ``viewer`` may see of ``state`` (another power's decoy is the unit it copies)."""
    return state if viewer is ALL else variant.view_for(state, viewer)


def picture_units(variant: Variant, state: GameState) -> tuple[list[Unit], frozenset[str]]:
    """The units to draw for a position already cut to its viewer, and the locations of the units that
    are really decoys (those the viewer may know of: its own, or all for the game master)."""
    units = variant.all_units(state)
    if not isinstance(variant, Engineered):
        return units, frozenset()
    marked = decoy_provinces(state)
    out: list[Unit] = []
    decoys: set[str] = set()
    for u in units:
        prov = province_of(u.loc)
        if u.type is UnitType.DECOY and prov in marked and prov in state.units:
            real = state.units[prov]  # a decoy standing alone looks like the unit it copies
            out.append(real)
            decoys.add(real.loc)
        else:
            out.append(u)
    return out, frozenset(decoys)


def home_centres(board: MapData) -> dict[str, str]:
    return {c: p for p, info in board.powers.items() for c in info.home_centers}


def colonial_places(variant: Variant | None) -> ColonialPlaces | None:
    """The railway and canal of a Colonial game (``None`` for any other variant)."""
    return variant.places if isinstance(variant, ColonialVariant) else None


def order_arrow(power: str, order: object, *, failed: bool = False, phase_type: PhaseType | None = None,
                variant: Variant | None = None) -> OrderArrow | None:
    """How ``order`` (of any kind, a variant's own included) is drawn; ``None`` for orders without a mark
    (a waive).

    With ``variant`` a railway move follows its line and Suez passages go through the canal; a railway
    move's result split at its stop comes from :func:`railway_arrows`.
    """
    places = colonial_places(variant)
    engineered = _engineered_arrow(power, order, failed=failed, phase_type=phase_type, variant=variant)
    if isinstance(engineered, OrderArrow):
        return engineered
    if engineered is False:
        return None
    if isinstance(order, SuezPermission):
        if places is None:
            return None
        # Drawn like the Avalon Hill form of the order: Egypt's unit supporting the passage.
        return OrderArrow(OrderKind.SUPPORT_MOVE, power, places.canal, order.dest, order.fleet.loc, failed=failed,
                          style=ArrowStyle.CANAL)
    if isinstance(order, Hold):
        return OrderArrow(OrderKind.HOLD, power, order.unit.loc, failed=failed)
    if isinstance(order, Move):
        if is_railway_move(order):
            return railway_arrows(power, order, places, failed=failed)[0]
        style = ArrowStyle.CANAL if places is not None and is_suez_move(places, order) else ArrowStyle.NORMAL
        return OrderArrow(OrderKind.MOVE, power, order.unit.loc, order.dest, failed=failed, style=style)
    if isinstance(order, SupportHold):
        return OrderArrow(OrderKind.SUPPORT_HOLD, power, order.unit.loc, order.target.loc, failed=failed)
    if isinstance(order, SupportMove):
        passage = (places is not None and order.target.type is UnitType.FLEET
                   and places.other_sea(province_of(order.target.loc)) == province_of(order.dest))
        return OrderArrow(OrderKind.SUPPORT_MOVE, power, order.unit.loc, order.dest, order.target.loc, failed=failed,
                          style=ArrowStyle.CANAL if passage else ArrowStyle.NORMAL)
    if isinstance(order, Convoy):
        return OrderArrow(OrderKind.CONVOY, power, order.unit.loc, order.dest, order.target.loc, failed=failed)
    if isinstance(order, Retreat):
        return OrderArrow(OrderKind.RETREAT, power, order.unit.loc, order.dest, failed=failed)
    if isinstance(order, Disband):
        return OrderArrow(OrderKind.DISBAND, power, order.unit.loc, failed=failed, dislodged=phase_type is PhaseType.RETREATS)
    if isinstance(order, Build):
        return OrderArrow(OrderKind.BUILD, power, order.unit.loc, failed=failed, unit_type=order.unit.type.value)
    return None


def _engineered_arrow(power: str, order: object, *, failed: bool, phase_type: PhaseType | None,
                      variant: Variant | None) -> OrderArrow | bool | None:
    """Hugh's Engineered Diplomacy's orders: an arrow, ``False`` for an order without a mark (an engineer
    staying, a disband of an engineer, a vote), ``None`` for any other order."""
    if isinstance(order, Bid):
        return order_arrow(power, order.order, failed=failed, phase_type=phase_type, variant=variant) or False
    if isinstance(order, StackedMove):
        return OrderArrow(OrderKind.MOVE, power, order.stacked.loc, order.dest, failed=failed)
    if isinstance(order, Transport):
        return OrderArrow(OrderKind.TRANSPORT, power, order.unit.loc, aux_loc=order.engineer.loc, failed=failed)
    if isinstance(order, Damage):
        if order.dest is None:
            return OrderArrow(OrderKind.SUPPORT_HOLD, power, order.unit.loc, order.target.loc, failed=failed,
                              style=ArrowStyle.DAMAGE)
        return OrderArrow(OrderKind.SUPPORT_MOVE, power, order.unit.loc, order.dest, order.target.loc, failed=failed,
                          style=ArrowStyle.DAMAGE)
    if isinstance(order, CreateEngineer):
        return OrderArrow(OrderKind.BUILD, power, order.engineer.loc, failed=failed, unit_type=UnitType.ENGINEER.value)
    if isinstance(order, CreateDecoy):
        return OrderArrow(OrderKind.BUILD, power, order.decoy.loc, failed=failed, unit_type=UnitType.DECOY.value)
    if isinstance(order, Convert):
        return OrderArrow(OrderKind.BUILD, power, order.into.loc, failed=failed, unit_type=order.into.type.value)
    if isinstance(order, (StackedHold, DisbandStacked, VoteOut)):
        return False  # listed with the orders, nothing to draw
    return None


def railway_arrows(power: str, order: Move, places: ColonialPlaces | None, *, failed: bool = False,
                   journey: RailwayJourney | None = None) -> list[OrderArrow]:
    """A railway move as orange track along the line's spaces.

    Given how the journey went: one arrow when the army arrived (or never got away: then it is failed
    and its mark sits at the origin); otherwise the stretch it covered, solid up to where it stopped,
    then the rest, failed, from the stop to the ordered destination.
    """
    origin, dest = province_of(order.unit.loc), province_of(order.dest)
    path: tuple[str, ...] = (dest,)
    if places is not None and origin in places.route and dest in places.route and origin != dest:
        path = places.path(origin, dest)
    if journey is None or journey.unit != order.unit or journey.path != path:
        return [OrderArrow(OrderKind.MOVE, power, order.unit.loc, order.dest, failed=failed, style=ArrowStyle.TSR,
                           via=path[:-1])]
    if journey.arrived or journey.stopped_at == journey.origin:
        return [OrderArrow(OrderKind.MOVE, power, order.unit.loc, order.dest, failed=not journey.arrived,
                           style=ArrowStyle.TSR, via=path[:-1])]
    stop = journey.stopped_at
    travelled = journey.travelled
    rest = path[path.index(stop) + 1:]
    return [
        OrderArrow(OrderKind.MOVE, power, order.unit.loc, stop, style=ArrowStyle.TSR, via=travelled[:-1]),
        OrderArrow(OrderKind.MOVE, power, stop, order.dest, failed=True, style=ArrowStyle.TSR, via=rest[:-1]),
    ]


def draft_arrows(orders: Iterable[tuple[str, Order]], phase_type: PhaseType, *,
                 variant: Variant | None = None) -> list[OrderArrow]:
    out = []
    for power, order in orders:
        arrow = order_arrow(power, order, phase_type=phase_type, variant=variant)
        if arrow is not None:
            out.append(arrow)
    return out


def result_journey(variant: Variant, record: PhaseRecord) -> RailwayJourney | None:
    """How the phase's railway move went, as its result recorded it (``None``: no railway move, not a
    Colonial game, or a result saved before results carried their journey)."""
    if not isinstance(variant, ColonialVariant) or record.state.phase.type is not PhaseType.MOVEMENT:
        return None
    for r in record.results:
        if r.outcome is not None:
            journey = RailwayJourney.from_outcome(r.outcome)
            if journey is not None:
                return journey
    return None


def result_arrows(variant: Variant, record: PhaseRecord, *, include_defaults: bool = False,
                  viewer: str | None = ALL) -> list[OrderArrow]:
    """The orders of an adjudicated phase, read back from their text, failed ones marked.

    Default holds are left out (they would clutter the board); default disbands are drawn. A railway
    move is split where the train stopped. ``viewer`` reads them through ``Variant.results_for``
    (another power's hidden decoy orders read as its twin's).
    """
    out: list[OrderArrow] = []
    phase_type = record.state.phase.type
    journey = result_journey(variant, record)
    results = record.results if viewer is ALL else variant.results_for(record.state, record.results, viewer)
    for r in results:
        if r.result == INVALID:
            continue
        order = r.typed
        if order is None:
            try:
                order = variant.validate(variant.parse(r.order), record.state, r.power)
            except OrderError:
                continue
        if r.default and isinstance(order, Hold) and not include_defaults:
            continue
        if is_railway_move(order):
            assert isinstance(order, Move)
            out.extend(railway_arrows(r.power, order, colonial_places(variant), failed=r.result == FAILS,
                                      journey=journey))
            continue
        arrow = order_arrow(r.power, order, failed=r.result == FAILS, phase_type=phase_type, variant=variant)
        if arrow is not None:
            out.append(arrow)
    return out


def board_picture(
    board: MapData,
    state: GameState,
    colours: Mapping[str, str],
    display: Display,
    *,
    orders: Sequence[OrderArrow] = (),
    highlights: Iterable[str] = (),
    selected: str | None = None,
    variant: Variant | None = None,
) -> BoardPicture:
    """``state`` as drawn; with ``variant``, its units are the variant's (stacked ones included) and
    decoys the state still marks are drawn marked, so pass a state cut to its viewer (:func:`view_of`)."""
    if variant is not None:
        units, decoys = picture_units(variant, state)
    else:
        units, decoys = list(state.units.values()), frozenset()
    owners = owners_with_units(state, board)
    return BoardPicture(
        power_colours=colours,
        owners=owners,
        uncounted_centres=uncounted_centres(variant, state),
        home_centres=home_centres(board),
        supply_centres=frozenset(board.supply_centers),
        units=tuple(UnitMark(u.power, u.type, u.loc) for u in units),
        decoys=decoys,
        dislodged_units=tuple(UnitMark(d.unit.power, d.unit.type, d.unit.loc) for d in state.dislodged.values()),
        orders=tuple(orders),
        highlights=frozenset(highlights),
        selected=selected,
        show_labels=display.show_labels,
        show_units=display.show_units,
        show_orders=display.show_orders,
        colour_blind=False,  # ``colours`` are already resolved for the chosen palette
    )


def uncounted_centres(variant: Variant | None, state: GameState) -> frozenset[str]:
    """Owned centres that don't count for their owner (Colonial: Hong Kong held by China)."""
    if variant is None:
        return frozenset()
    return frozenset(c for c, p in state.centers.items() if not variant.counts_as_center(c, p))


@dataclass(frozen=True, slots=True)
class CentreCount:
    power: str
    name: str
    colour: str
    centres: int


def centre_counts(variant: Variant, state: GameState, colours: Mapping[str, str]) -> list[CentreCount]:
    """Every power's centres by the variant's own count (``Variant.center_count``: Hong Kong held by China
    counts for nobody), in the variant's order of powers."""
    board = variant.board
    return [CentreCount(p, board.powers[p].name if p in board.powers else p.title(),
                        colours.get(p, palette.NEUTRAL_LAND), variant.center_count(state, p))
            for p in variant.powers]


def board_caption(variant: Variant, state: GameState, colours: Mapping[str, str]) -> Caption:
    """The caption an exported board carries: variant, phase and centre counts."""
    counts = tuple((c.name, c.colour, c.centres) for c in centre_counts(variant, state, colours))
    return Caption(variant.name, state.phase.long_name, counts)


def shown_caption(game: Game, results_index: int | None, colours: Mapping[str, str]) -> Caption:
    """The caption of the board a game page shows: the current position, or the results of the phase at
    ``results_index`` (the position after it, with its orders), counted after it."""
    if results_index is None:
        return board_caption(game.variant, game.state, colours)
    record = game.history[results_index]
    after = state_after(game, results_index)
    counts = tuple((c.name, c.colour, c.centres) for c in centre_counts(game.variant, after, colours))
    return Caption(game.variant.name, f"{record.state.phase.long_name} — results", counts)


def variant_legend(variant: Variant, geometry: BoardGeometry) -> list[LegendEntry]:
    """The key for ``variant``'s board: its unit kinds and only the map features it has."""
    note = None
    places = colonial_places(variant)
    if places is not None and places.hong_kong:
        note = f"{places.hong_kong} held by China: no centre"
    return legend_entries(geometry, [t.value for t in variant.unit_types], uncounted_centre_note=note)


def owners_with_units(state: GameState, board: MapData) -> dict[str, str]:
    """Centre owners plus the provinces each power's units stand on (the tint shown on the map)."""
    owners = dict(state.centers)
    for prov, unit in state.units.items():
        if prov not in board.supply_centers:
            owners.setdefault(prov, unit.power)
    return owners
