"""The DAIDE port: DAIDE clients take seats (or watch) in the LAN host's Standard game.

Each DAIDE connection, once it has named itself (NME), reconnected (IAM) or asked to watch (OBS), holds an
ordinary seat (or observer place) of the :class:`~engine.net.host.Host` through an in-memory LAN link, and
translates between the two protocols. It therefore learns exactly what a LAN seat learns: its own pending
orders and nothing of anyone else's before adjudication; the host's sealing rules apply unchanged.

Hostile bytes end in the protocol's own answers: a bad header or handshake gets an EM (error message) and
the connection closes; an unknown token gets EM 0x0E; unbalanced brackets get PRN; a message that breaks
the syntax gets HUH with ERR where reading stopped. A bug handling one message closes that connection only.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...types import ChancelleryError, Phase, PhaseType, province_of
from ..client import AsyncClient, ConnectionLost, RequestRefused
from ..host import Host
from . import tokens as tk
from . import translate as tr
from .codec import (BRA, KET, DEFAULT_MAX_BODY, DaideError, ErrorCode, MessageReader, MessageType, bytes_to_tokens,
                    check_initial, diplomatic_message, error_message, frame, representation_message, text_of,
                    text_tokens, to_text, tree)

log = logging.getLogger(__name__)

DEFAULT_PORT = 16713
V = tk.VALUES
LAN_STEP = 10.0  # seconds a request to the host may take (it is on the same loop; a stall is a bug)


@dataclass
class DaideSettings:
    max_connections: int = 32
    max_per_address: int = 16  # DAIDE connections from one network address
    max_body: int = DEFAULT_MAX_BODY
    im_timeout: float = 30.0  # seconds a new connection has to send its initial message
    guest_timeout: float = 120.0  # seconds a connection may go on without NME, IAM or OBS
    max_write_buffer: int = 1024 * 1024
    max_passcode_failures: int = 5  # wrong IAM passcodes from one address before IAM is refused outright
    powers: tuple[str, ...] = ()  # the powers NME may take (empty: any unclaimed power)
    seed: int | None = None  # which free power NME gets (tests fix it)


@dataclass(eq=False)
class DaideConnection:
    number: int
    writer: asyncio.StreamWriter
    address: str
    opened_at: float
    heard_at: float
    reader: MessageReader
    started: bool = False  # the initial message was right and the RM has gone out
    closed: bool = False
    power: str | None = None
    observer: bool = False
    client: AsyncClient | None = None
    name: str = ""
    version: str = ""
    map_accepted: bool = False
    gof: bool = False  # the client said GOF this turn
    hold: bool = False  # the client said NOT (GOF) this turn: wait for GOF even with every order in
    phase: str = ""
    position: dict[str, Any] | None = None
    results: dict[str, Any] | None = None  # the results frame waiting for the next position
    disorder: set[str] = field(default_factory=set)
    out: dict[str, int] = field(default_factory=dict)  # powers eliminated, and the year
    ended: bool = False

    @property
    def label(self) -> str:
        return f"daide #{self.number} {self.power or ('observer' if self.observer else 'guest')} ({self.address})"


class DaideServer:
    """Listens for DAIDE clients and seats them in ``host``'s game; runs on the host's event loop."""

    def __init__(self, host: Host, settings: DaideSettings | None = None,
                 now: Callable[[], float] = time.monotonic) -> None:
        if not tr.supports(host.game.variant):
            raise ChancelleryError(f"the DAIDE port plays only the Standard map, not {host.game.variant.name}")
        self.host = host
        self.settings = settings or DaideSettings()
        self._now = now
        self._rng = random.Random(self.settings.seed)
        self._conns: set[DaideConnection] = set()
        self._numbers = 0
        self._passcodes: dict[str, tuple[int, str]] = {}  # power -> (passcode, LAN token), this run only
        self._names: dict[str, tuple[str, str]] = {}  # power -> the DAIDE client's (name, version)
        self._failures: dict[str, int] = {}
        self._server: asyncio.AbstractServer | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.address: tuple[str, int] | None = None

    async def start(self, bind: str = "127.0.0.1", port: int = DEFAULT_PORT) -> tuple[str, int]:
        self._server = await asyncio.start_server(self._accept, bind, port)
        sock = self._server.sockets[0].getsockname()
        self.address = (str(sock[0]), int(sock[1]))
        self._schedule_sweep()
        log.debug("DAIDE port on %s:%d", *self.address)
        return self.address

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        if self._server is not None:
            self._server.close()
        for conn in list(self._conns):
            self._send_dm(conn, (V["OFF"],))
            await self._drop(conn)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None

    # --- connections --------------------------------------------------------------------------------

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await self._serve(reader, writer)
        except asyncio.CancelledError:
            writer.transport.abort()
        finally:
            if task is not None:
                self._tasks.discard(task)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self._numbers += 1
        now = self._now()
        conn = DaideConnection(self._numbers, writer, address, now, now, MessageReader(self.settings.max_body))
        same = sum(1 for c in self._conns if c.address == address)
        if len(self._conns) >= self.settings.max_connections or same >= self.settings.max_per_address:
            self._send_dm(conn, (V["OFF"],))  # no EM code means "full": the client is told to go away
            writer.close()
            return
        self._conns.add(conn)
        try:
            while not conn.closed:
                data = await reader.read(4096)
                if not data:
                    break
                conn.reader.feed(data)
                while not conn.closed:
                    try:
                        message = conn.reader.next_message()
                    except DaideError as exc:
                        self._fail(conn, exc.code or ErrorCode.UNKNOWN_MESSAGE)
                        break
                    if message is None:
                        break
                    conn.heard_at = self._now()
                    await self._on_message(conn, *message)
                await asyncio.sleep(0)  # one read per turn: a flooding client waits behind the others
        except (ConnectionError, OSError):
            pass
        except Exception:  # a bug must cost this one connection, never the host
            log.exception("internal error on %s", conn.label)
        finally:
            await self._drop(conn)

    def _write(self, conn: DaideConnection, data: bytes) -> None:
        if conn.closed or conn.writer.is_closing():
            return
        conn.writer.write(data)
        if conn.writer.transport.get_write_buffer_size() > self.settings.max_write_buffer:
            log.warning("dropping %s: it left too much unread", conn.label)
            conn.closed = True
            conn.writer.transport.abort()

    def _send_dm(self, conn: DaideConnection, tokens: Sequence[int]) -> None:
        try:
            self._write(conn, diplomatic_message(tokens))
        except DaideError as exc:  # a message the port built is too long: a bug, but not a crash
            log.warning("could not send %s to %s: %s", to_text(tokens[:1]), conn.label, exc)

    def _fail(self, conn: DaideConnection, code: ErrorCode) -> None:
        """EM, then close: the protocol's answer to anything that breaks the framing or handshake."""
        self._write(conn, error_message(code))
        conn.closed = True

    async def _drop(self, conn: DaideConnection) -> None:
        if conn in self._conns:
            self._conns.discard(conn)
        conn.closed = True
        if not conn.writer.is_closing():
            conn.writer.close()
        client, conn.client = conn.client, None
        if client is not None:
            await client.close()

    def _schedule_sweep(self) -> None:
        limit = min(self.settings.im_timeout, self.settings.guest_timeout)
        self._sweeper = asyncio.get_running_loop().call_later(max(0.02, min(1.0, limit / 4)), self._sweep)

    def _sweep(self) -> None:
        self.expire_idle()
        self._schedule_sweep()

    def expire_idle(self) -> int:
        """Close connections with no initial message in time, or with none of NME, IAM or OBS in time."""
        now, closed = self._now(), 0
        for conn in list(self._conns):
            if not conn.started and now - conn.opened_at >= self.settings.im_timeout:
                self._fail(conn, ErrorCode.IM_TIMER_POPPED)
            elif conn.started and conn.power is None and not conn.observer \
                    and now - conn.heard_at >= self.settings.guest_timeout:
                self._send_dm(conn, (V["OFF"],))
                conn.closed = True
            else:
                continue
            self._conns.discard(conn)
            if not conn.writer.is_closing():
                conn.writer.close()
            closed += 1
        return closed

    # --- messages -----------------------------------------------------------------------------------

    async def _on_message(self, conn: DaideConnection, kind: MessageType, body: bytes) -> None:
        if not conn.started:
            if kind is not MessageType.IM:
                return self._fail(conn, ErrorCode.IM_NOT_FIRST)
            problem = check_initial(body)
            if problem is not None:
                return self._fail(conn, problem)
            conn.started = True
            entries = [(V[tr.POWERS[p]], tr.POWERS[p]) for p in tr.POWERS]
            entries += [(V[name], name) for name in tk.PROVINCE_NAMES]
            self._write(conn, representation_message(entries))
            return None
        if kind is MessageType.IM:
            return self._fail(conn, ErrorCode.IM_REPEATED)
        if kind is MessageType.RM:
            return self._fail(conn, ErrorCode.RM_FROM_CLIENT)
        if kind in (MessageType.FM, MessageType.EM):
            self._write(conn, frame(MessageType.FM))
            conn.closed = True
            return None
        try:
            tokens = bytes_to_tokens(body)
        except DaideError as exc:
            return self._fail(conn, exc.code or ErrorCode.INVALID_TOKEN)
        try:
            tree(tokens)
        except DaideError:
            self._send_dm(conn, (V["PRN"], BRA, *tokens, KET))
            return None
        try:
            await self._handle(conn, tokens)
        except DaideError as exc:
            at = len(tokens) if exc.position is None else min(exc.position, len(tokens))
            self._send_dm(conn, (V["HUH"], BRA, *tokens[:at], V["ERR"], *tokens[at:], KET))
        except (ConnectionLost, RequestRefused) as exc:
            log.info("%s: the host refused or closed: %s", conn.label, exc)
            self._send_dm(conn, (V["REJ"], BRA, *tokens, KET))

    def _yes(self, conn: DaideConnection, tokens: Sequence[int]) -> None:
        self._send_dm(conn, (V["YES"], BRA, *tokens, KET))

    def _rej(self, conn: DaideConnection, tokens: Sequence[int]) -> None:
        self._send_dm(conn, (V["REJ"], BRA, *tokens, KET))

    async def _handle(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens)
        if not tokens:
            raise cur.fail("an empty message")
        head = tk.NAMES.get(tokens[0], "")
        handler = {
            "NME": self._on_nme, "OBS": self._on_obs, "IAM": self._on_iam, "MAP": self._on_map,
            "MDF": self._on_mdf, "YES": self._on_yes, "REJ": self._on_rej, "HLO": self._on_hlo,
            "NOW": self._on_now, "SCO": self._on_sco, "HST": self._on_hst, "SUB": self._on_sub,
            "NOT": self._on_not, "MIS": self._on_mis, "GOF": self._on_gof, "DRW": self._on_drw,
            "TME": self._on_tme, "SND": self._on_press, "ADM": self._on_press, "SVE": self._on_refused,
            "LOD": self._on_refused,
        }.get(head)
        if handler is None:
            raise cur.fail("not a message a client sends")
        await handler(conn, tokens)

    # --- joining ------------------------------------------------------------------------------------

    @staticmethod
    def _read_text(cur: tr.Cursor) -> str:
        end = cur.group_end()
        words = text_of(list(cur.tokens[cur.pos + 1:end]))
        if words is None:
            cur.pos += 1
            raise cur.fail("expected text")
        cur.pos = end + 1
        return words

    async def _on_nme(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        name, version = self._read_text(cur), self._read_text(cur)
        cur.finish()
        if conn.power is not None or conn.observer or self.host.game.is_over:
            return self._rej(conn, tokens)
        free = [p for p in tr.POWERS if not self.host.seats.is_claimed(p)
                and (not self.settings.powers or p in self.settings.powers)]
        if not free:
            return self._rej(conn, tokens)
        power = self._rng.choice(free)
        client = await self._link(conn, name)
        try:
            token = await client.claim(power, LAN_STEP)
        except (RequestRefused, ConnectionLost):
            await client.close()
            return self._rej(conn, tokens)
        conn.client, conn.power, conn.name, conn.version = client, power, name, version
        self._passcodes[power] = (self._rng.randint(1, tk.NUMBER_MAX), token)
        self._names[power] = (name, version)
        self._listen(conn)
        self._yes(conn, tokens)
        self._send_dm(conn, (V["MAP"], *tr.text(tr.MAP_NAME)))

    async def _on_obs(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        tr.Cursor(tokens, 1).finish()
        if conn.power is not None or conn.observer:
            return self._rej(conn, tokens)
        client = await self._link(conn, "observer")
        await client.observe(LAN_STEP)
        conn.client, conn.observer = client, True
        self._listen(conn)
        self._yes(conn, tokens)
        self._send_dm(conn, (V["MAP"], *tr.text(tr.MAP_NAME)))

    async def _on_iam(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        cur.expect(BRA)
        power = tr.POWERS_BACK[tk.NAMES[cur.take_if(lambda v: tk.category(v) == tk.POWER, "a power")]]
        cur.expect(KET)
        cur.expect(BRA)
        passcode = tk.number_value(cur.take_if(tk.is_number, "a passcode"))
        cur.expect(KET)
        cur.finish()
        if conn.power is not None or conn.observer:
            return self._rej(conn, tokens)
        failures = self._failures.get(conn.address, 0)
        known = self._passcodes.get(power)
        if failures >= self.settings.max_passcode_failures or known is None or known[0] != passcode:
            self._failures[conn.address] = failures + 1
            return self._rej(conn, tokens)
        for other in list(self._conns):  # the bot is back: its old connection, if still open, gives way
            if other is not conn and other.power == power:
                self._send_dm(other, (V["OFF"],))
                await self._drop(other)
        client = await self._link(conn, self._names.get(power, ("", ""))[0])
        try:
            await client.resume(known[1], LAN_STEP)
        except (RequestRefused, ConnectionLost):  # the host released the seat meanwhile
            await client.close()
            self._passcodes.pop(power, None)
            return self._rej(conn, tokens)
        conn.client, conn.power, conn.map_accepted = client, power, True
        conn.name, conn.version = self._names.get(power, ("", ""))
        self._listen(conn)
        self._yes(conn, tokens)
        self._remember(conn, client.state)

    async def _link(self, conn: DaideConnection, name: str) -> AsyncClient:
        client: AsyncClient = await self.host.connect_local(f"daide {name}"[:64], address=f"daide {conn.address}",
                                                            keep_events=False)
        return client

    def _listen(self, conn: DaideConnection) -> None:
        client = conn.client
        if client is not None:
            client.add_listener(lambda frame_: self._on_lan(conn, frame_))

    async def _on_map(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        tr.Cursor(tokens, 1).finish()
        if conn.client is None:
            return self._rej(conn, tokens)
        self._send_dm(conn, (V["MAP"], *tr.text(tr.MAP_NAME)))

    async def _on_mdf(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        tr.Cursor(tokens, 1).finish()
        if conn.client is None:
            return self._rej(conn, tokens)
        self._send_dm(conn, tr.mdf(self.host.game.variant.board))

    def _is_map_reply(self, tokens: tuple[int, ...]) -> bool:
        return tuple(tokens[1:]) == (BRA, V["MAP"], *tr.text(tr.MAP_NAME), KET)

    async def _on_yes(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        if not self._is_map_reply(tokens):
            return None  # a client's YES to anything else (a SVE, say) needs no answer
        if conn.client is None or conn.map_accepted:
            return None
        conn.map_accepted = True
        state = conn.client.state
        if state is None:
            return None
        self._send_hlo(conn)
        self._remember(conn, state)
        self._send_position(conn)
        self._check_over(conn, state)

    async def _on_rej(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        if self._is_map_reply(tokens):  # the client can't play this map: it leaves
            self._send_dm(conn, (V["OFF"],))
            conn.closed = True

    # --- what the client asks to know ---------------------------------------------------------------

    def _variant_tokens(self) -> list[int]:
        out = [BRA, V["LVL"], tk.number_token(0), KET]
        deadlines = self.host.settings.deadlines
        for word, seconds in (("MTL", deadlines.for_phase(PhaseType.MOVEMENT)),
                              ("RTL", deadlines.for_phase(PhaseType.RETREATS)),
                              ("BTL", deadlines.for_phase(PhaseType.ADJUSTMENTS))):
            if seconds:
                out += [BRA, V[word], tk.number_token(min(int(seconds), tk.NUMBER_MAX)), KET]
        return out

    def _send_hlo(self, conn: DaideConnection) -> None:
        if conn.power is not None:
            who, passcode = tr.power_token(conn.power), self._passcodes.get(conn.power, (0, ""))[0]
        else:
            who, passcode = V["UNO"], 0
        self._send_dm(conn, (V["HLO"], BRA, who, KET, BRA, tk.number_token(passcode), KET,
                             BRA, *self._variant_tokens(), KET))

    def _ready_to_talk(self, conn: DaideConnection, tokens: tuple[int, ...]) -> bool:
        tr.Cursor(tokens, 1).finish()
        if conn.client is None or not conn.map_accepted or conn.position is None:
            self._rej(conn, tokens)
            return False
        return True

    async def _on_hlo(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        if self._ready_to_talk(conn, tokens):
            self._send_hlo(conn)

    async def _on_now(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        if self._ready_to_talk(conn, tokens) and conn.position is not None:
            self._send_dm(conn, tr.now(conn.position))

    async def _on_sco(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        if self._ready_to_talk(conn, tokens) and conn.position is not None:
            self._send_dm(conn, tr.sco(conn.position, self.host.game.variant.board))

    async def _on_hst(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        cur.expect(BRA)
        season = cur.take_if(lambda v: tk.category(v) == tk.SEASON, "a season")
        year = tk.number_value(cur.take_if(tk.is_number, "a year"))
        cur.expect(KET)
        cur.finish()
        client = conn.client
        if client is None or not conn.map_accepted:
            return self._rej(conn, tokens)
        wanted = tr.phase_of_turn(season, year)
        start, total = 0, 1
        while start < total:
            page = await client.history(start, 20, LAN_STEP)
            total = int(page["total"])
            for entry in page["phases"]:
                if entry["position"]["phase"] == wanted:
                    self._send_results(conn, entry["position"], entry["results"], None)
                    self._send_dm(conn, tr.sco(entry["position"], self.host.game.variant.board))
                    self._send_dm(conn, tr.now(entry["position"]))
                    return None
            start += 20
        self._rej(conn, tokens)

    async def _on_tme(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        if not cur.at_end():  # TME (seconds): a reminder before the deadline, which this port doesn't give
            cur.expect(BRA)
            cur.take_if(tk.is_number, "a number of seconds")
            cur.expect(KET)
            cur.finish()
            return self._rej(conn, tokens)
        left = (conn.client.clock if conn.client is not None else {}).get("deadline_in")
        if left is None:
            return self._rej(conn, tokens)
        self._send_dm(conn, (V["TME"], BRA, tk.number_token(max(0, min(int(left), tk.NUMBER_MAX))), KET))

    async def _on_press(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        self._rej(conn, tokens)  # the game is announced at press level 0: no press

    async def _on_refused(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        self._rej(conn, tokens)

    # --- orders -------------------------------------------------------------------------------------

    def _seat(self, conn: DaideConnection, tokens: tuple[int, ...]) -> tuple[str, AsyncClient] | None:
        if conn.power is None or conn.client is None or conn.client.state is None:
            self._rej(conn, tokens)
            return None
        return conn.power, conn.client

    async def _on_sub(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        turn: str | None = None
        if cur.peek() == BRA and cur.pos + 1 < len(tokens) and tk.category(tokens[cur.pos + 1]) == tk.SEASON:
            cur.expect(BRA)
            season = cur.take()
            year = tk.number_value(cur.take_if(tk.is_number, "a year"))
            cur.expect(KET)
            turn = tr.phase_of_turn(season, year)
        orders = []
        while not cur.at_end():
            orders.append(tr.read_order(cur))
        if not orders:
            raise cur.fail("SUB needs at least one order")
        seat = self._seat(conn, tokens)
        if seat is None:
            return None
        power, client = seat
        state = client.state or {}
        position, you = state.get("position") or {}, state.get("you") or {}
        phase = position.get("phase", "")
        pending = list(you.get("orders", []))
        builds_left = int(you.get("adjustment", 0)) - sum(1 for o in pending if o.endswith(" B") or o == "WAIVE")
        notes: list[str | None] = []
        fresh: list[str] = []
        for order in orders:
            note = "NRS" if (turn is not None and turn != phase) or self.host.game.is_over else \
                tr.order_note(order, power, you, position, self.host.game.variant.board, builds_left)
            if note is None:
                fresh.append(order.text)
                if order.kind in ("BLD", "WVE"):
                    builds_left -= 1
            notes.append(note)
        if fresh:
            try:
                reply = await client.submit_orders(pending + fresh, ready=conn.gof, phase=phase, timeout=LAN_STEP)
            except RequestRefused:  # the phase moved on while the orders were read
                reply = None
            checks = reply["checks"][len(pending):] if reply is not None else []
            verdicts = iter(checks)
            for i, note in enumerate(notes):
                if note is None:
                    check = next(verdicts, None)
                    notes[i] = "MBV" if check is not None and check.get("ok") else "NRS" if reply is None else "FAR"
        for order, note in zip(orders, notes):
            self._send_dm(conn, (V["THX"], BRA, *order.tokens, KET, BRA, V[note or "FAR"], KET))
        await self._update_ready(conn)

    def _missing(self, conn: DaideConnection) -> tuple[list[int], bool]:
        """The MIS message's arguments for this seat, and whether anything is missing."""
        state = (conn.client.state if conn.client is not None else None) or {}
        position, you = state.get("position") or {}, state.get("you") or {}
        power = conn.power
        if power is None or not you.get("must_order"):
            return [], False
        ordered = {province_of(o.split()[1]) for o in you.get("orders", []) if len(o.split()) > 1}
        kind = Phase.parse(position["phase"]).type
        if kind is PhaseType.ADJUSTMENTS:
            delta = int(you.get("adjustment", 0))
            orders = you.get("orders", [])
            given = sum(1 for o in orders if o.endswith(" B") or o == "WAIVE") if delta > 0 else \
                sum(1 for o in orders if o.endswith(" D"))
            left = abs(delta) - given
            if left <= 0:
                return [], False
            return [BRA, tk.number_token(left if delta > 0 else -left), KET], True
        out: list[int] = []
        if kind is PhaseType.RETREATS:
            for entry in position.get("dislodged", {}).get(power, []):
                if province_of(entry["unit"][2:]) not in ordered:
                    unit = tr.unit_text_tokens(power, entry["unit"])
                    out += [*unit[:-1], V["MRT"], BRA, *(x for loc in entry["retreats"] for x in tr.loc_tokens(loc)),
                            KET, KET]
        else:
            for unit_text in position["units"].get(power, []):
                if province_of(unit_text[2:]) not in ordered:
                    out += tr.unit_text_tokens(power, unit_text)
        return out, bool(out)

    async def _update_ready(self, conn: DaideConnection) -> None:
        """Ready when the client said GOF, or (unless it said NOT (GOF)) once every order is in."""
        client = conn.client
        if client is None or client.state is None or self.host.game.is_over:
            return
        you = client.state.get("you") or {}
        if not you.get("must_order"):
            return
        _, missing = self._missing(conn)
        want = conn.gof or (not conn.hold and not missing)
        if bool(you.get("ready")) != want:
            try:
                await client.set_ready(want, client.state["position"]["phase"], LAN_STEP)
            except RequestRefused:
                pass  # the phase moved on meanwhile

    async def _on_mis(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        tr.Cursor(tokens, 1).finish()
        if self._seat(conn, tokens) is None:
            return None
        args, _ = self._missing(conn)
        self._send_dm(conn, (V["MIS"], *args))

    async def _on_gof(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        tr.Cursor(tokens, 1).finish()
        if self._seat(conn, tokens) is None:
            return None
        conn.gof, conn.hold = True, False
        self._yes(conn, tokens)
        await self._update_ready(conn)

    async def _on_drw(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        if not cur.at_end():  # DRW (powers): a partial draw, which the game doesn't allow (no PDA)
            cur.expect(BRA)
            while not cur.accept(KET):
                cur.take_if(lambda v: tk.category(v) == tk.POWER, "a power")
            cur.finish()
            return self._rej(conn, tokens)
        seat = self._seat(conn, tokens)
        if seat is None:
            return None
        try:
            await seat[1].vote_draw(True, LAN_STEP)
        except RequestRefused:
            return self._rej(conn, tokens)
        self._yes(conn, tokens)

    async def _on_not(self, conn: DaideConnection, tokens: tuple[int, ...]) -> None:
        cur = tr.Cursor(tokens, 1)
        cur.expect(BRA)
        inner = cur.take_if(lambda v: v in (V["SUB"], V["GOF"], V["DRW"], V["TME"]), "SUB, GOF, DRW or TME")
        withdrawn = []
        if inner == V["SUB"]:
            while cur.peek() == BRA:
                withdrawn.append(tr.read_order(cur))
        elif inner == V["TME"] and cur.peek() == BRA:
            cur.expect(BRA)
            cur.take_if(tk.is_number, "a number of seconds")
            cur.expect(KET)
        cur.expect(KET)
        cur.finish()
        seat = self._seat(conn, tokens)
        if seat is None:
            return None
        power, client = seat
        if inner == V["TME"]:
            return self._rej(conn, tokens)
        try:
            if inner == V["GOF"]:
                conn.gof, conn.hold = False, True
                await self._update_ready(conn)
            elif inner == V["DRW"]:
                await client.vote_draw(False, LAN_STEP)
            else:
                you = (client.state or {}).get("you") or {}
                pending = list(you.get("orders", []))
                texts = {o.text for o in withdrawn}
                if withdrawn and not texts & set(pending):
                    return self._rej(conn, tokens)
                keep = [o for o in pending if withdrawn and o not in texts]
                await client.submit_orders(keep, ready=False, phase=client.current_phase(), timeout=LAN_STEP)
                await self._update_ready(conn)
        except RequestRefused:
            return self._rej(conn, tokens)
        self._yes(conn, tokens)

    # --- what the host tells the seat ----------------------------------------------------------------

    def _on_lan(self, conn: DaideConnection, frame_: dict[str, Any]) -> None:
        kind = frame_.get("type")
        if kind == "results":
            conn.results = frame_
        elif kind == "state":
            self._on_state(conn, frame_)
        elif kind == "seats":
            self._on_seats(conn, frame_.get("seats", []))
        elif kind == "closed" and not conn.closed:
            self._send_dm(conn, (V["OFF"],))
            conn.closed = True
            if not conn.writer.is_closing():
                conn.writer.close()

    def _remember(self, conn: DaideConnection, state: Mapping[str, Any] | None) -> None:
        if state is None:
            return
        position = state.get("position")
        if isinstance(position, dict):
            if position["phase"] != conn.phase:
                conn.gof = conn.hold = False  # GOF and NOT (GOF) speak for one turn
            conn.position, conn.phase = position, position["phase"]
        self._on_seats(conn, state.get("seats", []), quiet=True)

    def _on_state(self, conn: DaideConnection, state: dict[str, Any]) -> None:
        before, results = conn.position, conn.results
        conn.results = None
        self._remember(conn, state)
        if not conn.map_accepted:
            return
        position = conn.position or {}
        if results is not None and before is not None:
            self._send_results(conn, before, results.get("results", []), position)
        if before != position or results is not None:  # a new turn, or the host's own edit of the board
            self._send_position(conn)
        self._check_over(conn, state)
        if conn.power is not None and not self.host.game.is_over:
            task = asyncio.get_running_loop().create_task(self._update_ready(conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _send_position(self, conn: DaideConnection) -> None:
        position = conn.position
        if position is None:
            return
        self._send_dm(conn, tr.sco(position, self.host.game.variant.board))
        self._send_dm(conn, tr.now(position))
        year = Phase.parse(position["phase"]).year
        for power in tr.POWERS:
            if power not in conn.out and not position["units"].get(power) and not position["centers"].get(power):
                conn.out[power] = year
                self._send_dm(conn, (V["OUT"], BRA, tr.power_token(power), KET))

    def _send_results(self, conn: DaideConnection, before: Mapping[str, Any], results: Sequence[Mapping[str, Any]],
                      after: Mapping[str, Any] | None) -> None:
        board = self.host.game.variant.board
        phase_type = Phase.parse(before["phase"]).type
        turn = tr.turn_tokens(before["phase"])
        retreating = set(tr.dislodged_at(after)) if after is not None else set()
        convoys: dict[tuple[str, str], list[str]] = {}
        for result in results:
            words = str(result.get("order", "")).split()
            if len(words) == 7 and words[2] == "C":
                convoys.setdefault((words[4], words[6]), []).append(province_of(words[1]))
        for result in results:
            power, text_order = str(result.get("power", "")), str(result.get("order", ""))
            if power not in tr.POWERS:
                continue
            words = text_order.split()
            path: list[str] = []
            if len(words) >= 5 and words[-1] == "VIA":
                origin, dest = province_of(words[1]), province_of(words[3])
                path = tr.convoy_path(board, origin, dest, convoys.get((origin, dest), []))
            try:
                order = tr.order_tokens(power, text_order, before, phase_type, path)
            except (DaideError, KeyError, IndexError, ValueError):
                log.warning("no DAIDE form for the result %r", text_order)
                continue
            must_retreat = phase_type is PhaseType.MOVEMENT and len(words) > 1 and province_of(words[1]) in retreating
            self._send_dm(conn, (V["ORD"], *turn, BRA, *order, KET, BRA, *tr.result_tokens(result, must_retreat),
                                 KET))

    def _on_seats(self, conn: DaideConnection, rows: Sequence[Mapping[str, Any]], quiet: bool = False) -> None:
        for row in rows:
            power = row.get("power")
            if power not in tr.POWERS or power == conn.power:
                continue
            gone = bool(row.get("claimed")) and not row.get("connected")
            if gone and power not in conn.disorder:
                conn.disorder.add(power)
                if not quiet and conn.map_accepted:
                    self._send_dm(conn, (V["CCD"], BRA, tr.power_token(power), KET))
            elif not gone and power in conn.disorder:
                conn.disorder.discard(power)
                if not quiet and conn.map_accepted:
                    self._send_dm(conn, (V["NOT"], BRA, V["CCD"], BRA, tr.power_token(power), KET, KET))

    def _check_over(self, conn: DaideConnection, state: Mapping[str, Any]) -> None:
        over = state.get("over")
        if not over or conn.ended or conn.position is None:
            return
        conn.ended = True
        if over.get("winner") in tr.POWERS:
            self._send_dm(conn, (V["SLO"], BRA, tr.power_token(over["winner"]), KET))
        else:
            self._send_dm(conn, (V["DRW"],))
        self._send_dm(conn, self._summary(conn))

    def _summary(self, conn: DaideConnection) -> tuple[int, ...]:
        position = conn.position or {}
        out = [V["SMR"], *tr.turn_tokens(position["phase"])]
        for power in tr.POWERS:
            name, version = self._names.get(power) or (self._player_name(power), "LAN")
            centres = len(position["centers"].get(power, []))
            entry = [BRA, tr.power_token(power), BRA, *text_tokens(name or power.title()), KET,
                     BRA, *text_tokens(version or "-"), KET, tk.number_token(centres)]
            if power in conn.out:
                entry.append(tk.number_token(conn.out[power]))
            out += [*entry, KET]
        return tuple(out)

    def _player_name(self, power: str) -> str:
        seat = self.host.seats.seats.get(power)
        raw = seat.player if seat is not None and seat.player else power.title()
        return "".join(ch for ch in raw if 0x20 <= ord(ch) < 0x7F and ch != "'")[:32] or power.title()


__all__ = ["DEFAULT_PORT", "DaideServer", "DaideSettings"]
