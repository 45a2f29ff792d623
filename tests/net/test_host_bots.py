"""Bots at the LAN host: bots in unclaimed seats play a whole game beside two remote people, a bot stands in
for a player who left and stops when they return, bots' orders never leave the host before adjudication,
and the headless host's options."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from lan_support import STEP, until_phase_moves, RawPeer, pick_orders, run, seat, settle, start_host

from engine.game import Game
from engine.net.client import AsyncClient
from engine.net.host import Host, HostSettings, _console_command, _parser
from engine.types import ChancelleryError

BOTS = {"AUSTRIA": "easy", "ENGLAND": "normal", "ITALY": "normal", "RUSSIA": "easy", "TURKEY": "normal"}


def test_bots_fill_the_empty_seats_and_a_lan_game_runs_to_the_end() -> None:
    async def play() -> tuple[Host, set[str], int]:
        host = await start_host(Game.new("standard", options={"victory_centers": 10}))
        for power, strength in BOTS.items():
            host.put_bot(power, strength)
        people = {p: await seat(host, p) for p in ("FRANCE", "GERMANY")}
        rng = random.Random(11)
        people_orders = 0
        for _ in range(1000):
            if host.game.is_over:
                break
            phase = host.game.phase
            for power, client in people.items():
                state = await client.refresh_state(STEP)
                if host.game.phase != phase:
                    break  # the other person's orders completed the phase
                if state["you"]["must_order"] and not host.game.has_submitted(power):
                    ack = await client.submit_orders(pick_orders(state, rng), ready=True, phase=phase)
                    assert all(c["ok"] for c in ack["checks"]), ack
                    people_orders += 1
            await until_phase_moves(host, phase)
        seats = (await people["FRANCE"].refresh_state(STEP))["seats"]
        shown = {row["power"]: row.get("bot") for row in seats}
        for client in people.values():
            await client.close()
        await host.close()
        bot_orders = {r.power for rec in host.game.history for r in rec.results if r.power in BOTS and not r.default}
        assert shown == {p: BOTS.get(p) for p in shown}  # the seat table names the bots' seats only
        return host, bot_orders, people_orders

    host, bot_orders, people_orders = run(play(), timeout=120)
    assert host.game.is_over and host.game.winner is not None
    assert bot_orders == set(BOTS) and people_orders > 4
    assert len(host.game.history) > 4  # a game of several years, not a first-phase accident


def test_a_bot_stands_in_for_a_player_who_left_until_they_return() -> None:
    clock = [1000.0]

    async def play() -> None:
        host = await start_host(cd_unclaimed=True, now=lambda: clock[0], takeover_bot="easy", takeover_after=30)
        france = await seat(host, "FRANCE")
        germany = await seat(host, "GERMANY")
        token = france.token
        assert token is not None
        await france.submit_orders(["A PAR - BUR"])  # not ready: then the player leaves
        await france.close()
        await settle()
        assert "FRANCE" not in host.status()["waiting_for"] or not host.game.has_submitted("FRANCE")
        assert host.play_bots() == 0  # gone a moment only: no bot yet (a quick reconnect keeps the seat)
        clock[0] += 31
        assert host.play_bots() == 1 and host.game.has_submitted("FRANCE")
        assert {r["power"]: r.get("bot") for r in host.status()["seats"]}["FRANCE"] == "easy"
        await germany.submit_orders(["A MUN - RUH"], ready=True)
        await until_phase_moves(host, "S1901M")
        assert host.game.phase == "F1901M"
        assert any(r.power == "FRANCE" and not r.default for r in host.game.history[-1].results)
        await settle()
        assert host.game.has_submitted("FRANCE")  # the bot plays the new phase at once: the player is still away
        await germany.submit_orders([], ready=True)
        await until_phase_moves(host, "F1901M")
        # The player comes back: the bot stops; the player orders from now on.
        again = await AsyncClient.connect(*host.address, name="france", timeout=STEP)  # type: ignore[misc]
        assert await again.resume(token, timeout=STEP) == "FRANCE"
        await settle()
        assert {r["power"]: r.get("bot") for r in host.status()["seats"]}["FRANCE"] is None
        # Orders the bot sealed before the return stay this phase's (the player may still change them); from
        # the next phase on, the player orders.
        before = host.game.phase
        host.process_now()
        await settle()
        assert host.game.phase != before and "FRANCE" in host.game.powers_to_order()
        assert not host.game.has_submitted("FRANCE")
        clock[0] += 1000
        assert host.play_bots() == 0 and not host.game.has_submitted("FRANCE")
        await again.close()
        await germany.close()
        await host.close()

    run(play())


def test_no_takeover_unless_the_host_allows_it() -> None:
    clock = [0.0]

    async def play() -> None:
        host = await start_host(cd_unclaimed=True, now=lambda: clock[0])
        france = await seat(host, "FRANCE")
        await france.close()
        await settle()
        clock[0] += 10_000
        assert host.play_bots() == 0 and not host.game.has_submitted("FRANCE")
        host.set_takeover("normal")
        assert host.play_bots() == 1
        assert host.game.phase == "F1901M"  # the only claimed seat was the last one the phase waited for
        assert any(r.power == "FRANCE" and not r.default for r in host.game.history[-1].results)
        await host.close()

    run(play())


def test_a_person_claiming_a_bots_seat_takes_it_over_and_bots_are_refused_claimed_seats() -> None:
    async def play() -> None:
        host = await start_host()
        host.put_bot("ITALY", "easy")
        await settle()
        assert host.game.has_submitted("ITALY")
        with pytest.raises(ChancelleryError, match="no bot strength"):
            host.put_bot("TURKEY", "godlike")
        italy = await seat(host, "ITALY")
        assert "ITALY" not in host.bots
        with pytest.raises(ChancelleryError, match="has a player"):
            host.put_bot("ITALY", "easy")
        # The bot's orders so far are Italy's own, so the new player may see and change them.
        state = await italy.refresh_state(STEP)
        assert state["you"]["orders"] == host.game.pending_orders("ITALY")
        host.put_bot("TURKEY", "normal")
        host.remove_bot("TURKEY")
        with pytest.raises(ChancelleryError, match="no bot plays TURKEY"):
            host.remove_bot("TURKEY")
        await italy.close()
        await host.close()

    run(play())


def test_bots_orders_reach_no_other_seat_observer_or_file_before_adjudication(tmp_path: Path) -> None:
    save = tmp_path / "lan.json"

    async def play() -> None:
        host = Host(Game.new("standard"), HostSettings(cd_unclaimed=True), save)  # Germany holds nothing up
        await host.start("127.0.0.1", 0)
        for power, strength in BOTS.items():
            host.put_bot(power, strength)
        peer = await RawPeer.open(host)
        await peer.hello()
        await peer.request({"type": "claim", "power": "FRANCE"}, "seated")
        watcher = await RawPeer.open(host)
        await watcher.hello()
        await watcher.request({"type": "observe"}, "observing")
        await settle()
        sealed = {p: host.game.pending_orders(p) for p in BOTS}
        assert all(host.game.has_submitted(p) for p in BOTS) and any(sealed.values())
        await peer.request({"type": "state"}, "state")
        await watcher.request({"type": "state"}, "state")
        await peer.request({"type": "history", "start": 0}, "history")
        lines = [line for orders in sealed.values() for line in orders if " H" not in line]
        assert lines
        for blob in (bytes(peer.received), bytes(watcher.received), save.read_bytes(),
                     json.dumps(host.status()).encode()):
            for line in lines:
                # As a whole JSON string: the seat's own options may hold it inside a support ("F BRE S F LON - ENG").
                assert json.dumps(line).encode() not in blob, line
        # After adjudication the results show them to everyone.
        peer.send({"type": "orders", "phase": "S1901M", "orders": [], "ready": True})
        results = await peer.until("results")
        shown = {r["order"] for r in results["results"]}
        assert set(lines) <= shown
        peer.close()
        watcher.close()
        await host.close()

    run(play())


def test_bots_are_kept_in_the_autosave_and_come_back_with_the_host(tmp_path: Path) -> None:
    save = tmp_path / "lan.json"

    async def play() -> None:
        host = Host(Game.new("standard"), HostSettings(), save)
        await host.start("127.0.0.1", 0)
        host.put_bot("ITALY", "easy")
        host.put_bot("RUSSIA", "normal")
        await host.close()
        again = Host.from_save(save)
        assert {p: b.strength for p, b in again.bots.items()} == {"ITALY": "easy", "RUSSIA": "normal"}

    run(play())


def test_the_headless_host_takes_bot_options_and_console_commands(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parser().parse_args(["--bot", "all=easy", "--bot", "ITALY=normal", "--takeover", "normal",
                                 "--takeover-after", "15"])
    assert args.bot == ["all=easy", "ITALY=normal"] and args.takeover == "normal" and args.takeover_after == 15
    host = Host(Game.new("standard"))
    _console_command(host, ["bot", "italy", "easy"])
    assert host.bots["ITALY"].strength == "easy"
    _console_command(host, ["unbot", "ITALY"])
    assert "ITALY" not in host.bots
    _console_command(host, ["bot", "ITALY", "clever"])
    assert "no bot strength 'clever'" in capsys.readouterr().out


def test_host_main_refuses_a_bad_bot_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from engine.net.host import host_main

    assert host_main(["--bot", "ATLANTIS=easy", "--save", str(tmp_path / "x.json"), "--port", "0"]) == 2
    assert "ATLANTIS" in capsys.readouterr().err
    assert host_main(["--bot", "ITALY=clever", "--save", str(tmp_path / "x.json"), "--port", "0"]) == 2
    assert "no bot strength 'clever'" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()




def test_a_person_taking_a_bots_seat_is_not_ready_until_they_say_so() -> None:
    """The bot's ready flag went with its orders to the person who claimed the seat: the phase was adjudicated
    with the bot's orders as soon as everyone else was ready, before the newcomer had looked at them."""
    async def play() -> None:
        host = await start_host()
        for power in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY"):
            host.put_bot(power, "easy")
        france = await seat(host, "FRANCE")
        await settle()
        bots_orders = host.game.pending_orders("ITALY")
        assert "ITALY" in host.game.ready and bots_orders
        italy = await seat(host, "ITALY")
        assert italy.state is not None
        assert italy.state["you"]["ready"] is False and italy.state["you"]["orders"] == bots_orders
        await france.submit_orders(["A PAR - BUR"], ready=True)
        await france.ping()
        assert host.game.phase == "S1901M"  # waiting for Italy's new player
        assert {r["power"]: r["ready"] for r in france.seats}["ITALY"] is False
        await italy.set_ready(True)
        await until_phase_moves(host, "S1901M")
        for client in (france, italy):
            await client.close()
        await host.close()

    run(play())


def test_a_player_back_from_a_bots_stand_in_finds_its_orders_but_is_not_ready() -> None:
    clock = [1000.0]

    async def play() -> None:
        host = await start_host(cd_unclaimed=True, now=lambda: clock[0], takeover_bot="easy", takeover_after=30)
        france, germany = await seat(host, "FRANCE"), await seat(host, "GERMANY")
        token = france.token
        assert token is not None
        await germany.submit_orders(["A MUN - RUH"], ready=True)
        await germany.set_ready(False)
        await france.close()  # leaves without being ready
        await settle()
        clock[0] += 31
        assert host.play_bots() == 1 and "FRANCE" in host.game.ready
        bots_orders = host.game.pending_orders("FRANCE")
        back = await AsyncClient.connect(*host.address, name="france", timeout=STEP)  # type: ignore[misc]
        assert await back.resume(token, timeout=STEP) == "FRANCE"
        assert back.state is not None
        assert back.state["you"]["orders"] == bots_orders and back.state["you"]["ready"] is False
        await germany.set_ready(True)
        assert host.game.phase == "S1901M"  # France's player is back: the phase waits for them
        await back.set_ready(True)
        await until_phase_moves(host, "S1901M")
        # A player who was ready when they left keeps the flag they set themselves.
        await back.submit_orders([], ready=True)
        await back.close()
        await settle()
        clock[0] += 31
        assert host.play_bots() == 0
        again = await AsyncClient.connect(*host.address, name="france", timeout=STEP)  # type: ignore[misc]
        await again.resume(token, timeout=STEP)
        assert again.state is not None and again.state["you"]["ready"] is True
        for client in (again, germany):
            await client.close()
        await host.close()

    run(play())
