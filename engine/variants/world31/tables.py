"""World Diplomacy's facts of one map, made once per map: the contract and the client make a new variant
object for every request or game, and a 449-place board is too large to read again each time.

Numbered provinces, the places frozen per season, cities, each continent's places to conquer, the
canonical upkeep lines already read, and canonical texts in the seed's notation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...mapdata import MapData
from ...orders import RawOrder
from ...state import GameState
from ...types import Season, Unit, UnitType
from .notation import numbered, seed_text
from .orders import MILITIA

_SEED_TEXTS_KEPT = 20_000  # canonical texts written in the seed's notation (units and orders of one map)


@dataclass(slots=True)
class MapTables:
    board: MapData
    numbers: dict[tuple[str, int], str]
    frozen_in: dict[str, frozenset[str]]
    cities: frozenset[str]
    places: frozenset[str]  # every province
    land: frozenset[str]
    seas: frozenset[str]
    homes: dict[str, tuple[str, ...]]  # power -> the map's home centres, sorted
    control: dict[str, str]  # land province -> the map's owner of it, home centres their country's
    sorted_control: dict[str, str] | None = None  # ``control`` in the order of its provinces; made on first need
    # (continent, conquest option) -> the places to control (see ``WorldDiplomacy.continent_places``)
    continent_places: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    # canonical upkeep line ("MAINTAIN A NA5") -> the raw order the variant's parser gives it; made on first need
    maintain: dict[str, RawOrder] | None = None
    # canonical upkeep line -> (kind, location, province, the order's slot), for the order reader; made on first need
    maintain_entries: dict[str, tuple[UnitType, str, str, str]] | None = None
    # canonical purchase line ("F NA5 B") -> (kind, location) as the variant's parser reads it; made on first need
    purchase: dict[str, tuple[UnitType, str]] | None = None
    seed_texts: dict[str, str] = field(default_factory=dict)  # canonical text -> the seed's notation
    # a unit -> its upkeep line on the finance sheet ("upkeep of {EP} F 3"), made on first need
    upkeep_words: dict[Unit, str] = field(default_factory=dict)
    initial: dict[str, GameState] = field(default_factory=dict)  # variant id -> its start position

    def upkeep_lines(self) -> dict[str, RawOrder]:
        """Every unit's canonical upkeep line, read: ``MAINTAIN <kind> <location>`` for each place a unit of
        each kind may stand (``tests/world31`` checks each against the variant's general reading)."""
        if self.maintain is None:
            table: dict[str, RawOrder] = {}
            for kind in (UnitType.ARMY, UnitType.FLEET, MILITIA):
                for loc in self.board.locations(kind):
                    text = f"MAINTAIN {kind._value_} {loc}"
                    table[text] = RawOrder("maintain", kind, loc, text=text)
            self.maintain = table
        return self.maintain

    def upkeep_entries(self) -> dict[str, tuple[UnitType, str, str, str]]:
        """``upkeep_lines`` as the fast reading uses them: each line's kind, location, province and slot."""
        if self.maintain_entries is None:
            self.maintain_entries = {
                text: (raw.unit_type, raw.loc, raw.loc.partition("/")[0],
                       f"maintain:{raw.unit_type._value_}:{raw.loc.partition('/')[0]}")
                for text, raw in self.upkeep_lines().items() if raw.unit_type is not None and raw.loc is not None}
        return self.maintain_entries

    def build_lines(self) -> dict[str, tuple[UnitType, str]]:
        """Every canonical purchase line, read: ``<kind> <location> B`` for each home centre of the map and
        each place a unit of each kind may stand there (``tests/variants/test_world31_reading.py`` checks
        each against the variant's general reading). Centres captured later are read the general way."""
        if self.purchase is None:
            centres = {prov for provs in self.homes.values() for prov in provs}
            table: dict[str, tuple[UnitType, str]] = {}
            for kind in (UnitType.ARMY, UnitType.FLEET, MILITIA):
                for loc in self.board.locations(kind):
                    if loc.partition("/")[0] in centres:
                        table[f"{kind._value_} {loc} B"] = (kind, loc)
            self.purchase = table
        return self.purchase

    def in_seed_notation(self, text: str) -> str:
        known = self.seed_texts.get(text)
        if known is None:
            known = seed_text(text, self.board)
            if len(self.seed_texts) >= _SEED_TEXTS_KEPT:
                self.seed_texts.clear()
            self.seed_texts[text] = known
        return known


@lru_cache(maxsize=8)
def map_tables(board: MapData) -> MapTables:
    provinces = board.provinces.values()
    arctic = {p.id for p in provinces if p.polar == "arctic" or (p.freezes and p.polar is None)}
    antarctic = {p.id for p in provinces if p.polar == "antarctic"}
    homes = {p.id: tuple(sorted(p.home_centers)) for p in board.powers.values()}
    control = {p.id: p.owner.upper() for p in provinces if p.owner is not None and p.is_land}
    for power, provs in homes.items():
        for prov in provs:
            control[prov] = power
    return MapTables(
        board, numbered(board), {Season.WINTER: frozenset(arctic), Season.SUMMER: frozenset(antarctic)},
        frozenset(p.id for p in provinces if p.city), frozenset(board.provinces),
        frozenset(p.id for p in provinces if p.is_land), frozenset(p.id for p in provinces if p.is_sea), homes, control)


__all__ = ["MapTables", "map_tables"]
