"""The new game's victory settings (``app.controllers.setup``): the centre count is asked for, worded by the
variant's rule, only where one wins or ends the game; the games started with it are the games started before."""
from __future__ import annotations

import pytest

from app.controllers.setup import Mode, NewGameSpec, create_game, offered_options, variant_options, victory_option
from engine.variants import find_variant

CENTRE_TARGETS = {"standard": (18, 34), "1815": (25, 63), "colonial": (30, 58), "engineered": (18, 34)}


@pytest.mark.parametrize(("vid", "target"), CENTRE_TARGETS.items())
def test_a_centre_target_is_offered_as_to_win_and_starts_the_same_game(vid: str, target: tuple[int, int]) -> None:
    spec = victory_option(vid)
    assert spec is not None and spec.label == "Supply centres to win"
    assert (spec.default, spec.maximum) == target
    assert "victory_centers" in {s.name for s in offered_options(vid)}
    assert "victory_centers" not in {s.name for s in variant_options(vid)}
    # What the dialog hands over, as it always did: the count chosen among the options.
    game = create_game(NewGameSpec(vid, Mode.GM, (), victory_centers=12))
    assert game.variant.options["victory_centers"] == 12 and game.variant.victory_centers == 12
    assert game.state == find_variant(vid, {"victory_centers": 12}).initial_state()
    default = create_game(NewGameSpec(vid, Mode.GM, (), victory_centers=spec.default))  # type: ignore[arg-type]
    assert default.variant.options == {"victory_centers": target[0]}


def test_world_offers_no_centre_count_and_its_game_keeps_none() -> None:
    assert victory_option("world31") is None
    assert "victory_centers" not in {s.name for s in offered_options("world31")}
    assert {"continents_to_win", "conquest"} <= {s.name for s in offered_options("world31")}
    game = create_game(NewGameSpec("world31", Mode.GM, (), victory_centers=None,
                                   extra_options={"continents_to_win": 6}))
    assert "victory_centers" not in game.variant.options
    assert "conquering 6 of the 8 continents" in game.variant.victory_rule().text


@pytest.mark.parametrize("vid", ["global_diplomacy", "age_of_discovery"])
def test_emg_offers_the_count_that_ends_the_game(vid: str) -> None:
    spec = victory_option(vid)
    assert spec is not None and spec.label == "Supply centres that end the game"
    assert spec.default == spec.maximum == len(find_variant(vid).board.supply_centers)
    assert "to win" not in spec.label and "ends the game" in spec.help


def test_age_of_discovery_counts_the_centres_of_the_players_chosen() -> None:
    # The count follows the players: nine players' map has 36 centres, so 48 (twelve players') is refused.
    spec = victory_option("age_of_discovery", {"players": 9})
    assert spec is not None and spec.default == spec.maximum == 36
    game = create_game(NewGameSpec("age_of_discovery", Mode.GM, (), victory_centers=spec.default,  # type: ignore[arg-type]
                                   extra_options={"players": 9}))
    assert game.variant.victory_centers == len(game.variant.board.supply_centers) == 36
