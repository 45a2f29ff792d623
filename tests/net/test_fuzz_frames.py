"""Hostile bytes at the host: random bodies, malformed JSON, wrong field types, huge and partial frames.

Every answer must be a documented reply or error, nothing may be logged as a failure, the host keeps
serving a bystander seat, and no byte sent to the fuzzing connections holds that seat's sealed orders.
A seeded generator keeps every run reproducible; the quick suite runs a few hundred rounds, the ``slow``
marker thousands.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import pytest
from lan_support import RawPeer, run, seat, start_host

from engine.net.codec import FrameDecoder, encode_frame
from engine.net.host import Host
from engine.net.schema import CLIENT_MESSAGE_TYPES, ERROR_CODES
from engine.net.transport import memory_pair

SEALED = ["A PAR - PIC", "A MAR - PIE", "F BRE - GAS"]  # France's orders: no fuzzed text spells these, and
# England (the seat the fuzzer resumes) can support none of them, so they are in none of its legal orders either
WORDS = ["A", "F", "LON", "NTH", "S", "-", "H", "C", "VIA", "BUILD", "WAIVE", "D", "R", "", "x" * 300, "é", "\u0000"]
REPLY_TYPES = {"welcome", "seated", "observing", "state", "orders_ack", "ready_ack", "press_ack", "draw_ack",
               "history", "pong", "results", "seats", "clock", "press", "error"}


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any type, sometimes awkward: huge numbers, long strings, nesting."""
    kind = rng.randrange(11 if depth < 3 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, -1, 1, 7, 2**31, -(2**63), 10**40])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e-300])
    if kind == 4:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(6)))
    if kind == 5:
        return rng.choice(["S1901M", "F1901M", "s1901m", "ENGLAND", "england", "FRANCE", "ATLANTIS", "-1"])
    if kind == 6:
        return "z" * rng.choice([0, 1, 65, 129, 201, 4001, 70_000])
    if kind in (7, 8):
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(["type", "id", "power", "orders", "x"]): _junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def _message(rng: random.Random) -> dict[str, Any]:
    """A message of a real type with some fields right and others of the wrong type or out of range."""
    kind = rng.choice(sorted(CLIENT_MESSAGE_TYPES | {"teleport", ""}))
    good: dict[str, Any] = {
        "hello": {"versions": [1], "client": "fuzz"},
        "claim": {"power": "ENGLAND"},
        "resume": {"token": "not-a-token"},
        "orders": {"phase": "S1901M", "orders": ["F LON - NTH", "A LVP H"], "ready": False},
        "ready": {"phase": "S1901M", "ready": False},
        "press": {"to": [], "text": "hello"},
        "draw": {"vote": False},
        "history": {"start": 0, "count": 3},
    }.get(kind, {})
    message: dict[str, Any] = {"type": kind, **good}
    for name in list(message) + ["id", "power", "phase", "orders", "to", "token", "versions"]:
        if rng.random() < 0.3:
            message[name] = _junk(rng)
    if kind == "orders" and rng.random() < 0.3:
        message["orders"] = [" ".join(rng.choice(WORDS) for _ in range(8))[:200] for _ in range(rng.randrange(300))]
    if kind == "bye" and rng.random() < 0.8:
        message["type"] = "ping"  # keep most rounds going
    return message


def _hostile_bytes(rng: random.Random) -> tuple[bytes, bool]:
    """(bytes, ends_the_connection) for one hostile input."""
    choice = rng.randrange(12)
    if choice == 0:
        body = rng.randbytes(rng.randrange(64))
    elif choice == 1:
        body = rng.choice([b"{not json", b"[1,2]", b"\"type\"", b"{\"type\":7}", b"{\"type\":\"\"}", b"{}", b"",
                           b"{\"type\":\"ping\",\"id\":NaN}", b"{\"type\":\"ping\"}garbage", b"\xef\xbb\xbf{}"])
    elif choice == 2:
        body = b"[" * 100_000 + b"]" * 100_000  # nested too deep
    elif choice == 3:
        body = b"{\"type\":\"ping\",\"id\":" + b"9" * 5000 + b"}"  # an integer too long to read
    elif choice == 4:
        return (1024 * 1024 + 1 + rng.randrange(2**31)).to_bytes(4, "big") + b"{", True  # too large
    elif choice == 5:
        frame = encode_frame({"type": "ping"})
        return frame[: rng.randrange(1, len(frame))], True  # partial, then the link closes
    else:
        body = json.dumps(_message(rng), allow_nan=True).encode()
    return len(body).to_bytes(4, "big") + body, False


async def _fuzz_round(host: Host, rng: random.Random, token: str | None) -> list[dict[str, Any]]:
    """One connection: an opening, several hostile inputs, then a ping to know every answer has come."""
    client_end, host_end = memory_pair(name="fuzz")
    task = asyncio.get_running_loop().create_task(host._serve(host_end))
    opening = rng.choice(["none", "hello", "observe", "resume"])
    script: list[bytes] = []
    if opening != "none":
        script.append(encode_frame({"type": "hello", "versions": [1]}))
    if opening == "observe":
        script.append(encode_frame({"type": "observe"}))
    if opening == "resume" and token:
        script.append(encode_frame({"type": "resume", "token": token}))
    ends = False
    for _ in range(rng.randrange(1, 8)):
        data, ends = _hostile_bytes(rng)
        script.append(data)
        if ends:
            break
    if not ends:
        script.append(encode_frame({"type": "ping", "id": "end-of-round"}))
    for data in script:
        client_end.send_encoded(data)
    if ends:
        client_end.close()
    frames: list[dict[str, Any]] = []
    for _ in range(10_000):
        message = await asyncio.wait_for(client_end.receive(), 5)
        if message is None:
            break
        frames.append(message)
        if message.get("re") == "end-of-round":
            break
    client_end.close()
    await asyncio.wait_for(task, 5)
    return frames


def _fuzz(rounds: int, seed: int, caplog: pytest.LogCaptureFixture) -> None:
    async def play() -> None:
        host = await start_host()
        france = await seat(host, "FRANCE")
        await france.submit_orders(SEALED)
        england = await seat(host, "ENGLAND")
        token = england.token
        await england.close()
        rng = random.Random(seed)
        received = bytearray()
        for _ in range(rounds):
            for frame in await _fuzz_round(host, rng, token):
                assert frame["type"] in REPLY_TYPES, frame
                if frame["type"] == "error":
                    assert frame["code"] in ERROR_CODES and frame["code"] != "internal_error", frame
                received += json.dumps(frame).encode()
        # One connection over TCP too, with frames trickled a byte at a time.
        peer = await RawPeer.open(host)
        await peer.hello()
        for _ in range(20):
            data, ends = _hostile_bytes(rng)
            if ends or len(data) > 10_000:
                continue
            for i in range(0, len(data), 7):
                peer.send_bytes(data[i:i + 7])
        rid = peer.send({"type": "ping"})
        for _ in range(10_000):  # every answer, up to the pong (or the close a fuzzed bye or hello asked for)
            frame = await peer.next_frame()
            if frame is None or (frame["type"] == "pong" and frame.get("re") == rid):
                break
            assert frame["type"] in REPLY_TYPES and frame.get("code") != "internal_error", frame
        received += peer.received
        peer.close()
        for secret in SEALED:
            assert secret.encode() not in received
        assert host.game.pending_orders("FRANCE") == SEALED and host.game.phase == "S1901M"
        await france.ping()
        assert france.state is not None
        await france.close()
        await host.close()

    with caplog.at_level(logging.WARNING, logger="engine.net"):
        run(play(), timeout=600)
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]


def test_hostile_frames_get_documented_answers_and_leak_nothing(caplog: pytest.LogCaptureFixture) -> None:
    _fuzz(rounds=250, seed=1, caplog=caplog)


@pytest.mark.slow
def test_hostile_frames_at_length(caplog: pytest.LogCaptureFixture) -> None:
    for seed in range(2, 6):
        _fuzz(rounds=1500, seed=seed, caplog=caplog)


def test_the_decoder_reads_any_byte_stream_without_an_undocumented_exception() -> None:
    """The pure decoder, fed random cuts of hostile streams: FrameError or a message, nothing else."""
    from engine.net.codec import FrameError

    rng = random.Random(7)
    for _ in range(300):
        decoder = FrameDecoder()
        stream = b"".join(_hostile_bytes(rng)[0] for _ in range(rng.randrange(1, 6)))
        position = 0
        while position < len(stream) and not decoder.is_broken:
            step = rng.randrange(1, 4096)
            decoder.feed(stream[position:position + step])
            position += step
            for _ in range(100):
                try:
                    message = decoder.next_message()
                except FrameError as exc:
                    assert exc.code in ERROR_CODES
                    if exc.fatal:
                        break
                    continue
                if message is None:
                    break
                assert isinstance(message, dict) and isinstance(message["type"], str)
