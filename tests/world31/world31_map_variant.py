"""A test-only variant that plays the World Diplomacy (31 countries) board with the standard rules, so the map
can be loaded, set up and drawn before the World rules module exists. Importing it registers the variant."""
from __future__ import annotations

from typing import ClassVar

from engine.types import Season
from engine.variants import Variant, register


@register
class World31MapVariant(Variant):
    id: ClassVar[str] = "world31-map-test"
    name: ClassVar[str] = "World Diplomacy board (standard rules, test only)"
    map_id: ClassVar[str] = "world31"
    aliases: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = "The 31-country world board under standard rules, to check the map."
    # The board starts in Winter 2000 as a movement phase: four movement seasons, adjustments after
    # Summer and Winter (the seed's calendar; money and militia belong to the rules module).
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.WINTER, Season.SPRING, Season.SUMMER, Season.FALL)

    def adjusts_after(self, season: str) -> bool:
        return season in (Season.SUMMER, Season.WINTER)

    def adjustment_season(self, season: str) -> str:
        return season
