"""The Join dialog as a player meets it: the host's game and seats in words, and a choice that still works
after the dialog sat open long enough for the host to close the seatless connection."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import time
from collections.abc import Iterator
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.net.dialogs import JoinDialog
from app.net.tokens import TokenStore
from engine.game import Game
from engine.net.host import Host, HostSettings, HostThread

WAIT = 6000  # ms any one network step may take


class SkippableClock:
    """The host's clock for connection timeouts: real time plus what the test skips."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


@pytest.fixture
def clock() -> SkippableClock:
    return SkippableClock()


@pytest.fixture
def lan_host(tmp_path: Path, clock: SkippableClock) -> Iterator[HostThread]:
    thread = HostThread(Host(Game.new("standard"), HostSettings(name="Friday table"), tmp_path / "lan.json",
                             now=clock))
    thread.start("127.0.0.1", 0)
    yield thread
    thread.stop()


def _dialog(qtbot: QtBot, tmp_path: Path, port: int) -> JoinDialog:
    dialog = JoinDialog(None, TokenStore(tmp_path / "data"))
    qtbot.addWidget(dialog)
    dialog.address_edit.setText(f"127.0.0.1:{port}")
    assert dialog.connect_to_host(), dialog.error.text()
    return dialog


def test_a_seat_chosen_after_the_host_closed_the_idle_connection_is_still_taken(
        qtbot: QtBot, tmp_path: Path, lan_host: HostThread, clock: SkippableClock) -> None:
    """The host closes a connection that sits two minutes without a seat; the player, still reading the
    list, then clicks Join. The dialog used to answer "not connected (closed by the host)" and leave the
    player to guess that Connect must be pressed again."""
    dialog = _dialog(qtbot, tmp_path, lan_host.host.port)
    client = dialog.client
    assert client is not None
    clock.skipped += lan_host.host.settings.guest_timeout + 1
    assert lan_host.run(lan_host.host.expire_idle) == 1
    qtbot.waitUntil(lambda: not client.is_connected, timeout=WAIT)
    assert dialog.select_choice("claim", "ITALY")
    dialog.join_selected()
    assert dialog.session is not None, dialog.error.text()
    assert dialog.session.table.seats[0].power == "ITALY"
    assert lan_host.run(lambda: lan_host.host.seats.is_claimed("ITALY"))
    dialog.session.close()


def test_the_dialog_names_the_phase_in_words_and_the_seat_someone_else_took(
        qtbot: QtBot, tmp_path: Path, lan_host: HostThread) -> None:
    from engine.net.client import Client

    lan_host.put_bot("ITALY", "easy")
    dialog = _dialog(qtbot, tmp_path, lan_host.host.port)
    assert "Friday table" in dialog.game_label.text() and "Spring 1901 Movement" in dialog.game_label.text()
    texts = [text for text, _ in dialog.choices()]
    assert "Play Italy (a bot (easy) plays it now: you take over)" in texts and "Play Austria" in texts
    quicker = Client.connect("127.0.0.1", lan_host.host.port, name="quicker")
    try:
        quicker.claim("FRANCE")
        assert dialog.select_choice("claim", "FRANCE")
        dialog.join_selected()
        assert dialog.session is None
        assert "someone took that seat (France) meanwhile" in dialog.error.text()
        assert not dialog.select_choice("claim", "FRANCE")  # the list was read again
    finally:
        quicker.close()
    dialog.reject()


def test_the_clock_is_not_counted_down_while_the_link_to_the_host_is_down(qtbot: QtBot) -> None:
    """With the host gone the seat bar and Table tab went on counting down the last deadline read, though the
    host's clock may be stopped (a restarted host resumes from its autosave's)."""
    from app.controllers.network_seat import ClockReading, NetworkSeat
    from app.net.table_panel import SeatBar, TablePanel

    seat = NetworkSeat("standard", "FRANCE", None)
    seat.clock = ClockReading(600.0, False, time.monotonic())
    bar, panel = SeatBar(), TablePanel()
    qtbot.addWidget(bar)
    qtbot.addWidget(panel)
    seat.connected = True
    bar.show_clock(seat)
    panel.show_clock(seat)
    assert bar.clock.text().startswith("Deadline in 9:") or bar.clock.text() == "Deadline in 10:00"
    assert panel.clock.text() == bar.clock.text()
    seat.apply({"type": "closed", "reason": "the host stopped"})
    bar.show_clock(seat)
    panel.show_clock(seat)
    assert bar.clock.text() == panel.clock.text() == "Deadline unknown (offline)"


def test_taking_a_bots_seat_says_its_orders_came_with_it(qtbot: QtBot, tmp_path: Path, lan_host: HostThread) -> None:
    lan_host.put_bot("ITALY", "easy")
    qtbot.waitUntil(lambda: lan_host.run(lambda: bool(lan_host.host.game.pending_orders("ITALY"))), timeout=WAIT)
    dialog = _dialog(qtbot, tmp_path, lan_host.host.port)
    assert dialog.select_choice("claim", "ITALY")
    dialog.join_selected()
    assert dialog.session is not None, dialog.error.text()
    seat = dialog.session.table.seats[0]
    n = len(lan_host.run(lambda: lan_host.host.game.pending_orders("ITALY")))
    assert seat.notice.startswith(f"This seat came with {n} order{'s' if n != 1 else ''} for this phase, from the bot")
    qtbot.waitUntil(lambda: seat.received_state, timeout=WAIT)
    assert seat.host_orders() and not seat.is_ready
    dialog.session.close()
