"""The main window around a game: start page, new-game dialog, open/save/recent, autosave, and the
``chancellery`` entry point with --help, errors and --screenshot."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pathlib import Path

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.controllers.setup import MissingOrders, Mode
from app.main import gui_main
from app.widgets.main_window import MainWindow
from app.widgets.new_game_dialog import NewGameDialog
from engine.savefile import load_game

from gui_helpers import click, start, window  # noqa: F401


def test_start_page_then_a_game_then_back(qtbot: QtBot, window: MainWindow) -> None:
    assert window.stack.currentWidget() is window.start_page
    assert not window.save_action.isEnabled()
    page = start(window)
    assert window.stack.currentWidget() is page
    assert window.windowTitle() == "Chancellery — Standard — Spring 1901 Movement"
    assert window.save_action.isEnabled() and window.edit_position_action.isEnabled()
    window.close_game()
    assert window.stack.currentWidget() is window.start_page and window.page is None
    # The autosave of the new game is offered on the start page.
    labels = [window.start_page.recent_list.item(i).text() for i in range(window.start_page.recent_list.count())]
    assert any(label.startswith("Autosave ") and "Standard, Spring 1901 Movement, game master" in label
               for label in labels)


def test_new_game_dialog_builds_the_spec(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert set(dialog.power_checks) == {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}
    assert dialog.victory_spin.value() == 18 and dialog.victory_spin.maximum() == 34
    for power, check in dialog.power_checks.items():
        check.setChecked(power in ("FRANCE", "GERMANY"))
    dialog.victory_spin.setValue(12)
    dialog.missing_combo.setCurrentIndex(dialog.missing_combo.findData(MissingOrders.RANDOM.value))
    spec = dialog.spec()
    assert spec.mode is Mode.HOTSEAT and spec.humans == ("FRANCE", "GERMANY")
    assert spec.victory_centers == 12 and spec.missing_orders is MissingOrders.RANDOM
    dialog.gm_radio.setChecked(True)
    assert not dialog.powers_box.isEnabled() and dialog.spec().humans == ()
    dialog.hotseat_radio.setChecked(True)
    for check in dialog.power_checks.values():
        check.setChecked(False)
    dialog._accept()
    assert "at least one power" in dialog.error.text() and dialog.result() == 0


def test_save_open_and_recent(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    target = tmp_path / "saves" / "mine.json"
    assert window.save_to(target) and window.game_path == target
    assert window.settings.recent_games[0] == str(target.resolve())
    assert any(a.text().startswith("mine — ") for a in window.recent_menu.actions())
    window.close_game()
    first = window.start_page.recent_list.item(0)
    assert first.text() == "mine — Standard, Spring 1901 Movement, game master"
    game = window.open_game(target)
    assert game is not None and game.phase == "S1901M" and window.page is not None


def test_opening_a_damaged_file_is_reported_not_raised(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not a game", encoding="utf-8")
    assert window.open_game(bad) is None
    assert "Can't open the game" in window.statusBar().currentMessage()
    assert window.open_game(tmp_path / "missing.json") is None
    assert window.page is None


def test_autosave_after_each_submission(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY"))
    from gui_helpers import pass_curtain, submit

    pass_curtain(qtbot, page, "France")
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    submit(qtbot, page)
    saved = load_game(window.autosave_path(page.game))
    assert saved.pending_orders("FRANCE") == ["A PAR - PIC"] and saved.has_submitted("FRANCE")


def test_entry_point_help_and_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert gui_main(["--help"]) == 0
    assert "--screenshot" in capsys.readouterr().out
    assert gui_main(["--game", str(tmp_path / "nope.json"), "--screenshot", str(tmp_path / "x.png")]) == 2
    assert "can't read" in capsys.readouterr().err
    assert gui_main(["--variant", "atlantis", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert "unknown variant" in capsys.readouterr().err
    assert gui_main(["--screenshot", str(tmp_path / "x.jpg")]) == 2


def test_screenshot_renders_the_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    monkeypatch.setenv("CHANCELLERY_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CHANCELLERY_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "shot.png"
    assert gui_main(["--variant", "standard", "--screenshot", str(out)]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 900)
    # The map is painted: the middle of the map area is not a flat background.
    colours = {image.pixel(x, y) for x in range(200, 800, 25) for y in range(200, 700, 25)}
    assert len(colours) > 10
