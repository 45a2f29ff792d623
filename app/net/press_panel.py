"""Press: the conversations of one seat (public, one per other power, groups), unread marks, and sending.

Shows only what the host sent this seat: public press and the private messages it sent or received.
"""
from __future__ import annotations

import html
import time
from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.controllers.network_seat import PUBLIC, NetworkSeat, PressItem

KEY_ROLE = Qt.ItemDataRole.UserRole
MAX_PRESS_LENGTH = 4000  # the protocol's limit (welcome.limits.max_press_length)


class PressPanel(QWidget):
    send_requested = Signal(object, str)  # (recipients tuple, text); () is public
    conversation_read = Signal(object)  # the conversation key now on screen

    def __init__(self, power_name: Callable[[str], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pressPanel")
        self._name = power_name
        self._seat: NetworkSeat | None = None
        self._powers: list[str] = []
        self._extra_keys: list[tuple[str, ...]] = []  # group conversations started here, not yet used
        self._group_actions: dict[str, QAction] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.conversation_list = QListWidget()
        self.conversation_list.setObjectName("conversationList")
        self.conversation_list.setMaximumHeight(170)
        self.conversation_list.currentRowChanged.connect(self._on_row)
        layout.addWidget(self.conversation_list)
        group_row = QHBoxLayout()
        self.group_button = QToolButton()
        self.group_button.setText("Message several powers…")
        self.group_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.group_menu = QMenu(self.group_button)
        self.group_button.setMenu(self.group_menu)
        group_row.addWidget(self.group_button)
        group_row.addStretch(1)
        layout.addLayout(group_row)
        self.messages = QTextBrowser()
        self.messages.setObjectName("pressMessages")
        self.messages.setOpenLinks(False)
        layout.addWidget(self.messages, 3)
        self.compose = QPlainTextEdit()
        self.compose.setObjectName("pressCompose")
        self.compose.setPlaceholderText("Write a message…")
        self.compose.setMaximumHeight(90)
        layout.addWidget(self.compose)
        send_row = QHBoxLayout()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #5b5043;")
        self.send_button = QPushButton("Send")
        self.send_button.setObjectName("pressSend")
        self.send_button.clicked.connect(self._send)
        send_row.addWidget(self.note, 1)
        send_row.addWidget(self.send_button)
        layout.addLayout(send_row)
        self._shown: tuple[object, ...] = ()
        self._messages_key: tuple[object, ...] = ()

    # --- filling ----------------------------------------------------------------------------------

    def current_key(self) -> tuple[str, ...] | None:
        item = self.conversation_list.currentItem()
        return tuple(item.data(KEY_ROLE)) if item is not None else None

    def conversation_label(self, key: tuple[str, ...]) -> str:
        if key == PUBLIC:
            return "Public (everyone)"
        return ", ".join(self._name(p) for p in key)

    def show_seat(self, seat: NetworkSeat | None, visible: bool) -> None:
        """Show ``seat``'s press (``None``: nothing, e.g. behind the hot-seat curtain)."""
        if seat is not self._seat:
            self._seat = seat
            self._extra_keys = []
            self.compose.clear()
            self._build_group_menu()
        if seat is None:
            self.conversation_list.clear()
            self.messages.clear()
            self._messages_key = ()
            self.note.setText("")
            self.send_button.setEnabled(False)
            self.compose.setEnabled(False)
            self.group_button.setEnabled(False)
            self._shown = ()
            return
        keys = seat.conversations() + [k for k in self._extra_keys if k not in seat.conversations()]
        current = self.current_key()
        if current not in keys:
            current = PUBLIC
        shown = (tuple(keys), tuple(sorted(seat.unread.items())), current, len(seat.press))
        if shown != self._shown:
            self._shown = shown
            self.conversation_list.blockSignals(True)
            self.conversation_list.clear()
            for key in keys:
                unread = seat.unread.get(key, 0)
                label = self.conversation_label(key) + (f"  ({unread} new)" if unread else "")
                item = QListWidgetItem(label)
                item.setData(KEY_ROLE, list(key))
                if unread:
                    font = QFont()
                    font.setBold(True)
                    item.setFont(font)
                self.conversation_list.addItem(item)
                if key == current:
                    self.conversation_list.setCurrentItem(item)
            self.conversation_list.blockSignals(False)
        self._update_current(seat, current, visible)

    def _update_current(self, seat: NetworkSeat, current: tuple[str, ...], visible: bool) -> None:
        if (id(seat), current, len(seat.press)) != self._messages_key:
            self._messages_key = (id(seat), current, len(seat.press))
            self._show_messages(seat, current)
        observer = seat.power is None
        self.compose.setEnabled(not observer)
        self.send_button.setEnabled(not observer and seat.connected)
        self.group_button.setEnabled(not observer)
        self.send_button.setText("Send to everyone" if current == PUBLIC else f"Send to {self.conversation_label(current)}")
        if observer:
            self.note.setText("Observers read public press only.")
        elif not seat.connected:
            self.note.setText("Not connected: messages can't be sent now.")
        else:
            self.note.setText("")
        if visible and seat.unread.get(current):
            self.conversation_read.emit(current)

    def _show_messages(self, seat: NetworkSeat, key: tuple[str, ...]) -> None:
        items = seat.messages(key)
        if not items:
            self.messages.setHtml("<p style='color:#7a6f60'>No messages yet.</p>")
            return
        self.messages.setHtml("".join(self._message_html(seat, m) for m in items))
        bar = self.messages.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _message_html(self, seat: NetworkSeat, item: PressItem) -> str:
        when = time.strftime("%H:%M", time.localtime(item.time)) if item.time else ""
        sender = "You" if item.sender == seat.power else self._name(item.sender)
        to = ""
        if item.to and len(set(item.to) | {item.sender}) > 2:
            to = " → " + ", ".join(self._name(p) for p in item.to)
        text = html.escape(item.text).replace("\n", "<br>")
        return (f"<p><span style='color:#7a6f60'>{html.escape(item.phase)} {when}</span> "
                f"<b>{html.escape(sender)}</b>{html.escape(to)}: {text}</p>")

    def _build_group_menu(self) -> None:
        self.group_menu.clear()
        seat = self._seat
        if seat is None or seat.power is None:
            return
        self._group_actions = {}
        for power in seat.game.variant.powers:
            if power == seat.power:
                continue
            action = QAction(self._name(power), self.group_menu)
            action.setCheckable(True)
            self.group_menu.addAction(action)
            self._group_actions[power] = action
        self.group_menu.addSeparator()
        start = QAction("Start this conversation", self.group_menu)
        start.triggered.connect(self._start_group)
        self.group_menu.addAction(start)

    def _start_group(self) -> None:
        chosen = tuple(sorted(p for p, a in self._group_actions.items() if a.isChecked()))
        for action in self._group_actions.values():
            action.setChecked(False)
        if not chosen:
            return
        if chosen not in self._extra_keys:
            self._extra_keys.append(chosen)
        self._shown = ()
        self.select(chosen)

    def select(self, key: tuple[str, ...]) -> None:
        """Show one conversation (adding a new group conversation to the list first)."""
        seat = self._seat
        if seat is not None and key not in seat.conversations() and key not in self._extra_keys:
            self._extra_keys.append(key)
            self._shown = ()
        self.show_seat(seat, True)
        for row in range(self.conversation_list.count()):
            if tuple(self.conversation_list.item(row).data(KEY_ROLE)) == key:
                self.conversation_list.setCurrentRow(row)
                return

    # --- events -----------------------------------------------------------------------------------

    def _on_row(self, _row: int) -> None:
        seat = self._seat
        key = self.current_key()
        if seat is None or key is None:
            return
        self._shown = self._shown[:2] + (key,) + self._shown[3:] if len(self._shown) == 4 else ()
        self._update_current(seat, key, self.isVisible())

    def _send(self) -> None:
        key = self.current_key()
        text = self.compose.toPlainText().strip()
        if key is None or not text:
            return
        if len(text) > MAX_PRESS_LENGTH:
            self.note.setText(f"A message may have at most {MAX_PRESS_LENGTH} characters (this one has {len(text)}).")
            return
        self.send_requested.emit(key, text)

    def message_sent(self) -> None:
        self.compose.clear()

    def unread_label(self, base: str, counts: Mapping[tuple[str, ...], int]) -> str:
        total = sum(counts.values())
        return f"{base} ({total})" if total else base
