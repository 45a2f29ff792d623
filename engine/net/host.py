"""The LAN host: one game, seats claimed over TCP (or in-process), sealed orders, press and deadlines.

All game changes happen in message handlers that run to completion on one asyncio loop, so no two
frames ever see a half-changed game. Sending never waits: each connection has a bounded write buffer
and a client that lets it overflow is dropped (it may reconnect with its token).

Privacy rules enforced here (docs/protocol.md, "What each seat sees"):

- a seat's pending orders go only to connections holding that seat, and only in replies to that seat;
- submitting or revising orders sends nothing to anyone else, not even a count;
- ready flags are public unless the host was started with ``ready_public=False``;
- every position leaves through ``variant.view_for(state, power)`` (:mod:`engine.net.views`);
- a bot playing a seat (one the host put in an unclaimed seat, or one standing in for a player who left, when
  the host allows it) seals its orders through the game like a person and is shown only as ``bot`` in the
  seat table.
"""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import hmac
import json
import logging
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game import Game, LineCheck, PhaseRecord
from ..savefile import game_to_dict, load_game, save_game, write_atomic
from ..seat_bots import BOT_STRENGTHS, BotSeat, bot_seats_from, bot_seats_to, check_strength
from ..types import ChancelleryError, PhaseType
from ..variants.base import Variant
from .clock import DeadlinePolicy, PhaseClock
from .codec import MAX_FRAME_SIZE, FrameError, encode_frame, encode_json, encode_parts
from .press import PressLog, press_rule_for
from .schema import (
    ERROR_CODES,
    MAX_HISTORY_PAGE,
    MAX_ORDER_LINES,
    MAX_PRESS_LENGTH,
    PROTOCOL_NAME,
    SUPPORTED_VERSIONS,
    ProtocolError,
    check_client_message,
    request_id,
)
from .seats import SeatTable
from .transport import DEFAULT_MAX_BUFFER, BufferOverflow, TcpTransport, Transport, TransportClosed, memory_pair
from .views import SeatViews, game_over_block, history_entry, result_to_wire, seat_list, viewer

log = logging.getLogger(__name__)

META_KEY = "lan_host"  # where the host keeps seats, press and clock inside the save file's meta
META_FORMAT = 1
_HISTORY_MARK = "\u0000history\u0000"  # where the saved phases go in a save file's text
LINE_CACHE_SIZE = 4096  # order lines remembered per position, so a resent list isn't read again


@dataclass(eq=False)
class Connection:
    """The host's side of one client: what it has said so far decides what it may say next."""

    number: int
    transport: Transport
    address: str = "?"
    opened_at: float = 0.0  # on the host's clock
    heard_at: float = 0.0  # when its last whole message arrived
    greeted: bool = False
    power: str | None = None
    observer: bool = False
    name: str = ""
    closed: bool = False

    @property
    def label(self) -> str:
        who = self.power or ("observer" if self.observer else "guest")
        return f"#{self.number} {who} ({self.transport.peer})"

    @property
    def eviction_rank(self) -> tuple[bool, bool, int]:
        """Which unseated connection makes room first: silent ones, then guests, then observers; oldest first."""
        return (self.observer, self.greeted, self.number)


@dataclass
class HostSettings:
    name: str = "Chancellery host"
    password: str | None = None
    deadlines: DeadlinePolicy = field(default_factory=DeadlinePolicy)
    ready_public: bool = True  # who is ready is shown to everyone; never what or how much they ordered
    cd_unclaimed: bool = False  # seats nobody claimed count as ready (civil disorder) instead of blocking
    takeover_bot: str | None = None  # a bot of this strength plays a seat whose player has left, until they return
    takeover_after: float = 60.0  # seconds a player may be gone before the bot takes over (a quick reconnect isn't)
    max_connections: int = 128
    max_unseated_per_address: int = 32  # guests and observers from one address; seated players don't count
    max_frame: int = MAX_FRAME_SIZE
    max_write_buffer: int = DEFAULT_MAX_BUFFER
    hello_timeout: float = 10.0  # seconds a new connection has to say hello
    guest_timeout: float = 120.0  # seconds a greeted connection may sit silent without claiming, resuming or observing
    slice_seconds: float = 0.002  # reading a long order list yields to other connections this often


class Host:
    """A game served to seats and observers. Create it, ``await start()``, and it runs on the loop.

    Its methods (``pause``, ``process_now``, ...) must run on that loop's thread; :class:`HostThread`
    wraps them for other threads.
    """

    def __init__(self, game: Game, settings: HostSettings | None = None, save_path: str | os.PathLike[str] | None = None,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self._now = now
        self.settings = settings or HostSettings()
        self.save_path = Path(save_path) if save_path is not None else None
        self.seats = SeatTable(game.variant.powers)
        self.press = PressLog()
        self.clock = PhaseClock()
        self.views = SeatViews(game)
        self._press_rule = press_rule_for(game.variant)
        self._conns: set[Connection] = set()
        self._by_power: dict[str, Connection] = {}
        self._numbers = 0
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self._line_cache: dict[tuple[str, str], LineCheck] = {}
        self._line_cache_state: object = None
        self._saved_phases: dict[int, tuple[PhaseRecord, str]] = {}  # id(record) -> (record, its saved JSON)
        self._listeners: list[Callable[[str, dict[str, Any]], None]] = []
        self.address: tuple[str, int] | None = None
        self.bots: dict[str, BotSeat] = {}  # unclaimed seats the host gave a bot
        self._bot_ready: set[str] = set()  # powers whose ready flag this phase a bot set, not a person
        self._bot_rng = random.Random()
        self._bots_due = False
        self._restore_meta()
        if self.settings.takeover_bot is not None:
            check_strength(self.settings.takeover_bot)
        # Claimed seats nobody holds yet count as left when the host starts (a restarted host's players).
        self._left_at: dict[str, float] = {p: self._now() for p, on in self.seats.claimed().items() if on}

    # --- life cycle -------------------------------------------------------------------------------

    @classmethod
    def from_save(cls, path: str | os.PathLike[str], settings: HostSettings | None = None,
                  save_path: str | os.PathLike[str] | None = None) -> Host:
        """Resume a game (seats, sealed orders, ready flags, press, clock) from a save file."""
        game = load_game(path)
        return cls(game, settings, path if save_path is None else save_path)

    def _restore_meta(self) -> None:
        data = self.game.meta.get(META_KEY)
        if isinstance(data, Mapping) and data.get("format") == META_FORMAT:
            # Each part of the record is read if it has its shape and left out if not (a damaged or hand-edited
            # file must still open): seats, press and clock apart.
            seats, press, clock = data.get("seats"), data.get("press"), data.get("clock")
            self.seats.restore(seats if isinstance(seats, Mapping) else {})
            self.press.restore(press if isinstance(press, list) else [])
            self.clock.restore(clock if isinstance(clock, Mapping) else {})
            self.bots = {p: b for p, b in bot_seats_from(data.get("bots"), self.game.variant.powers).items()
                         if not self.seats.is_claimed(p)}
            bot_ready = data.get("bot_ready")
            self._bot_ready = {p for p in bot_ready if isinstance(p, str) and p in self.game.ready} \
                if isinstance(bot_ready, list) else set()
            if not isinstance(clock, Mapping):  # none kept (or unreadable): the phase's own limit starts afresh
                self._start_clock()
        else:
            self._start_clock()

    def _start_clock(self) -> None:
        seconds = None if self.game.is_over else self.settings.deadlines.for_phase(self.game.state.phase.type)
        self.clock.start(seconds)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen for clients; returns the bound (address, port) (port 0 picks a free one)."""
        self._server = await asyncio.start_server(self._accept_tcp, host, port)
        sock = self._server.sockets[0].getsockname()
        self.address = (str(sock[0]), int(sock[1]))
        self._schedule_deadline()
        self._schedule_sweep()
        self.save()
        log.info("hosting %s (%s) on %s:%d", self.game.variant.id, self.game.phase, *self.address)
        # A host stopped after the last "ready" was saved but before adjudicating finishes the job now.
        if not self._maybe_process():
            self._schedule_bots()
        return self.address

    @property
    def port(self) -> int:
        if self.address is None:
            raise ChancelleryError("the host is not listening yet")
        return self.address[1]

    async def close(self) -> None:
        """Stop listening, tell every client, save, and close every connection."""
        if self._timer is not None:
            self._timer.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        if self._server is not None:
            self._server.close()
        for conn in list(self._conns):
            self._send(conn, {"type": "error", "code": "shutting_down", "message": "the host is stopping"})
            self._drop(conn)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None
        self.save()

    def add_listener(self, callback: Callable[[str, dict[str, Any]], None]) -> None:
        """``callback(event, details)`` for the host's own UI or log: connected, disconnected, processed, ..."""
        self._listeners.append(callback)

    def _notify(self, event: str, **details: Any) -> None:
        for callback in list(self._listeners):
            callback(event, details)

    # --- connections ------------------------------------------------------------------------------

    async def _accept_tcp(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        transport = TcpTransport(reader, writer, self.settings.max_frame, self.settings.max_write_buffer)
        try:
            await self._serve(transport)
        except asyncio.CancelledError:
            # The loop is shutting down; asyncio's server would log a cancelled handler as an error.
            transport.close(abort=True)

    async def connect_local(self, name: str = "local", password: str | None = None, address: str = "local",
                            keep_events: bool = True) -> Any:
        """An in-process client on this host's loop: a seat played on the host machine (hot seat), or a
        bridge such as the DAIDE port's (``address`` then names its remote end, for the per-address limits).

        It speaks the same protocol through an in-memory link, so it behaves exactly like a remote client.
        Returns a greeted :class:`engine.net.client.AsyncClient`.
        """
        from .client import AsyncClient

        client_end, host_end = memory_pair(self.settings.max_frame, self.settings.max_write_buffer, name)
        host_end.address = address
        task = asyncio.get_running_loop().create_task(self._serve(host_end))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        pw = self.settings.password if password is None else password
        return await AsyncClient.over(client_end, name=name, password=pw, keep_events=keep_events)

    async def _serve(self, transport: Transport) -> None:
        self._numbers += 1
        now = self._now()
        conn = Connection(self._numbers, transport, transport.address, now, now)
        if not self._make_room(conn):
            self._send(conn, {"type": "error", "code": "host_full", "message": ERROR_CODES["host_full"]})
            transport.close()
            return
        self._conns.add(conn)
        try:
            while not conn.closed:
                if not await self._serve_one(conn):
                    break
                # One message per turn: a client that pipelines many frames waits behind everyone else's.
                await asyncio.sleep(0)
        except (ConnectionError, OSError, TransportClosed):
            pass
        finally:
            self._drop(conn)

    async def _serve_one(self, conn: Connection) -> bool:
        """Read and answer one message; False once the connection must end."""
        try:
            message = await conn.transport.receive()
        except FrameError as exc:
            self._error(conn, exc.code, str(exc), None, None)
            return not exc.fatal
        if message is None:
            return False
        conn.heard_at = self._now()
        try:
            await self._handle(conn, message)
        except ProtocolError as exc:
            self._error(conn, exc.code, str(exc), request_id(message), message.get("type"))
            return not exc.fatal
        except ChancelleryError as exc:  # the engine refused an action the schema let through: say why
            self._error(conn, "refused", str(exc), request_id(message), message.get("type"))
        except Exception:  # a bug must cost this one connection, never the host
            log.exception("internal error handling %r from %s", message.get("type"), conn.label)
            self._error(conn, "internal_error", ERROR_CODES["internal_error"], request_id(message),
                        message.get("type"))
            return False
        return True

    def _make_room(self, newcomer: Connection) -> bool:
        """Admit a new connection, closing the oldest unseated one if needed; False if every slot is seated.

        A player coming back with a token must always get in, so connections without a seat give way:
        first one from the newcomer's own address when that address has its fill of unseated connections,
        then the oldest unseated one anywhere when the host is full.
        """
        unseated = [c for c in self._conns if c.power is None]
        same_address = [c for c in unseated if c.address == newcomer.address]
        if len(same_address) >= self.settings.max_unseated_per_address:
            self._crowd_out(min(same_address, key=lambda c: c.eviction_rank))
            unseated = [c for c in self._conns if c.power is None]
        if len(self._conns) < self.settings.max_connections:
            return True
        if not unseated:
            return False
        self._crowd_out(min(unseated, key=lambda c: c.eviction_rank))
        return True

    def _crowd_out(self, conn: Connection) -> None:
        self._error(conn, "host_full", "the host needed room for a new connection; connections without a seat "
                                       "make room first", None, None)
        self._drop(conn)

    def _schedule_sweep(self) -> None:
        limit = min(self.settings.hello_timeout, self.settings.guest_timeout)
        self._sweeper = asyncio.get_running_loop().call_later(max(0.02, min(1.0, limit / 4)), self._sweep)

    def _sweep(self) -> None:
        self.expire_idle()
        if self.settings.takeover_bot is not None and self._left_at:
            self.play_bots()
        self._schedule_sweep()

    def expire_idle(self) -> int:
        """Close connections that said no hello in time, or said hello and then sat silent without taking a
        seat or observing; returns how many. Runs every second or so; tests call it with an injected clock."""
        now, closed = self._now(), 0
        for conn in list(self._conns):
            if not conn.greeted:
                if now - conn.opened_at < self.settings.hello_timeout:
                    continue
                why = f"no hello within {self.settings.hello_timeout:g} seconds"
            elif conn.power is None and not conn.observer:
                if now - conn.heard_at < self.settings.guest_timeout:
                    continue
                why = f"no claim, resume or observe and no message for {self.settings.guest_timeout:g} seconds"
            else:
                continue
            self._error(conn, "timeout", why, None, None)
            self._drop(conn)
            closed += 1
        return closed

    def _drop(self, conn: Connection) -> None:
        if conn.closed:
            return
        conn.closed = True
        conn.transport.close()
        self._conns.discard(conn)
        if conn.power is not None and self._by_power.get(conn.power) is conn:
            del self._by_power[conn.power]
            if self.seats.is_claimed(conn.power):
                self._left_at[conn.power] = self._now()
            self._broadcast_seats()
        self._notify("disconnected", connection=conn.label)

    def _send(self, conn: Connection, frame: Mapping[str, Any]) -> bool:
        if conn.closed:
            return False
        try:
            conn.transport.send(frame)
        except TransportClosed as exc:
            self._lost(conn, exc)
            return False
        except FrameError as exc:  # a frame the host itself built is too large: a bug, but not a crash
            log.warning("could not send %s to %s: %s", frame.get("type"), conn.label, exc)
            return False
        return True

    def _send_encoded(self, conn: Connection, frame: bytes) -> None:
        """Send a frame encoded once for several connections."""
        if conn.closed:
            return
        try:
            conn.transport.send_encoded(frame)
        except TransportClosed as exc:
            self._lost(conn, exc)

    def _lost(self, conn: Connection, exc: TransportClosed) -> None:
        """A send found the link gone: a reader too slow is worth a warning, a peer that left is not."""
        if isinstance(exc, BufferOverflow):
            log.warning("dropping %s: %s", conn.label, exc)
        else:
            log.info("%s had closed its connection", conn.label)
        self._drop(conn)

    def _encode_parts(self, parts: Sequence[tuple[str, str]], kind: str) -> bytes | None:
        try:
            return encode_parts(parts, self.settings.max_frame)
        except FrameError as exc:  # a frame the host itself built is too large: a bug, but not a crash
            log.warning("could not encode %s: %s", kind, exc)
            return None

    def _encode(self, frame: Mapping[str, Any]) -> bytes | None:
        try:
            return encode_frame(frame, self.settings.max_frame)
        except FrameError as exc:  # a frame the host itself built is too large: a bug, but not a crash
            log.warning("could not encode %s: %s", frame.get("type"), exc)
            return None

    def _error(self, conn: Connection, code: str, message: str, re: int | str | None, ref: Any) -> None:
        frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if re is not None:
            frame["re"] = re
        if isinstance(ref, str) and len(ref) <= 32:
            frame["ref"] = ref
        self._send(conn, frame)

    def _reply(self, conn: Connection, request: Mapping[str, Any], frame: dict[str, Any]) -> None:
        rid = request_id(request)
        if rid is not None:
            frame["re"] = rid
        self._send(conn, frame)

    # --- dispatch ---------------------------------------------------------------------------------

    async def _handle(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        check_client_message(msg)
        kind = msg["type"]
        if kind == "hello":
            return self._on_hello(conn, msg)
        if not conn.greeted:
            raise ProtocolError("out_of_order", f"{kind}: say hello first")
        if kind == "orders":  # the one message read in slices, so a long list can't hold up other seats
            return await self._on_orders(conn, msg)
        handler = {
            "claim": self._on_claim, "resume": self._on_resume, "observe": self._on_observe,
            "ready": self._on_ready, "press": self._on_press, "draw": self._on_draw,
            "state": self._on_state, "history": self._on_history, "ping": self._on_ping, "bye": self._on_bye,
        }[kind]
        handler(conn, msg)

    def _on_hello(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        if conn.greeted:
            raise ProtocolError("out_of_order", "hello: this connection already said hello")
        common = set(msg["versions"]) & set(SUPPORTED_VERSIONS)
        if not common:
            raise ProtocolError("unsupported_version",
                                f"hello: no protocol version in common: this client speaks {sorted(set(msg['versions']))}, "
                                f"this host speaks protocol versions {list(SUPPORTED_VERSIONS)}", fatal=True)
        password = self.settings.password
        if password is not None:
            given = msg.get("password")
            if not isinstance(given, str):
                raise ProtocolError("bad_password", "hello: this host needs a password, and none was given", fatal=True)
            if not hmac.compare_digest(given.encode(), password.encode()):
                raise ProtocolError("bad_password", "hello: the password is wrong", fatal=True)
        conn.greeted, conn.name = True, str(msg.get("client") or "")
        variant = self.game.variant
        self._reply(conn, msg, {
            "type": "welcome", "protocol": PROTOCOL_NAME, "version": max(common), "host": self.settings.name,
            "variant": variant.id, "variant_name": variant.name, "variant_options": dict(variant.options),
            "powers": variant.powers,
            "phase": self.game.phase, "seats": self._seat_rows(), "ready_public": self.settings.ready_public,
            "limits": {"max_frame": self.settings.max_frame, "max_order_lines": MAX_ORDER_LINES,
                       "max_press_length": MAX_PRESS_LENGTH, "max_history_page": MAX_HISTORY_PAGE},
        })
        self._notify("connected", connection=conn.label, client=conn.name)

    def _require_no_role(self, conn: Connection, kind: str) -> None:
        if conn.power is not None or conn.observer:
            raise ProtocolError("out_of_order", f"{kind}: this connection already has a seat or is observing")

    def _on_claim(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        self._require_no_role(conn, "claim")
        power, token = self.seats.claim(msg["power"], conn.name)
        if self.bots.pop(power, None) is not None:  # a person takes the seat over from the host's bot
            self._notify("bot_removed", power=power)
        # A newcomer keeps the orders found in the seat, but has said nothing yet: the phase waits for them.
        self._bot_ready.discard(power)
        self.game.mark_ready(power, False)
        self._take_seat(conn, power, msg, token)
        self.save()
        self._notify("claimed", power=power, connection=conn.label)
        self._maybe_process()

    def _on_resume(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        self._require_no_role(conn, "resume")
        power = self.seats.power_for_token(msg["token"])
        old = self._by_power.get(power)
        if old is not None and old is not conn:
            self._error(old, "replaced", ERROR_CODES["replaced"], None, None)
            self._drop(old)
        if power in self._bot_ready:  # a bot stood in and said ready; the player back decides for themselves
            self._bot_ready.discard(power)
            self.game.mark_ready(power, False)
            self.save()
        self._take_seat(conn, power, msg, None)
        self._notify("resumed", power=power, connection=conn.label)

    def _take_seat(self, conn: Connection, power: str, msg: Mapping[str, Any], token: str | None) -> None:
        conn.power = power
        self._by_power[power] = conn
        self._left_at.pop(power, None)  # back: the bot standing in (if any) stops with this phase's orders
        reply: dict[str, Any] = {"type": "seated", "power": power}
        if token is not None:
            reply["token"] = token
        self._reply(conn, msg, reply)
        self._send(conn, self._state_frame(power))
        for message in self.press.visible_to(power):
            self._send(conn, message.to_wire())
        self._broadcast_seats()

    def _on_observe(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        self._require_no_role(conn, "observe")
        conn.observer = True
        self._reply(conn, msg, {"type": "observing"})
        self._send(conn, self._state_frame(None))
        for message in self.press.visible_to(None):
            self._send(conn, message.to_wire())

    def _seated_power(self, conn: Connection, kind: str) -> str:
        if conn.power is None:
            raise ProtocolError("not_seated", f"{kind}: only a seated player may do this")
        return conn.power

    def _own_power(self, conn: Connection, msg: Mapping[str, Any]) -> str:
        """The seat's power; a message that names another power (optional ``power`` field) is refused."""
        kind = msg["type"]
        power = self._seated_power(conn, kind)
        named = msg.get("power")
        if named is not None and named.strip().upper() != power:
            raise ProtocolError("not_your_power", f"{kind}: this connection plays {power}, not {named!r}")
        return power

    def _check_phase(self, msg: Mapping[str, Any], power: str) -> None:
        kind = msg["type"]
        if self.game.is_over:
            raise ProtocolError("game_over", f"{kind}: the game has ended")
        if msg["phase"].strip().upper() != self.game.phase:
            raise ProtocolError("wrong_phase", f"{kind}: phase {msg['phase']!r} is not the current phase "
                                               f"{self.game.phase}")
        if power not in self.views.to_order():
            raise ProtocolError("nothing_to_order", f"{kind}: {power} has nothing to order in {self.game.phase}")

    async def _on_orders(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        power = self._own_power(conn, msg)
        self._check_phase(msg, power)
        position = self.game.state
        checks = await self._read_lines(power, msg["orders"])
        # Other connections ran while the lines were read: the phase may have moved on, the seat changed hands.
        if self.game.state is not position:
            raise ProtocolError("wrong_phase", f"orders: {msg['phase']} was adjudicated while these orders were "
                                               f"being read; the current phase is {self.game.phase}")
        self._check_phase(msg, power)
        if conn.closed or conn.power != power:
            return
        was_ready = power in self.game.ready
        ready = bool(msg.get("ready", False))
        before = (self.game.pending_orders(power), was_ready)
        self._bot_ready.discard(power)
        self.game.keep_checked_orders(power, checks, ready=ready)
        if (self.game.pending_orders(power), ready) != before:  # a repeated submission has nothing new to save
            self.save()  # before the answer: an acknowledged submission survives a crash
        self._reply(conn, msg, {
            "type": "orders_ack", "phase": self.game.phase,
            "checks": [{"text": c.text, "ok": c.ok} | ({} if c.ok else {"error": c.error}) for c in checks],
            "orders": self.game.pending_orders(power), "ready": ready,
        })
        if not self._maybe_process() and ready != was_ready and self.settings.ready_public:
            self._broadcast_seats()

    async def _read_lines(self, power: str, lines: Sequence[str]) -> list[LineCheck]:
        """Check each order line against the current position, giving other connections a turn every
        ``slice_seconds``; a line already read for this power and position comes from the cache."""
        position = self.game.state
        if self._line_cache_state is not position:
            self._line_cache_state, self._line_cache = position, {}
        cache = self._line_cache
        checks: list[LineCheck] = []
        slice_started = time.perf_counter()
        for line in lines:
            if not line.strip():
                continue
            check = cache.get((power, line))
            if check is None:
                if time.perf_counter() - slice_started >= self.settings.slice_seconds:
                    await asyncio.sleep(0)
                    if self.game.state is not position:
                        return checks  # the caller refuses the whole list
                    slice_started = time.perf_counter()
                check = self.game.check_line(power, line)
                if len(cache) < LINE_CACHE_SIZE:
                    cache[(power, line)] = check
            checks.append(check)
        return checks

    def _on_ready(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        power = self._own_power(conn, msg)
        self._check_phase(msg, power)
        was_ready = power in self.game.ready
        self._bot_ready.discard(power)
        self.game.mark_ready(power, msg["ready"])
        changed = msg["ready"] != was_ready
        completes = changed and self._can_process()
        if changed and not completes:
            self.save()  # before the answer: an acknowledged ready flag survives a crash
        self._reply(conn, msg, {"type": "ready_ack", "phase": self.game.phase, "ready": msg["ready"]})
        if completes:
            # The last ready goes straight to the results; the save after them holds the new phase. A crash
            # in between loses only this ready flag, and the seat sends it again.
            self.process_now("ready")
        elif changed and self.settings.ready_public:
            self._broadcast_seats()

    def _on_press(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        power = self._seated_power(conn, "press")
        recipients = tuple(sorted({self.seats.find_power(p) for p in msg["to"]} - {power}))
        if msg["to"] and not recipients:
            raise ProtocolError("bad_message", "press: a message only to yourself is a note, not press")
        reason = self._press_rule(self.game.state, power, recipients)
        if reason:
            raise ProtocolError("press_refused", f"press: {reason}")
        message = self.press.add(self.game.phase, power, recipients, msg["text"])
        # Saved before the answer, as orders are: an acknowledged message survives a crash, and a restarted
        # host never gives the next message the number of one a client has already seen.
        self.save()
        self._reply(conn, msg, {"type": "press_ack", "seq": message.seq})
        frame = self._encode(message.to_wire())
        if frame is None:
            return
        for other in self._audience():
            if message.is_visible_to(other.power):
                self._send_encoded(other, frame)

    def _on_draw(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        power = self._own_power(conn, msg)
        if self.game.is_over:
            raise ProtocolError("game_over", "draw: the game has ended")
        self.game.vote_draw(power, msg["vote"])  # the engine may refuse (a variant with no draws): "refused"
        self.save()
        # Votes are secret until every survivor has voted for the draw (then the game ends for all).
        self._reply(conn, msg, {"type": "draw_ack", "vote": msg["vote"]})
        if self.game.drawn:
            self._clear_timer()
            self._broadcast_states()
            self._notify("drawn", powers=sorted(self.game.draw_votes))

    def _on_state(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        if conn.power is None and not conn.observer:
            raise ProtocolError("out_of_order", "state: claim a seat, resume or observe first")
        frame = self._state_frame(conn.power)
        self._reply(conn, msg, frame)

    def _on_history(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        if conn.power is None and not conn.observer:
            raise ProtocolError("out_of_order", "history: claim a seat, resume or observe first")
        history = self.game.history
        start, count = msg["start"], msg.get("count") or MAX_HISTORY_PAGE
        entries = []
        variant = self.game.variant
        reports = type(variant).turn_report is not Variant.turn_report
        states = [r.state for r in history] + [self.game.state] if reports else []
        for i in range(start, min(start + count, len(history))):
            nxt = history[i + 1].state if i + 1 < len(history) else self.game.state
            entry = history_entry(variant, i, history[i], nxt, conn.power)
            report = variant.turn_report(states, i, history[i].results, viewer(conn.power)) if reports else None
            if report is not None:
                entry["report"] = report  # the seat's own, as its results frame carried it
            entries.append(entry)
        self._reply(conn, msg, {"type": "history", "start": start, "total": len(history), "phases": entries})

    def _on_ping(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        self._reply(conn, msg, {"type": "pong"})

    def _on_bye(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        self._drop(conn)

    # --- frames -----------------------------------------------------------------------------------

    def _seat_rows(self) -> list[dict[str, Any]]:
        ready = None
        if self.settings.ready_public:
            ready = {p: p in self.game.ready for p in self.views.to_order()}
        connected = {p: p in self._by_power for p in self.game.variant.powers}
        bots = {p: bot.strength for p in self.game.variant.powers if (bot := self._bot_playing(p)) is not None}
        return seat_list(self.game.variant.powers, self.seats.claimed(), connected, ready, bots)

    def _state_frame(self, power: str | None, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return {
            "type": "state",
            "position": self.views.position(power),
            "to_order": self.views.to_order(),
            "you": None if power is None else self.views.you_block(power),
            "seats": self._seat_rows() if seats is None else seats,
            "clock": self.clock.to_wire(),
            "over": game_over_block(self.game),
            "history_length": len(self.game.history),
        }

    def _audience(self) -> list[Connection]:
        return [c for c in self._conns if c.greeted and (c.power is not None or c.observer)]

    def _broadcast_seats(self) -> None:
        frame = self._encode({"type": "seats", "seats": self._seat_rows()})
        if frame is not None:
            for conn in self._audience():
                self._send_encoded(conn, frame)

    def _broadcast_states(self) -> None:
        """Every seat's ``state`` frame, as ``_state_frame`` gives it: the parts seats share (the position
        as each view shows it, seats, clock) written once, each seat's own block apart."""
        audience = self._audience()
        if not audience:
            return
        shared = {"to_order": encode_json(self.views.to_order()), "seats": encode_json(self._seat_rows()),
                  "clock": encode_json(self.clock.to_wire()), "over": encode_json(game_over_block(self.game)),
                  "history_length": encode_json(len(self.game.history))}
        encoded: dict[str | None, bytes | None] = {}  # observers share one frame; each seat has its own
        for conn in audience:
            power = conn.power
            if power not in encoded:
                you = "null" if power is None else encode_json(self.views.you_block(power))
                parts = [("type", '"state"'), ("position", self.views.position_json(power)),
                         ("to_order", shared["to_order"]), ("you", you), ("seats", shared["seats"]),
                         ("clock", shared["clock"]), ("over", shared["over"]),
                         ("history_length", shared["history_length"])]
                encoded[power] = self._encode_parts(parts, "state")
            frame = encoded[power]
            if frame is not None:
                self._send_encoded(conn, frame)

    def _broadcast_clock(self) -> None:
        frame = self._encode({"type": "clock"} | self.clock.to_wire())
        if frame is not None:
            for conn in self._audience():
                self._send_encoded(conn, frame)

    # --- adjudication -----------------------------------------------------------------------------

    def _waiting_for(self) -> list[str]:
        """Powers whose readiness the phase still waits for."""
        game = self.game
        return [p for p in self.views.to_order()
                if p not in game.ready and (self.seats.is_claimed(p) or not self.settings.cd_unclaimed)]

    def _can_process(self) -> bool:
        """Every seat the phase waits for is ready (and the host isn't paused)."""
        if self.game.is_over or self.clock.paused or self._waiting_for():
            return False
        to_order = self.views.to_order()
        # Civil-disorder seats alone never drive a movement phase: with nobody playing, the game would spin.
        # The host's own bots do once someone has joined: the game goes on after its last person is out, but
        # doesn't run ahead before anyone takes a seat.
        if self.game.state.phase.type is not PhaseType.MOVEMENT or any(self.seats.is_claimed(p) for p in to_order):
            return True
        return any(p in self.bots for p in to_order) and any(self.seats.claimed().values())

    def _maybe_process(self) -> bool:
        """Adjudicate if every seat the phase waits for is ready; True if it did."""
        if not self._can_process():
            return False
        self.process_now("ready")
        return True

    def process_now(self, reason: str = "host") -> None:
        """Adjudicate the current phase at once; missing orders take the engine's defaults."""
        if self.game.is_over:
            raise ChancelleryError("the game is over")
        before = self.game.state
        result = self.game.process()
        self._bot_ready.clear()
        self._start_clock()
        log.info("%s processed (%s) -> %s", before.phase, reason, self.game.phase)
        # Results first, each distinct list encoded once (without fog of war, one frame for everyone), from
        # each result written once: a seat's list differs from another's only by its private lines.
        variant = self.game.variant
        by_power: dict[str | None, bytes | None] = {}
        by_list: dict[tuple[Any, ...], bytes | None] = {}
        results = list(result.results)
        written = {id(r): encode_json(result_to_wire(r)) for r in results}  # ``results`` keeps each alive
        head = [("type", '"results"'), ("phase", encode_json(str(before.phase))),
                ("next_phase", encode_json(self.game.phase)), ("reason", encode_json(reason))]
        alive: list[list[Any]] = []  # keeps each list's results alive, so no id in a key is reused
        # A variant with its own turn report (EMG) sends each seat its own, written from its view.
        reports = type(variant).turn_report is not Variant.turn_report
        states = [r.state for r in self.game.history] + [self.game.state] if reports else []
        for conn in self._audience():
            if conn.power not in by_power:
                shown = variant.results_for(before, list(results), viewer(conn.power))
                alive.append(shown)
                report = variant.turn_report(states, len(states) - 2, result.results, viewer(conn.power)) \
                    if reports else None
                key = (*map(id, shown), report)
                if key not in by_list:
                    parts = [written.get(id(r)) or encode_json(result_to_wire(r)) for r in shown]
                    fields = [*head, ("results", "[" + ",".join(parts) + "]")]
                    if report is not None:
                        fields.append(("report", encode_json(report)))
                    by_list[key] = self._encode_parts(fields, "results")
                by_power[conn.power] = by_list[key]
            frame = by_power[conn.power]
            if frame is not None:
                self._send_encoded(conn, frame)
        self._broadcast_states()
        self._schedule_deadline()
        self._schedule_bots()
        # Saved after every seat has its results: a crash before this point finds the phase unprocessed
        # with every seat ready, and the restarted host adjudicates the same orders again (see start()).
        self.save()
        self._notify("processed", phase=str(before.phase), next_phase=self.game.phase, reason=reason)

    # --- the clock --------------------------------------------------------------------------------

    def _clear_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule_deadline(self) -> None:
        self._clear_timer()
        left = self.clock.remaining()
        if left is None or self.clock.paused or self.game.is_over:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer = loop.call_later(left, self._on_deadline)

    def _on_deadline(self) -> None:
        self._timer = None
        if self.game.is_over or self.clock.paused:
            return
        if not self.clock.expired():
            self._schedule_deadline()
            return
        self.process_now("deadline")

    def pause(self) -> None:
        """Stop the clock and hold adjudication, even when every seat is ready, until :meth:`resume`."""
        self.clock.pause()
        self._clear_timer()
        self.save()
        self._broadcast_clock()

    def resume(self) -> None:
        self.clock.resume()
        self.save()
        self._broadcast_clock()
        self._schedule_deadline()
        self._maybe_process()

    def extend(self, seconds: float) -> None:
        self.clock.extend(seconds)
        self.save()
        self._broadcast_clock()
        self._schedule_deadline()

    def position_changed(self) -> None:
        """Call after the host's own edit of the game (a GM correction, a rollback): the edited position
        starts a fresh phase clock, is saved, and every seat gets its new view."""
        self._bot_ready.intersection_update(self.game.ready)
        self._start_clock()
        self.save()
        self._broadcast_states()
        self._schedule_deadline()
        self._schedule_bots()

    # --- bots -------------------------------------------------------------------------------------

    def _bot_playing(self, power: str) -> BotSeat | None:
        """The bot playing ``power`` now: the host's bot in an unclaimed seat, or the stand-in for a player
        gone longer than ``takeover_after`` (when the host allows it)."""
        if not self.seats.is_claimed(power):
            return self.bots.get(power)
        strength = self.settings.takeover_bot
        left = self._left_at.get(power)
        if strength is None or left is None or power in self._by_power:
            return None
        if self._now() - left < self.settings.takeover_after:
            return None
        return BotSeat(power, strength)

    def put_bot(self, power: str, strength: str) -> None:
        """Give an unclaimed seat to a bot of ``strength`` (a person may still claim the seat from it)."""
        power = self.seats.find_power(power)
        check_strength(strength)
        if self.seats.is_claimed(power):
            raise ChancelleryError(f"{power} has a player; release the seat first to give it to a bot")
        self.bots[power] = BotSeat(power, strength)
        self.save()
        self._broadcast_seats()
        self._notify("bot_seated", power=power, strength=strength)
        self._schedule_bots()

    def remove_bot(self, power: str) -> None:
        """Take the host's bot out of a seat; orders it already sealed this phase stay."""
        power = self.seats.find_power(power)
        if self.bots.pop(power, None) is None:
            raise ChancelleryError(f"no bot plays {power}")
        self.save()
        self._broadcast_seats()
        self._notify("bot_removed", power=power)

    def set_takeover(self, strength: str | None) -> None:
        """Let a bot of ``strength`` stand in for players who have left (``None``: never)."""
        self.settings.takeover_bot = None if strength is None else check_strength(strength)
        self._broadcast_seats()
        self._schedule_bots()

    def _schedule_bots(self) -> None:
        """Let the bots play soon, on the loop, once: never inside the handler that opened the phase."""
        if self._bots_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._bots_due = True
        loop.call_soon(self._run_scheduled_bots)

    def _run_scheduled_bots(self) -> None:
        self._bots_due = False
        self.play_bots()

    def play_bots(self) -> int:
        """Every bot playing a seat seals its orders for the phase if it hasn't; returns how many did.
        Adjudicates when that makes every seat ready."""
        if self.game.is_over:
            return 0
        played = 0
        for power in self.views.to_order():
            bot = self._bot_playing(power)
            if bot is not None and bot.play(self.game, self._bot_rng):
                log.info("a bot sealed orders for %s in %s", power, self.game.phase)  # never the orders
                self._bot_ready.add(power)
                played += 1
        if played:
            self.save()
            if not self._maybe_process():
                self._broadcast_seats()
        return played

    def release_seat(self, power: str) -> None:
        """Free a seat for a new player; its old token stops working and its connection is closed."""
        power = self.seats.find_power(power)
        self.seats.release(power)
        self._left_at.pop(power, None)
        conn = self._by_power.get(power)
        if conn is not None:
            self._error(conn, "bad_token", "the host released this seat", None, None)
            self._drop(conn)
        self.save()
        self._broadcast_seats()

    # --- saving -----------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the autosave atomically: the game with sealed orders, seats (token hashes), press, clock."""
        self.game.meta[META_KEY] = {
            "format": META_FORMAT,
            "seats": self.seats.to_dict(),
            "press": self.press.to_list(),
            "clock": self.clock.to_dict(),
            "bots": bot_seats_to(self.bots),
            "bot_ready": sorted(self._bot_ready),
        }
        if self.save_path is not None:
            try:
                # An ordinary save file without indentation: json's C encoder writes it several times faster,
                # and the host writes it after every submission.
                write_atomic(self.save_path, self._save_text() + "\n")
            except OSError as exc:  # a full disk must not stop the game; the host's screen shows it
                log.warning("autosave to %s failed: %s", self.save_path, exc.strerror or exc)
                self._notify("save_failed", path=str(self.save_path), error=str(exc.strerror or exc))

    def _save_text(self) -> str:
        """``json.dumps(game_to_dict(game))``, with each finished phase written once: the history only grows
        (or is cut back), and a World Diplomacy game's grows by hundreds of kilobytes a year."""
        game = self.game
        kept = self._saved_phases
        texts = []
        for record in game.history:
            known = kept.get(id(record))
            if known is None or known[0] is not record:
                one = game_to_dict(dataclasses.replace(game, history=[record]))["history"][0]
                known = kept[id(record)] = (record, json.dumps(one))
            texts.append(known[1])
        if len(kept) > len(texts):  # phases rolled back
            alive = {id(r) for r in game.history}
            for key in [k for k in kept if k not in alive]:
                del kept[key]
        whole = game_to_dict(dataclasses.replace(game, history=[]))
        whole["history"] = [_HISTORY_MARK]
        before, mark, after = json.dumps(whole).rpartition(json.dumps([_HISTORY_MARK]))  # nothing after it holds text
        return before + "[" + ", ".join(texts) + "]" + after

    def status(self) -> dict[str, Any]:
        """A summary for the host's own screen (never sent to clients: it names who is connected)."""
        return {
            "address": self.address, "phase": self.game.phase, "waiting_for": self._waiting_for(),
            "seats": self._seat_rows(), "observers": sum(1 for c in self._conns if c.observer),
            "connections": len(self._conns), "clock": self.clock.to_wire(), "over": game_over_block(self.game),
        }


class HostThread:
    """Runs a :class:`Host` on its own event-loop thread, for a GUI: every method is thread-safe."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="chancellery-host", daemon=True)

    def start(self, bind: str = "0.0.0.0", port: int = 0, timeout: float = 10.0) -> tuple[str, int]:
        self._thread.start()
        address: tuple[str, int] = self.call(self.host.start(bind, port), timeout)
        return address

    async def _shutdown(self) -> None:
        await self.host.close()
        leftovers = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in leftovers:  # local seats' readers: cancelled here rather than destroyed pending
            task.cancel()
        await asyncio.gather(*leftovers, return_exceptions=True)

    def call(self, coro: Any, timeout: float = 10.0) -> Any:
        if not self._thread.is_alive() or self._loop.is_closed():
            coro.close()
            raise ChancelleryError("the host has stopped")
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def run(self, func: Callable[[], Any], timeout: float = 10.0) -> Any:
        async def wrapper() -> Any:
            return func()
        return self.call(wrapper(), timeout)

    def local_client(self, name: str = "local", timeout: float = 10.0) -> Any:
        """A seat on this machine: a :class:`engine.net.client.Client` speaking through memory."""
        from .client import Client

        async_client = self.call(self.host.connect_local(name), timeout)
        return Client.attach(async_client, self._loop)

    def pause(self) -> None:
        self.run(self.host.pause)

    def resume(self) -> None:
        self.run(self.host.resume)

    def extend(self, seconds: float) -> None:
        self.run(lambda: self.host.extend(seconds))

    def process_now(self) -> None:
        self.run(self.host.process_now)

    def put_bot(self, power: str, strength: str) -> None:
        self.run(lambda: self.host.put_bot(power, strength))

    def remove_bot(self, power: str) -> None:
        self.run(lambda: self.host.remove_bot(power))

    def set_takeover(self, strength: str | None) -> None:
        self.run(lambda: self.host.set_takeover(strength))

    def status(self) -> dict[str, Any]:
        return dict(self.run(self.host.status))

    def stop(self, timeout: float = 10.0) -> None:
        """Close the host (clients are told), end every task left on the loop, and stop the thread."""
        if self._thread.is_alive():
            self.call(self._shutdown(), timeout)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout)
        if not self._loop.is_running():
            self._loop.close()


# --- command line ---------------------------------------------------------------------------------

CONSOLE_HELP = ("commands: status | pause | resume | extend SECONDS | process | release POWER | "
                "bot POWER [easy|normal] | unbot POWER | quit")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="chancellery host", description="Run a LAN host for one game, without a window.")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--variant", default=None, help="start a new game of this variant (default: standard)")
    source.add_argument("--game", default=None, metavar="FILE", help="host (or resume) this saved game")
    p.add_argument("--port", type=int, default=8737, help="TCP port (0 picks a free one; default 8737)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--password", default=None,
                   help="players must give this to join (or set CHANCELLERY_HOST_PASSWORD)")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="autosave file (default: the --game file, or chancellery-lan-<variant>.json here); "
                        "a new game never overwrites a file already there")
    p.add_argument("--deadline", default=None, metavar="SPEC",
                   help="seconds per phase: 'movement=900,retreats=120,adjustments=120' or one number for all")
    p.add_argument("--private-ready", action="store_true", help="don't show other seats who is ready")
    p.add_argument("--cd-unclaimed", action="store_true",
                   help="seats nobody claimed don't hold up a phase (their units take the default orders)")
    p.add_argument("--bot", action="append", default=[], metavar="POWER[=STRENGTH]",
                   help="a bot plays this unclaimed seat (repeatable; POWER 'all' fills every unclaimed seat; "
                        f"strength {' or '.join(BOT_STRENGTHS)}, default normal)")
    p.add_argument("--takeover", default=None, choices=BOT_STRENGTHS, metavar="STRENGTH",
                   help="a bot of this strength plays a seat whose player has left, until they return")
    p.add_argument("--takeover-after", type=float, default=60.0, metavar="SECONDS",
                   help="how long a player may be gone before the bot takes over (default 60)")
    p.add_argument("--name", default=None, help="the name clients see (default: 'Chancellery host')")
    p.add_argument("--advertise", action="store_true", help="announce the game on the LAN (needs zeroconf)")
    p.add_argument("--daide", nargs="?", type=int, const=16713, default=None, metavar="PORT",
                   help="also open a DAIDE port for bots (Standard only; default port 16713)")
    return p


def host_main(argv: Sequence[str]) -> int:
    """``chancellery host ...``: returns the process exit status."""
    args = _parser().parse_args(list(argv))
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        if not 0 <= args.port <= 65535:
            raise ChancelleryError(f"port {args.port} is not between 0 and 65535")
        if args.daide is not None and not 0 <= args.daide <= 65535:
            raise ChancelleryError(f"--daide: port {args.daide} is not between 0 and 65535")
        settings = HostSettings(
            name=args.name or "Chancellery host",
            password=args.password or os.environ.get("CHANCELLERY_HOST_PASSWORD") or None,
            deadlines=DeadlinePolicy.parse(args.deadline) if args.deadline else DeadlinePolicy(),
            ready_public=not args.private_ready,
            cd_unclaimed=args.cd_unclaimed,
            takeover_bot=args.takeover,
            takeover_after=max(0.0, args.takeover_after),
        )
        if args.game:
            host = Host.from_save(args.game, settings, args.save or args.game)
        else:
            variant = args.variant or "standard"
            game = Game.new(variant)
            save = Path(args.save or f"chancellery-lan-{game.variant.id}.json")
            if save.exists():  # an earlier game's autosave: a new game must not be written over it
                raise ChancelleryError(f"{save} already exists (an earlier game?); resume it with --game {save}, "
                                       "or give the new game another file with --save FILE")
            host = Host(game, settings, save)
        for spec in args.bot:
            power, _, strength = spec.partition("=")
            powers = [p for p in host.game.variant.powers if not host.seats.is_claimed(p)] \
                if power.strip().lower() == "all" else [power]
            for each in powers:
                host.put_bot(each, strength.strip().lower() or "normal")
    except (ChancelleryError, ProtocolError) as exc:
        print(f"chancellery host: {exc}", file=sys.stderr)
        return 2
    if host.save_path is not None:
        try:
            save_game(host.game, host.save_path)
        except OSError as exc:
            print(f"chancellery host: can't write the autosave {host.save_path}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 2
    try:
        return asyncio.run(_run(host, args.bind, args.port, args.advertise, args.daide))
    except _CantListen as exc:
        if not args.game and host.save_path is not None and not host.game.history:
            # The new game never started: its autosave would only make the next try refuse to start.
            host.save_path.unlink(missing_ok=True)
        print(f"chancellery host: can't listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"chancellery host: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


class _CantListen(Exception):
    """The LAN port could not be opened (in use, no such address): the host never started."""


async def _run(host: Host, bind: str, port: int, advertise: bool, daide_port: int | None = None) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C arrives as KeyboardInterrupt
            pass
    try:
        address, bound_port = await host.start(bind, port)
    except OSError as exc:
        raise _CantListen(exc.strerror or str(exc)) from None
    print(f"listening on {address}:{bound_port}", flush=True)
    print(join_hint(address, bound_port), flush=True)
    print(f"game: {host.game.variant.name}, {host.game.state.phase.long_name}; autosave: {host.save_path}", flush=True)
    daide = None
    if daide_port is not None:
        from .daide.server import DaideServer

        try:
            daide = DaideServer(host)
            daide_address = await daide.start(bind, daide_port)
            print(f"DAIDE port on {daide_address[0]}:{daide_address[1]}", flush=True)
        except (ChancelleryError, OSError) as exc:
            daide = None
            print(f"no DAIDE port: {getattr(exc, 'strerror', None) or exc}", flush=True)
    advertiser = None
    if advertise:
        from .discovery import Advertiser, DiscoveryUnavailable

        try:
            advertiser = Advertiser.start(host.settings.name, bound_port, host.game.variant.id,
                                          host.settings.password is not None)
        except DiscoveryUnavailable as exc:
            print(f"not advertised: {exc}", flush=True)
    if sys.stdin is not None and sys.stdin.isatty():
        print(CONSOLE_HELP, flush=True)
        threading.Thread(target=_read_console, args=(host, loop, stop), daemon=True).start()
    try:
        await stop.wait()
    finally:
        if advertiser is not None:
            advertiser.close()
        if daide is not None:
            await daide.close()
        await host.close()
    return 0


def join_hint(address: str, port: int) -> str:
    """Where other machines join: a host listening on every interface (0.0.0.0) names this machine's LAN
    address, since nobody can join "0.0.0.0"."""
    if address in ("0.0.0.0", "::", ""):
        from .discovery import local_address

        address = local_address()
    return f"players join at {address}:{port}"


def _read_console(host: Host, loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] in ("quit", "exit"):
            loop.call_soon_threadsafe(stop.set)
            return
        loop.call_soon_threadsafe(_console_command, host, words)


def _console_command(host: Host, words: list[str]) -> None:
    command, rest = words[0], words[1:]
    try:
        said = ""
        if command == "status":
            status = host.status()
            said = (f"{host.game.state.phase.long_name}: waiting for {', '.join(status['waiting_for']) or 'nobody'}; "
                    f"{status['connections']} connections; {host.clock.describe()}")
            if status["over"]:
                said += "; the game is over"
        elif command == "pause":
            host.pause()
            said = f"clock {host.clock.describe()}"
        elif command == "resume":
            host.resume()
            said = f"clock running: {host.clock.describe()}"
        elif command == "extend" and len(rest) == 1:
            try:
                seconds = float(rest[0])
            except ValueError:
                raise ChancelleryError("give the seconds as a number, e.g. extend 300") from None
            host.extend(seconds)
            said = f"clock {host.clock.describe()}" if host.clock.paused else host.clock.describe()
        elif command == "process":
            host.process_now()  # the log line says what was processed
        elif command == "release" and len(rest) == 1:
            host.release_seat(rest[0])
            said = f"{host.seats.find_power(rest[0])}'s seat is free; its old token no longer works"
        elif command == "bot" and len(rest) in (1, 2):
            strength = rest[1].lower() if len(rest) == 2 else "normal"
            host.put_bot(rest[0], strength)
            said = f"a bot ({strength}) plays {host.seats.find_power(rest[0])}"
        elif command == "unbot" and len(rest) == 1:
            host.remove_bot(rest[0])
            said = f"{host.seats.find_power(rest[0])} has no bot now"
        else:
            said = CONSOLE_HELP
        if said:
            print(said, flush=True)
    except (ChancelleryError, ProtocolError) as exc:
        print(f"{command}: {exc}", flush=True)


if __name__ == "__main__":
    raise SystemExit(host_main(sys.argv[1:]))
