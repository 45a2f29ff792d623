"""Typed or pasted orders, one per line, read with the engine's parser; every line gets a verdict.

Lines may carry a power (``France: A PAR - BUR``), or a line naming only a power (``FRANCE`` or
``France:``) sets the power of the lines below it, as in a game master's order sheets. When several
powers are entered at this machine and a line names none, the power is taken from the unit it orders.
Blank lines, ``#`` comments and list numbers ("1)", "2.") are ignored.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.game import Game
from engine.orders import Order
from engine.types import OrderError, PhaseType, province_of

_LIST_NUMBER = re.compile(r"^\s*(?:\d+\s*[.)]|[-*•])\s+")


@dataclass(frozen=True, slots=True)
class LineOutcome:
    number: int  # 1-based line number in the text
    text: str
    power: str | None
    order: Order | None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.order is not None


def power_named(game: Game, text: str) -> str | None:
    """The power a word names (id, name or adjective, any case), or ``None``."""
    word = text.strip().rstrip(":").strip().lower()
    if not word:
        return None
    for p in game.variant.board.powers.values():
        if word in (p.id.lower(), p.name.lower(), p.adjective.lower()):
            return p.id
    return None


def infer_power(game: Game, line: str) -> str | None:
    """The power whose unit (or build site) a written order names, or ``None`` if it can't be told."""
    try:
        raw = game.variant.parse(line)
    except OrderError:
        return None
    if raw.loc is None:
        return None
    prov = province_of(raw.loc)
    state = game.state
    phase = state.phase.type
    dislodged = state.dislodged_at(prov) if phase is PhaseType.RETREATS else None
    if dislodged is not None:
        return dislodged.unit.power
    if phase is PhaseType.ADJUSTMENTS and raw.kind == "build":
        owner = state.centers.get(prov)
        return owner if owner is not None else game.variant.board.home_power(prov)
    unit = state.units.get(prov)
    return unit.power if unit is not None else None


def read_order_text(game: Game, text: str, allowed_powers: Sequence[str],
                    default_power: str | None = None) -> list[LineOutcome]:
    """Read every line of ``text`` for one of ``allowed_powers``; lines for other powers are errors."""
    allowed = list(allowed_powers)
    current = default_power if default_power in allowed else (allowed[0] if len(allowed) == 1 else None)
    outcomes: list[LineOutcome] = []
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = _LIST_NUMBER.sub("", raw_line).strip()
        if not line or line.startswith("#"):
            continue
        named = power_named(game, line)
        if named is not None:  # a header line: the lines below belong to this power
            if named not in allowed:
                outcomes.append(LineOutcome(number, line, named, None, f"{named} is not ordered here"))
                current = None
            else:
                current = named
            continue
        power = current
        head, colon, rest = line.partition(":")
        if colon and power_named(game, head) is not None:
            power = power_named(game, head)
            line = rest.strip()
        if power is None and len(allowed) > 1:
            power = infer_power(game, line)
        if power is None:
            try:
                game.variant.parse(line)
                error = "which power? start the line with the power's name (\"France: ...\")"
            except OrderError as exc:
                error = str(exc)  # not readable at all: say that rather than asking for a power
            outcomes.append(LineOutcome(number, line, None, None, error))
            continue
        if power not in allowed:
            outcomes.append(LineOutcome(number, line, power, None, f"{power}'s orders are not entered here"))
            continue
        check = game.check_line(power, line)
        outcomes.append(LineOutcome(number, check.text, power, check.order, check.error))
    return outcomes
