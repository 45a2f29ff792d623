"""An adjudicated phase as a list beside the map: every order grouped by power, each with a one-word
verdict (succeeds, bounced, cut, dislodged, void, invalid, fails) and the engine's reason.

Only results the viewer may see reach this module (the page passes ``Variant.results_for`` output), and
results exist only after adjudication, so nothing here can show a sealed order.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.mapdata import MapData
from engine.phases import OrderResult
from engine.state import GameState
from engine.types import province_of

from .describe import power_name, rule_notes

SUCCEEDS, BOUNCED, CUT, DISLODGED, VOID, INVALID, FAILS = (
    "succeeds", "bounced", "cut", "dislodged", "void", "invalid", "fails")
FAILED_VERDICTS = frozenset({BOUNCED, CUT, DISLODGED, VOID, INVALID, FAILS})

# The engine's short words for a success, in a player's words.
_SUCCESS_WORDS = {"given": "support given", "moves": "moved", "convoys": "convoyed the army"}


@dataclass(frozen=True, slots=True)
class ResultRow:
    order: str  # canonical text (or the text as written, for an order that couldn't be read)
    verdict: str  # one of the words above
    reason: str  # why, in the engine's words ("beaten to BUR by A PAR (1 vs 2)")
    default: bool  # the engine supplied the order (no order given: holds, disbands)

    @property
    def failed(self) -> bool:
        return self.verdict in FAILED_VERDICTS


@dataclass(frozen=True, slots=True)
class PowerResults:
    power: str
    name: str
    rows: tuple[ResultRow, ...]

    @property
    def failed(self) -> int:
        return sum(1 for r in self.rows if r.failed)

    def summary(self) -> str:
        """"2 orders, 1 failed; 1 unit without orders" (orders the engine filled in are counted apart)."""
        given = [r for r in self.rows if not r.default]
        filled = len(self.rows) - len(given)
        units = f"{filled} unit{'s' if filled != 1 else ''}"
        if not given:
            text = f"no orders given ({units})"
        else:
            text = f"{len(given)} order{'s' if len(given) != 1 else ''}"
            failed = sum(1 for r in given if r.failed)
            text += f", {failed} failed" if failed else (", all succeed" if len(given) > 1 else ", succeeds")
            if filled:
                text += f"; {units} without orders"
        return text


@dataclass(frozen=True, slots=True)
class PhaseResults:
    phase: str  # long name of the adjudicated phase
    powers: tuple[PowerResults, ...]
    notes: tuple[str, ...]  # rule effects that answer no order (captures, exposed decoys)
    hidden: bool = False  # orders were given that the viewer may not see (fog of war, secret allocations)


def verdict_of(result: OrderResult, dislodged: Iterable[str] = ()) -> tuple[str, str]:
    """(verdict, reason) of one result; ``dislodged`` are the provinces whose units were dislodged this phase."""
    reason = result.reason
    if result.result == "invalid":
        return INVALID, reason or "the order could not be carried out"
    unit = getattr(result.typed, "unit", None)
    if unit is not None:
        where = province_of(unit.loc)
    else:  # read back from a file or a frame: the unit is the order's second word ("A PAR - BUR")
        words = result.order.split()
        where = province_of(words[1]) if len(words) >= 2 else ""
    hit = bool(where) and where in set(dislodged)
    if result.result == "succeeds":
        if hit:  # a retreat phase's disband or a hold that "succeeded" but lost its place
            return DISLODGED, reason
        return SUCCEEDS, _SUCCESS_WORDS.get(reason, reason)
    low = reason.lower()
    if low.startswith("dislodged"):
        return DISLODGED, reason
    if hit:
        return DISLODGED, f"{reason}; dislodged" if reason else "dislodged"
    if low.startswith("cut"):
        return CUT, reason
    if low.startswith(("bounced", "beaten", "lost head-to-head")):
        return BOUNCED, reason
    if low.startswith("void"):
        return VOID, reason
    return FAILS, reason


def phase_results(board: MapData, powers: Sequence[str], phase: str, results: Sequence[OrderResult],
                  after: GameState | None = None, before: GameState | None = None) -> PhaseResults:
    """Group ``results`` by power (``powers`` first, in their order; any others after, such as a madman
    country). ``after`` is the position right after the phase: its dislodged units mark their orders;
    ``before`` the position the orders were given in."""
    dislodged = {province_of(u.loc) for u in after.dislodged} if after is not None else set()
    notes = rule_notes(results, before)
    grouped: dict[str, list[ResultRow]] = {}
    for r in results:
        if r in notes:
            continue
        verdict, reason = verdict_of(r, dislodged)
        grouped.setdefault(r.power, []).append(ResultRow(r.order, verdict, reason, r.default))
    order = [p for p in powers if p in grouped] + sorted(p for p in grouped if p not in powers)
    return PhaseResults(
        phase,
        tuple(PowerResults(p, power_name(board, p), tuple(sorted(grouped[p], key=lambda row: row.default)))
              for p in order),
        tuple(f"{power_name(board, n.power)}: {n.order} — {n.reason}" for n in notes),
    )
