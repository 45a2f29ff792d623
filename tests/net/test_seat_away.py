"""A client's seat while its link is down: the phase may be adjudicated meanwhile, and the player is told
what became of the orders drafted but never sent. Qt-free: the seat controller the GUI runs, fed the frames
its connection receives, as the GUI does on its thread."""
from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from app.controllers.network_seat import NetworkSeat, NetworkTable, TableStage
from app.controllers.order_entry import Click
from engine.game import Game
from engine.net.client import Client
from engine.net.host import Host, HostSettings, HostThread

STEP = 5.0


class Relink:
    """The GUI's reconnecting connection in short: requests go to whichever client is current."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def submit_orders(self, orders: Iterable[str], ready: bool = False) -> dict[str, Any]:
        return self.client.submit_orders(list(orders), ready, STEP)

    def set_ready(self, ready: bool = True) -> dict[str, Any]:
        return self.client.set_ready(ready, STEP)

    def send_press(self, to: Iterable[str], text: str) -> int:
        return self.client.send_press(list(to), text, STEP)

    def vote_draw(self, vote: bool = True) -> None:
        self.client.vote_draw(vote, STEP)

    def history(self, start: int = 0, count: int = 20) -> dict[str, Any]:
        return self.client.history(start, count, STEP)


@pytest.fixture
def host() -> Iterator[HostThread]:
    thread = HostThread(Host(Game.new("standard"), HostSettings(name="Table")))
    thread.start("127.0.0.1", 0)
    yield thread
    thread.stop()


def drain(table: NetworkTable, seat: NetworkSeat, client: Client, until: Callable[[], bool]) -> None:
    """Apply the frames the client received until ``until()`` holds (each step bounded by STEP)."""
    deadline = time.monotonic() + STEP
    while not until():
        assert time.monotonic() < deadline, "the expected frames never came"
        try:
            table.apply(seat, client.events.get(timeout=0.05))
        except queue.Empty:
            pass


def test_changes_never_sent_before_the_phase_was_played_in_the_players_absence_are_named(host: HostThread) -> None:
    client = Client.connect("127.0.0.1", host.host.port, name="ann", timeout=STEP)
    token = client.claim("FRANCE", STEP)
    link = Relink(client)
    seat = NetworkSeat.from_welcome(client.welcome, "FRANCE", link)
    table = NetworkTable([seat])
    drain(table, seat, client, lambda: table.started)
    assert seat.entry is not None and seat.draft is not None
    seat.entry.click(Click("PAR"))
    seat.entry.click(Click("BUR"))
    assert table.submit(ready=False)
    seat.entry.click(Click("MAR"))
    seat.entry.click(Click("SPA"))  # drafted, never sent: the link drops now
    assert seat.draft_differs()
    client.close()
    drain(table, seat, client, lambda: not seat.connected)
    host.process_now()  # the deadline passes while the player is away
    again = Client.connect("127.0.0.1", host.host.port, name="ann", timeout=STEP)
    try:
        again.resume(token, STEP)
        link.client = again
        drain(table, seat, again, lambda: seat.game.phase == "F1901M")
        table.apply(seat, {"type": "reconnected"})
        assert table.stage is TableStage.RESULTS and len(seat.game.history) == 1
        used = {r.order for r in seat.game.history[0].results if r.power == "FRANCE" and not r.default}
        assert used == {"A PAR - BUR"}
        assert "A MAR - SPA" in seat.notice and "never reached the host" in seat.notice
    finally:
        again.close()
