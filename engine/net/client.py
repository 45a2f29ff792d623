"""Joining a host: :class:`AsyncClient` (the asyncio core) and :class:`Client` (a thread-safe facade).

A GUI uses :class:`Client`: every method blocks the calling thread for at most its timeout, and frames
the host sends on its own (new positions, results, press, seat changes) arrive through ``on_event``,
called on the network thread (a Qt slot connected with a queued connection is the natural receiver),
and through the :attr:`Client.events` queue for polling. An asyncio program uses :class:`AsyncClient`.

Typical use from a GUI::

    client = Client.connect("192.168.1.20", 8737, name="Ann", on_event=window.on_host_frame)
    token = client.claim("FRANCE")            # keep it: it alone resumes the seat
    client.submit_orders(["A PAR - BUR"], ready=True)
"""
from __future__ import annotations

import asyncio
import itertools
import queue
import threading
import time
from collections.abc import Callable, Coroutine, Iterable, Mapping
from typing import Any, TypeVar

from ..types import ChancelleryError
from .codec import FrameError
from .schema import PROTOCOL_NAME, SUPPORTED_VERSIONS
from .transport import TcpTransport, Transport, TransportClosed

T = TypeVar("T")
EventCallback = Callable[[dict[str, Any]], None]
DEFAULT_TIMEOUT = 10.0
MAX_QUEUED_EVENTS = 10_000  # Client.events keeps the newest frames if nobody polls it


class RequestRefused(ChancelleryError):
    """The host answered a request with an error frame; ``code`` is from the protocol's error list."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.reason = message


class ConnectionLost(ChancelleryError):
    """The link to the host closed before the answer came."""


class AsyncClient:
    """One connection to a host. Create it with :meth:`connect` (TCP) or :meth:`over` (any transport)."""

    def __init__(self, transport: Transport, name: str = "chancellery", keep_events: bool = True) -> None:
        self.transport = transport
        self.name = name
        self.welcome: dict[str, Any] = {}
        self.power: str | None = None
        self.token: str | None = None
        self.observing = False
        self.state: dict[str, Any] | None = None  # the latest "state" frame (the position this seat sees)
        self.seats: list[dict[str, Any]] = []
        self.clock: dict[str, Any] = {}
        self.last_results: dict[str, Any] | None = None
        self.press: list[dict[str, Any]] = []
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._keep_events = keep_events
        self._listeners: list[EventCallback] = []
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.close_reason = ""
        self._state_seen = asyncio.Event()

    # --- connecting -------------------------------------------------------------------------------

    @classmethod
    async def connect(cls, host: str, port: int, *, name: str = "chancellery", password: str | None = None,
                      timeout: float = DEFAULT_TIMEOUT, keep_events: bool = True) -> AsyncClient:
        transport = await TcpTransport.connect(host, port, timeout)
        return await cls.over(transport, name=name, password=password, timeout=timeout, keep_events=keep_events)

    @classmethod
    async def over(cls, transport: Transport, *, name: str = "chancellery", password: str | None = None,
                   timeout: float = DEFAULT_TIMEOUT, keep_events: bool = True) -> AsyncClient:
        """Say hello over an open transport; raises :class:`RequestRefused` (bad password, version)."""
        client = cls(transport, name, keep_events)
        client._reader = asyncio.get_running_loop().create_task(client._read_loop())
        hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL_NAME, "versions": list(SUPPORTED_VERSIONS),
                                 "client": name}
        if password is not None:
            hello["password"] = password
        try:
            client.welcome = await client.request(hello, timeout)
        except BaseException:
            await client.close()
            raise
        client.seats = list(client.welcome.get("seats", []))
        return client

    # --- requests ---------------------------------------------------------------------------------

    async def request(self, message: Mapping[str, Any], timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """Send one request and wait for the frame answering it (matched by ``id``)."""
        if self.closed.is_set():
            raise ConnectionLost(f"not connected ({self.close_reason or 'closed'})")
        rid = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            self.transport.send(dict(message) | {"id": rid})
            await asyncio.wait_for(self.transport.drain(), timeout)
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise ConnectionLost(f"no answer to {message.get('type')!r} within {timeout:g} s") from None
        except TransportClosed as exc:
            raise ConnectionLost(self.close_reason or str(exc)) from None  # why the reader closed it, if it did
        finally:
            self._pending.pop(rid, None)
            if future.done() and not future.cancelled():
                future.exception()  # read here, so a link that closed before the answer logs nothing at exit
            else:
                future.cancel()

    async def claim(self, power: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Take a free seat; returns its secret token (keep it: it alone resumes the seat)."""
        reply = await self._request_then_state({"type": "claim", "power": power}, timeout)
        self.power, self.token = reply["power"], reply["token"]
        return str(reply["token"])

    async def resume(self, token: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Take back the seat this token belongs to (after a disconnect or a host restart); returns its power."""
        reply = await self._request_then_state({"type": "resume", "token": token}, timeout)
        self.power, self.token = reply["power"], token
        return str(reply["power"])

    async def observe(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        await self._request_then_state({"type": "observe"}, timeout)
        self.observing = True

    async def _request_then_state(self, message: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        """Claim, resume and observe are answered, then followed by the seat's position: wait for both."""
        self._state_seen.clear()
        reply = await self.request(message, timeout)
        try:
            await asyncio.wait_for(self._state_seen.wait(), timeout)
        except TimeoutError:
            raise ConnectionLost(f"no position after {message.get('type')!r} within {timeout:g} s") from None
        return reply

    def current_phase(self) -> str:
        if self.state is None:
            raise ChancelleryError("no position received yet: claim, resume or observe first")
        return str(self.state["position"]["phase"])

    async def submit_orders(self, orders: Iterable[str], ready: bool = False, phase: str | None = None,
                            timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """Replace this seat's orders for the phase; the reply checks each line (``checks``)."""
        reply = await self.request({"type": "orders", "phase": phase or self.current_phase(), "orders": list(orders),
                                    "ready": ready}, timeout)
        self._update_you(orders=reply["orders"], ready=reply["ready"])
        return reply

    async def set_ready(self, ready: bool = True, phase: str | None = None,
                        timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        reply = await self.request({"type": "ready", "phase": phase or self.current_phase(), "ready": ready}, timeout)
        self._update_you(ready=reply["ready"])
        return reply

    async def send_press(self, to: Iterable[str], text: str, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Send press to these powers (an empty list: public, to everyone); returns its sequence number."""
        reply = await self.request({"type": "press", "to": list(to), "text": text}, timeout)
        return int(reply["seq"])

    async def vote_draw(self, vote: bool = True, timeout: float = DEFAULT_TIMEOUT) -> None:
        await self.request({"type": "draw", "vote": vote}, timeout)
        self._update_you(draw_vote=vote)

    async def refresh_state(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return await self.request({"type": "state"}, timeout)

    async def history(self, start: int = 0, count: int = 20, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return await self.request({"type": "history", "start": start, "count": count}, timeout)

    async def ping(self, timeout: float = DEFAULT_TIMEOUT) -> float:
        """Round-trip time in seconds."""
        started = time.perf_counter()
        await self.request({"type": "ping"}, timeout)
        return time.perf_counter() - started

    async def close(self) -> None:
        if not self.transport.is_closed:
            try:
                self.transport.send({"type": "bye"})
            except (TransportClosed, FrameError):
                pass
        self.transport.close()
        if self._reader is not None and self._reader is not asyncio.current_task():
            try:
                await asyncio.wait_for(asyncio.shield(self._reader), 2.0)
            except (TimeoutError, asyncio.CancelledError):
                self._reader.cancel()

    # --- events -----------------------------------------------------------------------------------

    def add_listener(self, callback: EventCallback) -> None:
        """``callback(frame)`` for every frame the host sends on its own, and a final ``{"type": "closed"}``."""
        self._listeners.append(callback)

    def remove_listener(self, callback: EventCallback) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    async def next_event(self, kind: str | Callable[[dict[str, Any]], bool], timeout: float = DEFAULT_TIMEOUT,
                         ) -> dict[str, Any]:
        """Take events from :attr:`events` until one matches (a type name or a predicate); others are dropped."""
        match = (lambda e: e.get("type") == kind) if isinstance(kind, str) else kind
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise ConnectionLost(f"no {kind!r} event within {timeout:g} s")
            try:
                event = await asyncio.wait_for(self.events.get(), left)
            except TimeoutError:
                raise ConnectionLost(f"no {kind!r} event within {timeout:g} s") from None
            if match(event):
                return event
            if event.get("type") == "closed":
                raise ConnectionLost(f"the host closed the connection ({event.get('reason', '')})")

    async def _read_loop(self) -> None:
        reason = "closed by the host"
        heard = False  # a frame has come: the other end speaks this protocol
        try:
            while True:
                try:
                    frame = await self.transport.receive()
                except FrameError as exc:
                    if exc.fatal:
                        reason = f"unreadable data from the host: {exc}" if heard else (
                            "this is not a Chancellery host: it answered with something else "
                            "(another program listens on this port?)")
                        break
                    continue
                if frame is None:
                    break
                heard = True
                self._dispatch(frame)
        except (ConnectionError, OSError) as exc:
            reason = f"connection lost: {exc}"
        finally:
            self.transport.close()
            self.close_reason = reason
            self.closed.set()
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(ConnectionLost(reason))
            self._emit({"type": "closed", "reason": reason})

    def _dispatch(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "state":
            self.state = frame
            self._state_seen.set()
            self.seats = list(frame.get("seats", self.seats))
            self.clock = dict(frame.get("clock") or {})
        elif kind == "seats":
            self.seats = list(frame.get("seats", []))
            if self.state is not None:
                self.state["seats"] = self.seats
        elif kind == "clock":
            self.clock = {k: v for k, v in frame.items() if k != "type"}
        elif kind == "results":
            self.last_results = frame
        elif kind == "press":
            self.press.append(frame)
        rid = frame.get("re")
        future = self._pending.get(rid) if isinstance(rid, int) else None
        if future is not None and not future.done():
            if kind == "error":
                future.set_exception(RequestRefused(str(frame.get("code")), str(frame.get("message"))))
            else:
                future.set_result(frame)
            return
        self._emit(frame)

    def _emit(self, frame: dict[str, Any]) -> None:
        if self._keep_events:
            self.events.put_nowait(frame)
        for callback in list(self._listeners):
            callback(frame)

    def _update_you(self, **fields: Any) -> None:
        you = (self.state or {}).get("you")
        if isinstance(you, dict):
            you.update(fields)


class _LoopThread:
    """A private event loop on a daemon thread, for :class:`Client` objects that connect by address."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="chancellery-client", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5.0)
        if not self.loop.is_running():
            self.loop.close()


class Client:
    """Thread-safe, blocking access to one :class:`AsyncClient` running on a loop thread.

    ``on_event(frame)`` is called on that loop thread; :attr:`events` (a :class:`queue.Queue`) receives the
    same frames for polling. The read-only attributes (``state``, ``power``, ...) are the latest values.
    """

    def __init__(self, core: AsyncClient, loop: asyncio.AbstractEventLoop, owner: _LoopThread | None = None,
                 on_event: EventCallback | None = None) -> None:
        self._core = core
        self._loop = loop
        self._owner = owner
        self.events: queue.Queue[dict[str, Any]] = queue.Queue(MAX_QUEUED_EVENTS)
        self._on_event = on_event
        core.add_listener(self._forward)

    @classmethod
    def connect(cls, host: str, port: int, *, name: str = "chancellery", password: str | None = None,
                timeout: float = DEFAULT_TIMEOUT, on_event: EventCallback | None = None) -> Client:
        owner = _LoopThread()
        try:
            core = asyncio.run_coroutine_threadsafe(
                AsyncClient.connect(host, port, name=name, password=password, timeout=timeout, keep_events=False),
                owner.loop).result(timeout + 1)
        except BaseException:
            owner.stop()
            raise
        return cls(core, owner.loop, owner, on_event)

    @classmethod
    def attach(cls, core: AsyncClient, loop: asyncio.AbstractEventLoop, on_event: EventCallback | None = None) -> Client:
        """Wrap a client already running on ``loop`` (a local seat of a :class:`~engine.net.host.HostThread`)."""
        core._keep_events = False
        return cls(core, loop, None, on_event)

    def set_event_callback(self, callback: EventCallback | None) -> None:
        self._on_event = callback

    def _forward(self, frame: dict[str, Any]) -> None:
        if self.events.full():  # nobody is polling: keep the newest frames, drop the oldest
            try:
                self.events.get_nowait()
            except queue.Empty:
                pass
        self.events.put_nowait(frame)
        if self._on_event is not None:
            self._on_event(frame)

    def _call(self, coro: Coroutine[Any, Any, T], timeout: float) -> T:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:
            coro.close()
            raise ChancelleryError("Client methods block: call them from another thread, or use AsyncClient")
        if self._loop.is_closed():
            coro.close()
            raise ConnectionLost("the connection is closed")
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout + 1)

    # Blocking versions of the AsyncClient requests.
    def claim(self, power: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        return self._call(self._core.claim(power, timeout), timeout)

    def resume(self, token: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        return self._call(self._core.resume(token, timeout), timeout)

    def observe(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._call(self._core.observe(timeout), timeout)

    def submit_orders(self, orders: Iterable[str], ready: bool = False, timeout: float = DEFAULT_TIMEOUT,
                      ) -> dict[str, Any]:
        return self._call(self._core.submit_orders(list(orders), ready, None, timeout), timeout)

    def set_ready(self, ready: bool = True, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return self._call(self._core.set_ready(ready, None, timeout), timeout)

    def send_press(self, to: Iterable[str], text: str, timeout: float = DEFAULT_TIMEOUT) -> int:
        return self._call(self._core.send_press(list(to), text, timeout), timeout)

    def vote_draw(self, vote: bool = True, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._call(self._core.vote_draw(vote, timeout), timeout)

    def refresh_state(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return self._call(self._core.refresh_state(timeout), timeout)

    def history(self, start: int = 0, count: int = 20, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return self._call(self._core.history(start, count, timeout), timeout)

    def ping(self, timeout: float = DEFAULT_TIMEOUT) -> float:
        return self._call(self._core.ping(timeout), timeout)

    def next_event(self, kind: str | Callable[[dict[str, Any]], bool], timeout: float = DEFAULT_TIMEOUT,
                   ) -> dict[str, Any]:
        """Take frames from :attr:`events` until one matches; the others are dropped."""
        match = (lambda e: e.get("type") == kind) if isinstance(kind, str) else kind
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ConnectionLost(f"no {kind!r} event within {timeout:g} s")
            try:
                event = self.events.get(timeout=left)
            except queue.Empty:
                raise ConnectionLost(f"no {kind!r} event within {timeout:g} s") from None
            if match(event):
                return event
            if event.get("type") == "closed":
                raise ConnectionLost(f"the host closed the connection ({event.get('reason', '')})")

    def close(self, timeout: float = 5.0) -> None:
        """Say goodbye and stop; closing a closed client does nothing."""
        if self._loop.is_closed():
            return
        if not self._core.closed.is_set():
            try:
                self._call(self._core.close(), timeout)
            except (ChancelleryError, TimeoutError):
                pass
        if self._owner is not None:
            self._owner.stop()

    @property
    def state(self) -> dict[str, Any] | None:
        return self._core.state

    @property
    def power(self) -> str | None:
        return self._core.power

    @property
    def token(self) -> str | None:
        return self._core.token

    @property
    def welcome(self) -> dict[str, Any]:
        return self._core.welcome

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self._core.seats

    @property
    def is_connected(self) -> bool:
        return not self._core.closed.is_set()


__all__ = ["AsyncClient", "Client", "ConnectionLost", "RequestRefused"]
