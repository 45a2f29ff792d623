"""Frames on the wire: a 4-byte big-endian length, then that many bytes of UTF-8 JSON holding one object.

Pure functions and one incremental decoder, no sockets: the host, the client and the mock transport all
read bytes through :class:`FrameDecoder`, so the fuzz tests of this module cover every reader.

>>> frame = encode_frame({"type": "ping", "id": 1})
>>> frame[:4]
b'\\x00\\x00\\x00\\x16'
>>> decoder = FrameDecoder()
>>> decoder.feed(frame[:10]); decoder.next_message() is None
True
>>> decoder.feed(frame[10:]); decoder.next_message()
{'type': 'ping', 'id': 1}
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..types import ChancelleryError

HEADER_SIZE = 4
MAX_FRAME_SIZE = 1024 * 1024  # bytes of JSON in one frame; the longest legal frame is far smaller


class FrameError(ChancelleryError):
    """Bytes that are not a valid frame. ``fatal`` means the stream can't be read any further.

    A frame whose length header is too large is fatal: its body can't be skipped safely, so the reader
    has lost its place. A frame of the right length holding bad JSON is not: the next frame starts right
    after it, and the connection may go on.
    """

    def __init__(self, code: str, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.fatal = fatal


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a frame")


def encode_frame(message: Mapping[str, Any], max_size: int = MAX_FRAME_SIZE) -> bytes:
    """One message as a frame; raises :class:`FrameError` if it would exceed ``max_size`` bytes of JSON."""
    if not isinstance(message, Mapping):
        raise FrameError("bad_message", f"a frame holds a JSON object, not {type(message).__name__}")
    try:
        body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise FrameError("bad_message", f"message can't be written as JSON: {exc}") from None
    if len(body) > max_size:
        raise FrameError("frame_too_large", f"a {len(body)}-byte frame exceeds the limit of {max_size} bytes")
    return len(body).to_bytes(HEADER_SIZE, "big") + body


def encode_json(value: Any) -> str:
    """One value as a frame writes it (a part encoded once and put into many frames by ``encode_parts``)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def encode_parts(parts: Sequence[tuple[str, str]], max_size: int = MAX_FRAME_SIZE) -> bytes:
    """The frame ``encode_frame`` makes of an object whose fields, in order, are ``parts``: (key, the value
    already written by ``encode_json``). Byte for byte the same frame; the host writes a part many seats share
    (a position, a phase's results) once. Raises :class:`FrameError` as ``encode_frame`` does."""
    body = ("{" + ",".join(f"{encode_json(key)}:{value}" for key, value in parts) + "}").encode("utf-8")
    if len(body) > max_size:
        raise FrameError("frame_too_large", f"a {len(body)}-byte frame exceeds the limit of {max_size} bytes")
    return len(body).to_bytes(HEADER_SIZE, "big") + body


def decode_body(body: bytes) -> dict[str, Any]:
    """The message inside one frame body; raises a non-fatal :class:`FrameError` naming what was wrong."""
    if not body.strip():
        raise FrameError("bad_frame", "frame is empty, so not JSON (a JSON object with a \"type\" was expected)")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FrameError("bad_frame", f"frame is not UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise FrameError("bad_frame", "frame JSON is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise FrameError("bad_frame", f"frame is not JSON (char {exc.pos}): {exc.msg}") from None
    except ValueError as exc:  # NaN/Infinity, integers with too many digits
        raise FrameError("bad_frame", f"frame JSON refused: {exc}") from None
    if not isinstance(value, dict):
        raise FrameError("bad_frame", f"frame holds a JSON {type(value).__name__}, not an object")
    kind = value.get("type")
    if not isinstance(kind, str) or not kind:
        raise FrameError("bad_frame", "frame object has no \"type\" string")
    return value


class FrameDecoder:
    """Cuts a byte stream into messages. Feed bytes as they arrive, then call :meth:`next_message`.

    The buffer never holds more than one frame's header and body beyond what was fed: a header announcing
    more than ``max_size`` bytes is refused at once, before its body arrives.
    """

    def __init__(self, max_size: int = MAX_FRAME_SIZE) -> None:
        self.max_size = max_size
        self._buffer = bytearray()
        self._broken: FrameError | None = None

    @property
    def buffered(self) -> int:
        """Bytes received but not yet returned as a message."""
        return len(self._buffer)

    @property
    def is_broken(self) -> bool:
        return self._broken is not None

    def feed(self, data: bytes) -> None:
        if self._broken is None:
            self._buffer += data

    def next_message(self) -> dict[str, Any] | None:
        """The next complete message, or ``None`` until more bytes arrive.

        Raises :class:`FrameError`; after a fatal one every later call raises it again.
        """
        if self._broken is not None:
            raise self._broken
        if len(self._buffer) < HEADER_SIZE:
            return None
        size = int.from_bytes(self._buffer[:HEADER_SIZE], "big")
        if size > self.max_size:
            self._broken = FrameError(
                "frame_too_large", f"frame announces {size} bytes; the limit is {self.max_size}", fatal=True)
            self._buffer.clear()
            raise self._broken
        end = HEADER_SIZE + size
        if len(self._buffer) < end:
            return None
        body = bytes(self._buffer[HEADER_SIZE:end])
        del self._buffer[:end]
        return decode_body(body)

    def at_frame_boundary(self) -> bool:
        """True when no partial frame is waiting (used to tell a clean close from a truncated one)."""
        return not self._buffer


__all__ = ["HEADER_SIZE", "MAX_FRAME_SIZE", "FrameDecoder", "FrameError", "decode_body", "encode_frame", "encode_json",
           "encode_parts"]
