"""Age of Discovery over the LAN: twelve seats on raw sockets play random turns, and no byte a seat receives
names a unit outside its view (RG-REP-2, RG-AOD-3); each seat's results frame carries the turn report the host
wrote for it, the same as the game master's engine writes for that power."""
from __future__ import annotations

import random
from typing import Any

from lan_support import RawPeer, raw_seat, run, start_host

from aod_fog import find_hidden, hidden_texts, random_commands, sight, spies_of
from engine.game import Game
from engine.report import phase_report
from engine.variants import find_variant

TURNS = 3


def test_no_seat_receives_a_unit_outside_its_view_over_the_lan() -> None:
    variant = find_variant("age_of_discovery", {"players": 12, "seed": 7})
    board = variant.board
    rng = random.Random(7)
    problems: list[str] = []
    reports: list[tuple[str, int, str]] = []

    async def play() -> Game:
        host = await start_host(Game.new(variant))
        seats: dict[str, RawPeer] = {}
        states: dict[str, dict[str, Any]] = {}
        for power in sorted(board.powers):
            seats[power], states[power] = await raw_seat(host, power)
        for turn in range(TURNS):
            before = host.game.state
            legal = {p: states[p].get("you", {}).get("legal", {}) for p in seats}
            commands = random_commands(variant, before, rng, legal, first_turn=turn == 0)
            spied = {p: spies_of(variant, lines, p, before) for p, lines in commands.items()}
            marks = {p: len(peer.received) for p, peer in seats.items()}
            for power, peer in seats.items():
                peer.send({"type": "orders", "phase": str(before.phase), "orders": commands[power], "ready": True})
            for power, peer in seats.items():
                results = await peer.until("results")
                states[power] = await peer.until("state")
                reports.append((power, turn, results.get("report", "")))
                for r in results["results"]:
                    if r["power"] != power and r["order"].split()[1] not in sight(board, before, power, spied[power]):
                        problems.append(f"{power} got {r['power']}'s {r['order']!r} from outside its sight")
            after = host.game.state
            for power, peer in seats.items():
                await peer.request({"type": "ping"}, "pong")  # everything queued for it has arrived
                end = sight(board, after, power, spied[power])
                position = states[power]["position"]
                for owner, units in position["units"].items():
                    problems.extend([f"{power} sees {owner}'s {u} outside its view" for u in units
                                 if owner != power and u.split()[1] not in end])
                hidden = hidden_texts(board, before, after, power, spied[power])
                leaked = find_hidden(hidden, bytes(peer.received[marks[power]:]))
                problems.extend(f"turn {turn + 1}: {power} received hidden {t}" for t in leaked)
        for peer in seats.values():
            peer.close()
        await host.close()
        return host.game

    game = run(play(), timeout=120.0)
    assert not problems, problems[:10]
    assert len(reports) == TURNS * len(board.powers)
    for power, turn, text in reports:
        assert text == phase_report(game, turn, power), (power, turn)
