"""The Host game and Join game dialogs.

Host: a new game of a variant or a saved game, port, password, deadlines per phase type, ready flags,
civil disorder for unclaimed powers, the LAN announcement, and which powers this machine plays.
Join: an address (or a host found on the LAN when zeroconf works), password, then a seat: resume one
with a saved token, claim a free one, or observe.
"""
from __future__ import annotations

import html
import importlib.util
import logging
import threading
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers.setup import offered_options
from app.widgets.option_form import OptionForm
from engine.net.client import Client, RequestRefused
from engine.net.clock import DeadlinePolicy
from engine.savefile import load_game
from engine.types import ChancelleryError
from engine.variants import find_variant, variant_ids

from .connection import Endpoint
from .session import DEFAULT_PORT, HostSpec, JoinChoice, NetworkSession, connect, join, phase_words, player_name
from .tokens import TokenStore, game_key_for_address

log = logging.getLogger("chancellery.app.net.dialogs")

CHOICE_ROLE = Qt.ItemDataRole.UserRole


def discovery_installed() -> bool:
    return importlib.util.find_spec("zeroconf") is not None


NO_DISCOVERY_NOTE = ("Finding hosts on the LAN needs the optional zeroconf package "
                     "(pip install zeroconf). Type the host's address instead.")


def split_address(text: str, default_port: int) -> tuple[str, int]:
    """``"host"``, ``"host:port"`` or ``"[v6]:port"`` -> (host, port); raises ChancelleryError naming the fault."""
    text = text.strip()
    if not text:
        raise ChancelleryError("give the host's address, e.g. 192.168.1.20 or 192.168.1.20:8737")
    host, port_text = text, ""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    if not port_text:
        return host.strip(), default_port
    try:
        port = int(port_text)
    except ValueError:
        raise ChancelleryError(f"the port in {text!r} is not a number") from None
    if not 1 <= port <= 65535:
        raise ChancelleryError(f"the port in {text!r} must be from 1 to 65535")
    return host.strip(), port


# --- hosting ------------------------------------------------------------------------------------------

class HostDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, variant: str = "standard", saves_dir: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Host a LAN game")
        self.saves_dir = saves_dir
        layout = QVBoxLayout(self)

        source = QGroupBox("Game")
        grid = QGridLayout(source)
        self.new_radio = QRadioButton("New game:")
        self.file_radio = QRadioButton("Saved game:")
        self.new_radio.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.new_radio)
        group.addButton(self.file_radio)
        self.variant_combo = QComboBox()
        for vid in variant_ids():
            try:
                self.variant_combo.addItem(find_variant(vid).name, vid)
            except ChancelleryError:
                continue
        self.variant_combo.setCurrentIndex(max(0, self.variant_combo.findData(variant)))
        self.file_edit = QLineEdit()
        self.file_edit.setPlaceholderText("a saved game or a LAN host's autosave")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        grid.addWidget(self.new_radio, 0, 0)
        grid.addWidget(self.variant_combo, 0, 1, 1, 2)
        grid.addWidget(self.file_radio, 1, 0)
        grid.addWidget(self.file_edit, 1, 1)
        grid.addWidget(browse, 1, 2)
        layout.addWidget(source)
        self.options_box = OptionForm("Options of the new game")
        layout.addWidget(self.options_box)

        form = QFormLayout()
        self.name_edit = QLineEdit(f"{player_name()}'s game")
        self.name_edit.setMaxLength(60)
        form.addRow("Name players see:", self.name_edit)
        self.port_spin = QSpinBox()
        self.port_spin.setRange(0, 65535)
        self.port_spin.setValue(DEFAULT_PORT)
        self.port_spin.setSpecialValueText("any free port")
        form.addRow("Port:", self.port_spin)
        self.daide_spin = QSpinBox()  # 0: no DAIDE port (bots such as DumbBot and Albert connect to it)
        self.daide_spin.setRange(0, 65535)
        self.daide_spin.setValue(0)
        self.daide_spin.setSpecialValueText("none")
        self.daide_spin.setToolTip("Open a DAIDE port (16713 is usual) so DAIDE bots can take free seats; "
                                   "Standard map only")
        form.addRow("DAIDE port:", self.daide_spin)
        self.password_edit = QLineEdit()
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText("none (anyone on the LAN may join)")
        form.addRow("Password:", self.password_edit)
        deadlines = QHBoxLayout()
        self.deadline_spins: dict[str, QSpinBox] = {}
        for kind, default in (("movement", 0), ("retreats", 0), ("adjustments", 0)):
            spin = QSpinBox()
            spin.setRange(0, 7 * 24 * 60)
            spin.setValue(default)
            spin.setSuffix(" min")
            spin.setSpecialValueText("none")
            spin.setToolTip(f"Minutes allowed for {kind} phases; 'none' waits until everyone is ready")
            self.deadline_spins[kind] = spin
            deadlines.addWidget(QLabel(kind.title()))
            deadlines.addWidget(spin)
        form.addRow("Deadlines:", deadlines)
        layout.addLayout(form)
        self.ready_public_box = QCheckBox("Show everyone who is ready (never what they ordered)")
        self.ready_public_box.setChecked(True)
        self.cd_box = QCheckBox("Powers nobody plays don't hold up a phase (their units hold)")
        self.advertise_box = QCheckBox("Announce the game on the LAN")
        if not discovery_installed():
            self.advertise_box.setEnabled(False)
            self.advertise_box.setToolTip(NO_DISCOVERY_NOTE)
            self.advertise_box.setText("Announce the game on the LAN (needs the optional zeroconf package)")
        for box in (self.ready_public_box, self.cd_box, self.advertise_box):
            layout.addWidget(box)

        self.powers_box = QGroupBox("Powers played at this machine (hot-seat, with a curtain between them)")
        self.powers_layout = QGridLayout(self.powers_box)
        self.power_checks: dict[str, QCheckBox] = {}
        layout.addWidget(self.powers_box)
        self.error = QLabel()
        self.error.setObjectName("hostError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Host")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._options_for: object = None
        self.variant_combo.currentIndexChanged.connect(self._source_changed)
        self.new_radio.toggled.connect(self._source_changed)
        self.file_edit.editingFinished.connect(self._source_changed)
        self._source_changed()

    def _browse(self) -> None:
        start = str(self.saves_dir) if self.saves_dir is not None and self.saves_dir.is_dir() else ""
        path, _ = QFileDialog.getOpenFileName(self, "Host a saved game", start, "Chancellery games (*.json);;All files (*)")
        if path:
            self.file_edit.setText(path)
            self.file_radio.setChecked(True)
            self._source_changed()

    def _powers(self) -> list[tuple[str, str]]:
        """(id, name) of the chosen game's powers; raises ChancelleryError for a bad file."""
        if self.file_radio.isChecked():
            text = self.file_edit.text().strip()
            if not text:
                raise ChancelleryError("choose the saved game to host")
            variant = load_game(Path(text)).variant
        else:
            variant = find_variant(str(self.variant_combo.currentData()))
        return [(p, variant.board.powers[p].name) for p in variant.powers]

    def _source_changed(self, *_args: object) -> None:
        if self.new_radio.isChecked():  # a saved game keeps its own options
            vid = self.variant_combo.currentData()
            if vid != self._options_for:
                self.options_box.show_specs(offered_options(str(vid)))
                self._options_for = vid
        else:
            self.options_box.setVisible(False)
            self._options_for = None
        checked = {p for p, box in self.power_checks.items() if box.isChecked()}
        for box in self.power_checks.values():
            self.powers_layout.removeWidget(box)
            box.deleteLater()
        self.power_checks = {}
        try:
            powers = self._powers()
        except ChancelleryError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        for i, (pid, name) in enumerate(powers):
            box = QCheckBox(name)
            box.setChecked(pid in checked)
            self.power_checks[pid] = box
            self.powers_layout.addWidget(box, i // 4, i % 4)

    def spec(self) -> HostSpec:
        """The choices made; raises ChancelleryError naming a bad one."""
        game_file = None
        if self.file_radio.isChecked():
            text = self.file_edit.text().strip()
            if not text:
                raise ChancelleryError("choose the saved game to host")
            game_file = Path(text)
            if not game_file.is_file():
                raise ChancelleryError(f"there is no file {game_file}")
        minutes = {k: s.value() for k, s in self.deadline_spins.items()}
        deadlines = DeadlinePolicy(*(minutes[k] * 60.0 if minutes[k] else None
                                     for k in ("movement", "retreats", "adjustments")))
        return HostSpec(
            variant=str(self.variant_combo.currentData()), game_file=game_file, port=self.port_spin.value(),
            password=self.password_edit.text() or None, deadlines=deadlines,
            ready_public=self.ready_public_box.isChecked(), cd_unclaimed=self.cd_box.isChecked(),
            name=self.name_edit.text().strip() or "Chancellery host",
            local_powers=tuple(p for p, box in self.power_checks.items() if box.isChecked()),
            advertise=self.advertise_box.isEnabled() and self.advertise_box.isChecked(),
            options=self.options_box.values() if game_file is None else {},
            daide_port=self.daide_spin.value() or None,
        )

    def _accept(self) -> None:
        try:
            self.spec()
        except ChancelleryError as exc:
            self.error.setText(str(exc))
            return
        self.accept()


# --- joining ------------------------------------------------------------------------------------------

class _Browser(QObject):
    found = Signal(object, str)  # (list of HostAdvert, error text)

    def run(self) -> None:
        from engine.net.discovery import DiscoveryUnavailable, browse

        try:
            hosts = browse(2.0)
        except DiscoveryUnavailable as exc:
            self._emit([], str(exc))
            return
        except OSError as exc:
            self._emit([], f"can't search the LAN: {exc}")
            return
        self._emit(hosts, "")

    def _emit(self, hosts: object, error: str) -> None:
        try:
            self.found.emit(hosts, error)
        except RuntimeError:  # the dialog closed while searching
            pass


class JoinDialog(QDialog):
    """Connect first (to learn the game and its free seats), then choose a seat and join."""

    def __init__(self, parent: QWidget | None = None, tokens: TokenStore | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a LAN game")
        self.tokens = tokens
        self.client: Client | None = None
        self.endpoint: Endpoint | None = None
        self.session: NetworkSession | None = None
        layout = QVBoxLayout(self)

        found_box = QGroupBox("Hosts on this network")
        found_layout = QVBoxLayout(found_box)
        self.found_list = QListWidget()
        self.found_list.setObjectName("foundHosts")
        self.found_list.setMaximumHeight(110)
        self.found_list.itemClicked.connect(self._use_found)
        self.found_list.itemDoubleClicked.connect(lambda _i: self.connect_to_host())
        self.search_button = QPushButton("Search the LAN")
        self.search_button.clicked.connect(self.search)
        self.discovery_note = QLabel()
        self.discovery_note.setObjectName("discoveryNote")
        self.discovery_note.setWordWrap(True)
        self.discovery_note.setStyleSheet("color: #5b5043;")
        found_layout.addWidget(self.found_list)
        row = QHBoxLayout()
        row.addWidget(self.discovery_note, 1)
        row.addWidget(self.search_button)
        found_layout.addLayout(row)
        layout.addWidget(found_box)
        if not discovery_installed():
            self.discovery_note.setText(NO_DISCOVERY_NOTE)
            self.search_button.setEnabled(False)
            self.found_list.hide()

        form = QFormLayout()
        self.address_edit = QLineEdit(tokens.last_address if tokens is not None else "")
        self.address_edit.setObjectName("joinAddress")
        self.address_edit.setPlaceholderText(f"192.168.1.20:{DEFAULT_PORT}")
        form.addRow("Address:", self.address_edit)
        self.password_edit = QLineEdit()
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText("if the host set one")
        form.addRow("Password:", self.password_edit)
        self.name_edit = QLineEdit(player_name())
        self.name_edit.setMaxLength(64)
        form.addRow("Your name:", self.name_edit)
        layout.addLayout(form)
        connect_row = QHBoxLayout()
        connect_row.addStretch(1)
        self.connect_button = QPushButton("Connect")
        self.connect_button.setObjectName("connectButton")
        self.connect_button.clicked.connect(self.connect_to_host)
        connect_row.addWidget(self.connect_button)
        layout.addLayout(connect_row)

        self.game_label = QLabel()
        self.game_label.setWordWrap(True)
        layout.addWidget(self.game_label)
        self.seat_list = QListWidget()
        self.seat_list.setObjectName("seatChoices")
        self.seat_list.itemDoubleClicked.connect(lambda _i: self.join_selected())
        layout.addWidget(self.seat_list, 1)
        self.error = QLabel()
        self.error.setObjectName("joinError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.join_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.join_button.setText("Join")
        self.join_button.setObjectName("joinButton")
        self.join_button.setEnabled(False)
        buttons.accepted.connect(self.join_selected)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._browser: _Browser | None = None
        self._names: dict[str, str] = {}  # the host's powers by id, as the seat list names them
        self.resize(520, 620)

    # --- finding a host ---------------------------------------------------------------------------

    def search(self) -> None:
        if self._browser is not None:
            return
        self.discovery_note.setText("Searching…")
        self.search_button.setEnabled(False)
        browser = _Browser()
        browser.found.connect(self._on_found, Qt.ConnectionType.QueuedConnection)
        self._browser = browser
        threading.Thread(target=browser.run, daemon=True, name="chancellery-browse").start()

    def _on_found(self, hosts: object, error: str) -> None:
        self._browser = None
        self.search_button.setEnabled(True)
        self.found_list.clear()
        if error:
            self.discovery_note.setText(f"LAN discovery is unavailable: {error}")
            return
        for advert in hosts if isinstance(hosts, list) else []:
            lock = " (password)" if advert.password else ""
            item = QListWidgetItem(f"{advert.name} — {advert.variant} — {advert.address}:{advert.port}{lock}")
            item.setData(CHOICE_ROLE, f"{advert.address}:{advert.port}")
            self.found_list.addItem(item)
        self.discovery_note.setText(f"{self.found_list.count()} host(s) found." if self.found_list.count()
                                    else "No host answered (multicast may be blocked): type the address.")

    def _use_found(self, item: QListWidgetItem) -> None:
        self.address_edit.setText(str(item.data(CHOICE_ROLE)))

    # --- connecting and choosing ------------------------------------------------------------------

    def _drop_client(self) -> None:
        if self.client is not None:
            self.client.close(2.0)
            self.client = None

    def connect_to_host(self) -> bool:
        """Say hello and list the seats; False (with the reason shown) if it failed."""
        self._drop_client()
        self.seat_list.clear()
        self.join_button.setEnabled(False)
        self.error.setText("")
        try:
            address, port = split_address(self.address_edit.text(), DEFAULT_PORT)
            endpoint = Endpoint(address, port, self.password_edit.text() or None, self.name_edit.text().strip() or "player")
            self.connect_button.setEnabled(False)
            self.error.setText("Connecting…")
            self.error.repaint()
            self.client = connect(endpoint)
        except ChancelleryError as exc:
            self.error.setText(str(exc))
            return False
        finally:
            self.connect_button.setEnabled(True)
        self.error.setText("")
        self.endpoint = endpoint
        self._list_seats()
        return True

    def _list_seats(self) -> None:
        assert self.client is not None and self.endpoint is not None
        welcome = self.client.welcome
        try:
            board = find_variant(str(welcome.get("variant", "standard"))).board
            names = {p: info.name for p, info in board.powers.items()}
        except ChancelleryError:
            names = {}
        self._names = names
        self.game_label.setText(f"<b>{html.escape(str(welcome.get('host', 'LAN game')))}</b>: "
                                f"{html.escape(str(welcome.get('variant_name', '')))}, "
                                f"{html.escape(phase_words(welcome.get('phase')))}")
        saved = self.tokens.seats(game_key_for_address(self.endpoint.address, self.endpoint.port)) \
            if self.tokens is not None else []
        for s in saved:
            self._add_choice(f"Resume {names.get(s.power, s.power)} (your saved seat)", JoinChoice("resume", s.power, s.token))
        rows = welcome.get("seats") or []
        for row in rows:
            power = str(row.get("power"))
            name = names.get(power, power)
            if row.get("claimed"):
                item = self._add_choice(f"{name} — taken" + (" (connected)" if row.get("connected") else " (away)"), None)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            else:
                bot = f" (a bot ({row['bot']}) plays it now: you take over)" if row.get("bot") else ""
                self._add_choice(f"Play {name}{bot}", JoinChoice("claim", power))
        self._add_choice("Observe (watch without a seat)", JoinChoice("observe"))
        for row in range(self.seat_list.count()):
            if self.seat_list.item(row).flags() & Qt.ItemFlag.ItemIsEnabled:
                self.seat_list.setCurrentRow(row)
                break
        self.join_button.setEnabled(True)

    def _add_choice(self, text: str, choice: JoinChoice | None) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setData(CHOICE_ROLE, choice)
        self.seat_list.addItem(item)
        return item

    def choices(self) -> list[tuple[str, JoinChoice]]:
        out = []
        for row in range(self.seat_list.count()):
            item = self.seat_list.item(row)
            choice = item.data(CHOICE_ROLE)
            if isinstance(choice, JoinChoice):
                out.append((item.text(), choice))
        return out

    def select_choice(self, kind: str, power: str | None = None) -> bool:
        for row in range(self.seat_list.count()):
            choice = self.seat_list.item(row).data(CHOICE_ROLE)
            if isinstance(choice, JoinChoice) and choice.kind == kind and (power is None or choice.power == power):
                self.seat_list.setCurrentRow(row)
                return True
        return False

    def join_selected(self) -> None:
        item = self.seat_list.currentItem()
        choice = item.data(CHOICE_ROLE) if item is not None else None
        if self.client is None or self.endpoint is None:
            self.error.setText("Connect to a host first.")
            return
        if not isinstance(choice, JoinChoice):
            self.error.setText("Choose a seat to play, or observe.")
            return
        seat = self._names.get(choice.power or "", choice.power or "")
        if not self.client.is_connected:
            # The host closes a connection that sits without a seat for a while (the list was being read):
            # connect again and keep the choice, if it is still open.
            if not self.connect_to_host():
                return
            if not self.select_choice(choice.kind, choice.power):
                self.error.setText(f"{seat} is no longer free; choose another seat.")
                return
        client, endpoint = self.client, self.endpoint
        if client is None or endpoint is None:
            return
        try:
            self.session = join(client, endpoint, choice, self.tokens)
        except RequestRefused as exc:
            words = {"seat_taken": f"someone took that seat ({seat}) meanwhile; choose another",
                     "bad_token": "the host doesn't know that saved seat any more (released, or another game)"}
            message = f"The host refused: {words.get(exc.code, exc.reason)}"
            if exc.code in ("seat_taken", "bad_token") or not client.is_connected:
                self.connect_to_host()  # a fresh list of seats
            self.error.setText(message)
            return
        except ChancelleryError as exc:
            message = str(exc)
            if not client.is_connected and self.connect_to_host():
                message = f"The connection closed before the host answered ({exc}); connected again: choose and Join."
            self.error.setText(message)
            return
        self.client = None  # the session owns it now
        self.accept()

    def reject(self) -> None:
        self._drop_client()
        super().reject()
