"""World Diplomacy's rules on a small test board (``map/``), registered as ``world31_testboard``: the
variant's conformance cases and tests run on it while the World map is built. Its provinces carry the rules
text's continent tags and numbers, so the text's own examples (``{EP} F 3 - NWG``, ``build {EP} F 23``)
read as written."""
from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from engine.variants import register
from engine.variants.world31.variant import WorldDiplomacy


@register
class WorldTestBoard(WorldDiplomacy):
    id: ClassVar[str] = "world31_testboard"
    name: ClassVar[str] = "World Diplomacy test board"
    map_id: ClassVar[str] = "world31_testboard"
    map_folder: ClassVar[Path | None] = Path(__file__).resolve().parent / "map"
    aliases: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = "World Diplomacy's rules on a three-country test board."


__all__ = ["WorldTestBoard"]
