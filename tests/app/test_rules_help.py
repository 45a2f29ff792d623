"""Every variant brings a rules summary in its own words, shown from the Help menu and the new-game dialog:
readable (a title, sections, no Markdown marks left over) and agreeing with what the engine plays."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.widgets.new_game_dialog import NewGameDialog
from app.widgets.rules_dialog import RulesDialog, rules_text
from engine.variants import find_variant, variant_ids
from engine.variants.base import Variant
from engine.variants.emg import messages as emg_messages
from engine.variants.emg import victory as emg_victory
from engine.variants.world31 import money

WORDS = {2: "two", 6: "six", 7: "seven", 8: "eight", 9: "nine", 11: "eleven"}


@pytest.mark.parametrize("vid, words", [
    ("standard", "18 of the 34"), ("colonial", "Suez"), ("engineered", "Engineers"),
    ("1815", "Diplomacy Points"), ("world31", "Treasury tab"), ("age_of_discovery", "Units and supply"),
    ("global_diplomacy", "Relations")])
def test_each_variant_has_a_rules_summary(vid: str, words: str) -> None:
    summary = find_variant(vid).rules_summary()
    assert summary is not None and words in summary


def test_the_1815_summary_names_every_rule_the_variant_adds() -> None:
    summary = find_variant("1815").rules_summary() or ""
    for rule in ("Convert", "Cape", "Red arrows", "deny", "Diplomacy Points", "alone in first place", "draw"):
        assert rule in summary, rule


def test_a_variant_without_a_summary_says_so(monkeypatch: Any) -> None:
    variant = find_variant("standard")
    monkeypatch.setattr(type(variant), "rules_summary", lambda self: None)
    assert "No rules summary" in rules_text(variant)


def _start(variant: Variant) -> str:
    phase = variant.initial_state().phase
    return phase.long_name.rsplit(" ", 1)[0]  # "Spring 1901 Movement" -> "Spring 1901"


def _opt(variant: Variant, name: str) -> Any:
    return next(spec.default for spec in variant.option_specs if spec.name == name)


def _centres(variant: Variant) -> str:
    return f"{variant.victory_centers} of the {len(variant.board.supply_centers)} supply centres"


def _power_numbers(variant: Variant) -> list[str]:
    return [f"{i} {variant.power_name(p)}" for i, p in enumerate(sorted(variant.board.powers), 1)]


# What each summary must say, worked out from the engine's own values: the help can't drift from the game.
FACTS: list[tuple[str, Callable[[Variant], list[str]]]] = [
    ("standard", lambda v: [_centres(v), _start(v), f"{WORDS[len(v.board.powers)].capitalize()} Great Powers"]),
    ("colonial", lambda v: [_centres(v), _start(v), f"{WORDS[len(v.board.powers)].capitalize()} powers",
                            f"{v.victory_centers} supply centres after a Fall"]),
    ("1815", lambda v: [_start(v), f"{WORDS[len(v.board.powers)].capitalize()} Great Powers",
                        f"{len(v.board.supply_centers)} supply centres",
                        f"{v.victory_centers} or more centres", f"at most {_opt(v, 'dp_cap')}",
                        f"{_opt(v, 'draw_centres')} or more centres", f"{len(v.board.minor_powers)} minor powers",
                        *(v.power_name(p) for p in v.board.powers)]),
    ("engineered", lambda v: [_centres(v), f"one engineer for every {_opt(v, 'engineer_centers')} supply centres",
                              "always at least one" if _opt(v, "engineer_minimum") == 1 else "?",
                              f"**{_opt(v, 'level')}** (the default)"]),
    ("world31", lambda v: [
        _start(v), f"{WORDS[_opt(v, 'continents_to_win')]} of the eight continents",
        f"${money.TAX_SEA // money.DOLLAR} for each sea zone", f"${money.TAX_PROVINCE // money.DOLLAR} for each land",
        f"${money.TAX_CITY // money.DOLLAR} for one with a city",
        f"${money.COST_ARMY_OR_FLEET // money.DOLLAR} an army or fleet, ${money.COST_MILITIA // money.DOLLAR} a militia",
        f"bought for ${money.COST_MILITIA // money.DOLLAR} and kept for ${money.COST_MILITIA // money.DOLLAR} each Winter",
        f"at least ${money.BRIBE_MINIMUM // money.DOLLAR}",
        f"${money.REBELLION_PROVINCE // money.DOLLAR} or ${money.REBELLION_CITY // money.DOLLAR} with a city",
        f"pacifies it for ${money.PACIFY // money.DOLLAR}", f"up to ${money.LOAN_LIMIT // money.DOLLAR}",
        f"one year at {money.LOAN_TERMS[1]} %", f"two years at {money.LOAN_TERMS[2]} %"]),
    ("global_diplomacy", lambda v: [
        _start(v), f"{WORDS[len(v.board.powers)].capitalize()} Great Powers", *_power_numbers(v),
        f"{emg_victory.VOTE_TURNS[0]} to {emg_victory.VOTE_TURNS[1]} turns",
        f"{v.vote_percent[0]} to {v.vote_percent[1]} %", f"up to {WORDS[v.spies_per_turn]} areas",
        f"up to {emg_messages.MESSAGE_LENGTH} characters", f"each capital {emg_victory.CAPITAL_POINTS} more"]),
    ("age_of_discovery", lambda v: [
        _start(v), f"{v.vote_percent[0]} to {v.vote_percent[1]} %", f"up to {v.spies_per_turn} spies",
        f"no further than {WORDS[v.spy_range or 0]} areas beyond",
        f"Between {next(s.minimum for s in v.option_specs if s.name == 'players')} and "
        f"{next(s.maximum for s in v.option_specs if s.name == 'players')} powers",
        f"({_opt(v, 'players')} unless", f"up to {emg_messages.MESSAGE_LENGTH} characters", "no capitals"]),
]


@pytest.mark.parametrize("vid, facts", FACTS, ids=[vid for vid, _ in FACTS])
def test_each_summary_gives_the_numbers_the_engine_plays(vid: str, facts: Callable[[Variant], list[str]]) -> None:
    variant = find_variant(vid)
    summary = " ".join((variant.rules_summary() or "").split())  # line breaks read as spaces
    missing = [fact for fact in facts(variant) if fact not in summary]
    assert not missing, missing


def _shipped() -> set[str]:
    """The variants the engine brings (tests register boards of their own beside them)."""
    return {vid for vid in variant_ids() if type(find_variant(vid)).__module__.startswith("engine.variants.")}


def test_every_shipped_variant_is_checked_for_its_facts() -> None:
    assert {vid for vid, _ in FACTS} == _shipped()


@pytest.mark.parametrize("vid", [vid for vid, _ in FACTS])
def test_the_dialog_shows_a_title_and_sections_and_no_markdown_marks(qtbot: Any, vid: str) -> None:
    variant = find_variant(vid)
    dialog = RulesDialog(variant)
    qtbot.addWidget(dialog)
    document = dialog.text.document()
    headings = [(b.blockFormat().headingLevel(), b.text()) for b in _blocks(document) if b.blockFormat().headingLevel()]
    assert headings[0][0] == 1 and headings[0][1].startswith(variant.name)
    assert headings[0][1].endswith(" — the rules in brief")
    assert [level for level, _ in headings[1:]] == [2] * (len(headings) - 1) and len(headings) >= 3
    shown = document.toPlainText()
    for mark in ("#", "**", "`", "](", "\\"):
        assert mark not in shown, mark
    # Laid out in the dialog: the title on one line, larger than a section heading, larger than the text
    # (Qt's own Markdown sizes wrapped the longer titles over two lines of very large type).
    dialog.show()
    qtbot.waitExposed(dialog)
    title = document.firstBlock()
    section = next(b for b in _blocks(document) if b.blockFormat().headingLevel() == 2)
    text = next(b for b in _blocks(document) if not b.blockFormat().headingLevel() and b.text())
    assert title.layout().lineCount() == 1
    heights = [b.layout().lineAt(0).height() for b in (title, section, text)]
    assert heights[0] > heights[1] > heights[2] and heights[0] < 2 * heights[2], heights


@pytest.mark.parametrize("vid", [vid for vid, _ in FACTS])
def test_no_order_is_split_over_two_lines(qtbot: Any, vid: str) -> None:
    dialog = RulesDialog(find_variant(vid))
    qtbot.addWidget(dialog)
    dialog.resize(420, 600)  # narrow: many lines break
    dialog.show()
    qtbot.waitExposed(dialog)
    orders = 0
    for block in _blocks(dialog.text.document()):
        layout, fragments = block.layout(), block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            if fragment.charFormat().fontFixedPitch():
                start = fragment.position() - block.position()
                first, last = layout.lineForTextPosition(start), layout.lineForTextPosition(start + fragment.length() - 1)
                assert first.lineNumber() == last.lineNumber(), fragment.text()
                orders += 1
            fragments += 1
    assert orders > 0 or vid == "standard"


def test_orders_copied_from_the_rules_have_plain_spaces(qtbot: Any) -> None:
    dialog = RulesDialog(find_variant("1815"))
    qtbot.addWidget(dialog)
    dialog.text.selectAll()
    copied = dialog.text.createMimeDataFromSelection().text()
    assert "DENY A SCO BY F IRS" in copied and "DP 2 A SAX S A BER - HAN" in copied
    assert "\u00a0" not in copied and "\u2060" not in copied


def _blocks(document: Any) -> list[Any]:
    out, block = [], document.begin()
    while block.isValid():
        out.append(block)
        block = block.next()
    return out


def test_the_dialog_scrolls_a_long_summary(qtbot: Any) -> None:
    dialog = RulesDialog(find_variant("global_diplomacy"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.text.verticalScrollBar().maximum() > 0


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
