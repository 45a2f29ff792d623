"""What the 1815 rules read from the board: red arrows with their intervening seas, the half-strength
(Cape) borders, and the minor powers that no player plays (the map's ``minor_powers``)."""
from __future__ import annotations

from dataclasses import dataclass

from ...mapdata import MapData
from ...types import province_of


@dataclass(frozen=True, slots=True)
class Places:
    minor_powers: frozenset[str]  # powers no player plays: their units act only through Diplomacy Points
    arrows: dict[frozenset[str], str]  # a red arrow's two provinces -> its intervening sea
    half_edges: frozenset[frozenset[str]]  # borders a move across attacks with half strength

    @classmethod
    def from_board(cls, board: MapData) -> Places:
        minors = board.minor_powers
        arrows: dict[frozenset[str], str] = {}
        half: set[frozenset[str]] = set()
        for edge, info in board.edge_attributes.items():
            pair = frozenset(province_of(loc) for loc in edge)
            if info.intervening_sea:
                arrows[pair] = info.intervening_sea
            if info.half_strength:
                half.add(pair)
        return cls(frozenset(minors), arrows, frozenset(half))

    def sea_between(self, a: str, b: str) -> str | None:
        """The intervening sea of the red arrow joining locations ``a`` and ``b`` (``None``: no red arrow)."""
        if not self.arrows:
            return None
        return self.arrows.get(frozenset((province_of(a), province_of(b))))

    def is_half(self, a: str, b: str) -> bool:
        return bool(self.half_edges) and frozenset((province_of(a), province_of(b))) in self.half_edges

    def arrow_ends(self, sea: str) -> frozenset[str]:
        """The provinces at either end of the red arrows that cross ``sea``."""
        return frozenset(p for pair, s in self.arrows.items() if s == sea for p in pair)
