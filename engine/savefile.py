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
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Mapping

from . import outcomes
from .game import Game, PhaseRecord
from .phases import OrderResult
from .state import Dislodged, GameState, StackedUnit
from .types import ChancelleryError, Phase, SaveFileError, Unit, UnitType, province_of
from .variants import find_variant

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


def state_from_dict(variant_id: str, data: Mapping[str, Any], version: int = SAVE_FORMAT_VERSION) -> GameState:
    if version == 1:
        data = migrate_state_v1(data)

    def unit(t: Any) -> Unit:
        power, kind, loc = t
        return Unit(str(power), UnitType(kind), str(loc))

    units = [unit(t) for t in data["units"]]
    dislodged = [
        Dislodged(unit(d["unit"]), str(d["attacker"]), bool(d.get("via_convoy", False)), tuple(d.get("retreats", ())))
        for d in data.get("dislodged", ())
    ]
    stacked = [_stacked_from_dict(s) for s in data.get("stacked", ())]
    disguised = {unit(d["unit"]): UnitType(d["is"]) for d in data.get("disguised", ())}
    return GameState.build(variant_id, Phase.parse(data["phase"]), units, dict(data["centers"]), dislodged,
                           data.get("contested", ()), data.get("extra", {}), stacked, disguised)


def _seal(pending: Mapping[str, list[str]]) -> str:
    return base64.b64encode(json.dumps(pending, sort_keys=True).encode()).decode()


def _unseal(text: str) -> dict[str, list[str]]:
    data = json.loads(base64.b64decode(text.encode()).decode())
    if not isinstance(data, dict):
        raise ValueError("sealed orders are not an object")
    return {str(k): [str(x) for x in v] for k, v in data.items()}


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


def game_from_dict(data: Any) -> Game:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError("not a Chancellery saved game")
    version = data.get("format_version")
    if version not in READABLE_VERSIONS:
        raise SaveFileError(f"saved with format version {version!r}; this Chancellery reads versions "
                            f"{READABLE_VERSIONS[0]} to {SAVE_FORMAT_VERSION}")
    try:
        variant = find_variant(data["variant"], data.get("options"))
        vid = variant.id
        history = [
            PhaseRecord(
                state_from_dict(vid, rec["state"], version),
                {str(p): tuple(v) for p, v in rec["orders"].items()},
                tuple(result_from_dict(r) for r in rec["results"]),
            )
            for rec in data["history"]
        ]
        game = Game(
            variant=variant,
            state=state_from_dict(vid, data["state"], version),
            history=history,
            pending=_unseal(data.get("sealed_orders", _seal({}))),
            ready=set(data.get("ready", ())),
            draw_votes=set(data.get("draw_votes", ())),
            winner=data.get("winner"),
            drawn=bool(data.get("drawn", False)),
            meta=dict(data.get("meta", {})),
        )
    except SaveFileError:
        raise
    except (ChancelleryError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFileError(f"the saved game is damaged: {exc}") from exc
    return game


def dumps(game: Game) -> str:
    return json.dumps(game_to_dict(game), indent=1, sort_keys=False) + "\n"


def loads(text: str) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    return game_from_dict(data)


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write atomically: a temporary file in the same folder, flushed to disk, then renamed over ``path``."""
    write_atomic(Path(path), dumps(game))


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"can't read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is not a text file") from None
    return loads(text)
