"""How a click-driven front end picks an order of one kind among the legal ones: the kind's key, words and
the places a user clicks, described as data.

A front end never decides what is legal: it holds the legal orders (``Game.legal_orders``) and narrows them
by clicks and keys. Each order kind says how it is picked with an :class:`Entry` (``Order.entry``, or
``Order.entries(board)`` when one class is picked several ways, or ``Variant.order_entries`` when the
variant words it): a key on the selected unit, then one :class:`Pick` per click. After each click the
candidates left are those whose place for that pick is the clicked province; the places of the next pick
are lit; when one candidate is left (once something is clicked) it is ordered, and when several are left that differ only in
something no click tells apart (a coast, which fleet a permission is for) the front end asks a question
worded by :attr:`Entry.choice`.

=================  ==================================================================================
kind               how it is picked
=================  ==================================================================================
move, retreat      plain clicks: the unit, then a lit destination (a coast is asked when two are legal)
hold               H, or a click on the unit itself
support            S, the supported unit, its destination (its own province: support to hold)
convoy             C, the army, its destination
via convoy         V, the destination
disband            D
build, removal     a click on the site or unit in an adjustment phase (a menu when several builds)
a menu kind        no key and no picks (EMG's adds in a turn): a click on its place offers a menu
a variant's kind   whatever its :class:`Entry` says: a key, clicks, a question, a side order
=================  ==================================================================================

The words are templates (:func:`words`): ``{field}`` is an order field as text, ``{field:kind}`` a
unit's kind (``army``), ``{field:a_kind}`` with its article, ``{field:coast}`` `` (north coast)`` or
nothing, ``{field:power}`` a power's name, ``{field:by}`` `` by`` and that name (nothing when unset),
``{field:place}`` a province's name, ``{field:places}`` the names of several in order (a convoy's seas); the front end adds ``{unit}`` (the selected unit), ``{place}`` (the
place clicked) and ``{whose}`` ("your" or "its power's").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .mapdata import MapData
from .types import Unit, coast_of, province_of, unit_spec


@dataclass(frozen=True, slots=True)
class Pick:
    """One click after the key: the order field whose place is clicked.

    ``fields`` are tried in turn, the first present and not ``None`` giving the place (a support to hold
    has no ``dest``: its target's own province is clicked again)."""

    fields: tuple[str, ...]
    ask: str  # the prompt: "{unit} supports: click the unit to support (Esc cancels)"
    refusal: str = ""  # a click on an unlit place: "{unit} can't support a unit in {place}"
    name: str = ""  # the step's name, for front ends and tests ("support_target")
    itself: str = ""  # added to ``ask`` when the place picked before is lit again (", or {place} itself ...")
    drop_coast: bool = False  # several candidates differing only in this place's coast: order it coastless


@dataclass(frozen=True, slots=True)
class Entry:
    """How one order kind is picked by clicks and keys (see the module's table)."""

    key: str  # the key on the selected unit; in a winter menu the choice's key ("" : a number)
    label: str  # the flyout's words ("Support")
    picks: tuple[Pick, ...] = ()
    plain: bool = False  # reached by plain clicks on a selected unit (moves; no picks: a click on the unit itself)
    start: str = ""  # the field naming the selected unit when the order isn't the unit's own (the engineer fetched)
    by_place: bool = False  # ``start`` is matched by province (a unit still to be made: the first engineer)
    side: bool = False  # a side order beside the unit's own: the unit stays selected, drafted ones can be withdrawn
    prefer: str = ""  # several candidates left: those with this field set (a move "VIA" over a plain one)
    lit: str = ""  # the style its places are lit in ("railway"), "" for the usual one
    lit_note: str = ""  # the prompt's words for that style ("orange: by railway")
    choice: str = "{order}"  # one candidate in a question or a winter menu
    withdraw: str = ""  # a drafted side order in the question
    done: str = "Ordered"  # the prompt's first word once ordered
    none: str = ""  # the key pressed and nothing to pick: "{unit} has no unit it can support"
    hint: str = ""  # side orders of no unit, menu kinds: the idle prompt's words ("places {whose} first engineer")
    panel: bool = False  # picked in a side panel the variant describes (bids: ``Variant.bid_targets``)


def pick_place(order: object, pick: Pick) -> str | None:
    """The province a click picks ``order`` by, or ``None`` if it has none of the pick's fields."""
    for name in pick.fields:
        value = getattr(order, name, None)
        if value is not None:
            return province_of(value.loc if isinstance(value, Unit) else str(value))
    return None


def pick_location(order: object, pick: Pick) -> str | None:
    """The location (a coast included) the pick reads, for coast questions."""
    for name in pick.fields:
        value = getattr(order, name, None)
        if value is not None:
            return value.loc if isinstance(value, Unit) else str(value)
    return None


_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


def words(template: str, order: object, board: MapData, **given: str) -> str:
    """``template`` filled from ``order``'s fields (and ``given`` words), as the module docstring says.

    >>> from engine.mapdata import load_map
    >>> from engine.orders import Move
    >>> from engine.types import UnitType
    >>> move = Move(Unit("FRANCE", UnitType.FLEET, "MAO"), "SPA/NC")
    >>> words("{unit} sails to {dest:place}{dest:coast}", move, load_map("standard"))
    'F MAO sails to Spain (north coast)'
    >>> words("{unit} can't go to {place}", move, load_map("standard"), unit="F MAO", place="Munich")
    "F MAO can't go to Munich"
    """

    def fill(match: re.Match[str]) -> str:
        name, form = match.group(1), match.group(2) or ""
        if name in given and not form:  # a form reads the order's own field ("{unit:kind}")
            return given[name]
        value: Any = order if name == "order" else getattr(order, name, None)
        if value is None:
            return ""
        return _form(value, form, board)

    return _FIELD.sub(fill, template)


def _form(value: Any, form: str, board: MapData) -> str:
    if form in ("kind", "a_kind"):
        kind = value.type if isinstance(value, Unit) else value
        try:
            name = unit_spec(str(kind)).name
        except KeyError:
            name = str(kind)
        return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}" if form == "a_kind" else name
    if form == "coast":
        loc = value.loc if isinstance(value, Unit) else str(value)
        coast = coast_of(loc)
        return f" ({coast_name(board, loc)})" if coast else ""
    if form in ("power", "by"):
        info = board.powers.get(str(value))
        name = info.name if info is not None else str(value).title()
        return f" by {name}" if form == "by" else name
    if form == "places":  # several provinces in order (a convoy's seas)
        return ", ".join(_form(v, "place", board) for v in (value if isinstance(value, (tuple, list)) else [value]))
    if form == "place":
        loc = value.loc if isinstance(value, Unit) else str(value)
        province = board.provinces.get(province_of(loc))
        return province.name if province is not None else province_of(loc)
    return str(value)


def coast_name(board: MapData, loc: str) -> str:
    """``SPA/NC`` -> "north coast" (the map's words), a province's name when ``loc`` has no coast."""
    province = board.provinces.get(province_of(loc))
    if province is None:
        return loc
    coast = coast_of(loc)
    if coast is None:
        return province.name
    return dict(zip(province.coasts, province.coast_names)).get(coast) or coast


# --- the standard orders' entries ---------------------------------------------------------------------

MOVE = Entry("M", "Move", (Pick(("dest",), "click a lit province to move", "{unit} can't go to {place}"),), plain=True)
VIA_CONVOY = Entry("V", "Via convoy", (Pick(("dest",), "{unit} moves via convoy: click the destination (Esc cancels)",
                                             "{unit} can't go to {place}", "via"),),
                   plain=True, prefer="via_convoy", none="{unit} has no move by convoy")
RAILWAY = Entry("T", "By railway", (Pick(("dest",), "{unit} rides the railway: click the destination (M walks instead, "
                                         "Esc cancels)", "{unit} can't go to {place}", "rail"),),
                plain=True, lit="railway", lit_note="orange: by railway", none="{unit} can't ride a railway")
RETREAT = Entry("M", "Move", (Pick(("dest",), "click a lit province to retreat", "{unit} can't go to {place}"),),
                plain=True)
HOLD = Entry("H", "Hold", plain=True, none="{unit} can't hold")
SUPPORT = Entry("S", "Support", (
    Pick(("target",), "{unit} supports: click the unit to support (Esc cancels)",
         "{unit} can't support a unit in {place}", "support_target"),
    Pick(("dest", "target"), "{unit} supports {target}: click where it goes",
         "{target} can't be supported into {place}", "support_dest",
         itself=", or {place} itself to support it holding", drop_coast=True)),
    none="{unit} has no unit it can support")
CONVOY = Entry("C", "Convoy", (
    Pick(("target",), "{unit} convoys: click the army to convoy (Esc cancels)",
         "{unit} can't convoy a unit from {place}", "convoy_army"),
    Pick(("dest",), "{unit} convoys {target}: click the destination", "{target} can't be convoyed to {place}",
         "convoy_dest")), none="{unit} can't convoy any army now")
DISBAND = Entry("D", "Disband", none="{unit} can't disband now")
BUILD = Entry("", "Build", choice="Build {unit:kind}{unit:coast}")
WAIVE = Entry("W", "Waive a build")
# The order a selected unit's keys are offered in (a variant's own keys follow, as its options list them).
STANDARD_ENTRIES = (MOVE, HOLD, SUPPORT, CONVOY, VIA_CONVOY, RAILWAY, DISBAND)
