"""DAIDE messages to and from the engine's words, for the Standard map: names, MDF, NOW, SCO, orders, results.

The port speaks DAIDE only for the standard board (the token table has its provinces and no others). Our
province ids match DAIDE's but for three seas (BOT/GOB, ENG/ECH, LYO/GOL); Switzerland, impassable, has no
token and is left out of the map. Positions come in the LAN protocol's wire shapes (``docs/protocol.md``,
"Shapes"), so the port translates exactly what its seat was sent and nothing else.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...mapdata import MapData
from ...outcomes import (BEATEN_TO, BOUNCED_OFF, BOUNCED_WITH, CANT_DISLODGE_OWN, CONVOY_FAILS, DISLODGED_BY,
                         LOST_HEAD_TO_HEAD, NO_CONVOY_ORDERED, NO_CONVOY_ROUTE, PARADOX_CONVOY_FAILS,
                         RETREAT_BOUNCED, SUPPORT_CUT, VOID_DID_NOT_HOLD, VOID_NOT_ORDERED, VOID_OVER_LAND)
from ...state import Dislodged, GameState
from ...types import Phase, PhaseType, Unit, UnitType, coast_of, province_of
from ...variants import Variant
from . import tokens as tk
from .codec import BRA, KET, DaideError, Tokens

V = tk.VALUES
MAP_NAME = "STANDARD"
PROVINCE_RENAMES = {"BOT": "GOB", "ENG": "ECH", "LYO": "GOL"}  # ours -> DAIDE
PROVINCES_BACK = {v: k for k, v in PROVINCE_RENAMES.items()}
COASTS = {"NC": "NCS", "SC": "SCS", "EC": "ECS", "WC": "WCS"}
COASTS_BACK = {v: k for k, v in COASTS.items()}
POWERS = {"AUSTRIA": "AUS", "ENGLAND": "ENG", "FRANCE": "FRA", "GERMANY": "GER", "ITALY": "ITA",
          "RUSSIA": "RUS", "TURKEY": "TUR"}
POWERS_BACK = {v: k for k, v in POWERS.items()}
SEASONS = {("S", "M"): "SPR", ("S", "R"): "SUM", ("F", "M"): "FAL", ("F", "R"): "AUT", ("W", "A"): "WIN"}
SEASONS_BACK = {v: k for k, v in SEASONS.items()}
UNIT_TYPES = {UnitType.ARMY: "AMY", UnitType.FLEET: "FLT"}
UNIT_TYPES_BACK = {V[v]: k for k, v in UNIT_TYPES.items()}
UNIT_LETTERS = {"A": "AMY", "F": "FLT"}


def supports(variant: Variant) -> bool:
    """True for the variants the port can describe: the standard board with its seven powers."""
    return variant.board.id == "standard" and set(variant.powers) == set(POWERS)


# --- names ------------------------------------------------------------------------------------------

def power_token(power: str) -> int:
    return V[POWERS[power]]


def province_token(prov: str) -> int:
    return V[PROVINCE_RENAMES.get(prov, prov)]


def province_id(token: int) -> str:
    name = tk.NAMES[token]
    return PROVINCES_BACK.get(name, name)


def loc_tokens(loc: str) -> list[int]:
    """``PAR`` -> ``PAR``; ``STP/NC`` -> ``( STP NCS )``."""
    coast = coast_of(loc)
    if coast is None:
        return [province_token(loc)]
    return [BRA, province_token(province_of(loc)), V[COASTS[coast]], KET]


def unit_tokens(power: str, kind: UnitType, loc: str) -> list[int]:
    return [BRA, power_token(power), V[UNIT_TYPES[kind]], *loc_tokens(loc), KET]


def unit_text_tokens(power: str, text: str) -> list[int]:
    """A unit as the wire writes it (``F STP/SC``)."""
    letter, loc = text.split(" ", 1)
    return [BRA, power_token(power), V[UNIT_LETTERS[letter]], *loc_tokens(loc), KET]


def turn_tokens(phase: str) -> list[int]:
    p = Phase.parse(phase)
    return [BRA, V[SEASONS[(p.season, p.type.value)]], tk.number_token(p.year), KET]


def phase_of_turn(season: int, year: int) -> str:
    letter, kind = SEASONS_BACK[tk.NAMES[season]]
    return f"{letter}{year}{kind}"


def text(words: str) -> list[int]:
    from .codec import text_tokens
    return [BRA, *text_tokens(words), KET]


# --- the map ----------------------------------------------------------------------------------------

def mdf(board: MapData) -> Tokens:
    """``MDF (powers) (provinces) (adjacencies)`` for the standard board."""
    out: list[int] = [V["MDF"], BRA, *(power_token(p) for p in POWERS), KET, BRA, BRA]
    for power in POWERS:
        homes = sorted(board.powers[power].home_centers, key=province_token)
        out += [BRA, power_token(power), *(province_token(c) for c in homes), KET]
    neutral = sorted((c for c in board.supply_centers if board.home_power(c) is None), key=province_token)
    out += [BRA, V["UNO"], *(province_token(c) for c in neutral), KET, KET, BRA]
    provinces = [p for p in board.provinces.values() if p.is_passable]
    out += sorted((province_token(p.id) for p in provinces if not p.is_supply_center))
    out += [KET, KET, BRA]
    for prov in sorted(provinces, key=lambda p: province_token(p.id)):
        out += [BRA, province_token(prov.id)]
        if prov.is_land:
            adjacent = sorted(board.army_adjacent(prov.id), key=province_token)
            out += [BRA, V["AMY"], *(province_token(a) for a in adjacent), KET]
        locations = [f"{prov.id}/{c}" for c in prov.coasts] if prov.coasts else (
            [prov.id] if board.can_stand(UnitType.FLEET, prov.id) else [])
        for loc in locations:
            head = [V["FLT"]] if coast_of(loc) is None else [BRA, V["FLT"], V[COASTS[coast_of(loc) or ""]], KET]
            out += [BRA, *head]
            for dest in sorted(board.fleet_adjacent(loc), key=lambda d: (province_token(province_of(d)), d)):
                out += loc_tokens(dest)
            out.append(KET)
        out.append(KET)
    out.append(KET)
    return tuple(out)


# --- positions --------------------------------------------------------------------------------------

def sco(position: Mapping[str, Any], board: MapData) -> Tokens:
    """``SCO (power centre...)... (UNO centre...)`` from a wire position."""
    out: list[int] = [V["SCO"]]
    owned: set[str] = set()
    for power in POWERS:
        centers = sorted(position["centers"].get(power, []), key=province_token)
        owned.update(centers)
        if centers:
            out += [BRA, power_token(power), *(province_token(c) for c in centers), KET]
    free = sorted((c for c in board.supply_centers if c not in owned), key=province_token)
    if free:
        out += [BRA, V["UNO"], *(province_token(c) for c in free), KET]
    return tuple(out)


def now(position: Mapping[str, Any]) -> Tokens:
    """``NOW (turn) (unit)...``, dislodged units with ``MRT (retreats)`` in a retreat phase."""
    out: list[int] = [V["NOW"], *turn_tokens(position["phase"])]
    for power in POWERS:
        for unit in sorted(position["units"].get(power, []), key=lambda u: province_token(province_of(u[2:]))):
            out += unit_text_tokens(power, unit)
    for power in POWERS:
        for entry in position.get("dislodged", {}).get(power, []):
            unit = unit_text_tokens(power, entry["unit"])
            retreats = [x for loc in entry["retreats"] for x in loc_tokens(loc)]
            out += [*unit[:-1], V["MRT"], BRA, *retreats, KET, KET]
    return tuple(out)


def units_at(position: Mapping[str, Any]) -> dict[str, Unit]:
    """Province -> the unit standing there (occupants) in a wire position."""
    found: dict[str, Unit] = {}
    for power, units in position["units"].items():
        for text_unit in units:
            letter, loc = text_unit.split(" ", 1)
            found[province_of(loc)] = Unit(power, UnitType(letter), loc)
    return found


def dislodged_at(position: Mapping[str, Any]) -> dict[str, tuple[Unit, tuple[str, ...]]]:
    found: dict[str, tuple[Unit, tuple[str, ...]]] = {}
    for power, entries in position.get("dislodged", {}).items():
        for entry in entries:
            letter, loc = entry["unit"].split(" ", 1)
            found[province_of(loc)] = (Unit(power, UnitType(letter), loc), tuple(entry["retreats"]))
    return found


# --- reading DAIDE --------------------------------------------------------------------------------

class Cursor:
    """Reads tokens left to right; every failure names the token index (HUH puts ERR there)."""

    def __init__(self, tokens: Sequence[int], pos: int = 0, end: int | None = None) -> None:
        self.tokens, self.pos = tokens, pos
        self.end = len(tokens) if end is None else end

    def fail(self, why: str) -> DaideError:
        return DaideError(why, position=self.pos)

    def at_end(self) -> bool:
        return self.pos >= self.end

    def peek(self) -> int | None:
        return None if self.at_end() else self.tokens[self.pos]

    def take(self) -> int:
        if self.at_end():
            raise self.fail("the message ends too early")
        value = self.tokens[self.pos]
        self.pos += 1
        return value

    def expect(self, value: int) -> None:
        if self.peek() != value:
            raise self.fail(f"expected {tk.NAMES.get(value, value)}")
        self.pos += 1

    def accept(self, value: int) -> bool:
        if self.peek() == value:
            self.pos += 1
            return True
        return False

    def take_if(self, predicate: Any, what: str) -> int:
        value = self.peek()
        if value is None or not predicate(value):
            raise self.fail(f"expected {what}")
        self.pos += 1
        return value

    def group_end(self) -> int:
        """Index of the bracket closing the group the cursor stands in front of (which must be ``(``)."""
        if self.peek() != BRA:
            raise self.fail("expected (")
        depth = 0
        for i in range(self.pos, self.end):
            if self.tokens[i] == BRA:
                depth += 1
            elif self.tokens[i] == KET:
                depth -= 1
                if depth == 0:
                    return i
        raise self.fail("unclosed bracket")

    def finish(self) -> None:
        if not self.at_end():
            raise self.fail("unexpected tokens")


def _is_power(v: int) -> bool:
    return tk.category(v) == tk.POWER


def read_loc(cur: Cursor) -> str:
    """``PAR`` or ``( STP NCS )`` as a location (``STP/NC``)."""
    if cur.accept(BRA):
        prov = province_id(cur.take_if(tk.is_province, "a province"))
        coast = cur.take_if(lambda v: tk.category(v) == tk.COAST, "a coast")
        cur.expect(KET)
        name = tk.NAMES[coast]
        if name not in COASTS_BACK:
            raise DaideError(f"no coast {name} on this map", position=cur.pos - 2)
        return f"{prov}/{COASTS_BACK[name]}"
    return province_id(cur.take_if(tk.is_province, "a province"))


def read_unit(cur: Cursor) -> Unit:
    cur.expect(BRA)
    power = POWERS_BACK[tk.NAMES[cur.take_if(_is_power, "a power")]]
    kind = UNIT_TYPES_BACK[cur.take_if(lambda v: v in UNIT_TYPES_BACK, "AMY or FLT")]
    loc = read_loc(cur)
    cur.expect(KET)
    return Unit(power, kind, loc)


def read_province(cur: Cursor) -> str:
    return province_id(cur.take_if(tk.is_province, "a province"))


@dataclass(frozen=True)
class DaideOrder:
    """One order read from DAIDE: its tokens (for THX) and our reading of it."""

    tokens: Tokens  # the order as sent, without its outer brackets
    kind: str  # the order token: HLD MTO SUP CVY CTO RTO DSB BLD REM WVE
    power: str
    unit: Unit | None = None
    target: Unit | None = None
    dest: str | None = None  # MTO/RTO/CTO destination, SUP/CVY destination
    via: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """Our order text for it."""
        u = self.unit
        if self.kind == "WVE" or u is None:
            return "WAIVE"
        head = f"{u.type.value} {u.loc}"
        target = self.target
        if self.kind == "HLD":
            return f"{head} H"
        if self.kind == "MTO":
            return f"{head} - {self.dest}"
        if self.kind == "CTO":
            return f"{head} - {self.dest} VIA"
        if self.kind == "SUP" and target is not None:
            support = f"{head} S {target.type.value} {province_of(target.loc)}"
            return support if self.dest is None else f"{support} - {self.dest}"
        if self.kind == "CVY" and target is not None:
            return f"{head} C {target.type.value} {province_of(target.loc)} - {self.dest}"
        if self.kind == "RTO":
            return f"{head} R {self.dest}"
        if self.kind in ("DSB", "REM"):
            return f"{head} D"
        return f"{head} B"  # BLD


def read_order(cur: Cursor) -> DaideOrder:
    """One order between its brackets (the cursor stands on its ``(``); raises :class:`DaideError`."""
    cur.expect(BRA)
    start = cur.pos
    if cur.peek() is not None and _is_power(cur.peek() or 0):
        power = POWERS_BACK[tk.NAMES[cur.take()]]
        cur.expect(V["WVE"])
        cur.expect(KET)
        return DaideOrder(tuple(cur.tokens[start:cur.pos - 1]), "WVE", power)
    unit = read_unit(cur)
    word = cur.take_if(lambda v: tk.category(v) == tk.ORDER, "an order")
    kind = tk.NAMES[word]
    target: Unit | None = None
    dest: str | None = None
    via: tuple[str, ...] = ()
    if kind in ("MTO", "RTO"):
        dest = read_loc(cur)
    elif kind == "SUP":
        target = read_unit(cur)
        if cur.accept(V["MTO"]):
            dest = read_province(cur)
    elif kind == "CVY":
        target = read_unit(cur)
        cur.expect(V["CTO"])
        dest = read_province(cur)
    elif kind == "CTO":
        dest = read_province(cur)
        cur.expect(V["VIA"])
        cur.expect(BRA)
        seas = []
        while not cur.accept(KET):
            seas.append(read_province(cur))
        via = tuple(seas)
    elif kind not in ("HLD", "DSB", "BLD", "REM"):
        cur.pos -= 1
        raise cur.fail(f"{kind} is not an order a unit can be given")
    cur.expect(KET)
    return DaideOrder(tuple(cur.tokens[start:cur.pos - 1]), kind, unit.power, unit, target, dest, via)


MOVEMENT_KINDS = frozenset({"HLD", "MTO", "SUP", "CVY", "CTO"})
RETREAT_KINDS = frozenset({"RTO", "DSB"})
ADJUSTMENT_KINDS = frozenset({"BLD", "REM", "WVE"})


def order_note(order: DaideOrder, power: str, you: Mapping[str, Any], position: Mapping[str, Any],
               board: MapData, builds_left: int) -> str | None:
    """The THX note for an order this seat may not give here (``NRS``, ``NYU``, ...), or None when it looks
    right and the engine should decide. Reads only the seat's own view."""
    phase_type = PhaseType(Phase.parse(position["phase"]).type)
    allowed = {PhaseType.MOVEMENT: MOVEMENT_KINDS, PhaseType.RETREATS: RETREAT_KINDS,
               PhaseType.ADJUSTMENTS: ADJUSTMENT_KINDS}[phase_type]
    if order.kind not in allowed:
        return "NRS"
    if order.power != power:
        return "NYU"
    unit = order.unit
    standing = units_at(position)
    if order.kind == "WVE":
        return None if you.get("adjustment", 0) > 0 and builds_left > 0 else "NMB"
    assert unit is not None
    prov = province_of(unit.loc)
    if order.kind == "BLD":
        if prov not in board.supply_centers:
            return "NSC"
        if prov not in board.powers[power].home_centers:
            return "HSC"
        if prov not in position["centers"].get(power, []):
            return "YSC"
        if prov in standing:
            return "ESC"
        if you.get("adjustment", 0) <= 0 or builds_left <= 0:
            return "NMB"
        if unit.type is UnitType.FLEET and board.provinces[prov].coasts and coast_of(unit.loc) is None:
            return "CST"
        return None
    if order.kind in RETREAT_KINDS:
        found = dislodged_at(position).get(prov)
        if found is None:
            return "NSU" if prov not in standing else ("NRN" if standing[prov].power == power else "NYU")
        if found[0].power != power:
            return "NYU"
        if found[0].type is not unit.type:
            return "NSU"
        if order.kind == "RTO" and order.dest not in found[1]:
            return "NVR"
        return None
    here = standing.get(prov)
    if here is None or here.type is not unit.type:
        return "NSU"
    if here.power != power:
        return "NYU"
    if order.kind == "REM":
        return None if you.get("adjustment", 0) < 0 else "NMR"
    target = order.target
    if target is not None:
        other = standing.get(province_of(target.loc))
        if other is None or other.type is not target.type or other.power != target.power:
            return "NSU"
    if order.kind == "CVY":
        if unit.type is not UnitType.FLEET:
            return "NSF"
        if not board.provinces[prov].is_sea:
            return "NAS"
        if target is not None and target.type is not UnitType.ARMY:
            return "NSA"
    if order.kind == "CTO" and unit.type is not UnitType.ARMY:
        return "NSA"
    return None


# --- writing orders and results -------------------------------------------------------------------

def _unit_at(text_unit: str, position: Mapping[str, Any], fallback_power: str) -> list[int]:
    letter, prov = text_unit.split(" ", 1)
    standing = units_at(position).get(province_of(prov))
    power = standing.power if standing is not None else fallback_power
    loc = standing.loc if standing is not None and standing.type.value == letter else prov
    return [BRA, power_token(power), V[UNIT_LETTERS[letter]], *loc_tokens(loc), KET]


def order_tokens(power: str, order_text: str, before: Mapping[str, Any], phase_type: PhaseType,
                 convoy_path: Sequence[str] = ()) -> Tokens:
    """Our canonical order text (``A PAR - BUR``, ``F NTH C A LON - NWY``, ``WAIVE``) as a DAIDE order,
    without outer brackets. ``before`` is the position the order was given in (it names supported units'
    powers); ``convoy_path`` the seas of a convoyed move."""
    words = order_text.split()
    if words == ["WAIVE"]:
        return (power_token(power), V["WVE"])
    unit = unit_text_tokens(power, f"{words[0]} {words[1]}")
    rest = words[2:]
    action = rest[0] if rest else ""
    if action == "H":
        return (*unit, V["HLD"])
    if action == "-":
        if rest[-1] == "VIA":
            return (*unit, V["CTO"], province_token(province_of(rest[1])), V["VIA"], BRA,
                    *(province_token(s) for s in convoy_path), KET)
        return (*unit, V["MTO"], *loc_tokens(rest[1]))
    if action in ("S", "C"):
        target = _unit_at(f"{rest[1]} {rest[2]}", before, power)
        if action == "C":
            return (*unit, V["CVY"], *target, V["CTO"], province_token(province_of(rest[4])))
        if len(rest) > 3:
            return (*unit, V["SUP"], *target, V["MTO"], province_token(province_of(rest[4])))
        return (*unit, V["SUP"], *target)
    if action == "R":
        return (*unit, V["RTO"], *loc_tokens(rest[1]))
    if action == "D":
        return (*unit, V["REM" if phase_type is PhaseType.ADJUSTMENTS else "DSB"])
    if action == "B":
        return (*unit, V["BLD"])
    raise DaideError(f"no DAIDE form for the order {order_text!r}")


def convoy_path(board: MapData, origin: str, dest: str, fleets: Iterable[str]) -> list[str]:
    """Seas (in order) that carried an army from ``origin`` to ``dest`` through the given convoying fleets'
    provinces; empty if they form no chain."""
    seas = set(fleets)
    queue: deque[tuple[str, list[str]]] = deque((s, [s]) for s in sorted(seas)
                                               if origin in board.fleet_adjacent_provinces(s))
    seen = {s for s, _ in queue}
    while queue:
        here, path = queue.popleft()
        if dest in board.fleet_adjacent_provinces(here):
            return path
        for nxt in sorted(board.fleet_adjacent_provinces(here)):
            if nxt in seas and nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, path + [nxt]))
    return []


_BOUNCES = {LOST_HEAD_TO_HEAD, BEATEN_TO, BOUNCED_WITH, BOUNCED_OFF, CANT_DISLODGE_OWN, RETREAT_BOUNCED,
            CONVOY_FAILS}
_VOID = {VOID_DID_NOT_HOLD, VOID_NOT_ORDERED, VOID_OVER_LAND, NO_CONVOY_ORDERED}
_DISRUPTED = {NO_CONVOY_ROUTE, PARADOX_CONVOY_FAILS}


def result_tokens(result: Mapping[str, Any], retreating: bool) -> Tokens:
    """A result's DAIDE compliance: ``SUC``, ``BNC``, ``CUT``, ``DSR`` or ``NSO``, then ``RET`` when the unit
    was dislodged and must retreat. Read from the typed outcome (``docs/daide.md``, "Results")."""
    code = (result.get("outcome") or {}).get("code", "")
    words = result.get("order", "").split()
    action = words[2] if len(words) > 2 else ""
    if code == SUPPORT_CUT:
        word = "CUT"
    elif code in _VOID:
        word = "NSO"
    elif code in _DISRUPTED:
        word = "DSR"
    elif code in _BOUNCES:
        word = "BNC"
    elif code == DISLODGED_BY:  # the reason says what happened to the unit, not to its order
        word = {"S": "CUT", "-": "BNC"}.get(action, "SUC" if result.get("result") == "succeeds" else "BNC")
    elif result.get("result") == "succeeds":
        word = "SUC"
    elif action == "S":
        word = "NSO" if result.get("result") == "invalid" else "CUT"
    else:
        word = "BNC"
    return (V[word], V["RET"]) if retreating else (V[word],)


# --- building a position from NOW and SCO (for clients) -----------------------------------------

def position_from(now_tokens: Sequence[int], sco_tokens: Sequence[int], variant: Variant) -> GameState:
    """The position a NOW and an SCO message describe, as a :class:`GameState` (what a client needs to
    choose orders with the engine's options)."""
    cur = Cursor(now_tokens)
    cur.expect(V["NOW"])
    cur.expect(BRA)
    season = cur.take_if(lambda v: tk.category(v) == tk.SEASON, "a season")
    year = tk.number_value(cur.take_if(tk.is_number, "a year"))
    cur.expect(KET)
    phase = Phase.parse(phase_of_turn(season, year))
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    while not cur.at_end():
        cur.expect(BRA)
        power = POWERS_BACK[tk.NAMES[cur.take_if(_is_power, "a power")]]
        kind = UNIT_TYPES_BACK[cur.take_if(lambda v: v in UNIT_TYPES_BACK, "AMY or FLT")]
        loc = read_loc(cur)
        if cur.accept(V["MRT"]):
            cur.expect(BRA)
            retreats = []
            while not cur.accept(KET):
                retreats.append(read_loc(cur))
            dislodged.append(Dislodged(Unit(power, kind, loc), "", False, tuple(retreats)))
        else:
            units.append(Unit(power, kind, loc))
        cur.expect(KET)
    centers: dict[str, str] = {}
    cur = Cursor(sco_tokens)
    cur.expect(V["SCO"])
    while not cur.at_end():
        cur.expect(BRA)
        owner = cur.take()
        while not cur.accept(KET):
            prov = read_province(cur)
            if owner != V["UNO"]:
                centers[prov] = POWERS_BACK[tk.NAMES[owner]]
    return variant.make_state(phase, units, centers, dislodged)


__all__ = ["Cursor", "DaideOrder", "MAP_NAME", "POWERS", "POWERS_BACK", "convoy_path", "dislodged_at", "loc_tokens",
           "mdf", "now", "order_note", "order_tokens", "phase_of_turn", "position_from", "power_token",
           "province_id", "province_token", "read_loc", "read_order", "read_unit", "result_tokens", "sco",
           "supports", "text", "turn_tokens", "unit_tokens", "units_at"]
