"""One connection to a host, kept alive for the GUI.

The network thread's frames become a Qt signal on the GUI thread (queued, and copied first, because the
client keeps changing its own copies). When the link drops, the connection tries again in the
background with the seat's token (or as an observer), waiting a little longer after each failure, until
it is back, the host refuses for good (wrong password, unknown token) or the page closes. Requests are
blocking calls with a short timeout; while there is no link they fail at once with ``ConnectionLost``.
"""
from __future__ import annotations

import copy
import enum
import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from engine.net.client import Client, ConnectionLost, RequestRefused
from engine.types import ChancelleryError

log = logging.getLogger("chancellery.app.net.connection")

REQUEST_TIMEOUT = 6.0  # seconds a click may wait for the host before the request counts as lost
ATTEMPT_TIMEOUT = 4.0
RETRY_DELAYS = (0.3, 1.0, 2.0, 4.0, 8.0, 15.0)  # seconds before each reconnect attempt; the last repeats
FATAL_CODES = frozenset({"bad_password", "bad_token", "unsupported_version", "unknown_power"})
# Error frames after which trying again would be wrong (the seat was given to someone else).
NO_RETRY_AFTER = frozenset({"replaced", "bad_token"})


def connect_error_text(exc: BaseException) -> str:
    """Why a connection attempt failed, in words ("nothing is listening there" rather than errno text)."""
    cause = exc.__cause__ or exc.__context__
    if isinstance(exc, ConnectionRefusedError) or isinstance(cause, ConnectionRefusedError):
        return "nothing is listening there (is the host running, and is the port right?)"
    if isinstance(exc, TimeoutError) or isinstance(cause, TimeoutError):
        return "no answer (a firewall, or a wrong address?)"
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


class LinkState(enum.StrEnum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    LOST = "lost"  # no automatic attempts; the user may try again
    CLOSED = "closed"  # this side closed it


@dataclass(frozen=True, slots=True)
class Endpoint:
    """Where a host listens, and what to say when connecting to it."""

    address: str
    port: int
    password: str | None = None
    name: str = "chancellery"

    @property
    def label(self) -> str:
        return f"{self.address}:{self.port}"


class SeatConnection(QObject):
    """A :class:`~app.controllers.network_seat.SeatLink` over a :class:`Client` that reconnects itself."""

    frame_received = Signal(object)  # a frame the host sent on its own (a dict), on the GUI thread; after a
    # reconnect, also {"type": "reconnected"} once requests work again
    state_changed = Signal()  # connected / reconnecting / lost

    _deliver = Signal(int, object)  # (generation, frame) from the network thread
    _attempt_done = Signal(int, object, str, bool)  # (generation, client or None, error, fatal)

    def __init__(self, client: Client, endpoint: Endpoint | None, token: str | None = None,
                 observer: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._client: Client | None = client
        self.endpoint = endpoint  # None for a seat in this machine's own host: nothing to reconnect to
        self.token = token
        self.observer = observer
        self.state = LinkState.CONNECTED
        self.reason = ""  # why the link is down
        self.last_try = ""  # why the latest reconnect attempt failed
        self.attempts = 0
        self._generation = 0
        self._attempting = False
        self._last_error = ""
        self._closing = False
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self._start_attempt)
        self._deliver.connect(self._on_deliver, Qt.ConnectionType.QueuedConnection)
        self._attempt_done.connect(self._on_attempt_done, Qt.ConnectionType.QueuedConnection)
        self._listen(client, self._generation)

    # --- frames -----------------------------------------------------------------------------------

    def _listen(self, client: Client, generation: int) -> None:
        client.set_event_callback(lambda frame: self._forward(generation, frame))

    def _forward(self, generation: int, frame: dict[str, Any]) -> None:
        """On the network thread: never raise here, it would end the client's reader."""
        try:
            self._deliver.emit(generation, copy.deepcopy(frame))
        except RuntimeError:  # the page was closed while a frame was on its way
            pass

    def _on_deliver(self, generation: int, frame: dict[str, Any]) -> None:
        if generation != self._generation or self._closing:
            return  # from a connection already replaced
        kind = frame.get("type")
        if kind == "error" and "re" not in frame:
            self._last_error = str(frame.get("code", ""))
        if kind == "closed":
            if self._attempting:
                return  # a failed attempt's own link; its report decides what happens next
            self._on_closed(str(frame.get("reason", "")))
        self.frame_received.emit(frame)

    # --- losing and regaining the link -----------------------------------------------------------

    @property
    def client(self) -> Client | None:
        return self._client

    @property
    def can_reconnect(self) -> bool:
        return self.endpoint is not None and (self.token is not None or self.observer)

    def _on_closed(self, reason: str) -> None:
        old, self._client = self._client, None
        self._close_quietly(old)  # ends its network thread
        if self._last_error == "replaced":
            reason = "another connection resumed this seat with its token"
        elif self._last_error == "bad_token":
            reason = "the host released this seat"
        elif self._last_error == "shutting_down":
            reason = "the host stopped"
        self.reason = reason or "closed"
        if not self.can_reconnect:
            self._set_state(LinkState.LOST)
        elif self._last_error in NO_RETRY_AFTER:
            self._set_state(LinkState.LOST)
        else:
            self.attempts = 0
            self._set_state(LinkState.RECONNECTING)
            self._schedule()
        log.info("connection to the host lost: %s", self.reason)

    def _set_state(self, state: LinkState) -> None:
        self.state = state
        self.state_changed.emit()

    def _schedule(self) -> None:
        delay = RETRY_DELAYS[min(self.attempts, len(RETRY_DELAYS) - 1)]
        self._retry.start(int(delay * 1000))

    def reconnect_now(self) -> None:
        """Try at once (the banner's button); also after a refusal that stopped the automatic attempts."""
        if self._closing or self.state is LinkState.CONNECTED or not self.can_reconnect:
            return
        self._retry.stop()
        self._last_error = ""
        self._set_state(LinkState.RECONNECTING)
        self._start_attempt()

    def _start_attempt(self) -> None:
        if self._closing or self._attempting or self.endpoint is None:
            return
        self._attempting = True
        self._generation += 1
        generation = self._generation
        threading.Thread(target=self._attempt, args=(generation, self.endpoint, self.token), daemon=True,
                         name="chancellery-reconnect").start()

    def _attempt(self, generation: int, endpoint: Endpoint, token: str | None) -> None:
        """On a worker thread: connect, then resume the seat (or observe again)."""
        client: Client | None = None
        try:
            client = Client.connect(endpoint.address, endpoint.port, name=endpoint.name, password=endpoint.password,
                                    timeout=ATTEMPT_TIMEOUT,
                                    on_event=lambda frame: self._forward(generation, frame))
            if token is not None:
                client.resume(token, ATTEMPT_TIMEOUT)
            else:
                client.observe(ATTEMPT_TIMEOUT)
        except RequestRefused as exc:
            self._close_quietly(client)
            self._report(generation, None, f"{exc.code}: {exc.reason}", exc.code in FATAL_CODES)
            return
        except (ChancelleryError, OSError, TimeoutError) as exc:
            self._close_quietly(client)
            self._report(generation, None, connect_error_text(exc), False)
            return
        self._report(generation, client, "", False)

    def _report(self, generation: int, client: Client | None, error: str, fatal: bool) -> None:
        try:
            self._attempt_done.emit(generation, client, error, fatal)
        except RuntimeError:  # closed meanwhile
            self._close_quietly(client)

    @staticmethod
    def _close_quietly(client: Client | None) -> None:
        if client is None:
            return
        client.set_event_callback(None)
        try:
            client.close(2.0)
        except RuntimeError:  # its network thread is already stopped (closed twice)
            pass

    def _on_attempt_done(self, generation: int, client: Client | None, error: str, fatal: bool) -> None:
        self._attempting = False
        if self._closing or generation != self._generation:
            self._close_quietly(client)
            return
        if client is not None:
            self._client = client
            self._last_error = ""
            self.reason = self.last_try = ""
            self.attempts = 0
            self._set_state(LinkState.CONNECTED)
            log.info("reconnected to the host")
            self.frame_received.emit({"type": "reconnected"})  # requests work again (history may be missing)
            return
        self.attempts += 1
        self.last_try = error
        if fatal:
            self.reason = f"the host refused to take the seat back ({error})"
            self._set_state(LinkState.LOST)
        else:
            self._set_state(LinkState.RECONNECTING)
            self._schedule()

    def status_text(self) -> str:
        where = f" at {self.endpoint.label}" if self.endpoint is not None else ""
        if self.state is LinkState.RECONNECTING:
            tries = f" (attempt {self.attempts + 1}; last try: {self.last_try})" if self.attempts else ""
            return f"Connection to the host{where} lost: {self.reason}. Reconnecting{tries}…"
        if self.state is LinkState.LOST:
            return f"Disconnected from the host{where}: {self.reason}."
        if self.state is LinkState.CLOSED:
            return "Disconnected."
        return f"Connected to the host{where}."

    def close(self) -> None:
        """Say goodbye and stop trying; frames still on their way are dropped."""
        self._closing = True
        self._retry.stop()
        client, self._client = self._client, None
        self._close_quietly(client)
        self.state = LinkState.CLOSED

    # --- requests (the SeatLink protocol) --------------------------------------------------------

    def _live(self) -> Client:
        client = self._client
        if client is None or not client.is_connected:
            raise ConnectionLost(f"not connected to the host ({self.reason or 'reconnecting'})")
        return client

    def submit_orders(self, orders: Iterable[str], ready: bool = False) -> dict[str, Any]:
        return self._live().submit_orders(list(orders), ready, REQUEST_TIMEOUT)

    def set_ready(self, ready: bool = True) -> dict[str, Any]:
        return self._live().set_ready(ready, REQUEST_TIMEOUT)

    def send_press(self, to: Iterable[str], text: str) -> int:
        return self._live().send_press(list(to), text, REQUEST_TIMEOUT)

    def vote_draw(self, vote: bool = True) -> None:
        self._live().vote_draw(vote, REQUEST_TIMEOUT)

    def history(self, start: int = 0, count: int = 20) -> dict[str, Any]:
        return self._live().history(start, count, REQUEST_TIMEOUT)
