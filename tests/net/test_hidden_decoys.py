"""The LAN results frames another seat or an observer receives never show a hidden Engineered decoy:
every byte they get is checked for its real letter and for the zero strength that would expose it."""
from __future__ import annotations

import json
from typing import Any, Iterable

from lan_support import RawPeer, run, seat, start_host

from engine.contract import state_from_request
from engine.game import Game


def _ukraine_strengths(results: Iterable[dict[str, Any]]) -> list[Any]:
    return [r["outcome"]["data"].get(k) for r in results if r["order"].startswith("A UKR")
            for k in ("attack", "resist") if k in r.get("outcome", {}).get("data", {})]


def test_the_lan_results_frames_of_other_seats_and_observers_hide_a_lone_decoy() -> None:
    async def play() -> tuple[bytes, bytes, list[dict[str, Any]]]:
        variant, state = state_from_request({"variant": "engineered", "phase": "S1902M", "units": {
            "RUSSIA": ["A MOS", "D UKR", "A WAR"], "TURKEY": ["A SEV", "A RUM"], "AUSTRIA": ["A GAL"]}})
        host = await start_host(Game(variant, state), cd_unclaimed=True)
        turkey = await RawPeer.open(host)
        await turkey.hello()
        await turkey.request({"type": "claim", "power": "TURKEY"}, "seated")
        await turkey.until("state")
        watcher = await RawPeer.open(host)
        await watcher.hello()
        await watcher.request({"type": "observe"}, "observing")
        await watcher.until("state")
        russia = await seat(host, "RUSSIA")
        await russia.submit_orders(["D UKR - GAL"], ready=True)
        turkey.send({"type": "orders", "phase": "S1902M", "orders": ["A SEV H"], "ready": True})
        frame = await turkey.until("results")
        await watcher.until("results")
        own = await russia.next_event("results")
        await russia.close()
        turkey.close()
        watcher.close()
        await host.close()
        return bytes(turkey.received), bytes(watcher.received), [frame, own]

    turkey_bytes, watcher_bytes, (frame, own) = run(play())
    assert "A UKR - GAL" in [r["order"] for r in frame["results"]], "the results reached the other seat"
    assert not _ukraine_strengths(frame["results"])
    for received in (turkey_bytes, watcher_bytes):
        assert b"D UKR" not in received and b"decoy" not in received.lower() and b"0 vs 1" not in received
    assert "0 vs 1" in json.dumps(own)
