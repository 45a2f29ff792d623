"""LAN host latency: 31 connections on loopback; how soon after the last "ready" does every seat have
the results? Target: every connection within 100 ms. Before the last ready is sent, every connection has
answered a ping, so each has read the frames sent to it before (this one process plays every seat). Then, on the same host: what one maximal
``orders`` frame (256 lines of 200 characters) costs, and how long another seat's ping waits behind
20 such frames sent back to back (target: 100 ms).

The host runs as its own process (``python -m engine.net.host``), exactly as ``chancellery host`` does,
including its atomic autosave after every phase. Every connection gets a seat: when no shipped variant
has that many powers, a generated ring board (``synthetic_variant.py``) is used; ``--shipped-only`` uses
the widest shipped variant and makes the other connections observers.

``--busy N`` runs N background processes that burn CPU for the whole run, to see the figures on a busy
machine (on a 2-core machine, ``--busy 2`` keeps both cores loaded).

    python benchmarks/bench_lan.py [--connections 31] [--years 2] [--seed 1] [--busy N]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.net.client import AsyncClient
from engine.net.codec import encode_frame
from engine.variants import find_variant, variant_ids

TARGET_MS = 100.0
PIPELINED_FRAMES = 20
BURNER = "while True: pass"


def widest_variant() -> tuple[str, int]:
    sizes = {vid: len(find_variant(vid).powers) for vid in variant_ids()}
    vid = max(sizes, key=lambda v: (sizes[v], v == "standard"))
    return vid, sizes[vid]


# The host process registers the generated many-power board before starting, as a variant module would.
HOST_BOOT = """
import sys
sys.path.insert(0, {repo!r})
sys.path.insert(0, {bench!r})
from synthetic_variant import register
register({n})
from engine.net.host import host_main
raise SystemExit(host_main(sys.argv[1:]))
"""


def start_host(variant: str, save: Path, synthetic: int = 0, profile: str | None = None,
               ) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "engine.net.host"]
    if profile:  # cProfile writes its file when the host stops on the SIGTERM below
        command = [sys.executable, "-m", "cProfile", "-o", profile, "-m", "engine.net.host"]
    if synthetic:
        command = [sys.executable, "-c", HOST_BOOT.format(repo=str(REPO), bench=str(REPO / "benchmarks"), n=synthetic)]
    proc = subprocess.Popen(
        [*command, "--variant", variant, "--bind", "127.0.0.1", "--port", "0", "--save", str(save)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for _ in range(20):
        line = proc.stdout.readline()
        if line.startswith("listening on "):
            return proc, int(line.rsplit(":", 1)[1])
    proc.kill()
    raise SystemExit("the host did not start")


class NextPhaseWatch:
    """Set ``all_moved_on`` once every connection has the next phase's position."""

    def __init__(self, phase: str, clients: list[AsyncClient]) -> None:
        self.phase = phase
        self.all_moved_on = asyncio.Event()
        self._waiting = set(range(len(clients)))
        self._hooks = [(c, self._hook(i)) for i, c in enumerate(clients)]
        for client, hook in self._hooks:
            client.add_listener(hook)

    def _hook(self, index: int) -> Any:
        def on_frame(frame: dict[str, Any]) -> None:
            if frame.get("type") == "state" and frame["position"]["phase"] != self.phase:
                self._waiting.discard(index)
                if not self._waiting:
                    self.all_moved_on.set()
        return on_frame

    def detach(self) -> None:
        for client, hook in self._hooks:
            client.remove_listener(hook)


async def measure(port: int, connections: int, years: int, seed: int,
                  ) -> tuple[list[tuple[str, list[float]]], dict[str, float]]:
    first = await AsyncClient.connect("127.0.0.1", port, name="bench")
    powers = list(first.welcome["powers"])
    await first.close()
    arrivals: dict[str, dict[int, float]] = {}

    def recorder(index: int) -> Any:
        def on_frame(frame: dict[str, Any]) -> None:
            if frame.get("type") == "results":
                arrivals.setdefault(frame["phase"], {})[index] = time.perf_counter()
        return on_frame

    clients: list[AsyncClient] = []
    for i in range(connections):
        client = await AsyncClient.connect("127.0.0.1", port, name=f"bench-{i}", keep_events=False)
        client.add_listener(recorder(i))
        if i < len(powers):
            await client.claim(powers[i])
        else:
            await client.observe()
        clients.append(client)
    seats = clients[: len(powers)]
    rng = random.Random(seed)
    rows: list[tuple[str, list[float]]] = []
    first_year = int(seats[0].current_phase()[1:-1])
    for _ in range(years * 8):  # at most eight phases a year (World Diplomacy: four seasons, two adjustments)
        phase = seats[0].current_phase()
        if int(phase[1:-1]) >= first_year + years:
            break
        movers = [c for c in seats if c.state and c.state["you"]["must_order"]]
        for client in movers[:-1]:
            lines = [rng.choice(opts) for _, opts in sorted(client.state["you"]["legal"].items())]  # type: ignore[index]
            await client.submit_orders(lines, ready=True)
        last = movers[-1]
        lines = [rng.choice(opts) for _, opts in sorted(last.state["you"]["legal"].items())]  # type: ignore[index]
        await last.submit_orders(lines)  # orders in, not yet ready: the timed step is the ready alone
        # Every connection has read what came before (the seat-table frames each ready sends everyone): one
        # process here plays all the seats, and its backlog is no part of the host's delivery.
        await asyncio.gather(*(c.ping() for c in clients))
        watch = NextPhaseWatch(phase, clients)
        started = time.perf_counter()
        await last.set_ready(True)
        await asyncio.wait_for(watch.all_moved_on.wait(), 30)
        watch.detach()
        got = arrivals.get(phase, {})
        rows.append((phase, [(got[i] - started) * 1000 for i in range(connections) if i in got]))
    fairness = await measure_fairness(seats)
    for client in clients:
        await client.close()
    return rows, fairness


def maximal_orders(client: AsyncClient, tag: int) -> list[str]:
    """256 lines of 200 characters, each different and none usable: the most one frame may carry."""
    assert client.state is not None
    legal = [o for opts in client.state["you"]["legal"].values() for o in opts] or ["A XXX H"]
    return [f"{legal[i % len(legal)]} {tag:03d}{i:04d} ".ljust(200, "x") for i in range(256)]


async def measure_fairness(seats: list[AsyncClient]) -> dict[str, float]:
    """A full orders frame's cost at the host, and a ping's wait behind a seat's pipelined frames."""
    movers = [c for c in seats if c.state and c.state["you"]["must_order"]]
    heavy, other = movers[0], movers[1]
    alone = statistics.median([await other.ping() * 1000 for _ in range(10)])  # the round trip with nothing queued
    single = []
    for tag in range(5):
        started = time.perf_counter()
        await heavy.submit_orders(maximal_orders(heavy, tag))
        single.append((time.perf_counter() - started) * 1000)
    started = time.perf_counter()
    await heavy.submit_orders(maximal_orders(heavy, 4))  # the same list again: read from the host's cache
    resent = (time.perf_counter() - started) * 1000
    phase = heavy.current_phase()
    frames = [encode_frame({"type": "orders", "phase": phase, "orders": maximal_orders(heavy, 100 + i),
                            "id": f"bulk-{i}"}) for i in range(PIPELINED_FRAMES)]
    started = time.perf_counter()
    for frame in frames:
        heavy.transport.send_encoded(frame)
    await other.ping()
    ping_wait = (time.perf_counter() - started) * 1000
    await heavy.ping(timeout=60)  # answered after the last of the pipelined frames
    all_frames = (time.perf_counter() - started) * 1000
    return {"frame": statistics.median(single), "frame_max": max(single), "resent": resent,
            "ping_alone": alone, "ping_wait": ping_wait, "pipelined": all_frames}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=31)
    parser.add_argument("--years", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shipped-only", action="store_true",
                        help="use the shipped variant with the most powers; connections beyond its seats observe")
    parser.add_argument("--variant", help="play this shipped variant (default: the widest shipped one, or a "
                                          "generated ring board when it has fewer powers than connections)")
    parser.add_argument("--busy", type=int, default=0, metavar="N",
                        help="keep N background processes burning CPU while measuring")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the host under cProfile and write its statistics to FILE (for pstats/snakeviz)")
    args = parser.parse_args()
    variant, n_powers = widest_variant()
    if args.variant:
        variant, n_powers = args.variant, len(find_variant(args.variant).powers)
    synthetic = 0
    if n_powers < args.connections and not args.shipped_only and not args.variant:
        # No shipped map has that many powers yet: a generated ring board gives every connection a seat.
        sys.path.insert(0, str(REPO / "benchmarks"))
        from synthetic_variant import register

        synthetic = args.connections
        variant, n_powers = register(synthetic), synthetic
    seats = min(n_powers, args.connections)
    observers = args.connections - seats
    print(f"variant {variant!r} has {n_powers} powers; measuring {seats} seats + {observers} observers "
          f"= {args.connections} connections on 127.0.0.1 (host in its own process, autosave on)")
    print("latency = time from the last seat's 'ready' being sent to each connection decoding the results frame")
    burners = [subprocess.Popen([sys.executable, "-c", BURNER], stdin=subprocess.DEVNULL) for _ in range(args.busy)]
    if burners:
        print(f"busy machine: {len(burners)} background CPU burner process(es) on {os.cpu_count()} cores")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            proc, port = start_host(variant, Path(tmp) / "bench.json", synthetic, args.profile)
            try:
                rows, fairness = asyncio.run(measure(port, args.connections, args.years, args.seed))
            finally:
                proc.terminate()
                proc.wait(10)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait(10)
    worst = 0.0
    print(f"{'phase':8} {'got':>4} {'min ms':>8} {'median':>8} {'max ms':>8}  within {TARGET_MS:.0f} ms")
    for phase, lat in rows:
        within = sum(1 for x in lat if x <= TARGET_MS)
        worst = max(worst, max(lat))
        print(f"{phase:8} {len(lat):4d} {min(lat):8.2f} {statistics.median(lat):8.2f} {max(lat):8.2f}  "
              f"{within}/{args.connections}")
    verdict = "PASS" if worst <= TARGET_MS and all(len(lat) == args.connections for _, lat in rows) else "FAIL"
    print(f"worst over {len(rows)} phases: {worst:.2f} ms -> {verdict} (target: all within {TARGET_MS:.0f} ms)")
    print(f"one maximal orders frame (256 x 200 characters), sent to answered: median {fairness['frame']:.1f} ms, "
          f"max {fairness['frame_max']:.1f} ms; the same list again: {fairness['resent']:.1f} ms")
    fair = "PASS" if fairness["ping_wait"] <= TARGET_MS else "FAIL"
    print(f"another seat's ping: {fairness['ping_alone']:.1f} ms alone (median of 10); "
          f"behind {PIPELINED_FRAMES} pipelined maximal frames: {fairness['ping_wait']:.1f} ms "
          f"-> {fair} (target: {TARGET_MS:.0f} ms); all {PIPELINED_FRAMES} frames answered in "
          f"{fairness['pipelined']:.0f} ms")
    return 0 if verdict == fair == "PASS" else 1


if __name__ == "__main__":
    raise SystemExit(main())
