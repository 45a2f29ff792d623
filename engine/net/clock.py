"""Phase deadlines: a limit per phase type, and a clock the host can pause, resume and extend."""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..types import ChancelleryError, PhaseType


@dataclass(frozen=True, slots=True)
class DeadlinePolicy:
    """Seconds allowed per phase type; ``None`` waits until every seat is ready."""

    movement: float | None = None
    retreats: float | None = None
    adjustments: float | None = None

    def for_phase(self, kind: PhaseType) -> float | None:
        return {PhaseType.MOVEMENT: self.movement, PhaseType.RETREATS: self.retreats,
                PhaseType.ADJUSTMENTS: self.adjustments}[kind]

    @classmethod
    def parse(cls, text: str) -> DeadlinePolicy:
        """``"movement=900,retreats=120,adjustments=120"``; a bare number sets every phase type.

        >>> DeadlinePolicy.parse("movement=600,retreats=90")
        DeadlinePolicy(movement=600.0, retreats=90.0, adjustments=None)
        """
        text = text.strip()
        try:
            if "=" not in text:
                seconds = _seconds(text)
                return cls(seconds, seconds, seconds)
            values: dict[str, float | None] = {}
            for part in text.split(","):
                key, _, value = part.partition("=")
                key = key.strip().lower()
                if key not in ("movement", "retreats", "adjustments"):
                    raise ChancelleryError(f"unknown phase type {key!r} (use movement, retreats, adjustments)")
                values[key] = _seconds(value)
        except ValueError as exc:
            raise ChancelleryError(f"bad deadline {text!r}: {exc}") from None
        return cls(**values)


MAX_SECONDS = 366 * 86400  # no deadline or extension is a year long


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a number of seconds") from None
    if not 0 < value < MAX_SECONDS:
        raise ValueError("seconds must be more than 0 and less than a year")
    return value


class PhaseClock:
    """The current phase's deadline. ``now`` is injectable so tests need no real waiting."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._deadline: float | None = None  # in ``now`` time, while running
        self._left: float | None = None  # while paused
        self.paused = False

    def start(self, seconds: float | None) -> None:
        """A new phase: a fresh limit (the pause, if any, carries over)."""
        if self.paused:
            self._deadline, self._left = None, seconds
        else:
            self._deadline, self._left = (None if seconds is None else self._now() + seconds), None

    def remaining(self) -> float | None:
        if self.paused:
            return self._left
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - self._now())

    def expired(self) -> bool:
        left = self.remaining()
        return not self.paused and left is not None and left <= 0

    def pause(self) -> None:
        if not self.paused:
            self._left, self._deadline, self.paused = self.remaining(), None, True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            self._deadline = None if self._left is None else self._now() + self._left
            self._left = None

    def extend(self, seconds: float) -> None:
        """Add time; with no deadline running, this sets one."""
        if not 0 < seconds < MAX_SECONDS:  # also refuses NaN and infinity, which no frame can carry
            raise ChancelleryError("an extension must be more than 0 seconds and less than a year")
        if self.paused:
            self._left = (self._left or 0.0) + seconds
        elif self._deadline is None:
            self._deadline = self._now() + seconds
        else:
            self._deadline += seconds

    def describe(self) -> str:
        """The clock in words for the host's console: "deadline in 4:05", "paused with 4:05 left", "no deadline"."""
        left = self.remaining()
        if left is None:
            return "paused, no deadline" if self.paused else "no deadline"
        minutes, seconds = divmod(int(left + 0.999), 60)
        hours, minutes = divmod(minutes, 60)
        shown = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
        return f"paused with {shown} left" if self.paused else f"deadline in {shown}"

    def to_wire(self) -> dict[str, Any]:
        left = self.remaining()
        return {"deadline_in": None if left is None else round(left, 3), "paused": self.paused}

    def to_dict(self) -> dict[str, Any]:
        return {"remaining": self.remaining(), "paused": self.paused}

    def restore(self, data: Mapping[str, Any]) -> None:
        left = data.get("remaining")
        # Only a finite number is a time left (a save file's JSON may hold NaN or a number too large: infinity).
        left = float(left) if isinstance(left, (int, float)) and not isinstance(left, bool) and math.isfinite(left) \
            else None
        self.paused = False
        self.start(left)
        if data.get("paused") is True:
            self.pause()
