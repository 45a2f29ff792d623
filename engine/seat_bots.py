"""Seats a computer plays: "this power is played by a bot of strength X", and that bot's orders for a phase.

Every front end (hot-seat, LAN host, GM suggestions) asks here, never ``bots/`` directly, so they all play
the same heuristic player (``bots/heuristic.py``; on EMG boards ``bots/emg.py``, which reads only the seat's own
fog-of-war view) at the strength chosen for the seat. The bot is handed the game only to read the
position and its own legal options: it is called before anyone else's orders are read, and its orders go
into the game's sealed pending orders through :meth:`Game.set_orders` like a person's.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .game import Game
from .types import ChancelleryError

BOT_STRENGTHS = ("easy", "normal")
"""The strengths a seat may be given, weakest first."""

DEFAULT_STRENGTH = "normal"


def check_strength(strength: str) -> str:
    """``strength`` if it is one of :data:`BOT_STRENGTHS`; otherwise an error naming the choices."""
    if strength not in BOT_STRENGTHS:
        raise ChancelleryError(f"no bot strength {strength!r} (choose {' or '.join(BOT_STRENGTHS)})")
    return strength


def bot_orders(game: Game, power: str, strength: str = DEFAULT_STRENGTH,
               rng: random.Random | None = None) -> list[str]:
    """The orders a bot of ``strength`` gives for ``power`` in the current phase (nothing is submitted)."""
    check_strength(strength)
    if power not in game.variant.powers:
        raise ChancelleryError(f"unknown power {power!r}")
    if power not in game.powers_to_order():
        return []
    from . import bots  # the players sit above the game layer; import them only when a bot plays

    return bots.bot_orders(game, power, rng or random.Random(), strength)


@dataclass(frozen=True, slots=True)
class BotSeat:
    """One power played by a bot."""

    power: str
    strength: str = DEFAULT_STRENGTH

    def __post_init__(self) -> None:
        check_strength(self.strength)

    def play(self, game: Game, rng: random.Random | None = None) -> bool:
        """Seal this bot's orders for the current phase and mark it ready; False when it has nothing to
        order or already did."""
        if self.power not in game.powers_to_order() or game.has_submitted(self.power):
            return False
        game.set_orders(self.power, bot_orders(game, self.power, self.strength, rng), ready=True)
        return True


def bot_seats_from(data: object, powers: Any) -> dict[str, BotSeat]:
    """Bot seats read from a stored ``{power: strength}`` mapping; entries naming no power of the game or no
    strength are left out (a hand-edited save must not stop a game from opening)."""
    seats: dict[str, BotSeat] = {}
    if isinstance(data, Mapping):
        for power, strength in data.items():
            if power in powers and strength in BOT_STRENGTHS:
                seats[power] = BotSeat(power, strength)
    return seats


def bot_seats_to(seats: Mapping[str, BotSeat]) -> dict[str, str]:
    return {power: seat.strength for power, seat in seats.items()}
