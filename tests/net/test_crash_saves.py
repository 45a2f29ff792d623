"""What a crash leaves on disk: every message the host acknowledged is in its autosave at that moment.

The autosave is written atomically while the host answers, so the file as it stands right after an
acknowledgement is what a host killed then would restart from. Each test copies it at that point and starts
a second host on the copy, as ``chancellery host --game FILE`` does after a crash."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from lan_support import run, seat

from engine.game import Game
from engine.net.client import AsyncClient
from engine.net.codec import encode_frame
from engine.net.host import Host, HostSettings


async def _host_saving_to(path: Path) -> Host:
    host = Host(Game.new("standard"), HostSettings(), path)
    await host.start("127.0.0.1", 0)
    return host


def test_press_acknowledged_before_a_crash_survives_it_and_its_number_is_never_reused(tmp_path: Path) -> None:
    """Press sent after the last submission was lost with the host, and the restarted host numbered the next
    message as the lost one: a client that had seen the lost one took the new one for a repeat and dropped it."""
    save, crashed = tmp_path / "lan.json", tmp_path / "left-by-the-crash.json"

    async def play() -> None:
        first = await _host_saving_to(save)
        france, england = await seat(first, "FRANCE"), await seat(first, "ENGLAND")
        fr_token, en_token = france.token, england.token
        await france.submit_orders(["A PAR - BUR"])  # saved: the press after it is what a crash could lose
        seq = await france.send_press(["ENGLAND"], "Meet me in the Channel.")
        heard = await england.next_event("press")
        assert heard["seq"] == seq
        shutil.copyfile(save, crashed)  # the host dies here
        for client in (france, england):
            await client.close()
        await first.close()

        second = Host.from_save(crashed)
        await second.start("127.0.0.1", 0)
        assert second.address is not None
        france = await AsyncClient.connect(*second.address)
        england = await AsyncClient.connect(*second.address)
        assert fr_token is not None and en_token is not None
        await france.resume(fr_token)
        await england.resume(en_token)
        await england.ping()
        assert [(m["seq"], m["text"]) for m in england.press] == [(seq, "Meet me in the Channel.")]
        assert france.state is not None and france.state["you"]["orders"] == ["A PAR - BUR"]
        later = await france.send_press(["ENGLAND"], "Or not.")
        assert later > seq  # a client that saw the first message keeps the second
        for client in (france, england):
            await client.close()
        await second.close()

    run(play())


@pytest.mark.parametrize("damage", [
    {"seats": [1, 2]}, {"press": 5}, {"clock": [1]}, {"clock": {"remaining": float("inf")}},
    {"clock": {"remaining": float("nan"), "paused": True}}, {"bot_ready": [{}]}, {"bots": "ITALY"},
    {"press": [3, {"seq": 1, "phase": "S1901M", "from": "FRANCE", "to": [], "text": "hi", "time": float("inf")}]},
])
def test_a_damaged_host_record_in_a_save_restores_what_it_can(damage: dict[str, Any]) -> None:
    """A hand-edited or damaged ``meta.lan_host`` stopped the host with a Python error, or (an endless clock)
    left it unable to write any frame holding the clock."""
    game = Game.new("standard")
    game.meta["lan_host"] = {"format": 1, "seats": {}, "press": [], "clock": {"remaining": None, "paused": False}}
    game.meta["lan_host"].update(damage)
    host = Host(game)
    encode_frame(host._state_frame(None))  # every seat's first frame can be written
    encode_frame({"type": "clock"} | host.clock.to_wire())
    for message in host.press.visible_to(None):
        encode_frame(message.to_wire())
    assert host.clock.remaining() is None
