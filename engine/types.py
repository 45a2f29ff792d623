"""The engine's shared vocabulary: enums, small value types and the error families.

Everything in ``engine`` may import this module; it imports nothing of ours.
"""
from __future__ import annotations

import enum
import re
from typing import NamedTuple


class UnitType(enum.StrEnum):
    """Unit kinds. Standard play uses A and F; the rest belong to variants that plug them in."""

    ARMY = "A"
    FLEET = "F"
    # Hugh's Engineered Diplomacy
    ENGINEER = "E"
    PRISON = "P"
    FIGHTER = "W"  # a fighter field ("wing"); the seed's letters are accepted as aliases by that variant
    DECOY = "D"
    # World Diplomacy
    MILITIA = "M"
    # Global Diplomacy / Age of Discovery one-point units
    CORPS = "C"
    SQUADRON = "S"


class Terrain(enum.StrEnum):
    LAND = "land"
    COAST = "coast"
    SEA = "sea"
    IMPASSABLE = "impassable"


class Season(enum.StrEnum):
    """Seasons by their one-letter phase code. World Diplomacy adds summer and autumn in its calendar."""

    SPRING = "S"
    SUMMER = "U"
    FALL = "F"
    AUTUMN = "A"
    WINTER = "W"


class PhaseType(enum.StrEnum):
    MOVEMENT = "M"
    RETREATS = "R"
    ADJUSTMENTS = "A"


_SEASON_NAMES = {
    Season.SPRING: "Spring",
    Season.SUMMER: "Summer",
    Season.FALL: "Fall",
    Season.AUTUMN: "Autumn",
    Season.WINTER: "Winter",
}
_PHASE_NAMES = {PhaseType.MOVEMENT: "Movement", PhaseType.RETREATS: "Retreats", PhaseType.ADJUSTMENTS: "Adjustments"}
_PHASE_RE = re.compile(r"^([SUFAW])(-?\d{1,9})([MRA])$")


class Phase(NamedTuple):
    """A phase name such as ``S1901M``: season letter, year, phase-type letter."""

    season: Season
    year: int
    type: PhaseType

    @classmethod
    def parse(cls, text: str) -> Phase:
        """Parse ``S1901M``; raises :class:`ValueError` naming the bad text."""
        m = _PHASE_RE.match(text.strip().upper()) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"bad phase {text!r}: expected season letter, year, M/R/A (e.g. S1901M)")
        return cls(Season(m.group(1)), int(m.group(2)), PhaseType(m.group(3)))

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.type.value}"

    @property
    def long_name(self) -> str:
        return f"{_SEASON_NAMES[self.season]} {self.year} {_PHASE_NAMES[self.type]}"


class Unit(NamedTuple):
    """A unit on the board: owner, kind and location (``"STP/NC"`` for a fleet on a coast)."""

    power: str
    type: UnitType
    loc: str

    def __str__(self) -> str:
        return f"{self.type._value_} {self.loc}"  # _value_: the enum's .value property is slow on hot paths

    @property
    def province(self) -> str:
        return province_of(self.loc)


def province_of(loc: str) -> str:
    """``"STP/NC"`` -> ``"STP"``; a plain province code is returned as is."""
    slash = loc.find("/")
    return loc if slash < 0 else loc[:slash]


def coast_of(loc: str) -> str | None:
    """``"STP/NC"`` -> ``"NC"``; ``None`` for a plain province."""
    slash = loc.find("/")
    return None if slash < 0 else loc[slash + 1 :]


# --- errors -------------------------------------------------------------------------------------


class ChancelleryError(ValueError):
    """Base of every error the engine reports about bad input."""


class OrderError(ChancelleryError):
    """An order that cannot be used. ``kind`` tells the family, ``message`` is for people."""

    kind = "invalid"


class OrderSyntaxError(OrderError):
    """Not understood: the text isn't an order in any notation we know."""

    kind = "syntax"


class IllegalOrderError(OrderError):
    """Understood, but not allowed in this position (no such unit, unreachable target, ...)."""

    kind = "illegal"


class AmbiguousOrderError(OrderError):
    """Understood, but needs more detail (an unspecified coast where two are possible)."""

    kind = "ambiguous"


class MapDataError(ChancelleryError):
    """A map file is malformed or inconsistent."""


class SaveFileError(ChancelleryError):
    """A saved game can't be read: corrupt, wrong format or unknown version."""


class RequestError(ChancelleryError):
    """A malformed adjudication request; ``field`` names the offending field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class PositionError(ChancelleryError):
    """A position that can't be played on its variant's board; ``field`` names the offending part
    (``phase``, ``units.PAR``, ``extra.missed.RUSSIA`` ...) and ``message`` says what was expected."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
