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
