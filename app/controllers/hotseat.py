"""Hot-seat play with sealed orders: one machine, each human power enters its orders in private.

The flow for one phase: CURTAIN ("Pass to RUSSIA") → ENTRY (RUSSIA's own fresh draft) → submit (the
orders go into the game's sealed pending orders, the draft and its undo history are dropped, the game
is autosaved) → the next power's CURTAIN … → when every human power has submitted, the phase is
adjudicated and RESULTS are shown to everyone. Powers a bot plays seal their orders as each phase opens,
before any person's are read, with no curtain stop. Nothing of a submitted power's orders is reachable from
this object afterwards except through the engine's per-power :meth:`Game.pending_orders`.
"""
from __future__ import annotations

import enum
import logging
import random
from collections.abc import Callable, Mapping, Sequence

from engine.game import Game, LineCheck
from engine.phases import PhaseResult
from engine.seat_bots import BotSeat
from engine.types import ChancelleryError

from .drafts import OrderDraft
from .order_entry import EntryOptions, OrderEntry
from .setup import fill_missing_orders

log = logging.getLogger("chancellery.app.hotseat")


class Stage(enum.StrEnum):
    CURTAIN = "curtain"  # waiting for the named power to take the seat
    ENTRY = "entry"  # that power is entering its orders
    RESULTS = "results"  # the phase was adjudicated; everyone may look
    OVER = "over"  # the game has ended


class HotSeatFlow:
    def __init__(self, game: Game, humans: Sequence[str], autosave: Callable[[Game], None] | None = None,
                 rng: random.Random | None = None, bots: Mapping[str, BotSeat] | None = None) -> None:
        self.game = game
        self.humans = [p for p in game.variant.powers if p in set(humans)]
        self.bots = {p: seat for p, seat in (bots or {}).items() if p not in self.humans}
        self.autosave = autosave
        self.rng = rng or random.Random()
        self.stage = Stage.CURTAIN
        self.power: str | None = None
        self.draft: OrderDraft | None = None
        self.entry: OrderEntry | None = None
        self.last_result: PhaseResult | None = None
        self._listeners: list[Callable[[], None]] = []

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback()

    # --- queries ----------------------------------------------------------------------------------

    def waiting(self) -> list[str]:
        """Human powers that still have to submit this phase, in the map's order."""
        to_order = set(self.game.powers_to_order())
        return [p for p in self.humans if p in to_order and not self.game.has_submitted(p)]

    def submitted(self) -> list[str]:
        to_order = set(self.game.powers_to_order())
        return [p for p in self.humans if p in to_order and self.game.has_submitted(p)]

    @property
    def single_seat(self) -> bool:
        """One human only: no one to hide from, so no curtain."""
        return len(self.humans) == 1

    # --- transitions ------------------------------------------------------------------------------

    def start(self) -> None:
        """Decide what happens now: the next power's curtain, or adjudication if nobody is left."""
        self._drop_draft()
        if self.game.is_over:
            self.stage, self.power = Stage.OVER, None
        else:
            self._play_bots()
            waiting = self.waiting()
            if waiting:
                self.stage, self.power = Stage.CURTAIN, waiting[0]
                if self.single_seat:
                    self.reveal()
                    return
            else:
                self._adjudicate()
        self._notify()

    def reveal(self) -> None:
        """The named power has the seat: give it a fresh, empty draft."""
        if self.stage is not Stage.CURTAIN or self.power is None:
            raise ChancelleryError("no power is waiting behind the curtain")
        self.draft = OrderDraft([self.power])
        # What this power drafted before the game was saved and closed (its own orders only).
        checks = [self.game.check_line(self.power, text) for text in self.game.pending_orders(self.power)]
        kept = [c.order for c in checks if c.order is not None]
        if kept:
            self.draft.replace_all(self.power, kept, "orders saved before")
            self.draft.forget_history()
        self.entry = OrderEntry(EntryOptions.from_game(self.game, [self.power]), self.draft, self.power)
        self.draft.subscribe(self._notify)
        self.entry.subscribe(self._notify)
        self.stage = Stage.ENTRY
        self._notify()

    def submit(self) -> list[LineCheck]:
        """Seal the current power's orders, autosave, and pass the seat on (or adjudicate)."""
        if self.stage is not Stage.ENTRY or self.power is None or self.draft is None:
            raise ChancelleryError("no orders are being entered")
        power = self.power
        checks = self.game.set_orders(power, self.draft.lines(power), ready=True)
        log.info("%s submitted orders for %s", power, self.game.phase)  # never the orders themselves
        self._drop_draft()
        self._save()
        self.start()
        return checks

    def keep_draft(self) -> None:
        """Put the orders of the power at the seat, not yet submitted, into its pending orders (not ready),
        so that a save keeps them for it: it finds them again when it next takes the seat."""
        if self.stage is Stage.ENTRY and self.power is not None and self.draft is not None and not self.game.is_over:
            self.game.set_orders(self.power, self.draft.lines(self.power), ready=False)

    def continue_after_results(self) -> None:
        if self.stage is not Stage.RESULTS:
            return
        self.last_result = None
        self.start()

    def _play_bots(self) -> None:
        """Each bot seals its orders for the phase (once; a reopened game finds them already sealed)."""
        for seat in self.bots.values():
            if seat.play(self.game, self.rng):
                log.info("a bot submitted orders for %s", seat.power)  # never the orders themselves

    def _adjudicate(self) -> None:
        others = [p for p in self.game.variant.powers if p not in self.humans and p not in self.bots]
        fill_missing_orders(self.game, others, self.rng)
        phase = self.game.phase
        self.last_result = self.game.process()
        log.info("adjudicated %s", phase)
        self._save()
        self.stage, self.power = Stage.RESULTS, None

    def _drop_draft(self) -> None:
        self.draft = None
        self.entry = None

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave(self.game)
