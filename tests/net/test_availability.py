"""A dropped player always gets back in: connections without a seat time out and make room, a crashed host
finishes the phase it was about to adjudicate, and a message naming another power is refused."""
from __future__ import annotations

import asyncio

from lan_support import STEP, RawPeer, run, seat, start_host

from engine.game import Game
from engine.net.client import AsyncClient, RequestRefused
from engine.net.codec import encode_frame
from engine.net.host import Host, HostSettings
from engine.savefile import load_game


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _guests(host: Host, count: int) -> list[RawPeer]:
    peers = []
    for _ in range(count):
        peer = await RawPeer.open(host)
        await peer.hello()
        peers.append(peer)
    return peers


async def _wait_connections(host: Host, connections: int) -> None:
    for _ in range(500):
        if host.status()["connections"] == connections:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{host.status()['connections']} connections, expected {connections}")


async def _wait_dropped(host: Host, connections: int) -> None:
    for _ in range(500):
        if host.status()["connections"] <= connections:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{host.status()['connections']} connections, expected {connections}")


def test_a_host_full_of_idle_guests_still_lets_a_player_resume_with_their_token() -> None:
    async def play() -> None:
        host = await start_host(max_connections=8)
        france = await seat(host, "FRANCE")
        token = france.token
        await france.submit_orders(["A PAR - BUR"])
        france.transport.close()  # the cable is pulled
        await france.closed.wait()
        await _wait_dropped(host, 0)
        guests = await _guests(host, 7)
        trickler = await RawPeer.open(host)  # the eighth slot: a frame that never finishes
        trickler.send_bytes(encode_frame({"type": "hello", "versions": [1]})[:9])
        await _wait_dropped(host, 8)
        assert host.status()["connections"] == 8
        back = await AsyncClient.connect(*host.address, timeout=STEP)  # type: ignore[misc]
        assert await back.resume(token) == "FRANCE"  # type: ignore[arg-type]
        assert back.state is not None and back.state["you"]["orders"] == ["A PAR - BUR"]
        # The connection that made room was the one that never even said hello.
        assert (await trickler.until("error"))["code"] == "host_full"
        assert await trickler.next_frame() is None
        for peer in guests:
            await peer.request({"type": "ping"}, "pong")
        await back.close()
        for peer in (*guests, trickler):
            peer.close()
        await host.close()

    run(play())


def test_the_oldest_guest_makes_room_and_a_host_of_seated_players_is_full() -> None:
    async def play() -> None:
        host = await start_host(max_connections=3)
        england = await seat(host, "ENGLAND")
        first, second = await _guests(host, 2)
        third = await RawPeer.open(host)
        await third.hello()
        assert (await first.until("error"))["code"] == "host_full"
        assert await first.next_frame() is None
        await second.request({"type": "claim", "power": "FRANCE"}, "seated")
        await third.request({"type": "claim", "power": "GERMANY"}, "seated")
        fourth = await RawPeer.open(host)  # three seats, no guest left to give way
        assert (await fourth.until("error"))["code"] == "host_full"
        assert await fourth.next_frame() is None
        await england.ping()
        for peer in (first, second, third, fourth):
            peer.close()
        await england.close()
        await host.close()

    run(play())


def test_unseated_connections_from_one_address_are_limited_but_seats_are_not() -> None:
    async def play() -> None:
        host = await start_host(max_unseated_per_address=3)
        players = [await seat(host, p) for p in ("FRANCE", "ENGLAND", "GERMANY", "ITALY")]
        observer = await RawPeer.open(host)
        await observer.hello()
        await observer.request({"type": "observe"}, "observing")
        guests = await _guests(host, 2)
        assert host.status()["connections"] == 7
        newcomer = await RawPeer.open(host)  # a fourth unseated connection from 127.0.0.1
        await newcomer.hello()
        # The guest that said hello first gives way, before the observer and before any player.
        assert (await guests[0].until("error"))["code"] == "host_full"
        await _wait_dropped(host, 7)
        await observer.request({"type": "ping"}, "pong")
        await guests[1].request({"type": "ping"}, "pong")
        for client in players:
            await client.ping()
        for peer in (observer, newcomer, *guests):
            peer.close()
        for client in players:
            await client.close()
        await host.close()

    run(play())


def test_guests_that_sit_silent_without_a_seat_time_out_on_the_hosts_clock() -> None:
    async def play() -> None:
        clock = FakeClock()
        host = Host(Game.new("standard"), HostSettings(hello_timeout=10, guest_timeout=120), now=clock)
        await host.start("127.0.0.1", 0)
        player = await seat(host, "FRANCE")
        watcher = await RawPeer.open(host)
        await watcher.hello()
        await watcher.request({"type": "observe"}, "observing")
        chatty, idle = await _guests(host, 2)
        trickler = await RawPeer.open(host)
        await _wait_connections(host, 5)
        clock.now += 9
        trickler.send_bytes(encode_frame({"type": "hello", "versions": [1]})[:12])  # partial: not a hello
        await chatty.request({"type": "ping"}, "pong")  # an unfinished frame earns no time
        assert host.expire_idle() == 0
        clock.now += 2  # 11 s: the trickler never said hello
        assert host.expire_idle() == 1
        error = await trickler.until("error")
        assert error["code"] == "timeout" and "hello" in error["message"]
        clock.now += 100
        await chatty.request({"type": "ping"}, "pong")  # a message keeps a guest; silence doesn't
        clock.now += 20  # idle has been silent 131 s, chatty 20 s
        assert host.expire_idle() == 1
        error = await idle.until("error")
        assert error["code"] == "timeout" and "120" in error["message"]
        assert await idle.next_frame() is None
        clock.now += 10_000  # players and observers never time out
        assert host.expire_idle() == 1  # chatty, silent at last
        await player.ping()
        await watcher.request({"type": "ping"}, "pong")
        for peer in (watcher, chatty, idle, trickler):
            peer.close()
        await player.close()
        await host.close()

    run(play())


def test_a_host_killed_after_every_ready_was_saved_adjudicates_when_it_starts(tmp_path: object) -> None:
    from pathlib import Path

    save = Path(str(tmp_path)) / "crash.json"

    async def play() -> None:
        host = Host(Game.new("standard"), HostSettings(cd_unclaimed=True), save)
        await host.start("127.0.0.1", 0)
        france, england = await seat(host, "FRANCE"), await seat(host, "ENGLAND")
        await france.submit_orders(["A PAR - BUR"], ready=True)
        host.pause()  # stands in for a crash between saving the last ready and adjudicating
        await england.submit_orders(["F LON - NTH"], ready=True)
        saved = load_game(save)
        assert saved.phase == "S1901M" and saved.ready == {"FRANCE", "ENGLAND"}
        host.save_path = None  # the "crashed" host writes nothing more
        await france.close()
        await england.close()
        await host.close()

    run(play())
    game = load_game(save)
    game.meta["lan_host"]["clock"]["paused"] = False  # the crash came before any pause could be saved

    async def restart() -> None:
        host = Host(game, HostSettings(cd_unclaimed=True), save)
        await host.start("127.0.0.1", 0)
        assert host.game.phase == "F1901M"  # nobody had to send "ready" again
        assert host.game.history[-1].orders["FRANCE"] == ("A PAR - BUR",)
        assert load_game(save).phase == "F1901M"
        await host.close()

    run(restart())


def test_ready_and_draw_naming_another_power_are_refused() -> None:
    async def play() -> None:
        host = await start_host()
        france = await seat(host, "FRANCE")
        peer = await RawPeer.open(host)
        await peer.hello()
        await peer.request({"type": "claim", "power": "ENGLAND"}, "seated")
        for message in ({"type": "ready", "phase": "S1901M", "ready": True, "power": "FRANCE"},
                        {"type": "draw", "vote": True, "power": "france"}):
            error = await peer.request(message, "error")
            assert error["code"] == "not_your_power" and "FRANCE" in error["message"].upper()
        assert host.game.ready == set() and host.game.draw_votes == set()
        ack = await peer.request({"type": "ready", "phase": "S1901M", "ready": True, "power": "England"}, "ready_ack")
        assert ack["ready"] is True and host.game.ready == {"ENGLAND"}
        peer.close()
        await france.close()
        await host.close()

    run(play())


def test_an_engine_refusal_of_a_draw_vote_is_an_error_reply_naming_the_reason() -> None:
    from engine.types import ChancelleryError

    class NoDraws(Game):
        def vote_draw(self, power: str, vote: bool = True) -> None:
            raise ChancelleryError("this game allows no draws")

    async def play() -> None:
        fresh = Game.new("standard")
        host = await start_host(NoDraws(fresh.variant, fresh.state))
        france = await seat(host, "FRANCE")
        try:
            await france.vote_draw(True)
        except RequestRefused as exc:
            assert exc.code == "refused" and "allows no draws" in exc.reason
        else:
            raise AssertionError("the draw vote was accepted")
        assert not france.closed.is_set() and host.game.draw_votes == set()
        await france.ping()
        await france.close()
        await host.close()

    run(play())


def test_every_seat_has_its_results_before_the_host_writes_the_new_phase(tmp_path: object) -> None:
    from pathlib import Path

    save = Path(str(tmp_path)) / "order.json"

    async def play() -> None:
        host = Host(Game.new("standard"), HostSettings(cd_unclaimed=True), save)
        await host.start("127.0.0.1", 0)
        france, england = await seat(host, "FRANCE"), await seat(host, "ENGLAND")
        await france.submit_orders(["A PAR - BUR"], ready=True)
        events: list[str] = []
        send, write = host._send_encoded, host.save

        def sending(conn: object, frame: bytes) -> None:
            events.append("results" if b'"type":"results"' in frame else "other")
            send(conn, frame)  # type: ignore[arg-type]

        def saving() -> None:
            events.append("save")
            write()

        host._send_encoded = sending  # type: ignore[method-assign]
        host.save = saving  # type: ignore[method-assign]
        await england.set_ready(True)  # the last ready: adjudicated at once
        await england.next_event("results", 5)
        assert events.count("results") == 2 and events.count("save") == 1
        assert events.index("save") > max(i for i, e in enumerate(events) if e == "results")
        assert load_game(save).phase == "F1901M"
        await france.close()
        await england.close()
        await host.close()

    run(play())
