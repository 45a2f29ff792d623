"""Every variant brings a rules summary in its own words, shown from the Help menu and the new-game dialog."""
from __future__ import annotations

from typing import Any

import pytest

from app.widgets.new_game_dialog import NewGameDialog
from app.widgets.rules_dialog import RulesDialog, rules_text
from engine.variants import find_variant


@pytest.mark.parametrize("vid, words", [
    ("standard", "18 of the 34"), ("colonial", "Suez"), ("engineered", "Engineers"),
    ("1815", "Diplomacy Points"), ("world31", "Treasury tab"), ("age_of_discovery", "Units have points")])
def test_each_variant_has_a_rules_summary(vid: str, words: str) -> None:
    summary = find_variant(vid).rules_summary()
    assert summary is not None and words in summary


def test_the_1815_summary_names_every_rule_the_variant_adds() -> None:
    summary = find_variant("1815").rules_summary() or ""
    for rule in ("Convert", "Cape", "Red arrows", "deny", "Diplomacy Points", "alone in first place", "Draws"):
        assert rule in summary, rule


def test_a_variant_without_a_summary_says_so(monkeypatch: Any) -> None:
    variant = find_variant("standard")
    monkeypatch.setattr(type(variant), "rules_summary", lambda self: None)
    assert "no rules summary" in rules_text(variant)


def test_the_new_game_dialog_shows_the_chosen_variants_rules(qtbot: Any) -> None:
    dialog = NewGameDialog(variant="1815")
    qtbot.addWidget(dialog)
    shown = dialog.show_rules()
    qtbot.addWidget(shown)
    assert isinstance(shown, RulesDialog) and "Red arrows" in shown.text.toPlainText()


def test_the_help_menu_shows_the_rules_of_the_game_in_play(qtbot: Any, tmp_path: Any) -> None:
    from app.controllers.setup import Mode, NewGameSpec
    from app.settings import SettingsStore
    from app.widgets.main_window import MainWindow

    window = MainWindow(SettingsStore(tmp_path / "config", tmp_path / "data"))
    qtbot.addWidget(window)
    before = window.show_rules()
    qtbot.addWidget(before)
    assert before.windowTitle() == "Rules — Standard" and "18 of the 34" in before.text.toPlainText()
    window.start_new_game(NewGameSpec("1815", Mode.GM, ()))
    shown = window.show_rules()
    qtbot.addWidget(shown)
    assert shown.windowTitle() == "Rules — 1815" and "Diplomacy Points" in shown.text.toPlainText()
    assert any(a.text() == "&Rules of this variant" for a in window.menuBar().actions()[-1].menu().actions())
