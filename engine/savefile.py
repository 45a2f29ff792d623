"""Versioned JSON save files, written atomically; reading a bad file raises a clear error and changes nothing.

Pending (sealed) orders are stored so that a crash never loses a submitted order, but encoded so that a
glance at the file doesn't show them: the GUI and host only ever hand them back to their own power.

Format version 2 stores stacked units (``GameState.stacked``) in their own list beside the occupants, and
disguised units (``GameState.disguised``) by the unit they look like. Version 1, written before stacks were
first-class, kept Engineered's stacked units in ``extra["stacked"]`` and its lone decoys as province marks
in ``extra["decoys"]`` and ``extra["dislodged_decoys"]``; such files are migrated when read
(:func:`migrate_state_v1`) and saved as version 2.
"""
from __future__ import annotations

import base64
import errno
import glob
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Mapping

from . import outcomes
from .game import Game, PhaseRecord
from .phases import OrderResult
from .position_check import check_distinct_provinces, shown
from .state import Dislodged, GameState, StackedUnit
from .types import ChancelleryError, Phase, PositionError, SaveFileError, Unit, UnitType, province_of
from .variants import Variant, find_variant

SAVE_FORMAT = "chancellery-save"
SAVE_FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)  # older versions are migrated on load


def _stacked_to_dict(s: StackedUnit) -> dict[str, Any]:
    data: dict[str, Any] = {"unit": [s.power, s.kind.value, s.loc]}
    if s.origin is not None:
        data["origin"] = s.origin
    if s.mimic is not None:
        data["mimic"] = s.mimic.value
    return data


def _stacked_from_dict(data: Any) -> StackedUnit:
    power, kind, loc = data["unit"]
    mimic = data.get("mimic")
    origin = data.get("origin")
    return StackedUnit(str(power), UnitType(kind), str(loc), None if origin is None else str(origin),
                       None if mimic is None else UnitType(mimic))


def state_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "phase": str(state.phase),
        "units": [[u.power, u.type.value, u.loc] for u in sorted(state.units.values(), key=lambda u: u.loc)],
        "stacked": [_stacked_to_dict(s) for s in state.stacked],
        "disguised": [{"unit": [u.power, u.type.value, u.loc], "is": kind.value}
                      for u, kind in sorted(state.disguised.items(), key=lambda item: (item[0].loc, item[0].power))],
        "centers": dict(sorted(state.centers.items())),
        "dislodged": [
            {"unit": [d.unit.power, d.unit.type.value, d.unit.loc], "attacker": d.attacker,
             "via_convoy": d.via_convoy, "retreats": list(d.retreats)}
            for d in sorted(state.dislodged.values(), key=lambda d: d.unit.loc)
        ],
        "contested": sorted(state.contested),
        "extra": dict(state.extra),
    }


def migrate_state_v1(data: Mapping[str, Any]) -> dict[str, Any]:
    """A version-1 position in the version-2 shape: stacked units move out of ``extra["stacked"]``
    (objects ``{"power", "kind", "loc"}``, a prison adding ``"from"``, a decoy ``"as"``) into ``stacked``,
    and the provinces of ``extra["decoys"]`` / ``extra["dislodged_decoys"]`` become ``disguised`` entries for
    the unit (occupying / dislodged) standing there."""
    out = dict(data)
    extra = dict(data.get("extra") or {})
    old = extra.pop("stacked", [])
    marks = set(extra.pop("decoys", ()))
    dislodged_marks = set(extra.pop("dislodged_decoys", ()))
    out["disguised"] = [
        {"unit": list(u), "is": UnitType.DECOY.value} for u in data.get("units", ()) if province_of(u[2]) in marks
    ] + [
        {"unit": list(d["unit"]), "is": UnitType.DECOY.value}
        for d in data.get("dislodged", ()) if province_of(d["unit"][2]) in dislodged_marks
    ]
    if len(out["disguised"]) != len(marks) + len(dislodged_marks):
        raise SaveFileError("the saved game is damaged: a decoy mark on a province where no unit stands")
    out["stacked"] = [
        {"unit": [s["power"], s["kind"], s["loc"]]}
        | ({"origin": s["from"]} if s.get("from") else {})
        | ({"mimic": s["as"]} if s.get("as") else {})
        for s in old
    ]
    out["extra"] = extra
    return out


def _saved_unit(value: Any, field: str) -> Unit:
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(x, str) for x in value)):
        raise PositionError(field, f"expected [power, unit letter, location], got {shown(value)}")
    power, kind, loc = value
    try:
        return Unit(power, UnitType(kind), loc)
    except ValueError:
        raise PositionError(field, f"unknown unit type {shown(kind)}") from None


def _saved_list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise PositionError(key, f"expected a list, got {shown(value)}")
    return value


def state_from_dict(variant_id: str, data: Any, variant: Variant | None = None,
                    version: int = SAVE_FORMAT_VERSION) -> GameState:
    """The position stored in ``data`` (a version-1 position is migrated first); with ``variant``, checked
    against its board (:func:`engine.position_check.check_state`). Raises :class:`PositionError` naming the
    bad part."""
    if not isinstance(data, Mapping):
        raise PositionError("state", f"expected an object, got {shown(data)}")
    if version == 1:
        try:
            data = migrate_state_v1(data)
        except ChancelleryError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise PositionError("state", f"a version-1 position that can't be read ({shown(str(exc))})") from None
    phase_text = data.get("phase")
    try:
        phase = Phase.parse(phase_text)
    except ValueError as exc:
        raise PositionError("phase", str(exc)) from None
    if "units" not in data:
        raise PositionError("units", "missing")
    units = [_saved_unit(t, f"units[{i}]") for i, t in enumerate(_saved_list(data, "units"))]
    check_distinct_provinces(units)
    centers = data.get("centers", {})
    if not isinstance(centers, Mapping) or not all(isinstance(k, str) for k in centers):
        raise PositionError("centers", f"expected an object of centre: owner, got {shown(centers)}")
    dislodged = []
    for i, d in enumerate(_saved_list(data, "dislodged")):
        field = f"dislodged[{i}]"
        if not isinstance(d, Mapping):
            raise PositionError(field, f"expected an object, got {shown(d)}")
        attacker, via, retreats = d.get("attacker"), d.get("via_convoy", False), d.get("retreats", [])
        if not isinstance(attacker, str):
            raise PositionError(field + ".attacker", f"expected a province, got {shown(attacker)}")
        if not isinstance(via, bool):
            raise PositionError(field + ".via_convoy", f"expected true or false, got {shown(via)}")
        if not isinstance(retreats, list) or not all(isinstance(r, str) for r in retreats):
            raise PositionError(field + ".retreats", f"expected a list of places, got {shown(retreats)}")
        dislodged.append(Dislodged(_saved_unit(d.get("unit"), field + ".unit"), attacker, via, tuple(retreats)))
    contested = _saved_list(data, "contested")
    if not all(isinstance(c, str) for c in contested):
        raise PositionError("contested", f"expected a list of provinces, got {shown(contested)}")
    extra = data.get("extra", {})
    if not isinstance(extra, Mapping):
        raise PositionError("extra", f"expected an object, got {shown(extra)}")
    stacked = []
    for i, item in enumerate(_saved_list(data, "stacked")):
        try:
            stacked.append(_stacked_from_dict(item))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise PositionError(f"stacked[{i}]", f"expected {{'unit': [power, kind, location]}}, got {shown(item)}") from None
    disguised = {}
    for i, item in enumerate(_saved_list(data, "disguised")):
        if not isinstance(item, Mapping):
            raise PositionError(f"disguised[{i}]", f"expected {{'unit': [...], 'is': kind}}, got {shown(item)}")
        try:
            disguised[_saved_unit(item.get("unit"), f"disguised[{i}].unit")] = UnitType(str(item.get("is")))
        except ValueError:
            raise PositionError(f"disguised[{i}].is", f"unknown unit type {shown(item.get('is'))}") from None
    state = GameState.build(variant_id, phase, units, dict(centers), dislodged, contested, extra, stacked, disguised)
    if variant is not None:
        variant.check_state(state)
    return state


def _seal(pending: Mapping[str, list[str]]) -> str:
    return base64.b64encode(json.dumps(pending, sort_keys=True).encode()).decode()


def _unseal(text: str) -> dict[str, list[str]]:
    data = json.loads(base64.b64decode(text.encode(), validate=True).decode())
    if not isinstance(data, dict) or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in data.values()):
        raise ValueError("sealed orders are not an object of power: [order text]")
    return {str(k): list(v) for k, v in data.items()}


def result_to_dict(r: OrderResult) -> dict[str, Any]:
    """One order's result; ``outcome`` is its typed reason (code and data), which older files lack."""
    out: dict[str, Any] = {"power": r.power, "order": r.order, "result": r.result, "reason": r.reason}
    if r.default:
        out["default"] = True
    if r.outcome is not None:
        out["outcome"] = outcomes.encode(r.outcome)
    return out


def result_from_dict(r: Mapping[str, Any]) -> OrderResult:
    """A result as :func:`result_to_dict` wrote it; without ``outcome`` its words become a ``note``."""
    reason = str(r.get("reason", ""))
    return OrderResult(r["power"], r["order"], r["result"], reason, bool(r.get("default", False)), None,
                       outcomes.decode(r.get("outcome"), reason))


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "format_version": SAVE_FORMAT_VERSION,
        "variant": game.variant.id,
        "variant_name": game.variant.name,  # for people and file lists (never read back: the id decides)
        "options": dict(game.variant.options),
        "meta": dict(game.meta),
        "history": [
            {
                "state": state_to_dict(rec.state),
                "orders": {p: list(v) for p, v in rec.orders.items()},
                "results": [result_to_dict(r) for r in rec.results],
            }
            for rec in game.history
        ],
        "state": state_to_dict(game.state),
        "sealed_orders": _seal(game.pending),
        "ready": sorted(game.ready),
        "draw_votes": sorted(game.draw_votes),
        "winner": game.winner,
        "drawn": game.drawn,
    }


def _power_list(variant: Variant, data: Mapping[str, Any], key: str) -> set[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(p, str) and p in variant.board.powers for p in value):
        raise SaveFileError(f"{key}: expected a list of powers ({', '.join(variant.board.powers)}), got {shown(value)}")
    return set(value)


def _position_error(where: str, exc: PositionError) -> str:
    return f"{where}: {exc.message}" if exc.field == "state" else f"{where}.{exc.field}: {exc.message}"


def _history_record(variant: Variant, rec: Any, where: str, version: int) -> PhaseRecord:
    if not isinstance(rec, Mapping):
        raise SaveFileError(f"{where}: expected an object, got {shown(rec)}")
    try:
        state = state_from_dict(variant.id, rec.get("state"), variant, version)
    except PositionError as exc:
        raise SaveFileError(_position_error(f"{where}.state", exc)) from None
    orders, results = rec.get("orders", {}), rec.get("results", [])
    if not isinstance(orders, Mapping) or not all(
            isinstance(p, str) and isinstance(v, list) and all(isinstance(x, str) for x in v) for p, v in orders.items()):
        raise SaveFileError(f"{where}.orders: expected an object of power: [order text], got {shown(orders)}")
    if not isinstance(results, list):
        raise SaveFileError(f"{where}.results: expected a list, got {shown(results)}")
    parsed = []
    for j, r in enumerate(results):
        if not (isinstance(r, Mapping) and all(isinstance(r.get(k), str) for k in ("power", "order", "result"))
                and isinstance(r.get("reason", ""), str) and isinstance(r.get("default", False), bool)):
            raise SaveFileError(f"{where}.results[{j}]: expected {{'power', 'order', 'result', 'reason'}}, got {shown(r)}")
        try:
            parsed.append(result_from_dict(r))
        except (KeyError, TypeError, ValueError, ChancelleryError) as exc:
            raise SaveFileError(f"{where}.results[{j}].outcome: damaged ({shown(str(exc))})") from None
    return PhaseRecord(state, {p: tuple(v) for p, v in orders.items()}, tuple(parsed))


def game_from_dict(data: Any) -> Game:
    """The game a save file holds, every position checked against its variant; raises :class:`SaveFileError`
    naming what is wrong (the part of the file and what was expected)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError("not a Chancellery saved game")
    version = data.get("format_version")
    if version not in READABLE_VERSIONS:
        raise SaveFileError(f"saved with format version {shown(version)}; this Chancellery reads versions "
                            f"{READABLE_VERSIONS[0]} to {SAVE_FORMAT_VERSION}")
    try:
        name = data.get("variant")
        if not isinstance(name, str):
            raise SaveFileError(f"variant: expected a variant id, got {shown(name)}")
        variant = find_variant(name, data.get("options"))
        history = data.get("history", [])
        if not isinstance(history, list):
            raise SaveFileError(f"history: expected a list, got {shown(history)}")
        records = [_history_record(variant, rec, f"history[{i}]", version) for i, rec in enumerate(history)]
        try:
            state = state_from_dict(variant.id, data.get("state"), variant, version)
        except PositionError as exc:
            raise SaveFileError(_position_error("state", exc)) from None
        winner = data.get("winner")
        if winner is not None and not (isinstance(winner, str) and winner in variant.board.powers):
            raise SaveFileError(f"winner: expected a power ({', '.join(variant.board.powers)}) or null, got {shown(winner)}")
        drawn = data.get("drawn", False)
        if not isinstance(drawn, bool):
            raise SaveFileError(f"drawn: expected true or false, got {shown(drawn)}")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise SaveFileError(f"meta: expected an object, got {shown(meta)}")
        try:
            json.dumps(meta, indent=1)  # what can't be written back would fail the next autosave instead
        except (RecursionError, ValueError):
            raise SaveFileError("meta: nested too deeply") from None
        sealed = data.get("sealed_orders", _seal({}))
        if not isinstance(sealed, str):
            raise SaveFileError("sealed_orders: damaged")
        try:
            pending = _unseal(sealed)
        except (ValueError, TypeError, RecursionError):
            raise SaveFileError("sealed_orders: damaged (the pending orders can't be read)") from None
        game = Game(
            variant=variant,
            state=state,
            history=records,
            pending=pending,
            ready=_power_list(variant, data, "ready"),
            draw_votes=_power_list(variant, data, "draw_votes"),
            winner=winner,
            drawn=drawn,
            meta=dict(meta),
        )
    except SaveFileError as exc:
        raise SaveFileError(f"the saved game is damaged: {exc}") from None
    except ChancelleryError as exc:
        raise SaveFileError(f"the saved game is damaged: {exc}") from None
    return game


def dumps(game: Game) -> str:
    return json.dumps(game_to_dict(game), indent=1, sort_keys=False) + "\n"


MAX_SAVE_BYTES = 200_000_000
"""A save file larger than this is not one of ours (a long game is a few megabytes)."""


def loads(text: str) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    except RecursionError:
        raise SaveFileError("not a Chancellery saved game: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise SaveFileError(f"not valid JSON: {exc}") from None
    try:
        return game_from_dict(data)
    except RecursionError:
        raise SaveFileError("the saved game is damaged: nested too deeply") from None


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write atomically: a temporary file in the same folder, flushed to disk, then renamed over ``path``.
    Temporaries a killed save left beside ``path`` are removed first."""
    remove_stale_temporaries(Path(os.path.realpath(path)))
    write_atomic(Path(path), dumps(game))


STALE_AFTER_SECONDS = 120.0
"""A temporary older than this was left by a save that never finished; a younger one may be another
window's save of the same file under way (a save takes well under a second), which removing would fail."""


def _stale(tmp: Path, now: float | None) -> bool:
    try:
        return tmp.is_file() and tmp.stat().st_mtime < (time.time() if now is None else now) - STALE_AFTER_SECONDS
    except OSError:
        return False


def _temporaries(path: Path, now: float | None = None) -> list[Path]:
    try:
        return [p for p in path.parent.glob(f".{glob.escape(path.name)}.*.tmp")
                if _TEMPORARY.match(p.name) and _stale(p, now)]
    except OSError:
        return []


def remove_stale_temporaries(path: str | os.PathLike[str], now: float | None = None) -> list[Path]:
    """Delete the ``.NAME.*.tmp`` files an interrupted :func:`write_atomic` left beside ``path`` (those older
    than :data:`STALE_AFTER_SECONDS` at ``now``, the clock's time by default); returns them.

    Call before saving to ``path`` or at start-up for a known save location; never touches ``path`` itself."""
    removed = []
    for tmp in _temporaries(Path(path), now):
        try:
            tmp.unlink()
            removed.append(tmp)
        except OSError:
            pass  # another program's, or already gone: not ours to worry about
    return removed


def remove_stale_temporaries_in(folder: str | os.PathLike[str], now: float | None = None) -> list[Path]:
    """At start-up, for the program's own save folders: delete every temporary an interrupted
    :func:`write_atomic` left there (``.NAME.XXXXXXXX.tmp``, stale as :func:`remove_stale_temporaries`
    judges); returns them."""
    removed = []
    try:
        candidates = [p for p in Path(folder).glob(".*.tmp") if _TEMPORARY.match(p.name) and _stale(p, now)]
    except OSError:
        return []
    for tmp in candidates:
        try:
            tmp.unlink()
            removed.append(tmp)
        except OSError:
            pass
    return removed


_TEMPORARY = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")  # tempfile.mkstemp(prefix=".NAME.", suffix=".tmp")


def _mode_of(path: Path) -> int | None:
    """The permissions of the file at ``path`` (replacing it keeps them), or ``None`` for a new file, which
    stays private to this user as the temporary is made (seat tokens and sealed orders are written here)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that an interruption leaves the old file or the new one, never a part:
    a temporary beside it, flushed to disk, renamed over it. A new file is private to this user; a file
    replaced keeps its permissions, and a link stays a link (the file it names is replaced)."""
    path = Path(os.path.realpath(path))
    if path.is_file() and not os.access(path, os.W_OK):
        # A rename would replace it all the same; a file its owner made read-only is not ours to replace.
        raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_of(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if mode is not None:
            try:
                os.chmod(tmp, mode)  # mkstemp made it private to this user; the file it replaces may be shared
            except OSError:
                pass
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_game(path: str | os.PathLike[str]) -> Game:
    """Read a save file; every way it can be unreadable raises :class:`SaveFileError`. The file is only read."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveFileError(f"can't read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{path} is too large to be a saved game")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is not a text file (not UTF-8)") from None
    return loads(text)
