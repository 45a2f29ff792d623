"""Computer players: a seeded random one and a heuristic one in two strengths (``docs/bots.md``).

``bot_orders(game, power, rng, strength)`` is the one entry point for a seat without a player:
``strength`` is one of :data:`STRENGTHS` ("random", "easy", "normal"). The orders come back as canonical
texts, to be handed to ``Game.set_orders`` like anyone's (so they are sealed the same way).
"""
from __future__ import annotations

import random
from typing import Mapping

from ..game import Game
from ..variants.emg.variant import EmgVariant
from .emg import emg_orders
from .heuristic import EASY, NORMAL, heuristic_orders
from .random_player import RANDOM, play_random_phase, random_orders

STRENGTHS: tuple[str, ...] = (RANDOM, EASY, NORMAL)
STRENGTH_NAMES: Mapping[str, str] = {RANDOM: "Random", EASY: "Easy", NORMAL: "Normal"}


def bot_orders(game: Game, power: str, rng: random.Random, strength: str = NORMAL) -> list[str]:
    """The orders a bot of ``strength`` gives for ``power`` in the game's current phase, as texts."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown bot strength {strength!r} (known: {', '.join(STRENGTHS)})")
    if strength == RANDOM:
        return random_orders(game, power, rng)
    if power not in game.powers_to_order():
        return []
    if isinstance(game.variant, EmgVariant):  # EMG turns hold their own adjustments and relations
        return [str(o) for o in emg_orders(game.variant, game.state, power, rng, strength)]
    orders = heuristic_orders(game.variant, game.state, power, game.legal_orders(power), rng, strength)
    return [str(o) for o in orders]


def play_bot_phase(game: Game, rng: random.Random, strengths: Mapping[str, str] | str = NORMAL) -> None:
    """Orders for every power that has something to order (``strengths``: one strength for all, or per
    power, random for a power not named), then adjudicate the phase."""
    for power in game.powers_to_order():
        strength = strengths if isinstance(strengths, str) else strengths.get(power, RANDOM)
        game.set_orders(power, bot_orders(game, power, rng, strength), ready=True)
    game.process()


__all__ = ["EASY", "NORMAL", "RANDOM", "STRENGTHS", "STRENGTH_NAMES", "bot_orders", "play_bot_phase",
           "play_random_phase", "random_orders"]
