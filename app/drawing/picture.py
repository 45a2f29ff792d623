"""What to draw on a board, as plain data: ownership, units, orders and display options.

A :class:`BoardPicture` is Qt-free and immutable, so the GUI, the headless renderer and tests build
it the same way from a game state. Locations are map ids such as ``"LON"`` or ``"STP/NC"``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from engine.order_marks import MarkKind, MarkStyle

from .errors import PictureError


# The engine says how each order is drawn (``engine.order_marks``); the drawing layer uses its vocabulary:
# a mark's kind, and its style (a railway is drawn as track, a canal passage along the canal, damage ends
# in a burst).
OrderKind = MarkKind
ArrowStyle = MarkStyle


# Which location fields each kind uses; anything else must be left as None.
ORDER_LOCATIONS: Mapping[OrderKind, tuple[str, ...]] = MappingProxyType(
    {
        OrderKind.MOVE: ("from_loc", "to_loc"),
        OrderKind.RETREAT: ("from_loc", "to_loc"),
        OrderKind.SUPPORT_HOLD: ("from_loc", "to_loc"),
        OrderKind.SUPPORT_MOVE: ("from_loc", "to_loc", "aux_loc"),
        OrderKind.CONVOY: ("from_loc", "to_loc", "aux_loc"),
        OrderKind.BUILD: ("from_loc",),
        OrderKind.DISBAND: ("from_loc",),
        OrderKind.HOLD: ("from_loc",),
        OrderKind.TRANSPORT: ("from_loc", "aux_loc"),
        OrderKind.AREA: ("from_loc",),
    }
)


@dataclass(frozen=True, slots=True)
class OrderArrow:
    """One order as drawn on the map.

    ``from_loc`` is always the ordered unit's location (the build site for a build). Then by kind:

    * move / retreat: ``to_loc`` is the destination. ``via`` optionally lists the sea provinces of a
      convoy route, drawn as the arrow's path. A retreat starts from the dislodged unit's position.
    * support_hold: ``to_loc`` is the supported unit's location.
    * support_move: ``aux_loc`` is the supported unit's location, ``to_loc`` its destination.
    * convoy: ``aux_loc`` is the convoyed army's location, ``to_loc`` its destination.
    * build: ``unit_type`` optionally names what is built (drawn faintly inside the build ring).
    * transport: ``aux_loc`` is where the fetched stacked unit (an engineer) stands now.
    * area: only ``from_loc``, an area the order names (style SPY: a spy's target, an eye on a dashed
      outline; GRANT: an area opened to another power, a hatched outline).
    * disband / hold: only ``from_loc``. A disband in a retreat phase is drawn on the dislodged unit
      when ``dislodged`` is true.

    ``style`` TSR draws a move as orange railway track (``via`` its line spaces); failed, it is the
    stretch the train did not cover, so its failure mark sits at its start, where the train stopped.
    ``style`` CANAL routes a move, or the supported move of a support, through the board's canal
    decoration nearest its ends; a support then points at the middle of the canal.
    ``style`` DAMAGE draws a support_hold or support_move as damage: the line ends in a burst on the
    damaged unit, or on the middle of the damaged move.
    """

    kind: OrderKind
    power: str
    from_loc: str
    to_loc: str | None = None
    aux_loc: str | None = None
    failed: bool = False
    style: ArrowStyle = ArrowStyle.NORMAL
    unit_type: str | None = None
    via: tuple[str, ...] = ()
    dislodged: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", OrderKind(self.kind))
        except ValueError:
            choices = ", ".join(k.value for k in OrderKind)
            raise PictureError(f"unknown order kind {self.kind!r} (expected one of {choices})") from None
        try:
            object.__setattr__(self, "style", ArrowStyle(self.style))
        except ValueError:
            choices = ", ".join(s.value for s in ArrowStyle)
            raise PictureError(f"unknown arrow style {self.style!r} (expected one of {choices})") from None
        object.__setattr__(self, "via", tuple(self.via))
        needed = ORDER_LOCATIONS[self.kind]
        for name in ("from_loc", "to_loc", "aux_loc"):
            value = getattr(self, name)
            if name in needed and not (isinstance(value, str) and value):
                raise PictureError(f"{self.kind.value} order of {self.power} needs {name}")
            if name not in needed and value is not None:
                raise PictureError(f"{self.kind.value} order of {self.power} has no use for {name}={value!r}")

    @property
    def locations(self) -> tuple[str, ...]:
        """Every location the order mentions, for validation against a board."""
        named = tuple(getattr(self, name) for name in ORDER_LOCATIONS[self.kind])
        return named + self.via


class UnitMark(NamedTuple):
    """A unit to draw; the field order matches ``engine.types.Unit`` so engine units can be passed as is.

    ``type`` is a unit code (``"A"``, ``"F"``, variant codes such as ``"W"``) or an icon name
    (``"army"``, ``"fleet"``, ...).
    """

    power: str
    type: str
    loc: str


def _freeze_mapping(value: Mapping[str, str] | None) -> Mapping[str, str]:
    return MappingProxyType(dict(value or {}))


def _freeze_units(value: Iterable[Any]) -> tuple[UnitMark, ...]:
    return tuple(UnitMark(str(u[0]), str(u[1]), str(u[2])) for u in value)


@dataclass(frozen=True)
class BoardPicture:
    """Everything that varies between two drawings of the same board.

    ``supply_centres`` of ``None`` means "the provinces the geometry gives an SC anchor". Powers listed
    in ``power_colours`` keep their colours; any other power seen in the picture gets a generated one.
    Several ``units`` may share a province: the first military unit stands on the anchor and engineers
    (``E``), prisons (``P``) and a decoy beside another unit (``D``) are badges around it (see
    :mod:`.stacks`). ``decoys`` marks units that are really decoys; only their owner's view sets it.
    """

    power_colours: Mapping[str, str] = field(default_factory=dict)
    owners: Mapping[str, str] = field(default_factory=dict)  # province -> power, tints the land
    home_centres: Mapping[str, str] = field(default_factory=dict)  # province -> power
    supply_centres: frozenset[str] | None = None
    uncounted_centres: frozenset[str] = frozenset()  # owned centres that don't count for their owner (Hong Kong)
    units: Sequence[UnitMark] = ()  # stored as a tuple; plain (power, type, loc) tuples are accepted
    dislodged_units: Sequence[UnitMark] = ()
    orders: Sequence[OrderArrow] = ()
    highlights: frozenset[str] = frozenset()  # locations drawn as selectable (legal targets)
    decoys: frozenset[str] = frozenset()  # locations whose unit is a decoy, drawn marked (its owner's view)
    unit_badges: Mapping[str, str] = field(default_factory=dict)  # location -> short mark on its unit (EMG's points)
    stacked: frozenset[UnitMark] = frozenset()  # units standing beside their province's occupant (militia)
    shaded: Mapping[str, str] = field(default_factory=dict)  # province -> why the variant closes it now
    unseen: frozenset[str] = frozenset()  # provinces the viewer can't see under fog of war, drawn shaded
    label_texts: Mapping[str, str] = field(default_factory=dict)  # province -> its label, when not its id (AoD's X Y)
    unexplored: frozenset[str] = frozenset()  # provinces the viewer has never seen: drawn blank, unnamed
    selected: str | None = None  # location outlined as the current selection
    show_labels: bool = True
    show_units: bool = True
    show_orders: bool = True
    show_supply_centres: bool = True
    colour_blind: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "power_colours", _freeze_mapping(self.power_colours))
        object.__setattr__(self, "owners", _freeze_mapping(self.owners))
        object.__setattr__(self, "home_centres", _freeze_mapping(self.home_centres))
        if self.supply_centres is not None:
            object.__setattr__(self, "supply_centres", frozenset(self.supply_centres))
        object.__setattr__(self, "units", _freeze_units(self.units))
        object.__setattr__(self, "dislodged_units", _freeze_units(self.dislodged_units))
        object.__setattr__(self, "orders", tuple(self.orders))
        object.__setattr__(self, "highlights", frozenset(self.highlights))
        object.__setattr__(self, "decoys", frozenset(self.decoys))
        object.__setattr__(self, "unit_badges", _freeze_mapping(self.unit_badges))
        object.__setattr__(self, "stacked", frozenset(_freeze_units(self.stacked)))
        object.__setattr__(self, "shaded", _freeze_mapping(self.shaded))
        object.__setattr__(self, "unseen", frozenset(self.unseen))
        object.__setattr__(self, "label_texts", _freeze_mapping(self.label_texts))
        object.__setattr__(self, "unexplored", frozenset(self.unexplored))
        object.__setattr__(self, "uncounted_centres", frozenset(self.uncounted_centres))

    def powers(self) -> list[str]:
        """Every power the picture mentions, colour-table powers first (in their order)."""
        seen: dict[str, None] = dict.fromkeys(self.power_colours)
        for power in [*self.owners.values(), *self.home_centres.values()]:
            seen.setdefault(power, None)
        for unit in (*self.units, *self.dislodged_units):
            seen.setdefault(unit.power, None)
        for order in self.orders:
            seen.setdefault(order.power, None)
        return list(seen)
