"""The LAN seat controller without Qt: mirror positions, order entry turned into requests, results and
history from frames, press conversations, hot-seat seats on the hosting machine, saved seat tokens.

Hosts run on 127.0.0.1 with port 0 on their own thread; frames are taken from each client's queue and
applied here, as the GUI does on its thread."""
from __future__ import annotations

import json
import os
import queue
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.controllers.network_seat import (
    PUBLIC,
    ClockReading,
    NetworkSeat,
    NetworkTable,
    TableStage,
    clock_text,
    position_to_state,
    refusal_text,
)
from app.controllers.order_entry import Click
from app.net.tokens import TokenStore, game_key_for_address
from engine.contract import state_from_request
from engine.game import Game
from engine.net.client import Client, RequestRefused
from engine.net.host import Host, HostSettings, HostThread
from engine.net.views import position_to_wire
from engine.types import ChancelleryError

STEP = 5.0


@pytest.fixture
def host() -> Iterator[HostThread]:
    thread = HostThread(Host(Game.new("standard"), HostSettings(name="Table")))
    thread.start("127.0.0.1", 0)
    yield thread
    thread.stop()


def remote(thread: HostThread, power: str | None) -> Client:
    client = Client.connect("127.0.0.1", thread.host.port, name=(power or "watcher").lower(), timeout=STEP)
    if power is None:
        client.observe(STEP)
    else:
        client.claim(power, STEP)
    return client


def drain(table: NetworkTable, pairs: list[tuple[NetworkSeat, Client]], until: Any = None) -> None:
    """Apply every frame the clients have received (waiting up to STEP for ``until(table)`` to hold)."""
    import time

    deadline = time.monotonic() + STEP
    while True:
        for seat, client in pairs:
            while True:
                try:
                    frame = client.events.get_nowait()
                except queue.Empty:
                    break
                table.apply(seat, frame)
        if until is None or until(table) or time.monotonic() > deadline:
            return
        time.sleep(0.01)


def join_seat(thread: HostThread, power: str | None) -> tuple[NetworkSeat, Client, NetworkTable]:
    client = remote(thread, power)
    seat = NetworkSeat.from_welcome(client.welcome, client.power, client)
    table = NetworkTable([seat])
    drain(table, [(seat, client)], lambda t: t.started)
    return seat, client, table


# --- positions from the wire ------------------------------------------------------------------------

def test_positions_survive_the_wire_with_dislodged_units_and_the_hosts_retreats() -> None:
    variant, retreat = state_from_request({
        "variant": "standard", "phase": "F1901R",
        "units": {"AUSTRIA": ["A BUD"], "TURKEY": ["A SER", "F BLA"], "RUSSIA": ["F STP/SC"]},
        "centers": {"TURKEY": ["SER", "CON"], "AUSTRIA": ["BUD"]},
        "dislodged": {"AUSTRIA": [{"unit": "A VIE", "attacker": "TYR"}]},
        "contested": ["GAL"],
    })
    for state in (Game.new("standard").state, retreat):
        wire = json.loads(json.dumps(position_to_wire(state, variant)))
        mirror = position_to_state("standard", wire)
        assert mirror.phase == state.phase and dict(mirror.units) == dict(state.units)
        assert dict(mirror.centers) == dict(state.centers) and mirror.contested == state.contested
        assert {p: (d.unit, d.attacker, d.retreats) for p, d in mirror.dislodged.items()} == \
               {p: (d.unit, d.attacker, d.retreats) for p, d in state.dislodged.items()}
    wire = position_to_wire(retreat, variant)
    wire["dislodged"]["AUSTRIA"][0]["retreats"] = ["BOH"]  # the host's word wins over a local computation
    assert position_to_state("standard", wire).dislodged_at("VIE").retreats == ("BOH",)


@pytest.mark.parametrize("position, words", [
    ({"phase": "S1901M", "units": {"ATLANTIS": ["A PAR"]}}, "unknown power"),
    ({"phase": "X", "units": {}}, "bad phase"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, "unknown province"),
    ("not a position", "not an object"),
])
def test_a_position_the_client_cannot_read_is_named(position: Any, words: str) -> None:
    with pytest.raises(ChancelleryError, match=words):
        position_to_state("standard", position)


def test_refusals_and_the_clock_are_put_in_words() -> None:
    text = refusal_text("your orders", RequestRefused("wrong_phase", "orders: phase 'S1901M' is not the current phase"))
    assert text.startswith("The host refused your orders: that phase is already over") and "S1901M" in text
    assert refusal_text("your message", ConnectionError("reset")) == "Couldn't send your message: reset"
    assert clock_text(ClockReading(None, False, 0.0)) == "No deadline"
    assert clock_text(ClockReading(125.2, False, 10.0), now=10.0) == "Deadline in 2:06"
    assert clock_text(ClockReading(3700, True, 0.0), now=500.0) == "Clock paused with 1:01:40 left"
    assert clock_text(ClockReading(30, False, 0.0), now=100.0) == "Deadline in 0:00"


# --- one remote seat ----------------------------------------------------------------------------------

def test_clicked_orders_become_the_hosts_sealed_orders_and_results_come_back(host: HostThread) -> None:
    seat, client, table = join_seat(host, "FRANCE")
    try:
        assert table.stage is TableStage.ENTRY and table.active is seat and seat.must_order
        assert seat.entry is not None and seat.draft is not None and seat.draft.lines("FRANCE") == []
        assert set(seat.entry.options.by_province) == {"BRE", "MAR", "PAR"}
        seat.entry.click(Click("PAR"))
        seat.entry.click(Click("BUR"))
        seat.entry.click(Click("MAR"))
        seat.entry.key("S")
        seat.entry.click(Click("PAR"))
        seat.entry.click(Click("BUR"))
        assert seat.draft.lines("FRANCE") == ["A PAR - BUR", "A MAR S A PAR - BUR"]
        assert seat.draft_differs()
        assert table.submit(ready=False)
        assert host.run(lambda: host.host.game.pending_orders("FRANCE")) == ["A PAR - BUR", "A MAR S A PAR - BUR"]
        assert not seat.is_ready and not seat.draft_differs()
        # A line the host can't use is reported by line, and the rest is kept.
        assert not seat.submit(ready=True, lines=["A PAR - BUR", "A MAR - MUN"])
        assert seat.line_errors and seat.line_errors[0][0] == "A MAR - MUN"
        assert "refused 1 order" in seat.notice and seat.host_orders() == ["A PAR - BUR"] and seat.is_ready
        assert seat.draft.lines("FRANCE") == ["A PAR - BUR"]
        assert seat.set_ready(False) and not seat.is_ready
        host.process_now()
        drain(table, [(seat, client)], lambda t: t.stage is TableStage.RESULTS)
        assert table.stage is TableStage.RESULTS and seat.draft is None and table.active is seat
        record = seat.game.history[-1]
        assert str(record.state.phase) == "S1901M" and seat.game.phase == "F1901M"
        assert ("FRANCE", "A PAR - BUR", "succeeds") in {(r.power, r.order, r.result) for r in record.results}
        assert seat.game.state.units["BUR"].power == "FRANCE"
        table.continue_after_results()
        assert table.stage is TableStage.ENTRY and seat.draft is not None and seat.draft.lines("FRANCE") == []
        assert "BUR" in seat.entry.options.by_province  # the new position's own legal orders
    finally:
        client.close()


def test_a_seat_joining_late_loads_the_history_and_its_saved_orders(host: HostThread) -> None:
    first = remote(host, "ENGLAND")
    first.submit_orders(["F LON - ENG"], ready=False)
    host.process_now()
    assert host.status()["phase"] == "F1901M"
    # The queue may still hold the spring state sent on claim; wait for autumn's.
    first.next_event(lambda e: e.get("type") == "state" and e["position"]["phase"] == "F1901M", STEP)
    first.submit_orders(["F ENG - BRE"], ready=False)
    token = first.token
    first.close()
    again = Client.connect("127.0.0.1", host.host.port, name="england again", timeout=STEP)
    try:
        again.resume(token, STEP)  # type: ignore[arg-type]
        seat = NetworkSeat.from_welcome(again.welcome, again.power, again)
        table = NetworkTable([seat])
        drain(table, [(seat, again)], lambda t: t.started)
        assert len(seat.game.history) == 1 and seat.game.history[0].results
        assert seat.draft is not None and seat.draft.lines("ENGLAND") == ["F ENG - BRE"]
        assert not seat.draft.can_undo  # the saved orders are the starting point, not an undoable step
    finally:
        again.close()


def test_refused_requests_become_notices_never_exceptions(host: HostThread) -> None:
    seat, client, table = join_seat(host, None)
    try:
        assert seat.is_observer and seat.entry is None and not seat.submit()
        assert seat.notice == "An observer has no orders to send"
        assert not seat.send_press([], "hello")
        assert seat.notice.startswith("The host refused your message: only a seated player may do this")
        assert not seat.send_press([], "   ")
    finally:
        client.close()
    drain(table, [(seat, client)], lambda t: not seat.connected)
    assert not seat.connected
    assert not seat.vote_draw(True) and "not connected" in seat.notice


def test_press_conversations_unread_marks_and_no_duplicates_after_a_resume(host: HostThread) -> None:
    seat, client, table = join_seat(host, "FRANCE")
    england = remote(host, "ENGLAND")
    germany = remote(host, "GERMANY")
    try:
        england.send_press(["FRANCE"], "Channel stays empty?")
        germany.send_press([], "Peace in our time")
        germany.send_press(["ENGLAND"], "a secret France must not read")
        england.send_press(["FRANCE", "GERMANY"], "A three-way talk")
        drain(table, [(seat, client)], lambda t: len(seat.press) >= 3)
        assert seat.send_press(["ENGLAND"], "Agreed")
        drain(table, [(seat, client)], lambda t: len(seat.press) >= 4)
        texts = [m.text for m in seat.press]
        assert "a secret France must not read" not in texts and len(texts) == 4
        assert seat.unread == {("ENGLAND",): 1, PUBLIC: 1, ("ENGLAND", "GERMANY"): 1}
        assert [m.text for m in seat.messages(("ENGLAND",))] == ["Channel stays empty?", "Agreed"]
        assert ("ENGLAND", "GERMANY") in seat.conversations() and seat.conversations()[0] == PUBLIC
        seat.mark_read(("ENGLAND",))
        assert seat.unread_total() == 2
        again = Client.connect("127.0.0.1", host.host.port, name="france again", timeout=STEP)
        again.resume(client.token, STEP)  # type: ignore[arg-type]
        drain(table, [(seat, client), (seat, again)], lambda t: seat.connected and seat.received_state)
        assert len(seat.press) == 4 and seat.unread_total() == 2  # resent press is not new
        again.close()
    finally:
        for c in (client, england, germany):
            if c.is_connected:
                c.close()


# --- several seats on the hosting machine ---------------------------------------------------------

def test_seats_played_on_the_host_take_turns_behind_a_curtain(host: HostThread) -> None:
    clients = [host.local_client("france"), host.local_client("germany")]
    clients[0].claim("FRANCE")
    clients[1].claim("GERMANY")
    seats = [NetworkSeat.from_welcome(c.welcome, c.power, c) for c in clients]
    table = NetworkTable(seats)
    pairs = list(zip(seats, clients))
    drain(table, pairs, lambda t: t.started)
    assert table.hot_seat and table.stage is TableStage.CURTAIN and table.power == "FRANCE"
    assert all(s.draft is None for s in seats)
    table.reveal()
    france, germany = seats
    assert table.active is france and france.draft is not None and germany.draft is None
    france.entry.click(Click("PAR"))  # type: ignore[union-attr]
    france.entry.click(Click("PIC"))  # type: ignore[union-attr]
    assert table.submit(ready=True)
    # France's draft and undo history are gone before Germany sits down.
    assert france.draft is None and france.entry is None
    assert table.stage is TableStage.CURTAIN and table.power == "GERMANY"
    table.reveal()
    assert table.active is germany and germany.draft is not None and germany.draft.lines("GERMANY") == []
    assert table.submit(ready=True)
    drain(table, pairs)
    assert table.stage is TableStage.WAITING and table.active is None
    table.take_seat("FRANCE")  # France wants to revise: its own saved orders come back, nobody else's
    assert table.stage is TableStage.CURTAIN and table.power == "FRANCE"
    table.reveal()
    assert france.draft is not None and france.draft.lines("FRANCE") == ["A PAR - PIC"]
    table.start()
    host.process_now()
    drain(table, pairs, lambda t: t.stage is TableStage.RESULTS)
    assert table.stage is TableStage.RESULTS and all(s.draft is None for s in seats)
    assert all(len(s.game.history) == 1 for s in seats)
    table.continue_after_results()
    assert table.stage is TableStage.CURTAIN and table.power == "FRANCE"
    with pytest.raises(ChancelleryError, match="not played at this machine"):
        table.take_seat("ITALY")


# --- saved tokens -------------------------------------------------------------------------------------

def test_seat_tokens_are_kept_per_game_privately_and_a_damaged_file_reads_as_empty(tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    key = game_key_for_address("Host.Local", 8737)
    assert key == "host.local:8737" and store.seats() == [] and store.last_address == ""
    store.remember(key, "FRANCE", "t1", "Ann's game", "standard")
    store.remember(key, "FRANCE", "t2")
    store.remember("other:1", "ITALY", "t3")
    store.last_address = "host.local:8737"
    again = TokenStore(tmp_path)
    assert again.token_for(key, "FRANCE") == "t2" and [s.power for s in again.seats(key)] == ["FRANCE"]
    assert again.last_address == "host.local:8737" and len(again.seats()) == 2
    if os.name == "posix":
        assert stat.S_IMODE(store.path.stat().st_mode) & 0o077 == 0
    again.forget(key, "FRANCE")
    assert again.token_for(key, "FRANCE") is None and again.token_for("other:1", "ITALY") == "t3"
    store.path.write_text("{not json", encoding="utf-8")
    assert TokenStore(tmp_path).seats() == []
    store.path.write_text(json.dumps({"seats": [{"game": "x"}, 5, {"game": "a:1", "power": "P", "token": "t"}]}),
                          encoding="utf-8")
    assert [s.token for s in TokenStore(tmp_path).seats()] == ["t"]


def test_frames_this_client_cannot_use_become_notices() -> None:
    seat = NetworkSeat("standard", "FRANCE")
    table = NetworkTable([seat])
    assert table.apply(seat, {"type": "state", "position": "garbage"}) == {"error"}
    assert "can't use" in seat.notice and not seat.received_state
    good = position_to_wire(Game.new("standard").state, Game.new("standard").variant)
    assert table.apply(seat, {"type": "state", "position": good, "clock": "soon"}) == {"error"}
    assert not seat.received_state  # a frame with one bad field changes nothing
    assert table.apply(seat, {"type": "press", "seq": "x"}) == set() and seat.press == []
    assert table.apply(seat, {"type": "error", "code": "replaced", "message": "taken over"}) == {"error"}
    assert seat.notice == "The host says: another connection resumed this seat (taken over)"
    events = table.apply(seat, {"type": "state", "position": good, "you": {"power": "FRANCE", "must_order": True,
                                                                          "legal": {"PAR": ["A PAR - BUR"]}}})
    assert "phase" in events and table.started and seat.entry is not None
    assert set(seat.entry.options.by_province) == {"PAR"}  # exactly what the host offers
    assert table.apply(seat, {"type": "closed", "reason": "gone"}) == {"closed"} and not seat.connected
    assert not seat.submit() and "not connected" in seat.notice


def test_an_engineered_seat_gets_engineer_slots_and_madman_bids_from_the_host() -> None:
    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M", "units": {
        "RUSSIA": ["A MOS", "E MOS"], "NEUTRAL": ["A UKR"]}})
    thread = HostThread(Host(Game(variant, state), HostSettings(name="Table")))
    thread.start("127.0.0.1", 0)
    try:
        seat, client, _ = join_seat(thread, "RUSSIA")
        try:
            options = seat.entry.options  # type: ignore[union-attr]
            assert ("MOS", "E", "RUSSIA") in options.stacked  # the engineer's own slot, beside the army
            assert "MOS" in options.by_province
            assert options.biddable == frozenset({"UKR"})  # the madman unit may be bid for
        finally:
            client.close()
    finally:
        thread.stop()


def test_a_seat_keeps_the_turn_report_its_host_wrote_for_it() -> None:
    """EMG: the host writes each seat's turn report from that seat's view; the seat keeps it by phase, and it is
    the report the engine writes for that power (nobody else's areas in it)."""
    from engine.report import phase_report

    thread = HostThread(Host(Game.new("global_diplomacy"), HostSettings(name="Table")))
    thread.start("127.0.0.1", 0)
    try:
        seat, client, table = join_seat(thread, "ENGLAND")
        try:
            client.submit_orders(["MO 7 233"], ready=False)
            thread.process_now()
            drain(table, [(seat, client)], lambda t: t.stage is TableStage.RESULTS)
            game = thread.run(lambda: thread.host.game)
            assert seat.reports[0] == phase_report(game, 0, "ENGLAND")
            assert "Country: 3 England" in seat.reports[0] and "MO 7 233" in seat.reports[0]
            assert seat.reports[0] != phase_report(game, 0, None)
        finally:
            client.close()
    finally:
        thread.stop()


def test_a_seat_joining_late_gets_its_turn_reports_with_the_history() -> None:
    from engine.report import phase_report

    thread = HostThread(Host(Game.new("global_diplomacy"), HostSettings(name="Table")))
    thread.start("127.0.0.1", 0)
    try:
        thread.process_now()
        thread.process_now()
        seat, client, table = join_seat(thread, "FRANCE")
        try:
            seat.sync_history()
            game = thread.run(lambda: thread.host.game)
            assert sorted(seat.reports) == [0, 1]
            assert seat.reports[1] == phase_report(game, 1, "FRANCE")
        finally:
            client.close()
    finally:
        thread.stop()
