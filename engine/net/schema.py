"""What a client may send: the message types, their fields and limits, and the error codes.

Pure: :func:`check_client_message` either returns the message or raises :class:`ProtocolError` with one of
the codes in :data:`ERROR_CODES`, naming the field that was wrong. ``docs/protocol.md`` is the prose form.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..types import ChancelleryError

PROTOCOL_NAME = "chancellery-lan"
PROTOCOL_VERSION = 1
SUPPORTED_VERSIONS = (1,)

MAX_ORDER_LINES = 256
MAX_ORDER_LENGTH = 200
MAX_PRESS_LENGTH = 4000
MAX_PRESS_RECIPIENTS = 64
MAX_HISTORY_PAGE = 20
MAX_NAME_LENGTH = 64
MAX_TOKEN_LENGTH = 128

ERROR_CODES: dict[str, str] = {
    "bad_frame": "the bytes were not a frame holding a JSON object with a \"type\"",
    "frame_too_large": "the frame header announced more than the size limit; the connection is closed",
    "bad_message": "a field is missing, of the wrong type or out of range",
    "unknown_type": "no such message type",
    "out_of_order": "the message is not allowed at this point of the conversation",
    "unsupported_version": "no protocol version in common; the connection is closed",
    "bad_password": "the host's password was missing or wrong; the connection is closed",
    "unknown_power": "no such power in this game",
    "seat_taken": "the seat already has a player; only its token can resume it",
    "bad_token": "no seat has this token",
    "not_seated": "only a seated player may do this",
    "not_your_power": "the message names a power other than the sender's seat",
    "wrong_phase": "the message names a phase other than the current one",
    "nothing_to_order": "the seat has nothing to order this phase",
    "game_over": "the game has ended",
    "press_refused": "the variant's press rules don't allow this message",
    "refused": "the game's rules refuse this action; the message says why",
    "replaced": "another connection resumed this seat with its token; this one is closed",
    "too_slow": "the client didn't read its frames and its buffer overflowed; the connection is closed",
    "timeout": "the client didn't say hello in time, or sat silent without a seat; the connection is closed",
    "host_full": "the host has no room for another connection, or closed this seatless one to make room",
    "shutting_down": "the host is stopping",
    "internal_error": "the host failed to handle the message (a bug, logged on the host); the connection is closed",
}


class ProtocolError(ChancelleryError):
    """A message the host refuses. ``code`` is one of :data:`ERROR_CODES`; ``fatal`` closes the connection."""

    def __init__(self, code: str, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.fatal = fatal


def _field(msg: Mapping[str, Any], name: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    if name not in msg:
        if required:
            raise ProtocolError("bad_message", f"{msg['type']}: field {name!r} is missing")
        return None
    value = msg[name]
    # bool is an int in Python; a count or an id must not be true/false.
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ProtocolError("bad_message", f"{msg['type']}: field {name!r} must not be true/false")
    if not isinstance(value, kind):
        names = "/".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise ProtocolError("bad_message", f"{msg['type']}: field {name!r} must be {names}, not {type(value).__name__}")
    return value


def _text(msg: Mapping[str, Any], name: str, limit: int, required: bool = True) -> str | None:
    value = _field(msg, name, str, required)
    if value is not None and len(value) > limit:
        raise ProtocolError("bad_message", f"{msg['type']}: field {name!r} is longer than {limit} characters")
    return value  # type: ignore[no-any-return]


def _text_list(msg: Mapping[str, Any], name: str, count: int, length: int) -> list[str]:
    value = _field(msg, name, list)
    if len(value) > count:
        raise ProtocolError("bad_message", f"{msg['type']}: field {name!r} has more than {count} entries")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ProtocolError("bad_message", f"{msg['type']}: {name}[{i}] must be a string")
        if len(item) > length:
            raise ProtocolError("bad_message", f"{msg['type']}: {name}[{i}] is longer than {length} characters")
    return value  # type: ignore[no-any-return]


def _check_hello(msg: Mapping[str, Any]) -> None:
    versions = _field(msg, "versions", list)
    if not versions or len(versions) > 16 or not all(isinstance(v, int) and not isinstance(v, bool) for v in versions):
        raise ProtocolError("bad_message", "hello: 'versions' must list 1 to 16 integers")
    _text(msg, "client", MAX_NAME_LENGTH, required=False)
    _text(msg, "password", 256, required=False)
    protocol = _text(msg, "protocol", 64, required=False)
    if protocol is not None and protocol != PROTOCOL_NAME:
        raise ProtocolError("unsupported_version", f"hello: protocol {protocol!r} is not {PROTOCOL_NAME!r}", fatal=True)


def _check_orders(msg: Mapping[str, Any]) -> None:
    _text(msg, "phase", 16)
    _text_list(msg, "orders", MAX_ORDER_LINES, MAX_ORDER_LENGTH)
    _field(msg, "ready", bool, required=False)
    _text(msg, "power", MAX_NAME_LENGTH, required=False)


def _check_ready(msg: Mapping[str, Any]) -> None:
    _text(msg, "phase", 16)
    _field(msg, "ready", bool)
    _text(msg, "power", MAX_NAME_LENGTH, required=False)


def _check_draw(msg: Mapping[str, Any]) -> None:
    _field(msg, "vote", bool)
    _text(msg, "power", MAX_NAME_LENGTH, required=False)


def _check_press(msg: Mapping[str, Any]) -> None:
    _text_list(msg, "to", MAX_PRESS_RECIPIENTS, MAX_NAME_LENGTH)
    text = _text(msg, "text", MAX_PRESS_LENGTH)
    if not text or not text.strip():
        raise ProtocolError("bad_message", "press: 'text' is empty")


def _check_history(msg: Mapping[str, Any]) -> None:
    start = _field(msg, "start", int)
    count = _field(msg, "count", int, required=False)
    if start < 0:
        raise ProtocolError("bad_message", "history: 'start' must be 0 or more")
    if count is not None and not 1 <= count <= MAX_HISTORY_PAGE:
        raise ProtocolError("bad_message", f"history: 'count' must be 1 to {MAX_HISTORY_PAGE}")


def _no_fields(msg: Mapping[str, Any]) -> None:
    return None


_CHECKS = {
    "hello": _check_hello,
    "claim": lambda m: _text(m, "power", MAX_NAME_LENGTH),
    "resume": lambda m: _text(m, "token", MAX_TOKEN_LENGTH),
    "observe": _no_fields,
    "orders": _check_orders,
    "ready": _check_ready,
    "press": _check_press,
    "draw": _check_draw,
    "state": _no_fields,
    "history": _check_history,
    "ping": _no_fields,
    "bye": _no_fields,
}
CLIENT_MESSAGE_TYPES = frozenset(_CHECKS)


def check_client_message(msg: Mapping[str, Any]) -> Mapping[str, Any]:
    """Check one decoded client message's fields; return it unchanged or raise :class:`ProtocolError`."""
    kind = msg.get("type")
    if kind not in _CHECKS:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")
    request_id = msg.get("id")
    if request_id is not None and (isinstance(request_id, bool) or not isinstance(request_id, (int, str))
                                   or (isinstance(request_id, str) and len(request_id) > 64)):
        raise ProtocolError("bad_message", f"{kind}: 'id' must be an integer or a short string")
    _CHECKS[str(kind)](msg)
    return msg


def request_id(msg: Mapping[str, Any]) -> int | str | None:
    """The client's ``id`` if it is usable, so an error reply can refer to it."""
    value = msg.get("id")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    if isinstance(value, str) and len(value) > 64:
        return None
    return value


__all__ = [
    "CLIENT_MESSAGE_TYPES",
    "ERROR_CODES",
    "PROTOCOL_NAME",
    "PROTOCOL_VERSION",
    "SUPPORTED_VERSIONS",
    "ProtocolError",
    "check_client_message",
    "request_id",
]
