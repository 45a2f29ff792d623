"""From game data to what the map shows: the board geometry to use, power colours, and
:class:`~app.drawing.BoardPicture` values (owners, units, arrows) for a position, a draft or a result.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.drawing import BoardGeometry, BoardPicture, GeometryError, OrderArrow, load_map_geometry, palette
from app.drawing.paths import geometry_path
from engine.game import PhaseRecord
from engine.mapdata import MapData
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove
from engine.phases import FAILS, INVALID
from engine.state import GameState
from engine.types import OrderError, PhaseType
from engine.variants import Variant

from .schematic import schematic_geometry

log = logging.getLogger("chancellery.app.scene")


def board_geometry(map_id: str) -> tuple[BoardGeometry, bool]:
    """The map's drawn geometry, or a schematic one when it has none (second value: schematic?)."""
    if geometry_path(map_id).is_file():
        try:
            return load_map_geometry(map_id), False
        except GeometryError as exc:
            log.warning("the geometry of map %s can't be used (%s); showing a schematic board", map_id, exc)
    return schematic_geometry(map_id), True


@dataclass(frozen=True, slots=True)
class Display:
    """The user's view choices (layer toggles and palette)."""

    show_labels: bool = True
    show_units: bool = True
    show_orders: bool = True
    colour_blind: bool = False


def power_colours(board: MapData, colour_blind: bool = False) -> dict[str, str]:
    given = {p: info.color for p, info in board.powers.items()}
    return palette.resolve_power_colours(list(board.powers), given, colour_blind=colour_blind)


def home_centres(board: MapData) -> dict[str, str]:
    return {c: p for p, info in board.powers.items() for c in info.home_centers}


def order_arrow(power: str, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None) -> OrderArrow | None:
    """How ``order`` is drawn; ``None`` for orders without a mark (a waive)."""
    if isinstance(order, Hold):
        return OrderArrow("hold", power, order.unit.loc, failed=failed)
    if isinstance(order, Move):
        return OrderArrow("move", power, order.unit.loc, order.dest, failed=failed)
    if isinstance(order, SupportHold):
        return OrderArrow("support_hold", power, order.unit.loc, order.target.loc, failed=failed)
    if isinstance(order, SupportMove):
        return OrderArrow("support_move", power, order.unit.loc, order.dest, order.target.loc, failed=failed)
    if isinstance(order, Convoy):
        return OrderArrow("convoy", power, order.unit.loc, order.dest, order.target.loc, failed=failed)
    if isinstance(order, Retreat):
        return OrderArrow("retreat", power, order.unit.loc, order.dest, failed=failed)
    if isinstance(order, Disband):
        return OrderArrow("disband", power, order.unit.loc, failed=failed, dislodged=phase_type is PhaseType.RETREATS)
    if isinstance(order, Build):
        return OrderArrow("build", power, order.unit.loc, failed=failed, unit_type=order.unit.type.value)
    return None


def draft_arrows(orders: Iterable[tuple[str, Order]], phase_type: PhaseType) -> list[OrderArrow]:
    out = []
    for power, order in orders:
        arrow = order_arrow(power, order, phase_type=phase_type)
        if arrow is not None:
            out.append(arrow)
    return out


def result_arrows(variant: Variant, record: PhaseRecord, *, include_defaults: bool = False) -> list[OrderArrow]:
    """The orders of an adjudicated phase, read back from their text, failed ones marked.

    Default holds are left out (they would clutter the board); default disbands are drawn.
    """
    out = []
    phase_type = record.state.phase.type
    for r in record.results:
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
        arrow = order_arrow(r.power, order, failed=r.result == FAILS, phase_type=phase_type)
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
) -> BoardPicture:
    return BoardPicture(
        power_colours=colours,
        owners=owners_with_units(state, board),
        home_centres=home_centres(board),
        supply_centres=frozenset(board.supply_centers),
        units=tuple(state.units.values()),
        dislodged_units=tuple(d.unit for d in state.dislodged.values()),
        orders=tuple(orders),
        highlights=frozenset(highlights),
        selected=selected,
        show_labels=display.show_labels,
        show_units=display.show_units,
        show_orders=display.show_orders,
        colour_blind=False,  # ``colours`` are already resolved for the chosen palette
    )


def owners_with_units(state: GameState, board: MapData) -> dict[str, str]:
    """Centre owners plus the provinces each power's units stand on (the tint shown on the map)."""
    owners = dict(state.centers)
    for prov, unit in state.units.items():
        if prov not in board.supply_centers:
            owners.setdefault(prov, unit.power)
    return owners
