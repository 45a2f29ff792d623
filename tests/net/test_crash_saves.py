"""What a crash leaves on disk: every message the host acknowledged is in its autosave at that moment.

The autosave is written atomically while the host answers, so the file as it stands right after an
acknowledgement is what a host killed then would restart from. Each test copies it at that point and starts
a second host on the copy, as ``chancellery host --game FILE`` does after a crash."""
from __future__ import annotations

import shutil
from pathlib import Path

from lan_support import run, seat

from engine.game import Game
from engine.net.client import AsyncClient
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
