"""The page of a LAN game: the hot-seat page's map, order entry, results and history, driven by a
:class:`~app.controllers.network_seat.NetworkTable` instead of a local game, plus the seat bar, the Table
and Press tabs, a banner while the connection is down and, on the hosting machine, the Host tab.

What is drawn comes from the shown seat's mirror game, built only from frames the host sent that seat, so
another seat's orders can't appear here before the results do.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.controllers.describe import window_title
from app.controllers.drafts import OrderDraft
from app.controllers.network_seat import NetworkSeat, NetworkTable, TableStage
from app.controllers.order_entry import OrderEntry
from app.controllers.review import known_orders, review
from app.scene.pictures import Display
from app.widgets.game_page import GamePage
from app.widgets.history_panel import NOW
from engine.game import Game
from engine.types import ChancelleryError, PhaseType

from .connection import LinkState
from .host_panel import HostPanel
from .press_panel import PressPanel
from .session import NetworkSession
from .table_panel import SeatBar, TablePanel

log = logging.getLogger("chancellery.app.net.page")

CLOCK_TICK_MS = 1000
HOST_POLL_TICKS = 3  # the host tab re-reads the host's status every few clock ticks


class NetworkGamePage(GamePage):
    def __init__(self, session: NetworkSession, display: Display, parent: QWidget | None = None) -> None:
        self.session = session
        self.table: NetworkTable = session.table
        self._net_key: tuple[object, ...] = ()
        self._ticks = 0
        super().__init__(self.table.shown_seat().game, display, None, parent)
        self.setObjectName("networkGamePage")
        self.history_panel.allow_rollback(False)

        # The banner for a lost connection goes above everything (the curtain too).
        self.link_banner = QFrame()
        self.link_banner.setObjectName("connectionBanner")
        self.link_banner.setStyleSheet("QFrame#connectionBanner { background: #b00020; } QLabel { color: white; }")
        banner_layout = QHBoxLayout(self.link_banner)
        banner_layout.setContentsMargins(10, 6, 10, 6)
        self.link_text = QLabel()
        self.link_text.setWordWrap(True)
        self.link_button = QPushButton("Reconnect now")
        self.link_button.setObjectName("reconnectButton")
        self.link_button.clicked.connect(self._reconnect_now)
        banner_layout.addWidget(self.link_text, 1)
        banner_layout.addWidget(self.link_button)
        self.link_banner.hide()
        outer = self.layout()
        assert isinstance(outer, QVBoxLayout)
        outer.insertWidget(0, self.link_banner)

        # The seat bar sits above the tabs, so ready and the clock are always in sight.
        self.seat_bar = SeatBar()
        self.seat_bar.ready_clicked.connect(self._on_ready_clicked)
        self.seat_bar.send_clicked.connect(lambda: self._submit(ready=False))
        column = QWidget()
        column_layout = QVBoxLayout(column)
        column_layout.setContentsMargins(0, 0, 0, 0)
        column_layout.setSpacing(0)
        column_layout.addWidget(self.seat_bar)
        column_layout.addWidget(self.tabs, 1)  # moves the tabs out of the splitter, into the column
        self.splitter.insertWidget(1, column)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([1000, 380])

        self.table_panel = TablePanel()
        self.table_panel.draw_vote_changed.connect(self._on_draw_vote)
        self.table_panel.take_seat_requested.connect(self._on_take_seat)
        self.press_panel = PressPanel(self._power_name)
        self.press_panel.send_requested.connect(self._on_send_press)
        self.press_panel.conversation_read.connect(self._on_conversation_read)
        self.tabs.insertTab(1, self.table_panel, "Table")
        self.tabs.insertTab(2, self.press_panel, "Press")
        self.host_panel: HostPanel | None = None
        if session.host is not None:
            self.host_panel = HostPanel(session.host, self._power_name, session.notes)
            self.host_panel.message.connect(self.status.emit)
            self.tabs.addTab(self.host_panel, "Host")
        self.tabs.currentChanged.connect(lambda _i: self._refresh_network(force=True))

        for conn in session.connections:
            conn.state_changed.connect(lambda: self._refresh_network(force=True))
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.timer.start(CLOCK_TICK_MS)
        self._refresh_network(force=True)

    def _create_controllers(self, autosave: Callable[[Game], None] | None) -> None:
        self.table.subscribe(self._on_controller_changed)

    # --- what the hot-seat page asks ----------------------------------------------------------------

    @property
    def active_seat(self) -> NetworkSeat | None:
        table = self.table
        return table.active if table.stage in (TableStage.ENTRY, TableStage.RESULTS) else None

    @property
    def entry(self) -> OrderEntry | None:
        if self.review_index is not None or self.game.is_over or self.table.stage is not TableStage.ENTRY:
            return None
        seat = self.table.active
        return seat.entry if seat is not None else None

    @property
    def draft(self) -> OrderDraft | None:
        seat = self.table.active
        if self.table.stage is not TableStage.ENTRY or seat is None:
            return None
        return seat.draft

    def viewer(self) -> str | None:
        """A single seat always looks as its power (its fog of war, its secrets); a hot-seat table as the
        power at its orders, else as everyone may."""
        seat = self.table.seats[0]
        if not self.table.hot_seat and len(self.table.seats) == 1 and seat.power is not None:
            return seat.power
        return super().viewer()

    def entry_powers(self) -> list[str]:
        seat = self.table.active
        if self.table.stage is TableStage.ENTRY and seat is not None and seat.power and seat.draft is not None:
            return [seat.power]
        return []

    def behind_curtain(self) -> bool:
        return self.table.stage is TableStage.CURTAIN

    def results_index(self) -> int | None:
        if self.review_index is not None and self.review_index >= len(self.game.history):
            self.review_index = None
        if self.review_index is not None:
            return self.review_index
        if not self.game.history:
            return None
        if self.table.stage is TableStage.RESULTS or self.game.is_over:
            return len(self.game.history) - 1
        return None

    def _state_key(self) -> tuple[object, ...]:
        draft = self.draft
        return (draft.serial if draft is not None else None, draft.version if draft is not None else None,
                self.table.data_key(), self.table.stage, self.table.power, self.review_index, self.display,
                self.game.state, len(self.game.history), id(self.game))

    def refresh(self) -> None:
        if self._building:
            return
        self.game = self.table.shown_seat().game  # hot-seat: each seat's own mirror of the game
        super().refresh()
        self._refresh_network()

    def title(self) -> str:
        seat = self.active_seat
        power = self._power_name(seat.power) if seat is not None and seat.power else None
        return window_title(self.game.variant.name, self.game.state.phase.long_name, power) + " (LAN)"

    def _show_curtain(self) -> None:
        table = self.table
        power = table.power or ""
        self._close_question()
        self.flyout.hide()
        self.hover_card.hide()
        self.order_panel.reset()
        self.banner.hide()
        self.scene.show_picture(self._state_picture(self.game.state))
        self.curtain.show_power(self._power_name(power), self.colours.get(power, "#888888"),
                                self.game.state.phase.long_name,
                                [self._power_name(s.power) for s in table.local_done() if s.power],
                                [self._power_name(s.power) for s in table.local_waiting() if s.power])
        self.stack.setCurrentWidget(self.curtain)
        self.status.emit(f"Waiting for {self._power_name(power)}")
        self.title_changed.emit(self.title())

    def _idle_status(self) -> str:
        if self.game.is_over:
            return self._game_over_text()
        if self.table.stage is TableStage.WAITING:
            return "Every power at this machine is ready"
        seat = self.table.active
        if seat is not None and seat.power is None:
            return "Observing"
        return ""

    def _refresh_panel(self, powers: list[str], draft: OrderDraft | None) -> None:
        panel = self.order_panel
        phase = self.game.state.phase.long_name
        seat = self.table.active
        editable = not (draft is None or not powers or seat is None or seat.power is None)
        for widget in (panel.text_box, panel.add_button, panel.remove_button, panel.clear_button):
            widget.setEnabled(editable)
        if not editable:
            panel.reset()
            panel.set_focus_powers([], None)
            panel.set_undo_state(False, "", False, "")
            panel.set_adjustment_buttons(waive=False, hold_rest=False)
            if self.table.stage is TableStage.RESULTS:
                panel.set_header(f"Results — {phase} next")
                panel.set_guidance("Everyone may look now. Click Continue above when ready.")
            elif self.table.stage is TableStage.WAITING:
                panel.set_header(phase)
                panel.set_guidance("Every power at this machine is ready. Waiting for the others; "
                                   "to revise, take the seat again in the Table tab.")
            elif seat is not None and seat.power is None:
                panel.set_header(f"Observing — {phase}")
                panel.set_guidance("Observers see the board, the results and public press.")
            elif seat is not None:
                panel.set_header(f"{self._power_name(seat.power or '')} — {phase}")
                panel.set_guidance("Nothing to order this phase." if not self.game.is_over else self._game_over_text())
            panel.set_submit("Send orders and mark ready", False)
            return
        assert draft is not None and seat is not None and seat.power is not None
        power = seat.power
        panel.set_header(f"{self._power_name(power)} — {phase}")
        panel.set_focus_powers([], None)
        rows = [(power, key, str(order), self.colours.get(power, "#888888")) for key, order in draft.items(power)]
        result = review(self.game, power, draft.orders(power), known_orders(draft.orders(power)), [power])
        panel.set_orders(rows)
        panel.set_guidance(result.guidance)
        panel.set_warnings(list(result.warnings))
        panel.set_undo_state(draft.can_undo, draft.undo_text, draft.can_redo, draft.redo_text)
        ptype = self.game.state.phase.type
        panel.set_adjustment_buttons(waive=ptype is PhaseType.ADJUSTMENTS, hold_rest=ptype is PhaseType.MOVEMENT)
        if seat.line_errors:
            panel.line_errors.setText("\n".join(f"✗ {text}: {why}" for text, why in seat.line_errors))
            panel.line_errors.show()
        label = "Send orders and mark ready"
        if seat.is_ready and not seat.draft_differs():
            label = "Orders sent — ready ✓ (send again)"
        panel.set_submit(label, seat.connected and not self.game.is_over)

    def report_readers(self) -> list[tuple[str, str | None]]:
        """A LAN page reads the reports of the seats at this machine (the host wrote each for its seat)."""
        return [(self._power_name(s.power), s.power) for s in self.table.seats if s.power is not None] \
            or super().report_readers()

    def turn_report(self, index: int, viewer: str | None) -> str:
        """The report the host wrote for ``viewer``'s seat, when the variant has its own; else the engine's,
        from that seat's mirror (built only from what the host sent it)."""
        seat = next((s for s in self.table.seats if s.power == viewer), None)
        if seat is not None and index in seat.reports:
            return seat.reports[index]
        if seat is None and any(s.reports for s in self.table.seats):
            # A shared screen: each seat's report holds what that seat alone may see.
            return "Each Great Power reads its own turn report behind the curtain.\n"
        return super().turn_report(index, viewer)

    def _now_report(self) -> str:
        text = super()._now_report()
        seat = self.table.shown_seat()
        waiting = seat.waiting_for()
        if seat.ready_public and not self.game.is_over:
            text += "\nWaiting for: " + (", ".join(self._power_name(p) for p in waiting) or "nobody") + "\n"
        return text

    # --- events ---------------------------------------------------------------------------------------

    def _on_submit(self) -> None:
        self._submit(ready=True)

    def _submit(self, ready: bool) -> None:
        seat = self.table.active
        if seat is None or self.table.stage is not TableStage.ENTRY:
            return
        self.table.submit(ready)
        if seat.notice:
            self.status.emit(seat.notice)
        else:
            self.status.emit("Orders sent; ready" if ready else "Orders sent (not ready)")
        self.game_changed.emit()

    def _on_ready_clicked(self, ready: bool) -> None:
        seat = self.table.active
        if seat is None:
            return
        if ready and seat.draft_differs():
            self._submit(ready=True)  # "ready" means ready with what is on the screen
            return
        if seat.set_ready(ready):
            self.status.emit("Ready" if ready else "Not ready: revise your orders, then mark ready again")
            if ready and self.table.hot_seat:
                self.table.start()
        else:
            self.status.emit(seat.notice)

    def _on_banner_button(self) -> None:
        if self.review_index is not None:
            self.review_index = None
            self.refresh()
        elif self.table.stage is TableStage.RESULTS:
            self.table.continue_after_results()

    def _on_phase_selected(self, index: int) -> None:
        if self._building:
            return
        new = None if index == NOW else index
        if self.table.stage is TableStage.RESULTS and new == len(self.game.history) - 1:
            new = None
        if new != self.review_index:
            self.review_index = new
            self.refresh()

    def _on_curtain_ready(self) -> None:
        if self.table.stage is TableStage.CURTAIN:
            try:
                self.table.reveal()
            except ChancelleryError as exc:
                self.status.emit(str(exc))

    def _on_take_seat(self, power: str) -> None:
        try:
            self.table.take_seat(power)
        except ChancelleryError as exc:
            self.status.emit(str(exc))

    def _on_draw_vote(self, vote: bool) -> None:
        seat = self.table.active
        if seat is not None and not seat.vote_draw(vote):
            self.status.emit(seat.notice)

    def _on_send_press(self, to: object, text: str) -> None:
        seat = self.table.active
        if seat is None:
            return
        recipients = list(to) if isinstance(to, (tuple, list)) else []
        if seat.send_press(recipients, text):
            self.press_panel.message_sent()
            self.status.emit("Message sent")
        else:
            self.status.emit(seat.notice)
            self._refresh_network(force=True)

    def _on_conversation_read(self, key: object) -> None:
        seat = self.table.active
        if seat is not None and isinstance(key, tuple):
            seat.mark_read(key)

    def _reconnect_now(self) -> None:
        for conn in self.session.connections:
            conn.reconnect_now()

    def _tick(self) -> None:
        seat = self.table.shown_seat()
        self.seat_bar.show_clock(seat)
        self.table_panel.show_clock(seat)
        self._ticks += 1
        host_shown = self.host_panel is not None and self.tabs.currentWidget() is self.host_panel
        if host_shown and self._ticks % HOST_POLL_TICKS == 0:
            assert self.host_panel is not None
            self.host_panel.poll()

    # --- the network widgets --------------------------------------------------------------------------

    def _refresh_network(self, force: bool = False) -> None:
        if self._building or not hasattr(self, "press_panel"):
            return
        links = tuple((c.state, c.attempts, c.reason) for c in self.session.connections)
        key = (self.table.data_key(), self.table.stage, self.table.power, links, self.tabs.currentIndex())
        if key == self._net_key and not force:
            return
        self._net_key = key
        seat = self.active_seat
        self.seat_bar.show_seat(self.table, seat, self._power_name)
        self.table_panel.show_table(self.table, seat, self.colours, self._power_name)
        press_visible = self.tabs.currentWidget() is self.press_panel and self.isVisible()
        self.press_panel.show_seat(seat, press_visible)
        unread = seat.unread_total() if seat is not None else 0
        self.tabs.setTabText(self.tabs.indexOf(self.press_panel), f"Press ({unread})" if unread else "Press")
        self._tick_labels()
        down = [c for c in self.session.connections if c.state in (LinkState.RECONNECTING, LinkState.LOST)]
        if down:
            self.link_text.setText(down[0].status_text())
            self.link_button.setVisible(down[0].can_reconnect)
            self.link_banner.show()
        else:
            self.link_banner.hide()
        if seat is not None and seat.notice:
            self.status.emit(seat.notice)

    def _tick_labels(self) -> None:
        seat = self.table.shown_seat()
        self.seat_bar.show_clock(seat)
        self.table_panel.show_clock(seat)

    def close_windows(self) -> None:
        super().close_windows()
        self.timer.stop()
        if self.host_panel is not None:
            self.host_panel.stop()
        self.session.close()
