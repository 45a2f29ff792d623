"""Whole games over loopback: seven seats as real TCP clients, observers, local seats, press and draws."""
from __future__ import annotations

import random
from typing import Any

import pytest
from lan_support import STEP, pick_orders, run, seat, start_host

from engine.game import Game
from engine.net.client import AsyncClient, RequestRefused
from engine.net.host import Host, HostSettings, HostThread
from engine.outcomes import encode as encode_outcome

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_a_full_year_with_seven_remote_seats_matches_a_local_replay() -> None:
    async def play() -> tuple[list[tuple[str, dict[str, list[str]]]], Host, list[dict[str, Any]]]:
        host = await start_host()
        seats = {p: await seat(host, p) for p in POWERS}
        watcher = await AsyncClient.connect(*host.address, name="watcher")  # type: ignore[misc]
        await watcher.observe()
        rng = random.Random(1900)  # a seed whose 1901 ends with builds
        played: list[tuple[str, dict[str, list[str]]]] = []
        observed: list[dict[str, Any]] = []
        for _ in range(6):  # at most S, (R), F, (R), W
            phase = host.game.phase
            if phase == "S1902M":
                break
            orders = {}
            movers = [p for p, c in seats.items() if c.state and c.state["you"]["must_order"]]
            assert movers == host.game.powers_to_order()
            for power in movers:
                orders[power] = pick_orders(seats[power].state, rng)  # type: ignore[arg-type]
                ack = await seats[power].submit_orders(orders[power], ready=True)
                assert all(c["ok"] for c in ack["checks"]), ack
            played.append((phase, orders))
            for client in [*seats.values(), watcher]:
                results = await client.next_event("results", STEP)
                assert results["phase"] == phase
                state = await client.next_event("state", STEP)
                assert state["position"]["phase"] == host.game.phase
            observed.append(results)
        for client in [*seats.values(), watcher]:
            await client.close()
        await host.close()
        return played, host, observed

    played, host, observed = run(play())
    assert host.game.phase == "S1902M"
    assert [phase for phase, _ in played] == ["S1901M", "F1901M", "W1901A"]
    replay = Game.new("standard")
    for phase, orders in played:
        assert replay.phase == phase
        for power, lines in orders.items():
            replay.set_orders(power, lines, ready=True)
        result = replay.process()
    assert replay.state == host.game.state
    assert observed[-1]["results"] == [
        {"power": r.power, "order": r.order, "result": r.result, "reason": r.reason} | ({"default": True} if r.default else {})
        | {"outcome": encode_outcome(r.outcome)}
        for r in result.results]


def test_local_hot_seats_play_beside_a_remote_seat_and_an_observer_sees_everything_after() -> None:
    async def play() -> None:
        host = await start_host(cd_unclaimed=True)
        remote = await seat(host, "ENGLAND")
        local_fr = await host.connect_local("table")
        local_de = await host.connect_local("table")
        await local_fr.claim("FRANCE")
        await local_de.claim("GERMANY")
        observer = await host.connect_local("projector")
        await observer.observe()
        assert observer.state is not None and observer.state["you"] is None
        await local_fr.submit_orders(["A PAR - BUR"], ready=True)
        await local_de.submit_orders(["A MUN - BUR"], ready=True)
        assert host.game.phase == "S1901M"  # England (remote) is not ready yet
        await remote.submit_orders(["F LON - NTH"], ready=True)
        results = await observer.next_event("results", STEP)
        given = {r["order"] for r in results["results"] if r["power"] in ("FRANCE", "GERMANY") and not r.get("default")}
        assert given == {"A PAR - BUR", "A MUN - BUR"}
        bounce = next(r for r in results["results"] if r["order"] == "A PAR - BUR")
        assert bounce["result"] == "fails"
        await local_fr.next_event("results", STEP)
        state = await local_fr.next_event("state", STEP)
        assert state["position"]["phase"] == "F1901M" and state["you"]["orders"] == []
        # Italy was never claimed: its units held by default (civil disorder).
        assert any(r["power"] == "ITALY" and r.get("default") for r in results["results"])
        history = await observer.history(0, 5)
        assert history["total"] == 1 and history["phases"][0]["position"]["phase"] == "S1901M"
        for c in (remote, local_fr, local_de, observer):
            await c.close()
        await host.close()

    run(play())


def test_press_goes_only_to_its_recipients_and_public_press_to_everyone() -> None:
    async def play() -> None:
        host = await start_host()
        fr, en, de = [await seat(host, p) for p in ("FRANCE", "ENGLAND", "GERMANY")]
        watcher = await AsyncClient.connect(*host.address, name="w")  # type: ignore[misc]
        await watcher.observe()
        seq = await fr.send_press(["ENGLAND"], "DMZ in the Channel?")
        await fr.send_press([], "France wishes everyone a pleasant spring.")
        for client in (en, de, watcher):
            await client.ping()  # everything sent before this reply has arrived
        assert [(m["from"], m["text"]) for m in en.press] == [
            ("FRANCE", "DMZ in the Channel?"), ("FRANCE", "France wishes everyone a pleasant spring.")]
        assert en.press[0]["seq"] == seq and en.press[0]["to"] == ["ENGLAND"]
        assert [m["text"] for m in de.press] == ["France wishes everyone a pleasant spring."]
        assert [m["text"] for m in watcher.press] == ["France wishes everyone a pleasant spring."]
        with pytest.raises(RequestRefused, match="not_seated"):
            await watcher.send_press([], "observers listen")
        with pytest.raises(RequestRefused, match="unknown_power"):
            await fr.send_press(["PRUSSIA"], "hello?")
        # A seat that reconnects gets its own conversation back, and nobody else's.
        token = en.token
        await en.close()
        back = await AsyncClient.connect(*host.address, name="en2")  # type: ignore[misc]
        await back.resume(token)  # type: ignore[arg-type]
        await back.ping()
        assert [m["text"] for m in back.press] == ["DMZ in the Channel?", "France wishes everyone a pleasant spring."]
        for c in (fr, de, watcher, back):
            await c.close()
        await host.close()

    run(play())


def test_a_variant_press_rule_can_refuse_messages() -> None:
    game = Game.new("standard")
    game.variant.press_allowed = lambda state, sender, to: "gunboat: no press" if to else None  # type: ignore[attr-defined]

    async def play() -> None:
        host = await start_host(game)
        fr = await seat(host, "FRANCE")
        with pytest.raises(RequestRefused, match="press_refused.*gunboat"):
            await fr.send_press(["ENGLAND"], "psst")
        assert await fr.send_press([], "public is fine") == 1
        await fr.close()
        await host.close()

    run(play())


def test_draw_votes_are_secret_until_every_survivor_agrees() -> None:
    async def play() -> None:
        host = await start_host()
        seats = {p: await seat(host, p) for p in POWERS}
        for power in POWERS[:-1]:
            await seats[power].vote_draw(True)
        for client in seats.values():
            await client.ping()
            assert (client.state or {}).get("over") is None
        raw = [f for c in seats.values() for f in c.press]  # no press was produced by voting
        assert raw == []
        await seats["TURKEY"].vote_draw(True)
        for client in seats.values():
            state = await client.next_event(lambda f: f["type"] == "state" and f.get("over"), STEP)
            assert state["over"]["drawn"] and state["over"]["draw_powers"] == POWERS
        with pytest.raises(RequestRefused, match="game_over"):
            await seats["FRANCE"].submit_orders(["A PAR H"])
        for client in seats.values():
            await client.close()
        await host.close()

    run(play())


def test_the_threaded_facade_serves_a_gui_thread() -> None:
    runner = HostThread(Host(Game.new("standard"), HostSettings(cd_unclaimed=True)))
    address = runner.start("127.0.0.1", 0)
    from engine.net.client import Client

    heard: list[str] = []
    remote = Client.connect(*address, name="remote", on_event=lambda f: heard.append(f["type"]))
    local = runner.local_client("table")
    try:
        remote.claim("ENGLAND")
        local.claim("FRANCE")
        assert local.state is not None and local.state["you"]["power"] == "FRANCE"
        runner.pause()
        local.submit_orders(["A PAR - PIC"], ready=True)
        remote.submit_orders(["F LON - ENG"], ready=True)
        assert runner.status()["phase"] == "S1901M"  # paused: held although everyone is ready
        runner.resume()
        results = remote.next_event("results", STEP)
        assert {"A PAR - PIC", "F LON - ENG"} <= {r["order"] for r in results["results"]}
        local.next_event("results", STEP)
        assert local.next_event("state", STEP)["position"]["phase"] == "F1901M"
        assert "clock" in heard and "results" in heard
    finally:
        remote.close()
        local.close()
        runner.stop()


def test_closing_twice_and_calling_a_stopped_host_fail_cleanly() -> None:
    from engine.net.client import Client, ConnectionLost
    from engine.types import ChancelleryError

    runner = HostThread(Host(Game.new("engineered", {"level": "simple"}), HostSettings()))
    address = runner.start("127.0.0.1", 0)
    remote = Client.connect(*address, name="remote")
    try:
        assert remote.welcome["variant_options"] == {"level": "simple"}
    finally:
        remote.close()
        remote.close()  # a second close does nothing
        runner.stop()
    with pytest.raises(ConnectionLost):
        remote.claim("ENGLAND")
    with pytest.raises(ChancelleryError, match="the host has stopped"):
        runner.pause()


def test_a_host_side_correction_reaches_every_seat() -> None:
    from engine.contract import state_from_request

    async def play() -> None:
        host = await start_host()
        france = await seat(host, "FRANCE")
        await france.submit_orders(["A PAR - BUR"])
        _, state = state_from_request({"phase": "S1901M", "units": {"FRANCE": ["A PIC"], "GERMANY": ["A MUN"]},
                                       "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}})
        host.game.replace_state(state)
        host.position_changed()
        fresh = await france.next_event(lambda f: f["type"] == "state" and "A PIC" in f["position"]["units"]["FRANCE"])
        assert fresh["you"]["orders"] == [] and "PIC" in fresh["you"]["legal"]
        await france.close()
        await host.close()

    run(play())


def test_a_draw_vote_is_refused_with_the_reason_where_the_rules_allow_none() -> None:
    async def play() -> None:
        host = await start_host(Game.new("engineered", options={"level": "advanced"}))
        france = await seat(host, "FRANCE")
        with pytest.raises(RequestRefused, match="no draws at the advanced level"):
            await france.vote_draw(True)
        assert host.game.draw_votes == set() and not host.game.drawn
        await france.close()
        await host.close()

    run(play())
