"""EMG anonymous messages (rules 7.12, RG-ORD-15): ``ME GP text``, at most 45 characters, to one Great Power
or to all (``all`` or ``0``), delivered with the turn's results without the sender's name.

A message is a sealed order of its sender like any other until the turn is played; then its text goes into
each recipient's inbox for that turn (``GameState.extra["inbox"]``: ``{power: [text, ...]}``), which the
variant's view shows to that power alone. An inbox keeps each sender's messages together in the order given
and orders these blocks by their text, so the order of the lines tells nothing of who sent them. Only the game master's whole view, which holds every power's
orders, knows the senders.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from ...orders import Order
from ...types import IllegalOrderError

MESSAGE_LENGTH = 45  # characters in one message (7.12)
EVERYONE = "ALL"
# ``ME GP text``, after an optional "POWER:" that says who gives the command.
COMMAND = re.compile(r"^\s*(?:[A-Za-z][A-Za-z_-]*\s*:\s*)?me\s+(\S+)(?:\s+(.*?))?\s*$", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True, slots=True)
class Message(Order):
    """``ME GP text``: ``text`` for the Great Power ``to`` (:data:`EVERYONE`: every other one). Each distinct
    message is an order of its own (several may be sent in a turn)."""

    kind: ClassVar[str] = "ME"
    words: ClassVar[tuple[str, ...]] = ("me",)
    note: ClassVar[str] = "anonymous message"
    power: str
    to: str
    text: str

    def slot(self) -> str | None:
        return f"ME {self.power} {self.to} {self.text}"

    def __str__(self) -> str:
        return f"ME {self.to} {self.text}"


def checked_text(text: str) -> str:
    """The message's text as sent, or :class:`IllegalOrderError` saying what is wrong with it."""
    body = text.strip()
    if not body:
        raise IllegalOrderError("a message needs some text after the Great Power")
    if "\n" in body or "\r" in body or not body.isprintable():
        raise IllegalOrderError("a message is one line of printable characters")
    if len(body) > MESSAGE_LENGTH:
        raise IllegalOrderError(f"a message has at most {MESSAGE_LENGTH} characters, not {len(body)}: "
                                "split it into several messages")
    return body


def pieces(text: str, limit: int = MESSAGE_LENGTH) -> list[str]:
    """``text`` cut into messages of at most ``limit`` characters, between words where it can be (7.12:
    "split messages longer than 45 characters")."""
    words = " ".join(text.split()).split(" ")
    out: list[str] = []
    line = ""
    for word in words:
        while len(word) > limit:  # a word longer than a message is cut where it must be
            if line:
                out.append(line)
                line = ""
            out.append(word[:limit])
            word = word[limit:]
        if not word:
            continue
        if line and len(line) + 1 + len(word) > limit:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return out


def recipients(message: Message, powers: Iterable[str]) -> list[str]:
    """Who gets ``message``: its Great Power, or every Great Power but the sender."""
    if message.to == EVERYONE:
        return [p for p in powers if p != message.power]
    return [message.to]


def inboxes(submitted: Mapping[str, Sequence[Order]], powers: Sequence[str]) -> dict[str, list[str]]:
    """Each power's messages of the turn, texts only (RG-ORD-15). One sender's messages to a power stay
    together in the order given (a long message cut into pieces reads in order); these blocks are ordered by
    their text, never by who sent them."""
    blocks: dict[str, list[list[str]]] = {}
    for orders in submitted.values():
        mine: dict[str, list[str]] = {}
        for order in orders:
            if isinstance(order, Message):
                for power in recipients(order, powers):
                    mine.setdefault(power, []).append(order.text)
        for power, texts in mine.items():
            blocks.setdefault(power, []).append(texts)
    return {p: [t for block in sorted(found) for t in block] for p, found in sorted(blocks.items())}


def check_inbox(extra: Mapping[str, Any], powers: Iterable[str]) -> str | None:
    inbox = extra.get("inbox", {})
    known = set(powers)
    if not isinstance(inbox, Mapping) or any(p not in known or not isinstance(texts, list)
                                             or not all(isinstance(t, str) for t in texts)
                                             for p, texts in inbox.items()):
        return "inbox: expected {POWER: [text, ...]}"
    return None


__all__ = ["EVERYONE", "MESSAGE_LENGTH", "Message", "check_inbox", "checked_text", "inboxes", "pieces",
           "recipients"]
