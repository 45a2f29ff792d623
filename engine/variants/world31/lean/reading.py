"""A World Diplomacy movement phase's position and order texts read into the lean path's per-unit records.

The armies and fleets are the records of ``engine/lean`` (``Position``, ``Orders``: per unit by number, in
request order), read from the request without its militia and ``extra``; the militia, the ledger and the
general path's position (``GameState``) come beside them. Order lines in canonical notation that the map's
table decides (and its checks of convoys), touching no frozen place, are taken in place; every other
line goes to the general reader
(``OrderReader.entry`` on the general position), so its verdict and its words are exactly the general
path's. A line the records can't hold (a bribe, a loan, ...) gives ``None``: the general path takes the
request.
"""
from __future__ import annotations

from typing import Any, Mapping

from json.encoder import encode_basestring_ascii as quote

from ....lean.reader import Orders, Position, Read, Unsupported, _by_convoy, _record, read_position
from ....lean.tables import CONVOY, HOLD, MapTables, on_minimal_route
from ....order_reader import OrderReader
from ....orders import Build, Order
from ....state import GameState
from ....types import OrderError, UnitType
from ..ledger import Ledger
from ..reading import OwnLines
from ..orders import MILITIA_ORDERS, Maintain

OWN_KINDS = (*MILITIA_ORDERS, Maintain, Build)  # the variant's own orders the lean path holds
_ARMY = UnitType.ARMY
SEVERAL = -2  # a line's reference when its unit or slot was given several different orders (DATC 4.D.3)
INVALID = -1  # ... when the line could not be used


class WorldPosition:
    """The position of a World movement phase: the armies' and fleets' records, the militia, the ledger."""

    __slots__ = ("variant", "base", "state", "ledger", "frozen")

    def __init__(self, variant: Any, base: Position, state: GameState, ledger: Ledger, frozen: frozenset[str]) -> None:
        self.variant = variant
        self.base = base  # the armies and fleets, numbered in request order
        self.state = state  # the general path's position (its reader, the economy's checks)
        self.ledger = ledger
        self.frozen = frozen  # places frozen this season


def read_world_position(request: Mapping[str, Any], variant: Any, tables: MapTables,
                        state: GameState) -> WorldPosition | None:
    """The position of ``request`` (whose general reading is ``state``), or ``None`` when the lean path
    leaves it to the general path: dislodged units, standoffs, a ledger with loans, bribes or rebellions."""
    if state.dislodged or state.contested or state.disguised:
        return None
    ledger = variant.ledger(state)
    if ledger.loans or ledger.bribes or ledger.rebellions:
        return None
    units = request.get("units")
    if type(units) is not dict:
        return None
    occupants: dict[str, list[str]] = {}
    for power, texts in units.items():
        if type(texts) is not list:
            return None
        occupants[power] = [t for t in texts if not (type(t) is str and t.startswith("M "))]
    base = read_position({"phase": request.get("phase"), "units": occupants, "centers": request.get("centers")},
                         variant, tables)
    if base is None or len(base.units) != len(state.units):
        return None
    return WorldPosition(variant, base, state, ledger, variant.frozen(state))


class WorldOrders:
    """Every written line in request order, the armies' and fleets' orders as the lean records hold them,
    and the variant's own orders (militia, upkeep, purchases) by slot."""

    __slots__ = ("military", "lines", "own")

    def __init__(self, military: Orders, lines: list[tuple[str, str, int, str | None]],
                 own: dict[str, Order]) -> None:
        self.military = military
        # Per written line: (power, the order text as JSON, what it refers to, why it is invalid or None).
        # The reference: a unit's number (an army's or fleet's order), ``INVALID``, ``SEVERAL``, or
        # ``-3 - k`` for the k-th of ``own_slots``.
        self.lines = lines
        self.own = own  # slot -> the militia, upkeep or purchase order given for it (first given, usable)


def own_ref(k: int) -> int:
    return -3 - k


def own_index(ref: int) -> int:
    return -3 - ref


def read_world_orders(position: WorldPosition, texts: Mapping[str, list[str]]) -> tuple[WorldOrders, list[str]] | None:
    """Read and settle every power's order texts as ``Submission.from_texts`` does; ``None`` when a line
    reads as an order the lean records don't hold. Also returns the own orders' slots by index."""
    base = position.base
    tables = base.tables
    tabled = tables.tabled
    far, far_listed = tables.far, tables.far_listed
    by_text, powers, prov_of = base.by_text, base.power, base.prov
    n = len(base.units)
    made = Orders(n)
    kind, dest, target, via = made.kind, made.dest, made.target, made.via
    frozen = position.frozen
    lines: list[tuple[str, str, int, str | None]] = []
    first: list[str | None] = [None] * n  # unit -> its first order's text
    ordered: list[int] = []  # the units given an order, in the order first written
    clash: set[int] = set()
    own: dict[str, Order] = {}
    own_text: dict[str, str] = {}  # slot -> its first order's text
    own_slots: list[str] = []
    slot_index: dict[str, int] = {}
    own_clash: set[str] = set()
    reader: OrderReader | None = None  # the general reader, made when a line needs it
    # The variant's own lines in canonical notation, read as the general reader reads them (it asks the same).
    own_lines: OwnLines | None = position.variant.own_reader(position.state)
    for power, written in texts.items():
        for text in written:
            read: Read | None = None  # an army's or fleet's order: (unit, kind, destination, target, via, text)
            # The variant's own lines (upkeep, militia, purchases) start with "M" or end with " B"; no army's or
            # fleet's order in canonical notation does.
            own_line = text.startswith("M") or text.endswith(" B")
            if not own_line:
                t = tabled.get(text)
                if t is not None:
                    i = by_text.get(t.unit)
                    if i is not None and powers[i] == power:
                        j = -1 if t.target is None else by_text.get(t.target, -2)
                        if j != -2 and not (frozen and t.kind != HOLD and _touches(frozen, prov_of[i], t.dest,
                                                                                  None if j < 0 else prov_of[j])):
                            read = (i, t.kind, t.dest, j, False, t.quoted)
                if read is None and (text in far if far_listed else text[1:2] == " "):
                    # a move by convoy, a convoy, a support of one
                    read = _by_convoy(base, power, text)
                    if read is not None and frozen and _touches(frozen, prov_of[read[0]], read[2],
                                                                None if read[3] < 0 else prov_of[read[3]]):
                        read = None
                if read is None and text.startswith("F ") and " C A " in text:
                    convoy = _convoy(base, power, text, frozen)
                    if convoy is not None:
                        read = (convoy[0], CONVOY, convoy[2], convoy[1], False, quote(text))
            if read is None:
                entry = own_lines.read(power, text) if own_line and own_lines is not None else None
                if entry is not None:
                    order, canonical, slot = entry  # (always one of the variant's own orders)
                else:
                    if reader is None:
                        reader = OrderReader(position.variant, position.state)
                    try:
                        order, canonical, slot = reader.entry(power, text)
                    except OrderError as exc:
                        lines.append((power, quote(str(text).strip()), INVALID, str(exc)))
                        continue
                if entry is not None or isinstance(order, OWN_KINDS):
                    quoted = quote(canonical)
                    key = slot or ""
                    k = slot_index.get(key)
                    if k is None:
                        k = slot_index[key] = len(own_slots)
                        own_slots.append(key)
                        own[key] = order
                        own_text[key] = quoted
                    elif own_text[key] != quoted:
                        own_clash.add(key)
                    lines.append((power, quoted, own_ref(k), None))
                    continue
                try:
                    read = _record(base, order)
                except Unsupported:
                    return None
            i, k_, d, j, v, quoted = read
            lines.append((power, quoted, i, None))
            known = first[i]
            if known is None:
                first[i] = quoted
                ordered.append(i)
                kind[i], dest[i], target[i], via[i] = k_, d, j, v
            elif known != quoted:  # DATC 4.D.3: a unit given different orders gets none of them
                clash.add(i)
    if clash or own_clash:
        for i in clash:
            kind[i], dest[i], target[i], via[i] = -1, None, -1, False
        for key in own_clash:
            del own[key]
        dropped = {own_ref(slot_index[key]) for key in own_clash}
        lines = [(p, q, SEVERAL, None) if (ref in clash if ref >= 0 else ref in dropped) else (p, q, ref, why)
                 for p, q, ref, why in lines]
        ordered = [i for i in ordered if i not in clash]
    made.defaults = [u for u in range(n) if kind[u] < 0] if len(ordered) < n else []
    made.sequence = ordered + made.defaults if made.defaults else ordered
    return WorldOrders(made, lines, own), own_slots


def _convoy(base: Position, power: str, text: str, frozen: frozenset[str]) -> tuple[int, int, str] | None:
    """A convoy in canonical notation (``F MAO C A BRE - GAS``) that passes every check ``validate_movement`` and
    the freezing rule make: (the fleet's number, the army's, the destination), or ``None`` (the general reader
    decides the line and words what is wrong). The map's table holds no convoys on a board of many seas."""
    words = text.split(" ")
    if len(words) != 7 or words[2] != "C" or words[3] != "A" or words[5] != "-" or words[6] == words[4]:
        return None
    i = base.by_text.get("F " + words[1])
    origin, dest = words[4], words[6]
    j = base.at.get(origin)
    if i is None or j is None or base.power[i] != power or base.units[j].type is not _ARMY:
        return None
    here = base.prov[i]
    if here != words[1] or (frozen and (here in frozen or origin in frozen or dest in frozen)):
        return None
    tables = base.tables
    if dest not in tables.coastal or here not in tables.convoying or not tables.seas_plain:
        return None
    # (``validate``: the fleets joined to the army's coast, then a minimal chain of them through this fleet)
    if not on_minimal_route(tables, origin, dest, here, base.linked(origin)):
        return None
    return i, j, dest


def _touches(frozen: frozenset[str], here: str, dest: str | None, other: str | None) -> bool:
    """An order naming a frozen place (its unit's, its destination's or its target's province): the general
    reader decides it (the freezing rule refuses most such orders, in its own words)."""
    return here in frozen or (dest is not None and dest.partition("/")[0] in frozen) or (other is not None and other in frozen)


__all__ = ["INVALID", "SEVERAL", "WorldOrders", "WorldPosition", "own_index", "own_ref", "read_world_orders",
           "read_world_position"]
