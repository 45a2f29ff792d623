"""The seed's order notation: land provinces written by continent tag and number (``{EP} F 3 - NWG``,
``build {EP} F 23``, ``bribe {AF} A 33 $12``), sea zones by their abbreviations.

``to_codes`` rewrites a text into the map's province codes for the parser (a tag holds for the numbers
after it until the next tag); ``seed_text`` writes a canonical text back in the seed's form.
"""
from __future__ import annotations

import re

from ...mapdata import MapData

_TAG = re.compile(r"\{\s*([A-Za-z]{2})\s*\}")
_PIECE = re.compile(r"\{\s*[A-Za-z]{2}\s*\}|\$\d+(?:\.\d+)?|\d+|[^\s{$\d]+|\S")


def numbered(board: MapData) -> dict[tuple[str, int], str]:
    """(continent, number) -> province code, for every numbered province of the map."""
    return {(p.continent.upper(), p.number): p.id for p in board.provinces.values()
            if p.continent is not None and p.number is not None}


def to_codes(text: str, board: MapData, table: dict[tuple[str, int], str]) -> str:
    """``text`` with every tagged number replaced by its province's code. Raises ``KeyError`` naming an
    unknown (continent, number); untagged texts come back unchanged."""
    if "{" not in text:
        return text
    out: list[str] = []
    continent: str | None = None
    for piece in _PIECE.findall(text):
        tag = _TAG.fullmatch(piece)
        if tag:
            continent = tag.group(1).upper()
            continue
        if piece.isdigit() and continent is not None:
            code = table.get((continent, int(piece)))
            if code is None:
                raise KeyError(f"{{{continent}}} {piece}")
            out.append(code)
        else:
            out.append(piece)
    return " ".join(out).replace(" (", "(").replace("( ", "(").replace(" )", ")")


_CODE = re.compile(r"\b[A-Z][A-Z0-9_]+\b")


def seed_text(text: str, board: MapData) -> str:
    """A canonical order text in the seed's notation: ``F ECH - NWG`` -> ``{EP} F 3 - NWG``; a tag is
    written before a number only when its continent differs from the last one written."""
    last: list[str | None] = [None]

    def swap(m: re.Match[str]) -> str:
        prov = board.provinces.get(m.group(0))
        if prov is None or prov.continent is None or prov.number is None:
            return m.group(0)
        if last[0] == prov.continent:
            return str(prov.number)
        last[0] = prov.continent
        return f"{{{prov.continent}}} {prov.number}"

    out = _CODE.sub(swap, text)
    # A coast as the seed writes it ("{NA} F 25 (sc)"), and the tag before the unit letter ("{EP} F 3").
    out = re.sub(r"\b(\d+)/([A-Z]{2})\b", lambda m: f"{m.group(1)} ({m.group(2).lower()})", out)
    return re.sub(r"\b([AFM]) (\{[A-Z]{2}\}) ", r"\2 \1 ", out)


__all__ = ["numbered", "seed_text", "to_codes"]
