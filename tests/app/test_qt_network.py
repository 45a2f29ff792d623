"""LAN play in the window: hosting with seats played here, joining a host through the Join dialog,
orders by clicks and paste, results on the map, press, a reconnect after the host restarts, refusals in
words, and a scan proving another seat's orders never reach a joined client before adjudication.

Every host listens on 127.0.0.1 (port 0, or the port a stopped host had); remote players are
``engine.net.client.Client`` objects, some driven from a thread."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import json
import logging
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QListWidget, QTableWidget, QTabWidget
from pytestqt.qtbot import QtBot

from app.controllers.network_seat import TableStage
from app.net.connection import LinkState
from app.net.dialogs import JoinDialog
from app.net.game_page import NetworkGamePage
from app.net.session import HostSpec
from app.net.tokens import TokenStore
from app.widgets.main_window import MainWindow
from engine.game import Game
from engine.net.client import Client
from engine.net.host import Host, HostSettings, HostThread

from gui_helpers import all_widgets, assert_results_shown, click, submit, window  # noqa: F401

WAIT = 6000  # ms any one network step may take
STEP = 5.0
SECRETS = ("F LON - ENG", "F EDI - NTH", "A LVP - YOR", "A MUN - RUH")  # England's and Germany's orders


def mentions(text: str, order: str) -> bool:
    """``order`` given as an order, not as the object of a support or convoy ("F BRE S F LON - ENG" is a
    legal French option, not England's order)."""
    return re.search(r"(?<![SC] )" + re.escape(order), text) is not None


@pytest.fixture
def lan_host(tmp_path: Path) -> Iterator[HostThread]:
    thread = HostThread(Host(Game.new("standard"), HostSettings(name="Test table", cd_unclaimed=True),
                             tmp_path / "lan-host.json"))
    thread.start("127.0.0.1", 0)
    yield thread
    thread.stop()


def remote(port: int, power: str) -> Client:
    client = Client.connect("127.0.0.1", port, name=power.lower(), timeout=STEP)
    client.claim(power, STEP)
    return client


def join_via_dialog(qtbot: QtBot, window: MainWindow, port: int, kind: str = "claim",
                    power: str | None = "FRANCE") -> NetworkGamePage:
    dialog = JoinDialog(window, TokenStore(window.store.data_dir))
    qtbot.addWidget(dialog)
    dialog.address_edit.setText(f"127.0.0.1:{port}")
    qtbot.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
    assert dialog.client is not None, dialog.error.text()
    assert dialog.select_choice(kind, power), [t for t, _ in dialog.choices()]
    qtbot.mouseClick(dialog.join_button, Qt.MouseButton.LeftButton)
    assert dialog.session is not None, dialog.error.text()
    page = window.lan.show_session(dialog.session)
    assert isinstance(page, NetworkGamePage)
    qtbot.waitUntil(lambda: page.table.started, timeout=WAIT)
    page.view.fit_to_window()
    return page


def arrows(page: NetworkGamePage) -> set[tuple[str, str, str | None]]:
    return {(a.power, a.from_loc, a.to_loc) for a in page.scene.arrows}


def widget_texts(window: MainWindow) -> list[str]:
    """Every string any widget holds, shown or hidden, plus the window title and status line."""
    texts = [window.windowTitle(), window.statusBar().currentMessage()]
    for w in all_widgets():
        texts += [w.windowTitle(), w.toolTip(), w.statusTip(), w.accessibleName()]
        for attr in ("text", "toPlainText", "placeholderText", "currentText", "title"):
            getter = getattr(w, attr, None)
            if callable(getter):
                try:
                    value = getter()
                except TypeError:
                    continue
                if isinstance(value, str):
                    texts.append(value)
        if isinstance(w, QListWidget):
            texts += [w.item(i).text() for i in range(w.count())]
        if isinstance(w, QComboBox):
            texts += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QTabWidget):
            texts += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QTableWidget):
            texts += [item.text() for r in range(w.rowCount()) for c in range(w.columnCount())
                      if (item := w.item(r, c)) is not None]
    return texts


# --- hosting ------------------------------------------------------------------------------------------

def test_hosting_with_one_seat_here_and_a_remote_player(qtbot: QtBot, window: MainWindow) -> None:
    page = window.lan.host(HostSpec(port=0, bind="127.0.0.1", local_powers=("FRANCE",), name="Ann's game",
                                    cd_unclaimed=True, options={"victory_centers": 20}))
    assert isinstance(page, NetworkGamePage) and page.host_panel is not None
    assert page.session.host is not None and page.session.host.host.game.variant.victory_centers == 20
    qtbot.waitUntil(lambda: page.table.started, timeout=WAIT)
    page.view.fit_to_window()
    assert not page.behind_curtain()  # one power at this machine: nobody to hide from
    assert page.stack.currentWidget() is page.splitter and "France" in window.windowTitle()
    host = page.session.host
    assert host is not None
    port = host.host.port
    assert f":{port}" in page.host_panel.join_at.text()

    seen: dict[str, Any] = {}
    england_seated = threading.Event()

    def england() -> None:  # a remote player on another machine
        client = remote(port, "ENGLAND")
        england_seated.set()
        client.submit_orders(["F LON - ENG", "F EDI - NTH", "A LVP - YOR"], ready=True)
        seen["results"] = client.next_event("results", 10)
        client.close()

    player = threading.Thread(target=england, daemon=True)
    player.start()
    assert england_seated.wait(STEP)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    submit(qtbot, page)
    qtbot.waitUntil(lambda: page.table.stage is TableStage.RESULTS, timeout=WAIT)
    player.join(STEP)
    assert ("FRANCE", "PAR", "BUR") in arrows(page) and ("ENGLAND", "LON", "ENG") in arrows(page)
    assert "Results of Spring 1901 Movement" in page.banner_text.text()
    assert ("FRANCE", "A PAR - BUR", "succeeds") in {(r["power"], r["order"], r["result"]) for r in seen["results"]["results"]}

    # The host's controls: pause, extend, process now; the clients hear of each through the clock.
    page.tabs.setCurrentWidget(page.host_panel)
    qtbot.mouseClick(page.host_panel.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "paused" in page.seat_bar.clock.text(), timeout=WAIT)
    assert page.host_panel.pause_button.text() == "Resume the clock"
    page.host_panel.extend_minutes.setValue(2)
    qtbot.mouseClick(page.host_panel.extend_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "2:00 left" in page.seat_bar.clock.text(), timeout=WAIT)
    qtbot.mouseClick(page.host_panel.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Deadline in" in page.seat_bar.clock.text(), timeout=WAIT)
    qtbot.mouseClick(page.host_panel.process_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(page.game.history) == 2, timeout=WAIT)
    assert str(page.game.history[1].state.phase) == "F1901M"
    assert f"{page.game.state.phase.long_name}:" in page.host_panel.status.text()
    window.lan.join_dialog()  # joining elsewhere would stop this host for everyone: refused, with the reason
    assert "this window hosts the open game" in window.statusBar().currentMessage() and window.page is page
    phase = page.game.phase
    window.close_game()
    assert page.session.closed and not host._thread.is_alive()

    # Hosting the autosave again: this machine's seat comes back with the token saved for it.
    autosave = next((Path(window.store.data_dir) / "lan-host").glob("standard-*.json"))
    again = window.lan.host(HostSpec(game_file=autosave, port=0, bind="127.0.0.1", local_powers=("FRANCE", "ENGLAND")))
    assert again is None and "ENGLAND already has a player" in window.statusBar().currentMessage()
    again = window.lan.host(HostSpec(game_file=autosave, port=0, bind="127.0.0.1", local_powers=("FRANCE",)))
    assert isinstance(again, NetworkGamePage)
    qtbot.waitUntil(lambda: again.table.started, timeout=WAIT)
    assert again.game.phase == phase and len(again.game.history) == 2
    assert again.table.active is not None and again.table.active.power == "FRANCE"
    window.close_game()


def test_two_seats_on_the_host_take_turns_behind_the_curtain(qtbot: QtBot, window: MainWindow) -> None:
    page = window.lan.host(HostSpec(port=0, bind="127.0.0.1", local_powers=("FRANCE", "GERMANY")))
    assert isinstance(page, NetworkGamePage)
    qtbot.waitUntil(lambda: page.table.started, timeout=WAIT)
    page.view.fit_to_window()
    assert page.stack.currentWidget() is page.curtain and "FRANCE" in page.curtain.title.text()
    qtbot.mouseClick(page.curtain.button, Qt.MouseButton.LeftButton)
    assert page.stack.currentWidget() is page.splitter
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    submit(qtbot, page)
    assert page.stack.currentWidget() is page.curtain and "GERMANY" in page.curtain.title.text()
    qtbot.mouseClick(page.curtain.button, Qt.MouseButton.LeftButton)
    blob = "\n".join(widget_texts(window))
    assert "PAR - PIC" not in blob and ("FRANCE", "PAR", "PIC") not in arrows(page)
    assert page.draft is not None and page.draft.powers == ("GERMANY",)
    click(qtbot, page, "PAR")  # a French unit: not Germany's to order
    assert page.entry is not None and page.entry.selected is None
    submit(qtbot, page)
    assert page.table.stage is TableStage.WAITING and page.stack.currentWidget() is page.splitter
    assert "Every power here is ready" in page.seat_bar.status.text()
    window.close_game()


# --- joining ------------------------------------------------------------------------------------------

def test_joining_ordering_by_clicks_and_paste_and_seeing_the_results(qtbot: QtBot, window: MainWindow,
                                                                      lan_host: HostThread) -> None:
    page = join_via_dialog(qtbot, window, lan_host.host.port)
    assert page.table.active is not None and page.table.active.power == "FRANCE"
    saved = TokenStore(window.store.data_dir).seats(f"127.0.0.1:{lan_host.host.port}")
    assert [s.power for s in saved] == ["FRANCE"]  # a restarted client can resume the seat
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    page.order_panel.text_box.setPlainText("F BRE - MAO\nA MAR - SPA\nA MAR - MUN")
    page.order_panel.add_button.click()
    assert page.draft is not None and page.draft.lines("FRANCE") == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]
    assert "A MAR - MUN" in page.order_panel.line_errors.text()
    assert ("FRANCE", "BRE", "MAO") in arrows(page)
    qtbot.mouseClick(page.seat_bar.send_button, Qt.MouseButton.LeftButton)  # saved on the host, not ready
    assert lan_host.run(lambda: lan_host.host.game.pending_orders("FRANCE")) == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]
    assert "Not ready" in page.seat_bar.status.text() and page.table.stage is TableStage.ENTRY
    qtbot.mouseClick(page.seat_bar.ready_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.table.stage is TableStage.RESULTS, timeout=WAIT)
    assert {("FRANCE", "PAR", "BUR"), ("FRANCE", "BRE", "MAO"), ("FRANCE", "MAR", "SPA")} <= arrows(page)
    assert ("FRANCE", "A", "BUR", False) in page.scene.units and ("FRANCE", "A", "PAR", False) not in page.scene.units
    assert page.history_panel.phase_list.item(0).text() == "Spring 1901 Movement — results"
    listed = assert_results_shown(page, "Spring 1901 Movement")
    assert "France — 3 orders, all succeed" in listed and "A MAR - SPA" in listed
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    assert page.table.stage is TableStage.ENTRY and "Fall 1901" in window.windowTitle()
    assert not page.order_panel.showing_results and page.order_panel.text_box.isVisible()
    assert page.entry is not None and page.draft is not None and page.draft.lines("FRANCE") == []
    assert not arrows(page)
    click(qtbot, page, "BUR")
    click(qtbot, page, "MUN")
    qtbot.mouseClick(page.seat_bar.send_button, Qt.MouseButton.LeftButton)

    # The client restarts: its saved token resumes the seat, with the orders the host keeps for it.
    window.close_game()
    page = join_via_dialog(qtbot, window, lan_host.host.port, "resume", "FRANCE")
    assert page.table.active is not None and page.table.active.power == "FRANCE"
    assert page.draft is not None and page.draft.lines("FRANCE") == ["A BUR - MUN"]
    assert len(page.game.history) == 1 and page.game.phase == "F1901M"
    window.close_game()


def test_press_round_trip_with_unread_marks(qtbot: QtBot, window: MainWindow, lan_host: HostThread) -> None:
    page = join_via_dialog(qtbot, window, lan_host.host.port)
    england = remote(lan_host.host.port, "ENGLAND")
    try:
        panel = page.press_panel
        page.tabs.setCurrentWidget(panel)
        panel.select(("ENGLAND",))
        panel.compose.setPlainText("Shall we leave the Channel empty?")
        qtbot.mouseClick(panel.send_button, Qt.MouseButton.LeftButton)
        received = england.next_event("press", STEP)
        assert received["from"] == "FRANCE" and received["to"] == ["ENGLAND"]
        assert received["text"] == "Shall we leave the Channel empty?" and panel.compose.toPlainText() == ""
        page.tabs.setCurrentWidget(page.order_panel)
        england.send_press(["FRANCE"], "Agreed, for now.")
        tab = page.tabs.indexOf(panel)
        qtbot.waitUntil(lambda: page.tabs.tabText(tab) == "Press (1)", timeout=WAIT)
        rows = [panel.conversation_list.item(i) for i in range(panel.conversation_list.count())]
        marked = [r for r in rows if "(1 new)" in r.text()]
        assert len(marked) == 1 and marked[0].text().startswith("England") and marked[0].font().bold()
        page.tabs.setCurrentWidget(panel)  # England's conversation is still the one selected
        qtbot.waitUntil(lambda: page.tabs.tabText(tab) == "Press", timeout=WAIT)
        shown = panel.messages.toPlainText()
        assert "Shall we leave the Channel empty?" in shown and "Agreed, for now." in shown
    finally:
        england.close()


def test_the_client_reconnects_with_its_token_after_the_host_restarts(qtbot: QtBot, window: MainWindow,
                                                                       lan_host: HostThread, tmp_path: Path) -> None:
    port = lan_host.host.port
    page = join_via_dialog(qtbot, window, port)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    qtbot.mouseClick(page.seat_bar.send_button, Qt.MouseButton.LeftButton)
    seat = page.table.active
    assert seat is not None and seat.host_orders() == ["A PAR - BUR"]
    lan_host.stop()
    conn = page.session.connections[0]
    qtbot.waitUntil(lambda: page.link_banner.isVisible(), timeout=WAIT)
    assert conn.state is LinkState.RECONNECTING and "Reconnecting" in page.link_text.text()
    assert not page.seat_bar.send_button.isEnabled()
    # The host comes back from its autosave with France's sealed order, and the phase is played meanwhile.
    again = Host.from_save(tmp_path / "lan-host.json", HostSettings(name="Test table"))
    assert again.game.pending_orders("FRANCE") == ["A PAR - BUR"]
    again.process_now()
    restarted = HostThread(again)
    restarted.start("127.0.0.1", port)
    try:
        qtbot.waitUntil(lambda: conn.state is LinkState.CONNECTED and seat.connected, timeout=3 * WAIT)
        qtbot.waitUntil(lambda: page.table.stage is TableStage.RESULTS, timeout=WAIT)
        assert not page.link_banner.isVisible() and seat.power == "FRANCE"
        assert len(page.game.history) == 1 and page.game.phase == "F1901M"
        assert ("FRANCE", "PAR", "BUR") in arrows(page) and "Results of Spring 1901" in page.banner_text.text()
        qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
        click(qtbot, page, "BUR")
        click(qtbot, page, "MUN")
        qtbot.mouseClick(page.seat_bar.ready_button, Qt.MouseButton.LeftButton)
        assert restarted.run(lambda: restarted.host.game.pending_orders("FRANCE")) == ["A BUR - MUN"]
        assert restarted.run(lambda: "FRANCE" in restarted.host.game.ready)
    finally:
        window.close_game()
        restarted.stop()


def test_refusals_are_shown_in_words(qtbot: QtBot, window: MainWindow, lan_host: HostThread) -> None:
    port = lan_host.host.port
    dialog = JoinDialog(window, TokenStore(window.store.data_dir))
    qtbot.addWidget(dialog)
    dialog.address_edit.setText("127.0.0.1:notaport")
    assert not dialog.connect_to_host() and "is not a number" in dialog.error.text()
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    dialog.address_edit.setText(f"127.0.0.1:{closed_port}")
    assert not dialog.connect_to_host() and "nothing is listening there" in dialog.error.text()
    dialog.address_edit.setText(f"127.0.0.1:{port}")
    assert dialog.connect_to_host()
    taker = remote(port, "FRANCE")  # someone else is quicker
    try:
        assert dialog.select_choice("claim", "FRANCE")
        dialog.join_selected()
        assert dialog.session is None and "someone took that seat" in dialog.error.text()
        assert any(text.startswith("France — taken") for text in
                   (dialog.seat_list.item(i).text() for i in range(dialog.seat_list.count())))
        assert not dialog.select_choice("claim", "FRANCE")
    finally:
        taker.close()
    dialog.reject()

    locked = HostThread(Host(Game.new("standard"), HostSettings(password="sesame")))
    locked.start("127.0.0.1", 0)
    try:
        dialog = JoinDialog(window, None)
        qtbot.addWidget(dialog)
        dialog.address_edit.setText(f"127.0.0.1:{locked.host.port}")
        assert not dialog.connect_to_host() and "this host needs a password" in dialog.error.text()
        dialog.password_edit.setText("open sesame")
        assert not dialog.connect_to_host() and "the password is wrong" in dialog.error.text()
        dialog.password_edit.setText("sesame")
        assert dialog.connect_to_host()
        dialog.reject()
    finally:
        locked.stop()

    # An observer may watch and read, but has nothing to order or send.
    page = join_via_dialog(qtbot, window, port, "observe", None)
    assert page.entry is None and "Observing" in page.order_panel.header.text()
    assert not page.press_panel.send_button.isEnabled() and not page.seat_bar.ready_button.isVisible()
    window.close_game()


def test_another_seats_orders_never_reach_a_joined_client_before_adjudication(
        qtbot: QtBot, window: MainWindow, lan_host: HostThread, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    page = join_via_dialog(qtbot, window, lan_host.host.port)
    frames: list[dict[str, Any]] = []
    page.session.connections[0].frame_received.connect(frames.append)
    england = remote(lan_host.host.port, "ENGLAND")
    germany = remote(lan_host.host.port, "GERMANY")
    try:
        england.submit_orders(list(SECRETS[:3]), ready=True)
        germany.submit_orders([SECRETS[3]], ready=False)
        england.send_press(["FRANCE"], "nothing to see here")  # arrives after anything England's orders caused
        qtbot.waitUntil(lambda: any(f.get("type") == "press" for f in frames), timeout=WAIT)
        click(qtbot, page, "PAR")
        click(qtbot, page, "BUR")

        def assert_sealed(where: str) -> None:
            blob = "\n".join(t for t in widget_texts(window) if t)
            raw = json.dumps(frames)
            seat = page.table.active
            assert seat is not None
            mirror = json.dumps([seat.game.pending, sorted(seat.game.ready), seat.you, [r.orders for r in seat.game.history]])
            for secret in SECRETS:
                assert not mentions(blob, secret), f"{secret!r} shown in a widget {where}"
                assert not mentions(caplog.text, secret), f"{secret!r} in the log {where}"
                assert not mentions(raw, secret), f"{secret!r} in a frame the client received {where}"
                assert not mentions(mirror, secret), f"{secret!r} in the client's game {where}"
            assert not [a for a in page.scene.arrows if a.power != "FRANCE"], where

        assert_sealed("on the Orders tab")
        for tab in range(page.tabs.count()):
            page.tabs.setCurrentIndex(tab)
            assert_sealed(f"on tab {page.tabs.tabText(tab)}")
        england_row = [r for r in page.table.active.seats if r["power"] == "ENGLAND"]  # type: ignore[union-attr]
        assert england_row[0]["ready"] is True  # ready flags are public by design; orders are not

        qtbot.mouseClick(page.seat_bar.ready_button, Qt.MouseButton.LeftButton)
        assert_sealed("after France is ready (Germany isn't)")
        lan_host.process_now()
        qtbot.waitUntil(lambda: page.table.stage is TableStage.RESULTS, timeout=WAIT)
        page.tabs.setCurrentWidget(page.history_panel)
        blob = "\n".join(widget_texts(window))
        assert mentions(blob, "F LON - ENG") and ("ENGLAND", "LON", "ENG") in arrows(page)  # the scan sees them now
    finally:
        england.close()
        germany.close()
        window.close_game()


def test_the_join_dialog_says_when_lan_discovery_is_unavailable(qtbot: QtBot, window: MainWindow,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import app.net.dialogs as dialogs

    monkeypatch.setattr(dialogs, "discovery_installed", lambda: False)
    dialog = JoinDialog(window, None)
    qtbot.addWidget(dialog)
    assert "zeroconf" in dialog.discovery_note.text() and not dialog.search_button.isEnabled()
    labels = [w.text() for w in dialog.findChildren(QLabel)]
    assert any("Type the host's address" in t for t in labels)
    # What a search shows, whichever way it ends.
    from engine.net.discovery import HostAdvert

    dialog._on_found([HostAdvert("Ann's game", "192.168.1.20", 8737, "standard", 1, True)], "")
    assert dialog.found_list.count() == 1 and "Ann's game" in dialog.found_list.item(0).text()
    dialog._use_found(dialog.found_list.item(0))
    assert dialog.address_edit.text() == "192.168.1.20:8737"
    dialog._on_found([], "can't listen on the LAN: multicast blocked")
    assert dialog.found_list.count() == 0 and "multicast blocked" in dialog.discovery_note.text()


def test_the_host_dialog_turns_its_fields_into_a_host_spec(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    from app.net.dialogs import HostDialog, split_address
    from engine.types import ChancelleryError

    dialog = HostDialog(window, "standard", tmp_path)
    qtbot.addWidget(dialog)
    dialog.port_spin.setValue(9000)
    dialog.password_edit.setText("sesame")
    dialog.deadline_spins["movement"].setValue(15)
    dialog.deadline_spins["retreats"].setValue(2)
    dialog.power_checks["FRANCE"].setChecked(True)
    dialog.power_checks["ITALY"].setChecked(True)
    dialog.ready_public_box.setChecked(False)
    spec = dialog.spec()
    assert (spec.variant, spec.port, spec.password, spec.local_powers) == ("standard", 9000, "sesame", ("FRANCE", "ITALY"))
    assert (spec.deadlines.movement, spec.deadlines.retreats, spec.deadlines.adjustments) == (900.0, 120.0, None)
    assert not spec.ready_public and spec.game_file is None
    assert spec.options == {"victory_centers": 18}  # the new game's options, built from the variant's specs
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("engineered"))
    dialog.options_box.widgets["level"][1].setCurrentIndex(0)  # type: ignore[attr-defined]
    dialog.options_box.widgets["madman_after_missed"][1].setValue(3)  # type: ignore[attr-defined]
    options = dialog.spec().options
    assert options["level"] == "simple" and options["madman_after_missed"] == 3 and options["decoys"] is True
    never = dialog.options_box.widgets["madman_after_missed"][1]
    never.setValue(never.minimum())  # type: ignore[attr-defined]
    assert "madman_after_missed" not in dialog.spec().options  # "never": left out
    dialog.file_radio.setChecked(True)
    dialog.file_edit.setText(str(tmp_path / "missing.json"))
    with pytest.raises(ChancelleryError, match="missing.json"):
        dialog.spec()
    assert split_address("10.0.0.2", 8737) == ("10.0.0.2", 8737)
    assert split_address(" host.lan:9000 ", 8737) == ("host.lan", 9000)
    assert split_address("[::1]:9001", 8737) == ("::1", 9001)
    with pytest.raises(ChancelleryError, match="from 1 to 65535"):
        split_address("host:70000", 8737)


def test_the_draw_vote_is_disabled_and_explained_where_the_rules_allow_no_draw(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    thread = HostThread(Host(Game.new("engineered", options={"level": "advanced"}),
                             HostSettings(name="No draws", cd_unclaimed=True), tmp_path / "lan-host.json"))
    thread.start("127.0.0.1", 0)
    try:
        page = join_via_dialog(qtbot, window, thread.host.port)
        box = page.table_panel.draw_box
        assert not box.isHidden() and not box.isEnabled()
        assert "no draws at the advanced level" in box.toolTip() and box.text() == "No draws in this game"
        window.close_game()
    finally:
        thread.stop()
    standard = HostThread(Host(Game.new("standard"), HostSettings(name="Draws", cd_unclaimed=True),
                               tmp_path / "lan-host2.json"))
    standard.start("127.0.0.1", 0)
    try:
        page = join_via_dialog(qtbot, window, standard.host.port)
        assert page.table_panel.draw_box.isEnabled() and page.table_panel.draw_box.toolTip() == ""
        window.close_game()
    finally:
        standard.stop()
