"""LAN play from the client's side: what one connection to a host sees, and the seats played at this machine.

Qt-free. :class:`NetworkSeat` keeps a *mirror* :class:`~engine.game.Game` built only from what the host
sends this connection (``state``, ``results`` and ``history`` frames), so the hot-seat page's drawing,
order entry, review and reports work unchanged on it. Submitting and marking ready become requests on a
:class:`SeatLink` (an :class:`engine.net.client.Client` in the application). The host only ever sends a
seat its own pending orders, so nothing another seat ordered can reach this object before adjudication.

:class:`NetworkTable` lets several seats share this machine hot-seat style (the host playing some powers
itself): a curtain between powers, each power's draft dropped when it is done, the results for everyone.
With one seat (a player who joined a host) there is no curtain.
"""
from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.contract import state_from_request
from engine.game import Game, PhaseRecord
from engine.orders import Order
from engine.outcomes import decode as decode_outcome, note
from engine.phases import OrderResult
from engine.state import Dislodged, GameState
from engine.types import ChancelleryError, PhaseType, province_of
from engine.variants import find_variant

from .drafts import OrderDraft
from .order_entry import EntryOptions, OrderEntry

log = logging.getLogger("chancellery.app.network")

HISTORY_PAGE = 20  # the protocol's largest history page

# What each refusal code means, for messages that say what was wrong (docs/protocol.md, "Errors").
REFUSALS: Mapping[str, str] = {
    "bad_message": "the request was malformed",
    "unknown_type": "the host doesn't know this request",
    "out_of_order": "the request came at the wrong moment",
    "unsupported_version": "the host speaks another protocol version",
    "bad_password": "the host's password was missing or wrong",
    "unknown_power": "there is no such power in this game",
    "seat_taken": "that seat already has a player",
    "bad_token": "the host doesn't know this seat's token",
    "not_seated": "only a seated player may do this",
    "not_your_power": "that is another power's seat",
    "wrong_phase": "that phase is already over",
    "nothing_to_order": "this power has nothing to order this phase",
    "game_over": "the game has ended",
    "press_refused": "the variant's press rules don't allow this message",
    "replaced": "another connection resumed this seat",
    "host_full": "the host has no room for another connection",
    "shutting_down": "the host is stopping",
    "internal_error": "the host failed to handle the request",
    "timeout": "the connection said nothing for too long",
}


class SeatLink(Protocol):
    """The requests a seat makes of its host (:class:`engine.net.client.Client` has exactly these)."""

    def submit_orders(self, orders: Iterable[str], ready: bool = False) -> dict[str, Any]: ...

    def set_ready(self, ready: bool = True) -> dict[str, Any]: ...

    def send_press(self, to: Iterable[str], text: str) -> int: ...

    def vote_draw(self, vote: bool = True) -> None: ...

    def history(self, start: int = 0, count: int = 20) -> dict[str, Any]: ...


def refusal_text(what: str, exc: BaseException) -> str:
    """A message naming what was refused and why: ``"The host refused your orders: that phase is over (…)"``."""
    code = getattr(exc, "code", None)
    reason = getattr(exc, "reason", None) or str(exc)
    if code is not None:
        meaning = REFUSALS.get(str(code), str(code).replace("_", " "))
        return f"The host refused {what}: {meaning} ({reason})"
    return f"Couldn't send {what}: {reason}"


# --- wire shapes -> engine objects ----------------------------------------------------------------------

def position_to_state(variant_id: str, position: Mapping[str, Any]) -> GameState:
    """The engine position a host's ``position`` block describes (raises ChancelleryError naming the fault)."""
    if not isinstance(position, Mapping):
        raise ChancelleryError("the host sent a position that is not an object")
    dislodged_in = position.get("dislodged") or {}
    request = {
        "variant": variant_id, "phase": position.get("phase"), "units": position.get("units") or {},
        "centers": position.get("centers") or {}, "contested": position.get("contested") or [],
        "extra": position.get("extra") or {},
        "dislodged": {p: [{"unit": d.get("unit"), "attacker": d.get("attacker")} for d in items if isinstance(d, Mapping)]
                      for p, items in dislodged_in.items() if isinstance(items, list)}
        if isinstance(dislodged_in, Mapping) else {},
    }
    try:
        variant, state = state_from_request(request)
    except ChancelleryError as exc:
        raise ChancelleryError(f"the host sent a position this client can't read: {exc}") from None
    if state.dislodged:
        # The host's retreat options are the authority (its rules may know more than the position shows).
        given = {province_of(str(d.get("unit", "A ?")).split()[-1]): tuple(str(r) for r in d.get("retreats") or ())
                 for items in dislodged_in.values() if isinstance(items, list) for d in items if isinstance(d, Mapping)}
        state = state.replace(dislodged={
            u: Dislodged(d.unit, d.attacker, d.via_convoy, given.get(u.province, d.retreats))
            for u, d in state.dislodged.items()})
    return state


def results_from_wire(items: Iterable[Any]) -> tuple[OrderResult, ...]:
    out = []
    for r in items:
        if isinstance(r, Mapping) and isinstance(r.get("power"), str) and isinstance(r.get("order"), str):
            reason = str(r.get("reason", ""))
            try:
                why = decode_outcome(r.get("outcome"), reason)
            except ValueError:
                why = note(reason)  # an outcome this client can't read: keep the host's words
            out.append(OrderResult(r["power"], r["order"], str(r.get("result", "")), reason,
                                   bool(r.get("default", False)), None, why))
    return tuple(out)


def record_from_results(state: GameState, results: tuple[OrderResult, ...]) -> PhaseRecord:
    orders: dict[str, list[str]] = {}
    for r in results:
        if not r.default:
            orders.setdefault(r.power, []).append(r.order)
    return PhaseRecord(state, {p: tuple(lines) for p, lines in orders.items()}, results)


@dataclass(frozen=True, slots=True)
class PressItem:
    seq: int
    phase: str
    sender: str
    to: tuple[str, ...]  # empty: public
    text: str
    time: float

    @property
    def is_public(self) -> bool:
        return not self.to


PUBLIC: tuple[str, ...] = ()  # the conversation key of public press


def conversation_of(item: PressItem, me: str | None) -> tuple[str, ...]:
    """Which conversation a message belongs to: ``()`` for public press, else the other parties, sorted."""
    if item.is_public:
        return PUBLIC
    return tuple(sorted((set(item.to) | {item.sender}) - {me} if me else set(item.to) | {item.sender}))


@dataclass(slots=True)
class ClockReading:
    deadline_in: float | None = None  # seconds left when it was read
    paused: bool = False
    read_at: float = 0.0  # time.monotonic() when the frame arrived

    def remaining(self, now: float | None = None) -> float | None:
        if self.deadline_in is None:
            return None
        if self.paused:
            return self.deadline_in
        return max(0.0, self.deadline_in - ((time.monotonic() if now is None else now) - self.read_at))


def clock_text(clock: ClockReading, now: float | None = None) -> str:
    left = clock.remaining(now)
    if left is None:
        return "Clock paused, no deadline" if clock.paused else "No deadline"
    seconds = int(left + 0.999)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    shown = f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
    return f"Clock paused with {shown} left" if clock.paused else f"Deadline in {shown}"


# --- one connection ---------------------------------------------------------------------------------

class NetworkSeat:
    """One connection's view of a hosted game: a seat (``power``) or an observer (``power is None``)."""

    def __init__(self, variant_id: str, power: str | None, link: SeatLink | None = None, *,
                 host_name: str = "", ready_public: bool = True, options: Mapping[str, Any] | None = None) -> None:
        self.variant_id = variant_id
        variant = find_variant(variant_id, options)
        self.game = Game(variant, variant.initial_state(), meta={"mode": "gm", "title": f"LAN game: {host_name}"})
        self.power = power
        self.link = link
        self.host_name = host_name
        self.ready_public = ready_public
        self.you: dict[str, Any] | None = None
        self.to_order: list[str] = []
        self.seats: list[dict[str, Any]] = []
        self.clock = ClockReading()
        self.history_length = 0
        self.received_state = False
        self.connected = link is not None
        self.press: list[PressItem] = []
        self.unread: dict[tuple[str, ...], int] = {}
        self.notice = ""  # the latest message for the player (a refusal, a lost order); "" when none
        self.line_errors: list[tuple[str, str]] = []  # (line, why) the host refused in the last submission
        self.draft: OrderDraft | None = None
        self.entry: OrderEntry | None = None
        self.version = 0
        self._pending_results: dict[str, Any] | None = None
        self.reports: dict[int, str] = {}  # history index -> the turn report the host wrote for this connection
        self._seqs: set[int] = set()
        self._entry_legal: Any = None  # the ``legal`` table the entry machine was built from
        self._listeners: list[Callable[[], None]] = []

    @classmethod
    def from_welcome(cls, welcome: Mapping[str, Any], power: str | None, link: SeatLink | None = None) -> NetworkSeat:
        options = welcome.get("variant_options")
        seat = cls(str(welcome.get("variant", "standard")), power, link, host_name=str(welcome.get("host", "")),
                   ready_public=bool(welcome.get("ready_public", True)),
                   options=options if isinstance(options, Mapping) else None)
        seat.seats = [dict(s) for s in welcome.get("seats") or [] if isinstance(s, Mapping)]
        return seat

    # --- listeners --------------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        self.version += 1
        self._touched()

    def _touched(self) -> None:
        """Only the entry machine's selection changed: listeners redraw highlights, no data changed."""
        for callback in list(self._listeners):
            callback()

    # --- queries ----------------------------------------------------------------------------------

    @property
    def is_observer(self) -> bool:
        return self.power is None

    @property
    def must_order(self) -> bool:
        return bool(self.you and self.you.get("must_order")) and not self.game.is_over

    @property
    def is_ready(self) -> bool:
        return bool(self.you and self.you.get("ready"))

    @property
    def draw_vote(self) -> bool:
        return bool(self.you and self.you.get("draw_vote"))

    def host_orders(self) -> list[str]:
        """The orders the host keeps for this seat now (its own, sent back to it alone)."""
        return [str(o) for o in (self.you or {}).get("orders") or []]

    def draft_differs(self) -> bool:
        """The draft holds changes the host hasn't got yet."""
        if self.draft is None or self.power is None:
            return False
        return sorted(self.draft.lines(self.power)) != sorted(self.host_orders())

    def waiting_for(self) -> list[str]:
        """Powers that still have to be ready (empty when the host keeps ready flags private)."""
        rows = {s.get("power"): s for s in self.seats}
        return [p for p in self.to_order if "ready" in rows.get(p, {}) and not rows[p]["ready"]]

    def seat_row(self, power: str) -> dict[str, Any]:
        return next((s for s in self.seats if s.get("power") == power), {"power": power})

    def conversations(self) -> list[tuple[str, ...]]:
        """Public first, then one conversation per other power, then any group conversations seen."""
        keys: list[tuple[str, ...]] = [PUBLIC]
        if self.power is not None:
            keys += [(p,) for p in self.game.variant.powers if p != self.power]
        for item in self.press:
            key = conversation_of(item, self.power)
            if key not in keys:
                keys.append(key)
        return keys

    def messages(self, key: tuple[str, ...]) -> list[PressItem]:
        return [m for m in self.press if conversation_of(m, self.power) == key]

    def unread_total(self) -> int:
        return sum(self.unread.values())

    def mark_read(self, key: tuple[str, ...]) -> None:
        if self.unread.pop(key, 0):
            self._changed()

    # --- frames from the host ---------------------------------------------------------------------

    def apply(self, frame: Mapping[str, Any]) -> set[str]:
        """Take one frame the host sent on its own; returns what happened ("state", "phase", "results", ...)."""
        kind = frame.get("type")
        events: set[str] = set()
        try:
            if kind == "state":
                events = self._apply_state(frame)
            elif kind == "results":
                self._pending_results = dict(frame)  # committed with the next phase's position
            elif kind == "seats":
                self.seats = [dict(s) for s in frame.get("seats") or [] if isinstance(s, Mapping)]
                events = {"seats"}
            elif kind == "clock":
                self._set_clock(frame)
                events = {"clock"}
            elif kind == "press":
                events = {"press"} if self._add_press(frame) else set()
            elif kind == "error":
                code, message = str(frame.get("code", "")), str(frame.get("message", ""))
                meaning = REFUSALS.get(code, code.replace("_", " "))
                self.notice = f"The host says: {meaning}" + (f" ({message})" if message and message != meaning else "")
                events = {"error"}
            elif kind == "closed":
                self.connected = False
                events = {"closed"}
            elif kind == "reconnected":  # from the connection, once a new link has resumed the seat
                self.connected = True
                events = {"reconnected"}
                if len(self.game.history) != self.history_length and self.sync_history():
                    events.add("results")  # phases finished while it was away: show the latest results
                    if self.draft is not None:
                        self.open_draft()
        except (ChancelleryError, TypeError, ValueError, AttributeError, KeyError) as exc:
            # Another host implementation may send what this client can't read: say so, keep going.
            log.warning("a %s frame from the host could not be used: %s", kind, exc)
            self.notice = f"The host sent a {kind} message this client can't use: {exc}"
            events = {"error"}
        if events:
            self._changed()
        return events

    @staticmethod
    def _read_clock(block: Any) -> ClockReading:
        if not isinstance(block, Mapping):
            raise ChancelleryError(f"the clock is {type(block).__name__}, not an object")
        left = block.get("deadline_in")
        return ClockReading(float(left) if isinstance(left, (int, float)) and not isinstance(left, bool) else None,
                            bool(block.get("paused", False)), time.monotonic())

    def _set_clock(self, block: Any) -> None:
        self.clock = self._read_clock(block)

    def _apply_state(self, frame: Mapping[str, Any]) -> set[str]:
        # Read everything first, so a frame with one bad field changes nothing.
        state = position_to_state(self.variant_id, frame.get("position") or {})
        you = frame.get("you")
        you = dict(you) if isinstance(you, Mapping) else None
        to_order = [str(p) for p in frame.get("to_order") or []]
        seats = [dict(s) for s in frame.get("seats") or [] if isinstance(s, Mapping)]
        clock = self._read_clock(frame.get("clock") or {})
        over = frame.get("over")
        history_length = frame.get("history_length")

        game = self.game
        old_state, first = game.state, not self.received_state
        events = {"state"}
        unsent = self._unsent_words()  # read before the host's new block replaces the orders it kept
        pending, self._pending_results = self._pending_results, None
        self.history_length = history_length if isinstance(history_length, int) and history_length >= 0 else 0
        if pending is not None and not first and str(pending.get("next_phase")) == str(state.phase) \
                and str(pending.get("phase")) == str(old_state.phase) and len(game.history) + 1 == self.history_length:
            game.history.append(record_from_results(old_state, results_from_wire(pending.get("results") or [])))
            if isinstance(pending.get("report"), str):  # the variant's own report, written by the host for this seat
                self.reports[len(game.history) - 1] = pending["report"]
            events.add("results")
        if first or state != old_state:
            events.add("phase" if first or state.phase != old_state.phase else "position")
        game.state = state
        game.pending, game.ready = {}, set()
        self.received_state = True
        self.you, self.to_order, self.seats, self.clock = you, to_order, seats, clock
        if isinstance(over, Mapping):
            game.winner = over.get("winner") if isinstance(over.get("winner"), str) else None
            game.drawn = bool(over.get("drawn"))
            events.add("over")
        else:
            game.winner, game.drawn = None, False
        if not self.connected:
            self.notice = ""  # back after a reconnect: the message about the drop is over
        self.connected = True
        if unsent and not first and state.phase != old_state.phase:
            # The phase was played (at its deadline, perhaps while this seat was away) without the draft's changes.
            self.notice = (f"{old_state.phase.long_name} was adjudicated without your latest changes, which never "
                           f"reached the host: {unsent}.")
        if len(game.history) != self.history_length and self.sync_history() and not first and "phase" in events:
            events.add("results")  # phases finished while this seat was away: show the latest results
        if self.draft is not None and events & {"phase", "position", "results"}:
            self.open_draft()  # the old draft's orders belong to a position that is gone
        elif self.entry is not None and (self.you or {}).get("legal") != self._entry_legal:
            self.entry = self._new_entry(self.draft)  # the seat's choices changed under the same position
        return events

    def _unsent_words(self) -> str:
        """The draft's changes the host hasn't got, in words ("" when there are none)."""
        if self.draft is None or self.power is None or not self.draft_differs():
            return ""
        kept = set(self.host_orders())
        added = [line for line in self.draft.lines(self.power) if line not in kept]
        return ", ".join(added) if added else "orders taken out of the draft"

    def _add_press(self, frame: Mapping[str, Any]) -> bool:
        try:
            item = PressItem(int(frame["seq"]), str(frame.get("phase", "")), str(frame["from"]),
                             tuple(str(p) for p in frame.get("to") or ()), str(frame.get("text", "")),
                             float(frame.get("time", 0.0)))
        except (KeyError, TypeError, ValueError):
            return False
        if item.seq in self._seqs:
            return False  # sent again after a reconnect
        self._seqs.add(item.seq)
        self.press.append(item)
        self.press.sort(key=lambda m: m.seq)
        if item.sender != self.power:
            key = conversation_of(item, self.power)
            self.unread[key] = self.unread.get(key, 0) + 1
        return True

    def sync_history(self) -> int:
        """Fetch the finished phases this mirror lacks (after joining late, or time away); how many came."""
        game = self.game
        if len(game.history) > self.history_length:
            del game.history[self.history_length:]
        start = len(game.history)
        if self.link is None:
            return 0
        try:
            while len(game.history) < self.history_length:
                page = self.link.history(len(game.history), HISTORY_PAGE)
                had = len(game.history)
                for entry in page.get("phases") or []:
                    if isinstance(entry, Mapping) and entry.get("index") == len(game.history):
                        state = position_to_state(self.variant_id, entry.get("position") or {})
                        game.history.append(record_from_results(state, results_from_wire(entry.get("results") or [])))
                        if isinstance(entry.get("report"), str):
                            self.reports[len(game.history) - 1] = entry["report"]
                if len(game.history) == had:
                    break  # the host sent nothing usable: try again with the next position
        except (ChancelleryError, TimeoutError, OSError) as exc:
            log.info("history not loaded: %s", exc)
        return len(game.history) - start

    # --- the draft --------------------------------------------------------------------------------

    def open_draft(self) -> None:
        """A draft for this seat, starting from the orders the host keeps for it (none for an observer)."""
        if self.power is None or not self.must_order:
            self.draft, self.entry = None, None
            return
        draft = OrderDraft([self.power])
        saved = [c.order for c in (self.game.check_line(self.power, line) for line in self.host_orders())
                 if c.order is not None]
        if saved:
            draft.replace_all(self.power, saved, "orders kept by the host")
            draft.forget_history()
        draft.subscribe(self._changed)
        self.draft = draft
        self.entry = self._new_entry(draft)

    def close_draft(self) -> None:
        """Drop the draft and its undo history (hot-seat: the next power must find nothing of it)."""
        self.draft, self.entry = None, None
        self.line_errors = []

    def _new_entry(self, draft: OrderDraft | None) -> OrderEntry | None:
        if draft is None or self.power is None:
            return None
        self._entry_legal = (self.you or {}).get("legal")
        entry = OrderEntry(self.entry_options(), draft, self.power)
        entry.subscribe(self._touched)
        return entry

    def entry_options(self) -> EntryOptions:
        """The choices for clicking orders: exactly the host's ``legal`` table for this seat."""
        game, power = self.game, self.power
        options = EntryOptions(game.state.phase.type, game.variant.board)
        if power is None or self.you is None:
            return options
        legal = self.you.get("legal") or {}
        for slot, texts in legal.items() if isinstance(legal, Mapping) else ():
            orders: list[Order] = []
            for text in texts or ():
                check = game.check_line(power, str(text))
                if check.order is not None:
                    orders.append(check.order)
            if orders:
                options.add(power, str(slot), orders)  # a unit's location, or a stacked unit's slot ("E MOS")
        options.note_biddable(game.variant, game.state)
        if game.state.phase.type is PhaseType.ADJUSTMENTS:
            delta = self.you.get("adjustment")
            if isinstance(delta, int) and delta > 0:
                options.build_allowance[power] = min(delta, len(game.variant.build_sites(game.state, power)))
            elif isinstance(delta, int) and delta < 0:
                options.removals_owed[power] = -delta
        return options

    # --- requests ---------------------------------------------------------------------------------

    def _require_link(self, what: str) -> SeatLink | None:
        if self.link is None or not self.connected:
            self.notice = f"Couldn't send {what}: not connected to the host"
            self._changed()
            return None
        return self.link

    def submit(self, ready: bool = True, lines: Sequence[str] | None = None) -> bool:
        """Send the draft (or ``lines``) as this seat's orders; the host's verdict replaces the draft."""
        if self.power is None:
            self.notice = "An observer has no orders to send"
            self._changed()
            return False
        if lines is None:
            lines = self.draft.lines(self.power) if self.draft is not None else self.host_orders()
        link = self._require_link("your orders")
        if link is None:
            return False
        try:
            reply = link.submit_orders(list(lines), ready=ready)
        except (ChancelleryError, TimeoutError, OSError) as exc:
            self.notice = refusal_text("your orders", exc)
            log.info("orders not accepted: %s", getattr(exc, "code", type(exc).__name__))
            self._changed()
            return False
        if self.you is not None and reply.get("phase") == str(self.game.state.phase):
            self.you["orders"] = list(reply.get("orders") or [])
            self.you["ready"] = bool(reply.get("ready"))
        self.line_errors = [(str(c.get("text", "")), str(c.get("error", ""))) for c in reply.get("checks") or []
                            if isinstance(c, Mapping) and not c.get("ok")]
        n = len(self.line_errors)
        self.notice = (f"The host refused {n} order{'s' if n != 1 else ''}; the others are saved." if n else "")
        if self.draft is not None:
            kept = [c.order for c in (self.game.check_line(self.power, t) for t in self.host_orders()) if c.order]
            self.draft.replace_all(self.power, kept, "orders kept by the host")
        self._changed()
        return n == 0

    def set_ready(self, ready: bool) -> bool:
        link = self._require_link("your ready flag")
        if link is None:
            return False
        try:
            reply = link.set_ready(ready)
        except (ChancelleryError, TimeoutError, OSError) as exc:
            self.notice = refusal_text("your ready flag", exc)
            self._changed()
            return False
        if self.you is not None:
            self.you["ready"] = bool(reply.get("ready", ready))
        self.notice = ""
        self._changed()
        return True

    def send_press(self, to: Sequence[str], text: str) -> bool:
        if not text.strip():
            self.notice = "The message is empty"
            self._changed()
            return False
        link = self._require_link("your message")
        if link is None:
            return False
        try:
            link.send_press(list(to), text)
        except (ChancelleryError, TimeoutError, OSError) as exc:
            self.notice = refusal_text("your message", exc)
            self._changed()
            return False
        self.notice = ""
        self._changed()
        return True

    def vote_draw(self, vote: bool) -> bool:
        link = self._require_link("your draw vote")
        if link is None:
            return False
        try:
            link.vote_draw(vote)
        except (ChancelleryError, TimeoutError, OSError) as exc:
            self.notice = refusal_text("your draw vote", exc)
            self._changed()
            return False
        if self.you is not None:
            self.you["draw_vote"] = vote
        self._changed()
        return True

    def replace_link(self, link: SeatLink | None) -> None:
        """A new connection after a reconnect (or ``None`` while there is none)."""
        self.link = link
        self.connected = link is not None
        self._changed()


# --- the seats at this machine ---------------------------------------------------------------------------

class TableStage(enum.StrEnum):
    CURTAIN = "curtain"  # pass the machine to ``power``
    ENTRY = "entry"  # the active seat looks at the board and enters orders (or an observer watches)
    WAITING = "waiting"  # every seat here is ready; the host waits for others
    RESULTS = "results"  # a phase was adjudicated: everyone may look


class NetworkTable:
    """The seats of this machine. One seat: it is always shown. Several: hot-seat with a curtain."""

    def __init__(self, seats: Sequence[NetworkSeat]) -> None:
        if not seats:
            raise ChancelleryError("a table needs at least one seat or observer")
        self.seats = list(seats)
        self.stage = TableStage.ENTRY
        self.power: str | None = None  # the power behind the curtain, or at the board
        self.active: NetworkSeat | None = None
        self.started = False  # set once every seat has its first position
        self.version = 0
        self._listeners: list[Callable[[], None]] = []
        for seat in self.seats:
            seat.subscribe(self._forward)

    @property
    def hot_seat(self) -> bool:
        return sum(1 for s in self.seats if s.power is not None) > 1

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        """The stage or the active seat changed."""
        self.version += 1
        self._forward()

    def _forward(self) -> None:
        for callback in list(self._listeners):
            callback()

    def data_key(self) -> tuple[int, ...]:
        """Changes whenever anything shown changes except the entry machine's selection."""
        return (self.version, *(s.version for s in self.seats))

    def seat_of(self, power: str | None) -> NetworkSeat | None:
        return next((s for s in self.seats if s.power == power), None)

    def shown_seat(self) -> NetworkSeat:
        """Whose mirror the board shows: the active seat, else the first (public facts only are drawn then)."""
        return self.active or self.seats[0]

    def local_waiting(self) -> list[NetworkSeat]:
        return [s for s in self.seats if s.power is not None and s.must_order and not s.is_ready]

    def local_done(self) -> list[NetworkSeat]:
        return [s for s in self.seats if s.power is not None and s.must_order and s.is_ready]

    # --- transitions ------------------------------------------------------------------------------

    def start(self) -> None:
        """Decide what happens now: the single seat's board, the next power's curtain, or waiting."""
        for seat in self.seats:
            if seat is not self.active or self.hot_seat:
                seat.close_draft()
        if not self.hot_seat:
            seat = self.seats[0]
            self.stage, self.active, self.power = TableStage.ENTRY, seat, seat.power
            if seat.draft is None:
                seat.open_draft()
        else:
            self.active = None
            waiting = [s for s in self.local_waiting() if not s.game.is_over]
            if waiting:
                self.stage, self.power = TableStage.CURTAIN, waiting[0].power
            else:
                self.stage, self.power = TableStage.WAITING, None
        self._changed()

    def reveal(self) -> None:
        """The power named by the curtain has the seat: show its board and a draft from its saved orders."""
        if self.stage is not TableStage.CURTAIN:
            raise ChancelleryError("no power is waiting behind the curtain")
        seat = self.seat_of(self.power)
        if seat is None:
            raise ChancelleryError(f"{self.power} is not played at this machine")
        self.stage, self.active = TableStage.ENTRY, seat
        seat.open_draft()
        self._changed()

    def take_seat(self, power: str) -> None:
        """A power here wants to see or revise its orders: its curtain goes up (at once with one seat)."""
        seat = self.seat_of(power)
        if seat is None:
            raise ChancelleryError(f"{power} is not played at this machine")
        if not self.hot_seat:
            self.start()
            return
        if self.active is not None:
            self.active.close_draft()
        self.active, self.stage, self.power = None, TableStage.CURTAIN, power
        self._changed()

    def submit(self, ready: bool = True) -> bool:
        """Send the active seat's draft; in hot-seat play a ready power then passes the machine on."""
        seat = self.active
        if seat is None or self.stage is not TableStage.ENTRY:
            return False
        ok = seat.submit(ready)
        if ok and ready and self.hot_seat and seat.is_ready:
            self.start()
        return ok

    def continue_after_results(self) -> None:
        if self.stage is TableStage.RESULTS:
            self.start()

    def apply(self, seat: NetworkSeat, frame: Mapping[str, Any]) -> set[str]:
        """A frame for one of this machine's connections."""
        events = seat.apply(frame)
        if not self.started:
            if all(s.received_state for s in self.seats):
                self.started = True
                self.start()
            return events
        if "results" in events and self.stage is not TableStage.RESULTS:
            for s in self.seats:
                s.close_draft()
            self.stage, self.power = TableStage.RESULTS, None
            self.active = None if self.hot_seat else self.seats[0]
            self._changed()
        elif self.stage is TableStage.ENTRY and not self.hot_seat and seat.draft is None and seat.must_order \
                and events & {"phase", "position"}:
            seat.open_draft()  # a phase with orders after one without (the seat's own board stays up)
        elif self.stage is TableStage.WAITING and events & {"state", "phase", "position"} and self.local_waiting():
            self.start()  # a seat here is no longer ready (its phase was corrected, or the host released it)
        return events


__all__ = [
    "PUBLIC",
    "ClockReading",
    "NetworkSeat",
    "NetworkTable",
    "PressItem",
    "SeatLink",
    "TableStage",
    "clock_text",
    "conversation_of",
    "position_to_state",
    "refusal_text",
    "results_from_wire",
]
