"""A scripted stand-in for a host, so client code can be tested without sockets.

>>> import asyncio
>>> from engine.net.client import AsyncClient
>>> mock = MockTransport()
>>> _ = mock.expect({"type": "hello"}, [{"type": "welcome", "version": 1, "seats": []}])
>>> _ = mock.expect({"type": "ping"}, [{"type": "pong"}])
>>> async def talk() -> None:
...     client = await AsyncClient.over(mock, name="test")
...     await client.ping()
>>> asyncio.run(talk())
>>> mock.assert_done()
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .codec import FrameDecoder, encode_frame
from .transport import Transport, TransportClosed


@dataclass
class _Step:
    expected: dict[str, Any]
    replies: list[dict[str, Any]] = field(default_factory=list)
    answer: bool = True


class MockTransport(Transport):
    """Checks each message the client sends against the next :meth:`expect`, then plays its replies.

    Matching is on the listed fields only (the client's ``id`` is never compared). The first reply gets
    ``"re"`` set to the request's ``id`` unless it has one or ``answer=False``. Every frame goes through the
    real codec in both directions, so a message that couldn't travel over TCP fails here too.
    """

    peer = "mock host"

    def __init__(self) -> None:
        self._script: deque[_Step] = deque()
        self._inbox: deque[bytes | None] = deque()
        self._wakeup = asyncio.Event()
        self._decoder = FrameDecoder()
        self._closed = False
        self.sent: list[dict[str, Any]] = []
        self.failures: list[str] = []

    def expect(self, message: Mapping[str, Any], replies: Sequence[Mapping[str, Any]] = (),
               answer: bool = True) -> MockTransport:
        self._script.append(_Step(dict(message), [dict(r) for r in replies], answer))
        return self

    def push(self, frame: Mapping[str, Any]) -> None:
        """A frame the host sends on its own (a new position, press, ...)."""
        self._deliver(encode_frame(frame))

    def close_from_host(self) -> None:
        self._deliver(None)

    def _deliver(self, data: bytes | None) -> None:
        self._inbox.append(data)
        self._wakeup.set()

    def send(self, message: Mapping[str, Any]) -> None:
        if self._closed:
            raise TransportClosed("the mock link is closed")
        decoder = FrameDecoder()
        decoder.feed(encode_frame(message))
        sent = decoder.next_message()
        assert sent is not None
        self.sent.append(sent)
        if not self._script:
            if sent.get("type") != "bye":
                self.failures.append(f"unexpected message {sent!r}")
            return
        step = self._script.popleft()
        wrong = {k: (sent.get(k), v) for k, v in step.expected.items() if sent.get(k) != v}
        if wrong:
            self.failures.append(f"expected {step.expected!r}, got {sent!r}")
            raise AssertionError(self.failures[-1])
        for i, reply in enumerate(step.replies):
            if i == 0 and step.answer and "re" not in reply and "id" in sent:
                reply = reply | {"re": sent["id"]}
            self.push(reply)

    async def drain(self) -> None:
        if self._closed:
            raise TransportClosed("the mock link is closed")

    async def receive(self) -> dict[str, Any] | None:
        while True:
            message = self._decoder.next_message()
            if message is not None:
                return message
            while not self._inbox:
                self._wakeup.clear()
                await self._wakeup.wait()
            data = self._inbox.popleft()
            if data is None:
                return None
            self._decoder.feed(data)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._deliver(None)

    @property
    def is_closed(self) -> bool:
        return self._closed

    def assert_done(self) -> None:
        """Every expected message was sent, and nothing unexpected was."""
        problems = list(self.failures) + [f"never sent: {step.expected!r}" for step in self._script]
        if problems:
            raise AssertionError("; ".join(problems))


__all__ = ["MockTransport"]
