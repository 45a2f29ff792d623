"""A game from start to finish: the current position, sealed pending orders, history, draws and victory.

``Game`` is the object every front end drives (hot-seat GUI, GM mode, LAN host). Pending orders are kept
per power and only leave this object through :meth:`Game.pending_orders` for that same power, so a view
for one power can never show another's orders before adjudication.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .options import orderable_powers
from .order_reader import OrderReader
from .orders import Order, order_key
from .phases import OrderResult, PhaseResult, Submission
from .state import GameState
from .types import ChancelleryError, OrderError
from .variants import Variant, find_variant


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """One finished phase: the position it started from, the orders given and their results."""

    state: GameState
    orders: Mapping[str, tuple[str, ...]]
    results: tuple[OrderResult, ...]


@dataclass(frozen=True, slots=True)
class LineCheck:
    """The verdict on one written order line: the canonical text, or why it can't be used."""

    text: str
    order: Order | None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(slots=True)
class Game:
    variant: Variant
    state: GameState
    history: list[PhaseRecord] = field(default_factory=list)
    pending: dict[str, list[str]] = field(default_factory=dict)  # power -> canonical order texts (sealed)
    ready: set[str] = field(default_factory=set)
    draw_votes: set[str] = field(default_factory=set)
    winner: str | None = None
    drawn: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    # Every power's legal orders for the current position, computed once per position.
    _legal: tuple[GameState, dict[str, dict[str, list[Order]]]] | None = field(default=None, repr=False, compare=False)
    _reader: OrderReader | None = field(default=None, repr=False, compare=False)  # for the current position
    # power -> (position, its pending texts, their typed orders, their slots) as ``keep_checked_orders`` kept
    # them, so that processing reads no text twice; used only while the position and the texts are still the same.
    _typed: dict[str, tuple[GameState, list[str], list[Order], list[str | None]]] = field(
        default_factory=dict, repr=False, compare=False)

    @classmethod
    def new(cls, variant: str | Variant = "standard", options: Mapping[str, Any] | None = None,
            meta: Mapping[str, Any] | None = None) -> Game:
        v = find_variant(variant, options) if isinstance(variant, str) else variant
        return cls(v, v.initial_state(), meta=dict(meta or {}))

    # --- queries ----------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.state.phase)

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.drawn

    def powers_to_order(self) -> list[str]:
        """Powers that have something to order this phase."""
        if self.is_over:
            return []
        return orderable_powers(self.variant, self.state)

    def legal_orders(self, power: str) -> dict[str, list[Order]]:
        if self._legal is None or self._legal[0] is not self.state:
            self._legal = (self.state, self.variant.legal_orders(self.state))
        return self._legal[1].get(power, {})

    def pending_orders(self, power: str) -> list[str]:
        """The sealed orders of ``power`` (only ever for that power's own view)."""
        return list(self.pending.get(power, ()))

    def has_submitted(self, power: str) -> bool:
        return power in self.ready

    def center_counts(self) -> dict[str, int]:
        return {p: self.variant.center_count(self.state, p) for p in self.variant.powers}

    # --- orders -----------------------------------------------------------------------------------

    def check_line(self, power: str, text: str) -> LineCheck:
        """Read one order line for ``power`` against the current position."""
        return self._checked(power, text)[0]

    def _checked(self, power: str, text: str) -> tuple[LineCheck, str | None]:
        """``check_line`` with the slot of the order read (``order_key``; ``None`` for an unusable line)."""
        reader = self._reader
        if reader is None or reader.state is not self.state or reader.variant is not self.variant:
            reader = self._reader = OrderReader(self.variant, self.state)
        try:
            order, canonical, slot = reader.entry(power, text)  # the map's tables first, as processing reads it
        except OrderError as exc:
            return LineCheck(text.strip(), None, str(exc)), None
        return LineCheck(canonical, order), slot

    def set_orders(self, power: str, lines: Sequence[str], ready: bool = False) -> list[LineCheck]:
        """Replace ``power``'s pending orders with the lines that can be used; report every line.

        A later order for the same slot (:func:`engine.orders.order_key`) replaces an earlier one, as in the
        client's drafts: "a new order replaces the old".
        """
        if self.is_over:
            raise ChancelleryError("the game is over")
        if power not in self.variant.board.powers:
            raise ChancelleryError(f"unknown power {power!r}")
        # Each line's slot is kept from the reading, so that ``keep_checked_orders`` finds none again.
        read = [self._checked(power, line) for line in lines if line.strip()]
        checks = [check for check, _ in read]
        slots = [slot for _, slot in read]
        self._keep(power, checks, slots, ready)
        return checks

    def keep_checked_orders(self, power: str, checks: Sequence[LineCheck], ready: bool = False) -> None:
        """Replace ``power``'s pending orders with the usable lines of ``checks``, already read by
        :meth:`check_line` against the current position (the LAN host reads a long list in slices)."""
        if self.is_over:
            raise ChancelleryError("the game is over")
        if power not in self.variant.board.powers:
            raise ChancelleryError(f"unknown power {power!r}")
        self._keep(power, checks, [None if c.order is None else order_key(c.order) for c in checks], ready)

    def _keep(self, power: str, checks: Sequence[LineCheck], slots: Sequence[str | None], ready: bool) -> None:
        """``keep_checked_orders`` with each check's slot (``order_key`` of its order) already found."""
        kept: dict[object, tuple[LineCheck, str | None]] = {}
        for c, key in zip(checks, slots):
            if c.order is not None:
                kept[key if key is not None else object()] = (c, key)  # orders with no slot never replace
        self.pending[power] = [c.text for c, _ in kept.values()]
        self._typed[power] = (self.state, list(self.pending[power]), [c.order for c, _ in kept.values()],  # type: ignore[misc]
                              [key for _, key in kept.values()])
        if ready:
            self.ready.add(power)
        else:
            self.ready.discard(power)

    def mark_ready(self, power: str, ready: bool = True) -> None:
        if ready:
            self.ready.add(power)
        else:
            self.ready.discard(power)

    def all_ready(self) -> bool:
        return all(p in self.ready for p in self.powers_to_order())

    def vote_draw(self, power: str, vote: bool = True) -> None:
        """Record ``power``'s draw vote; raises :class:`ChancelleryError` with the reason when the game's
        rules allow no draw (``Variant.draw_refusal``)."""
        if vote:
            refusal = self.variant.draw_refusal(self.state)
            if refusal is not None:
                raise ChancelleryError(refusal)
            if power not in self.survivors():
                raise ChancelleryError(f"{power} is out of the game: only surviving powers vote on a draw")
            self.draw_votes.add(power)
        else:
            self.draw_votes.discard(power)
        survivors = frozenset(self.survivors())
        if survivors and self.variant.draw_passes(self.state, frozenset(self.draw_votes), survivors):
            self.drawn = True

    def survivors(self) -> list[str]:
        on_board = {u.power for u in self.variant.all_units(self.state)}  # stacked units count (militia)
        return [p for p in self.variant.powers if p in on_board or self.variant.center_count(self.state, p)]

    # --- processing -------------------------------------------------------------------------------

    def process(self) -> PhaseResult:
        """Adjudicate the current phase with the pending orders (missing orders take the defaults)."""
        if self.is_over:
            raise ChancelleryError("the game is over")
        orders = {p: tuple(lines) for p, lines in self.pending.items() if lines}
        sub = Submission(self.variant, self.state)
        for power, lines in orders.items():
            typed = self._typed.get(power)
            if typed is not None and typed[0] is self.state and tuple(typed[1]) == lines:
                sub.add_read(power, typed[2], lines, typed[3])  # read against this very position when it was sent
            else:
                for text in lines:
                    sub.add_text(power, text)
        sub.settle()
        result = sub.process()
        self._typed = {}
        self.history.append(PhaseRecord(self.state, orders, tuple(result.results)))
        self.state = result.state
        self.pending = {}
        self.ready = set()
        if result.winner:
            self.winner = result.winner
        elif result.drawn:
            self.drawn = True
        return result

    def rollback(self, index: int) -> None:
        """Return to the start of ``history[index]`` (GM correction); later phases are dropped."""
        if not 0 <= index < len(self.history):
            raise ChancelleryError(f"no phase {index} in the history")
        self.state = self.history[index].state
        del self.history[index:]
        self.pending, self.ready, self.draw_votes = {}, set(), set()
        self._typed = {}
        self.winner, self.drawn = None, False

    def replace_state(self, state: GameState) -> None:
        """GM correction of the current position (units, centre owners); pending orders are cleared."""
        self.state = state
        self.pending, self.ready = {}, set()
        self._typed = {}

    def phases(self) -> list[str]:
        return [str(r.state.phase) for r in self.history] + [self.phase]
