"""Whole EMG games (Global Diplomacy; Age of Discovery with 12 players) played by bots through the game master's
path (``engine.game.Game``) to their end, and seeded random games of both keeping every invariant after every
turn: unit points within the supply the turn's upkeep allowed, one unit per area, ownership that follows the
rules, relations that are valid and changed only as the rules allow, save files and the JSON contract read back
to the same position."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import savefile
from engine.bots import EASY, NORMAL, RANDOM, play_bot_phase
from engine.contract import position_of, state_from_request
from engine.game import Game
from engine.state import GameState
from engine.variants.emg.relations import ALLY, WAR, pair_key, relation
from engine.variants.emg.turn import owners, supply_points, unit_points
from engine.variants.emg.variant import EmgVariant

GD = ("global_diplomacy", {})
AOD = ("age_of_discovery", {"players": 12, "seed": 5})


def strengths_for(game: Game, rng: random.Random) -> dict[str, str]:
    """A mix of players: normal, easy and random bots."""
    return {p: rng.choice((NORMAL, EASY, RANDOM)) for p in sorted(game.variant.powers)}


def check_turn(variant: EmgVariant, before: GameState, after: GameState) -> None:
    """Every invariant of one EMG turn from ``before`` to ``after``."""
    board = variant.board
    powers = set(board.powers)
    # One unit per area: the occupants are keyed by area and nothing stands beside them.
    assert not after.stacked and not after.dislodged
    for area, unit in after.units.items():
        assert unit.loc.split("/")[0] == area and board.can_stand(unit.type, unit.loc), unit
    # Unit points within supply after the upkeep: adds stay within the turn's spare points, and the forced
    # downgrades and removals leave no power above its supply at the start of the turn.
    for power in powers:
        assert unit_points(after.units.values(), power) <= supply_points(board, before, power), (power, after.phase)
    # Ownership: centres and owned areas name real places and powers; a unit ending on land owns it or stands
    # there by the owner's leave (an ally's grant, kept after a change of relations), never an enemy's.
    owned = after.extra.get("owned", {})
    assert set(after.centers) <= board.supply_centers and not set(owned) & board.supply_centers
    assert set(after.centers.values()) | set(owned.values()) <= powers
    assert not any(board.provinces[a].is_sea for a in owned)
    rels = after.extra.get("relations", {})
    holders = owners(after)
    for area, unit in after.units.items():
        if board.provinces[area].is_sea:
            continue
        owner = holders.get(area)
        assert owner is not None, f"{unit} stands in {area}, which nobody owns after the turn"
        assert owner == unit.power or relation(rels, owner, unit.power) != WAR, (unit, owner)
    # Relations: sorted pairs of two powers, allied or at war; no war on the first turn; never straight from
    # alliance to war or back (a neutral turn between).
    old = before.extra.get("relations", {})
    for key, value in rels.items():
        a, b = key.split()
        assert a < b and {a, b} <= powers and value in (ALLY, WAR)
        assert {old.get(key), value} != {ALLY, WAR}, (key, old.get(key), value)
        if value == WAR and variant.is_first_turn(before):
            raise AssertionError(f"war between {a} and {b} on the first turn")
    assert pair_key("B", "A") == "A B"


def described(state: GameState) -> tuple[Any, ...]:
    return (str(state.phase), sorted(state.units.items()), sorted(state.centers.items()),
            json.dumps(state.extra, sort_keys=True))


def check_files_and_contract(game: Game) -> None:
    """The save file reads back to the same game, and the contract's answer, sent back as a request, to the
    same position (engine output is valid engine input)."""
    text = savefile.dumps(game)
    loaded = savefile.loads(text)
    assert loaded.state == game.state and savefile.dumps(loaded) == text
    request = position_of(game.variant, game.state)
    _, read = state_from_request(request)
    assert described(read) == described(game.state)


def play_checked(variant_id: str, options: dict[str, Any], seed: int, turns: int) -> Game:
    """A seeded game of mixed bots, every invariant checked after every turn, the files and the contract
    after every turn too (the contract adjudicating the same orders to the same next position)."""
    rng = random.Random(seed)
    game = Game.new(variant_id, options=options)
    variant = game.variant
    assert isinstance(variant, EmgVariant)
    strengths = strengths_for(game, rng)
    for _ in range(turns):
        if game.is_over:
            break
        before = game.state
        request = position_of(variant, before)
        play_bot_phase(game, rng, strengths)
        check_turn(variant, before, game.state)
        orders = {p: list(lines) for p, lines in game.history[-1].orders.items()}
        response = engine.adjudicate({**request, "orders": orders})
        assert response["next_phase"] == game.phase
        answer = {**{k: v for k, v in request.items() if k != "extra"},
                  **{k: response[k] for k in ("units", "centers", "extra") if k in response},
                  "phase": response["next_phase"]}
        _, after = state_from_request(answer)
        assert described(after) == described(game.state), answer
        check_files_and_contract(game)
    return game


@pytest.mark.parametrize("variant_id, options", [GD, AOD], ids=["global_diplomacy", "aod12"])
@pytest.mark.parametrize("seed", range(2))
def test_random_games_keep_every_invariant(variant_id: str, options: dict[str, Any], seed: int) -> None:
    game = play_checked(variant_id, options, seed, turns=8)
    assert len(game.history) == 8
    assert game.state.extra.get("relations"), "the bots made no alliance or war in eight turns"


@pytest.mark.slow
@pytest.mark.parametrize("variant_id, options", [GD, AOD], ids=["global_diplomacy", "aod12"])
def test_long_random_games_keep_every_invariant(variant_id: str, options: dict[str, Any]) -> None:
    for seed in range(100, 106):
        play_checked(variant_id, options, seed, turns=40)


def play_to_the_end(variant_id: str, options: dict[str, Any], seed: int, cap: int) -> Game:
    """Normal bots in every seat, through the game master's path: orders set, then processed, until a winner."""
    rng = random.Random(seed)
    game = Game.new(variant_id, options=options)
    for _ in range(cap):
        if game.is_over:
            break
        play_bot_phase(game, rng, NORMAL)
    return game


def assert_ended_by_centres_or_votes(game: Game, centres: int) -> None:
    """The game is over: a power owns the game master's count of centres, or the voted terms are met; the
    winner is the power ranked first (RG-VIC-2: the greatest increase wins, whatever ended the game), or
    the powers sharing first place draw."""
    assert game.is_over
    ended = game.state.extra["ended"]
    owned = {p: game.variant.center_count(game.state, p) for p in game.variant.powers}
    assert max(owned.values()) >= centres or "voted" in ended["why"] or "increase" in ended["why"], ended
    assert ended["winners"] and all(game.state.extra["standing"][p]["rank"] == 1 for p in ended["winners"])
    if len(ended["winners"]) == 1:  # a shared first place is a draw (RG-VIC-2)
        assert game.winner == ended["winners"][0] and not game.drawn
    else:
        assert game.winner is None and game.drawn


def test_a_short_global_diplomacy_game_is_played_to_its_end() -> None:
    game = play_to_the_end("global_diplomacy", {"victory_centers": 16}, seed=3, cap=30)
    assert_ended_by_centres_or_votes(game, 16)


def test_a_short_age_of_discovery_game_with_twelve_players_is_played_to_its_end() -> None:
    game = play_to_the_end("age_of_discovery", {"players": 12, "seed": 5, "victory_centers": 9}, seed=3, cap=40)
    assert len(game.variant.powers) == 12
    assert_ended_by_centres_or_votes(game, 9)


@pytest.mark.slow
def test_a_full_global_diplomacy_game_is_played_to_its_end() -> None:
    game = play_to_the_end("global_diplomacy", {"victory_centers": 40}, seed=7, cap=400)
    assert_ended_by_centres_or_votes(game, 40)


@pytest.mark.slow
def test_a_full_age_of_discovery_game_with_twelve_players_is_played_to_its_end() -> None:
    game = play_to_the_end("age_of_discovery", {"players": 12, "seed": 5, "victory_centers": 20}, seed=7, cap=400)
    assert_ended_by_centres_or_votes(game, 20)


def test_the_invariant_checks_catch_broken_turns() -> None:
    """The checks above fail on a turn that breaks the rules: units beyond supply, a unit on land nobody owns,
    a war straight out of an alliance."""
    from engine.types import Unit, UnitType

    variant = Game.new("global_diplomacy").variant
    assert isinstance(variant, EmgVariant)
    before = variant.initial_state()
    check_turn(variant, before, before)
    extra_units = dict(before.units)
    board = variant.board
    owned = before.extra["owned"]
    spare = [a for a, p in sorted(before.centers.items()) if p == "ENGLAND" and a not in before.units
             and board.can_stand(UnitType.ARMY, a)]
    spare += [a for a, p in sorted(owned.items()) if p == "ENGLAND" and a not in before.units
              and board.can_stand(UnitType.ARMY, a)]
    for area in spare:
        extra_units[area] = Unit("ENGLAND", UnitType.ARMY, area)
    with pytest.raises(AssertionError, match="ENGLAND"):
        check_turn(variant, before, before.replace(units=extra_units))
    england = next(a for a, u in before.units.items() if u.power == "ENGLAND")
    stray = {a: u for a, u in before.units.items() if a != england} | {"42": Unit("ENGLAND", UnitType.CORPS, "42")}
    with pytest.raises(AssertionError, match="nobody owns"):
        check_turn(variant, before, before.replace(units=stray))
    allied = before.replace(extra={**before.extra, "relations": {"ENGLAND FRANCE": "ally"}})
    with pytest.raises(AssertionError):
        check_turn(variant, allied, before.replace(extra={**before.extra, "relations": {"ENGLAND FRANCE": "war"}}))
