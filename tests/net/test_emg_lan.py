"""Age of Discovery with twelve players over the LAN: three people at real client seats, bots of both strengths
in the other nine, the host adjudicating turn after turn; every position a seat receives holds only the units
inside that seat's own view. A few turns in the quick suite; a whole game to its end in the slow one."""
from __future__ import annotations

import random
from typing import Any

import pytest
from lan_support import STEP, until_phase_moves, pick_orders, run, seat, start_host

from engine.game import Game
from engine.variants.emg.variant import EmgVariant

PEOPLE = ("AMBER", "JADE", "PEARL")


def units_in(position: dict[str, Any]) -> set[str]:
    return {text for units in position["units"].values() for text in units}


async def play_lan(options: dict[str, Any], turns: int, seed: int) -> tuple[Game, int, int]:
    host = await start_host(Game.new("age_of_discovery", options=options))
    variant = host.game.variant
    assert isinstance(variant, EmgVariant) and len(variant.powers) == 12
    bots = [p for p in sorted(variant.powers) if p not in PEOPLE]
    for n, power in enumerate(bots):
        host.put_bot(power, "normal" if n % 2 == 0 else "easy")
    people = {p: await seat(host, p) for p in PEOPLE}
    rng = random.Random(seed)
    orders_sent = 0
    frames_checked = 0
    for _ in range(turns):
        if host.game.is_over:
            break
        phase = host.game.phase
        for power, client in people.items():
            state = await client.refresh_state(STEP)
            if host.game.phase != phase:
                break
            # The seat sees its own fog-of-war view: no unit outside it, whatever the host holds.
            shown = units_in(state["position"])
            own_view = {str(u) for u in variant.view_for(host.game.state, power).units.values()}
            assert shown == own_view, (power, sorted(shown - own_view))
            assert len(own_view) < len(host.game.state.units)
            frames_checked += 1
            if state["you"]["must_order"] and not host.game.has_submitted(power):
                ack = await client.submit_orders(pick_orders(state, rng), ready=True, phase=phase)
                assert all(c["ok"] for c in ack["checks"]), ack
                orders_sent += 1
        await until_phase_moves(host, phase)
    for client in people.values():
        await client.close()
    await host.close()
    return host.game, orders_sent, frames_checked


def test_a_few_turns_of_age_of_discovery_over_the_lan() -> None:
    game, sent, checked = run(play_lan({"players": 12, "seed": 5}, turns=4, seed=1), timeout=120)
    assert len(game.history) == 4 and sent == 12 and checked == 12
    played = {r.power for rec in game.history for r in rec.results if not r.default}
    assert set(game.variant.powers) - set(PEOPLE) <= played  # every bot seat gave orders
    assert any(rec.results and any(r.order.startswith("SP ") for r in rec.results) for rec in game.history)


@pytest.mark.slow
def test_a_whole_age_of_discovery_game_over_the_lan() -> None:
    game, sent, _ = run(play_lan({"players": 12, "seed": 5, "victory_centers": 16}, turns=400, seed=2),
                        timeout=900)
    assert game.is_over and sent > 12
    assert (game.winner is not None) != game.drawn  # one power ranked first, or first place shared: a draw
