"""From game data to what the map shows: the board geometry to use, power colours, and
:class:`~app.drawing.BoardPicture` values (owners, units, arrows) for a position, a draft or a result.

Every order is drawn from the marks its variant gives it (``Variant.order_marks``): Colonial's railway
move runs along the line's spaces as orange track, split where the train stopped; a Suez passage and the
permission that opens it go through the canal; Engineered's transports, damage, bids and winter
creations have their own marks. Nothing here knows a variant.

The units come from ``Variant.all_units`` of what the viewer may see (``Variant.view_for``), so stacked
units (engineers, prisons) are drawn beside their province's unit and a power sees its own disguised units
(decoys) marked, others' as the units they copy.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.drawing import (
    BoardGeometry,
    BoardPicture,
    GeometryError,
    OrderArrow,
    UnitMark,
    load_map_geometry,
    normalise_location,
    palette,
)
from app.drawing.legend import LegendEntry, legend_entries
from app.drawing.paths import geometry_path
from app.drawing.sheet import Caption
from engine.game import Game, PhaseRecord
from engine.report import state_after
from engine.mapdata import MapData
from engine.orders import Hold, Order
from engine.phases import FAILS, INVALID, OrderResult
from engine.state import GameState
from engine.types import OrderError, PhaseType, Unit, declared_unit_specs, province_of
from engine.order_marks import OrderMark, standard_marks
from engine.variants import Variant
from engine.variants.base import PUBLIC_VIEW

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
MADMAN_GREY = "#a7adb3"  # pseudo-powers' units (Engineered's madman, 1815's minor powers): grey, nobody's colour


def power_colours(board: MapData, colour_blind: bool = False, variant: Variant | None = None) -> dict[str, str]:
    given = {p: info.color for p, info in board.powers.items()}
    colours = palette.resolve_power_colours(list(board.powers), given, colour_blind=colour_blind)
    # The pseudo-powers others bid for (Engineered's madman) or direct by Diplomacy Points (1815's minor
    # powers) are nobody's seat: grey, so no player's colour is mistaken for theirs.
    if variant is not None:
        for pseudo in variant.pseudo_powers:
            colours[pseudo] = MADMAN_GREY
    return colours


def view_of(variant: Variant, state: GameState, viewer: str | None) -> GameState:
    """What ``viewer`` may see of ``state`` (another power's decoy is the unit it copies)."""
    return state if viewer is ALL else variant.view_for(state, viewer)


def unseen_areas(variant: Variant, state: GameState, viewer: str | None) -> frozenset[str]:
    """The provinces a power at the board can't see under its variant's fog of war (``Variant.seen_areas``),
    shaded on its board; none for the game master or a shared screen, and none without fog."""
    if viewer is ALL or viewer == PUBLIC:
        return frozenset()
    return _outside(variant, variant.seen_areas(state, viewer))


def unexplored_areas(variant: Variant, state: GameState, viewer: str | None) -> frozenset[str]:
    """The provinces a power at the board has never seen (``Variant.explored_areas``: Age of Discovery's
    own map), drawn blank; none for the game master, a shared screen, or a map everyone knows."""
    if viewer is ALL or viewer == PUBLIC:
        return frozenset()
    return _outside(variant, variant.explored_areas(state, viewer))


def _outside(variant: Variant, areas: frozenset[str] | None) -> frozenset[str]:
    """The board's provinces not in ``areas`` (none when the variant gives no such set)."""
    if areas is None:
        return frozenset()
    return frozenset(p for p in variant.board.provinces if p not in areas)


def area_labels(variant: Variant, viewer: str | None) -> Mapping[str, str]:
    """What a power at the board reads on each area when not its id (``Variant.area_labels``: Age of
    Discovery's X Y names, which differ per power); ids for the game master and a shared screen."""
    if viewer is ALL or viewer == PUBLIC:
        return {}
    return variant.area_labels(viewer)


def picture_units(variant: Variant, state: GameState) -> tuple[list[Unit], frozenset[str]]:
    """The units to draw for a position already cut to its viewer, and the locations of the units that
    are really disguised (decoys: those the viewer may know of, its own, or all for the game master)."""
    units = variant.all_units(state)
    disguises = {spec.letter for spec in declared_unit_specs() if spec.drawn_as}
    if not disguises or not state.disguised:
        return units, frozenset()
    out: list[Unit] = []
    marked: set[str] = set()
    for u in units:
        occupant = state.units.get(province_of(u.loc))
        if u.type in disguises and occupant is not None and state.disguised.get(occupant) == u.type:
            out.append(occupant)  # standing alone, it looks like the unit it copies
            marked.add(occupant.loc)
        else:
            out.append(u)
    return out, frozenset(marked)


def home_centres(board: MapData) -> dict[str, str]:
    return {c: p for p, info in board.powers.items() for c in info.home_centers}


def order_arrow(power: str, order: object, *, failed: bool = False, phase_type: PhaseType | None = None,
                variant: Variant | None = None) -> OrderArrow | None:
    """How ``order`` (of any kind, a variant's own included) is drawn: its variant's first mark
    (``Variant.order_marks``); ``None`` for orders without a mark (a waive)."""
    arrows = order_arrows(power, order, failed=failed, phase_type=phase_type, variant=variant)
    return arrows[0] if arrows else None


def order_arrows(power: str, order: object, *, failed: bool = False, phase_type: PhaseType | None = None,
                 variant: Variant | None = None, results: Sequence[OrderResult] | None = None) -> list[OrderArrow]:
    """Every arrow of ``order``: a railway move's result split at its stop (given the phase's ``results``)
    has two."""
    if not isinstance(order, Order):
        return []
    if variant is None:
        marks = standard_marks(order, failed=failed, phase_type=phase_type)
    else:
        marks = variant.order_marks(order, failed=failed, phase_type=phase_type, results=results)
    return [arrow_of(power, mark) for mark in marks]


def arrow_of(power: str, mark: OrderMark) -> OrderArrow:
    return OrderArrow(mark.kind, power, mark.at, mark.to, mark.aux, failed=mark.failed,
                      style=mark.style, via=mark.via, unit_type=mark.unit_type,
                      dislodged=mark.dislodged)


def draft_arrows(orders: Iterable[tuple[str, Order]], phase_type: PhaseType, *,
                 variant: Variant | None = None) -> list[OrderArrow]:
    out: list[OrderArrow] = []
    for power, order in orders:  # every mark of each order (a variant's order may have several)
        out.extend(order_arrows(power, order, phase_type=phase_type, variant=variant))
    return out


def result_arrows(variant: Variant, record: PhaseRecord, *, include_defaults: bool = False,
                  viewer: str | None = ALL) -> list[OrderArrow]:
    """The orders of an adjudicated phase, read back from their text, failed ones marked.

    Default holds are left out (they would clutter the board); default disbands are drawn. A railway
    move is split where the train stopped. ``viewer`` reads them through ``Variant.results_for``
    (another power's hidden decoy orders read as its twin's).
    """
    out: list[OrderArrow] = []
    phase_type = record.state.phase.type
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
        out.extend(order_arrows(r.power, order, failed=r.result == FAILS, phase_type=phase_type, variant=variant,
                                results=record.results))
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
    unseen: Iterable[str] = (),
    label_texts: Mapping[str, str] | None = None,
    unexplored: Iterable[str] = (),
) -> BoardPicture:
    """``state`` as drawn; with ``variant``, its units are the variant's (stacked ones included) and
    decoys the state still marks are drawn marked, so pass a state cut to its viewer (:func:`view_of`)."""
    if variant is not None:
        units, decoys = picture_units(variant, state)
    else:
        units, decoys = list(state.units.values()), frozenset()
    owned = variant.owned_areas(state) if variant is not None else {}
    owners = owners_with_units(state, board, owned)
    blank = frozenset(unexplored)
    return BoardPicture(
        power_colours=colours,
        owners=owners,
        uncounted_centres=uncounted_centres(variant, state),
        home_centres={c: p for c, p in home_centres(board).items() if c not in blank},
        supply_centres=frozenset(board.supply_centers) - blank,
        units=tuple(UnitMark(u.power, u.type, u.loc) for u in units),
        decoys=decoys,
        unit_badges=unit_badges(variant, units),
        stacked=frozenset(UnitMark(s.power, s.kind, s.loc) for s in state.stacked),
        shaded=variant.shaded_places(state) if variant is not None else {},
        unseen=frozenset(unseen),
        label_texts=label_texts or {},
        unexplored=blank,
        dislodged_units=tuple(UnitMark(d.unit.power, d.unit.type, d.unit.loc) for d in state.dislodged.values()),
        orders=tuple(orders),
        highlights=frozenset(highlights),
        selected=selected,
        show_labels=display.show_labels,
        show_units=display.show_units,
        show_orders=display.show_orders,
        colour_blind=False,  # ``colours`` are already resolved for the chosen palette
    )


def unit_badges(variant: Variant | None, units: Iterable[Unit]) -> dict[str, str]:
    """The short mark the variant draws on each unit (``Variant.unit_badge``: EMG's points), by location."""
    if variant is None:
        return {}
    return {normalise_location(u.loc): mark for u in units if (mark := variant.unit_badge(u))}


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
    return Caption(variant.name, state.phase.long_name, counts, variant.leader_line(state))


def shown_caption(game: Game, results_index: int | None, colours: Mapping[str, str]) -> Caption:
    """The caption of the board a game page shows: the current position, or the results of the phase at
    ``results_index`` (the position after it, with its orders), counted after it."""
    if results_index is None:
        return board_caption(game.variant, game.state, colours)
    record = game.history[results_index]
    after = state_after(game, results_index)
    counts = tuple((c.name, c.colour, c.centres) for c in centre_counts(game.variant, after, colours))
    return Caption(game.variant.name, f"{record.state.phase.long_name} — results", counts,
                   game.variant.leader_line(after))


def variant_legend(variant: Variant, geometry: BoardGeometry) -> list[LegendEntry]:
    """The key for ``variant``'s board: its unit kinds and only the map features it has."""
    return legend_entries(geometry, [t.value for t in variant.unit_types],
                          uncounted_centre_note=variant.uncounted_centre_note(),
                          unit_badge_note=variant.unit_badge_note(), mark_notes=variant.order_mark_notes(),
                          shaded_note=variant.shaded_note())


def owners_with_units(state: GameState, board: MapData, owned: Mapping[str, str] | None = None) -> dict[str, str]:
    """Centre owners, the areas a variant says are owned (``Variant.owned_areas``: EMG's land stays owned
    when empty), and the provinces each power's units stand on (the tint shown on the map)."""
    owners = dict(state.centers)
    for area, power in (owned or {}).items():
        owners.setdefault(area, power)
    for prov, unit in state.units.items():
        if prov not in board.supply_centers:
            owners.setdefault(prov, unit.power)
    return owners
