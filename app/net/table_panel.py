"""The table of a LAN game: the seat bar above the panels (who plays here, ready, the clock, what the host
refused) and the Table tab (every seat as the host reports it, draw vote, powers played at this machine)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.controllers.network_seat import NetworkSeat, NetworkTable, TableStage, clock_text
from app.widgets.order_panel import swatch_icon


DRAW_VOTE_LABEL = "Vote for a draw (secret until every survivor agrees)"
CLOCK_WHILE_AWAY = "Deadline unknown (offline)"


def seat_clock_text(seat: NetworkSeat) -> str:
    """The seat's clock in words; while the link is down the host's clock can't be read (it may have stopped,
    been paused or extended), so an old reading isn't counted down as if it were still true."""
    if seat.connected or (seat.clock.deadline_in is None and not seat.clock.paused):
        return clock_text(seat.clock)
    return CLOCK_WHILE_AWAY


class SeatBar(QFrame):
    """Always visible above the panels: the seat's ready flag and buttons, the clock, the latest notice."""

    ready_clicked = Signal(bool)  # the ready flag wanted
    send_clicked = Signal()  # send the draft without marking ready

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatBar")
        self.setStyleSheet("QFrame#seatBar { background: #f2ecdf; border-bottom: 1px solid #cbbd9c; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        top = QHBoxLayout()
        self.who = QLabel()
        self.who.setObjectName("seatWho")
        bold = QFont()
        bold.setBold(True)
        self.who.setFont(bold)
        self.clock = QLabel()
        self.clock.setObjectName("seatClock")
        top.addWidget(self.who, 1)
        top.addWidget(self.clock)
        layout.addLayout(top)
        self.status = QLabel()
        self.status.setObjectName("seatStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        self.ready_button = QPushButton("Mark ready")
        self.ready_button.setObjectName("readyButton")
        self.ready_button.clicked.connect(self._on_ready)
        self.send_button = QPushButton("Send orders, not ready")
        self.send_button.setObjectName("sendButton")
        self.send_button.setToolTip("Give the host these orders without marking ready: used at the deadline")
        self.send_button.clicked.connect(self.send_clicked)
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.ready_button)
        layout.addLayout(buttons)
        self.notice = QLabel()
        self.notice.setObjectName("seatNotice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #b00020;")
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.notice)
        self._ready = False

    def _on_ready(self) -> None:
        self.ready_clicked.emit(not self._ready)

    def show_seat(self, table: NetworkTable, seat: NetworkSeat | None, power_name: Callable[[str], str]) -> None:
        if seat is None:  # the curtain is up, or every seat here is done
            self.who.setText("This machine's powers" if table.hot_seat else "")
            if table.stage is TableStage.CURTAIN and table.power:
                self.status.setText(f"Waiting for {power_name(table.power)} to take the seat.")
            elif table.stage is TableStage.WAITING:
                others = [power_name(p) for p in table.shown_seat().waiting_for()]
                self.status.setText("Every power here is ready. " +
                                    (f"Waiting for {', '.join(others)}." if others else "Waiting for the host."))
            elif table.stage is TableStage.RESULTS:
                self.status.setText("Results are in.")
            else:
                self.status.setText(", ".join(power_name(s.power) for s in table.local_waiting() if s.power))
            self.ready_button.hide()
            self.send_button.hide()
            self.notice.setText("")
            self.notice.hide()
            return
        if seat.power is None:
            self.who.setText("Observing")
            self.status.setText("You watch the game: no orders, and public press only.")
            self.ready_button.hide()
            self.send_button.hide()
        else:
            self.who.setText(power_name(seat.power))
            self._ready = seat.is_ready
            active = seat.must_order and table.stage is TableStage.ENTRY and seat.connected
            n = len(seat.host_orders())
            if seat.game.is_over:
                text = "The game is over."
            elif table.stage is TableStage.RESULTS:
                text = f"Results are on the board. Continue to order for {seat.game.state.phase.long_name}."
            elif not seat.must_order:
                text = "Nothing to order this phase."
            else:
                text = (f"The host has {n} order{'s' if n != 1 else ''} from you. "
                        + ("Ready ✓" if seat.is_ready else "Not ready."))
                if seat.draft_differs():
                    text += " Your draft has changes the host hasn't got yet."
                others = [power_name(p) for p in seat.waiting_for() if p != seat.power]
                if others and seat.is_ready:
                    text += f" Waiting for {', '.join(others)}."
            self.status.setText(text)
            self.ready_button.setVisible(seat.must_order and table.stage is TableStage.ENTRY)
            self.send_button.setVisible(seat.must_order and table.stage is TableStage.ENTRY)
            self.ready_button.setEnabled(active)
            self.send_button.setEnabled(active)
            self.ready_button.setText("Not ready (revise)" if seat.is_ready else "Mark ready")
        self.notice.setText(seat.notice)
        self.notice.setVisible(bool(seat.notice))

    def show_clock(self, seat: NetworkSeat) -> None:
        self.clock.setText(seat_clock_text(seat))


class TablePanel(QWidget):
    """Every seat as the host reports it; the draw vote; which power takes this machine next."""

    draw_vote_changed = Signal(bool)
    take_seat_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tablePanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.clock = QLabel()
        self.clock.setObjectName("tableClock")
        big = QFont()
        big.setPointSize(14)
        big.setBold(True)
        self.clock.setFont(big)
        self.clock.setWordWrap(True)  # a long clock line wraps rather than widening the side panel
        layout.addWidget(self.clock)
        self.seats = QTableWidget(0, 3)
        self.seats.setObjectName("seatTable")
        self.seats.setHorizontalHeaderLabels(["Power", "Seat", "Ready"])
        self.seats.verticalHeader().hide()
        self.seats.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.seats.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.seats.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.seats, 1)
        self.summary = QLabel()
        self.summary.setObjectName("tableSummary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.local_row = QWidget()
        local = QHBoxLayout(self.local_row)
        local.setContentsMargins(0, 0, 0, 0)
        local.addWidget(QLabel("Played here:"))
        self.local_combo = QComboBox()
        self.take_button = QPushButton("Take the seat")
        self.take_button.setObjectName("takeSeatButton")
        self.take_button.clicked.connect(self._on_take)
        local.addWidget(self.local_combo, 1)
        local.addWidget(self.take_button)
        layout.addWidget(self.local_row)
        self.draw_box = QCheckBox(DRAW_VOTE_LABEL)
        self.draw_box.setObjectName("drawVote")
        self.draw_box.clicked.connect(self.draw_vote_changed)
        layout.addWidget(self.draw_box)

    def _on_take(self) -> None:
        power = self.local_combo.currentData()
        if power:
            self.take_seat_requested.emit(str(power))

    def show_table(self, table: NetworkTable, seat: NetworkSeat | None, colours: dict[str, str],
                   power_name: Callable[[str], str]) -> None:
        shown = table.shown_seat()
        here = {s.power for s in table.seats if s.power}
        powers: Sequence[str] = shown.game.variant.powers
        self.seats.setRowCount(len(powers))
        for row, power in enumerate(powers):
            info = shown.seat_row(power)
            name = QTableWidgetItem(swatch_icon(colours.get(power, "#888888")), power_name(power))
            if seat is not None and power == seat.power:
                who = "you"
            elif power in here:
                who = "this machine"
            elif not info.get("claimed"):
                who = "free"
            else:
                who = "connected" if info.get("connected") else "away"
            if info.get("bot") and who != "you":
                who = f"bot ({info['bot']})" if who == "free" else f"away, bot ({info['bot']}) plays"
            seat_item = QTableWidgetItem(who)
            if who == "away":
                seat_item.setForeground(QColor("#b00020"))
            if power not in shown.to_order:
                ready = "—"
            elif "ready" not in info:
                ready = "?"
            else:
                ready = "✓" if info["ready"] else "…"
            ready_item = QTableWidgetItem(ready)
            ready_item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            for col, item in enumerate((name, seat_item, ready_item)):
                self.seats.setItem(row, col, item)
        if not shown.ready_public:
            summary = "This host keeps ready flags private."
        else:
            waiting = [power_name(p) for p in shown.waiting_for()]
            summary = f"Waiting for {', '.join(waiting)}." if waiting else "Nobody to wait for."
        if shown.game.is_over:
            summary = "The game is over."
        self.summary.setText(summary)
        locals_ = [s for s in table.seats if s.power is not None]
        self.local_row.setVisible(table.hot_seat)
        if table.hot_seat:
            current = self.local_combo.currentData()
            self.local_combo.blockSignals(True)
            self.local_combo.clear()
            for s in locals_:
                state = "ready" if s.is_ready else ("to order" if s.must_order else "nothing to order")
                self.local_combo.addItem(f"{power_name(s.power or '')} ({state})", s.power)
            index = self.local_combo.findData(current)
            self.local_combo.setCurrentIndex(max(0, index))
            self.local_combo.blockSignals(False)
        self.draw_box.setVisible(seat is not None and seat.power is not None)
        if seat is not None:
            self.draw_box.setChecked(seat.draw_vote)
            # The engine's rules say whether a draw may be voted at all (none at Engineered's advanced level).
            refusal = seat.game.variant.draw_refusal(seat.game.state)
            self.draw_box.setEnabled(seat.connected and not seat.game.is_over and refusal is None)
            self.draw_box.setToolTip(refusal or "")
            self.draw_box.setText("No draws in this game" if refusal else DRAW_VOTE_LABEL)

    def show_clock(self, seat: NetworkSeat) -> None:
        self.clock.setText(seat_clock_text(seat))
