"""World Diplomacy on the LAN with every seat taken: 31 clients claim the 31 countries of the real World map,
each sends an order only it knows, and until the phase is adjudicated no byte any seat receives carries
another seat's order; then every seat gets every result. The seats are raw sockets, so every byte is checked."""
from __future__ import annotations

import random
from typing import Any

from engine.game import Game
from lan_support import RawPeer, run, start_host

PHASE = "W2000M"


async def _claim(host: Any, power: str) -> tuple[RawPeer, dict[str, Any]]:
    peer = await RawPeer.open(host)
    await peer.hello()
    await peer.request({"type": "claim", "power": power}, "seated")
    state = await peer.until("state")
    return peer, state


def _secret(state: dict[str, Any], rng: random.Random) -> str:
    """A move of one of the seat's own units (a hold when none may move: a unit frozen in the Arctic)."""
    options = [o for _, orders in sorted(state["you"]["legal"].items()) for o in orders]
    moves = [o for o in options if " - " in o and " S " not in o and " C " not in o]
    return rng.choice(moves or options)


async def _sync(peer: RawPeer) -> None:
    await peer.request({"type": "ping"}, "pong")


def test_thirty_one_seats_on_the_world_map_never_see_each_others_orders() -> None:
    async def play() -> tuple[dict[str, str], dict[str, bytes], dict[str, list[dict[str, Any]]]]:
        game = Game.new("world31")
        assert game.phase == PHASE and len(game.variant.powers) == 31
        host = await start_host(game, cd_unclaimed=False)
        rng = random.Random(31)
        peers: dict[str, RawPeer] = {}
        secrets: dict[str, str] = {}
        for power in sorted(game.variant.powers):
            peer, state = await _claim(host, power)
            assert state["you"]["power"] == power
            peers[power] = peer
            secrets[power] = _secret(state, rng)
        for power, peer in peers.items():
            ack = await peer.request({"type": "orders", "phase": PHASE, "orders": [secrets[power]], "ready": False},
                                     "orders_ack")
            assert ack["orders"] == [secrets[power]], ack
        for peer in peers.values():
            await _sync(peer)
        sealed = {power: bytes(peer.received) for power, peer in peers.items()}
        for power, peer in peers.items():
            peer.send({"type": "ready", "phase": PHASE, "ready": True})
        results = {power: (await peer.until("results", timeout=30.0))["results"] for power, peer in peers.items()}
        for peer in peers.values():
            peer.close()
        await host.close()
        return secrets, sealed, results

    secrets, sealed, results = run(play(), timeout=120.0)
    assert len(set(secrets.values())) == 31
    for seat, received in sealed.items():
        assert f'"{secrets[seat]}"'.encode() in received  # its own order came back to it: the search finds one
        for power, order in secrets.items():
            if power != seat:
                # As a whole JSON string: a seat's own options may name another's move inside a support.
                assert f'"{order}"'.encode() not in received, f"{seat}'s seat received {power}'s order {order!r}"
    for seat, answer in results.items():
        answered = {(r["power"], r["order"]) for r in answer}
        missing = [(p, o) for p, o in secrets.items() if (p, o) not in answered]
        assert not missing, f"{seat} got no result for {missing[:3]}"
