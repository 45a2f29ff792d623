"""Shared helpers for the LAN tests: a bounded asyncio runner, hosts on 127.0.0.1:0, raw frame sockets."""
from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from engine.game import Game
from engine.net.client import AsyncClient
from engine.net.codec import FrameDecoder, encode_frame
from engine.net.host import Host, HostSettings

T = TypeVar("T")
STEP = 5.0  # seconds any single network step may take before a test fails


def run(coro: Coroutine[Any, Any, T], timeout: float = 40.0) -> T:
    """Run a test coroutine with an overall time bound."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def start_host(game: Game | None = None, now: Callable[[], float] | None = None, **settings: Any) -> Host:
    """A host on a free local port; ``now`` is its clock for connection timeouts (a test's skippable one)."""
    host = Host(game or Game.new("standard"), HostSettings(**settings), **({} if now is None else {"now": now}))
    await host.start("127.0.0.1", 0)
    return host


async def seat(host: Host, power: str, **kwargs: Any) -> AsyncClient:
    assert host.address is not None
    client = await AsyncClient.connect(*host.address, name=power.lower(), timeout=STEP, **kwargs)
    await client.claim(power, timeout=STEP)
    return client


def pick_orders(state: dict[str, Any], rng: random.Random) -> list[str]:
    """One legal order per unit (or build site) from the seat's own ``legal`` table."""
    return [rng.choice(options) for _, options in sorted(state["you"]["legal"].items())]


class RawPeer:
    """A client written straight against the wire format, recording every byte the host sends it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.received = bytearray()
        self.frames: list[dict[str, Any]] = []
        self._decoder = FrameDecoder()
        self._next_id = 0

    @classmethod
    async def open(cls, host: Host) -> RawPeer:
        assert host.address is not None
        reader, writer = await asyncio.wait_for(asyncio.open_connection(*host.address), STEP)
        return cls(reader, writer)

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    def send(self, message: dict[str, Any]) -> int:
        self._next_id += 1
        self.writer.write(encode_frame(message | {"id": self._next_id}))
        return self._next_id

    async def next_frame(self, timeout: float = STEP) -> dict[str, Any] | None:
        """The next frame, or ``None`` when the host closed the connection."""
        while True:
            message = self._decoder.next_message()
            if message is not None:
                self.frames.append(message)
                return message
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
            if not data:
                return None
            self.received += data
            self._decoder.feed(data)

    async def until(self, kind: str, re: int | None = None, timeout: float = STEP) -> dict[str, Any]:
        """Read frames until one of this type (answering request ``re``, if given) arrives."""
        for _ in range(10_000):
            frame = await self.next_frame(timeout)
            assert frame is not None, f"the host closed the connection while waiting for {kind!r}"
            if frame["type"] == kind and (re is None or frame.get("re") == re):
                return frame
        raise AssertionError(f"no {kind!r} frame")

    async def request(self, message: dict[str, Any], kind: str) -> dict[str, Any]:
        rid = self.send(message)
        return await self.until(kind, rid)

    async def hello(self) -> dict[str, Any]:
        return await self.request({"type": "hello", "versions": [1], "client": "raw"}, "welcome")

    def close(self) -> None:
        self.writer.close()


async def gather_all(*aws: Awaitable[T]) -> list[T]:
    return list(await asyncio.gather(*aws))


# --- time a test can skip -------------------------------------------------------------------------------


class SkippableTime:
    """The real monotonic clock plus the time a test skips. The host's phase clock and the event loop both
    read it, so a test reaches a deadline by skipping to it, with no waiting: the host's timer falls due
    exactly as it would in a real phase."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped

    def skip(self, seconds: float) -> None:
        self.skipped += seconds


def run_with_skips(play: Callable[[SkippableTime], Awaitable[None]]) -> None:
    """Run ``play`` on an event loop that keeps :class:`SkippableTime`. Every network step keeps its own
    bound (STEP, in loop time, taken after any skip), so a hang still fails."""
    clock = SkippableTime()

    async def main() -> None:
        asyncio.get_running_loop().time = clock  # type: ignore[method-assign]
        await play(clock)

    asyncio.run(main())


async def settle() -> None:
    """Let the loop run what is due now (timers included) without advancing any time."""
    for _ in range(20):
        await asyncio.sleep(0)


async def raw_seat(host: Host, power: str) -> tuple[RawPeer, dict[str, Any]]:
    """A raw connection that says hello and takes ``power``'s seat; with the first position it was sent."""
    peer = await RawPeer.open(host)
    await peer.hello()
    await peer.request({"type": "claim", "power": power}, "seated")
    return peer, await peer.until("state")


async def until_phase_moves(host: Host, phase: str, spins: int = 2000) -> None:
    """Lets the event loop run until the host has adjudicated ``phase`` (or the game is over)."""
    for _ in range(spins):
        if host.game.phase != phase or host.game.is_over:
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{phase} was never adjudicated")
