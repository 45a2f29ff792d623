"""The host writes the parts many seats share once (a position, a phase's results) and puts each seat's frame
together from them: every frame must be byte for byte the one ``encode_frame`` makes of the same message."""
from __future__ import annotations

import json
import random
from typing import Any

from engine.bots import random_orders
from engine.game import Game
from engine.net.codec import encode_frame, encode_json, encode_parts
from engine.net.host import Connection, Host
from engine.net.transport import Transport
from engine.net.views import result_to_wire, viewer


class Recorder(Transport):
    peer = "recorder"

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def send(self, message: Any) -> None:
        self.frames.append(encode_frame(message))

    def send_encoded(self, frame: bytes) -> None:
        self.frames.append(frame)

    async def drain(self) -> None:
        return None

    async def receive(self) -> dict[str, Any] | None:
        return None

    def close(self) -> None:
        return None

    @property
    def is_closed(self) -> bool:
        return False


def test_parts_make_the_frame_encode_frame_makes() -> None:
    message = {"type": "x", "text": "Zürich \u2192 “quoted”", "n": [1, 2.5, None, True], "nested": {"a": {}}}
    assert encode_parts([(k, encode_json(v)) for k, v in message.items()]) == encode_frame(message)


def _frame(data: bytes) -> dict[str, Any]:
    return json.loads(data[4:])  # type: ignore[no-any-return]


def test_world_diplomacy_state_and_results_frames_are_each_seats_own() -> None:
    """World Diplomacy: every seat's view differs (its own money), so each seat gets its own frames; the
    frames equal the messages written whole, and no seat's frame holds another's finance lines."""
    rng = random.Random(3)
    game = Game.new("world31")
    while game.phase == "W2000M" or not game.variant.is_economy_phase(game.state.phase):  # type: ignore[attr-defined]
        for power in game.powers_to_order():  # to an economy phase, with money and upkeep lines
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        game.process()
    host = Host(game)
    seats = game.powers_to_order()[:4]
    conns = []
    for i, power in enumerate([*seats, None]):
        conn = Connection(i, Recorder(), greeted=True, power=power, observer=power is None)
        host._conns.add(conn)
        conns.append(conn)
    for power in game.powers_to_order():
        game.set_orders(power, random_orders(game, power, rng), ready=True)
    before = game.state
    host.process_now("test")
    history = game.history[-1]
    for conn in conns:
        results_frame, state_frame = conn.transport.frames[0], conn.transport.frames[1]  # type: ignore[attr-defined]
        shown = game.variant.results_for(before, list(history.results), viewer(conn.power))
        assert results_frame == encode_frame({
            "type": "results", "phase": str(before.phase), "next_phase": game.phase, "reason": "test",
            "results": [result_to_wire(r) for r in shown]})
        assert state_frame == encode_frame(host._state_frame(conn.power))
        lines = [r for r in _frame(results_frame)["results"] if r["order"].startswith("MAINTAIN")]
        assert lines and all(r["power"] == conn.power for r in lines) if conn.power else not lines
    own = [_frame(c.transport.frames[1])["you"]["legal"] for c in conns[:4]]  # type: ignore[attr-defined]
    assert all(own) and own[0] != own[1]


def test_the_autosave_is_the_save_file_written_whole(tmp_path: Any) -> None:
    """The host writes each finished phase of its autosave once; the file is still exactly the save file."""
    from engine.savefile import game_to_dict, load_game

    rng = random.Random(8)
    game = Game.new("world31")
    path = tmp_path / "lan.json"
    host = Host(game, save_path=path)
    for _ in range(4):
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        host.process_now("test")
        assert path.read_text() == json.dumps(game_to_dict(game)) + "\n"
    game.rollback(2)
    host.save()
    assert path.read_text() == json.dumps(game_to_dict(game)) + "\n"
    assert load_game(path).phase == game.phase
