"""The host's own controls (only on the machine that hosts): where players join, seats and connections,
pause / resume / extend / process now / release a seat, bots in empty seats or standing in for players who left,
and what happened lately. Never orders: the host
window learns only what :meth:`engine.net.host.Host.status` and its events say."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.net.discovery import local_address
from engine.net.host import HostThread
from engine.seat_bots import BOT_STRENGTHS
from engine.types import ChancelleryError

from .session import phase_words

log = logging.getLogger("chancellery.app.net.host")

MAX_EVENTS = 200


class _HostEvents(QObject):
    """Host events (called on the host's thread) as a queued Qt signal."""

    happened = Signal(str, object)


class HostPanel(QWidget):
    message = Signal(str)  # for the status bar (a refused command, what was done)

    def __init__(self, host_thread: HostThread, power_name: Callable[[str], str], notes: list[str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hostPanel")
        self.host_thread = host_thread
        self._name = power_name
        self._events = _HostEvents(self)
        self._events.happened.connect(self._on_event, Qt.ConnectionType.QueuedConnection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.join_at = QLabel()
        self.join_at.setObjectName("hostAddress")
        self.join_at.setWordWrap(True)
        self.join_at.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bold = QFont()
        bold.setBold(True)
        self.join_at.setFont(bold)
        layout.addWidget(self.join_at)
        self.notes = QLabel("\n".join(notes or []))
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #8a5a00;")
        self.notes.setVisible(bool(notes))
        layout.addWidget(self.notes)
        self.status = QLabel()
        self.status.setObjectName("hostStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        grid = QGridLayout()
        self.pause_button = QPushButton("Pause the clock")
        self.pause_button.setObjectName("pauseButton")
        self.pause_button.clicked.connect(self._toggle_pause)
        self.process_button = QPushButton("Process the phase now")
        self.process_button.setObjectName("processNowButton")
        self.process_button.setToolTip("Adjudicate at once; missing orders take the civil-disorder defaults")
        self.process_button.clicked.connect(self._process_now)
        self.extend_minutes = QSpinBox()
        self.extend_minutes.setRange(1, 24 * 60)
        self.extend_minutes.setValue(5)
        self.extend_minutes.setSuffix(" min")
        self.extend_button = QPushButton("Extend the deadline")
        self.extend_button.setObjectName("extendButton")
        self.extend_button.clicked.connect(self._extend)
        self.release_combo = QComboBox()
        self.release_button = QPushButton("Release the seat")
        self.release_button.setObjectName("releaseButton")
        self.release_button.setToolTip("Free the seat for a substitute; its old token stops working")
        self.release_button.clicked.connect(self._release)
        grid.addWidget(self.pause_button, 0, 0)
        grid.addWidget(self.process_button, 0, 1)
        grid.addWidget(self.extend_minutes, 1, 0)
        grid.addWidget(self.extend_button, 1, 1)
        grid.addWidget(self.release_combo, 2, 0)
        grid.addWidget(self.release_button, 2, 1)
        self.bot_seat_combo = QComboBox()  # unclaimed seats
        self.bot_seat_combo.setObjectName("botSeatCombo")
        self.bot_strength_combo = QComboBox()
        self.bot_strength_combo.setObjectName("botStrengthCombo")
        for strength in BOT_STRENGTHS:
            self.bot_strength_combo.addItem(f"bot ({strength})", strength)
        self.bot_strength_combo.setCurrentIndex(len(BOT_STRENGTHS) - 1)
        self.bot_button = QPushButton("Seat the bot")
        self.bot_button.setObjectName("seatBotButton")
        self.bot_button.setToolTip("A bot plays this unclaimed seat; a player who claims it later takes over")
        self.bot_button.clicked.connect(self._seat_bot)
        self.unbot_button = QPushButton("Remove the bot")
        self.unbot_button.setObjectName("removeBotButton")
        self.unbot_button.clicked.connect(self._remove_bot)
        bot_row = QHBoxLayout()
        bot_row.addWidget(self.bot_strength_combo)
        bot_row.addWidget(self.bot_button)
        bot_row.addWidget(self.unbot_button)
        grid.addWidget(self.bot_seat_combo, 3, 0)
        grid.addLayout(bot_row, 3, 1)
        self.takeover_combo = QComboBox()
        self.takeover_combo.setObjectName("takeoverCombo")
        self.takeover_combo.addItem("When a player leaves, wait for them", None)
        for strength in BOT_STRENGTHS:
            self.takeover_combo.addItem(f"When a player leaves, a bot ({strength}) plays until they return", strength)
        try:
            current = self.host_thread.host.settings.takeover_bot
        except AttributeError:
            current = None
        self.takeover_combo.setCurrentIndex(max(0, self.takeover_combo.findData(current)))
        self.takeover_combo.currentIndexChanged.connect(self._takeover_changed)
        grid.addWidget(self.takeover_combo, 4, 0, 1, 2)
        layout.addLayout(grid)
        note = QLabel("Closing the game (Game ▸ Close game) stops the host; its autosave resumes it later.")
        note.setWordWrap(True)
        note.setStyleSheet("color: #5b5043;")
        layout.addWidget(note)
        layout.addWidget(QLabel("Connections:"))
        self.log = QListWidget()
        self.log.setObjectName("hostEvents")
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.log, 1)
        self._paused = False
        self._stopped = False
        self._status: dict[str, Any] = {}
        try:
            self.host_thread.run(lambda: self.host_thread.host.add_listener(self._from_host))
        except (ChancelleryError, TimeoutError, RuntimeError) as exc:
            log.warning("host events are not shown: %s", exc)
        row = QHBoxLayout()
        row.addStretch(1)
        layout.addLayout(row)
        self.poll()

    # --- the host's state -------------------------------------------------------------------------

    def _from_host(self, event: str, details: dict[str, Any]) -> None:
        """On the host's thread."""
        try:
            self._events.happened.emit(event, dict(details))
        except RuntimeError:  # the window is gone
            pass

    def stop(self) -> None:
        """The host is being stopped: no more calls into it."""
        self._stopped = True

    def _on_event(self, event: str, details: dict[str, Any]) -> None:
        if self._stopped:
            return
        words = {
            "connected": "joined", "disconnected": "left", "claimed": "claimed a seat", "resumed": "resumed a seat",
            "processed": "phase processed", "drawn": "the game is drawn", "save_failed": "AUTOSAVE FAILED",
            "bot_seated": "a bot took a seat", "bot_removed": "a bot left a seat",
        }.get(event, event)
        parts = [str(v) for k, v in details.items() if k in ("connection", "power", "phase", "next_phase",
                                                              "reason", "path", "error", "client",
                                                              "strength") and v]
        self.log.addItem(f"{time.strftime('%H:%M:%S')}  {words}: {' · '.join(parts)}")
        while self.log.count() > MAX_EVENTS:
            self.log.takeItem(0)
        self.log.scrollToBottom()
        if event == "save_failed":
            self.message.emit(f"The host's autosave failed: {details.get('error', '')}")
        self.poll()

    def poll(self) -> None:
        """Read the host's status (a quick call on its thread) and show it."""
        if self._stopped:
            return
        try:
            status = self.host_thread.status()
        except (ChancelleryError, TimeoutError, RuntimeError) as exc:
            self.status.setText(f"The host is not answering: {exc}")
            return
        self._status = status
        address = status.get("address") or ("", 0)
        port = address[1] if len(address) > 1 else 0
        shown = address[0] if address[0] not in ("0.0.0.0", "::", "") else local_address()
        password = "yes" if self.host_thread.host.settings.password else "no"
        self.join_at.setText(f"Players join at {shown}:{port} (password: {password})")
        clock = status.get("clock") or {}
        self._paused = bool(clock.get("paused"))
        self.pause_button.setText("Resume the clock" if self._paused else "Pause the clock")
        waiting = ", ".join(self._name(p) for p in status.get("waiting_for") or []) or "nobody"
        seats = status.get("seats") or []
        taken = sum(1 for s in seats if s.get("claimed"))
        online = sum(1 for s in seats if s.get("connected"))
        over = status.get("over")
        lines = [f"{phase_words(status.get('phase'))}: waiting for {waiting}.",
                 f"Seats taken: {taken} of {len(seats)}; connected: {online}; observers: {status.get('observers', 0)}; "
                 f"connections: {status.get('connections', 0)}."]
        if over:
            lines.append("The game is over.")
        self.status.setText("\n".join(lines))
        self.process_button.setEnabled(not over)
        claimed = [s.get("power") for s in seats if s.get("claimed")]
        current = self.release_combo.currentData()
        self.release_combo.clear()
        for power in claimed:
            self.release_combo.addItem(self._name(str(power)), power)
        self.release_combo.setCurrentIndex(max(0, self.release_combo.findData(current)))
        self.release_button.setEnabled(bool(claimed))
        bots = {str(s.get("power")): str(s.get("bot")) for s in seats if s.get("bot")}
        open_seats = [str(s.get("power")) for s in seats if not s.get("claimed")]
        current = self.bot_seat_combo.currentData()
        self.bot_seat_combo.clear()
        for power in open_seats:
            label = self._name(power) + (f" — bot ({bots[power]})" if power in bots else " — empty")
            self.bot_seat_combo.addItem(label, power)
        self.bot_seat_combo.setCurrentIndex(max(0, self.bot_seat_combo.findData(current)))
        self.bot_button.setEnabled(bool(open_seats) and not over)
        self.unbot_button.setEnabled(any(p in bots for p in open_seats))

    # --- commands -----------------------------------------------------------------------------------

    def _run(self, what: str, action: Callable[[], None]) -> None:
        if self._stopped:
            return
        try:
            action()
        except (ChancelleryError, TimeoutError, RuntimeError) as exc:
            self.message.emit(f"Can't {what}: {exc}")
        else:
            self.message.emit(f"Done: {what}")
        self.poll()

    def _toggle_pause(self) -> None:
        if self._paused:
            self._run("resume the clock", self.host_thread.resume)
        else:
            self._run("pause the clock", self.host_thread.pause)

    def _extend(self) -> None:
        minutes = self.extend_minutes.value()
        self._run(f"extend the deadline by {minutes} min", lambda: self.host_thread.extend(minutes * 60.0))

    def _process_now(self) -> None:
        self._run("process the phase now", self.host_thread.process_now)

    def _seat_bot(self) -> None:
        power, strength = self.bot_seat_combo.currentData(), self.bot_strength_combo.currentData()
        if power and strength:
            self._run(f"seat a bot ({strength}) for {self._name(str(power))}",
                      lambda: self.host_thread.put_bot(str(power), str(strength)))

    def _remove_bot(self) -> None:
        power = self.bot_seat_combo.currentData()
        if power:
            self._run(f"remove the bot from {self._name(str(power))}'s seat",
                      lambda: self.host_thread.remove_bot(str(power)))

    def _takeover_changed(self) -> None:
        strength = self.takeover_combo.currentData()
        what = f"let a bot ({strength}) stand in for players who leave" if strength else "wait for players who leave"
        self._run(what, lambda: self.host_thread.set_takeover(None if strength is None else str(strength)))

    def _release(self) -> None:
        power = self.release_combo.currentData()
        if power:
            self._run(f"release {self._name(str(power))}'s seat",
                      lambda: self.host_thread.run(lambda: self.host_thread.host.release_seat(str(power))))
