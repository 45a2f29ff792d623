"""1815 over the LAN: two remote seats play four years with Diplomacy Points and red-arrow denials beside
powers in civil disorder; an observer's bytes never carry an allocation, and a seat reads another's
denial only where the rules reveal it."""
from __future__ import annotations

import random
from typing import Any

from lan_support import STEP, RawPeer, pick_orders, run, seat, start_host

from engine.game import Game
from engine.variants.base import PUBLIC_VIEW

YEARS = 4
SEATS = ("BRITAIN", "FRANCE")


async def _observer(host: Any) -> RawPeer:
    peer = await RawPeer.open(host)
    await peer.hello()
    await peer.request({"type": "observe"}, "observing")
    await peer.until("state")
    return peer


def _orders(host_game: Game, state: dict[str, Any], power: str, rng: random.Random) -> list[str]:
    """From the seat's own legal table: one order per unit, every denial offered; and points on a minor
    unit's order from the public position (which minor units stand where)."""
    legal = state["you"]["legal"]
    if state["position"]["phase"] == "S1815M" and power == "BRITAIN":
        legal = {**legal, "LVP": ["F LVP - IRS"]}
    lines = []
    for _slot, options in sorted(legal.items()):
        denials = [o for o in options if o.startswith("DENY")]
        plain = [o for o in options if not o.startswith("DENY")]
        lines += [rng.choice(denials)] if denials else []
        lines += [rng.choice(plain)] if plain else []
    panel = host_game.variant.allocation_panel(host_game.state, power)
    if panel is not None and panel.points and panel.targets:
        _unit, orders = rng.choice(panel.targets)
        lines.append(str(host_game.variant.allocation_order(power, rng.randint(1, panel.points), rng.choice(orders))))
    return lines


def test_four_years_of_1815_on_the_lan_keep_points_and_denials_secret() -> None:
    async def play() -> tuple[Game, bytes, dict[str, list[dict[str, Any]]]]:
        host = await start_host(Game.new("1815"), cd_unclaimed=True)
        clients = {p: await seat(host, p) for p in SEATS}
        watcher = await _observer(host)
        rng = random.Random(1815)
        seen: dict[str, list[dict[str, Any]]] = {p: [] for p in SEATS}
        while not host.game.is_over and host.game.state.phase.year < 1815 + YEARS:
            phase = host.game.phase
            movers = [p for p, c in clients.items() if c.state and c.state["you"]["must_order"]]
            for power in movers:
                state = clients[power].state
                assert state is not None
                ack = await clients[power].submit_orders(_orders(host.game, state, power, rng), ready=True)
                assert all(c["ok"] for c in ack["checks"]), ack
            for power, client in clients.items():
                results = await client.next_event("results", STEP)
                assert results["phase"] == phase
                seen[power].append(results)
                await client.next_event("state", STEP)
            await watcher.until("results")
        await watcher.request({"type": "ping"}, "pong")
        watched = bytes(watcher.received)
        watcher.close()
        for client in clients.values():
            await client.close()
        await host.close()
        return host.game, watched, seen

    game, watched, seen = run(play(), timeout=120)
    assert game.state.phase.year >= 1815 + YEARS or game.is_over
    gm_results = [r for record in game.history for r in record.results]
    assert sum(r.order.startswith("DP ") for r in gm_results) >= YEARS * len(SEATS) // 2
    assert any(r.order.startswith("DENY") for r in gm_results)
    assert b"DP " not in watched  # allocations are never public
    for power, frames in seen.items():
        for frame, record in zip(frames, game.history):
            readable = {(r.power, r.order) for r in game.variant.results_for(record.state, record.results, power)}
            public = {(r.power, r.order) for r in game.variant.results_for(record.state, record.results, PUBLIC_VIEW)}
            for r in frame["results"]:
                assert (r["power"], r["order"]) in readable, (power, r)
                if r["power"] != power and (r["order"].startswith("DP ") or r["order"].startswith("DENY")):
                    assert (r["power"], r["order"]) in public, (power, r)  # another's secret, only once revealed
