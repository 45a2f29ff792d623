"""Age of Discovery (EMG rules, appendix C): the EMG rules on a generated map that wraps both ways, for 9 to 20
players. The map is made from the game's options (seed, players) by ``emg/aod_map.py`` and kept as an
ordinary map folder in the cache, so the engine, save files and the client read it like any other board.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, ClassVar, Mapping

from ..resources import add_map_folder
from ..rules import DEFAULT_RULEBOOK, Rulebook
from ..variant_options import OptionSpec, OptionType
from . import register
from .emg.aod_map import CENTRES_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS, generate, map_id_for
from .emg.variant import EmgVariant

GENERATOR_VERSION = 2  # bumped when the generator's output for a seed changes: old cached folders are left


def maps_cache() -> Path:
    """Where generated maps are kept: ``CHANCELLERY_CACHE_DIR`` or the user's cache folder."""
    override = os.environ.get("CHANCELLERY_CACHE_DIR")
    if override:
        return Path(override) / "maps"
    import platformdirs

    return Path(platformdirs.user_cache_dir("chancellery", appauthor=False)) / "maps"


def _write_atomically(path: Path, text: str) -> None:
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def map_folder_for(seed: int, players: int) -> Path:
    """The folder of the generated map for ``seed`` and ``players``, made on first use."""
    folder = maps_cache() / f"aod-v{GENERATOR_VERSION}" / map_id_for(seed, players)
    if not (folder / "map.json").is_file() or not (folder / "geometry.json").is_file():
        made = generate(seed, players)
        folder.mkdir(parents=True, exist_ok=True)
        _write_atomically(folder / "geometry.json", json.dumps(made.geometry_doc, separators=(",", ":")))
        _write_atomically(folder / "map.json", json.dumps(made.map_doc, indent=1))
    return folder


@register
class AgeOfDiscovery(EmgVariant):
    id = "age_of_discovery"
    name = "Age of Discovery"
    map_id = "aod"  # each game's own generated map: see __init__
    aliases = ("aod",)
    description = "EMG's Age of Discovery: 9 to 20 players on a generated map that wraps both ways."
    spies_per_turn = 12  # RG-AOD-8
    spy_range = 2  # RG-AOD-9
    remembers_areas = True  # RG-AOD-3
    vote_percent = (900, 1500)  # RG-AOD-11

    def __init__(self, rulebook: Rulebook = DEFAULT_RULEBOOK, options: Mapping[str, Any] | None = None) -> None:
        # The number of centres (the range of victory_centers) follows the players, before options are checked.
        wanted = (options or {}).get("players", 12)
        self._players_hint = wanted if isinstance(wanted, int) and MIN_PLAYERS <= wanted <= MAX_PLAYERS else 12
        super().__init__(rulebook, options)
        seed, players = int(self.options.get("seed", 1)), int(self.options.get("players", 12))
        # The board is the game's own: an instance's map id names its generated folder.
        self.map_id = map_id_for(seed, players)  # type: ignore[misc]
        add_map_folder(self.map_id, map_folder_for(seed, players))

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        centres = CENTRES_PER_PLAYER * self._players_hint
        return (
            OptionSpec("victory_centers", OptionType.INT, centres, "Supply centres that end the game",
                       help="A game master's shortcut: a power owning this many supply centres ends the game (the "
                       "highest ranked wins). The rules' own end is the voted turn or percentage.",
                       minimum=1, maximum=centres),
            *self.victory_option_specs(),
            OptionSpec("seed", OptionType.INT, 1, "Map seed", help="The same seed and number of players always make "
                       "the same map.", minimum=0, maximum=2**31 - 1),
            OptionSpec("players", OptionType.INT, 12, "Players", help="Great Powers on the generated map.",
                       minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
        )

    @property
    def victory_centers(self) -> int:
        return int(self.options.get("victory_centers", self.board.victory_centers))


__all__ = ["AgeOfDiscovery", "map_folder_for", "maps_cache"]
