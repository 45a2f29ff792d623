"""What the contract writes it reads back: the position of every phase of random games of every variant,
sent as a request, is accepted and describes the same position; the response's answer, sent back, too."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.bots import play_random_phase
from engine.contract import position_of, state_from_request
from engine.game import Game
from engine.state import GameState
from engine.variants import Variant

GAMES = [("standard", {}), ("colonial", {}), ("engineered", {"level": "simple"}),
         ("engineered", {"level": "complex"}), ("engineered", {"level": "advanced"}), ("global_diplomacy", {})]


def described(variant: Variant, state: GameState) -> tuple[Any, ...]:
    """Everything in a position (dictionaries compared without their order)."""
    return (str(state.phase), sorted(state.units.items()), sorted(state.centers.items()),
            sorted(state.dislodged.items()), sorted(state.contested), json.dumps(state.extra, sort_keys=True))


def state_has_only_destroyed(state: GameState) -> bool:
    return bool(state.dislodged) and not any(d.retreats for d in state.dislodged.values())


def check_round_trip(game: Game, phases: int, rng: random.Random) -> int:
    checked = 0
    for _ in range(phases):
        if game.is_over:
            break
        # Nobody sits through a retreat phase with nothing to decide.
        assert not (state_has_only_destroyed(game.state)), game.state
        variant, state = game.variant, game.state
        request = position_of(variant, state)
        _, read = state_from_request(request)
        assert described(variant, read) == described(variant, state), request
        play_random_phase(game, rng)
        orders = {p: list(lines) for p, lines in game.history[-1].orders.items()}
        response = engine.adjudicate({**request, "orders": orders})
        assert response["next_phase"] == game.phase
        # The engine's default entries follow the board's order, which a request needn't share.
        assert sorted((o["power"], o["order"], o["result"]) for o in response["orders"]) == sorted(
            (r.power, r.order, r.result) for r in game.history[-1].results)
        answer = {**{k: v for k, v in request.items() if k != "extra"},
                  **{k: response[k] for k in ("units", "dislodged", "contested", "centers", "extra") if k in response},
                  "phase": response["next_phase"]}
        _, after = state_from_request(answer)
        assert described(variant, after) == described(variant, game.state), answer
        checked += 1
    return checked


@pytest.mark.parametrize("variant, options", GAMES, ids=[f"{v}-{o.get('level', '')}" for v, o in GAMES])
@pytest.mark.parametrize("seed", range(2))
def test_contract_output_is_valid_input(variant: str, options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(variant, options=options)
    assert check_round_trip(game, 24, rng) > 10


@pytest.mark.slow
@pytest.mark.parametrize("variant, options", GAMES, ids=[f"{v}-{o.get('level', '')}" for v, o in GAMES])
def test_contract_output_is_valid_input_over_long_games(variant: str, options: dict[str, Any]) -> None:
    for seed in range(100, 110):
        check_round_trip(Game.new(variant, options=options), 120, random.Random(seed))
