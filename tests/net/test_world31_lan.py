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


def test_a_bribe_on_the_lan_keeps_the_briber_and_price_from_its_target() -> None:
    """Britain bribes France's army in Paris for $9.37: France's seat is told a bribe is offered for its
    units, and never receives the briber, the unit or the price; Britain's own seat gets them back."""
    from engine.types import Phase

    game = Game.new("world31")
    variant = game.variant
    start = game.state
    extra = {**start.extra, "money": {**start.extra["money"], "UNITED_KINGDOM": 2000}}
    game.state = variant.make_state(Phase.parse("S2001M"), list(start.units.values()), start.centers, extra=extra)

    async def play() -> tuple[bytes, bytes]:
        host = await start_host(game, cd_unclaimed=True)
        britain, _ = await _claim(host, "UNITED_KINGDOM")
        france, _ = await _claim(host, "FRANCE")
        ack = await britain.request({"type": "orders", "phase": "S2001M", "orders": ["BRIBE {EP} A 14 $9.37"],
                                     "ready": True}, "orders_ack")
        assert ack["orders"] == ["BRIBE A EP14 $9.37"], ack
        france.send({"type": "orders", "phase": "S2001M", "orders": ["A EP14 H"], "ready": True})
        await france.until("results", timeout=30.0)
        await britain.until("results", timeout=30.0)
        await _sync(france)
        await _sync(britain)
        britain.close()
        france.close()
        await host.close()
        return bytes(france.received), bytes(britain.received)

    french, british = run(play(), timeout=60.0)
    assert b"bribe offered for your units" in french
    for secret in (b"9.37", b"BRIBE A", b"BRIBE {", b"UNITED_KINGDOM\", \"A\", \"EP14"):  # "BRIBES": its note
        assert secret not in french, secret
    assert b"9.37" in british
