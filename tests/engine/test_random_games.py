"""Property tests over seeded random games: invariants after every phase, save round trips, and
200 full games played to a result or 1950 without error."""
from __future__ import annotations

import random

import pytest

from engine import savefile
from engine.bots import play_random_phase
from engine.game import Game
from engine.types import PhaseType, province_of


def check_invariants(game: Game) -> None:
    state = game.state
    board = game.variant.board
    for prov, unit in state.units.items():
        assert province_of(unit.loc) == prov
        assert board.can_stand(unit.type, unit.loc), unit
    for unit, d in state.dislodged.items():
        assert d.unit == unit
        for r in d.retreats:
            assert province_of(r) not in state.units
    assert set(state.centers) <= board.supply_centers
    counts = game.center_counts()
    assert sum(counts.values()) <= len(board.supply_centers)
    assert all(state.centers[c] in board.powers for c in state.centers)
    if state.phase.type is not PhaseType.RETREATS:
        assert not state.dislodged


def play(seed: int, until_year: int = 1950, roundtrip_every: int = 0) -> Game:
    rng = random.Random(seed)
    game = Game.new()
    n = 0
    while not game.is_over and game.state.phase.year < until_year:
        play_random_phase(game, rng)
        check_invariants(game)
        n += 1
        if roundtrip_every and n % roundtrip_every == 0:
            text = savefile.dumps(game)
            assert savefile.dumps(savefile.loads(text)) == text
    return game


@pytest.mark.parametrize("seed", range(5))
def test_invariants_and_round_trip_every_phase(seed: int) -> None:
    game = play(seed, until_year=1915, roundtrip_every=1)
    assert len(game.history) > 20


@pytest.mark.slow
def test_two_hundred_random_games_run_to_the_end() -> None:
    outcomes = {"won": 0, "1950": 0}
    for seed in range(200):
        game = play(1000 + seed)
        outcomes["won" if game.winner else "1950"] += 1
        assert game.winner or game.state.phase.year >= 1950
    assert sum(outcomes.values()) == 200
