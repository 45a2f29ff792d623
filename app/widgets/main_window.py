"""The main window: start page or an open game, menus, files (new, open, recent, save, autosave),
exports (PNG, SVG, PDF, print, text report) and view settings.

The start page is all the first paint needs: the game page (and with it the map geometry, shapely and
numpy), the new-game dialog and the exporters are imported when first used."""
from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
)

from app.controllers.describe import window_title
from app.controllers.game_files import GameFileLabels
from app.controllers.setup import Mode, NewGameSpec, create_game, ensure_game_id
from app.net.menu import LanMenu
from app.settings import Settings, SettingsStore
from engine.game import Game
from engine.savefile import load_game, remove_stale_temporaries_in, save_game, write_atomic
from engine.types import ChancelleryError
from engine.variants import find_variant

from .rules_dialog import RulesDialog
from .start_page import StartPage

if TYPE_CHECKING:
    from app.scene.pictures import Display

    from .game_page import GamePage
    from .legend_panel import LegendDock

log = logging.getLogger("chancellery.app.window")

SAVE_FILTER = "Chancellery games (*.json);;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, store: SettingsStore | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.store = store or SettingsStore()
        self.settings: Settings = self.store.load()
        self.file_labels = GameFileLabels(self.store.data_dir)
        for folder in (self.store.autosave_dir, self.store.saves_dir):
            remove_stale_temporaries_in(folder)  # left by a save the program was killed in
        self.page: GamePage | None = None
        self.legend_dock: LegendDock | None = None  # View > Legend, made when first shown
        self.game_path: Path | None = None  # where the user saved or opened the game
        self.setWindowTitle("Chancellery")
        self.resize(1400, 900)
        self.stack = QStackedWidget()
        self.start_page = StartPage()
        self.start_page.new_requested.connect(self.new_game_dialog)
        self.start_page.open_requested.connect(self.open_dialog)
        self.start_page.open_path.connect(lambda p: self.open_game(Path(p)))
        self.stack.addWidget(self.start_page)
        self.setCentralWidget(self.stack)
        self._build_menus()
        self.start_page.host_requested.connect(self.lan.host_dialog)
        self.start_page.join_requested.connect(self.lan.join_dialog)
        self._refresh_recent()
        self._update_actions()

    # --- menus ------------------------------------------------------------------------------------

    def _action(self, text: str, slot: object, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                checkable: bool = False, checked: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if checkable:
            action.setCheckable(True)
            action.setChecked(checked)
            action.toggled.connect(slot)  # type: ignore[arg-type]
        else:
            action.triggered.connect(slot)  # type: ignore[arg-type]
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.new_action = self._action("&New game…", self.new_game_dialog, QKeySequence.StandardKey.New)
        self.open_action = self._action("&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = game.addMenu("Open &recent")
        game.insertAction(self.recent_menu.menuAction(), self.new_action)
        game.insertAction(self.recent_menu.menuAction(), self.open_action)
        game.addSeparator()
        self.lan = LanMenu(self, game)  # Host game…, Join game…
        game.addSeparator()
        self.save_action = self._action("&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action("Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs)
        game.addAction(self.save_action)
        game.addAction(self.save_as_action)
        game.addSeparator()
        export = game.addMenu("&Export board")
        self.export_png_action = self._action("PNG image…", lambda: self.export_dialog("png"))
        self.export_svg_action = self._action("SVG drawing…", lambda: self.export_dialog("svg"))
        self.export_pdf_action = self._action("PDF document…", lambda: self.export_dialog("pdf"))
        for a in (self.export_png_action, self.export_svg_action, self.export_pdf_action):
            export.addAction(a)
        export.addSeparator()
        # Exports go to people without the client's View ▸ Legend: the key of the board's symbols goes with them.
        self.export_key_action = self._action("With the board's &key", lambda _on: None, checkable=True, checked=True)
        export.addAction(self.export_key_action)
        self.report_action = self._action("Export results &report…", self.report_dialog)
        self.mila_export_action = self._action("Export as &MILA game file…", self.mila_export_dialog)
        self.print_action = self._action("&Print board…", self.print_dialog, QKeySequence.StandardKey.Print)
        game.addAction(self.report_action)
        game.addAction(self.mila_export_action)
        game.addAction(self.print_action)
        game.addSeparator()
        self.close_game_action = self._action("&Close game", self.close_game, "Ctrl+W")
        game.addAction(self.close_game_action)
        game.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit))

        edit = bar.addMenu("&Edit")
        self.undo_action = self._action("&Undo", lambda: self.page.undo() if self.page else None, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action("&Redo", lambda: self.page.redo() if self.page else None, QKeySequence.StandardKey.Redo)
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        self.copy_mail_action = self._action("Copy orders as &mail",
                                             lambda: self.page.copy_orders_as_mail() if self.page else None)
        edit.addAction(self.copy_mail_action)  # shown for a variant with a mail layout (EMG's envelope)
        edit.addSeparator()
        self.edit_position_action = self._action("Edit &position (game master)", self._toggle_edit_position,
                                                 "Ctrl+E", checkable=True)
        edit.addAction(self.edit_position_action)

        view = bar.addMenu("&View")
        self.zoom_in_action = self._action("Zoom &in", lambda: self.page.view.zoom_in() if self.page else None,
                                           QKeySequence.StandardKey.ZoomIn)
        self.zoom_out_action = self._action("Zoom &out", lambda: self.page.view.zoom_out() if self.page else None,
                                            QKeySequence.StandardKey.ZoomOut)
        self.fit_action = self._action("&Fit to window", lambda: self.page.view.fit_to_window() if self.page else None,
                                       "Ctrl+0")
        for a in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            view.addAction(a)
        view.addSeparator()
        s = self.settings
        self.labels_action = self._action("Province &names", self._display_changed, "Ctrl+1", True, s.show_labels)
        self.units_action = self._action("&Units", self._display_changed, "Ctrl+2", True, s.show_units)
        self.orders_action = self._action("&Orders", self._display_changed, "Ctrl+3", True, s.show_orders)
        self.colour_blind_action = self._action("&Colour-blind palette", self._display_changed, None, True, s.colour_blind)
        for a in (self.labels_action, self.units_action, self.orders_action, self.colour_blind_action):
            view.addAction(a)
        self.legend_action = self._action("&Legend", self._show_legend, "Ctrl+L", True, False)
        view.addAction(self.legend_action)
        view.addSeparator()
        self.board_window_action = self._action("&Board view for a projector", self.open_board_window, "F11")
        view.addAction(self.board_window_action)
        self.turn_report_action = self._action("Turn &report…", self.open_turn_report, "Ctrl+R")
        view.addAction(self.turn_report_action)

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("&Keys and clicks", self.show_keys_help, QKeySequence.StandardKey.HelpContents))
        help_menu.addAction(self._action("&Rules of this variant", self.show_rules))
        help_menu.addAction(self._action("&About Chancellery", self.show_about))

    def _update_actions(self) -> None:
        has_game = self.page is not None
        for a in (self.save_action, self.save_as_action, self.mila_export_action, self.export_png_action,
                  self.export_svg_action,
                  self.export_pdf_action, self.report_action, self.print_action, self.close_game_action,
                  self.undo_action, self.redo_action, self.zoom_in_action, self.zoom_out_action, self.fit_action,
                  self.turn_report_action):
            a.setEnabled(has_game)
        mail = self.page.game.variant.mail_format() if self.page is not None else None
        self.copy_mail_action.setText(f"Copy orders as {mail.title}" if mail is not None else "Copy orders as mail")
        self.copy_mail_action.setVisible(mail is not None)
        gm = has_game and self.page is not None and self.page.gm is not None
        self.edit_position_action.setEnabled(gm)
        self.board_window_action.setEnabled(gm)
        if not gm and self.edit_position_action.isChecked():
            self.edit_position_action.setChecked(False)

    def _refresh_recent(self) -> None:
        entries = [(self._describe_file(Path(p)), p) for p in self.settings.existing_recent()]
        autosaves = sorted(self.store.autosave_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) \
            if self.store.autosave_dir.is_dir() else []
        entries += [(self._describe_file(p, autosave=True), str(p)) for p in autosaves[:8]]
        self.file_labels.save()
        self.start_page.set_recent(entries)
        self.recent_menu.clear()
        for label, path in entries:
            action = QAction(label, self.recent_menu)
            action.triggered.connect(lambda _=False, p=path: self.open_game(Path(p)))
            self.recent_menu.addAction(action)
        self.recent_menu.setEnabled(bool(entries))

    def _describe_file(self, path: Path, autosave: bool = False) -> str:
        """"name — Variant, phase, mode" (``GameFileLabels``); the file name alone if it can't be read.

        Autosaves are named by when they were written instead of by their (random) file name."""
        what = self.file_labels.label(path)
        if what is None:
            return f"Autosave {path.name}" if autosave else path.name
        if autosave:
            try:
                when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%d %b %H:%M")
            except OSError:
                return f"Autosave {path.name}"
            return f"Autosave {when} — {what}"
        return f"{path.stem} — {what}"

    # --- games ------------------------------------------------------------------------------------

    def display(self) -> Display:
        from app.scene.pictures import Display

        return Display(
            show_labels=self.labels_action.isChecked(),
            show_units=self.units_action.isChecked(),
            show_orders=self.orders_action.isChecked(),
            colour_blind=self.colour_blind_action.isChecked(),
        )

    def new_game_dialog(self) -> None:
        from .new_game_dialog import NewGameDialog

        dialog = NewGameDialog(self, self.settings.last_variant)
        if dialog.exec() == NewGameDialog.DialogCode.Accepted:
            self.start_new_game(dialog.spec())

    def start_new_game(self, spec: NewGameSpec) -> Game | None:
        try:
            game = create_game(spec)
        except ChancelleryError as exc:
            self._error("Can't start the game", str(exc))
            return None
        self.settings.last_variant = spec.variant
        self.store.save(self.settings)
        self.game_path = None
        self.show_game(game)
        self.autosave(game)
        return game

    def open_dialog(self) -> None:
        start = str(self.store.saves_dir) if self.store.saves_dir.is_dir() else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", start, SAVE_FILTER)
        if path:
            self.open_game(Path(path))

    def open_game(self, path: Path) -> Game | None:
        """Open one of our saved games, or a MILA game file (imported: Save then asks where to write ours)."""
        imported = False
        try:
            try:
                game = load_game(path)
            except ChancelleryError:
                if not _is_mila_file(path):
                    raise
                from engine.interop.mila_files import read_mila

                reading = read_mila(path)
                game, imported = reading.game, True
                if reading.warnings:
                    self.statusBar().showMessage(f"Imported {path.name}: {len(reading.warnings)} phase(s) where "
                                                 "this adjudicator differs from the file; the file's positions are kept")
        except (ChancelleryError, OSError, ValueError, RecursionError) as exc:
            # load_game and read_mila report every unreadable file as a ChancelleryError; the rest is a last net.
            self._error("Can't open the game", naming_the_file(path, str(exc) or type(exc).__name__))
            return None
        is_autosave = path.resolve().parent == self.store.autosave_dir.resolve()
        self.game_path = None if is_autosave or imported else path
        if not is_autosave:
            self.settings.add_recent(path)
            self.store.save(self.settings)
            self._refresh_recent()
        self.show_game(game)
        return game

    def show_game(self, game: Game) -> None:
        self.close_game()
        ensure_game_id(game)
        from .game_page import GamePage

        self._install_page(GamePage(game, self.display(), self.autosave))

    def _install_page(self, page: GamePage) -> None:
        page.status.connect(lambda text: self.statusBar().showMessage(text))
        page.title_changed.connect(self.setWindowTitle)
        self.page = page
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self.setWindowTitle(page.title())
        page.refresh()
        page.view.setFocus()
        self._update_actions()
        self._show_legend(self.legend_action.isChecked())

    def _show_legend(self, on: bool) -> None:
        if on and self.legend_dock is None:
            from .legend_panel import LegendDock

            self.legend_dock = LegendDock(self)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.legend_dock)
            self.legend_dock.visibilityChanged.connect(lambda shown: self.legend_action.setChecked(shown))
        if self.legend_dock is not None:
            self.legend_dock.show_for(self.page)
            self.legend_dock.setVisible(on)

    def close_game(self) -> None:
        if self.page is None:
            return
        page = self.page
        self._autosave_drafts(page)
        self.page = None
        page.close_windows()
        self.stack.removeWidget(page)
        page.deleteLater()
        self.stack.setCurrentWidget(self.start_page)
        self._show_legend(False)
        self.setWindowTitle("Chancellery")
        self.statusBar().clearMessage()
        self._refresh_recent()
        self._update_actions()

    # --- files ------------------------------------------------------------------------------------

    def autosave_path(self, game: Game) -> Path:
        return self.store.autosave_dir / f"{ensure_game_id(game)}.json"

    def autosave(self, game: Game) -> None:
        """Called after every submission and every adjudication: a crash never loses a submitted order."""
        try:
            save_game(game, self.autosave_path(game))
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            self.statusBar().showMessage(f"Autosave failed: {exc}")

    def _autosave_drafts(self, page: GamePage) -> None:
        """When a game is closed (or the program quits): the orders entered so far go into its autosave."""
        if page.flow is None and page.gm is None:
            return  # a LAN game's orders live with its host
        page.keep_drafts()
        self.autosave(page.game)

    def save(self) -> bool:
        if self.page is None:
            return False
        if self.game_path is None:
            return self.save_as()
        return self.save_to(self.game_path)

    def save_as(self) -> bool:
        if self.page is None:
            return False
        self.store.saves_dir.mkdir(parents=True, exist_ok=True)
        suggested = self.store.saves_dir / f"{self.page.game.variant.id}-{self.page.game.phase}.json"
        dialog = QFileDialog(self, "Save the game", str(suggested), SAVE_FILTER)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        # A name typed without ".json" gets it (and the dialog asks before replacing that file): saved
        # without it, the game would be missing from Open's list of games.
        dialog.setDefaultSuffix("json")
        if dialog.exec() != QFileDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return False
        return self.save_to(Path(dialog.selectedFiles()[0]))

    def save_to(self, path: Path) -> bool:
        if self.page is None:
            return False
        self.page.keep_drafts()
        try:
            save_game(self.page.game, path)
        except OSError as exc:
            self._error("Can't save the game", f"{path}: {exc.strerror or exc}")
            return False
        self.game_path = path
        self.settings.add_recent(path)
        self.store.save(self.settings)
        self._refresh_recent()
        self.statusBar().showMessage(f"Saved {path}")
        return True

    def export_dialog(self, kind: str) -> None:
        if self.page is None:
            return
        suggested = str(Path.home() / f"{self.page.game.variant.id}-{self.page.game.phase}.{kind}")
        path, _ = QFileDialog.getSaveFileName(self, f"Export the board as {kind.upper()}", suggested,
                                              f"{kind.upper()} (*.{kind})")
        if path:
            self.export_board(Path(path))

    def export_board(self, path: Path) -> bool:
        """Write the board as shown to ``path`` (PNG, SVG or PDF by the file's suffix)."""
        if self.page is None:
            return False
        from app.drawing import DrawingError, save_pdf, save_png, save_svg
        from app.scene.pictures import shown_caption, variant_legend

        picture, geometry = self.page.export_picture(), self.page.map_geometry
        caption = shown_caption(self.page.game, self.page.results_index(), self.page.colours)
        legend = variant_legend(self.page.game.variant, geometry) if self.export_key_action.isChecked() else None
        title = window_title(caption.title, caption.phase)  # what the sheet shows: results of a phase gone by
        suffix = path.suffix.lower()
        try:
            if suffix == ".png":
                save_png(path, picture, geometry, caption=caption, legend=legend)
            elif suffix == ".svg":
                save_svg(path, picture, geometry, title=title, caption=caption, legend=legend)
            elif suffix == ".pdf":
                save_pdf(path, picture, geometry, title=title, caption=caption, legend=legend)
            else:
                raise DrawingError(f"can't export to {path.name}: use a .png, .svg or .pdf file name")
        except DrawingError as exc:
            self._error("Can't export the board", str(exc))
            return False
        self.statusBar().showMessage(f"Exported {path}")
        return True

    def report_dialog(self) -> None:
        if self.page is None:
            return
        suggested = str(Path.home() / f"{self.page.game.variant.id}-results.txt")
        path, _ = QFileDialog.getSaveFileName(self, "Export the results report", suggested, "Text (*.txt)")
        if path:
            self.export_report(Path(path))

    def mila_export_dialog(self) -> None:
        if self.page is None:
            return
        suggested = str(Path.home() / f"{self.page.game.variant.id}-mila.json")
        path, _ = QFileDialog.getSaveFileName(self, "Export as a MILA game file", suggested, "MILA games (*.json)")
        if path:
            self.export_mila(Path(path))

    def export_mila(self, path: Path) -> bool:
        """Write the open game as a MILA file (its history and position; never orders still sealed)."""
        if self.page is None:
            return False
        from engine.interop.mila_files import write_mila

        try:
            write_mila(self.page.game, path)
        except ChancelleryError as exc:
            self._error("Can't export as a MILA game file", str(exc))
            return False
        except OSError as exc:
            self._error("Can't export as a MILA game file", f"{path}: {exc.strerror or exc}")
            return False
        self.statusBar().showMessage(f"Exported {path} (MILA format)")
        return True

    def open_turn_report(self) -> None:
        if self.page is None:
            return
        from .report_viewer import ReportViewer

        ReportViewer(self.page, self).exec()

    def export_report(self, path: Path) -> bool:
        if self.page is None:
            return False
        try:
            write_atomic(path, self.page.report_text())
        except OSError as exc:
            self._error("Can't write the report", f"{path}: {exc.strerror or exc}")
            return False
        self.statusBar().showMessage(f"Wrote {path}")
        return True

    def print_dialog(self) -> None:
        if self.page is None:
            return
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from app.drawing import paint_board

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        painter = QPainter()
        if not painter.begin(printer):
            self._error("Can't print", "the printer could not be started")
            return
        try:
            geometry = self.page.map_geometry
            page_rect = printer.pageRect(QPrinter.Unit.DevicePixel)
            scale = min(page_rect.width() / geometry.width, page_rect.height() / geometry.height)
            painter.scale(scale, scale)
            paint_board(painter, geometry, self.page.export_picture())
        finally:
            painter.end()

    # --- view ----------------------------------------------------------------------------------------

    def _display_changed(self, _checked: bool = False) -> None:
        display = self.display()
        s = self.settings
        s.show_labels, s.show_units, s.show_orders, s.colour_blind = (
            display.show_labels, display.show_units, display.show_orders, display.colour_blind)
        self.store.save(s)
        if self.page is not None:
            self.page.set_display(display)

    def _toggle_edit_position(self, on: bool) -> None:
        if self.page is not None:
            self.page.set_edit_mode(on)

    def open_board_window(self) -> None:
        if self.page is not None and self.page.gm is not None:
            self.page.open_board_window()

    def show_keys_help(self) -> None:
        QMessageBox.information(self, "Keys and clicks", KEYS_HELP)

    def show_rules(self) -> RulesDialog:
        """The rules summary of the game in play (Standard's when none is)."""
        variant = self.page.game.variant if self.page is not None else find_variant("standard")
        dialog = RulesDialog(variant, self)
        dialog.show()
        return dialog

    def show_about(self) -> None:
        QMessageBox.about(self, "About Chancellery",
                          "Chancellery: a desktop Diplomacy client for hot-seat and face-to-face play, "
                          "with an exact adjudicator.")

    def _error(self, title: str, text: str) -> None:
        log.warning("%s: %s", title, text)
        self.statusBar().showMessage(f"{title}: {text}")
        if QApplication.platformName() not in ("offscreen", "minimal"):
            QMessageBox.warning(self, title, text)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.page is not None:
            self._autosave_drafts(self.page)
            self.page.close_windows()
        self.store.save(self.settings)
        super().closeEvent(event)


KEYS_HELP = """Ordering, unit first:
  click your unit, then a lit province: move
  H hold · S support (then the supported unit, then its destination
  or its own province to support it holding) · C convoy (then the army,
  then the destination) · V move via convoy · M back to moves
  Esc or a right click cancels; a new order replaces the old one.
Retreats: click the dislodged unit, then a lit province; D disbands.
Adjustments: click an empty home centre (A army, F fleet); click a unit
  to remove it; W waives a build.
Map: wheel or +/- zoom, 0 fits, drag to pan, arrow keys scroll.
Ctrl+Z / Ctrl+Shift+Z undo and redo; Ctrl+Enter adds typed orders."""


def naming_the_file(path: Path, message: str) -> str:
    """``message`` about ``path``, beginning with the file's name unless it names the file already (a player
    who opened it from the recent games, or a file manager, may not know which file it was)."""
    return message if str(path) in message else f"{path.name}: {message}"


def _is_mila_file(path: Path) -> bool:
    """A quick look at the start of a file that isn't one of our saves: is it a MILA game?"""
    from engine.interop.mila_files import looks_like_mila

    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return False
    return looks_like_mila(head.decode("utf-8", errors="replace"))
