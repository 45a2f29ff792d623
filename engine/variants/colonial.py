"""Colonial Diplomacy (Peter Hawes, Avalon Hill 1994): seven powers in the Far East, from Spring 1870.

Beyond the standard rules (written up in ``docs/variants/colonial.md``):

* **Hong Kong** is a British home centre that counts as a supply centre for every power except China.
* **Suez Canal**: a fleet moves directly between the Mediterranean and the Red Sea only with the permission
  of the power whose unit stands in Egypt at the start of the turn. Permission is a side order of that power,
  ``SUEZ F MED - RED``; the Avalon Hill form, a support from the unit in Egypt (``F EGY S F MED - RED``),
  also grants it. Without permission the passage is like a convoy that never sailed: the fleet has no path.
* **Trans-Siberian Railroad** (TSR): one Russian army per turn rides the line Moscow-Perm-Omsk-Krasnoyarsk-
  Irkutsk-Vladivostok, ``A MOS - VLA VIA TSR``. It passes Russian units, is stopped by foreign ones in the
  last free space before them, never dislodges a unit or cuts a support, and is supported only where it
  means to arrive. :class:`ColonialResolver` adjudicates it inside the ordinary guess-and-check resolver.

Cebu and Egypt (canals), the impassable Caspian Sea and Lake Baikal, and the Moulmein land bridges are
ordinary map data in ``resources/maps/colonial/map.json``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar, Mapping, Sequence

from ..mapdata import MapData
from ..orders import STANDARD_ORDERS, Hold, Move, Order, RawOrder, SupportMove, order_key, tokenize
from ..outcomes import Reason, shown_number, strengths, word, wording
from ..resolver import MovementResolver, MovementResult, Outcome, Tracer, outcome
from ..rules import DEFAULT_RULEBOOK, Rulebook
from .. import entry as click_entry
from ..entry import Entry
from ..order_marks import MarkKind, MarkStyle, OrderMark
from ..order_effects import OrderEffect
from ..phases import OrderResult
from ..state import GameState
from ..variant_options import OptionSpec, OptionType
from ..validate import check_move
from ..types import (
    ChancelleryError,
    IllegalOrderError,
    OrderSyntaxError,
    PhaseType,
    Unit,
    UnitType,
    province_of,
)
from . import register
from .base import Variant, VictoryRule

TSR = "TSR"

# Who may leave a space on the line and still leave it open for the train (see docs/variants/colonial.md).
TSR_RULES = {
    # Every foreign unit that tries to move away opens its space (the Avalon Hill clarification, The
    # General vol. 30 no. 4, as the rules text states it): the default.
    "avalon-hill": False,
    # vDiplomacy 2.2: a foreign unit moving along the line (from one line space to another) still blocks.
    "vdiplomacy-2.2": True,
}
DEFAULT_TSR_RULES = "avalon-hill"

HONG_KONG_NOT_FOR = "CHINA"  # held by China, Hong Kong is no supply centre
_DEFAULT_ROUTE_NAMES = ("Moscow", "Perm", "Omsk", "Krasnoyarsk", "Irkutsk", "Vladivostok")


# --- the Suez permission order -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SuezPermission(Order):
    """``power`` (whose unit stood in Egypt at the start of the turn) lets ``fleet`` through to ``dest``.

    A side order: it belongs to the power, not to the unit in Egypt, which keeps its own order; its slot is
    the fleet's passage (one permission per fleet).
    """

    kind: ClassVar[str] = "SUEZ"
    words: ClassVar[tuple[str, ...]] = ("suez", "permit", "permits", "permission")
    # G on the unit in Egypt (the order is filed with its options): the one passage at once, else a question.
    entry: ClassVar[Entry | None] = Entry(
        "G", "Grant Suez passage", side=True, done="Granted", choice="Grant Suez passage to {fleet} (to {dest})",
        withdraw="Withdraw the passage of {fleet}", none="{unit} can't open the Suez Canal to anyone now")
    note: ClassVar[str] = "Suez passage granted"
    power: str
    fleet: Unit
    dest: str  # the sea the fleet may enter

    def slot(self) -> str | None:
        return f"SUEZ {province_of(self.fleet.loc)}"

    def __str__(self) -> str:
        return f"SUEZ {self.fleet} - {self.dest}"


# A railway move: T, or a plain click where the army can ride but not walk; lit in the railway style.
TSR_ENTRY = replace(click_entry.RAILWAY, lit_note="orange: by the Trans-Siberian Railroad",
                    picks=(replace(click_entry.RAILWAY.picks[0], ask="{unit} rides the Trans-Siberian Railroad: click the destination "
                                                         "(M walks instead, Esc cancels)"),))


# --- the board's special places ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ColonialPlaces:
    """The codes the Colonial rules refer to, read from the map's ``extra`` (names as a fallback)."""

    route: tuple[str, ...]  # the Trans-Siberian Railroad, end to end
    route_power: str  # the only power that may ride it
    canal: str  # Egypt
    seas: tuple[str, str]  # the two seas the Suez Canal joins
    hong_kong: str | None

    @classmethod
    def from_board(cls, board: MapData) -> ColonialPlaces:
        extra = board.extra
        route = tuple(extra.get("tsr_route") or [_code(board, n) for n in _DEFAULT_ROUTE_NAMES])
        suez = extra.get("suez") or {}
        canal = suez.get("canal") or _code(board, "Egypt")
        seas = tuple(suez.get("seas") or (_code(board, "Mediterranean Sea"), _code(board, "Red Sea")))
        hong_kong = extra.get("hong_kong") or board.lookup("Hong Kong")
        power = str(extra.get("tsr_power", "RUSSIA")).upper()
        if len(seas) != 2 or len(route) < 2:
            raise ChancelleryError(f"map {board.id}: 'suez.seas' needs two seas and 'tsr_route' two spaces or more")
        for code in (*route, canal, *seas):
            if code not in board.provinces:
                raise ChancelleryError(f"map {board.id}: {code!r} (Colonial rules) is not a province of the map")
        return cls(route, power, canal, (seas[0], seas[1]), hong_kong)

    def other_sea(self, sea: str) -> str | None:
        if sea == self.seas[0]:
            return self.seas[1]
        if sea == self.seas[1]:
            return self.seas[0]
        return None

    def path(self, origin: str, dest: str) -> tuple[str, ...]:
        """The line spaces a railway move from ``origin`` passes, ending with ``dest`` (both on the line)."""
        i, j = self.route.index(origin), self.route.index(dest)
        return self.route[i + 1 : j + 1] if i < j else tuple(reversed(self.route[j:i]))


def _code(board: MapData, name: str) -> str:
    code = board.lookup(name)
    if code is None:
        raise ChancelleryError(f"map {board.id} has no {name}, which the Colonial rules need")
    return code


def is_railway_move(order: object) -> bool:
    return isinstance(order, Move) and order.route == TSR


def _journey_of(results: Sequence[OrderResult] | None, phase_type: PhaseType | None) -> RailwayJourney | None:
    """How the phase's railway move went, as its result recorded it (``None``: no results, no railway move,
    or results saved before they carried their journey)."""
    if not results or phase_type is not PhaseType.MOVEMENT:
        return None
    for r in results:
        if r.outcome is not None:
            journey = RailwayJourney.from_outcome(r.outcome)
            if journey is not None:
                return journey
    return None


def railway_marks(order: Move, places: ColonialPlaces, *, failed: bool = False,
                  journey: RailwayJourney | None = None) -> tuple[OrderMark, ...]:
    """A railway move as track along the line's spaces. Given how the journey went: one mark when the army
    arrived (or never got away: then it is failed and sits at the origin); otherwise the stretch it covered,
    up to where it stopped, then the rest, failed, from the stop to the ordered destination."""
    origin, dest = province_of(order.unit.loc), province_of(order.dest)
    path: tuple[str, ...] = (dest,)
    if origin in places.route and dest in places.route and origin != dest:
        path = places.path(origin, dest)
    rail = MarkStyle.RAILWAY
    if journey is None or journey.unit != order.unit or journey.path != path:
        return (OrderMark(MarkKind.MOVE, order.unit.loc, order.dest, failed=failed, style=rail, via=path[:-1]),)
    if journey.arrived or journey.stopped_at == journey.origin:
        return (OrderMark(MarkKind.MOVE, order.unit.loc, order.dest, failed=not journey.arrived, style=rail,
                          via=path[:-1]),)
    stop = journey.stopped_at
    rest = path[path.index(stop) + 1:]
    return (OrderMark(MarkKind.MOVE, order.unit.loc, stop, style=rail, via=journey.travelled[:-1]),
            OrderMark(MarkKind.MOVE, stop, order.dest, failed=True, style=rail, via=rest[:-1]))


def is_suez_move(places: ColonialPlaces, order: object) -> bool:
    return (isinstance(order, Move) and order.unit.type is UnitType.FLEET
            and places.other_sea(province_of(order.unit.loc)) == province_of(order.dest))


# --- the railway journey ------------------------------------------------------------------------------

# Colonial's reason codes (engine.outcomes): the railway move's journey and what stopped it, the canal.
RAILWAY, SUEZ_CLOSED, SUEZ_OPEN, BOUNCED_BY_TRAIN = "railway", "suez_closed", "suez_open", "bounced_by_train"
MET_HALF_WAY, STAYS_OCCUPIED, RAIL_BOUNCED_WITH, LINE_BLOCKED = "met_half_way", "stays_occupied", "bounced_with", "line_blocked"
_JOURNEY_KEYS = frozenset({"unit", "ordered_to", "path", "stopped_at", "arrived", "blocked_at"})


@wording(RAILWAY)
def _word_railway(r: Reason) -> str:
    if r.get("arrived"):
        return "moves by the Trans-Siberian Railroad"
    by = r.get("by")
    cause, origin, blocked_at = r.get("cause"), r.get("unit").loc, r.get("blocked_at")
    if cause == MET_HALF_WAY:
        why = f"met {by or 'a unit'} half way, moving into {origin}"
    elif cause == STAYS_OCCUPIED:
        why = f"{r.get('ordered_to')} stays occupied" + (f" by {by}" if by else "")
    elif cause == RAIL_BOUNCED_WITH:
        why = "bounced" + (f" with {by}" if by else "") + f" in {r.get('ordered_to')}" + strengths(r)
    else:
        why = f"the line is blocked at {blocked_at}" + (f" by {by}" if by else "") + (" entering it" if r.get("entering") else "")
    stop = r.get("stopped_at")
    return f"{why}: stays in {origin}" if stop == origin else f"{why}: stops in {stop}"


@wording(SUEZ_CLOSED)
def _word_suez_closed(r: Reason) -> str:
    return f"the Suez Canal is closed to {r.get('unit')}: no permission from the unit in {r.get('canal')}"


@wording(SUEZ_OPEN)
def _word_suez_open(r: Reason) -> str:
    return f"the Suez Canal is open for {r.get('fleet')} to {r.get('dest')}"


@wording(BOUNCED_BY_TRAIN)
def _word_bounced_by_train(r: Reason) -> str:
    train = r.get("train")
    return ("bounced by the railway army" + (f" {train}" if train else "") + f" passing {r.get('dest')}" + strengths(r))



@dataclass(frozen=True, slots=True)
class RailwayJourney:
    """How one railway move went: what front ends need to draw it (split arrows) and explain it."""

    unit: Unit
    ordered_to: str
    path: tuple[str, ...]  # the line spaces after the origin, up to the ordered destination
    stopped_at: str  # where the army ends (its origin when it never got away)
    arrived: bool
    blocked_at: str | None  # the space it could not pass or enter, if any
    cause: Reason = Reason("none")  # why it stopped: met_half_way, stays_occupied, bounced_with, line_blocked

    @property
    def outcome(self) -> Reason:
        """The railway move's typed reason: the whole journey, so a past turn is drawn from history."""
        return Reason(RAILWAY, {"unit": self.unit, "ordered_to": self.ordered_to, "path": self.path,
                                "stopped_at": self.stopped_at, "arrived": self.arrived,
                                "blocked_at": self.blocked_at, "cause": self.cause.code} | self.cause.data)

    @property
    def reason(self) -> str:
        return word(self.outcome)

    @classmethod
    def from_outcome(cls, why: Reason) -> RailwayJourney | None:
        """The journey a railway move's recorded reason tells (``None`` for any other reason)."""
        if why.code != RAILWAY or not isinstance(why.get("unit"), Unit):
            return None
        cause = {k: v for k, v in why.data.items() if k not in _JOURNEY_KEYS}
        return cls(why.get("unit"), str(why.get("ordered_to")), tuple(why.get("path", ())), str(why.get("stopped_at")),
                   bool(why.get("arrived")), why.get("blocked_at"), Reason(str(cause.pop("cause", "none")), cause))

    @property
    def origin(self) -> str:
        return self.unit.loc

    @property
    def travelled(self) -> tuple[str, ...]:
        """The spaces the army actually covered (empty when it stayed)."""
        if self.stopped_at == self.origin:
            return ()
        return self.path[: self.path.index(self.stopped_at) + 1]

    def as_dict(self) -> dict[str, Any]:
        return {"unit": str(self.unit), "ordered_to": self.ordered_to, "path": list(self.path),
                "stopped_at": self.stopped_at, "arrived": self.arrived, "blocked_at": self.blocked_at,
                "reason": self.reason}


@dataclass(slots=True)
class ColonialMovementResult(MovementResult):
    """A movement result that also tells how this turn's railway move went (``None``: there was none)."""

    journey: RailwayJourney | None = None


# --- the resolver -----------------------------------------------------------------------------------


class ColonialResolver(MovementResolver):
    """The standard resolver plus the Suez Canal and the Trans-Siberian Railroad.

    Suez: a fleet move between the two seas has a path only with permission (``suez_open``), like a convoy.

    Railway: the army's decision (``result[origin]``) is "it leaves its origin"; where it ends is
    :meth:`journey`. Walking the path, a space blocks the train when a foreign unit stays there (hold,
    support, convoy; under the vDiplomacy 2.2 rules also a move along the line), or when a foreign unit
    enters it and is held out by nothing but the train or a unit returning there. The train bounces foreign
    units entering any space it reaches with strength 1, and everyone at its destination with its full
    strength (1 + supports). It enters the destination only if that is empty at the end (it never
    dislodges), otherwise it stops in the nearest space behind that nobody occupies or contests. A foreign
    unit next to the origin that moves into it meets the train half way: an ordinary head-to-head battle in
    which the train's supports don't count.
    """

    def __init__(
        self,
        board: MapData,
        units: Mapping[str, Unit],
        orders: Mapping[str, Order],
        tracer: Tracer | None = None,
        *,
        places: ColonialPlaces | None = None,
        suez_open: frozenset[tuple[str, str]] = frozenset(),
        moving_along_blocks: bool = False,
    ) -> None:
        # Set before the base indexes the orders: uses_convoy() asks about railway moves.
        self.places = places or ColonialPlaces.from_board(board)
        self.suez_open = suez_open
        self.moving_along_blocks = moving_along_blocks
        self.line = frozenset(self.places.route)
        self.rail_origin: str | None = None
        self.rail_path: tuple[str, ...] = ()
        for prov, order in orders.items():
            if is_railway_move(order):
                self.rail_origin = prov
                self.rail_path = self.places.path(prov, province_of(order.dest))  # type: ignore[attr-defined]
                break
        self.suez_moves = {prov for prov, order in orders.items() if is_suez_move(self.places, order)}
        super().__init__(board, units, orders, tracer)

    # --- Suez -------------------------------------------------------------------------------------------

    def has_path(self, origin: str) -> bool:
        if origin in self.suez_moves:
            return (province_of(self.units[origin].loc), self.move_dest[origin]) in self.suez_open
        return super().has_path(origin)

    # --- rules changed for the railway -------------------------------------------------------------------

    def uses_convoy(self, origin: str) -> bool:
        if origin == self.rail_origin:
            return False
        return super().uses_convoy(origin)

    def is_head_to_head(self, origin: str) -> str | None:
        rail = self.rail_origin
        if rail is not None:
            if origin == rail:
                return None  # the train never fights its way forward
            if self.move_dest.get(origin) == rail:
                return rail if self._meets_train_half_way(origin) else None  # a Russian unit swaps with it
        if origin in self.suez_moves and not (self.has_path(origin) and self.has_path(self.move_dest[origin])):
            return None  # a fleet that can't pass the canal doesn't meet the one coming the other way
        return super().is_head_to_head(origin)

    def defend_strength(self, origin: str) -> float:
        if origin == self.rail_origin:
            return self.unit_strength(origin)  # head-to-head with the train: its supports don't count
        return super().defend_strength(origin)

    def prevent_strength(self, origin: str) -> float:
        if origin == self.rail_origin:
            return self._train_strength(self.rail_path[-1])
        return super().prevent_strength(origin)

    def move_succeeds(self, prov: str) -> bool:
        if prov == self.rail_origin:
            return self.journey().stopped_at != prov
        if not super().move_succeeds(prov):
            return False
        return not self._bounced_by_train(prov)

    def is_dislodged(self, prov: str) -> bool:
        if prov in self.move_dest and self.resolve(prov):
            return False
        return any(self.resolve(r) for r in self.moves_into.get(prov, ()) if r != self.rail_origin)

    def support_is_cut(self, prov: str) -> bool:
        # As the standard rule, except that the train never cuts a support.
        order = self.orders[prov]
        power = self.units[prov].power
        into = province_of(order.dest) if type(order) is SupportMove else None
        for attacker in self.moves_into.get(prov, ()):
            if attacker == self.rail_origin or self.units[attacker].power == power or attacker == into:
                continue
            if self.has_path(attacker):
                return True
        return False

    def arrival(self, origin: str) -> str:
        if origin == self.rail_origin:
            return self.journey().stopped_at
        return super().arrival(origin)

    # --- the railway's own decisions ---------------------------------------------------------------------

    def _foreign(self, prov: str) -> bool:
        return self.units[prov].power != self.places.route_power

    def _meets_train_half_way(self, origin: str) -> bool:
        """A foreign unit on the first space of the path moving into the train's origin."""
        return (self.rail_origin is not None and origin == self.rail_path[0]
                and self.move_dest.get(origin) == self.rail_origin and self._foreign(origin))

    def _stays_on_line(self, space: str) -> bool:
        """Does a foreign unit standing in ``space`` keep it shut while the train passes?"""
        if space not in self.units or not self._foreign(space):
            return False
        if space not in self.move_dest:
            return True  # holds, supports or convoys: it stays, dislodged or not
        return self.moving_along_blocks and self.move_dest[space] in self.line

    def _claims(self, mover: str, space: str) -> bool:
        """Does ``mover`` get into ``space`` but for the train, or but for a unit returning there?

        A unit held out by a standoff with a third unit, by a unit that holds, or by a head-to-head battle
        doesn't block the line; one held back only by a returning unit does.
        """
        if not self.has_path(mover):
            return False
        attack = self.attack_strength(mover)
        for other in self.moves_into.get(space, ()):
            if other not in (mover, self.rail_origin) and attack <= self.prevent_strength(other):
                return False
        opponent = self.is_head_to_head(mover)
        if opponent is not None:
            return attack > self.defend_strength(opponent)
        if space not in self.units or space in self.move_dest:
            return True  # empty, or its unit tries to leave (and returns, at worst)
        return attack > self.hold_strength(space)

    def _blocker(self, space: str) -> str | None:
        """The province of the foreign unit that shuts ``space`` for the train, if any."""
        if self._stays_on_line(space):
            return space
        for mover in self.moves_into.get(space, ()):
            if mover != self.rail_origin and self._foreign(mover) and self._claims(mover, space):
                return mover
        return None

    def _reach(self) -> tuple[int, str | None]:
        """How far along the path the train gets (1-based index of the last space it reaches; 0 when it
        meets a unit half way) and the province of the unit that stops it there."""
        if self._meets_train_half_way(self.rail_path[0]):
            return 0, self.rail_path[0]
        for i, space in enumerate(self.rail_path[:-1], start=1):
            blocker = self._blocker(space)
            if blocker is not None:
                return i, blocker
        return len(self.rail_path), None

    def _train_strength(self, space: str) -> float:
        """What the train opposes to other units entering ``space``: 0 where it doesn't get, 1 on the way,
        1 + supports at its destination."""
        if self.rail_origin is None or space not in self.rail_path:
            return 0
        index = self.rail_path.index(space) + 1
        if index > self._reach()[0]:
            return 0
        if index < len(self.rail_path):
            return self.unit_strength(self.rail_origin)
        return self.unit_strength(self.rail_origin) + self.supports(self.rail_origin)

    def _bounced_by_train(self, prov: str) -> bool:
        """A foreign unit entering a space on the way that the train reaches needs more than strength 1."""
        if self.rail_origin is None or not self._foreign(prov):
            return False
        dest = self.move_dest[prov]
        if dest not in self.rail_path[:-1]:
            return False
        return self.attack_strength(prov) <= self._train_strength(dest)

    def _enters_destination(self) -> tuple[bool, Reason]:
        origin = self.rail_origin
        assert origin is not None
        dest = self.rail_path[-1]
        occupant = self.units.get(dest)
        if occupant is not None and (dest not in self.move_dest or not self.resolve(dest)):
            return False, Reason(STAYS_OCCUPIED, {"by": occupant})
        attack = self.unit_strength(origin) + self.supports(origin)
        for other in self.moves_into.get(dest, ()):
            if other != origin and attack <= self.prevent_strength(other):
                prevent = self.prevent_strength(other)
                return False, Reason(RAIL_BOUNCED_WITH, {"by": self.units[other], "attack": shown_number(attack),
                                                         "resist": shown_number(prevent)})
        return True, Reason("none")

    def _free(self, space: str) -> bool:
        """Can the train stop in ``space``: nobody stays, arrives, or stands off there?"""
        if space in self.units and (space not in self.move_dest or not self.resolve(space)):
            return False
        movers = [m for m in self.moves_into.get(space, ()) if m != self.rail_origin]
        if any(self.resolve(m) for m in movers):
            return False
        return not any(self.prevent_strength(m) > 0 for m in movers)

    def journey(self) -> RailwayJourney:
        """Where the railway move ends and why, given the current (possibly guessed) decisions."""
        origin = self.rail_origin
        assert origin is not None
        unit = self.units[origin]
        path = self.rail_path
        dest = path[-1]
        reached, blocker = self._reach()
        if reached == 0:
            why = Reason(MET_HALF_WAY, {"by": self.units[path[0]], "origin": origin})
            return RailwayJourney(unit, dest, path, origin, False, path[0], why)
        if reached == len(path):
            arrived, why = self._enters_destination()
            if arrived:
                return RailwayJourney(unit, dest, path, dest, True, None)
            blocked_at = dest
        else:
            blocked_at = path[reached - 1]
            assert blocker is not None
            why = Reason(LINE_BLOCKED, {"by": self.units[blocker], "entering": blocker != blocked_at})
        for space in reversed(path[: reached - 1]):
            if self._free(space):
                return RailwayJourney(unit, dest, path, space, False, blocked_at, why)
        return RailwayJourney(unit, dest, path, origin, False, blocked_at, why)

    # --- results ----------------------------------------------------------------------------------------

    def run(self) -> ColonialMovementResult:
        base = super().run()
        journey = self.journey() if self.rail_origin is not None else None
        return ColonialMovementResult(base.outcomes, base.moved, base.dislodged, base.contested, base.convoyed,
                                      journey=journey)

    def explain(self, prov: str, dislodged: Mapping[str, tuple[str, bool]]) -> Outcome:
        order = self.orders[prov]
        if prov == self.rail_origin:
            if prov in dislodged:
                return outcome(False, "dislodged_by", by=self.units[dislodged[prov][0]])
            journey = self.journey()
            return Outcome(journey.arrived, journey.reason, journey.outcome)
        if type(order) is Move and not self.result[prov]:
            if prov in self.suez_moves and not self.has_path(prov):
                return outcome(False, SUEZ_CLOSED, unit=order.unit, canal=self.places.canal)
            if self._bounced_by_train(prov) and super().move_succeeds(prov):
                assert self.rail_origin is not None  # a train bounced it, so there is a railway move
                dest = self.move_dest[prov]
                return outcome(False, BOUNCED_BY_TRAIN, train=self.units[self.rail_origin], dest=dest,
                               attack=shown_number(self.attack_strength(prov)),
                               resist=shown_number(self._train_strength(dest)))
        return super().explain(prov, dislodged)


# --- the variant --------------------------------------------------------------------------------------


@register
class ColonialVariant(Variant):
    id = "colonial"
    name = "Colonial Diplomacy"
    map_id = "colonial"
    aliases = ("colonial diplomacy",)
    description = "Seven powers in the Far East from 1870, with the Suez Canal and the Trans-Siberian Railroad."
    resolver_class = ColonialResolver
    own_order_words = frozenset(w.upper() for w in SuezPermission.words)  # parse() reads the rest as standard
    order_kinds: ClassVar[tuple[type[Order], ...]] = (*STANDARD_ORDERS, SuezPermission)

    def __init__(self, rulebook: Rulebook = DEFAULT_RULEBOOK, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(rulebook, options)
        self.tsr_rules: str = self.options.get("tsr_rules", DEFAULT_TSR_RULES)  # checked by its spec

    def order_note(self, order: Order) -> str:
        return "by railway" if is_railway_move(order) else super().order_note(order)

    def order_effect(self, order: Order) -> OrderEffect:
        """A Suez permission backs the fleet's passage."""
        if isinstance(order, SuezPermission):
            return OrderEffect(backs=Move(order.fleet, order.dest))
        return super().order_effect(order)

    def order_entries(self, order: Order) -> tuple[Entry, ...]:
        return (TSR_ENTRY,) if is_railway_move(order) else super().order_entries(order)

    def order_marks(self, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None,
                    results: Sequence[OrderResult] | None = None) -> tuple[OrderMark, ...]:
        """A railway move runs along the line (split where the train stopped, given the phase's results);
        a Suez passage, its support and the permission that opens it go through the canal."""
        places = self.places
        if isinstance(order, SuezPermission):
            # Drawn like the Avalon Hill form of the order: Egypt's unit supporting the passage.
            return (OrderMark(MarkKind.SUPPORT_MOVE, places.canal, order.dest, order.fleet.loc, failed=failed,
                              style=MarkStyle.CANAL),)
        if is_railway_move(order):
            assert isinstance(order, Move)
            return railway_marks(order, places, failed=failed, journey=_journey_of(results, phase_type))
        if isinstance(order, Move) and is_suez_move(places, order):
            return (OrderMark(MarkKind.MOVE, order.unit.loc, order.dest, failed=failed, style=MarkStyle.CANAL),)
        if (isinstance(order, SupportMove) and order.target.type is UnitType.FLEET
                and places.other_sea(province_of(order.target.loc)) == province_of(order.dest)):
            return (OrderMark(MarkKind.SUPPORT_MOVE, order.unit.loc, order.dest, order.target.loc, failed=failed,
                              style=MarkStyle.CANAL),)
        return super().order_marks(order, failed=failed, phase_type=phase_type, results=results)

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (*super().option_specs, OptionSpec(
            "tsr_rules", OptionType.CHOICE, DEFAULT_TSR_RULES, "Trans-Siberian Railroad",
            choices=(("avalon-hill", "Avalon Hill: any foreign unit moving away opens its space"),
                     ("vdiplomacy-2.2", "vDiplomacy 2.2: a unit moving along the line still blocks")),
            help="Which foreign units leaving a line space let the train through (docs/variants/colonial.md)."))

    @cached_property
    def places(self) -> ColonialPlaces:
        return ColonialPlaces.from_board(self.board)

    # --- Hong Kong --------------------------------------------------------------------------------------

    def counts_as_center(self, prov: str, power: str) -> bool:
        return not (prov == self.places.hong_kong and power == HONG_KONG_NOT_FOR)

    def victory_rule(self) -> VictoryRule:
        standard = super().victory_rule()
        if self.places.hong_kong is None:
            return standard
        held_by = self.power_name(HONG_KONG_NOT_FOR)
        return VictoryRule(standard.text.removesuffix(".") + f" (Hong Kong held by {held_by} counts for nobody).",
                           standard.centre_option)

    # --- orders -----------------------------------------------------------------------------------------

    def parse(self, text: str) -> RawOrder:
        """Also reads the Suez permission: ``SUEZ F MED - RED`` (or ``PERMIT ...``; ``SUEZ F MED`` names the
        other sea by itself)."""
        if isinstance(text, str) and text.strip():
            tokens = tokenize(text, self.board)
            if len(tokens) >= 2 and tokens[1] == ":":
                tokens = tokens[2:]
            if tokens and tokens[0] in SuezPermission.words:
                return self._parse_permission(tokens, text)
        return super().parse(text)

    def _parse_permission(self, tokens: list[str], text: str) -> RawOrder:
        while tokens and tokens[0] in SuezPermission.words:
            tokens = tokens[1:]
        kind = None
        if tokens and tokens[0] in ("f", "fleet", "a", "army") and len(tokens) > 1:
            kind = UnitType.FLEET if tokens[0].startswith("f") else UnitType.ARMY
            tokens = tokens[1:]
        if not tokens:
            raise OrderSyntaxError(f"say which fleet may pass the Suez Canal: {text.strip()!r}")
        places = [t for t in tokens if t not in ("-", "to")]
        if len(places) not in (1, 2) or (len(places) == 2 and len(tokens) != 3):
            raise OrderSyntaxError(f"expected 'SUEZ F MED - RED', got {text.strip()!r}")
        codes = []
        for name in places:
            code = self.board.lookup(name.split("/")[0])
            if code is None:
                raise OrderSyntaxError(f"unknown place {name.upper()!r} in {text.strip()!r}")
            codes.append(code)
        return RawOrder("suez", kind, codes[0], dest=codes[1] if len(codes) == 2 else None, text=text)

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if raw.kind == "suez":
            if state.phase.type is not PhaseType.MOVEMENT:
                raise IllegalOrderError("the Suez Canal is opened only in movement phases")
            assert raw.loc is not None
            return self._permission(state, power, raw.loc, raw.dest)
        if state.phase.type is PhaseType.MOVEMENT and raw.kind == "move" and raw.loc is not None:
            unit = state.units.get(province_of(raw.loc))
            if unit is not None and (power is None or unit.power == power):
                special = self._special_move(raw, state, unit)
                if special is not None:
                    check_move(self.move_permission(state), unit, province_of(special.dest))
                    return special
        try:
            return super().validate(raw, state, power)
        except IllegalOrderError as refused:
            if state.phase.type is PhaseType.MOVEMENT and raw.kind == "support" and raw.dest is not None:
                support = self._special_support(raw, state, power)
                if support is not None:
                    return support
            raise refused

    def _special_move(self, raw: RawOrder, state: GameState, unit: Unit) -> Move | None:
        """A railway move or a canal passage; ``None`` for anything the standard check handles."""
        dest = province_of(raw.dest or "")
        plain = raw.route is None and not raw.via_convoy
        if raw.route == TSR or (plain and self._implicit_railway(unit, dest)):
            return self._railway_move(unit, dest)
        if plain and unit.type is UnitType.FLEET and self.places.other_sea(province_of(unit.loc)) == dest:
            if self.places.canal not in state.units:
                raise IllegalOrderError(f"the Suez Canal is closed: no unit in {self.places.canal} could open it")
            return Move(unit, dest)
        return None

    def _railway_move(self, unit: Unit, dest: str) -> Move:
        places = self.places
        if unit.type is not UnitType.ARMY:
            raise IllegalOrderError("only armies can use the Trans-Siberian Railroad")
        if unit.power != places.route_power:
            raise IllegalOrderError(f"only {places.route_power} can use the Trans-Siberian Railroad")
        here = province_of(unit.loc)
        if here not in places.route:
            raise IllegalOrderError(f"{here} is not on the Trans-Siberian Railroad ({'-'.join(places.route)})")
        if dest not in places.route:
            raise IllegalOrderError(f"{dest} is not on the Trans-Siberian Railroad ({'-'.join(places.route)})")
        if dest == here:
            raise IllegalOrderError(f"{unit} can't move to its own province")
        return Move(unit, dest, route=TSR)

    def _implicit_railway(self, unit: Unit, dest: str) -> bool:
        """A Russian army ordered along the line to a space it can't walk to means the railway."""
        places = self.places
        return (unit.type is UnitType.ARMY and unit.power == places.route_power and dest != province_of(unit.loc)
                and province_of(unit.loc) in places.route and dest in places.route
                and dest not in self.board.army_adjacent(unit.loc))

    def _permission(self, state: GameState, power: str | None, fleet_loc: str, dest: str | None) -> SuezPermission:
        places = self.places
        keeper = state.units.get(places.canal)
        if keeper is None:
            raise IllegalOrderError(f"no unit in {places.canal}: nobody can open the Suez Canal")
        if power is not None and keeper.power != power:
            raise IllegalOrderError(f"only {keeper.power}, whose unit is in {places.canal}, can open the Suez Canal")
        sea = province_of(fleet_loc)
        other = places.other_sea(sea)
        if other is None:
            raise IllegalOrderError(f"the Suez Canal joins {places.seas[0]} and {places.seas[1]}, not {sea}")
        fleet = state.units.get(sea)
        if fleet is None or fleet.type is not UnitType.FLEET:
            raise IllegalOrderError(f"no fleet in {sea} to let through the Suez Canal")
        if dest is not None and province_of(dest) != other:
            raise IllegalOrderError(f"through the Suez Canal a fleet in {sea} can only go to {other}")
        return SuezPermission(keeper.power, fleet, other)

    def _special_support(self, raw: RawOrder, state: GameState, power: str | None) -> Order | None:
        """Supports the standard check refuses because the supported move uses the railway or the canal;
        an army in Egypt "supporting" a canal passage gives the permission (the Avalon Hill form)."""
        assert raw.loc is not None and raw.target_loc is not None and raw.dest is not None
        supporter = state.units.get(province_of(raw.loc))
        target = state.units.get(province_of(raw.target_loc))
        if supporter is None or target is None or (power is not None and supporter.power != power):
            return None
        here, there, dest = province_of(supporter.loc), province_of(target.loc), province_of(raw.dest)
        if dest in (here, there):
            return None
        places = self.places
        canal_passage = (target.type is UnitType.FLEET and places.other_sea(there) == dest
                         and places.canal in state.units)
        by_rail = (target.type is UnitType.ARMY and target.power == places.route_power
                   and there in places.route and dest in places.route)
        if not (canal_passage or by_rail):
            return None
        if self.board.reaches_province(supporter.type, supporter.loc, dest):
            permit = self.move_permission(state)
            check_move(permit, supporter, dest)
            check_move(permit, target, dest)
            return SupportMove(supporter, target, dest)
        if canal_passage and here == places.canal:
            return self._permission(state, power, there, dest)
        return None

    def refused_orders(self, state: GameState, orders: Mapping[str, Sequence[Order]]) -> dict[Order, str]:
        refused: dict[Order, str] = {}
        first: Order | None = None
        for items in orders.values():
            for order in items:
                if is_railway_move(order):
                    if first is None:
                        first = order
                    elif order != first:
                        refused[order] = f"only one army may use the Trans-Siberian Railroad per turn ({first} does)"
        return refused

    # --- legal options ---------------------------------------------------------------------------------

    def railway_destinations(self, state: GameState, unit: Unit) -> list[str]:
        """Where ``unit`` may go by the Trans-Siberian Railroad this turn (empty if it can't ride it)."""
        places = self.places
        here = province_of(unit.loc)
        if unit.type is not UnitType.ARMY or unit.power != places.route_power or here not in places.route:
            return []
        return [space for space in places.route if space != here]

    def extra_moves(self, state: GameState, unit: Unit) -> list[Move]:
        if state.phase.type is not PhaseType.MOVEMENT:
            return []
        moves = [Move(unit, dest, route=TSR) for dest in self.railway_destinations(state, unit)]
        other = self.places.other_sea(province_of(unit.loc))
        if unit.type is UnitType.FLEET and other is not None and self.places.canal in state.units:
            moves.append(Move(unit, other))
        return moves

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]:
        """The Suez permissions the unit in Egypt's power may give (listed with that unit)."""
        places = self.places
        if state.phase.type is not PhaseType.MOVEMENT or province_of(unit.loc) != places.canal:
            return []
        out: list[Order] = []
        for sea in places.seas:
            fleet = state.units.get(sea)
            if fleet is not None and fleet.type is UnitType.FLEET:
                out.append(SuezPermission(unit.power, fleet, places.other_sea(sea)))  # type: ignore[arg-type]
        return out

    # --- movement ----------------------------------------------------------------------------------------

    def suez_open(self, state: GameState, orders: Mapping[str, Order]) -> frozenset[tuple[str, str]]:
        """The passages (from sea, to sea) that the power holding Egypt at the start of the turn opened."""
        places = self.places
        keeper = state.units.get(places.canal)
        if keeper is None:
            return frozenset()
        passages: set[tuple[str, str]] = set()
        for order in orders.values():
            if isinstance(order, SuezPermission) and order.power == keeper.power:
                passages.add((province_of(order.fleet.loc), order.dest))
        own = orders.get(places.canal)
        if type(own) is SupportMove:
            sea = province_of(own.target.loc)
            if own.target.type is UnitType.FLEET and places.other_sea(sea) == province_of(own.dest):
                passages.add((sea, province_of(own.dest)))
        return frozenset(passages)

    def adjudicate_movement(self, state: GameState, orders: Mapping[str, Order],
                            tracer: Tracer | None = None) -> ColonialMovementResult:
        permissions: dict[str, SuezPermission] = {
            key: o for key, o in orders.items() if isinstance(o, SuezPermission)}
        unit_orders: dict[str, Order] = {key: o for key, o in orders.items() if key not in permissions}
        # Defensive: the submission lets one railway move through; any other is held here.
        rail = [p for p, o in unit_orders.items() if is_railway_move(o)]
        for prov in rail[1:]:
            unit_orders[prov] = Hold(state.units[prov])
        passages = self.suez_open(state, orders)
        resolver = ColonialResolver(self.board, state.units, unit_orders, tracer, places=self.places,
                                    suez_open=passages, moving_along_blocks=TSR_RULES[self.tsr_rules])
        resolver.rulebook = self.rulebook
        result = resolver.run()
        for key, permission in permissions.items():
            result.outcomes[key] = outcome(True, SUEZ_OPEN, fleet=permission.fleet, dest=permission.dest)
        return result

    def railway_journey(self, state: GameState, orders: Mapping[str, Sequence[str]]) -> RailwayJourney | None:
        """How the railway move among ``orders`` (texts per power) goes in ``state``; ``None`` if none is
        ordered. For front ends drawing a past turn from its history record."""
        from ..phases import Submission

        sub = Submission.from_texts(self, state, orders)
        typed: dict[str, Order] = {}
        for items in sub.orders.values():
            for o in items:
                key = order_key(o)
                if key is not None:
                    typed[key] = o
        for prov, unit in state.units.items():
            typed.setdefault(prov, self.default_order(unit))
        return self.adjudicate_movement(state, typed).journey


__all__ = [
    "ColonialMovementResult",
    "ColonialPlaces",
    "ColonialResolver",
    "ColonialVariant",
    "RailwayJourney",
    "SuezPermission",
    "TSR",
    "TSR_RULES",
    "is_railway_move",
]
