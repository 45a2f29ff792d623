"""The DAIDE port's handshake, error replies, reconnection, limits and hostile bytes."""
from __future__ import annotations

import asyncio
import logging
import random

import pytest

from engine.net.daide import codec
from engine.net.daide import tokens as tk
from engine.net.daide.codec import ErrorCode, MessageType
from engine.net.daide.server import DaideServer, DaideSettings
from tests.net.daide_support import DaideClient
from tests.net.lan_support import run, seat, start_host

V = tk.VALUES


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _server(clock: Clock | None = None, **settings: object) -> tuple[object, DaideServer]:
    host = await start_host()
    server = DaideServer(host, DaideSettings(seed=2, **settings),  # type: ignore[arg-type]
                         **({} if clock is None else {"now": clock}))
    await server.start("127.0.0.1", 0)
    return host, server


async def _stop(host: object, server: DaideServer) -> None:
    await server.close()
    await host.close()  # type: ignore[attr-defined]


async def _em(client: DaideClient) -> int:
    kind, body = await client.next_raw()
    assert kind is MessageType.EM, kind
    return int.from_bytes(body, "big")


@pytest.mark.parametrize("first, code", [
    (codec.frame(MessageType.DM, codec.tokens_to_bytes(codec.parse_text("OBS"))), ErrorCode.IM_NOT_FIRST),
    (codec.initial_message(magic=0x10DA), ErrorCode.IM_WRONG_ENDIAN),
    (codec.initial_message(magic=0x1234), ErrorCode.IM_BAD_MAGIC),
    (codec.initial_message(version=2), ErrorCode.VERSION_INCOMPATIBLE),
    (codec.frame(MessageType.IM, b"\x00"), ErrorCode.MESSAGE_TOO_SHORT),
    (bytes((9, 0, 0, 0)), ErrorCode.UNKNOWN_MESSAGE),
    (bytes((2, 0, 0xFF, 0xFF)), ErrorCode.UNKNOWN_MESSAGE),  # longer than the port reads
])
def test_a_bad_start_gets_its_error_message_and_the_connection_closes(first: bytes, code: ErrorCode) -> None:
    async def scenario() -> None:
        host, server = await _server()
        assert server.address is not None
        client = await DaideClient.open(server.address, handshake=False)
        client.send_bytes(first)
        assert await _em(client) == code
        with pytest.raises(ConnectionError):
            await client.next_raw()
        await _stop(host, server)

    run(scenario())


@pytest.mark.parametrize("later, code", [
    (codec.initial_message(), ErrorCode.IM_REPEATED),
    (codec.representation_message(), ErrorCode.RM_FROM_CLIENT),
    (codec.frame(MessageType.DM, b"\x48\x0c\x77\x77"), ErrorCode.INVALID_TOKEN),
    (codec.frame(MessageType.DM, b"\x48"), ErrorCode.MESSAGE_TOO_SHORT),
])
def test_errors_after_the_handshake(later: bytes, code: ErrorCode) -> None:
    async def scenario() -> None:
        host, server = await _server()
        assert server.address is not None
        client = await DaideClient.open(server.address)
        client.send_bytes(later)
        assert await _em(client) == code
        await _stop(host, server)

    run(scenario())


def test_the_representation_message_lists_the_standard_tokens() -> None:
    async def scenario() -> None:
        host, server = await _server()
        assert server.address is not None
        client = await DaideClient.open(server.address, handshake=False)
        client.send_bytes(codec.initial_message())
        kind, body = await client.next_raw()
        assert kind is MessageType.RM and len(body) == 6 * (7 + 75)
        entries = {body[i + 2:i + 5].decode(): int.from_bytes(body[i:i + 2], "big") for i in range(0, len(body), 6)}
        assert entries["STP"] == 0x574A and entries["AUS"] == 0x4100 and entries["GOB"] == 0x5215
        await _stop(host, server)

    run(scenario())


def test_bad_brackets_get_prn_bad_syntax_gets_huh_with_err_and_press_is_refused() -> None:
    async def scenario() -> None:
        host, server = await _server()
        assert server.address is not None
        client = await DaideClient.open(server.address)
        client.send(codec.parse_text("NME ( 'x'") )
        assert codec.to_text(await client.next_dm()) == "PRN ( NME ( 'x' )"
        client.send("NME ('x') (AUS)")
        assert codec.to_text(await client.next_dm()) == "HUH ( NME ( 'x' ) ( ERR AUS ) )"
        client.send("ORD")
        assert codec.to_text(await client.next_dm()) == "HUH ( ERR ORD )"
        client.send("SUB ((FRA AMY PAR) MTO BUR)")  # no seat yet
        assert codec.to_text(await client.next_dm()) == "REJ ( SUB ( ( FRA AMY PAR ) MTO BUR ) )"
        power, _ = await client.join("press")
        await client.expect("NOW")
        client.send(f"SND (ENG) (PRP (PCE ({tk.NAMES[tk.VALUES['ENG']]} FRA)))")
        assert codec.to_text(await client.next_dm()).startswith("REJ ( SND")
        client.send("SUB ((FRA AMY PAR) MTO BUR) ((FRA AMY PAR) SUP (ENG AMY LVP) MTO PAR")
        assert codec.to_text(await client.next_dm()).startswith("PRN")
        client.send("SUB ((FRA AMY PAR) MTO BUR) ((FRA AMY PAR) SUC BUR)")
        huh = codec.to_text(await client.next_dm())
        assert huh.startswith("HUH (") and "ERR" in huh
        await _stop(host, server)

    run(scenario())


def test_thx_notes_name_what_is_wrong_with_each_order() -> None:
    async def scenario() -> None:
        host, server = await _server(powers=("FRANCE",))
        assert server.address is not None
        client = await DaideClient.open(server.address)
        power, _ = await client.join("notes")
        assert power == "FRANCE"
        await client.expect("NOW")
        client.send("SUB ((FRA AMY PAR) MTO BUR) ((ENG FLT LON) HLD) ((FRA AMY BRE) HLD) ((FRA FLT BRE) MTO MUN)"
                    " ((FRA AMY MAR) RTO SPA) ((FRA FLT BRE) CVY (FRA AMY PAR) CTO LON) ((FRA AMY MAR) BLD)")
        notes = [codec.to_text(await client.expect("THX")) for _ in range(7)]
        assert notes == [
            "THX ( ( FRA AMY PAR ) MTO BUR ) ( MBV )",
            "THX ( ( ENG FLT LON ) HLD ) ( NYU )",
            "THX ( ( FRA AMY BRE ) HLD ) ( NSU )",
            "THX ( ( FRA FLT BRE ) MTO MUN ) ( FAR )",
            "THX ( ( FRA AMY MAR ) RTO SPA ) ( NRS )",
            "THX ( ( FRA FLT BRE ) CVY ( FRA AMY PAR ) CTO LON ) ( NAS )",
            "THX ( ( FRA AMY MAR ) BLD ) ( NRS )",
        ]
        client.send("MIS")
        assert codec.to_text(await client.expect("MIS")) == "MIS ( FRA FLT BRE ) ( FRA AMY MAR )"
        client.send("NOT (SUB ((FRA AMY PAR) MTO BUR))")
        assert codec.to_text(await client.next_dm()).startswith("YES ( NOT ( SUB")
        client.send("MIS")
        assert codec.to_text(await client.expect("MIS")) == "MIS ( FRA FLT BRE ) ( FRA AMY MAR ) ( FRA AMY PAR )"
        client.send("TME")
        assert codec.to_text(await client.next_dm()) == "REJ ( TME )"  # no deadline on this host
        client.send("DRW (FRA ENG)")
        assert codec.to_text(await client.next_dm()) == "REJ ( DRW ( FRA ENG ) )"
        await _stop(host, server)

    run(scenario())


def test_iam_takes_the_seat_back_with_its_passcode_and_only_with_it() -> None:
    async def scenario() -> None:
        host, server = await _server(max_passcode_failures=2)
        assert server.address is not None
        first = await DaideClient.open(server.address)
        power, passcode = await first.join("comeback")
        code = tk.NAMES[tk.VALUES[{"AUSTRIA": "AUS", "ENGLAND": "ENG", "FRANCE": "FRA", "GERMANY": "GER",
                                    "ITALY": "ITA", "RUSSIA": "RUS", "TURKEY": "TUR"}[power]]]
        first.close()
        await asyncio.sleep(0.05)
        thief = await DaideClient.open(server.address)
        thief.send(f"IAM ({code}) ({(passcode % 8191) + 1})")
        assert codec.to_text(await thief.next_dm()).startswith("REJ ( IAM")
        back = await DaideClient.open(server.address)
        back.send(f"IAM ({code}) ({passcode})")
        assert codec.to_text(await back.next_dm()) == f"YES ( IAM ( {code} ) ( {passcode} ) )"
        back.send("HLO")
        assert codec.to_text(await back.next_dm()).startswith(f"HLO ( {code} ) ( {passcode} ) ( ( LVL 0 ) )")
        # Two failures from one address: even the right passcode is refused from there now.
        thief.send(f"IAM ({code}) ({(passcode % 8191) + 1})")
        assert codec.to_text(await thief.next_dm()).startswith("REJ ( IAM")
        thief.send(f"IAM ({code}) ({passcode})")
        assert codec.to_text(await thief.next_dm()).startswith("REJ ( IAM")
        await _stop(host, server)

    run(scenario())


def test_silent_connections_time_out_and_the_port_has_room_limits() -> None:
    async def scenario() -> None:
        clock = Clock()
        host, server = await _server(clock, max_connections=3)
        assert server.address is not None
        silent = await DaideClient.open(server.address, handshake=False)
        guest = await DaideClient.open(server.address)
        observer = await DaideClient.open(server.address)
        observer.send("OBS")
        assert codec.to_text(await observer.next_dm()) == "YES ( OBS )"
        extra = await DaideClient.open(server.address, handshake=False)
        assert codec.to_text(await extra.next_dm()) == "OFF"  # full
        clock.now += 31
        assert server.expire_idle() == 1
        assert await _em(silent) == ErrorCode.IM_TIMER_POPPED
        clock.now += 120
        assert server.expire_idle() == 1
        assert codec.to_text(await guest.next_dm()) == "OFF"
        assert server.expire_idle() == 0  # observers stay
        await _stop(host, server)

    run(scenario())


def _hostile_messages(rng: random.Random) -> list[bytes]:
    """Seeded junk: random bytes, truncated and mutated valid messages, random known tokens."""
    valid = [codec.parse_text(t) for t in (
        "NME ('fuzz') ('1')", "OBS", "SUB ((FRA AMY PAR) MTO BUR)", "NOT (SUB)", "GOF", "MIS", "NOW", "SCO",
        "HST (SPR 1901)", "DRW", "IAM (FRA) (12)", "YES (MAP ('STANDARD'))", "MDF", "HLO", "TME (5)")]
    names = list(tk.VALUES.values())
    out: list[bytes] = []
    for _ in range(400):
        pick = rng.random()
        if pick < 0.3:
            tokens = list(rng.choice(valid))
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(tokens))
                tokens[i] = rng.choice(names + [rng.randrange(0x10000)])
            out.append(codec.frame(MessageType.DM, codec.tokens_to_bytes(tokens)))
        elif pick < 0.6:
            tokens = [rng.choice(names + [tk.VALUES["BRA"], tk.VALUES["KET"]] * 4) for _ in range(rng.randint(0, 30))]
            out.append(codec.frame(MessageType.DM, codec.tokens_to_bytes(tokens)))
        elif pick < 0.8:
            out.append(codec.frame(MessageType.DM, codec.tokens_to_bytes(rng.choice(valid))))
        else:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 12))))
    return out


def test_hostile_bytes_never_crash_the_port_nor_leak_a_sealed_order(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        host, server = await _server(powers=("TURKEY", "ITALY", "GERMANY", "AUSTRIA"))
        assert server.address is not None
        france = await seat(host, "FRANCE")
        await france.submit_orders(["A MAR - PIE", "F BRE - MAO"])  # sealed: pending, not ready
        secret = codec.tokens_to_bytes(codec.parse_text("MAR ) MTO PIE"))
        rng = random.Random(20251125)
        for round_ in range(12):
            client = await DaideClient.open(server.address)
            for data in _hostile_messages(rng)[:60]:
                client.send_bytes(data)
            try:
                while True:
                    await client.next_raw(timeout=0.3)
            except (ConnectionError, TimeoutError, AssertionError, codec.DaideError):
                pass
            assert secret not in bytes(client.raw), round_
            client.close()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        # The port still serves a well-behaved client, and the sealed orders are untouched.
        client = await DaideClient.open(server.address)
        client.send("OBS")
        assert codec.to_text(await client.next_dm()) == "YES ( OBS )"
        assert host.game.pending_orders("FRANCE") == ["A MAR - PIE", "F BRE - MAO"]  # type: ignore[attr-defined]
        await france.close()
        await _stop(host, server)

    run(scenario(), timeout=90)


def test_observers_readiness_history_and_civil_disorder_news() -> None:
    from engine.net.client import AsyncClient

    async def scenario() -> None:
        host = await start_host(cd_unclaimed=True)
        server = DaideServer(host, DaideSettings(seed=4, powers=("FRANCE",)))
        await server.start("127.0.0.1", 0)
        assert server.address is not None
        bot = await DaideClient.open(server.address)
        assert (await bot.join("ready"))[0] == "FRANCE"
        await bot.expect("NOW")
        watcher = await DaideClient.open(server.address)
        watcher.send("OBS")
        assert codec.to_text(await watcher.next_dm()) == "YES ( OBS )"
        assert codec.to_text(await watcher.next_dm()) == "MAP ( 'STANDARD' )"
        watcher.send("YES (MAP ('STANDARD'))")
        assert codec.to_text(await watcher.next_dm()) == "HLO ( UNO ) ( 0 ) ( ( LVL 0 ) )"
        assert codec.to_text(await watcher.next_dm()).startswith("SCO ( AUS BUD VIE TRI )")
        assert codec.to_text(await watcher.next_dm()).startswith("NOW ( SPR 1901 )")
        watcher.send("SUB ((FRA AMY PAR) HLD)")
        assert codec.to_text(await watcher.next_dm()).startswith("REJ ( SUB")  # observers don't order

        bot.send("NOT (GOF)")
        assert codec.to_text(await bot.next_dm()) == "YES ( NOT ( GOF ) )"
        bot.send("SUB ((FRA AMY PAR) MTO BUR) ((FRA AMY MAR) MTO SPA) ((FRA FLT BRE) MTO MAO)")
        for _ in range(3):
            assert codec.to_text(await bot.expect("THX")).endswith("( MBV )")
        bot.send("MIS")
        assert codec.to_text(await bot.expect("MIS")) == "MIS"
        assert "FRANCE" not in host.game.ready and host.game.phase == "S1901M"  # held by NOT (GOF)
        bot.send("GOF")
        assert codec.to_text(await bot.expect("YES")) == "YES ( GOF )"
        assert codec.to_text(await watcher.expect("ORD")).startswith("ORD ( SPR 1901 )")
        now = codec.to_text(await watcher.expect("NOW"))
        assert now.startswith("NOW ( FAL 1901 )") and "( FRA AMY BUR )" in now
        watcher.send("HST (SPR 1901)")
        history = [codec.to_text(await watcher.next_dm()) for _ in range(22 + 2)]
        assert "ORD ( SPR 1901 ) ( ( FRA AMY PAR ) MTO BUR ) ( SUC )" in history
        assert history[-1].startswith("NOW ( SPR 1901 )")
        watcher.send("HST (SPR 1950)")
        assert codec.to_text(await watcher.next_dm()) == "REJ ( HST ( SPR 1950 ) )"

        england = await AsyncClient.connect(*host.address, name="england")
        token = await england.claim("ENGLAND")
        await england.close()
        assert codec.to_text(await watcher.expect("CCD")) == "CCD ( ENG )"
        back = await AsyncClient.connect(*host.address, name="england")
        await back.resume(token)
        assert codec.to_text(await watcher.expect("NOT")) == "NOT ( CCD ( ENG ) )"
        await back.close()
        bot.close()
        watcher.close()
        await _stop(host, server)

    run(scenario())


def test_deadlines_appear_in_hlo_and_tme() -> None:
    from engine.net.clock import DeadlinePolicy

    async def scenario() -> None:
        host = await start_host(deadlines=DeadlinePolicy(movement=600.0, retreats=60.0))
        server = DaideServer(host, DaideSettings(seed=5))
        await server.start("127.0.0.1", 0)
        assert server.address is not None
        bot = await DaideClient.open(server.address)
        bot.send("NME ('timed') ('1')")
        await bot.expect("MAP")
        bot.send("YES (MAP ('STANDARD'))")
        hlo = codec.to_text(await bot.expect("HLO"))
        assert hlo.endswith("( ( LVL 0 ) ( MTL 600 ) ( RTL 60 ) )")
        bot.send("TME")
        tme = await bot.expect("TME")
        assert 590 <= tk.number_value(tme[2]) <= 600
        await _stop(host, server)

    run(scenario())


@pytest.mark.slow
def test_soak_many_hostile_connections_beside_a_playing_bot(caplog: pytest.LogCaptureFixture) -> None:
    """Thousands of hostile messages while a DAIDE bot and a LAN seat play on; nothing sealed leaks."""
    from tests.net.daide_support import play

    async def scenario() -> None:
        host = await start_host(cd_unclaimed=True)
        server = DaideServer(host, DaideSettings(seed=9, powers=("TURKEY",)))
        await server.start("127.0.0.1", 0)
        assert server.address is not None
        france = await seat(host, "FRANCE")
        await france.submit_orders(["A MAR - PIE", "F BRE - MAO"])
        bot = await DaideClient.open(server.address)
        power, _ = await bot.join("soak")
        secret = codec.tokens_to_bytes(codec.parse_text("MAR ) MTO PIE"))
        rng = random.Random(77)
        for round_ in range(60):
            client = await DaideClient.open(server.address)
            for data in _hostile_messages(rng)[:100]:
                client.send_bytes(data)
            try:
                while True:
                    await client.next_raw(timeout=0.2)
            except (ConnectionError, TimeoutError, AssertionError, codec.DaideError):
                pass
            assert secret not in bytes(client.raw), round_
            client.close()
        assert secret not in bytes(bot.raw)
        await france.submit_orders(["A MAR - PIE", "F BRE - MAO"], ready=True)
        # The bot plays on beside France (who just holds) for a few years after the attack.
        playing = asyncio.create_task(play(bot, power, rng))
        done: set[str] = set()
        while not playing.done() and host.game.state.phase.year < 1906:
            phase = host.game.phase
            if phase not in done and "FRANCE" in host.views.to_order():
                done.add(phase)
                await france.submit_orders([], ready=True, phase=phase)
            await asyncio.sleep(0.02)
        assert host.game.state.phase.year >= 1906, f"{host.status()['waiting_for']} {sorted(host.game.ready)}"
        playing.cancel()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        await france.close()
        await _stop(host, server)

    run(scenario(), timeout=600)


def test_the_port_serves_only_the_standard_map_and_the_command_line_can_open_it() -> None:
    from engine.game import Game
    from engine.net.host import Host, _parser
    from engine.types import ChancelleryError

    with pytest.raises(ChancelleryError, match="Standard"):
        DaideServer(Host(Game.new("colonial")))
    assert _parser().parse_args(["--daide"]).daide == 16713
    assert _parser().parse_args(["--daide", "17000"]).daide == 17000
    assert _parser().parse_args([]).daide is None
