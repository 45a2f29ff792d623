"""Game ▸ Host game… and Join game…: the main window's way into LAN play.

Kept apart from the main window so that window only needs to show the page this returns. The network
modules are imported when first used, so starting the program doesn't load them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox

from engine.types import ChancelleryError

if TYPE_CHECKING:
    from app.widgets.game_page import GamePage
    from app.widgets.main_window import MainWindow

    from .session import HostSpec, NetworkSession
    from .tokens import TokenStore


class LanMenu(QObject):
    def __init__(self, window: MainWindow, menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.host_action = QAction("&Host game…", window)
        self.host_action.setStatusTip("Serve a game on this network; this machine may play some powers itself")
        self.host_action.triggered.connect(self.host_dialog)
        self.join_action = QAction("&Join game…", window)
        self.join_action.setStatusTip("Play a power (or watch) in a game hosted on this network")
        self.join_action.triggered.connect(self.join_dialog)
        menu.addAction(self.host_action)
        menu.addAction(self.join_action)

    def _token_store(self) -> TokenStore:
        from .tokens import TokenStore

        return TokenStore(self.window.store.data_dir)

    def host_dialog(self) -> None:
        from .dialogs import HostDialog

        if self.hosting() and QMessageBox.question(
                self.window, "Stop hosting?",
                "This window hosts the open game. Hosting another stops it for every player "
                "(its autosave can be hosted again later). Go on?") != QMessageBox.StandardButton.Yes:
            return
        dialog = HostDialog(self.window, self.window.settings.last_variant, self.window.store.data_dir / "lan-host")
        if dialog.exec() != HostDialog.DialogCode.Accepted:
            return
        try:
            spec = dialog.spec()
        except ChancelleryError as exc:
            self.window._error("Can't host the game", str(exc))
            return
        self.host(spec)

    def host(self, spec: HostSpec) -> GamePage | None:
        """Host ``spec``: the page shows this machine's seats and the host's controls (None if it failed)."""
        from .session import start_host

        self.window.close_game()  # one game at a time: a hosted game stops before another starts
        try:
            session = start_host(spec, self.window.store.data_dir, self._token_store())
        except ChancelleryError as exc:
            self.window._error("Can't host the game", str(exc))
            return None
        return self.show_session(session)

    def hosting(self) -> bool:
        """This window hosts the open game (closing it would stop the host for everyone)."""
        session = getattr(self.window.page, "session", None)
        return session is not None and getattr(session, "host", None) is not None

    def join_dialog(self) -> None:
        from .dialogs import JoinDialog

        if self.hosting():
            self.window._error("Can't join another game", "this window hosts the open game: joining another would "
                               "stop it for every player. Close the game first (Game ▸ Close game).")
            return
        dialog = JoinDialog(self.window, self._token_store())
        if dialog.exec() == JoinDialog.DialogCode.Accepted and dialog.session is not None:
            self.show_session(dialog.session)

    def show_session(self, session: NetworkSession) -> GamePage:
        from .game_page import NetworkGamePage

        window = self.window
        window.close_game()
        window.game_path = None
        page = NetworkGamePage(session, window.display())
        window._install_page(page)
        return page
