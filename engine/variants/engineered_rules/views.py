"""What one power may read of a phase's results: decoys stay hidden until exposed (rule C8).

``Variant.view_for`` hides decoys in a position; results need the same care. Another power sees a hidden
decoy as the unit it shows (a decoy alone as its army, ``state.disguised``; a decoy beside its twin as the
twin), so its results read as that unit's would:

- a decoy beside its twin is ordered ``D MOS ...``: the order reads as the twin's, and its creation, its
  unordered hold and its disbanding beside the twin (8b) aren't shown;
- no strength of a result the decoy had a part in is shown (its zero power would give it away), neither of
  its own orders nor of any reason that names it;
- an invalid order naming it, perhaps with its real letter (``D UKR - XXX``) or refused because it is a
  decoy, reads as the same text given to the unit it shows: with that unit's error, or not at all when that
  unit could have carried it out (the decoy held, unordered, and that result is shown).

Exposures are public (the exposure is the point): an exposed decoy's results are shown as they are. The
game master (viewer ``None``) reads everything; a power reads its own results unchanged.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ...mapdata import MapData
from ...orders import Hold, Move, tokenize
from ...outcomes import DISGUISED, INVALID, STRENGTH_KEYS, Reason, Sight, word, wording
from ...phases import INVALID as INVALID_RESULT
from ...phases import OrderResult
from ...state import GameState
from ...types import OrderError, PhaseType, Unit, UnitType, province_of
from ..base import reworded
from .orders import CreateDecoy, DisbandStacked, StackedHold, StackedMove
from .stacks import stacked_decoys

if TYPE_CHECKING:
    from ..engineered import Engineered

# Typed notes about decoys: an exposure (8c, public) and a decoy disbanded beside its twin (8b, hidden).
DECOY_EXPOSED, DECOY_NOT_ALONE = "decoy_exposed", "decoy_not_alone"


@wording(DECOY_EXPOSED)
def _word_exposed(r: Reason) -> str:
    return "a decoy: exposed by this turn's orders and disbanded (rule 8c)"


@wording(DECOY_NOT_ALONE)
def _word_not_alone(r: Reason) -> str:
    return "a decoy must stand alone at the end of spring: disbanded (rule 8b)"


def exposure(prov: str) -> Reason:
    return Reason(DECOY_EXPOSED, {"province": prov})


def not_alone(prov: str) -> Reason:
    return Reason(DECOY_NOT_ALONE, {"province": prov})


class HiddenDecoys:
    """The decoys of other powers than ``viewer`` at the start of a phase, by province, each with the unit it
    shows: ``alone`` stand alone (on the board, or dislodged), ``twins`` beside the unit they copy."""

    def __init__(self, before: GameState, viewer: str) -> None:
        self.alone: dict[str, Unit] = {}
        for u, kind in before.disguised.items():
            if kind is UnitType.DECOY and u.power != viewer and (before.units.get(u.province) == u or u in before.dislodged):
                self.alone[u.province] = u
        self.twins: dict[str, Unit] = {s.province: s.disguise for s in stacked_decoys(before) if s.power != viewer}

    def __bool__(self) -> bool:
        return bool(self.alone or self.twins)

    def provinces(self) -> set[str]:
        return set(self.alone) | set(self.twins)

    def shown_units(self) -> set[Unit]:
        """The units these decoys look like (a twin's is its twin's: the two can't be told apart)."""
        return set(self.alone.values()) | set(self.twins.values())

    def without(self, provinces: set[str]) -> HiddenDecoys:
        out = object.__new__(HiddenDecoys)
        out.alone = {p: u for p, u in self.alone.items() if p not in provinces}
        out.twins = {p: u for p, u in self.twins.items() if p not in provinces}
        return out


def disguising(seen: Sight | None, units: set[Unit]) -> Sight | None:
    """``seen``, with ``units`` seen disguised (named, their strengths not shown)."""
    if not units:
        return seen
    return lambda unit: DISGUISED if unit in units else (seen is None or seen(unit))


def results_for(variant: Engineered, before: GameState, results: Sequence[OrderResult], viewer: str | None,
                seen: Sight | None) -> list[OrderResult]:
    """``results`` of the phase that started from ``before``, as ``viewer`` may read them (all: the GM).

    ``seen`` is what the viewer sees of the units that aren't decoys (``Variant.sight``'s standard part)."""
    if viewer is None:
        return list(results)
    public = {str(r.outcome.get("province")) for r in results if r.outcome is not None and r.outcome.code == DECOY_EXPOSED}
    hidden = HiddenDecoys(before, viewer).without(public)
    shows = hidden.shown_units()
    sees = disguising(seen, shows)
    winter = before.phase.type is PhaseType.ADJUSTMENTS
    out: list[OrderResult] = []
    for r in results:
        if r.power == viewer:
            out.append(r)
            continue
        if isinstance(r.typed, CreateDecoy) or (r.typed is None and winter and _decoy_creation(variant, r.order)):
            continue  # another power's decoy is made unseen
        shown = _as_seen(variant, before, r, viewer, hidden) if hidden else r
        if shown is None:
            continue
        actor = getattr(shown.typed, "unit", None)
        if shown.outcome is not None and actor in shows:
            shown = _without_strengths(shown)
        out.append(shown)
    return reworded(out, sees)


def _as_seen(variant: Engineered, before: GameState, r: OrderResult, viewer: str,
             hidden: HiddenDecoys) -> OrderResult | None:
    """``r`` (another power's result) as ``viewer`` may read it, or ``None`` when it shows nothing seen."""
    typed = r.typed
    if isinstance(typed, (StackedHold, StackedMove, DisbandStacked)) and typed.stacked.type is UnitType.DECOY:
        twin = hidden.twins.get(typed.stacked.province)
        if twin is None:
            return r
        if r.default or isinstance(typed, DisbandStacked):
            return None  # a decoy by its twin that did nothing another power could see
        order = Move(twin, typed.dest) if isinstance(typed, StackedMove) else Hold(twin)
        return r._replace(order=str(order), typed=order)
    if typed is not None:
        return r
    code = r.outcome.code if r.outcome is not None else None
    if code == DECOY_NOT_ALONE:
        return None if str(r.outcome.get("province")) in hidden.twins else r  # type: ignore[union-attr]
    if r.result == INVALID_RESULT and code == INVALID:
        return _invalid_as_seen(variant, before, r, viewer, hidden)
    if r.result == INVALID_RESULT:  # several orders for one unit: the same for the unit it shows
        return _reletter(variant.board, r, hidden)
    return r


def _decoy_creation(variant: Engineered, text: str) -> bool:
    """Whether ``text`` (an order nobody could carry out) asks for a decoy: even a failed one is a secret."""
    try:
        raw = variant.parse(text)
    except OrderError:
        return False
    return raw.kind == "build" and raw.unit_type is UnitType.DECOY


def _named(board: MapData, text: str) -> list[tuple[str, str | None]]:
    """The words of ``text`` (lower case, places as the map's codes), each with the province it names."""
    out = []
    for tok in tokenize(text, board):
        code = board.lookup(tok.split("/")[0])
        out.append((tok, province_of(code) if code else None))
    return out


def _reletter(board: MapData, r: OrderResult, hidden: HiddenDecoys) -> OrderResult | None:
    """``r`` with a hidden decoy's real letter, as the order's first word, replaced by the letter it shows;
    ``None`` when its text still names one as a decoy elsewhere."""
    text = r.order
    words = _named(board, text)
    place = words[1][1] if len(words) >= 2 else None
    if words and words[0][0] in ("d", "decoy") and place is not None and place in hidden.provinces():
        shows = hidden.alone.get(place) or hidden.twins[place]
        text = re.sub(r"^\s*\S+", shows.type.value, text, count=1)
        words = _named(board, text)
    for (tok, _), (_, prov) in zip(words, words[1:]):
        if tok in ("d", "decoy") and prov in hidden.provinces():
            return None
    return r if text == r.order else r._replace(order=text)


def _invalid_as_seen(variant: Engineered, before: GameState, r: OrderResult, viewer: str,
                     hidden: HiddenDecoys) -> OrderResult | None:
    """An invalid order naming a hidden decoy reads as the same text given to the unit it shows: that
    unit's error, or nothing when that unit could have carried it out (the decoy held, unordered)."""
    if not any(prov in hidden.provinces() for _, prov in _named(variant.board, r.order)):
        return r
    shown = _reletter(variant.board, r, hidden)
    if shown is None:
        return None
    try:
        variant.validate(variant.parse(shown.order), variant.view_for(before, viewer), r.power)
    except OrderError as exc:
        why = Reason(INVALID, {"text": str(exc)})
        return shown._replace(reason=word(why), outcome=why)
    return None


def _without_strengths(r: OrderResult) -> OrderResult:
    """``r``, its outcome without the strengths (the unit ordered is seen disguised)."""
    outcome = r.outcome
    assert outcome is not None
    data = {k: v for k, v in outcome.data.items() if k not in STRENGTH_KEYS}
    if len(data) == len(outcome.data):
        return r
    cut = Reason(outcome.code, {**data, "redacted": True})
    return r._replace(reason=word(cut), outcome=cut)
