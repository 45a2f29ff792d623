"""One seat can't stall the others: the host answers one message per connection in turn, reads a long
order list in slices, and never reads the same line twice for one position. Counted, not timed."""
from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from lan_support import run

from engine.game import Game, LineCheck
from engine.net.host import Host, HostSettings
from engine.net.schema import MAX_ORDER_LENGTH, MAX_ORDER_LINES


def maximal_orders(tag: str = "") -> list[str]:
    """256 lines of 200 characters, each different: the most an orders frame may carry."""
    return [f"A PAR S A MAR - BUR {tag}{i:04d} ".ljust(MAX_ORDER_LENGTH, "x") for i in range(MAX_ORDER_LINES)]


class CountingGame(Game):
    """Counts the order lines the engine is asked to read."""

    lines_read = 0

    def check_line(self, power: str, text: str) -> LineCheck:
        CountingGame.lines_read += 1
        return super().check_line(power, text)


def _record(host: Host) -> list[tuple[str | None, str]]:
    """Which message the host started on, in order: (seat, type)."""
    served: list[tuple[str | None, str]] = []
    handle = host._handle

    def recording(conn: Any, msg: Mapping[str, Any]) -> Any:
        served.append((conn.power, str(msg.get("type"))))
        return handle(conn, msg)

    host._handle = recording  # type: ignore[method-assign]
    return served


def test_a_seat_pipelining_orders_frames_does_not_hold_up_another_seats_ping() -> None:
    async def play() -> None:
        host = Host(Game.new("standard"))
        france = await host.connect_local("france")
        await france.claim("FRANCE")
        england = await host.connect_local("england")
        await england.claim("ENGLAND")
        served = _record(host)
        acks: list[dict[str, Any]] = []
        france.add_listener(lambda f: acks.append(f) if f.get("type") == "orders_ack" else None)
        for i in range(20):  # twenty maximal frames queued at once, without waiting for an answer
            france.transport.send({"type": "orders", "phase": "S1901M", "orders": maximal_orders(str(i)),
                                   "id": f"bulk-{i}"})
        await england.ping()
        ahead = served.index(("ENGLAND", "ping"))
        assert ahead <= 2, f"the ping waited behind {ahead} of France's frames"
        await france.ping()  # answered after France's own frames, in the order sent
        assert [a["re"] for a in acks] == [f"bulk-{i}" for i in range(20)]
        assert served.count(("FRANCE", "orders")) == 20
        await france.close()
        await england.close()
        await host.close()

    run(play())


def test_one_long_order_list_is_read_in_slices_between_other_seats_messages() -> None:
    async def play() -> None:
        host = Host(Game.new("standard"), HostSettings(slice_seconds=0.0))
        france = await host.connect_local("france")
        await france.claim("FRANCE")
        england = await host.connect_local("england")
        await england.claim("ENGLAND")
        lines = ["A PAR - BUR"] + maximal_orders()[1:]
        france.transport.send({"type": "orders", "phase": "S1901M", "orders": lines, "id": "long"})
        await england.ping()
        await england.submit_orders(["F LON - NTH"])
        # England was answered twice while France's single frame was still being read.
        assert host.game.pending_orders("FRANCE") == []
        assert host.game.pending_orders("ENGLAND") == ["F LON - NTH"]
        await france.ping()
        assert host.game.pending_orders("FRANCE") == ["A PAR - BUR"]
        await france.close()
        await england.close()
        await host.close()

    run(play())


def test_orders_whose_phase_ends_while_they_are_read_are_refused_and_not_kept() -> None:
    async def play() -> None:
        host = Host(Game.new("standard"), HostSettings(slice_seconds=0.0))
        france = await host.connect_local("france")
        await france.claim("FRANCE")
        errors: list[dict[str, Any]] = []
        france.add_listener(lambda f: errors.append(f) if f.get("type") == "error" else None)
        france.transport.send({"type": "orders", "phase": "S1901M", "id": "late",
                               "orders": ["A PAR - BUR"] + maximal_orders()[1:]})
        for _ in range(5):
            await asyncio.sleep(0)
        host.process_now()
        await france.ping()
        assert [(e["code"], e["re"]) for e in errors] == [("wrong_phase", "late")]
        assert host.game.phase == "F1901M" and host.game.pending_orders("FRANCE") == []
        assert "FRANCE" not in host.game.history[-1].orders
        await france.close()
        await host.close()

    run(play())


def test_a_resent_order_list_is_not_read_again_for_the_same_position() -> None:
    async def play() -> None:
        fresh = Game.new("standard")
        host = Host(CountingGame(fresh.variant, fresh.state))
        france = await host.connect_local("france")
        await france.claim("FRANCE")
        CountingGame.lines_read = 0
        lines = maximal_orders()
        for _ in range(3):
            await france.submit_orders(lines)
        assert CountingGame.lines_read == MAX_ORDER_LINES
        await france.submit_orders(["A PAR - BUR", "A MAR - SPA"], ready=False)
        assert CountingGame.lines_read == MAX_ORDER_LINES + 2
        host.process_now()
        await france.submit_orders(["A BUR - MUN"], phase="F1901M")  # a new position: read afresh
        assert CountingGame.lines_read == MAX_ORDER_LINES + 3
        await france.close()
        await host.close()

    run(play())
