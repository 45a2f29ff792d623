"""The client against a scripted host (no sockets): requests, replies, refusals and pushed events."""
from __future__ import annotations

from typing import Any

import pytest
from lan_support import run

from engine.net.client import AsyncClient, ConnectionLost, RequestRefused
from engine.net.testing import MockTransport

WELCOME = {"type": "welcome", "version": 1, "variant": "standard", "seats": [{"power": "FRANCE", "claimed": False}]}


def _state(phase: str = "S1901M", orders: list[str] | None = None) -> dict[str, Any]:
    return {"type": "state", "position": {"phase": phase, "units": {}, "centers": {}},
            "you": {"power": "FRANCE", "orders": orders or [], "ready": False, "legal": {}}, "seats": [], "clock": {}}


def test_hello_claim_submit_and_ready_follow_the_script() -> None:
    mock = MockTransport()
    mock.expect({"type": "hello", "versions": [1], "client": "Ann"}, [WELCOME])
    mock.expect({"type": "claim", "power": "FRANCE"}, [{"type": "seated", "power": "FRANCE", "token": "t0k"}, _state()])
    mock.expect({"type": "orders", "phase": "S1901M", "orders": ["A PAR - BUR", "A PAR - PIC"], "ready": False},
                [{"type": "orders_ack", "phase": "S1901M", "orders": ["A PAR - PIC"], "ready": False,
                  "checks": [{"text": "A PAR - BUR", "ok": True}, {"text": "A PAR - PIC", "ok": True}]}])
    mock.expect({"type": "ready", "phase": "S1901M", "ready": True},
                [{"type": "ready_ack", "phase": "S1901M", "ready": True}])

    async def talk() -> AsyncClient:
        client = await AsyncClient.over(mock, name="Ann")
        assert client.welcome["variant"] == "standard"
        assert await client.claim("FRANCE") == "t0k"
        assert client.power == "FRANCE" and client.state is not None
        ack = await client.submit_orders(["A PAR - BUR", "A PAR - PIC"])
        assert ack["orders"] == ["A PAR - PIC"]
        await client.set_ready(True)
        assert client.state["you"] == {"power": "FRANCE", "orders": ["A PAR - PIC"], "ready": True, "legal": {}}
        await client.close()
        return client

    run(talk(), 10)
    mock.assert_done()
    assert [m["type"] for m in mock.sent] == ["hello", "claim", "orders", "ready", "bye"]
    assert len({m["id"] for m in mock.sent if "id" in m}) == 4  # every request has its own id


def test_an_error_frame_becomes_request_refused_with_the_code() -> None:
    mock = MockTransport()
    mock.expect({"type": "hello"}, [WELCOME])
    mock.expect({"type": "claim", "power": "FRANCE"},
                [{"type": "error", "code": "seat_taken", "message": "FRANCE already has a player"}])

    async def talk() -> None:
        client = await AsyncClient.over(mock)
        with pytest.raises(RequestRefused) as err:
            await client.claim("FRANCE")
        assert err.value.code == "seat_taken" and "FRANCE" in str(err.value)
        assert client.power is None

    run(talk(), 10)
    mock.assert_done()


def test_a_wrong_password_fails_the_connect() -> None:
    mock = MockTransport()
    mock.expect({"type": "hello", "password": "nope"},
                [{"type": "error", "code": "bad_password", "message": "wrong"}])

    async def talk() -> None:
        with pytest.raises(RequestRefused, match="bad_password"):
            await AsyncClient.over(mock, password="nope")

    run(talk(), 10)
    mock.assert_done()
    assert mock.is_closed


def test_pushed_frames_reach_the_queue_the_listeners_and_the_cached_state() -> None:
    mock = MockTransport()
    mock.expect({"type": "hello"}, [WELCOME])
    mock.expect({"type": "observe"}, [{"type": "observing"}, _state()])
    heard: list[str] = []

    async def talk() -> None:
        client = await AsyncClient.over(mock)
        client.add_listener(lambda frame: heard.append(frame["type"]))
        await client.observe()
        mock.push({"type": "press", "seq": 1, "from": "ENGLAND", "to": [], "text": "Hello, Europe"})
        mock.push({"type": "results", "phase": "S1901M", "results": []})
        mock.push(_state("F1901M"))
        mock.push({"type": "clock", "deadline_in": 60, "paused": True})
        press = await client.next_event("press", 5)
        assert press["text"] == "Hello, Europe"
        await client.next_event(lambda f: f["type"] == "clock", 5)
        assert client.current_phase() == "F1901M" and client.clock == {"deadline_in": 60, "paused": True}
        assert client.last_results is not None and client.press[0]["from"] == "ENGLAND"
        mock.close_from_host()
        closed = await client.next_event("closed", 5)
        assert "closed" in closed["reason"]
        with pytest.raises(ConnectionLost):
            await client.ping()

    run(talk(), 10)
    mock.assert_done()
    assert heard[:4] == ["state", "press", "results", "state"] and heard[-1] == "closed"


def test_the_mock_reports_a_message_the_script_did_not_expect() -> None:
    mock = MockTransport()
    mock.expect({"type": "hello"}, [WELCOME])
    mock.expect({"type": "observe"}, [])

    async def talk() -> None:
        client = await AsyncClient.over(mock)
        with pytest.raises(AssertionError, match="observe"):
            await client.request({"type": "ping"}, 1)

    run(talk(), 10)
    with pytest.raises(AssertionError, match="expected"):
        mock.assert_done()


@pytest.mark.parametrize("greeting", [b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
                                      b"SSH-2.0-OpenSSH_9.6\r\n"])
def test_another_program_on_the_port_is_named_as_such(greeting: bytes) -> None:
    """A web or SSH server on the port typed: the client said "frame announces 1213486160 bytes" or "the
    connection is closed", and left a future whose error nobody read (logged when it was collected)."""
    import asyncio
    import gc

    problems: list[dict[str, Any]] = []

    async def talk() -> str:
        asyncio.get_running_loop().set_exception_handler(lambda _loop, context: problems.append(context))

        async def other_program(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(greeting)  # at once, as an SSH server does, or after reading the request, as a web server
            await writer.drain()
            await reader.read(100)
            writer.close()

        server = await asyncio.start_server(other_program, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(ConnectionLost) as refused:
                await AsyncClient.connect("127.0.0.1", port, timeout=5.0)
        finally:
            server.close()
            await server.wait_closed()
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()
        await asyncio.sleep(0)
        return str(refused.value)

    message = run(talk())
    assert "not a Chancellery host" in message and "another program" in message, message
    assert not problems, problems
