"""Press: messages between seats, public or private, and the hook through which a variant limits them.

The variant's ``press_allowed(state, sender, recipients) -> str | None`` hook returns the reason a
message is refused (gunboat, no press during retreats, ...); the standard rules allow every message.
"""
from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..state import GameState
from ..variants import Variant

PressRule = Callable[[GameState, str, tuple[str, ...]], "str | None"]
MAX_KEPT_MESSAGES = 2000


def press_rule_for(variant: Variant) -> PressRule:
    return variant.press_allowed


@dataclass(frozen=True, slots=True)
class PressMessage:
    seq: int
    phase: str
    sender: str
    to: tuple[str, ...]  # empty: public, to every seat and observer
    text: str
    time: float  # seconds since the epoch, for display

    @property
    def is_public(self) -> bool:
        return not self.to

    def is_visible_to(self, power: str | None) -> bool:
        return self.is_public or (power is not None and (power == self.sender or power in self.to))

    def to_wire(self) -> dict[str, Any]:
        return {"type": "press", "seq": self.seq, "phase": self.phase, "from": self.sender, "to": list(self.to),
                "text": self.text, "time": round(self.time, 3)}


class PressLog:
    """Every message, so a seat that reconnects gets its own conversation back (the last few thousand)."""

    def __init__(self, limit: int = MAX_KEPT_MESSAGES) -> None:
        self.limit = limit
        self.messages: list[PressMessage] = []
        self._next_seq = 1

    def add(self, phase: str, sender: str, to: Iterable[str], text: str) -> PressMessage:
        msg = PressMessage(self._next_seq, phase, sender, tuple(sorted(set(to))), text, time.time())
        self._next_seq += 1
        self.messages.append(msg)
        if len(self.messages) > self.limit:
            del self.messages[: len(self.messages) - self.limit]
        return msg

    def visible_to(self, power: str | None) -> list[PressMessage]:
        return [m for m in self.messages if m.is_visible_to(power)]

    def to_list(self) -> list[dict[str, Any]]:
        return [{"seq": m.seq, "phase": m.phase, "from": m.sender, "to": list(m.to), "text": m.text, "time": m.time}
                for m in self.messages]

    def restore(self, items: Iterable[Mapping[str, Any]]) -> None:
        for item in items:
            try:
                msg = PressMessage(int(item["seq"]), str(item["phase"]), str(item["from"]),
                                   tuple(str(p) for p in item["to"]), str(item["text"]), float(item["time"]))
            except (KeyError, TypeError, ValueError):
                continue  # one damaged entry doesn't cost the rest of the log
            if not math.isfinite(msg.time):  # a frame can't carry it; the message keeps its text, dated never
                msg = dataclasses.replace(msg, time=0.0)
            self.messages.append(msg)
            self._next_seq = max(self._next_seq, msg.seq + 1)
        del self.messages[: max(0, len(self.messages) - self.limit)]
