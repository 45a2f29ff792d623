"""Bad input is refused with an error frame and harms no one else; slow, silent and returning clients."""
from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
from lan_support import STEP, RawPeer, SkippableTime, run, run_with_skips, seat, settle, start_host

from engine.contract import state_from_request
from engine.game import Game
from engine.net.client import AsyncClient, RequestRefused
from engine.net.codec import encode_frame


async def _bystander(host: Any) -> AsyncClient:
    """A well-behaved seat with sealed orders, to show that nothing below reaches or changes it."""
    client = await seat(host, "FRANCE")
    await client.submit_orders(["A PAR - BUR", "F BRE - MAO"])
    await client.ping()
    while not client.events.empty():
        client.events.get_nowait()
    return client


async def _assert_untouched(host: Any, client: AsyncClient) -> None:
    await client.ping()
    assert host.game.pending_orders("FRANCE") == ["A PAR - BUR", "F BRE - MAO"]
    assert "FRANCE" not in host.game.ready
    heard = []
    while not client.events.empty():
        heard.append(client.events.get_nowait()["type"])
    assert "error" not in heard and set(heard) <= {"seats"}, heard


def test_malformed_frames_get_an_error_and_the_connection_goes_on() -> None:
    async def play() -> None:
        host = await start_host()
        france = await _bystander(host)
        peer = await RawPeer.open(host)
        for body in (b"{not json", b"[1,2,3]", b"\xff\xfe\xfd", b'{"no_type": 1}', b""):
            peer.send_bytes(len(body).to_bytes(4, "big") + body)
            error = await peer.until("error")
            assert error["code"] == "bad_frame"
        welcome = await peer.hello()
        assert welcome["variant"] == "standard"
        rid = peer.send({"type": "orders", "phase": "S1901M", "orders": "A PAR H"})
        assert (await peer.until("error", rid))["code"] == "bad_message"
        rid = peer.send({"type": "teleport"})
        error = await peer.until("error", rid)
        assert error["code"] == "unknown_type" and error["ref"] == "teleport"
        await peer.request({"type": "ping"}, "pong")
        peer.close()
        await _assert_untouched(host, france)
        await france.close()
        await host.close()

    run(play())


def test_an_oversized_frame_is_refused_and_closes_only_that_connection() -> None:
    async def play() -> None:
        host = await start_host()
        france = await _bystander(host)
        peer = await RawPeer.open(host)
        await peer.hello()
        peer.send_bytes((1024 * 1024 + 1).to_bytes(4, "big") + b"{" * 100)
        error = await peer.until("error")
        assert error["code"] == "frame_too_large"
        assert await peer.next_frame() is None  # closed by the host
        peer.close()
        await _assert_untouched(host, france)
        await france.close()
        await host.close()

    run(play())


@pytest.mark.parametrize("first, code", [
    ({"type": "orders", "phase": "S1901M", "orders": ["A PAR H"]}, "out_of_order"),
    ({"type": "claim", "power": "FRANCE"}, "out_of_order"),
    ({"type": "state"}, "out_of_order"),
])
def test_frames_before_hello_are_out_of_order(first: dict[str, Any], code: str) -> None:
    async def play() -> None:
        host = await start_host()
        peer = await RawPeer.open(host)
        rid = peer.send(first)
        error = await peer.until("error", rid)
        assert error["code"] == code and "hello" in error["message"]
        await peer.hello()
        rid = peer.send({"type": "hello", "versions": [1]})
        assert (await peer.until("error", rid))["code"] == "out_of_order"
        rid = peer.send({"type": "orders", "phase": "S1901M", "orders": ["A PAR H"]})
        assert (await peer.until("error", rid))["code"] == "not_seated"
        rid = peer.send({"type": "history", "start": 0})
        assert (await peer.until("error", rid))["code"] == "out_of_order"
        peer.close()
        await host.close()

    run(play())


def test_wrong_tokens_other_powers_and_past_phases_are_refused() -> None:
    async def play() -> None:
        host = await start_host(cd_unclaimed=True)
        france = await _bystander(host)
        england = await seat(host, "ENGLAND")
        late = await AsyncClient.connect(*host.address)  # type: ignore[misc]
        with pytest.raises(RequestRefused, match="seat_taken"):
            await late.claim("FRANCE")
        await late.close()
        stranger = await AsyncClient.connect(*host.address)  # type: ignore[misc]
        with pytest.raises(RequestRefused, match="bad_token"):
            await stranger.resume("not-a-token")
        with pytest.raises(RequestRefused, match="unknown_power"):
            await stranger.claim("PRUSSIA")
        with pytest.raises(RequestRefused, match="not_your_power"):
            await england.request({"type": "orders", "phase": "S1901M", "orders": ["A PAR - PIC"], "power": "FRANCE"})
        ack = await england.submit_orders(["A PAR - PIC", "F LON - ENG"])
        assert [c["ok"] for c in ack["checks"]] == [False, True]
        assert "FRANCE" in ack["checks"][0]["error"] or "own" in ack["checks"][0]["error"].lower()
        assert ack["orders"] == ["F LON - ENG"]
        await _assert_untouched(host, france)
        await france.set_ready(True)
        await england.set_ready(True)
        await england.next_event(lambda f: f["type"] == "state" and f["position"]["phase"] == "F1901M", STEP)
        with pytest.raises(RequestRefused, match="wrong_phase"):
            await england.submit_orders(["F ENG - BRE"], phase="S1901M")
        with pytest.raises(RequestRefused, match="wrong_phase"):
            await england.set_ready(True, phase="S1901M")
        assert host.game.pending_orders("ENGLAND") == [] and host.game.phase == "F1901M"
        for c in (france, england, stranger):
            await c.close()
        await host.close()

    run(play())


def test_a_power_with_nothing_to_order_is_told_so() -> None:
    game = Game.new("standard")
    _, state = state_from_request({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                                   "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"], "ENGLAND": ["LON"]}})
    game.replace_state(state)

    async def play() -> None:
        host = await start_host(game)
        england = await seat(host, "ENGLAND")
        assert england.state is not None and england.state["you"]["must_order"] is False
        with pytest.raises(RequestRefused, match="nothing_to_order"):
            await england.submit_orders(["A LON H"])
        await england.close()
        await host.close()

    run(play())


def test_password_and_version_mismatches_close_the_connection() -> None:
    async def play() -> None:
        host = await start_host(password="s3cret")
        with pytest.raises(RequestRefused, match="bad_password: hello: the password is wrong"):
            await AsyncClient.connect(*host.address, password="guess")  # type: ignore[misc]
        with pytest.raises(RequestRefused, match="bad_password: hello: this host needs a password, and none was given"):
            await AsyncClient.connect(*host.address)  # type: ignore[misc]
        ok = await AsyncClient.connect(*host.address, password="s3cret")  # type: ignore[misc]
        assert ok.welcome["version"] == 1
        peer = await RawPeer.open(host)
        rid = peer.send({"type": "hello", "versions": [7, 8], "password": "s3cret"})
        error = await peer.until("error", rid)
        assert error["code"] == "unsupported_version"
        assert "this client speaks [7, 8]" in error["message"] and "this host speaks protocol versions [1]" in error["message"]
        assert await peer.next_frame() is None
        peer.close()
        await ok.close()
        await host.close()

    run(play())


def test_a_silent_connection_is_dropped_after_the_hello_timeout_and_a_full_host_says_so() -> None:
    async def play(clock: SkippableTime) -> None:
        host = await start_host(hello_timeout=30, max_connections=2, now=clock)
        silent = await RawPeer.open(host)
        clock.skip(20)  # well short of the timeout, whatever real time the test takes on a loaded machine
        await settle()
        assert host.status()["connections"] == 1, "dropped before the hello timeout"
        clock.skip(10)
        error = await silent.until("error", timeout=STEP)
        assert error["code"] == "timeout"
        assert await silent.next_frame() is None
        silent.close()
        one, two = await seat(host, "FRANCE"), await seat(host, "ENGLAND")
        third = await RawPeer.open(host)  # every slot holds a seat: nobody can make room
        assert (await third.until("error"))["code"] == "host_full"
        assert await third.next_frame() is None
        third.close()
        for c in (one, two):
            await c.close()
        await host.close()

    run_with_skips(play)


def test_a_client_that_stops_reading_is_dropped_and_never_stalls_the_others() -> None:
    async def play() -> None:
        host = await start_host(max_write_buffer=64 * 1024)
        france = await seat(host, "FRANCE")
        england = await seat(host, "ENGLAND")
        # An observer with a tiny receive window that never reads a byte once it is watching.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, host.address)  # type: ignore[arg-type]
        reader, writer = await asyncio.open_connection(sock=sock)
        silent = RawPeer(reader, writer)
        await silent.hello()
        await silent.request({"type": "observe"}, "observing")
        text = "x" * 4000
        dropped_after = None
        for i in range(2000):  # at most 8 MB of public press
            await france.send_press([], text)
            if host.status()["observers"] == 0:
                dropped_after = i
                break
        assert dropped_after is not None, "the silent observer was never dropped"
        await england.ping(timeout=STEP)  # still served while the silent client is stuck
        assert not france.closed.is_set() and not england.closed.is_set()
        writer.close()
        for c in (france, england):
            await c.close()
        await host.close()

    run(play())


def test_a_client_that_reconnects_mid_phase_finds_its_orders_and_ready_flag_intact() -> None:
    async def play() -> None:
        host = await start_host()
        france = await seat(host, "FRANCE")
        token = france.token
        await france.submit_orders(["A PAR - BUR", "A MAR - SPA"], ready=True)
        france.transport.close()  # the cable is pulled: no goodbye
        await france.closed.wait()
        for _ in range(100):
            if not host.status()["seats"][2]["connected"]:
                break
            await asyncio.sleep(0.01)
        back = await AsyncClient.connect(*host.address)  # type: ignore[misc]
        assert await back.resume(token) == "FRANCE"  # type: ignore[arg-type]
        assert back.state is not None
        assert back.state["you"]["orders"] == ["A PAR - BUR", "A MAR - SPA"] and back.state["you"]["ready"]
        # A second connection with the same token takes over; the first is told and closed.
        again = await AsyncClient.connect(*host.address)  # type: ignore[misc]
        await again.resume(token)  # type: ignore[arg-type]
        replaced = await back.next_event("error", STEP)
        assert replaced["code"] == "replaced"
        await back.closed.wait()
        await again.close()
        await host.close()

    run(play())


def test_frames_split_across_many_writes_are_read_whole() -> None:
    async def play() -> None:
        host = await start_host()
        peer = await RawPeer.open(host)
        frame = encode_frame({"type": "hello", "versions": [1], "id": 1})
        for byte in frame:
            peer.send_bytes(bytes([byte]))
            await peer.writer.drain()
        assert (await peer.until("welcome", 1))["protocol"] == "chancellery-lan"
        peer.close()
        await host.close()

    run(play())


def test_a_failure_inside_the_host_costs_only_that_connection(caplog: pytest.LogCaptureFixture) -> None:
    async def play() -> None:
        host = await start_host()
        france = await _bystander(host)

        def broken(conn: Any, msg: Any) -> None:
            raise RuntimeError("simulated bug")

        peer = await RawPeer.open(host)
        await peer.hello()
        host._on_ping = broken  # type: ignore[method-assign]
        rid = peer.send({"type": "ping"})
        error = await peer.until("error", rid)
        assert error["code"] == "internal_error"
        assert await peer.next_frame() is None
        peer.close()
        del host._on_ping
        await _assert_untouched(host, france)
        await france.close()
        await host.close()

    run(play())
    assert "simulated bug" in caplog.text


def test_a_player_who_left_is_not_logged_as_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    """A frame for a seat whose link had just closed was logged as a warning ("dropping #5 GERMANY: the
    connection is closed") at every ordinary goodbye; warnings are for readers too slow to keep up."""
    import logging

    async def play() -> None:
        host = await start_host()
        local = await host.connect_local("germany")
        await local.claim("GERMANY")
        local.transport.close()  # gone, and the host hasn't read the end of its link yet
        with caplog.at_level(logging.INFO, logger="engine.net.host"):
            host.put_bot("ITALY", "easy")  # a seats frame for everyone, Germany's link included
        assert not host.status()["seats"][3]["connected"]
        await host.close()

    run(play())
    records = [r for r in caplog.records if r.name == "engine.net.host"]
    assert not [r for r in records if r.levelno >= logging.WARNING], [r.getMessage() for r in records]
    assert any("GERMANY" in r.getMessage() and "closed its connection" in r.getMessage() for r in records)
