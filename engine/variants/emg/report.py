"""The EMG turn report as text (rules section 8.0, RG-REP-1..5; Age of Discovery's map, RG-AOD-3/4/5), written
for one viewer: a Great Power reads only what its fog of war lets it see (:mod:`.fog`), the game master
(``viewer=None``) everything.

The sections follow the rules' order: header; highlights (land areas, supply points, units, victory points,
% increase, rank); the body (the areas owned or holding the power's units, a double underline, then the areas
of interest: spied and neighbouring), each with its supply-centre points, owner at the start and now (``****``
is the reader), the unit that started there, its command (in brackets when it failed) and ``-/DEAD`` or
``-/R area``; the relations matrix (``WWWW`` war, ``AAAA`` allied, blank neutral); the news (captures between
powers, gains and losses of 3-6, 7-10 and over 10 victory points, the top four, anyone near victory, the
alliance headlines); the results of the reader's commands with their errors; its possible commands; and in Age
of Discovery the map of every area it has seen, in its own X Y coordinates.

News are the same for everyone (the rules' bulletins) and name Great Powers and counts only, never a unit or
an area. What a viewer cannot see is printed ``?``.
"""
from __future__ import annotations

import functools
import string
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...orders import Hold, Move, Order
from ...state import GameState
from ...types import Unit, province_of
from . import fog
from .aod_map import coordinates
from .orders import Add, Declare, Spy, UPGRADE
from .relations import ALLY, WAR, relation
from .turn import DESTROYED, RETREATED, centre_points, owners, penalty, supply_points, unit_points

if TYPE_CHECKING:
    from .variant import EmgVariant

ME = "****"
UNSEEN = "?"
MINOR, MAJOR, SPECTACULAR = (3, 6), (7, 10), 10  # victory points gained or lost (RG-REP-4)
NEAR_VICTORY = 0.20  # within 20% of the victory percentage
NEAR_END_SHARE, NEAR_END_TURNS = 0.70, 3  # or 70% of it with 3 turns or fewer left
UNIT_NAMES = {"A": ("army", "armies"), "C": ("corps", "corps"), "F": ("fleet", "fleets"), "S": ("squadron", "squadrons")}
RULE = "=" * 78
THIN = "-" * 78


@dataclass(frozen=True, slots=True)
class Turn:
    """One adjudicated turn: where it began, where it ended, the game's first position, every result."""

    first: GameState
    before: GameState
    after: GameState
    results: Sequence[Any]  # OrderResult, all of them (the report cuts them to the viewer)


def raw_victory_points(variant: EmgVariant, state: GameState) -> dict[str, float]:
    """Every power's victory points in ``state`` before any call-to-arms penalty (RG-VIC-3, as
    ``turn.victory_points`` counts them), in one pass; kept for the last few positions, which every
    viewer's report of a turn reads."""
    made: dict[int, tuple[GameState, dict[str, float]]] = variant.__dict__.setdefault("_report_vp", {})
    found = made.get(id(state))
    if found is not None and found[0] is state:
        return found[1]
    board = variant.board
    capitals = {p.capital: pid for pid, p in board.powers.items() if p.capital}
    out: dict[str, float] = {}
    for area, power in owners(state).items():
        out[power] = out.get(power, 0.0) + 1 + centre_points(board, area) + (5 if capitals.get(area) == power else 0)
    for area, unit in state.units.items():
        if board.provinces[area].is_sea:
            out[unit.power] = out.get(unit.power, 0.0) + 1
    if len(made) > 8:
        made.clear()
    made[id(state)] = (state, out)
    return out


@functools.lru_cache(maxsize=64)
def _codes(powers: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    for power in sorted(powers):
        code = power[:4].upper().ljust(4)
        n = 1
        while code in out.values():
            code = power[:3].upper() + str(n)
            n += 1
        out[power] = code
    return tuple(out.items())


def power_codes(powers: Sequence[str]) -> dict[str, str]:
    """Four-letter codes for the columns (``ENGL``); made unique when two names begin alike."""
    return dict(_codes(tuple(sorted(powers))))


@functools.lru_cache(maxsize=64)
def _letters(powers: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    for power in powers:
        free = [c for c in power.upper() + string.ascii_uppercase if c.isalpha() and c not in out.values()]
        out[power] = free[0] if free else "#"
    return tuple(out.items())


def power_letters(powers: Sequence[str]) -> dict[str, str]:
    """One letter per power for the map's cells: the first letter of its name not taken yet."""
    return dict(_letters(tuple(sorted(powers))))


def turn_number(variant: EmgVariant, state: GameState) -> int:
    """Turns are counted from 1 at the board's first phase, two a year."""
    from ...types import Phase

    start = Phase.parse(variant.board.start_phase)
    seasons = list(variant.movement_seasons)
    index = seasons.index(state.phase.season) if state.phase.season in seasons else 0
    first = seasons.index(start.season) if start.season in seasons else 0
    return (state.phase.year - start.year) * len(seasons) + index - first + 1


def command_text(r: Any) -> str:
    """A result's command as the rules write it (``MO 20 19``); a hold is no command."""
    order = r.typed
    if isinstance(order, Move):
        return f"MO {province_of(order.unit.loc)} {province_of(order.dest)}"
    if isinstance(order, Hold):
        return f"stays in {province_of(order.unit.loc)}" if not r.default else ""
    if isinstance(order, Order):
        return str(order)
    return str(r.order)


class Report:
    """The report of one turn for one viewer (a Great Power's id, or ``None``: the game master)."""

    def __init__(self, variant: EmgVariant, turn: Turn, viewer: str | None) -> None:
        self.variant, self.board, self.turn = variant, variant.board, turn
        self.viewer = viewer if viewer in variant.board.powers else None
        self.public = viewer is not None and self.viewer is None  # an observer: news and relations only
        self.codes = power_codes(list(self.board.powers))
        before, after = turn.before, turn.after
        turn = Turn(turn.first, before, after, variant.typed_results(before, turn.results))
        self.turn = turn
        if self.viewer is None:
            self.results = list(turn.results)
            everything = frozenset(self.board.provinces)
            self.start_sight = self.end_sight = everything if not self.public else frozenset()
            if self.public:
                self.results = []
        else:
            self.results = variant.results_for(before, turn.results, self.viewer)
            self.start_sight = fog.turn_sight(self.board, before, self.viewer, turn.results)
            self.end_sight = fog.seen_areas(self.board, after, self.viewer)
        self.owners_before, self.owners_after = owners(before), owners(after)

    # --- helpers ------------------------------------------------------------------------------------------

    def code(self, power: str | None) -> str:
        if power is None:
            return ""
        return ME if power == self.viewer else self.codes.get(power, power[:4])

    def area_label(self, area: str) -> str:
        prov = self.board.provinces[area]
        if "origins" in self.board.extra and self.viewer is not None:
            x, y = coordinates(self.board.extra, self.viewer, area)
            return f"{area:>4} {x:02d}{y:02d}"
        name = prov.name if prov.name != area else ""
        return f"{area:>4} {name}"[:22]

    def vp(self, state: GameState, power: str) -> float:
        return self.raw_vp(state, power) * (1 - penalty(state, power))

    def raw_vp(self, state: GameState, power: str) -> float:
        """Victory points before any call-to-arms penalty (what captures change)."""
        return raw_victory_points(self.variant, state).get(power, 0.0)

    def standings(self) -> list[tuple[str, float, float]]:
        """(power, victory points, % increase over its first) for every power, best first."""
        rows = []
        for power in self.board.powers:
            now, first = self.vp(self.turn.after, power), self.raw_vp(self.turn.first, power)
            rows.append((power, now, (now - first) / first * 100 if first else 0.0))
        return sorted(rows, key=lambda r: (-r[2], -r[1], r[0]))

    # --- sections -----------------------------------------------------------------------------------------

    def text(self) -> str:
        parts = [self.header()]
        if self.viewer is not None:
            parts.append(self.highlights())
        if not self.public:
            parts.append(self.body())
        parts += [self.relations(), self.news()]
        if not self.public:
            parts.append(self.command_results())
        if self.viewer is not None:
            parts.append(self.possible_commands())
            if "origins" in self.board.extra:
                parts.append(self.map())
        text = "\n\n".join(p for p in parts if p)
        return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"

    def header(self) -> str:
        v, before = self.variant, self.turn.before
        if self.viewer is not None:
            who = f"{sorted(self.board.powers).index(self.viewer) + 1} {v.power_name(self.viewer)}"
        else:
            who = "Observer" if self.public else "Game master (every area)"
        return "\n".join([RULE, f"{v.name.upper()} — TURN REPORT", RULE,
                          f"Game: {self.board.id}   Turn: {turn_number(v, before)} ({before.phase.long_name})   "
                          f"Country: {who}"])

    def highlights(self) -> str:
        assert self.viewer is not None
        power, after = self.viewer, self.turn.after
        land = sum(1 for a, p in self.owners_after.items() if p == power)
        centres = sum(1 for p in after.centers.values() if p == power)
        kinds = Counter(u.type.value for u in after.units.values() if u.power == power)
        military = ", ".join(f"{kinds[k]} {UNIT_NAMES[k][kinds[k] != 1]}" for k in "ACFS")
        standings = self.standings()
        rank = next(i for i, row in enumerate(standings, 1) if row[0] == power)
        _, vp, increase = standings[rank - 1]
        return "\n".join([
            "HIGHLIGHTS",
            f"  Holdings        {land} land areas, {centres} supply centres worth "
            f"{supply_points(self.board, after, power)} supply points",
            f"  Military        {military} ({unit_points(after.units.values(), power)} unit points)",
            f"  Standing        {vp:g} victory points, {increase:+.1f}% since the start, ranked {rank} of "
            f"{len(standings)}"])

    def body(self) -> str:
        before, after = self.turn.before, self.turn.after
        mine: set[str] = set()
        if self.viewer is None:
            areas = set(self.owners_before) | set(self.owners_after) | set(before.units) | set(after.units)
        else:
            me = self.viewer
            mine = {a for a, p in self.owners_before.items() if p == me} | \
                   {a for a, p in self.owners_after.items() if p == me} | \
                   {a for a, u in before.units.items() if u.power == me} | \
                   {a for a, u in after.units.items() if u.power == me}
            areas = set(self.start_sight) | set(self.end_sight) | mine
        commands = self.unit_commands()
        fates = self.fates()
        head = f"  {'Area':<22} {'SC':<2}  {'Was':<4}  {'Now':<4}  {'Unit at start':<13}  Command"
        lines = ["AREAS" if self.viewer is None else "AREAS OWNED OR HELD, THEN AREAS OF INTEREST", head,
                 "  " + "-" * 76]
        key = self.variant._area_key
        own_rows = sorted(mine, key=key)
        other_rows = sorted(areas - mine, key=key)
        for area in own_rows:
            lines.append(self.row(area, commands, fates))
        if self.viewer is not None:
            lines.append("  " + "=" * 76)
        for area in other_rows:
            lines.append(self.row(area, commands, fates))
        return "\n".join(lines)

    def row(self, area: str, commands: Mapping[str, str], fates: Mapping[str, str]) -> str:
        before, after = self.turn.before, self.turn.after
        points = centre_points(self.board, area)
        sc = "**" if points == 2 else "*" if points == 1 else ""
        at_start, at_end = area in self.start_sight, area in self.end_sight
        was = self.code(self.owners_before.get(area)) if at_start else UNSEEN
        now = self.code(self.owners_after.get(area)) if at_end else UNSEEN
        unit = before.units.get(area)
        if not at_start:
            unit_text = UNSEEN
        elif unit is None:
            unit_text = ""
        else:
            unit_text = f"{unit.type.value} {self.code(unit.power)}"
        command = (commands.get(area, "") + fates.get(area, "")) if at_start else ""
        return f"  {self.area_label(area):<22} {sc:<2}  {was:<4}  {now:<4}  {unit_text:<13}  {command}".rstrip()

    def unit_commands(self) -> dict[str, str]:
        """Area -> the command of the unit that started there, bracketed when it failed."""
        out: dict[str, str] = {}
        for r in self.results:
            unit = getattr(r.typed, "unit", None)
            if not isinstance(unit, Unit) or isinstance(r.typed, Add) or r.default:
                continue
            text = command_text(r)
            if text:
                out[province_of(unit.loc)] = text if r.result == "succeeds" else f"({text})"
        return out

    def fates(self) -> dict[str, str]:
        """Area -> `` -/DEAD`` or `` -/R area`` for the units forced out (a unit the viewer saw leave for an
        area it can't see: ``-/R ?``)."""
        out: dict[str, str] = {}
        for r in self.turn.results:
            code = getattr(r.outcome, "code", None)
            unit = r.outcome.get("unit") if code in (RETREATED, DESTROYED) else None
            if not isinstance(unit, Unit):
                continue
            area = province_of(unit.loc)
            if self.viewer is not None and unit.power != self.viewer and area not in self.start_sight:
                continue
            if code == DESTROYED:
                out[area] = " -/DEAD"
            else:
                dest = str(r.outcome.get("dest"))
                seen = self.viewer is None or unit.power == self.viewer or dest in self.end_sight
                out[area] = f" -/R {dest if seen else UNSEEN}"
        return out

    def relations(self) -> str:
        made: dict[int, tuple[GameState, str]] = self.variant.__dict__.setdefault("_report_matrix", {})
        found = made.get(id(self.turn.after))
        if found is None or found[0] is not self.turn.after:
            if len(made) > 8:
                made.clear()
            found = made[id(self.turn.after)] = (self.turn.after, self._matrix())
        return found[1]

    def _matrix(self) -> str:
        rels = self.turn.after.extra.get("relations", {})
        powers = sorted(self.board.powers)
        lines = ["RELATIONS (WWWW war, AAAA allied, blank neutral)",
                 "       " + " ".join(self.codes[p] for p in powers)]
        for a in powers:
            cells = []
            for b in powers:
                rel = relation(rels, a, b)
                cells.append("----" if a == b else "WWWW" if rel == WAR else "AAAA" if rel == ALLY else "    ")
            lines.append(f"  {self.codes[a]} " + " ".join(cells))
        return "\n".join(lines)

    def news(self) -> str:
        before, after = self.turn.before, self.turn.after
        name = self.variant.power_name
        lines = ["NEWS"]
        taken: Counter[tuple[str, str]] = Counter()
        for area, old in self.owners_before.items():
            new = self.owners_after.get(area)
            if new is not None and new != old:
                taken[(new, old)] += 1
        for (new, old), n in sorted(taken.items()):
            lines.append(f"  {name(new)} captured {n} area{'s' * (n != 1)} from {name(old)}.")
        for power in sorted(self.board.powers):
            change = self.raw_vp(after, power) - self.raw_vp(before, power)
            size = abs(change)
            word = "spectacular" if size > SPECTACULAR else "major" if MAJOR[0] <= size <= MAJOR[1] \
                else "minor" if MINOR[0] <= size <= MINOR[1] else None
            if word is not None:
                lines.append(f"  {word.capitalize()} {'gains' if change > 0 else 'losses'} for {name(power)} "
                             f"({change:+g} victory points).")
        standings = self.standings()
        for power, _, _ in standings[:4]:
            lines.append(f"  {name(power)} is doing very well.")
        target, left = self.victory_terms()
        if target is not None:
            for power, _, increase in standings:
                if increase >= target * (1 - NEAR_VICTORY) or (
                        left is not None and left <= NEAR_END_TURNS and increase >= target * NEAR_END_SHARE):
                    lines.append(f"  {name(power)} is doing VERY WELL.")
        headlines = self.alliance_headlines()
        if headlines:
            lines.append("  Alliance headlines:")
            lines += [f"    {h}" for h in headlines]
        return "\n".join(lines)

    def victory_terms(self) -> tuple[float | None, int | None]:
        """The voted % increase that wins and the turns left, when the variant keeps them (``victory_terms``)."""
        terms: Callable[[GameState], Any] | None = getattr(self.variant, "victory_terms", None)
        if terms is None:
            return None, None
        found = terms(self.turn.after)
        return (None, None) if found is None else (found[0], found[1])

    def alliance_headlines(self) -> list[str]:
        name = self.variant.power_name
        was = self.turn.before.extra.get("relations", {})
        now = self.turn.after.extra.get("relations", {})
        out = []
        pairs = sorted({k for k in (*was, *now)})
        for pair in pairs:
            a, b = pair.split()
            old, new = relation(was, a, b), relation(now, a, b)
            if old != new:
                if new == WAR:
                    out.append(f"{name(a)} and {name(b)} are at war.")
                elif new == ALLY:
                    out.append(f"{name(a)} and {name(b)} are allied.")
                else:
                    out.append(f"{name(a)} and {name(b)} are no longer {'allies' if old == ALLY else 'at war'}.")
        for r in self.turn.results:
            d = r.typed
            if not isinstance(d, Declare) or r.result == "succeeds":
                continue
            rel = relation(now, d.power, d.target)
            if d.what == "DN" and rel == WAR:
                out.append(f"{name(d.power)} wants to end the war with {name(d.target)}.")
            elif d.what == "DW" and rel != WAR:
                out.append(f"{name(d.power)} wants to start a war with {name(d.target)}.")
        war = [r.typed for r in self.turn.results if isinstance(r.typed, Declare) and r.typed.what == "DW"
               and r.result == "succeeds"]
        out += [f"{name(d.power)} declared war on {name(d.target)}." for d in war]
        return out

    def command_results(self) -> str:
        name = self.variant.power_name
        lines = ["RESULTS OF YOUR COMMANDS" if self.viewer is not None else "RESULTS OF EVERY COMMAND"]
        by_power: dict[str, list[Any]] = {}
        for r in self.results:
            if self.viewer is not None and r.power != self.viewer:
                continue
            by_power.setdefault(r.power, []).append(r)
        for power in sorted(by_power):
            if self.viewer is None:
                lines.append(f"  {name(power)}")
            for r in by_power[power]:
                if r.default:  # no command given (the unit held), or an effect of the rules (a retreat)
                    said = r.reason or ("holds" if r.result == "succeeds" else r.result)
                    lines.append(f"    {r.order:<28} {'' if r.result == 'succeeds' else 'FAILED: '}{said}")
                    continue
                verdict = "done" if r.result == "succeeds" else "FAILED" if r.result == "fails" else "ERROR"
                why = f": {r.reason}" if r.reason and r.result != "succeeds" else ""
                lines.append(f"    {command_text(r) or r.order:<28} {verdict}{why}")
        if len(lines) == 1:
            lines.append("  (no commands)")
        return "\n".join(lines)

    def possible_commands(self) -> str:
        assert self.viewer is not None
        power, state, board = self.viewer, self.turn.after, self.board
        lines = ["POSSIBLE COMMANDS NEXT TURN"]
        spare = supply_points(board, state, power) - unit_points(state.units.values(), power)
        for area, unit in sorted(((a, u) for a, u in state.units.items() if u.power == power),
                                 key=lambda item: self.variant._area_key(item[0])):
            reach = sorted({province_of(x) for x in board.adjacent(unit.type, unit.loc)}, key=self.variant._area_key)
            extra = " | UU" if unit.type in UPGRADE and state.centers.get(area) == power and spare > 0 else ""
            lines.append(f"  {unit.type.value} {area:<5} MO/SA to {' '.join(reach)}{extra}")
        empty = sorted((a for a, p in state.centers.items() if p == power and a not in state.units),
                       key=self.variant._area_key)
        if spare > 0 and empty:
            lines.append(f"  {spare} spare supply points: AA/AF at 2-point centres, AC/AS at any, among "
                         + " ".join(empty))
        elif spare < 0:
            lines.append(f"  Units exceed supply by {-spare} points: DU or RU, or units are cut at random")
        lines.append(f"  SP up to {self.variant.spies_per_turn} areas"
                     + (f" (at most {self.variant.spy_range} beyond the areas you know)" if self.variant.spy_range else ""))
        lines.append("  DA DN DW GP | GA GP areas|all | CA GP1 GP2 | SD from to | CO from seas… to")
        return "\n".join(lines)

    def map(self) -> str:
        """RG-AOD-3/4: the grid in the viewer's coordinates, each known square with its area's id, type,
        supply points, owner, and unit; squares never seen are blank."""
        assert self.viewer is not None
        extra, state = self.board.extra, self.turn.after
        cols, rows = extra["wrap"]["columns"], extra["wrap"]["rows"]
        known = fog.known_areas(self.board, state, self.viewer)
        at: dict[tuple[int, int], str] = {}
        for area in known:
            origin_x, origin_y = extra["origins"][self.viewer]
            for c, r in extra["cells"][area]:
                at[((c - origin_x) % cols, (r - origin_y) % rows)] = area
        letters = power_letters(list(self.board.powers))
        own_owner = owners(state)
        lines = ["MAP OF THE AREAS YOU KNOW (X left to right, Y top to bottom; area id / type and supply "
                 "points / owner, unit's owner, unit)",
                 "  Owners: " + ", ".join(f"{letters[p]} {self.variant.power_name(p)}" for p in sorted(letters)),
                 "     " + "".join(f"   {x:02d} " for x in range(1, cols + 1))]
        xs, ys = _band({x for x, _ in at}, cols), _band({y for _, y in at}, rows)
        lines[-1] = "     " + "".join(f"   {x + 1:02d} " for x in xs)

        column, row = {x: i for i, x in enumerate(xs)}, {y: j for j, y in enumerate(ys)}
        drawn = {(column[x], row[y]) for x, y in at}

        def border(j: int) -> str:
            """The line above printed row ``j``: a square's top edge where it or the square above is known."""
            out = []
            for i in range(len(xs) + 1):
                edge = (i, j) in drawn or (i, j - 1) in drawn
                corner = edge or (i - 1, j) in drawn or (i - 1, j - 1) in drawn
                out.append(("+" if corner else " ") + ("-----" if edge and i < len(xs) else "     "))
            return ("     " + "".join(out)).rstrip()

        for j, y in enumerate(ys):
            lines.append(border(j))
            texts: list[str] = ["", "", ""]
            for i in range(len(xs) + 1):
                wall = "|" if (i, j) in drawn or (i - 1, j) in drawn else " "
                found = at.get((xs[i], y)) if i < len(xs) else None
                if found is None:
                    cell = ("     ", "     ", "     ")
                else:
                    prov = self.board.provinces[found]
                    kind = "W" if prov.is_sea else "C" if prov.is_coastal else "L"
                    pts = "*" * centre_points(self.board, found)
                    seen = found in self.end_sight
                    owner = own_owner.get(found) if seen else None
                    unit = state.units.get(found) if seen else None
                    b = letters.get(owner, "") if owner else ("" if seen else "?")
                    cd = f"{letters[unit.power]}{unit.type.value}" if unit else ("" if seen else "??")
                    cell = (f"{found:>4} ", f" {kind}{pts:<2} ", f" {b:<1}{cd:<2} ")
                texts[0] += wall + (cell[0] if i < len(xs) else "")
                texts[1] += wall + (cell[1] if i < len(xs) else "")
                texts[2] += wall + (cell[2] if i < len(xs) else "")
            lines.append(f"  {y + 1:02d} " + texts[0].rstrip())
            lines.append("     " + texts[1].rstrip())
            lines.append("     " + texts[2].rstrip())
        lines.append(border(len(ys)))
        return "\n".join(lines)


def _band(used: set[int], size: int) -> list[int]:
    """The stretch of a wrapping axis (0 … size-1) that holds every used line, starting after its widest
    unused gap, so the printed map shows the known squares together and nothing beyond them."""
    if not used:
        return []
    ordered = sorted(used)
    gaps = [((ordered[k] - ordered[k - 1]) % size or size, ordered[k]) for k in range(len(ordered))]
    _, first = max(gaps, key=lambda g: (g[0], -g[1]))
    last = ordered[ordered.index(first) - 1]
    return [(first + k) % size for k in range(((last - first) % size) + 1)]


def turn_report(variant: EmgVariant, turn: Turn, viewer: str | None) -> str:
    """The report of ``turn`` as ``viewer`` may read it: a Great Power's id, ``None`` for the game master,
    or any other value (the public view) for an observer (relations and news only)."""
    return Report(variant, turn, viewer).text()


__all__ = ["Report", "Turn", "command_text", "power_codes", "power_letters", "turn_number", "turn_report"]
