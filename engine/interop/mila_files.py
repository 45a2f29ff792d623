"""MILA ``diplomacy`` saved games (the JSON its ``to_saved_game_format`` writes, one game per line in the
research datasets) read into a :class:`Game` and written from one.

Written from the published shape of the format only: nothing here imports or copies MILA's package.

A file is ``{"id", "map", "rules", "phases": [...]}``; each phase is ``{"name", "state", "orders", "results",
"messages"}``, the last one the position the game stands at. The state holds ``units`` per power (``"A PAR"``,
a dislodged unit ``"*A PAR"``), ``retreats`` per power (unit → places), ``centers``, ``homes``, ``influence``,
``civil_disorder`` and ``builds``.

Reading takes each phase's position from the file and adjudicates its orders with our engine, so every
result carries our typed outcome; where our adjudication reaches another position than the file's next
phase, the file's position is kept and the difference is reported in :attr:`Imported.warnings`. Writing
exports the adjudicated history and the current position, never the sealed orders of the phase in play.
What is kept and dropped each way: ``docs/mila-files.md``.
"""
from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import outcomes as oc
from ..game import Game, PhaseRecord
from ..orders import STANDARD_ORDERS, Move, Order, SupportHold, SupportMove
from ..phases import OrderResult, Submission
from ..savefile import write_atomic
from ..state import Dislodged, GameState
from ..types import ChancelleryError, Phase, PhaseType, Unit, UnitType, shown
from ..variants import Variant, find_variant

MILA_MAPS: dict[str, str] = {"standard": "standard", "colonial": "colonial"}
"""Our variant id → the MILA map of the same board (both sides have these)."""

MAX_MILA_BYTES = 200_000_000
"""A file larger than this is refused before it is parsed."""

DEFAULT_RULES = ("NO_PRESS", "POWER_CHOICE")
"""The rules a game exported from here declares (MILA's own defaults, less the ones its exporter leaves out)."""

META_KEY = "mila"  # where an imported game keeps the file's id, rules and messages, for writing back

_UNIT_TEXT = re.compile(r"^(\*?)([AF]) ([A-Z0-9]{2,4}(?:/[A-Z]{2})?)$")

# Our outcome codes → MILA's result words (success is no word in movement and retreats).
_RESULT_WORDS: dict[str, str] = {
    oc.BOUNCED_WITH: "bounce", oc.BOUNCED_OFF: "bounce", oc.LOST_HEAD_TO_HEAD: "bounce", oc.BEATEN_TO: "bounce",
    oc.CANT_DISLODGE_OWN: "bounce", oc.RETREAT_BOUNCED: "bounce",
    oc.SUPPORT_CUT: "cut",
    oc.VOID_DID_NOT_HOLD: "void", oc.VOID_NOT_ORDERED: "void", oc.VOID_OVER_LAND: "void", oc.CONVOY_FAILS: "void",
    oc.INVALID: "void", oc.SEVERAL_ORDERS: "void",
    oc.NO_CONVOY_ROUTE: "no convoy", oc.NO_CONVOY_ORDERED: "no convoy", oc.PARADOX_CONVOY_FAILS: "no convoy",
    oc.NO_RETREAT_DISBANDED: "disband", oc.DESTROYED_NO_RETREAT: "disband",
    oc.DISLODGED_BY: "dislodged",
}


class MilaFileError(ChancelleryError):
    """A MILA game file that can't be read or a game that can't be written as one; the message names the part."""


@dataclass(slots=True)
class Imported:
    """A game read from a MILA file, and what the reading noticed (positions our adjudication disagrees with)."""

    game: Game
    warnings: list[str] = field(default_factory=list)


# --- writing ----------------------------------------------------------------------------------------------


def mila_map_for(variant: Variant) -> str:
    name = MILA_MAPS.get(variant.id)
    if name is None:
        raise MilaFileError(f"MILA has no map for {variant.name}; MILA files can hold "
                            f"{', '.join(sorted(MILA_MAPS))} games")
    return name


def _unit_text(unit: Unit) -> str:
    return f"{unit.type.value} {unit.loc}"


def _mila_state(variant: Variant, state: GameState, game_id: str, map_name: str, rules: list[str]) -> dict[str, Any]:
    powers = list(variant.powers)
    units: dict[str, list[str]] = {p: [] for p in powers}
    influence: dict[str, list[str]] = {p: [] for p in powers}
    for unit in sorted(state.units.values(), key=lambda u: u.loc):
        units.setdefault(unit.power, []).append(_unit_text(unit))
        influence.setdefault(unit.power, []).append(unit.province)
    retreats: dict[str, dict[str, list[str]]] = {p: {} for p in powers}
    for d in sorted(state.dislodged.values(), key=lambda d: d.unit.loc):
        if not d.retreats:
            continue  # MILA disbands a unit with nowhere to go at once: it isn't on MILA's board
        units.setdefault(d.unit.power, []).append("*" + _unit_text(d.unit))
        retreats.setdefault(d.unit.power, {})[_unit_text(d.unit)] = list(d.retreats)
    centers: dict[str, list[str]] = {p: [] for p in powers}
    for centre, owner in sorted(state.centers.items()):
        centers.setdefault(owner, []).append(centre)
        if centre not in influence.setdefault(owner, []):
            influence[owner].append(centre)
    builds: dict[str, dict[str, Any]] = {}
    for p in powers:
        count, homes = 0, []
        if state.phase.type is PhaseType.ADJUSTMENTS:
            count = variant.adjustment_delta(state, p)
            if count > 0:
                homes = sorted(variant.build_sites(state, p))
        builds[p] = {"count": count, "homes": homes}
    return {
        "name": str(state.phase), "note": "", "units": units, "retreats": retreats, "centers": centers,
        "homes": {p: sorted(variant.home_centers(state, p)) for p in powers}, "influence": influence,
        "civil_disorder": {p: 0 for p in powers}, "builds": builds,
        "game_id": game_id, "map": map_name, "rules": list(rules),
    }


def _mila_order(variant: Variant, state: GameState, power: str, text: str) -> str | None:
    """The order as MILA writes it (a supported fleet's coast named), or None when MILA can't express it
    (a kind or route of a variant's own)."""
    try:
        order: Order = variant.validate(variant.parse(text), state, power)
    except ChancelleryError:
        return text  # an order refused here is kept as written: MILA keeps refused orders too
    if not isinstance(order, STANDARD_ORDERS) or (isinstance(order, Move) and order.route):
        return None
    if isinstance(order, (SupportHold, SupportMove)):
        target = state.units.get(order.target.province, order.target)
        shown_target = _unit_text(target) if target.type is order.target.type else _unit_text(order.target)
        tail = f" - {order.dest}" if isinstance(order, SupportMove) else ""
        return f"{_unit_text(order.unit)} S {shown_target}{tail}"
    rendered = str(order)
    if isinstance(order, Move) and text.upper().rstrip().endswith(" VIA") and not rendered.endswith(" VIA"):
        rendered += " VIA"  # a convoy asked for in words is kept so (MILA reads the move differently without it)
    return rendered


def _result_key(text: str) -> str | None:
    words = text.split()
    if len(words) >= 2 and words[0] in ("A", "F"):
        return f"{words[0]} {words[1]}"
    return None


def _mila_results(variant: Variant, state: GameState, results: Iterable[OrderResult],
                  after: GameState | None) -> dict[str, list[str]]:
    """MILA's result words per unit (``"A PAR": ["bounce", "dislodged"]``); builds a power left unused, or
    waived, are each a ``"void"`` under ``"WAIVE"``, as MILA writes them."""
    out: dict[str, list[str]] = {}
    adjustments = state.phase.type is PhaseType.ADJUSTMENTS
    used: dict[str, int] = {}
    for r in results:
        if adjustments and r.result == "succeeds" and r.why().code in (oc.BUILT, oc.WAIVED):
            used[r.power] = used.get(r.power, 0) + 1
        if r.order == "WAIVE":
            continue
        key = _result_key(r.order)
        if key is None:
            continue
        words = out.setdefault(key, [])
        code = r.why().code
        if code == oc.RETREAT_BOUNCED:
            found = ["bounce", "disband"]
        elif code == oc.DISLODGED_BY and " S " in r.order:
            found = ["cut", "dislodged"]  # a dislodged supporter's support is cut too
        else:
            found = [_RESULT_WORDS.get(code, "")]
        if found == [""] and r.result != "succeeds":
            found = ["void"]
        for word in found:
            if word and word not in words:
                words.append(word)
        if adjustments and not words:
            words.append("")
    if after is not None and state.phase.type is PhaseType.MOVEMENT:
        for unit in after.dislodged:
            words = out.setdefault(_unit_text(unit), [])
            if "dislodged" not in words:
                words.append("dislodged")
    if adjustments:
        for power in variant.powers:
            # A build that can't be placed (no free home centre) isn't counted as left unused.
            delta = min(variant.adjustment_delta(state, power), len(variant.build_sites(state, power)))
            unused = delta - sum(1 for r in results if r.power == power and r.why().code == oc.BUILT
                                 and r.result == "succeeds")
            if delta > 0 and unused > 0:
                out.setdefault("WAIVE", []).extend(["void"] * unused)
    return out


def export_mila(game: Game) -> dict[str, Any]:
    """The game as a MILA saved game (a JSON-ready dict); pending orders are never written."""
    variant = game.variant
    map_name = mila_map_for(variant)
    stored = game.meta.get(META_KEY)
    kept: Mapping[str, Any] = stored if isinstance(stored, Mapping) else {}
    game_id = str(kept.get("id") or game.meta.get("id") or uuid.uuid4().hex)
    rules = [str(r) for r in kept.get("rules", DEFAULT_RULES) if isinstance(r, str)]
    stored_messages = kept.get("messages")
    messages: Mapping[str, Any] = stored_messages if isinstance(stored_messages, Mapping) else {}
    phases: list[dict[str, Any]] = []
    for i, rec in enumerate(game.history):
        after = game.history[i + 1].state if i + 1 < len(game.history) else game.state
        orders = {p: [m for t in rec.orders.get(p, ()) if (m := _mila_order(variant, rec.state, p, t)) is not None]
                  for p in variant.powers}
        phases.append({
            "name": str(rec.state.phase),
            "state": _mila_state(variant, rec.state, game_id, map_name, rules),
            "orders": orders,
            "results": _mila_results(variant, rec.state, rec.results, after),
            "messages": list(messages.get(str(rec.state.phase), [])),
        })
    position = _mila_state(variant, game.state, game_id, map_name, rules)
    current: dict[str, Any] = {
        "name": str(game.state.phase),
        "state": position,
        "orders": {p: [] for p in variant.powers},
        "results": {},
        "messages": list(messages.get(str(game.state.phase), [])),
    }
    if game.winner is None:
        phases.append(current)  # a drawn game ends at a phase nobody played, as MILA writes a draw
    if game.is_over:
        done = dict(current, name="COMPLETED", messages=[], state=dict(position, name="COMPLETED"))
        phases.append(done)
    return {"id": game_id, "map": map_name, "rules": rules, "phases": phases}


def dumps_mila(game: Game) -> str:
    return json.dumps(export_mila(game)) + "\n"


def write_mila(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the game as a MILA file, atomically (a failure leaves any earlier file as it was)."""
    text = dumps_mila(game)  # converted in full before anything is written
    write_atomic(Path(path), text)


# --- reading ----------------------------------------------------------------------------------------------


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MilaFileError(f"{where}: expected an object, got {shown(value)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise MilaFileError(f"{where}: expected a list, got {shown(value)}")
    return value


def _power(variant: Variant, name: Any, where: str) -> str:
    if not isinstance(name, str) or name not in variant.powers:
        raise MilaFileError(f"{where}: {shown(name)} is not a power of {variant.name} "
                            f"({', '.join(variant.powers)})")
    return name


def _parse_unit(power: str, text: Any, where: str) -> tuple[bool, Unit]:
    match = _UNIT_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise MilaFileError(f"{where}: {shown(text)} is not a unit (expected 'A PAR', 'F STP/SC' or '*A PAR')")
    return bool(match.group(1)), Unit(power, UnitType(match.group(2)), match.group(3))


def _file_state(variant: Variant, phase_name: str, data: Any, where: str) -> GameState:
    state = _object(data, where)
    try:
        phase = Phase.parse(phase_name)
    except ValueError as exc:
        raise MilaFileError(f"{where}.name: {exc}") from None
    units: list[Unit] = []
    dislodged_units: list[Unit] = []
    for power, texts in _object(state.get("units", {}), f"{where}.units").items():
        _power(variant, power, f"{where}.units")
        for i, text in enumerate(_list(texts, f"{where}.units.{power}")):
            is_dislodged, unit = _parse_unit(power, text, f"{where}.units.{power}[{i}]")
            (dislodged_units if is_dislodged else units).append(unit)
    retreats: dict[Unit, tuple[str, ...]] = {}
    for power, per in _object(state.get("retreats", {}), f"{where}.retreats").items():
        _power(variant, power, f"{where}.retreats")
        for text, places in _object(per, f"{where}.retreats.{power}").items():
            _, unit = _parse_unit(power, text, f"{where}.retreats.{power}")
            places = _list(places, f"{where}.retreats.{power}.{text}")
            if not all(isinstance(p, str) for p in places):
                raise MilaFileError(f"{where}.retreats.{power}.{text}: expected a list of places, got {shown(places)}")
            retreats[unit] = tuple(places)
    centers: dict[str, str] = {}
    for power, owned in _object(state.get("centers", {}), f"{where}.centers").items():
        _power(variant, power, f"{where}.centers")
        for centre in _list(owned, f"{where}.centers.{power}"):
            if not isinstance(centre, str):
                raise MilaFileError(f"{where}.centers.{power}: {shown(centre)} is not a province")
            if centre in centers:
                raise MilaFileError(f"{where}.centers: {centre} is owned by both {centers[centre]} and {power}")
            centers[centre] = power
    # The file doesn't say where an attack came from; the retreat options it lists are what matter.
    dislodged = [Dislodged(u, u.province, False, retreats.get(u, ())) for u in dislodged_units]
    try:
        built = GameState.build(variant.id, phase, units, centers, dislodged)
        variant.check_state(built)
    except ChancelleryError as exc:
        raise MilaFileError(f"{where}: {exc}") from None
    return built


def _file_orders(variant: Variant, data: Any, where: str) -> dict[str, tuple[str, ...]]:
    if data is None:
        return {}
    orders: dict[str, tuple[str, ...]] = {}
    for power, texts in _object(data, where).items():
        _power(variant, power, where)
        if texts is None:
            continue
        texts = _list(texts, f"{where}.{power}")
        if not all(isinstance(t, str) for t in texts):
            raise MilaFileError(f"{where}.{power}: expected a list of order texts, got {shown(texts)}")
        if texts:
            orders[power] = tuple(texts)
    return orders


def _same_position(ours: GameState, theirs: GameState) -> str | None:
    """None when the two positions agree on everything a MILA file records; else what differs."""
    if ours.phase != theirs.phase:
        return f"the next phase is {ours.phase} here, {theirs.phase} in the file"
    mine, file_units = set(ours.units.values()), set(theirs.units.values())
    if mine != file_units:
        extra = ", ".join(sorted(f"{u.power} {u}" for u in mine - file_units)) or "none"
        missing = ", ".join(sorted(f"{u.power} {u}" for u in file_units - mine)) or "none"
        return f"units differ (here only: {extra}; in the file only: {missing})"
    # A dislodged unit with nowhere to go is destroyed; MILA's board no longer shows it.
    if {u: sorted(d.retreats) for u, d in ours.dislodged.items() if d.retreats} != \
            {u: sorted(d.retreats) for u, d in theirs.dislodged.items() if d.retreats}:
        return "dislodged units or their retreats differ"
    if dict(ours.centers) != dict(theirs.centers):
        return "centre owners differ"
    return None


def import_mila(data: Any) -> Imported:
    """A game from a parsed MILA saved game; :class:`MilaFileError` names the first bad part."""
    doc = _object(data, "the file")
    map_name = doc.get("map", "standard")
    variant_id = next((v for v, m in MILA_MAPS.items() if m == map_name), None)
    if variant_id is None:
        raise MilaFileError(f"map: {shown(map_name)} is not a map both programs have "
                            f"({', '.join(sorted(set(MILA_MAPS.values())))})")
    variant = find_variant(variant_id)
    phases = _list(doc.get("phases"), "phases")
    if not phases:
        raise MilaFileError("phases: the game has no phases")
    rules = doc.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise MilaFileError(f"rules: expected a list of rule names, got {shown(rules)}")
    names: list[str] = []
    for i, ph in enumerate(phases):
        name = _object(ph, f"phases[{i}]").get("name")
        if not isinstance(name, str):
            raise MilaFileError(f"phases[{i}].name: expected a phase name such as 'S1901M', got {shown(name)}")
        names.append(name)
    completed = names[-1].upper() == "COMPLETED"
    if completed and len(phases) < 2:
        raise MilaFileError("phases: a completed game needs the phases that led to it")
    if "COMPLETED" in (n.upper() for n in names[:-1]):
        raise MilaFileError("phases: 'COMPLETED' may only be the last phase")
    if completed and not phases[-2].get("results") and not _file_orders(variant, phases[-2].get("orders"),
                                                                         f"phases[{len(phases) - 2}].orders"):
        # The game ended before this phase was played (a draw): it is the final position, not a played phase.
        phases, names, completed, ended_unplayed = phases[:-1], names[:-1], False, True
    else:
        ended_unplayed = False
    states = [_file_state(variant, names[i], phases[i].get("state"), f"phases[{i}].state")
              for i in range(len(phases) - (1 if completed else 0))]
    warnings: list[str] = []
    history: list[PhaseRecord] = []
    messages: dict[str, list[Any]] = {}
    state = states[0]
    winner: str | None = None
    for i in range(len(phases) - 1):
        where = f"phases[{i}]"
        orders = _file_orders(variant, phases[i].get("orders"), f"{where}.orders")
        found = phases[i].get("messages") or []
        if found:
            messages[names[i]] = _list(found, f"{where}.messages")
        result = Submission.from_texts(variant, state, orders).process()
        history.append(PhaseRecord(state, orders, tuple(result.results)))
        winner = result.winner
        if i + 1 < len(states):
            difference = _same_position(result.state, states[i + 1])
            if difference is None:
                state = result.state
            else:
                warnings.append(f"after {names[i]}: {difference}; the file's position is kept")
                state = states[i + 1]
        else:
            state = result.state
    last = phases[-1].get("messages") or []
    if last and not completed:
        messages[names[-1]] = _list(last, f"phases[{len(phases) - 1}].messages")
    meta: dict[str, Any] = {
        "id": uuid.uuid4().hex, "mode": "gm",
        "title": f"MILA game {doc.get('id')}" if doc.get("id") else "MILA game",
        META_KEY: {"id": str(doc.get("id") or ""), "rules": list(rules), "messages": messages},
    }
    game = Game(variant, state, history, meta=meta)
    if winner is not None:
        game.winner = winner
    elif completed or ended_unplayed:
        game.drawn = True  # MILA ends a game without a solo only by a draw (or by its own cut-off)
    return Imported(game, warnings)


def read_mila_text(text: str, index: int = 0) -> Imported:
    """A game from the text of a MILA file: one JSON game, or a JSON-lines file of games (``index`` picks one)."""
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        if len(lines) > 1 and lines[0].lstrip().startswith("{") and lines[0].rstrip().endswith("}"):
            if not 0 <= index < len(lines):
                raise MilaFileError(f"the file holds {len(lines)} games (one per line); there is no game {index}")
            data = json.loads(lines[index])
        else:
            if index != 0:
                raise MilaFileError(f"the file holds one game; there is no game {index}")
            data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MilaFileError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    except RecursionError:
        raise MilaFileError("nested too deeply") from None
    except ValueError as exc:
        raise MilaFileError(f"not valid JSON: {exc}") from None
    try:
        return import_mila(data)
    except RecursionError:
        raise MilaFileError("nested too deeply") from None


def read_mila(path: str | os.PathLike[str], index: int = 0) -> Imported:
    """A game from a MILA file on disk (only read); every way it can be unreadable is a :class:`MilaFileError`."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_MILA_BYTES + 1)
    except OSError as exc:
        raise MilaFileError(f"can't read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_MILA_BYTES:
        raise MilaFileError(f"{path} is too large to be a game file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MilaFileError(f"{path} is not a text file (not UTF-8: bad byte at offset {exc.start})") from None
    try:
        return read_mila_text(text, index)
    except MilaFileError as exc:
        raise MilaFileError(f"{Path(path).name}: {exc}") from None


def looks_like_mila(text: str) -> bool:
    """Whether a file's text is a MILA game rather than one of our saves (a cheap look at its first object)."""
    head = text.lstrip()[:4096]
    return head.startswith("{") and '"phases"' in text[:1_000_000] and '"format": "chancellery' not in head \
        and '"format":"chancellery' not in head


# --- comparing two MILA game files (round trips: the tests and benchmarks/mila_roundtrip.py) ----------


def position_key(state: dict[str, Any]) -> tuple[Any, ...]:
    """A MILA phase state as a comparable value: its name, units, retreats and centres, in no order."""
    units = frozenset((p, u) for p, us in state["units"].items() for u in us)
    retreats = frozenset((p, u, tuple(sorted(r))) for p, per in state["retreats"].items() for u, r in per.items())
    centers = frozenset((p, c) for p, cs in state["centers"].items() for c in cs)
    return state["name"], units, retreats, centers


def orders_key(phase: dict[str, Any]) -> dict[str, list[str]]:
    """A MILA phase's orders per power, sorted, powers without orders left out."""
    return {p: sorted(v) for p, v in (phase.get("orders") or {}).items() if v}


def results_key(phase: dict[str, Any]) -> dict[str, list[str]]:
    """A MILA phase's results per unit, sorted."""
    return {u: sorted(r) for u, r in (phase.get("results") or {}).items()}
