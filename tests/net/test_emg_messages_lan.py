"""EMG anonymous messages over the LAN: the recipient's seat gets the text with the turn's results and never
the sender; no other seat or observer gets a byte of it, before the turn (a sealed order) or after."""
from __future__ import annotations

from typing import Any

from lan_support import RawPeer, raw_seat, run, seat, start_host

from engine.game import Game

SECRET = "Strike Paris with me, turn 3"


def test_a_message_reaches_its_recipients_seat_alone_and_without_its_sender() -> None:
    async def play() -> tuple[bytes, bytes, bytes, bytes, dict[str, Any]]:
        host = await start_host(Game.new("global_diplomacy"), cd_unclaimed=True)
        spain = (await raw_seat(host, "SPAIN"))[0]
        france = (await raw_seat(host, "FRANCE"))[0]
        watcher = await RawPeer.open(host)
        await watcher.hello()
        await watcher.request({"type": "observe"}, "observing")
        await watcher.until("state")
        england = await seat(host, "ENGLAND")
        await england.submit_orders([f"ME 10 {SECRET}", "VC 20 400"], ready=False)
        sealed = bytes(spain.received)
        await england.set_ready(True)
        france.send({"type": "orders", "phase": "S1890M", "orders": ["VC 10 300"], "ready": True})
        spain.send({"type": "orders", "phase": "S1890M", "orders": [], "ready": True})
        await spain.until("results")
        state = await spain.until("state")
        await france.until("state")
        await watcher.until("state")
        await england.close()
        for peer in (spain, france, watcher):
            peer.close()
        await host.close()
        return sealed, bytes(spain.received), bytes(france.received), bytes(watcher.received), state

    sealed, spain, france, watcher, state = run(play())
    assert SECRET.encode() not in sealed  # a sealed order until the turn is played
    assert state["position"]["extra"]["inbox"] == {"SPAIN": [SECRET]}
    assert state["position"]["extra"]["received"] == {"SPAIN": [[1, SECRET]]}  # kept to read again
    assert spain.count(SECRET.encode()) == 2  # in the inbox and the received list, not in a result naming its sender
    assert b'"mail"' not in spain + france + watcher  # the record with senders stays with the host
    assert b"ME SPAIN" not in spain and b"VC 20 400" not in spain
    for other in (france, watcher):
        assert SECRET.encode() not in other and b"inbox" not in other and b"received" not in other
    assert b'"victory"' not in spain + france + watcher  # the averaged conditions stay with the host
