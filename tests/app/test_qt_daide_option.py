"""The host dialog's DAIDE port option, and a hosted game that opens the port."""
from __future__ import annotations

import socket
from pathlib import Path

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from pytestqt.qtbot import QtBot  # noqa: E402

from engine.net.daide import codec  # noqa: E402


def test_the_host_dialog_asks_for_a_daide_port_and_hosting_opens_it(qtbot: QtBot, tmp_path: Path) -> None:
    from app.net.dialogs import HostDialog
    from app.net.session import HostSpec, start_host

    dialog = HostDialog(None, "standard", tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.spec().daide_port is None  # off unless asked for
    dialog.daide_spin.setValue(16713)
    assert dialog.spec().daide_port == 16713

    session = start_host(HostSpec(port=0, bind="127.0.0.1", daide_port=0), tmp_path, None)
    try:
        assert session.daide is not None and session.daide.address is not None
        with socket.create_connection(session.daide.address, timeout=5) as sock:
            sock.sendall(codec.initial_message())
            header = sock.recv(4)
            assert header[0] == codec.MessageType.RM
        assert any("DAIDE" in note for note in session.notes)
    finally:
        session.close()
