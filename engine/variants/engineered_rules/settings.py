"""Game options of Hugh's Engineered Diplomacy (level, engineer allowance, decoys, ...) and the per-map
start-up data in ``resources/maps/engineered/setup.json``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Mapping, Protocol

from ...mapdata import MapData
from ...resources import RESOURCES
from ...state import GameState
from ...position_check import shown
from ...types import ChancelleryError, UnitType

LEVELS = ("simple", "complex", "advanced")
DEFAULT_LEVEL = "complex"
SETUP_PATH = RESOURCES / "maps" / "engineered" / "setup.json"


@dataclass(frozen=True, slots=True)
class Settings:
    """The options one game was started with. Build with :meth:`from_options`."""

    level: str = DEFAULT_LEVEL
    engineer_centers: int = 4  # supply centres per engineer (rule 3d; rule 3a says 3)
    engineer_minimum: int = 1  # engineers a power may always have (rule 3d; rule 3a has none)
    decoys: bool = True  # the optional decoy (rule C8), used at the complex and advanced levels
    austria_trieste: str = "F"  # Austria's start unit in Trieste at the levels with fighters (rule 1d)
    madman_after_missed: int | None = None  # hand a power to the madman after this many missed turns (D1d)
    engineer_builds_on: str = "owned"  # temporary build centres: "owned" centres (rule B2) or "any" centre (B4)

    @property
    def fighters(self) -> bool:
        """Fighter fields, damage orders (rule C7): complex and advanced."""
        return self.level != "simple"

    @property
    def madman(self) -> bool:
        """The neutral madman country and bidding (rules D1-D3): complex and advanced."""
        return self.level != "simple"

    @property
    def use_decoys(self) -> bool:
        return self.decoys and self.level != "simple"

    @property
    def survival(self) -> bool:
        """Voting the weakest player out and anonymous press (rules F1, F2): advanced only."""
        return self.level == "advanced"

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Settings:
        """Read the variant's options; raises :class:`ChancelleryError` naming a bad option."""
        level = options.get("level", DEFAULT_LEVEL)
        if not isinstance(level, str) or level.strip().lower() not in LEVELS:
            raise ChancelleryError(f"option level: expected one of {', '.join(LEVELS)}, got {shown(level)}")
        centers = _int_option(options, "engineer_centers", 4, minimum=1)
        minimum = _int_option(options, "engineer_minimum", 1, minimum=0)
        decoys = options.get("decoys", True)
        if not isinstance(decoys, bool):
            raise ChancelleryError(f"option decoys: expected true or false, got {shown(decoys)}")
        trieste = options.get("austria_trieste", "F")
        if not isinstance(trieste, str) or trieste.strip().upper() not in ("A", "F"):
            raise ChancelleryError(f"option austria_trieste: expected 'A' or 'F', got {shown(trieste)}")
        missed = options.get("madman_after_missed")
        if missed is not None:
            missed = _int_option(options, "madman_after_missed", 2, minimum=1)
        builds_on = options.get("engineer_builds_on", "owned")
        if builds_on not in ("owned", "any"):
            raise ChancelleryError(f"option engineer_builds_on: expected 'owned' or 'any', got {shown(builds_on)}")
        return cls(level.strip().lower(), centers, minimum, decoys, trieste.strip().upper(), missed, builds_on)


def _int_option(options: Mapping[str, Any], name: str, default: int, minimum: int) -> int:
    value = options.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ChancelleryError(f"option {name}: expected a whole number of at least {minimum}, got {shown(value)}")
    return value


@dataclass(frozen=True, slots=True)
class MapSetup:
    """Start-up differences for one board (rules C1a-C1d) and the rules' place abbreviations."""

    not_build_centers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fighter_starts: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    start_choices: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)


@cache
def load_setup(map_id: str) -> MapSetup:
    """The setup for ``map_id``; a board without an entry plays with its own start units."""
    try:
        data = json.loads(SETUP_PATH.read_text(encoding="utf-8"))
        entry = data["maps"].get(map_id)
        if entry is None:
            return MapSetup()
        return MapSetup(
            not_build_centers={p: tuple(c.upper() for c in cs) for p, cs in entry.get("not_build_centers", {}).items()},
            fighter_starts={p: tuple((a.upper(), b.upper()) for a, b in pairs)
                            for p, pairs in entry.get("fighter_starts", {}).items()},
            start_choices=dict(entry.get("start_choices", {})),
            aliases={k.lower(): v.upper() for k, v in entry.get("aliases", {}).items()},
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ChancelleryError(f"{SETUP_PATH} can't be read: {exc}") from exc


class Rules(Protocol):
    """What the rule modules need from the variant (the :class:`Engineered` variant provides it)."""

    settings: Settings

    @property
    def board(self) -> MapData: ...

    @property
    def setup(self) -> MapSetup: ...

    @property
    def powers(self) -> list[str]: ...

    def home_centers(self, state: GameState, power: str) -> tuple[str, ...]: ...

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]: ...

    def adjustment_delta(self, state: GameState, power: str) -> int: ...

    def engineer_allowance(self, state: GameState, power: str) -> int: ...


MILITARY = (UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER)
