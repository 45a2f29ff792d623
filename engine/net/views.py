"""What one seat may know, as JSON-ready dicts: positions, results and history seen through the variant.

Every position that leaves the host passes through ``variant.view_for(state, power)`` here (``power`` is
``None`` for observers), so a variant with fog of war hides what it hides in every frame. Pending orders
appear only in the owner's own ``you`` block; nothing here reads another power's pending orders.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..contract import centers_by_power, units_by_power
from ..game import Game, PhaseRecord
from ..options import legal_orders_for_state
from ..outcomes import encode as encode_outcome
from ..phases import OrderResult
from ..state import GameState
from ..types import PhaseType
from ..variants import Variant
from ..variants.base import PUBLIC_VIEW
from .codec import encode_json


def viewer(power: str | None) -> str:
    """Who a frame is for, as the variant's view hooks name it: a seat's power, or the public view for an
    observer (never the omniscient view: nobody on the network is the game master)."""
    return PUBLIC_VIEW if power is None else power


def position_to_wire(state: GameState, variant: Variant) -> dict[str, Any]:
    """A position as the protocol writes it (the same shapes as the adjudication contract's response)."""
    dislodged: dict[str, list[dict[str, Any]]] = {}
    for d in sorted(state.dislodged.values(), key=lambda d: (d.unit.power, d.unit.loc)):
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker": d.attacker, "retreats": list(d.retreats)})
    wire = {
        "phase": str(state.phase),
        "phase_name": state.phase.long_name,
        "units": units_by_power(variant.all_units(state)),
        "centers": centers_by_power(state.centers),
        "dislodged": dislodged,
        "contested": sorted(state.contested),
    }
    extra = variant.request_extra(state)  # the variant's data as this view holds it (relations, messages)
    if extra:
        wire["extra"] = extra
    return wire


def result_to_wire(result: OrderResult) -> dict[str, Any]:
    out: dict[str, Any] = {"power": result.power, "order": result.order, "result": result.result,
                           "reason": result.reason}
    if result.default:
        out["default"] = True
    if result.outcome is not None:
        out["outcome"] = encode_outcome(result.outcome)  # already cut to the seat by Variant.results_for
    return out


def visible_results(variant: Variant, before: GameState, results: Iterable[OrderResult],
                    power: str | None) -> list[dict[str, Any]]:
    """The results of a phase that ``power`` may see (the variant's ``results_for`` decides)."""
    return [result_to_wire(r) for r in variant.results_for(before, list(results), viewer(power))]


def history_entry(variant: Variant, index: int, record: PhaseRecord, next_state: GameState,
                  power: str | None) -> dict[str, Any]:
    """One finished phase as ``power`` may see it: the position it began from and its results."""
    return {
        "index": index,
        "position": position_to_wire(variant.view_for(record.state, viewer(power)), variant),
        "results": visible_results(variant, record.state, record.results, power),
        "next_phase": str(next_state.phase),
    }


class SeatViews:
    """Per-position cache of views, their wire form and legal orders, so 30 seats don't each recompute the
    same options: seats that see the same view (every seat, without fog of war) share one of each.

    Rebuilt whenever the game's position object changes (a phase was processed or the GM edited it).
    The dicts and lists it returns are shared: callers send them and never change them.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._state: GameState | None = None
        self._views: dict[str | None, GameState] = {}
        # Keyed by id(position); the position is kept alongside so its id can't be reused while cached.
        self._legal: dict[int, tuple[GameState, dict[str, dict[str, list[str]]]]] = {}
        # Keyed by the ids of the parts of a view the wire form shows (``_shown``): views that differ only in
        # what it leaves out (World Diplomacy's private money) share one wire form and its JSON.
        self._wire: dict[tuple[Any, ...], tuple[GameState, dict[str, Any], list[str]]] = {}
        self._to_order: list[str] = []

    def _refresh(self) -> None:
        if self._state is not self.game.state:
            self._state = self.game.state
            self._views.clear()
            self._legal.clear()
            self._wire.clear()
            self._to_order = self.game.powers_to_order()

    def view(self, power: str | None) -> GameState:
        """The position as ``power`` sees it; observers (``None``) get the public view."""
        self._refresh()
        if power not in self._views:
            self._views[power] = self.game.variant.view_for(self.game.state, viewer(power))
        return self._views[power]

    def to_order(self) -> list[str]:
        """Powers with something to order; public, since anyone can count units and centres."""
        self._refresh()
        return list(self._to_order)

    def _wire_entry(self, power: str | None) -> tuple[GameState, dict[str, Any], list[str]]:
        view = self.view(power)
        key = _shown(view)
        entry = self._wire.get(key)
        if entry is None:
            entry = self._wire[key] = (view, position_to_wire(view, self.game.variant), [])
        return entry

    def position(self, power: str | None) -> dict[str, Any]:
        """The position as ``power`` sees it, in wire form (shared by every seat with the same view)."""
        return self._wire_entry(power)[1]

    def position_json(self, power: str | None) -> str:
        """``position(power)`` written as a frame writes it, once per shared wire form."""
        entry = self._wire_entry(power)
        if not entry[2]:
            entry[2].append(encode_json(entry[1]))
        return entry[2][0]

    def legal(self, power: str) -> dict[str, list[str]]:
        """Every legal order of ``power`` per unit or build site, as canonical text (worked out once for
        every seat whose options come from the same position: ``Variant.options_view``)."""
        self._refresh()
        basis = self.game.variant.options_view(self.game.state, viewer(power))
        key = id(basis)
        if key not in self._legal:
            self._legal[key] = (basis, legal_orders_for_state(self.game.variant, basis))
        return self._legal[key][1].get(power, {})

    def you_block(self, power: str) -> dict[str, Any]:
        """The seat's private block: its own sealed orders, ready flag, draw vote and legal orders."""
        game = self.game
        view = self.view(power)
        block: dict[str, Any] = {
            "power": power,
            "orders": game.pending_orders(power),
            "ready": power in game.ready,
            "draw_vote": power in game.draw_votes,
            "must_order": power in self.to_order(),
            "legal": self.legal(power) if power in self.to_order() else {},
        }
        if view.phase.type is PhaseType.ADJUSTMENTS:
            block["adjustment"] = game.variant.adjustment_delta(view, power)
        return block


def _shown(view: GameState) -> tuple[Any, ...]:
    """What ``position_to_wire`` reads of a view, by identity (a view is immutable by convention)."""
    return (view.phase, id(view.units), id(view.centers), id(view.dislodged), id(view.contested), id(view.stacked),
            id(view.disguised))


def game_over_block(game: Game) -> dict[str, Any] | None:
    if not game.is_over:
        return None
    return {"winner": game.winner, "drawn": game.drawn,
            "draw_powers": sorted(game.draw_votes) if game.drawn else []}


def seat_list(powers: Iterable[str], claimed: Mapping[str, bool], connected: Mapping[str, bool],
              ready: Mapping[str, bool] | None, bots: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The public seat table; ``ready`` is ``None`` when the host keeps ready flags private; ``bots`` names
    the strength of the bot playing a seat now."""
    out = []
    for p in powers:
        row: dict[str, Any] = {"power": p, "claimed": claimed.get(p, False), "connected": connected.get(p, False)}
        if ready is not None:
            row["ready"] = ready.get(p, False)
        if bots and p in bots:
            row["bot"] = bots[p]
        out.append(row)
    return out


__all__ = ["SeatViews", "game_over_block", "history_entry", "position_to_wire", "result_to_wire", "seat_list",
           "visible_results"]
