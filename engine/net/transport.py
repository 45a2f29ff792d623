"""Links that carry frames: TCP streams, and in-memory pairs for seats played on the host machine itself.

Both ends use the same :class:`Transport` interface. :meth:`Transport.send` never waits: it queues one
frame and raises :class:`BufferOverflow` when the peer has left more than ``max_buffer`` bytes unread,
so the host can drop a slow reader instead of waiting for it. Receiving goes through the pure
:class:`~engine.net.codec.FrameDecoder`, so the fuzzed decoder is the one every connection uses.
"""
from __future__ import annotations

import asyncio
import socket
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Mapping
from typing import Any

from ..types import ChancelleryError
from .codec import MAX_FRAME_SIZE, FrameDecoder, FrameError, encode_frame

DEFAULT_MAX_BUFFER = 4 * 1024 * 1024  # unread bytes queued for one peer before it is dropped
READ_CHUNK = 64 * 1024
SEND_BUFFER = 1024 * 1024  # bytes the kernel may hold for a peer before the event loop must hand on the rest


class TransportClosed(ChancelleryError):
    """The link is closed; nothing more can be sent."""


class BufferOverflow(TransportClosed):
    """The peer left too many bytes unread; the link has been closed."""


class Transport(ABC):
    """One end of a frame link."""

    peer: str = "?"  # who is at the other end, for logs
    address: str = "?"  # the other end's network address without the port: connections are counted per address

    @abstractmethod
    def send(self, message: Mapping[str, Any]) -> None:
        """Queue one message without waiting. Raises :class:`TransportClosed` or :class:`BufferOverflow`."""

    def send_encoded(self, frame: bytes) -> None:
        """Queue one frame already made by :func:`~engine.net.codec.encode_frame`, so a frame many peers
        get is encoded once. Raises like :meth:`send`."""
        raise NotImplementedError(f"{type(self).__name__} can't send encoded frames")

    @abstractmethod
    async def drain(self) -> None:
        """Wait until queued bytes have been handed on (the client's back-pressure point)."""

    @abstractmethod
    async def receive(self) -> dict[str, Any] | None:
        """The next message, or ``None`` once the peer has closed. Raises :class:`FrameError`."""

    @abstractmethod
    def close(self) -> None:
        """Close at once; unsent frames may be lost."""

    @property
    @abstractmethod
    def is_closed(self) -> bool: ...


class TcpTransport(Transport):
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 max_frame: int = MAX_FRAME_SIZE, max_buffer: int = DEFAULT_MAX_BUFFER) -> None:
        self._reader = reader
        self._writer = writer
        self._decoder = FrameDecoder(max_frame)
        self._max_frame = max_frame
        self._max_buffer = max_buffer
        self._closed = False
        sock = writer.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                # Room in the kernel for a whole phase's frames (a World results frame is tens of kilobytes;
                # the default starts at 16 KiB): what doesn't fit waits for the event loop, which is busy
                # writing the next seat's frames.
                if sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) < SEND_BUFFER:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            except OSError:
                pass
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"

    @classmethod
    async def connect(cls, host: str, port: int, timeout: float = 10.0, max_frame: int = MAX_FRAME_SIZE,
                      max_buffer: int = DEFAULT_MAX_BUFFER) -> TcpTransport:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        except TimeoutError:
            raise TransportClosed(f"no answer from {host}:{port} within {timeout:g} s") from None
        except OSError as exc:
            raise TransportClosed(f"can't connect to {host}:{port}: {exc.strerror or exc}") from None
        return cls(reader, writer, max_frame, max_buffer)

    def _write(self, data: bytes) -> None:
        if self._closed or self._writer.is_closing():
            self._closed = True
            raise TransportClosed("the connection is closed")
        self._writer.write(data)
        if self._writer.transport.get_write_buffer_size() > self._max_buffer:
            self.close(abort=True)
            raise BufferOverflow(f"{self.peer} left more than {self._max_buffer} bytes unread")

    def send(self, message: Mapping[str, Any]) -> None:
        self._write(encode_frame(message, self._max_frame))

    def send_encoded(self, frame: bytes) -> None:
        self._write(frame)

    async def drain(self) -> None:
        if self._closed:
            raise TransportClosed("the connection is closed")
        try:
            await self._writer.drain()
        except (ConnectionError, OSError) as exc:
            self._closed = True
            raise TransportClosed(f"the connection to {self.peer} broke: {exc}") from None

    async def receive(self) -> dict[str, Any] | None:
        while True:
            message = self._decoder.next_message()
            if message is not None:
                return message
            if self._closed:
                return None
            try:
                data = await self._reader.read(READ_CHUNK)
            except (ConnectionError, OSError):
                data = b""
            if not data:
                self._closed = True
                if not self._decoder.at_frame_boundary():
                    raise FrameError("bad_frame", "the connection closed in the middle of a frame", fatal=True)
                return None
            self._decoder.feed(data)

    def close(self, abort: bool = False) -> None:
        self._closed = True
        transport = self._writer.transport
        if abort:
            transport.abort()
        elif not transport.is_closing():
            transport.close()

    @property
    def is_closed(self) -> bool:
        return self._closed or self._writer.is_closing()


class MemoryTransport(Transport):
    """One end of an in-process link; make a connected pair with :func:`memory_pair`.

    Frames travel as encoded bytes, exactly as over TCP, so a local seat sees byte for byte what a
    remote one would. Both ends must live on the same event loop.
    """

    def __init__(self, name: str, max_frame: int = MAX_FRAME_SIZE, max_buffer: int = DEFAULT_MAX_BUFFER) -> None:
        self.peer = name
        self.address = "local"
        self._inbox: deque[bytes | None] = deque()
        self._inbox_bytes = 0
        self._wakeup = asyncio.Event()
        self._decoder = FrameDecoder(max_frame)
        self._max_frame = max_frame
        self._max_buffer = max_buffer
        self._other: MemoryTransport | None = None
        self._closed = False
        self._eof = False

    def _deliver(self, data: bytes | None) -> None:
        self._inbox.append(data)
        if data is not None:
            self._inbox_bytes += len(data)
        self._wakeup.set()

    def _write(self, data: bytes) -> None:
        other = self._other
        if self._closed or other is None or other._closed:
            raise TransportClosed("the local link is closed")
        if other._inbox_bytes + len(data) > self._max_buffer:
            self.close()
            raise BufferOverflow(f"{other.peer} left more than {self._max_buffer} bytes unread")
        other._deliver(data)

    def send(self, message: Mapping[str, Any]) -> None:
        self._write(encode_frame(message, self._max_frame))

    def send_encoded(self, frame: bytes) -> None:
        self._write(frame)

    async def drain(self) -> None:
        if self._closed:
            raise TransportClosed("the local link is closed")

    async def receive(self) -> dict[str, Any] | None:
        while True:
            message = self._decoder.next_message()
            if message is not None:
                return message
            if self._eof:
                return None
            while not self._inbox:
                self._wakeup.clear()
                await self._wakeup.wait()
            data = self._inbox.popleft()
            if data is None:
                self._eof = True
                if not self._decoder.at_frame_boundary():
                    raise FrameError("bad_frame", "the link closed in the middle of a frame", fatal=True)
                continue
            self._inbox_bytes -= len(data)
            self._decoder.feed(data)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._deliver(None)
        if self._other is not None and not self._other._eof:
            self._other._deliver(None)

    @property
    def is_closed(self) -> bool:
        return self._closed


def memory_pair(max_frame: int = MAX_FRAME_SIZE, max_buffer: int = DEFAULT_MAX_BUFFER,
                name: str = "local") -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected in-memory ends: (client side, host side)."""
    client, host = MemoryTransport(f"{name} (host end)", max_frame, max_buffer), MemoryTransport(name, max_frame, max_buffer)
    client._other, host._other = host, client
    return client, host


__all__ = [
    "DEFAULT_MAX_BUFFER",
    "BufferOverflow",
    "MemoryTransport",
    "TcpTransport",
    "Transport",
    "TransportClosed",
    "memory_pair",
]
