"""The host as its own process: killed with SIGKILL mid-phase, restarted on its autosave, and every
submitted order, ready flag, seat and press message is still there when the clients come back."""
from __future__ import annotations

import hashlib
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest
from lan_support import STEP, run

from engine.net.client import AsyncClient, RequestRefused

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX-only")


class HostProcess:
    def __init__(self, args: list[str], log: Path) -> None:
        self.log = log.open("a")
        self.proc = subprocess.Popen([sys.executable, "-m", "engine.net.host", "--bind", "127.0.0.1", "--port", "0",
                                      *args], cwd=REPO, stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL,
                                     text=True)
        lines: queue.Queue[str] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=_pump, args=(self.proc.stdout, lines), daemon=True).start()
        self.port = 0
        for _ in range(50):
            try:
                line = lines.get(timeout=20)
            except queue.Empty:
                break
            if line.startswith("listening on "):
                self.port = int(line.rsplit(":", 1)[1])
                break
        if not self.port:
            self.proc.kill()
            raise AssertionError(f"the host did not start: {log.read_text()}")

    def stop(self, sig: int) -> int:
        os.kill(self.proc.pid, sig)
        code = self.proc.wait(20)
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        self.log.close()
        return code


def _pump(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line.strip())


def test_killed_host_resumes_from_its_autosave_with_orders_seats_and_press_intact(tmp_path: Path) -> None:
    save = tmp_path / "lan-game.json"
    log = tmp_path / "host.log"
    first = HostProcess(["--variant", "standard", "--save", str(save), "--cd-unclaimed"], log)

    async def before_the_crash() -> tuple[str, str]:
        france = await AsyncClient.connect("127.0.0.1", first.port, name="Ann", timeout=STEP)
        england = await AsyncClient.connect("127.0.0.1", first.port, name="Bob", timeout=STEP)
        fr_token, en_token = await france.claim("FRANCE"), await england.claim("ENGLAND")
        await france.submit_orders(["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"])
        await france.send_press(["ENGLAND"], "The Channel stays empty this spring.")
        await england.submit_orders(["F LON - NTH", "F EDI - NWG", "A LVP - YOR"], ready=True)
        return fr_token, en_token

    fr_token, en_token = run(before_the_crash())
    assert first.stop(signal.SIGKILL) == -signal.SIGKILL

    text = save.read_text()
    assert fr_token not in text and en_token not in text  # only hashes of the tokens are kept
    assert hashlib.sha256(fr_token.encode()).hexdigest() in text
    assert "A PAR - BUR" not in text  # sealed orders are not readable at a glance

    second = HostProcess(["--game", str(save), "--cd-unclaimed"], log)

    async def after_the_restart() -> None:
        france = await AsyncClient.connect("127.0.0.1", second.port, name="Ann", timeout=STEP)
        england = await AsyncClient.connect("127.0.0.1", second.port, name="Bob", timeout=STEP)
        assert await france.resume(fr_token) == "FRANCE"
        assert await england.resume(en_token) == "ENGLAND"
        assert france.state is not None and england.state is not None
        assert france.state["position"]["phase"] == "S1901M"
        assert france.state["you"]["orders"] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
        assert france.state["you"]["ready"] is False
        assert england.state["you"]["orders"] == ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"]
        assert england.state["you"]["ready"] is True
        await england.ping()
        assert [m["text"] for m in england.press] == ["The Channel stays empty this spring."]
        newcomer = await AsyncClient.connect("127.0.0.1", second.port, timeout=STEP)
        with pytest.raises(RequestRefused, match="seat_taken"):
            await newcomer.claim("FRANCE")
        await france.set_ready(True)
        results = await england.next_event("results", STEP)
        orders = {r["order"]: r["result"] for r in results["results"] if not r.get("default")}
        assert orders["A PAR - BUR"] == "succeeds" and orders["F LON - NTH"] == "succeeds"
        state = await england.next_event("state", STEP)
        assert state["position"]["phase"] == "F1901M"
        for c in (france, england, newcomer):
            await c.close()

    run(after_the_restart())
    assert second.stop(signal.SIGTERM) == 0
    assert '"phase": "F1901M"' in save.read_text()


def test_the_command_line_refuses_bad_arguments_clearly(tmp_path: Path) -> None:
    from engine.net.host import host_main

    assert host_main(["--game", str(tmp_path / "missing.json")]) == 2
    assert host_main(["--variant", "atlantis"]) == 2
    assert host_main(["--deadline", "movement=soon"]) == 2
    assert host_main(["--port", "70000"]) == 2
    assert host_main(["--port", "0", "--daide", "99999", "--save", str(tmp_path / "d.json")]) == 2  # not a traceback
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert host_main(["--save", str(blocker / "save.json")]) == 2  # the autosave can't be written there


def test_a_new_game_never_overwrites_an_autosave_already_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``chancellery host`` run again without ``--game`` wrote its new game over yesterday's autosave."""
    from engine.game import Game
    from engine.net.host import host_main
    from engine.savefile import save_game

    monkeypatch.chdir(tmp_path)
    yesterday = Game.new("standard")
    yesterday.set_orders("FRANCE", ["A PAR - BUR"])
    yesterday.process()
    for path in (tmp_path / "chancellery-lan-standard.json", tmp_path / "named.json"):
        save_game(yesterday, path)
        before = path.read_bytes()
        args = [] if path.name.startswith("chancellery-lan") else ["--save", str(path)]
        assert host_main(["--port", "0", *args]) == 2
        message = capsys.readouterr().err
        assert path.name in message and f"--game {path.name}" in message.replace(str(tmp_path) + os.sep, "")
        assert path.read_bytes() == before


def test_a_host_that_cant_listen_leaves_no_autosave_to_block_the_next_try(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The port was in use: the host exited, but the new game's autosave stayed, and the next try (the port
    now free) was refused because that file "already exists (an earlier game?)"."""
    import socket

    from engine.net.host import host_main

    monkeypatch.chdir(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert host_main(["--bind", "127.0.0.1", "--port", str(port)]) == 1
    assert "can't listen on 127.0.0.1:" in capsys.readouterr().err
    assert not (tmp_path / "chancellery-lan-standard.json").exists()


def test_the_headless_host_says_where_players_join() -> None:
    """Listening on every interface, the host printed only "listening on 0.0.0.0:8737": no address anyone
    could type into the Join dialog."""
    from engine.net.discovery import local_address
    from engine.net.host import join_hint

    assert join_hint("0.0.0.0", 8737) == f"players join at {local_address()}:8737"
    assert "0.0.0.0" not in join_hint("0.0.0.0", 8737)
    assert join_hint("192.168.1.20", 9000) == "players join at 192.168.1.20:9000"
