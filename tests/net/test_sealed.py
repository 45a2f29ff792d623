"""Sealed orders: nothing another seat or an observer receives carries a seat's orders, or any hint of
them, before adjudication. Seat B and the observer are raw sockets, so every byte they get is checked."""
from __future__ import annotations

from typing import Any

from lan_support import RawPeer, raw_seat, run, seat, start_host

# Turkey's orders name places nobody else's frames mention in Spring 1901 (not units, owned centres
# or anyone else's legal orders), so finding any of them in England's bytes would be a leak.
TURKEY_DRAFT = ["F ANK - BLA", "A CON - BUL", "A SMY - ARM"]
TURKEY_FINAL = ["F ANK - BLA", "A CON - BUL", "A SMY - SYR"]
TELLTALES = [b"BLA", b"BUL", b"ARM", b"SYR", b"ANK -", b"CON -", b"SMY -"]


async def _raw_observer(host: Any) -> RawPeer:
    peer = await RawPeer.open(host)
    await peer.hello()
    await peer.request({"type": "observe"}, "observing")
    await peer.until("state")
    return peer


async def _sync(peer: RawPeer) -> list[dict[str, Any]]:
    """Everything the host had queued for ``peer`` before answering this ping (the host answers in order)."""
    before = len(peer.frames)
    await peer.request({"type": "ping"}, "pong")
    return peer.frames[before:-1]


def test_no_byte_sent_to_another_seat_or_an_observer_carries_turkeys_orders_before_adjudication() -> None:
    async def play() -> tuple[bytes, bytes, bytes, list[dict[str, Any]]]:
        host = await start_host(cd_unclaimed=True)
        england = (await raw_seat(host, "ENGLAND"))[0]
        watcher = await _raw_observer(host)
        turkey = await seat(host, "TURKEY")
        await _sync(england)  # Turkey taking its seat is public; what follows must not be
        await _sync(watcher)
        await turkey.submit_orders(TURKEY_DRAFT)
        await turkey.send_press(["RUSSIA"], "Black Sea stays empty, promise.")  # press to someone else
        await turkey.submit_orders(TURKEY_FINAL)
        assert turkey.state is not None and turkey.state["you"]["orders"] == TURKEY_FINAL
        between = await _sync(england) + await _sync(watcher)
        await turkey.set_ready(True)
        await _sync(england)
        await _sync(watcher)
        sealed_england, sealed_watcher = bytes(england.received), bytes(watcher.received)
        england.send({"type": "orders", "phase": "S1901M", "orders": ["F LON H"], "ready": True})
        await england.until("results")
        await watcher.until("results")
        await england.until("state")
        turkey_view = await turkey.next_event("results")
        england.close()
        watcher.close()
        await turkey.close()
        await host.close()
        assert any(r["order"] == "A SMY - SYR" for r in turkey_view["results"])
        return sealed_england, sealed_watcher, bytes(england.received), between

    sealed_england, sealed_watcher, after, between = run(play())
    for telltale in TELLTALES:
        assert telltale not in sealed_england, telltale
        assert telltale not in sealed_watcher, telltale
    # Submitting and revising orders sent England and the observer nothing at all, not even a count.
    assert between == []
    # After adjudication the results go to everyone.
    assert b"A SMY - SYR" in after and b"F ANK - BLA" in after


async def _england_stream(turkey_orders: list[str] | None, turkey_ready: bool, **settings: Any) -> list[dict[str, Any]]:
    host = await start_host(**settings)
    england = (await raw_seat(host, "ENGLAND"))[0]
    turkey = await seat(host, "TURKEY")
    if turkey_orders is not None:
        await turkey.submit_orders(turkey_orders)
        await turkey.submit_orders(turkey_orders[:1])
    if turkey_ready:
        await turkey.set_ready(True)
    await _sync(england)
    england.close()
    await turkey.close()
    await host.close()
    # Tokens are random per run; everything else must match exactly.
    return [{k: v for k, v in f.items() if k != "token"} for f in england.frames]


def test_england_receives_exactly_the_same_frames_whether_or_not_turkey_has_ordered() -> None:
    async def compare() -> None:
        nothing = await _england_stream(None, False)
        ordered = await _england_stream(TURKEY_DRAFT, False)
        assert ordered == nothing

    run(compare())


def test_ready_flags_are_public_by_default_and_hidden_when_the_host_keeps_them_private() -> None:
    async def compare() -> None:
        public_idle = await _england_stream(None, False)
        public_ready = await _england_stream(TURKEY_DRAFT, True)
        assert public_ready != public_idle
        seats_frames = [f for f in public_ready if f["type"] == "seats"]
        turkey_row = next(row for row in seats_frames[-1]["seats"] if row["power"] == "TURKEY")
        assert turkey_row == {"power": "TURKEY", "claimed": True, "connected": True, "ready": True}
        private_idle = await _england_stream(None, False, ready_public=False)
        private_ready = await _england_stream(TURKEY_DRAFT, True, ready_public=False)
        assert private_ready == private_idle
        assert all("ready" not in row for f in private_ready if f["type"] == "seats" for row in f["seats"])

    run(compare())


def test_an_observer_gets_the_public_view_not_the_game_masters() -> None:
    """Observers are nobody's seat: a hidden decoy must look like an ordinary unit to them too."""
    from engine.contract import state_from_request
    from engine.game import Game
    from engine.net.views import SeatViews, position_to_wire
    from engine.variants.engineered_rules.stacks import decoy_provinces

    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"RUSSIA": ["A MOS", "D MOS", "D UKR"], "TURKEY": ["A SEV"]}})
    views = SeatViews(Game(variant, state))
    observer = views.view(None)
    assert not decoy_provinces(observer)
    assert "D" not in str(position_to_wire(observer, variant)["units"])
    assert decoy_provinces(views.view("RUSSIA")) == {"UKR"}
