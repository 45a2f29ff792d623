"""EMG anonymous messages (rules 7.12, RG-ORD-15): ``ME GP text``, at most 45 characters, to one Great Power
or to all (``all`` or ``0``), delivered with the turn's results without the sender's name.

A message is a sealed order of its sender like any other until the turn is played; then its text goes into
each recipient's inbox for that turn (``GameState.extra["inbox"]``: ``{power: [text, ...]}``), which the
variant's view shows to that power alone. Every message is also kept for the rest of the game in
``extra["mail"]`` (``[turn, sender, to, text]``, the game master's record); a power's view holds instead
``extra["received"]``, the texts it received turn by turn without their senders, so it can read them again. An inbox keeps each sender's messages together in the order given
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


def mail_of(submitted: Mapping[str, Sequence[Order]], turn: int) -> list[list[Any]]:
    """A turn's messages for the game's mail (``extra["mail"]``, the game master's whole record):
    ``[turn, sender, to, text]`` each, ``to`` a Great Power or :data:`EVERYONE`."""
    return [[turn, power, order.to, order.text] for power in sorted(submitted) for order in submitted[power]
            if isinstance(order, Message)]


def received(mail: Iterable[Sequence[Any]], power: str) -> list[list[Any]]:
    """The messages ``power`` received, turn by turn, as ``[turn, text]`` without their senders: within a
    turn one sender's messages stay together in the order given and these blocks are ordered by their text
    (as :func:`inboxes`), so nothing in the order tells who sent them."""
    turns: dict[int, dict[str, list[str]]] = {}
    for turn, sender, to, text in mail:
        if to == power or (to == EVERYONE and sender != power):
            turns.setdefault(int(turn), {}).setdefault(str(sender), []).append(str(text))
    return [[turn, text] for turn in sorted(turns) for block in sorted(turns[turn].values()) for text in block]


def check_inbox(extra: Mapping[str, Any], powers: Iterable[str]) -> str | None:
    inbox = extra.get("inbox", {})
    known = set(powers)
    if not isinstance(inbox, Mapping) or any(p not in known or not isinstance(texts, list)
                                             or not all(isinstance(t, str) for t in texts)
                                             for p, texts in inbox.items()):
        return "inbox: expected {POWER: [text, ...]}"
    mail = extra.get("mail", [])
    if not isinstance(mail, list) or any(
            not isinstance(m, (list, tuple)) or len(m) != 4 or not isinstance(m[0], int) or m[1] not in known
            or (m[2] not in known and m[2] != EVERYONE) or not isinstance(m[3], str) for m in mail):
        return "mail: expected [[turn, SENDER, POWER or ALL, text], ...]"
    got = extra.get("received", {})
    if not isinstance(got, Mapping) or any(
            p not in known or not isinstance(lines, list)
            or not all(isinstance(x, (list, tuple)) and len(x) == 2 and isinstance(x[0], int)
                       and isinstance(x[1], str) for x in lines) for p, lines in got.items()):
        return "received: expected {POWER: [[turn, text], ...]}"
    return None


__all__ = ["EVERYONE", "MESSAGE_LENGTH", "Message", "check_inbox", "checked_text", "inboxes", "mail_of", "pieces",
           "received", "recipients"]
