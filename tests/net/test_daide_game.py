"""Whole games through the DAIDE port: DAIDE clients (and a LAN seat) play Standard to the end."""
from __future__ import annotations

import asyncio
import random

from engine.game import Game
from engine.net.daide import codec
from engine.net.daide import tokens as tk
from engine.net.daide.server import DaideServer, DaideSettings
from tests.net.daide_support import DaideClient, play, texts
from tests.net.lan_support import run, start_host

V = tk.VALUES


async def start(game: Game | None = None, **settings: object) -> tuple[object, DaideServer]:
    host = await start_host(game)
    server = DaideServer(host, DaideSettings(seed=1, **settings))  # type: ignore[arg-type]
    await server.start("127.0.0.1", 0)
    return host, server


def test_seven_daide_bots_play_a_game_to_its_end() -> None:
    async def scenario() -> None:
        host, server = await start()
        assert server.address is not None
        clients = [await DaideClient.open(server.address) for _ in range(7)]
        joined = [await c.join(f"bot{i}") for i, c in enumerate(clients)]
        powers = {p for p, _ in joined}
        assert len(powers) == 7
        logs: list[list[tuple[int, ...]]] = [[] for _ in clients]
        summaries = await asyncio.gather(*(play(c, p, random.Random(i), draw_from=1904, log=logs[i])
                                           for i, (c, (p, _)) in enumerate(zip(clients, joined))))
        assert host.game.drawn  # type: ignore[attr-defined]
        for log, summary in zip(logs, summaries):
            words = texts(log)
            assert "DRW" in words
            assert codec.to_text(summary).startswith("SMR ( ")
            assert any(w.startswith("ORD ( FAL 1901 )") for w in words)
            assert any(w.startswith("NOW ( WIN 190") for w in words)
        for c in clients:
            c.close()
        await server.close()
        await host.close()  # type: ignore[attr-defined]

    run(scenario(), timeout=120)


def _near_solo() -> Game:
    """Fall 1902: France holds 17 centres and its army in Piedmont can walk into empty Venice."""
    from engine.types import Phase, Unit, UnitType
    from engine.variants import find_variant

    variant = find_variant("standard")
    units = [Unit("FRANCE", UnitType.ARMY, "PIE"), Unit("FRANCE", UnitType.ARMY, "BUR"),
             Unit("FRANCE", UnitType.FLEET, "MAO"), Unit("ITALY", UnitType.ARMY, "ROM"),
             Unit("ITALY", UnitType.FLEET, "NAP"), Unit("TURKEY", UnitType.FLEET, "ANK"),
             Unit("TURKEY", UnitType.ARMY, "CON"), Unit("TURKEY", UnitType.ARMY, "SMY"),
             Unit("AUSTRIA", UnitType.ARMY, "VIE"), Unit("AUSTRIA", UnitType.ARMY, "BUD"),
             Unit("AUSTRIA", UnitType.FLEET, "TRI"), Unit("RUSSIA", UnitType.ARMY, "MOS"),
             Unit("RUSSIA", UnitType.ARMY, "WAR"), Unit("RUSSIA", UnitType.FLEET, "SEV")]
    centers = {c: "FRANCE" for c in "PAR BRE MAR SPA POR BEL HOL MUN KIE BER DEN LON LVP EDI NWY SWE TUN".split()}
    centers |= {c: "ITALY" for c in ("ROM", "NAP", "VEN")} | {c: "TURKEY" for c in ("ANK", "CON", "SMY")}
    centers |= {c: "AUSTRIA" for c in ("VIE", "BUD", "TRI")} | {c: "RUSSIA" for c in ("MOS", "SEV", "WAR", "STP")}
    return Game(variant, variant.make_state(Phase.parse("F1902M"), units, centers))


def test_a_daide_bot_and_a_lan_seat_finish_a_game_and_no_order_leaks_before_adjudication() -> None:
    from tests.net.lan_support import seat

    async def scenario() -> None:
        host = await start_host(_near_solo(), cd_unclaimed=True)
        server = DaideServer(host, DaideSettings(seed=3, powers=("TURKEY",)))
        await server.start("127.0.0.1", 0)
        assert server.address is not None
        bot = await DaideClient.open(server.address)
        power, passcode = await bot.join("mixed")
        assert power == "TURKEY" and 1 <= passcode <= 8191
        france = await seat(host, "FRANCE")
        await france.submit_orders(["A PIE - VEN", "A BUR H"], ready=True)
        log: list[tuple[int, ...]] = []
        summary = await play(bot, power, random.Random(5), log=log)
        words = texts(log)
        first_ord = next(i for i, w in enumerate(words) if w.startswith("ORD"))
        assert not any("PIE ) MTO VEN" in w for w in words[:first_ord])  # sealed until adjudicated
        assert "ORD ( FAL 1902 ) ( ( FRA AMY PIE ) MTO VEN ) ( SUC )" in words
        assert "SLO ( FRA )" in words
        assert "OUT ( ENG )" in words and "OUT ( GER )" in words
        smr = codec.to_text(summary)
        assert smr.startswith("SMR ( WIN 1902 ) ( AUS ") and "( FRA ( 'france' ) ( 'LAN' ) 18 )" in smr
        assert "( ENG ( 'England' ) ( 'LAN' ) 0 1902 )" in smr  # out, and since when
        assert "( TUR ( 'mixed' ) ( '1.0' ) 3 )" in smr
        assert host.game.winner == "FRANCE"
        bot.close()
        await france.close()
        await server.close()
        await host.close()

    run(scenario(), timeout=60)
