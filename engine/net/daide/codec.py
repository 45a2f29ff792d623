"""DAIDE on the wire: message framing, and messages as bytes, token lists, nested trees and text.

A DAIDE message is a 4-byte header (type, a pad byte, a big-endian 16-bit body length) and its body. A
diplomatic message (DM) body is a sequence of 16-bit big-endian tokens. Pure functions and one incremental
reader, no sockets: the server and the fuzz tests read bytes through :class:`MessageReader`.

>>> parse_text("NME ('bot') ('1.0')") == parse_text(to_text(parse_text("NME ( 'bot' ) ( '1.0' )")))
True
>>> to_text(parse_text("SUB ((ENG FLT LON) MTO NTH)"))
'SUB ( ( ENG FLT LON ) MTO NTH )'
"""
from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Union

from ...types import ChancelleryError
from . import tokens as tk

HEADER_SIZE = 4
MAX_BODY = 0xFFFF  # the header's length field can say no more
DEFAULT_MAX_BODY = 16 * 1024  # bytes of one client message the port reads; a full SUB is far smaller
IM_VERSION = 1
IM_MAGIC = 0xDA10

BRA, KET = tk.VALUES["BRA"], tk.VALUES["KET"]

Tokens = tuple[int, ...]
Tree = list[Union[int, "Tree"]]


class MessageType(enum.IntEnum):
    IM = 0  # initial message: client to server, first
    RM = 1  # representation message: server to client, first
    DM = 2  # diplomatic message: tokens
    FM = 3  # final message: the sender closes
    EM = 4  # error message: a 2-byte code, then the sender closes


class ErrorCode(enum.IntEnum):
    """The EM codes of the client-server protocol."""

    IM_TIMER_POPPED = 0x01
    IM_NOT_FIRST = 0x02
    IM_WRONG_ENDIAN = 0x03
    IM_BAD_MAGIC = 0x04
    VERSION_INCOMPATIBLE = 0x05
    IM_REPEATED = 0x06
    IM_FROM_SERVER = 0x07
    UNKNOWN_MESSAGE = 0x08
    MESSAGE_TOO_SHORT = 0x09
    DM_BEFORE_RM = 0x0A
    RM_NOT_FIRST = 0x0B
    RM_REPEATED = 0x0C
    RM_FROM_CLIENT = 0x0D
    INVALID_TOKEN = 0x0E


class DaideError(ChancelleryError):
    """Bytes or text that are not a DAIDE message; ``code`` is the EM code to answer with, when there is one."""

    def __init__(self, message: str, code: ErrorCode | None = None, position: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.position = position  # index of the offending token, for HUH's ERR marker


# --- framing ----------------------------------------------------------------------------------------

def frame(kind: MessageType, body: bytes = b"") -> bytes:
    if len(body) > MAX_BODY:
        raise DaideError(f"a {len(body)}-byte body exceeds DAIDE's 65535-byte limit")
    return bytes((int(kind), 0)) + len(body).to_bytes(2, "big") + body


def initial_message(version: int = IM_VERSION, magic: int = IM_MAGIC) -> bytes:
    return frame(MessageType.IM, version.to_bytes(2, "big") + magic.to_bytes(2, "big"))


def error_message(code: ErrorCode) -> bytes:
    return frame(MessageType.EM, int(code).to_bytes(2, "big"))


def diplomatic_message(tokens: Sequence[int]) -> bytes:
    return frame(MessageType.DM, tokens_to_bytes(tokens))


def representation_message(entries: Iterable[tuple[int, str]] = ()) -> bytes:
    """An RM listing (token, three-letter name) pairs; empty means the standard map's own tokens."""
    body = b"".join(value.to_bytes(2, "big") + name.encode("ascii")[:3].ljust(3, b" ") + b"\0"
                    for value, name in entries)
    return frame(MessageType.RM, body)


def check_initial(body: bytes) -> ErrorCode | None:
    """What is wrong with an IM body, or None."""
    if len(body) < 4:
        return ErrorCode.MESSAGE_TOO_SHORT
    version, magic = int.from_bytes(body[:2], "big"), int.from_bytes(body[2:4], "big")
    if magic != IM_MAGIC:
        return ErrorCode.IM_WRONG_ENDIAN if magic == 0x10DA else ErrorCode.IM_BAD_MAGIC
    if version != IM_VERSION:
        return ErrorCode.VERSION_INCOMPATIBLE
    return None


class MessageReader:
    """Cuts a byte stream into (type, body) messages. A header naming an unknown type or a body longer than
    ``max_body`` breaks the reader for good (the stream can't be trusted after it)."""

    def __init__(self, max_body: int = DEFAULT_MAX_BODY) -> None:
        self.max_body = max_body
        self._buffer = bytearray()
        self._broken: DaideError | None = None

    def feed(self, data: bytes) -> None:
        if self._broken is None:
            self._buffer += data

    @property
    def buffered(self) -> int:
        return len(self._buffer)

    def next_message(self) -> tuple[MessageType, bytes] | None:
        if self._broken is not None:
            raise self._broken
        if len(self._buffer) < HEADER_SIZE:
            return None
        kind, size = self._buffer[0], int.from_bytes(self._buffer[2:4], "big")
        if kind not in MessageType._value2member_map_:
            self._broken = DaideError(f"unknown message type {kind}", ErrorCode.UNKNOWN_MESSAGE)
        elif size > self.max_body:
            self._broken = DaideError(f"a message of {size} bytes exceeds this port's limit of {self.max_body}",
                                      ErrorCode.UNKNOWN_MESSAGE)
        if self._broken is not None:
            self._buffer.clear()
            raise self._broken
        end = HEADER_SIZE + size
        if len(self._buffer) < end:
            return None
        body = bytes(self._buffer[HEADER_SIZE:end])
        del self._buffer[:end]
        return MessageType(kind), body


# --- tokens -----------------------------------------------------------------------------------------

def tokens_to_bytes(tokens: Sequence[int]) -> bytes:
    return b"".join(t.to_bytes(2, "big") for t in tokens)


def bytes_to_tokens(body: bytes) -> Tokens:
    """A DM body as tokens; raises :class:`DaideError` for an odd length or a token nobody defined."""
    if len(body) % 2:
        raise DaideError("a diplomatic message has an odd number of bytes", ErrorCode.MESSAGE_TOO_SHORT)
    values = tuple(int.from_bytes(body[i:i + 2], "big") for i in range(0, len(body), 2))
    for i, value in enumerate(values):
        if not tk.is_known(value):
            raise DaideError(f"token 0x{value:04X} is not a DAIDE token", ErrorCode.INVALID_TOKEN, i)
    return values


def tree(tokens: Sequence[int]) -> Tree:
    """Tokens nested by their brackets; raises :class:`DaideError` (``position``: where) if they don't pair."""
    root: Tree = []
    stack: list[Tree] = [root]
    for i, value in enumerate(tokens):
        if value == BRA:
            child: Tree = []
            stack[-1].append(child)
            stack.append(child)
            if len(stack) > 64:
                raise DaideError("brackets nested too deeply", position=i)
        elif value == KET:
            if len(stack) == 1:
                raise DaideError("a closing bracket without an opening one", position=i)
            stack.pop()
        else:
            stack[-1].append(value)
    if len(stack) != 1:
        raise DaideError("an opening bracket is never closed", position=len(tokens))
    return root


def flatten(node: Sequence[int | Tree]) -> list[int]:
    """The tokens of a tree, brackets put back (the inverse of :func:`tree`)."""
    out: list[int] = []
    for item in node:
        if isinstance(item, list):
            out.append(BRA)
            out.extend(flatten(item))
            out.append(KET)
        else:
            out.append(item)
    return out


def text_tokens(text: str) -> list[int]:
    """A string as DAIDE text tokens (printable ASCII only)."""
    out = []
    for ch in text:
        code = ord(ch)
        if not 0x20 <= code < 0x7F:
            raise DaideError(f"character {ch!r} can't be sent as DAIDE text")
        out.append((tk.TEXT << 8) | code)
    return out


def text_of(node: Sequence[int | Tree]) -> str | None:
    """The string a bracketed text holds, or None if it holds anything else."""
    if not node or not all(isinstance(v, int) and tk.is_text(v) for v in node):
        return None
    return "".join(chr(v & 0xFF) for v in node if isinstance(v, int))


# --- text -------------------------------------------------------------------------------------------

def to_text(tokens: Sequence[int]) -> str:
    """Tokens as the documents write them: ``NME ( 'name' ) ( 'v1' )``."""
    words: list[str] = []
    run: list[str] = []
    for value in tokens:
        if tk.is_text(value):
            run.append(chr(value & 0xFF))
            continue
        if run:
            words.append("'" + "".join(run).replace("'", "''") + "'")
            run = []
        if value == BRA:
            words.append("(")
        elif value == KET:
            words.append(")")
        elif tk.is_number(value):
            words.append(str(tk.number_value(value)))
        else:
            words.append(tk.NAMES.get(value, f"0x{value:04X}"))
    if run:
        words.append("'" + "".join(run).replace("'", "''") + "'")
    return " ".join(words)


def parse_text(text: str) -> Tokens:
    """Text as written by :func:`to_text` (spacing free, names in any case) back to tokens."""
    out: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "(":
            out.append(BRA)
            i += 1
        elif ch == ")":
            out.append(KET)
            i += 1
        elif ch == "'":
            j, chars = i + 1, []
            while True:
                if j >= n:
                    raise DaideError(f"text starting at character {i} is never closed")
                if text[j] == "'":
                    if j + 1 < n and text[j + 1] == "'":
                        chars.append("'")
                        j += 2
                        continue
                    break
                chars.append(text[j])
                j += 1
            out.extend(text_tokens("".join(chars)))
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in "()'":
                j += 1
            word = text[i:j]
            i = j
            if word.lstrip("-").isdigit():
                try:
                    out.append(tk.number_token(int(word)))
                except ValueError as exc:
                    raise DaideError(str(exc)) from None
            elif word.upper() in tk.VALUES:
                out.append(tk.VALUES[word.upper()])
            else:
                raise DaideError(f"{word!r} is not a DAIDE token")
    return tuple(out)


def t(*words: str) -> Tokens:
    """Shorthand for building messages in code: ``t("YES", "(", "GOF", ")")``."""
    return parse_text(" ".join(words))


__all__ = ["DEFAULT_MAX_BODY", "DaideError", "ErrorCode", "MessageReader", "MessageType", "bytes_to_tokens",
           "check_initial", "diplomatic_message", "error_message", "flatten", "frame", "initial_message",
           "parse_text", "representation_message", "text_of", "text_tokens", "to_text", "tokens_to_bytes", "tree"]
