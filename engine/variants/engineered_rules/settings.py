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
from ...types import ChancelleryError, UnitType
from ...variant_options import OptionSpec, OptionType

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
        """The settings of ``options`` as checked against :func:`option_specs` (canonical values)."""
        d = cls()
        return cls(
            level=options.get("level", d.level),
            engineer_centers=options.get("engineer_centers", d.engineer_centers),
            engineer_minimum=options.get("engineer_minimum", d.engineer_minimum),
            decoys=options.get("decoys", d.decoys),
            austria_trieste=options.get("austria_trieste", d.austria_trieste),
            madman_after_missed=options.get("madman_after_missed", d.madman_after_missed),
            engineer_builds_on=options.get("engineer_builds_on", d.engineer_builds_on),
        )


_LEVEL_LABELS = {
    "simple": "Simple: engineers and prisons (C1-C6)",
    "complex": "Complex: adds fighter fields, decoys and the madman country (C7, C8, D)",
    "advanced": "Advanced: adds voting the weakest out and anonymous press (F1, F2)",
}


def option_specs() -> tuple[OptionSpec, ...]:
    """The options of Hugh's Engineered Diplomacy beyond the victory target; defaults are :class:`Settings`'
    (``docs/variants/engineered.md``)."""
    d = Settings()
    return (
        OptionSpec("level", OptionType.CHOICE, d.level, "Level",
                   choices=tuple((lv, _LEVEL_LABELS[lv]) for lv in LEVELS)),
        OptionSpec("engineer_centers", OptionType.INT, d.engineer_centers, "Supply centres per engineer",
                   help="Rule 3d gives 4; rule 3a's 'every 3 SCs' is 3 (with no minimum).", minimum=1, maximum=99),
        OptionSpec("engineer_minimum", OptionType.INT, d.engineer_minimum, "Engineers a power may always have",
                   minimum=0, maximum=99),
        OptionSpec("decoys", OptionType.BOOL, d.decoys, "Decoys (rule C8, complex and advanced levels)"),
        OptionSpec("austria_trieste", OptionType.CHOICE, d.austria_trieste,
                   "Austria's start unit in Trieste (levels with fighters)", choices=(("F", "Fleet"), ("A", "Army"))),
        OptionSpec("madman_after_missed", OptionType.INT, d.madman_after_missed,
                   "Hand a power to the madman after this many turns without orders",
                   help="Never: the game master decides (rule D1d).", minimum=1, maximum=99, optional=True,
                   none_label="never"),
        OptionSpec("engineer_builds_on", OptionType.CHOICE, d.engineer_builds_on,
                   "An engineer makes a temporary build centre of",
                   choices=(("owned", "a centre its power owns (B2)"), ("any", "any centre it is on (B4)"))),
    )


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

    def power_name(self, power: str) -> str: ...  # what results and errors call a power ("England", not its id)


MILITARY = (UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER)
