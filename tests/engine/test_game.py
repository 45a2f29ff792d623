"""Game lifecycle: phases, skipping, centre ownership, builds, victory, draws, rollback."""
from __future__ import annotations

import pytest

from engine.contract import state_from_request
from engine.game import Game
from engine.types import ChancelleryError


def test_new_game_starts_spring_1901_with_22_units() -> None:
    game = Game.new("standard")
    assert game.phase == "S1901M"
    assert len(game.state.units) == 22
    assert game.center_counts()["RUSSIA"] == 4
    assert sorted(game.powers_to_order()) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_a_year_without_conflict_skips_retreats_and_builds_where_centres_were_taken() -> None:
    game = Game.new()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"])
    game.set_orders("GERMANY", ["A MUN - RUH", "A BER - KIE", "F KIE - DEN"])
    game.process()
    assert game.phase == "F1901M"  # no dislodgement: no retreat phase
    game.set_orders("FRANCE", ["A SPA H", "F MAO - POR", "A BUR - BEL"])
    game.set_orders("GERMANY", ["F DEN H", "A RUH - HOL"])
    game.process()
    assert game.phase == "W1901A"
    assert game.state.centers["SPA"] == "FRANCE" and game.state.centers["POR"] == "FRANCE"
    assert game.state.centers["DEN"] == "GERMANY" and game.state.centers["HOL"] == "GERMANY"
    assert game.variant.adjustment_delta(game.state, "FRANCE") == 3
    assert sorted(game.powers_to_order()) == ["FRANCE", "GERMANY"]
    checks = game.set_orders("FRANCE", ["BUILD A PAR", "BUILD F BRE", "BUILD A MAR", "BUILD A PAR"])
    assert [c.ok for c in checks] == [True, True, True, True]
    result = game.process()
    assert game.phase == "S1902M"
    assert {str(u) for u in game.state.units_of("FRANCE")} >= {"A PAR", "F BRE", "A MAR"}
    # Germany ordered nothing: its builds are simply not used.
    assert len(game.state.units_of("GERMANY")) == 3
    # The repeated build in PAR replaced the first one rather than failing.
    assert [r.result for r in result.results if r.power == "FRANCE"] == ["succeeds"] * 3


def test_spring_centres_do_not_change_owner() -> None:
    game = Game.new()
    game.set_orders("FRANCE", ["A MAR - SPA"])
    game.process()
    assert "SPA" not in game.state.centers


def test_retreat_phase_then_unordered_retreat_disbands() -> None:
    game = Game.new()
    _, state = state_from_request({
        "phase": "S1901M",
        "units": {"FRANCE": ["A BUR", "A PAR", "A MAR"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
    })
    game.replace_state(state)
    game.set_orders("FRANCE", ["A PAR - PIC"])
    game.set_orders("GERMANY", [])
    game.set_orders("FRANCE", ["A MAR S A PAR - BUR", "A PAR - BUR"])  # replaces the earlier orders
    game.set_orders("GERMANY", ["A MUN H"])
    game.process()
    assert game.phase == "S1901M" or game.phase == "F1901M"
    # The French can't dislodge their own army: nothing happens.
    assert str(game.state.unit_at("BUR")) == "A BUR"


def test_dislodged_unit_retreats() -> None:
    game = Game.new()
    _, state = state_from_request({
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
    })
    game.replace_state(state)
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR"])
    game.process()
    assert game.phase == "S1901R"
    d = game.state.dislodged_at("BUR")
    assert d is not None and d.attacker == "PAR" and "PAR" not in d.retreats and "MUN" in d.retreats
    assert game.powers_to_order() == ["GERMANY"]
    assert game.check_line("GERMANY", "A BUR R PAR").error == "A BUR can't retreat to PAR"
    game.set_orders("GERMANY", ["A BUR R MUN"])
    game.process()
    assert game.phase == "F1901M"
    assert str(game.state.unit_at("MUN")) == "A MUN"


def test_victory_at_eighteen_centres() -> None:
    game = Game.new()
    centers = {c: "FRANCE" for c in sorted(game.variant.board.supply_centers)[:17]}
    units = {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]}
    _, state = state_from_request({"phase": "F1901M", "units": units,
                                   "centers": {"FRANCE": list(centers), "GERMANY": []}})
    game.replace_state(state)
    game.set_orders("FRANCE", ["A BUR - MUN"])
    game.process()
    assert game.winner is None  # MUN held
    game.rollback(0)
    _, state = state_from_request({"phase": "F1901M", "units": {"FRANCE": ["A BUR"]},
                                   "centers": {"FRANCE": list(centers)}})
    game.replace_state(state)
    target = next(c for c in ("MUN", "BEL", "PAR", "MAR") if c not in centers)
    game.set_orders("FRANCE", [f"A BUR - {target}"])
    game.process()
    assert game.winner == "FRANCE"
    assert game.powers_to_order() == []
    with pytest.raises(ChancelleryError):
        game.process()


def test_draw_needs_every_survivor() -> None:
    game = Game.new()
    for p in game.survivors()[:-1]:
        game.vote_draw(p)
    assert not game.drawn
    game.vote_draw(game.survivors()[-1])
    assert game.drawn and game.is_over


def test_rollback_restores_an_earlier_phase() -> None:
    game = Game.new()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    game.process()
    assert len(game.history) == 2
    game.rollback(1)
    assert game.phase == "F1901M" and len(game.history) == 1
    assert str(game.state.unit_at("BUR")) == "A BUR"
    with pytest.raises(ChancelleryError):
        game.rollback(5)


def test_pending_orders_are_per_power() -> None:
    game = Game.new()
    game.set_orders("FRANCE", ["A PAR - BUR", "nonsense"], ready=True)
    assert game.pending_orders("FRANCE") == ["A PAR - BUR"]
    assert game.pending_orders("GERMANY") == []
    assert game.has_submitted("FRANCE") and not game.all_ready()


@pytest.mark.parametrize("variant_id", ["standard", "world31_testboard"])
def test_orders_kept_by_set_orders_process_as_their_texts_do(variant_id: str) -> None:
    """``set_orders`` reads each line once and keeps its slot for ``process``: the phase ends as the same
    texts read afresh end it (later lines replacing earlier ones for a slot, unreadable lines dropped)."""
    import random

    from engine.bots import random_orders
    from engine.phases import process_phase

    rng = random.Random(5)
    game = Game.new(variant_id)
    for _ in range(6):
        sent: dict[str, list[str]] = {}
        for power in game.powers_to_order():
            lines = random_orders(game, power, rng)
            lines += [rng.choice(lines)] if lines else []  # a line again
            lines += ["no such order", "  ", *lines[:1]]
            checks = game.set_orders(power, lines, ready=True)
            assert [c.ok for c in checks] == [game.check_line(power, line).ok for line in lines if line.strip()]
            sent[power] = game.pending_orders(power)
        afresh = process_phase(game.variant, game.state, sent)
        result = game.process()
        assert result.results == afresh.results and result.state == afresh.state
