"""Shared by the fog-of-war invariant tests of Age of Discovery (engine, save files, LAN): what a seat may see,
worked out here from the rules' words and the board alone (not through the variant's own fog code), the
random commands the games are played with, and the search for hidden units in what a seat received."""
from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping

from engine.mapdata import MapData
from engine.state import GameState
from engine.types import Unit
from engine.variants import Variant


def sight(board: MapData, state: GameState, power: str, spied: Iterable[str] = ()) -> frozenset[str]:
    """RG-REP-2: the areas ``power`` owns or holds a unit in and every area next to them, and its spies' areas."""
    mine = {a for a, p in state.centers.items() if p == power}
    mine |= {a for a, p in state.extra.get("owned", {}).items() if p == power}
    mine |= {a for a, u in state.units.items() if u.power == power}
    out = set(mine) | set(spied)
    for area in mine:
        out |= board.any_adjacent(area)
    return frozenset(out)


def unit_text(unit: Unit) -> str:
    return f"{unit.type.value} {unit.loc}"


def hidden_texts(board: MapData, before: GameState, after: GameState, power: str, spied: Iterable[str]) -> set[str]:
    """The units of the turn from ``before`` to ``after`` that ``power`` may not know of (as text, ``A 12``),
    less any text it may know through a unit it sees (another unit standing in the same area)."""
    spied = frozenset(spied)
    start, end = sight(board, before, power, spied), sight(board, after, power, spied)
    hidden, shown = set(), set()
    for state, seen in ((before, start), (after, end)):
        for area, unit in state.units.items():
            (shown if unit.power == power or area in seen else hidden).add(unit_text(unit))
    return hidden - shown


def find_hidden(texts: Iterable[str], received: str | bytes) -> list[str]:
    """The texts among ``texts`` that appear in ``received`` as a unit (not inside another word or number)."""
    data = received if isinstance(received, str) else received.decode("utf-8", "replace")
    return [t for t in sorted(texts) if re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", data)]


def random_commands(variant: Variant, state: GameState, rng: random.Random, legal: Mapping[str, Mapping[str, list[str]]],
                    first_turn: bool) -> dict[str, list[str]]:
    """For every power: one random legal command per unit or centre, sometimes spies (by id or by its own
    coordinates) within reach, and sometimes a declaration of war or alliance."""
    from engine.variants.emg.aod_map import coordinates

    board = variant.board
    out: dict[str, list[str]] = {}
    for power in sorted(board.powers):
        lines = [rng.choice(options) for _, options in sorted(legal.get(power, {}).items())]
        if rng.random() < 0.6:
            known = sorted(variant.known_areas(state, power))  # type: ignore[attr-defined]
            reach = sorted(a for a, d in board.distances_from(known).items() if d <= 2) if known else []
            targets = rng.sample(reach, min(len(reach), rng.randint(1, 12)))
            if targets:
                words = [f"{x:02d}{y:02d}" if rng.random() < 0.5 else a
                         for a, (x, y) in ((a, coordinates(board.extra, power, a)) for a in targets)]
                lines.append("SP " + " ".join(words))
        if rng.random() < 0.3:
            other = rng.choice([p for p in board.powers if p != power])
            lines.append(("DA " if first_turn or rng.random() < 0.3 else "DW ") + other)
        out[power] = lines
    return out


def spies_of(variant: Variant, lines: Iterable[str], power: str, state: GameState) -> frozenset[str]:
    """The areas a power's SP line sends spies to (coordinates read as its own)."""
    out: set[str] = set()
    for line in lines:
        if line.startswith("SP "):
            order = variant.validate(variant.parse(line), state, power)
            out.update(getattr(order, "areas"))
    return frozenset(out)
