"""A plain World movement phase's position read in one pass: the general path's ``GameState`` and the lean
path's records (``reading.WorldPosition``) together, or ``None`` for any request it does not vouch for.

What it reads, the general reading (``contract.state_from_request``: ``WorldDiplomacy.make_state``, then
``check_state``) reads to an equal position, field for field and in the same order (the ledger's dicts,
the militia): a movement phase of the calendar written as the map's tables write it, no dislodged units or
standoffs, units and centres of the board's powers in canonical notation ("A PAR", "M SA94"), one army or
fleet per province, at most one militia per province beside no other country's unit, and a ledger that
reads without a fault and holds no loans, bribes or rebellions. Anything else gives ``None``: the general
reading reads it (and names what is wrong, in its own words).
"""
from __future__ import annotations

from typing import Any, Final, Mapping

from ....lean.reader import Position
from ....lean.tables import MapTables, Standing
from ....state import GameState, StackedUnit, stack_order
from ....types import Unit
from ..ledger import KEYS
from ..orders import MILITIA
from .reading import WorldPosition

_LEDGER_KEYS: Final = frozenset(KEYS)


class _Board:
    """What the reading needs of a World board beyond the lean tables, made once per board."""

    __slots__ = ("tables", "powers", "militia_at", "militia", "land", "control", "homes", "money")

    def __init__(self, variant: Any, tables: MapTables) -> None:
        self.tables = tables  # the lean tables this was made for
        board = variant.board
        # The powers a request names as the general reading takes them without a second look (the board's
        # names, in capitals): their units' and militia's texts.
        self.powers: frozenset[str] = frozenset(p for p in tables.standing if p.isupper())
        # A militia's text ("M SA94") -> its location, where militia may stand; and each power's militia met
        # so far by text (made on first sight: every power's every militia would be tens of thousands of
        # objects for the garbage collector to walk through).
        self.militia_at: dict[str, str] = {f"{MILITIA.value} {loc}": loc for loc in board.locations(MILITIA)
                                           if variant.can_stand(MILITIA, loc)}
        self.militia: dict[str, dict[str, StackedUnit]] = {power: {} for power in self.powers}
        world = variant.tables
        self.land: frozenset[str] = world.land
        ordered = world.sorted_control  # (as ``WorldDiplomacy._start_plain`` makes it)
        if ordered is None:
            ordered = world.sorted_control = dict(sorted(world.control.items()))
        self.control: dict[str, str] = ordered
        self.homes: list[tuple[str, tuple[str, ...]]] = sorted(world.homes.items())
        self.money: dict[str, int] = {p: 0 for p, _ in self.homes}


_BOARDS: dict[int, _Board] = {}  # by the lean tables' id (kept for the process's life, as they are)


def _board(variant: Any, tables: MapTables) -> _Board:
    known = _BOARDS.get(id(tables))
    if known is None or known.tables is not tables:
        known = _BOARDS[id(tables)] = _Board(variant, tables)
    return known


def read_plain_world(request: Mapping[str, Any], variant: Any, tables: MapTables) -> WorldPosition | None:
    """The position of ``request`` (a World request without options, ``variant`` its variant, ``tables`` its
    map's lean tables) when it is in the plain form the module's doc describes, else ``None``."""
    get = request.get
    dislodged, contested = get("dislodged"), get("contested")  # none: left out, null or empty
    if (dislodged is not None and (type(dislodged) is not dict or dislodged)) \
            or (contested is not None and (type(contested) is not list or contested)):
        return None
    phase_text = get("phase")
    season = tables.phases.get(phase_text) if type(phase_text) is str else None
    units_given, centers_given, given = get("units"), get("centers"), get("extra")
    if season is None or type(units_given) is not dict or type(centers_given) is not dict or type(given) is not dict:
        return None
    board = _board(variant, tables)
    powers = board.powers
    by_power = tables.standing
    by_militia, militia_at = board.militia, board.militia_at
    land = board.land
    standing: list[Standing] = []
    occupants: dict[str, Unit] = {}
    stacked: list[StackedUnit] = []
    guarded: dict[str, str] = {}  # a militia's province -> its power
    try:
        # The centres, then the ledger's control as ``make_state`` starts it: the map's, the centres' owners,
        # then the provinces units stand in, each to the first unit's power in request order.
        centers: dict[str, str] = {}
        supply = tables.centers
        for power, owned in centers_given.items():
            if type(power) is not str or power not in powers or type(owned) is not list:
                return None
            for code in owned:
                if code not in supply:
                    return None
                centers[code] = power  # (a centre listed twice: the later owner, as the general reading)
        control = dict(board.control)
        control.update(centers)
        for power, texts in units_given.items():
            if type(power) is not str or power not in powers or type(texts) is not list:
                return None
            table = by_power[power]
            militia = by_militia[power]
            for text in texts:
                s = table.get(text)
                if s is not None:
                    prov = s.prov
                    if prov in occupants:
                        return None  # two units in one province: the general reading names them
                    occupants[prov] = s.unit
                    standing.append(s)
                else:
                    m = militia.get(text)
                    if m is None:
                        loc = militia_at.get(text)
                        if loc is None:
                            return None
                        m = militia[text] = StackedUnit(power, MILITIA, loc)
                    prov = m.loc.partition("/")[0]
                    if prov in guarded:
                        return None  # at most one militia per province
                    guarded[prov] = power
                    stacked.append(m)
                if prov in land and prov not in control:
                    control[prov] = power
    except TypeError:  # an unhashable item: the general reading names it
        return None
    for prov, power in guarded.items():
        occupant = occupants.get(prov)
        if occupant is not None and occupant.power != power:
            return None  # a militia beside another country's unit
    if len(control) != len(board.control):  # a province the map's control leaves out: sorted again
        control = {prov: control[prov] for prov in sorted(control)}
    extra = _extra(board, given, control)
    if extra is None:
        return None
    state = GameState(variant.id, season.phase, occupants, dict(centers), {}, frozenset(), extra,
                      _in_stack_order(stacked), {})
    try:
        ledger = variant.ledger(state)  # (read once, and kept for the phase, as ``make_state`` does)
    except Exception:  # a fault in the ledger: the general reading names it
        return None
    if ledger.loans or ledger.bribes or ledger.rebellions:
        return None
    base = Position(variant, tables, season, str(phase_text), standing, centers)
    return WorldPosition(variant, base, state, ledger, variant.frozen(state))


def _extra(board: _Board, given: dict[Any, Any], control: dict[str, str]) -> dict[str, Any] | None:
    """The position's ``extra`` as ``WorldDiplomacy.make_state`` makes it from the request's (``given``): the
    map's start (``_start_plain``) with the request's entries over it, dict by dict; ``None`` when a key is
    not the ledger's or one of its objects is not a dict (``Ledger.read`` refuses or the general reading
    reads it)."""
    for key in given:
        if key not in _LEDGER_KEYS:
            return None
    money = dict(board.money)
    if "money" in given:
        money_given = given["money"]
        if type(money_given) is not dict:
            return None
        money.update(money_given)
    homes_given = given.get("homes")
    homes: dict[Any, Any] = {}
    if homes_given is None:
        if "homes" in given:
            return None
        for power, provs in board.homes:
            homes[power] = list(provs)
    else:
        if type(homes_given) is not dict:
            return None
        found = 0
        for power, provs in board.homes:
            if power in homes_given:
                homes[power] = homes_given[power]
                found += 1
            else:
                homes[power] = list(provs)
        if found != len(homes_given):  # entries of the request's own after the map's (``{**start, **given}``)
            for key, value in homes_given.items():  # (any key, any value: the ledger's reading judges them)
                if key not in homes:
                    homes[key] = value
    if "control" in given:
        control_given = given["control"]
        if type(control_given) is not dict:
            return None
        control.update(control_given)
    return {"money": money, "homes": homes, "control": control,
            "rebellions": given["rebellions"] if "rebellions" in given else [],
            "loans": given["loans"] if "loans" in given else [],
            "bribes": given["bribes"] if "bribes" in given else []}


def _in_stack_order(stacked: list[StackedUnit]) -> tuple[StackedUnit, ...]:
    """``stack_order(stacked)`` (militia only: by power, then location), in one pass when the request lists
    them so already (powers in order, each one's units by text)."""
    for i in range(1, len(stacked)):
        a, b = stacked[i - 1], stacked[i]
        if a.power > b.power or (a.power == b.power and a.loc > b.loc):
            return stack_order(stacked)
    return tuple(stacked)


__all__ = ["read_plain_world"]
