"""EMG victory (rules section 6 and 7.19): the first turn's votes on the game's length and on the percentage
increase that wins, victory points, the ranking, and the end of the game.

What it keeps in ``GameState.extra``:

- ``votes``: ``{power: [turns, percent]}``, each power's ``VC`` of the first turn (a power sees its own only);
- ``victory``: ``{"turns": n, "percent": p}``, the averaged conditions, from the end of the first turn on.
  The powers are not told them ("the game will end at an unknown turn ... and an unknown percentage");
- ``start_vp``: ``{power: points}``, the victory points at the start, the base of the percentage increase;
- ``standing``: ``{power: {"vp", "percent", "rank"}}`` after every turn (a power sees its own line and the
  ranks of the first four, whom the rules' news name);
- ``ended``: ``{"winners": [...], "turn": n, "why": ...}`` once the game is over (public).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from ...mapdata import MapData
from ...orders import Order
from ...state import GameState
from ...types import Phase
from .turn import owners, penalty

VOTE_TURNS = (10, 40)  # RG-ORD-21
VOTE_PERCENT = (300, 500)  # RG-ORD-21 (Age of Discovery: 900-1500, RG-AOD-11)
LEADERS_SHOWN = 4  # the news name the top four (8.0): their ranks are public
CAPITAL_POINTS = 5


@dataclass(frozen=True, slots=True)
class VictoryVote(Order):
    """``VC turns percent``: the power's vote, on the first turn only, for the game's length and the
    percentage increase that wins (RG-VIC-1, RG-ORD-21)."""

    kind: ClassVar[str] = "VC"
    words: ClassVar[tuple[str, ...]] = ("vc",)
    note: ClassVar[str] = "victory vote"
    power: str
    turns: int
    percent: int

    def slot(self) -> str | None:
        return f"VC {self.power}"

    def __str__(self) -> str:
        return f"VC {self.turns} {self.percent}"


# --- counting --------------------------------------------------------------------------------------------


def turn_number(board: MapData, seasons: Sequence[str], phase: Phase) -> int:
    """The turn ``phase`` is, counting the board's start as turn 1 (a turn is one movement phase)."""
    start = Phase.parse(board.start_phase)
    per_year = len(seasons)
    first = seasons.index(start.season) if start.season in seasons else 0
    now = seasons.index(phase.season) if phase.season in seasons else 0
    return (phase.year - start.year) * per_year + now - first + 1


def capitals(board: MapData) -> dict[str, str]:
    """Capital area -> the power whose capital it is (none on Age of Discovery maps, RG-AOD-10)."""
    return {p.capital: pid for pid, p in board.powers.items() if p.capital}


def all_victory_points(board: MapData, state: GameState) -> dict[str, float]:
    """Every power's victory points in one pass (RG-VIC-3/5, A10): each owned land area and each sea holding
    the power's naval unit 1, each centre its points more, each capital 5 more (for whoever owns it), less
    the call-to-arms penalty. The same count as ``turn.victory_points`` for one power."""
    capital_areas = capitals(board)
    centres, small = board.supply_centers, frozenset(board.extra.get("one_point_centres", ()))
    raw = {p: 0.0 for p in board.powers}
    for area, power in owners(state).items():
        if power in raw:  # as centre_points: 1 for the small centres, 2 for the others
            worth = (1 if area in small else 2) if area in centres else 0
            raw[power] += 1 + worth + (CAPITAL_POINTS if area in capital_areas else 0)
    for area, unit in state.units.items():
        if unit.power in raw and board.provinces[area].is_sea:
            raw[unit.power] += 1
    return {p: vp * (1 - penalty(state, p)) for p, vp in raw.items()}


def increase(start: float, now: float) -> float:
    """RG-VIC-4 (A9): the percentage difference between the initial and the current victory points."""
    return (now - start) / start * 100 if start > 0 else 0.0


def standing(board: MapData, state: GameState, start_vp: Mapping[str, float]) -> dict[str, dict[str, Any]]:
    """Every power's victory points, percentage increase and rank: ranked by the increase, the measure the
    game is won by (powers start at very different sizes); equal increases share a rank (1, 1, 3)."""
    points = all_victory_points(board, state)
    lines = {p: {"vp": round(vp, 2), "percent": round(increase(float(start_vp.get(p, vp)), vp), 2)}
             for p, vp in points.items()}
    ordered = sorted(lines, key=lambda p: -float(lines[p]["percent"]))
    for power in ordered:
        better = sum(1 for q in ordered if float(lines[q]["percent"]) > float(lines[power]["percent"]))
        lines[power]["rank"] = better + 1
    return {p: lines[p] for p in sorted(lines)}


def leaders(lines: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The powers ranked in the first four places that have gained since the start, best first (at the start
    everyone is first, and no one is doing well yet)."""
    return sorted((p for p, line in lines.items() if "rank" in line and int(line["rank"]) <= LEADERS_SHOWN
                   and float(line.get("percent", 1)) > 0), key=lambda p: (int(lines[p]["rank"]), p))


# --- the votes and the end --------------------------------------------------------------------------------


def averaged(votes: Iterable[Sequence[int]], default_turns: int, default_percent: int) -> dict[str, float | int]:
    """The game's conditions from the votes given (RG-VIC-1, A9): the averages, turns rounded to the nearest
    whole turn (halves up), the percentage kept to two decimals. With no vote: the defaults."""
    given = [tuple(v) for v in votes]
    if not given:
        return {"turns": default_turns, "percent": default_percent}
    turns = sum(v[0] for v in given) / len(given)
    percent = sum(v[1] for v in given) / len(given)
    return {"turns": int(turns + 0.5), "percent": round(percent, 2)}


def game_end(lines: Mapping[str, Mapping[str, Any]], conditions: Mapping[str, float | int], turn_played: int,
             centre_leader: str | None = None) -> dict[str, Any] | None:
    """The end of the game after turn ``turn_played``, or ``None`` while it goes on (RG-VIC-2): the voted
    number of turns is done, or a power's increase reached the voted percentage, whichever comes first;
    ``centre_leader`` is a power owning the game master's count of supply centres (the ``victory_centers``
    option), which ends it too. The winners are the powers ranked first (ties are possible)."""
    reached = sorted(p for p, line in lines.items() if float(line["percent"]) >= float(conditions["percent"]))
    if reached:
        why = f"{', '.join(reached)} reached the {conditions['percent']:g}% increase"
    elif turn_played >= int(conditions["turns"]):
        why = f"the {int(conditions['turns'])} turns voted are played"
    elif centre_leader is not None:
        why = f"{centre_leader} owns the supply centres the game master set"
    else:
        return None
    winners = sorted(p for p, line in lines.items() if int(line["rank"]) == 1)
    return {"winners": winners, "turn": turn_played, "why": why}


def votes_of(submitted: Mapping[str, Sequence[Order]]) -> dict[str, list[int]]:
    """The ``VC`` votes among a turn's orders, by power."""
    return {power: [o.turns, o.percent] for power, orders in sorted(submitted.items()) for o in orders
            if isinstance(o, VictoryVote)}


def check_victory_extra(extra: Mapping[str, Any], powers: Iterable[str]) -> str | None:
    """What is wrong with the victory keys of a position's ``extra``, or ``None``."""
    known = set(powers)

    def number(x: object) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    votes = extra.get("votes", {})
    if not isinstance(votes, Mapping) or any(
            p not in known or not isinstance(v, (list, tuple)) or len(v) != 2 or not all(number(x) for x in v)
            for p, v in votes.items()):
        return "votes: expected {POWER: [turns, percent]}"
    victory = extra.get("victory", {"turns": 1, "percent": 1})
    if not isinstance(victory, Mapping) or set(victory) != {"turns", "percent"} \
            or not all(number(x) for x in victory.values()):
        return "victory: expected {\"turns\": n, \"percent\": p}"
    start = extra.get("start_vp", {})
    if not isinstance(start, Mapping) or any(p not in known or not number(v) for p, v in start.items()):
        return "start_vp: expected {POWER: points}"
    lines = extra.get("standing", {})
    if not isinstance(lines, Mapping) or any(
            p not in known or not isinstance(line, Mapping) or not set(line) <= {"vp", "percent", "rank"}
            or not all(number(x) for x in line.values()) for p, line in lines.items()):
        return "standing: expected {POWER: {\"vp\", \"percent\", \"rank\"}}"
    ended = extra.get("ended")
    if ended is not None and (not isinstance(ended, Mapping) or not isinstance(ended.get("winners"), list)
                              or not set(ended["winners"]) <= known):
        return "ended: expected {\"winners\": [POWER, ...], ...}"
    return None


def seen_by(extra: Mapping[str, Any], power: str | None) -> dict[str, Any]:
    """The victory keys of ``extra`` that ``power`` may know (``None``: a watcher, who reads the news): its
    own vote and line, the first four's ranks, and once the game is over how it ended and on what terms."""
    out: dict[str, Any] = {}
    if power is not None and power in extra.get("votes", {}):
        out["votes"] = {power: extra["votes"][power]}
    lines = extra.get("standing", {})
    shown = {p: {"rank": lines[p]["rank"]} for p in leaders(lines)}
    if power is not None and power in lines:
        shown[power] = dict(lines[power])
    if shown:
        out["standing"] = {p: shown[p] for p in sorted(shown)}
    if "ended" in extra:
        out["ended"] = extra["ended"]
        if "victory" in extra:
            out["victory"] = extra["victory"]
    return out


__all__ = ["VOTE_PERCENT", "VOTE_TURNS", "VictoryVote", "all_victory_points", "averaged", "capitals",
           "check_victory_extra", "game_end", "increase", "leaders", "seen_by", "standing", "turn_number",
           "votes_of"]
