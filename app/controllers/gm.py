"""Game-master mode: one operator enters every power's orders, adjudicates, corrects the position, rolls back.

Used face to face (the GM types or clicks in the players' written orders) and as a sandbox. Position
edits (add or remove a unit, those standing beside others included; set a centre's owner), each checked as
save files check a position, go through :meth:`Game.replace_state` and can be undone; a rollback returns to
the start of any earlier phase, and can be undone until the next adjudication.
"""
from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.game import Game, PhaseRecord
from engine.phases import PhaseResult
from engine.seat_bots import DEFAULT_STRENGTH, bot_orders
from engine.state import GameState, StackedUnit, stack_order
from engine.types import ChancelleryError, Unit, UnitType, province_of

from .drafts import OrderDraft
from .order_entry import EntryOptions, OrderEntry
from .setup import fill_missing_orders
from .text_orders import TextOrders, enter_text_orders, mail_text

log = logging.getLogger("chancellery.app.gm")


@dataclass(frozen=True, slots=True)
class _SetAside:
    """A whole game as a rollback found it (orders entered included), to undo the rollback."""

    state: GameState
    history: tuple[PhaseRecord, ...]
    pending: dict[str, list[str]]
    ready: frozenset[str]
    draw_votes: frozenset[str]
    winner: str | None
    drawn: bool

    @classmethod
    def of(cls, game: Game) -> _SetAside:
        return cls(game.state, tuple(game.history), {p: list(v) for p, v in game.pending.items()},
                   frozenset(game.ready), frozenset(game.draw_votes), game.winner, game.drawn)

    def restore(self, game: Game) -> None:
        game.state, game.history = self.state, list(self.history)
        game.pending = {p: list(v) for p, v in self.pending.items()}
        game.ready, game.draw_votes = set(self.ready), set(self.draw_votes)
        game.winner, game.drawn = self.winner, self.drawn


class GameMaster:
    def __init__(self, game: Game, autosave: Callable[[Game], None] | None = None,
                 rng: random.Random | None = None) -> None:
        self.game = game
        self.autosave = autosave
        self.rng = rng or random.Random()
        self.focus_power: str | None = None
        self.last_result: PhaseResult | None = None
        self._rolled_back: _SetAside | None = None  # what the last rollback dropped, until the game moves on
        self._edit_undo: list[GameState] = []
        self._edit_redo: list[GameState] = []
        self._listeners: list[Callable[[], None]] = []
        self.draft = OrderDraft(game.variant.powers)
        self._kept: dict[str, list[str]] = {}  # power -> the pending orders that are this draft's, kept for a save
        self._restore_draft()
        self.entry = self._new_entry()

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _new_entry(self) -> OrderEntry:
        """A fresh entry machine on the current draft; both report changes through this object."""
        entry = OrderEntry(EntryOptions.from_game(self.game, self.game.powers_to_order()), self.draft, self.focus_power,
                           game_master=True)
        self.draft.subscribe(self._notify)
        entry.subscribe(self._notify)
        return entry

    def set_focus_power(self, power: str | None) -> None:
        self.focus_power = power
        self.entry.focus_power = power

    # --- the draft in the game's file -----------------------------------------------------------------

    def _restore_draft(self) -> None:
        """The orders a save kept for this phase (:meth:`keep_draft`) back in the draft, without undo steps."""
        for power in self.game.powers_to_order():
            checks = [self.game.check_line(power, text) for text in self.game.pending_orders(power)]
            orders = [c.order for c in checks if c.order is not None]
            if orders:
                self.draft.replace_all(power, orders, f"orders saved for {power}")
                self._kept[power] = self.game.pending_orders(power)
        self.draft.forget_history()

    def keep_draft(self) -> None:
        """Put the orders entered so far into the game's pending orders (not ready), so that a save keeps
        them: the game master's draft is the only copy of the orders transcribed this phase."""
        if self.game.is_over:
            return
        for power in self.game.powers_to_order():
            lines = self.draft.lines(power)
            if lines or self.game.pending_orders(power):
                self.game.set_orders(power, lines, ready=power in self.game.ready)
                self._kept[power] = self.game.pending_orders(power)

    # --- adjudication -----------------------------------------------------------------------------

    def adjudicate(self) -> PhaseResult:
        if self.game.is_over:
            raise ChancelleryError("the game is over")
        to_order = self.game.powers_to_order()
        for power in to_order:
            lines = self.draft.lines(power)
            if lines:
                self.game.set_orders(power, lines, ready=True)
            elif self.game.pending_orders(power) and self.game.pending_orders(power) == self._kept.get(power):
                self.game.set_orders(power, [])  # kept by a save, cleared from the draft since
        self._kept = {}
        fill_missing_orders(self.game, [p for p in to_order if not self.draft.lines(p)], self.rng)
        phase = self.game.phase
        self.last_result = self.game.process()
        log.info("adjudicated %s", phase)
        self._edit_undo.clear()
        self._edit_redo.clear()
        self._rolled_back = None  # the game has moved on from the position the rollback left
        self._fresh_phase()
        self._save()
        return self.last_result

    def rollback(self, index: int) -> None:
        """Return to the start of ``game.history[index]``; the phases after it are set aside, and
        :meth:`undo_rollback` brings them back until the next adjudication."""
        if not 0 <= index < len(self.game.history):
            raise ChancelleryError(f"no phase {index} in the history")
        self.keep_draft()
        aside = _SetAside.of(self.game)
        self.game.rollback(index)
        self._rolled_back = aside
        self.last_result = None
        self._edit_undo.clear()
        self._edit_redo.clear()
        self._fresh_phase()
        self._save()

    @property
    def can_undo_rollback(self) -> bool:
        return self._rolled_back is not None

    @property
    def undo_rollback_text(self) -> str:
        """Where undoing the last rollback returns ("Spring 1902 Movement (3 phases restored)"); ``""`` if none."""
        aside = self._rolled_back
        if aside is None:
            return ""
        restored = len(aside.history) - len(self.game.history)
        return f"{aside.state.phase.long_name} ({restored} phase{'s' if restored != 1 else ''} restored)"

    def undo_rollback(self) -> None:
        """The game as it was before the last rollback: its later phases, position and orders entered."""
        aside = self._rolled_back
        if aside is None:
            return
        self._rolled_back = None
        aside.restore(self.game)
        self.last_result = None
        self._edit_undo.clear()  # corrections made since were to the position the undo leaves
        self._edit_redo.clear()
        self.draft = OrderDraft(self.game.variant.powers)
        self._kept = {}
        self._restore_draft()
        self.entry = self._new_entry()
        self._save()
        self._notify()

    def _fresh_phase(self) -> None:
        self._kept = {}
        self.draft = OrderDraft(self.game.variant.powers)
        self.entry = self._new_entry()
        self._notify()

    def suggest_orders(self, power: str, strength: str = DEFAULT_STRENGTH) -> list[str]:
        """Fill ``power``'s entry with a bot's orders for the GM to edit (one undo step); returns them."""
        if self.game.is_over:
            raise ChancelleryError("the game is over")
        if power not in self.game.variant.powers:
            raise ChancelleryError(f"unknown power {power!r}")
        if power not in self.game.powers_to_order():
            raise ChancelleryError(f"{power} has nothing to order in {self.game.phase}")
        texts = bot_orders(self.game, power, strength, self.rng)
        orders = [check.order for check in (self.game.check_line(power, t) for t in texts) if check.order is not None]
        self.draft.replace_all(power, orders, f"suggested orders for {power}")
        return [str(o) for o in orders]

    def enter_text(self, text: str) -> TextOrders:
        """Typed or pasted orders (or a power's mail in the variant's layout, which replaces that power's
        orders) into the draft; lines naming no power go to the power in focus."""
        if self.game.is_over:
            raise ChancelleryError("the game is over")
        return enter_text_orders(self.draft, self.game, text, self.game.powers_to_order(), self.focus_power)

    def mail_text(self, power: str) -> str:
        """``power``'s drafted orders as a mail in the variant's layout (EMG's envelope)."""
        return mail_text(self.game, self.draft, power)

    # --- position edits ---------------------------------------------------------------------------

    def add_unit(self, power: str, kind: UnitType, loc: str) -> None:
        """Put a unit of ``power`` and ``kind`` at ``loc``: an occupant where the province is empty, or, for a
        kind that stands beside others (``Variant.stacking_types``), beside what stands there."""
        variant = self.game.variant
        board = variant.board
        state = self.game.state
        if power not in board.powers:
            raise ChancelleryError(f"unknown power {power!r}")
        if kind not in variant.unit_types:
            raise ChancelleryError(f"{variant.name} has no unit type {kind.value}")
        if kind in variant.stacking_types:
            self.add_stacked(StackedUnit(power, kind, loc))
            return
        if not board.can_stand(kind, loc):
            raise ChancelleryError(f"a unit {kind.value} can't stand in {loc}")
        prov = province_of(loc)
        if prov in state.units:
            raise ChancelleryError(f"{prov} already holds {state.units[prov]}; remove it first")
        units = dict(state.units)
        units[prov] = Unit(power, kind, loc)
        self._edit(state.replace(units=units))

    def add_stacked(self, unit: StackedUnit) -> None:
        """Put ``unit`` beside what stands in its province, where the variant lets it stand
        (``Variant.stack_refusal`` says why not)."""
        variant = self.game.variant
        state = self.game.state
        if unit.power not in variant.board.powers:
            raise ChancelleryError(f"unknown power {unit.power!r}")
        why = variant.stack_refusal(state, unit)
        if why is not None:
            raise ChancelleryError(why)
        self._edit(state.replace(stacked=stack_order([*state.stacked, unit])))

    def remove_unit(self, prov: str) -> None:
        """Take away the occupant of ``prov`` (or, with none, the unit dislodged from it)."""
        state = self.game.state
        prov = province_of(prov)
        if prov in state.units:
            self._edit(_without_stale_disguises(state.replace(
                units={p: u for p, u in state.units.items() if p != prov})))
        elif state.dislodged_at(prov) is not None:
            self._edit(_without_stale_disguises(state.replace(
                dislodged={u: d for u, d in state.dislodged.items() if province_of(u.loc) != prov})))
        else:
            raise ChancelleryError(f"there is no unit in {prov}")

    def remove_stacked(self, unit: StackedUnit) -> None:
        """Take away one unit standing beside others (``state.stacked``)."""
        state = self.game.state
        if unit not in state.stacked:
            raise ChancelleryError(f"no {unit.unit} of {unit.power} stands in {unit.province}")
        rest = list(state.stacked)
        rest.remove(unit)
        self._edit(state.replace(stacked=tuple(rest)))

    def set_owner(self, prov: str, power: str | None) -> None:
        board = self.game.variant.board
        state = self.game.state
        prov = province_of(prov)
        if prov not in board.supply_centers:
            raise ChancelleryError(f"{prov} is not a supply centre")
        if power is not None and power not in board.powers:
            raise ChancelleryError(f"unknown power {power!r}")
        centers = dict(state.centers)
        if power is None:
            centers.pop(prov, None)
        else:
            centers[prov] = power
        self._edit(state.replace(centers=centers))

    @property
    def can_undo_edit(self) -> bool:
        return bool(self._edit_undo)

    @property
    def can_redo_edit(self) -> bool:
        return bool(self._edit_redo)

    def undo_edit(self) -> None:
        if self._edit_undo:
            self._edit_redo.append(self.game.state)
            self._apply_state(self._edit_undo.pop())

    def redo_edit(self) -> None:
        if self._edit_redo:
            self._edit_undo.append(self.game.state)
            self._apply_state(self._edit_redo.pop())

    def _edit(self, new_state: GameState) -> None:
        # The check saves and the contract make: a correction never leaves a position that can't be loaded.
        self.game.variant.check_state(new_state)
        self._edit_undo.append(self.game.state)
        self._edit_redo.clear()
        self._apply_state(new_state)

    def _apply_state(self, new_state: GameState) -> None:
        kept = self.draft.all_orders()
        self.game.replace_state(new_state)
        self.draft = OrderDraft(self.game.variant.powers)
        # Orders still legal in the corrected position survive the edit.
        for power, order in kept:
            if self.game.check_line(power, str(order)).ok:
                self.draft.put(power, order)
        self.draft.forget_history()  # undoing into a position that no longer exists would be wrong
        self.entry = self._new_entry()
        self._save()
        self._notify()

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave(self.game)


def _without_stale_disguises(state: GameState) -> GameState:
    """``state`` without the disguises (a lone decoy's) of units no longer on the board: a mark on no unit
    can't be saved."""
    kept = {u: k for u, k in state.disguised.items() if state.units.get(province_of(u.loc)) == u or u in state.dislodged}
    return state if len(kept) == len(state.disguised) else state.replace(disguised=kept)
