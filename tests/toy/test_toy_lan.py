"""The toy variant over the LAN: a host serving a toy game to two seats, one a real client and one a raw
socket. The new order kind is offered in the seat's legal table, submitted, kept sealed from the other seat,
adjudicated with the rest, and its worded, typed result reaches every seat."""
from __future__ import annotations

import asyncio
from typing import Any

from toy_variant import BOMBARDS, CUT_BY_BOMBARDMENT

from engine.game import Game
from engine.net.client import AsyncClient
from engine.net.codec import FrameDecoder, encode_frame
from engine.net.host import Host, HostSettings

STEP = 5.0  # seconds any single network step may take before the test fails


class RawSeat:
    """A seat written against the wire format, keeping every byte the host sent it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.received = bytearray()
        self._decoder = FrameDecoder()
        self._next_id = 0

    def send(self, message: dict[str, Any]) -> int:
        self._next_id += 1
        self.writer.write(encode_frame(message | {"id": self._next_id}))
        return self._next_id

    async def until(self, kind: str, re: int | None = None) -> dict[str, Any]:
        while True:
            message = self._decoder.next_message()
            if message is not None:
                if message["type"] == kind and (re is None or message.get("re") == re):
                    return message
                continue
            data = await asyncio.wait_for(self.reader.read(65536), STEP)
            assert data, f"the host closed the connection while waiting for {kind!r}"
            self.received += data
            self._decoder.feed(data)

    async def request(self, message: dict[str, Any], kind: str) -> dict[str, Any]:
        return await self.until(kind, self.send(message))


def test_two_seats_play_a_summer_with_a_bombardment_over_the_lan() -> None:
    game = Game.new("toy")
    # Spring: each zeppelin moves up (played locally before the host opens; the host serves the game as is).
    game.set_orders("NORTH", ["Z FJO - EAS"], ready=True)
    game.set_orders("SOUTH", ["Z DUN - MID"], ready=True)
    game.process()
    assert game.phase == "U1901M"

    async def play() -> tuple[bytes, dict[str, Any], dict[str, Any], Host]:
        host = Host(game, HostSettings())
        await host.start("127.0.0.1", 0)
        assert host.address is not None
        north = await AsyncClient.connect(*host.address, name="north", timeout=STEP)
        await north.claim("NORTH", timeout=STEP)
        reader, writer = await asyncio.wait_for(asyncio.open_connection(*host.address), STEP)
        south = RawSeat(reader, writer)
        await south.request({"type": "hello", "versions": [1], "client": "raw"}, "welcome")
        await south.request({"type": "claim", "power": "SOUTH"}, "seated")
        south_state = await south.until("state")

        assert north.state is not None
        legal = north.state["you"]["legal"]
        assert "Z EAS BOMBARD Z MID" in legal["EAS"]
        assert "Z MID S F SOU - WES" in south_state["you"]["legal"]["MID"]
        ack = await north.submit_orders(["Z EAS BOMBARD Z MID", "F NOR - WES"], ready=True)
        assert all(check["ok"] for check in ack["checks"]), ack
        await south.request({"type": "ping"}, "pong")  # everything the host sent South before this answer
        sealed = bytes(south.received)

        south.send({"type": "orders", "phase": "U1901M", "orders": ["Z MID S F SOU - WES", "F SOU - WES"],
                    "ready": True})
        south_results = await south.until("results")
        north_results = await north.next_event("results", STEP)
        await north.close()
        writer.close()
        await host.close()
        return sealed, south_results, north_results, host

    sealed, south_results, north_results, host = asyncio.run(asyncio.wait_for(play(), 40.0))
    # North's orders stayed sealed (South's own legal table offers "Z MID BOMBARD Z EAS", "F SOU S F NOR - WES").
    assert b"BOMBARD" in sealed and b"Z EAS BOMBARD" not in sealed and b'"F NOR - WES"' not in sealed
    for frame in (south_results, north_results):
        assert frame["phase"] == "U1901M"
        by_order = {r["order"]: r for r in frame["results"]}
        bomb = by_order["Z EAS BOMBARD Z MID"]
        assert (bomb["result"], bomb["reason"], bomb["outcome"]["code"]) == ("succeeds", "bombards Z MID", BOMBARDS)
        cut = by_order["Z MID S F SOU - WES"]
        assert (cut["result"], cut["outcome"]["code"]) == ("fails", CUT_BY_BOMBARDMENT)
        assert cut["reason"] == "cut by bombardment from Z EAS"
        assert by_order["F SOU - WES"]["result"] == "fails"  # one against one: the supported fleet bounces
    assert north_results["results"] == south_results["results"]
    # Summer ended: the neutral centres were taken and the toy's adjustment phase follows.
    assert host.game.phase == "U1901A"
    assert host.game.state.centers["EAS"] == "NORTH" and host.game.state.centers["MID"] == "SOUTH"
