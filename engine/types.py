"""The engine's shared vocabulary: enums, small value types and the error families.

Everything in ``engine`` may import this module; it imports nothing of ours.
"""
from __future__ import annotations

import enum
import reprlib
import re
from dataclasses import dataclass
from typing import Any, NamedTuple


class UnitType(enum.StrEnum):
    """Unit kinds by letter. Standard play uses A and F; the members below are the letters of the variants
    shipped. The vocabulary is open: :func:`declare_unit_type` adds a letter with its :class:`UnitSpec`,
    after which ``UnitType(letter)`` is a value like the members (one object per letter)."""

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


    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, str) and value in _UNIT_SPECS:
            member = str.__new__(cls, value)
            member._name_ = _UNIT_SPECS[value].name.upper().replace(" ", "_")
            member._value_ = value
            cls._value2member_map_[value] = member  # later lookups find the same object
            return member
        return None


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """What a kind of unit is, for the rules that don't belong to one variant.

    ``moves_as`` says whose adjacency it moves by: ``"army"`` (land), ``"fleet"`` (seas and coasts), or
    ``None`` when the variant moves it itself (fighters, engineers carried by units).

    Strength and stacking are not a unit type's: which kinds stand beside a province's occupant is the
    variant's ``stacking_types`` (its ``make_state`` may decide finer), and what a unit weighs is its
    resolver's ``unit_strength``/``support_value``/``hold_strength`` (a militia adds to the occupant's
    defence and never attacks; a decoy has no power; a move across a half-strength border counts half).

    For front ends: ``icon`` is the stem of its SVG (``resources/icons/<icon>.svg``, or the ``icons/``
    folder of a map that brings its own; empty: a plate with the letter), ``legend`` the board key's words
    for it (empty: its name), ``drawn_as`` the letter of the unit it is shown as to other powers (a decoy
    copies an army; its owner sees that unit with the decoy mark)."""

    letter: str
    name: str
    moves_as: str | None = "army"
    convoyable: bool = False
    can_convoy: bool = False
    can_support: bool = True
    words: tuple[str, ...] = ()  # what the parser reads as this kind ("a", "army")
    icon: str = ""
    legend: str = ""
    drawn_as: str | None = None

    @property
    def legend_text(self) -> str:
        return self.legend or self.name[:1].upper() + self.name[1:]


_UNIT_SPECS: dict[str, UnitSpec] = {}
_FLEET_LIKE: set[str] = set()


def declare_unit_type(spec: UnitSpec) -> UnitType:
    """Register a kind of unit; returns its :class:`UnitType` value. Declaring a letter again with another
    spec raises :class:`ValueError` (two variants can't give one letter two meanings)."""
    letter = spec.letter
    if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "Z"):
        raise ValueError(f"a unit type is one capital letter, not {letter!r}")
    if spec.moves_as not in ("army", "fleet", None):
        raise ValueError(f"unit type {letter}: moves_as is 'army', 'fleet' or None, not {spec.moves_as!r}")
    known = _UNIT_SPECS.get(letter)
    if known is not None and known != spec:
        raise ValueError(f"unit type {letter} is already declared as {known.name}")
    _UNIT_SPECS[letter] = spec
    if spec.moves_as == "fleet":
        _FLEET_LIKE.add(letter)
    return UnitType(letter)


def unit_spec(kind: str) -> UnitSpec:
    """The declared spec of a unit type; raises :class:`KeyError` naming an undeclared letter."""
    try:
        return _UNIT_SPECS[kind]
    except KeyError:
        raise KeyError(f"unit type {kind!r} is not declared") from None


def declared_unit_specs() -> tuple[UnitSpec, ...]:
    """Every declared unit type's spec, in the order they were declared."""
    return tuple(_UNIT_SPECS.values())


def moves_by_sea(kind: str) -> bool:
    """Does this kind of unit move by the fleets' adjacency (seas and coasts)?"""
    return kind in _FLEET_LIKE


for _spec in (
    UnitSpec("A", "army", "army", convoyable=True, words=("a", "army"), icon="army"),
    UnitSpec("F", "fleet", "fleet", can_convoy=True, words=("f", "fleet"), icon="fleet"),
    UnitSpec("E", "engineer", None, can_support=False, icon="engineer"),
    UnitSpec("P", "prison", None, can_support=False, icon="prison"),
    UnitSpec("W", "fighter field", None, icon="fighter"),
    UnitSpec("D", "decoy", None, icon="decoy", legend="Decoy (marked for its owner)", drawn_as="A"),
    UnitSpec("M", "militia", "army", words=("m", "militia"), icon="militia",
             legend="Militia (defends its province; never attacks)"),
    UnitSpec("C", "corps", "army", convoyable=True, words=("c", "corps"), icon="corps"),
    UnitSpec("S", "squadron", "fleet", can_convoy=True, words=("s", "squadron"), icon="squadron"),
):
    declare_unit_type(_spec)


class Terrain(enum.StrEnum):
    LAND = "land"
    COAST = "coast"
    SEA = "sea"
    IMPASSABLE = "impassable"


class Season(enum.StrEnum):
    """The common seasons by their one-letter phase code. The vocabulary is open: a variant's calendar may use
    any capital letter (see :func:`declare_season`); a phase's season is then that letter as a plain string."""

    SPRING = "S"
    SUMMER = "U"
    FALL = "F"
    AUTUMN = "A"
    WINTER = "W"


class PhaseType(enum.StrEnum):
    MOVEMENT = "M"
    RETREATS = "R"
    ADJUSTMENTS = "A"


_SEASON_NAMES: dict[str, str] = {
    Season.SPRING: "Spring",
    Season.SUMMER: "Summer",
    Season.FALL: "Fall",
    Season.AUTUMN: "Autumn",
    Season.WINTER: "Winter",
}
_PHASE_NAMES = {PhaseType.MOVEMENT: "Movement", PhaseType.RETREATS: "Retreats", PhaseType.ADJUSTMENTS: "Adjustments"}
_PHASE_RE = re.compile(r"^([A-Z])(-?\d{1,9})([MRA])$")


def season_code(letter: str) -> str:
    """A season letter as phases hold it: the :class:`Season` member for the common ones (so ``is``
    comparisons keep working), else the letter itself."""
    try:
        return Season(letter)
    except ValueError:
        return letter


def declare_season(letter: str, name: str) -> str:
    """Name a variant's season letter (``declare_season("M", "Monsoon")``) for phase names; returns its code.
    Raises :class:`ValueError` for anything but one capital letter, or a letter already named otherwise."""
    if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "Z"):
        raise ValueError(f"a season is one capital letter, not {letter!r}")
    known = _SEASON_NAMES.get(letter)
    if known is not None and known != name:
        raise ValueError(f"season {letter} is already {known}, not {name}")
    _SEASON_NAMES[letter] = name
    return season_code(letter)


class Phase(NamedTuple):
    """A phase name such as ``S1901M``: season letter (any capital letter a variant's calendar declares; the
    common ones as :class:`Season` members), year, phase-type letter."""

    season: str
    year: int
    type: PhaseType

    @classmethod
    def parse(cls, text: object) -> Phase:
        """Parse ``S1901M``; raises :class:`ValueError` naming the bad text (any value: a request or a file
        may hold anything there).

        >>> str(Phase.parse(" f1901r "))
        'F1901R'
        >>> Phase.parse("S1901X")
        Traceback (most recent call last):
        ValueError: bad phase 'S1901X': expected season letter, year, M/R/A (e.g. S1901M)
        """
        m = _PHASE_RE.match(text.strip().upper()) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"bad phase {shown(text)}: expected season letter, year, M/R/A (e.g. S1901M)")
        return cls(season_code(m.group(1)), int(m.group(2)), PhaseType(m.group(3)))

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.type.value}"

    @property
    def long_name(self) -> str:
        season = _SEASON_NAMES.get(self.season, f"Season {self.season}")
        return f"{season} {self.year} {_PHASE_NAMES[self.type]}"


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
    """The province of a location, without its coast.

    >>> province_of("STP/NC"), province_of("MOS")
    ('STP', 'MOS')
    """
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


# --- quoting bad input in error messages ---------------------------------------------------------------

_SHOW = reprlib.Repr()
_SHOW.maxstring = 60
_SHOW.maxother = 60
_SHOW.maxlevel = 3


def shown(value: object) -> str:
    """``repr(value)`` cut short for an error message: never fails on huge integers or deep nesting."""
    if isinstance(value, int) and value.bit_length() > 100:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        return _SHOW.repr(value)
    except (ValueError, RecursionError, TypeError):
        return f"a {type(value).__name__}"
