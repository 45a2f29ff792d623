"""Hugh's Engineered Diplomacy on the real map, by real clicks and keys: the first engineer placed in the
spring 1901 orders, an engineer's badge, a transport, a fighter's range-two targets, damage, a bid through
the dialog, the winter menu; stacked units drawn as badges; decoys marked for their owner (every decoy for
the game master) and never for anyone else, behind the hot-seat curtain included; the new-game options."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.order_entry import Step
from app.controllers.setup import Mode, NewGameSpec, create_game
from app.drawing import ArrowStyle, OrderKind
from app.scene.pictures import MADMAN_GREY, result_arrows
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from app.widgets.new_game_dialog import NewGameDialog
from engine.types import Phase, Unit, UnitType

from gui_helpers import click, draft_lines, key, pass_curtain, point_of, submit, window  # noqa: F401  (fixture)

A, F, W, E, D = UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER, UnitType.ENGINEER, UnitType.DECOY

MIDGAME = [
    ("RUSSIA", A, "MOS"), ("RUSSIA", E, "MOS"), ("RUSSIA", W, "WAR"), ("RUSSIA", F, "STP/SC"),
    ("RUSSIA", D, "STP/SC"), ("RUSSIA", D, "UKR"), ("RUSSIA", E, "LVN"),
    ("TURKEY", A, "SEV"), ("TURKEY", D, "CON"), ("TURKEY", A, "ANK"),
    ("NEUTRAL", A, "RUM"), ("NEUTRAL", F, "BLA"), ("AUSTRIA", A, "BUD"),
]
CENTRES = {"MOS": "RUSSIA", "WAR": "RUSSIA", "STP": "RUSSIA", "SEV": "TURKEY", "ANK": "TURKEY", "CON": "TURKEY",
           "RUM": "NEUTRAL", "BUD": "AUSTRIA"}
PRISON = {"stacked": [{"power": "TURKEY", "kind": "P", "loc": "SEV", "from": "RUSSIA"}]}


def open_engineered(window: MainWindow, mode: Mode = Mode.GM, humans: tuple[str, ...] = (),
                    units: list[tuple[str, UnitType, str]] | None = None, phase: str = "S1902M",
                    extra: dict[str, Any] | None = PRISON, centres: dict[str, str] = CENTRES) -> GamePage:
    game = create_game(NewGameSpec("engineered", mode, humans, extra_options={"level": "complex"}))
    if units is not None:
        state = game.variant.make_state(Phase.parse(phase), [Unit(p, k, loc) for p, k, loc in units], centres,
                                        extra=extra)
        game.replace_state(state)
    window.show_game(game)
    QApplication.processEvents()
    assert window.page is not None
    window.page.view.fit_to_window()
    QApplication.processEvents()
    return window.page


def badge_point(page: GamePage, power: str, letter: str, prov: str) -> QPoint:
    item = page.scene.units[(power, letter, prov, False)]
    return page.view.mapFromScene(item.mapToScene(item.centre()))


def arrows(page: GamePage) -> set[tuple[OrderKind, str, str | None, str | None, ArrowStyle]]:
    return {(a.kind, a.from_loc, a.to_loc, a.aux_loc, a.style) for a in page.scene.picture.orders}


def decoy_marks(page: GamePage) -> dict[str, str]:
    """Every decoy sign on the map: province -> how it shows (a marked unit or a decoy badge)."""
    out = {loc.split("/")[0]: "marked" for (_p, _k, loc, _d), item in page.scene.units.items() if item.decoy}
    out.update({loc.split("/")[0]: "badge" for (_p, kind, loc, _d) in page.scene.units if kind == "D"})
    return out


# --- orders by clicks -------------------------------------------------------------------------------------


def test_the_first_engineer_is_placed_in_the_spring_1901_orders(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window)
    click(qtbot, page, "MOS")
    assert page.flyout.buttons["E"].isVisible() and page.flyout.buttons["E"].text() == "Place the engineer (E)"
    key(qtbot, page, Qt.Key.Key_E)
    assert draft_lines(page, "RUSSIA") == ["E MOS B"]
    assert (OrderKind.BUILD, "MOS", None, None, ArrowStyle.NORMAL) in arrows(page)
    assert any(a.unit_type == "E" for a in page.scene.picture.orders)
    click(qtbot, page, "UKR")  # the fighter stays selected for its own order
    assert draft_lines(page, "RUSSIA") == ["E MOS B", "W MOS - UKR"]
    page.gm.adjudicate()  # type: ignore[union-attr]
    QApplication.processEvents()
    # Placed where the fighter stood; it can't move in the turn it is placed (rule 1a).
    assert ("RUSSIA", "E", "MOS", False) in page.scene.units and ("RUSSIA", "W", "UKR", False) in page.scene.units
    assert page.scene.units[("RUSSIA", "E", "MOS", False)].icon_scale < 1  # alone in Moscow now, on the anchor
    assert "E MOS" in page.game.variant.describe_units(page.game.state)["RUSSIA"]


def test_a_click_on_an_engineers_badge_selects_the_engineer(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, units=MIDGAME)
    item = page.scene.units[("RUSSIA", "E", "MOS", False)]
    assert item.badge and item.offset != (0.0, 0.0) and item.icon_scale < 1
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=badge_point(page, "RUSSIA", "E", "MOS"))
    entry = page.entry
    assert entry is not None and entry.slot == ("MOS", "E", "RUSSIA")
    assert {pid for pid, p in page.scene.provinces.items() if p.lit} == {"LVN", "SEV", "STP", "UKR", "WAR"}
    click(qtbot, page, "UKR")
    assert draft_lines(page, "RUSSIA") == ["E MOS - UKR"]
    click(qtbot, page, "MOS")  # off the badge: the army
    assert entry.slot is None and entry.selected == "MOS"


def test_a_transport_order_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, units=MIDGAME)
    click(qtbot, page, "STP")
    assert page.flyout.buttons["T"].isVisible() and page.flyout.buttons["T"].text() == "Transport an engineer (T)"
    key(qtbot, page, Qt.Key.Key_T)
    assert page.entry is not None and page.entry.stage == "transport"
    assert {pid for pid, p in page.scene.provinces.items() if p.lit} == {"MOS", "LVN"}
    click(qtbot, page, "LVN")
    assert draft_lines(page, "RUSSIA") == ["F STP/SC T E LVN"]
    assert (OrderKind.TRANSPORT, "STP/SC", None, "LVN", ArrowStyle.NORMAL) in arrows(page)


def test_a_fighter_lights_its_range_two_targets(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window)
    click(qtbot, page, "MOS")
    lit = {pid for pid, p in page.scene.provinces.items() if p.lit}
    assert {"NWY", "RUM"} <= lit and {"UKR", "STP", "SEV"} <= lit  # two areas to neutral centres, one to land
    assert "GAL" not in lit and "ARM" not in lit
    key(qtbot, page, Qt.Key.Key_S)
    lit = {pid for pid, p in page.scene.provinces.items() if p.lit}
    assert {"WAR", "SEV", "BUD", "ANK", "BER"} <= lit and "CON" not in lit  # units two areas away


def test_a_damage_order_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, units=MIDGAME)
    click(qtbot, page, "WAR")
    assert page.flyout.buttons["X"].isVisible()
    qtbot.mouseClick(page.flyout.buttons["X"], Qt.MouseButton.LeftButton)
    click(qtbot, page, "BUD")
    assert {pid for pid, p in page.scene.provinces.items() if p.lit} == {"BUD", "GAL", "RUM", "VIE"}
    click(qtbot, page, "GAL")
    assert draft_lines(page, "RUSSIA") == ["W WAR D A BUD - GAL"]
    assert (OrderKind.SUPPORT_MOVE, "WAR", "GAL", "BUD", ArrowStyle.DAMAGE) in arrows(page)


def test_a_bid_through_the_dialog(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, units=MIDGAME)
    page.gm.set_focus_power("RUSSIA")  # type: ignore[union-attr]
    click(qtbot, page, "BLA")
    dialog = page.bid_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.unit_combo.currentText() == "F BLA"
    assert set(dialog.offer_checks) == {"MOS", "STP/SC", "WAR"}  # no decoy on offer
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert "offer at least one" in dialog.error.text() and dialog.isVisible()
    offer = dialog.offer_checks["MOS"]
    qtbot.mouseClick(offer, Qt.MouseButton.LeftButton, pos=QPoint(8, offer.height() // 2))  # on its box
    assert offer.isChecked()
    dialog.order_combo.setCurrentIndex(dialog.order_combo.findText("F BLA - ANK"))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not dialog.isVisible() and page.bid_dialog is None
    assert draft_lines(page, "RUSSIA") == ["BID A MOS FOR F BLA - ANK"]
    assert (OrderKind.MOVE, "BLA", "ANK", None, ArrowStyle.NORMAL) in arrows(page)  # the order asked for
    assert "if the bid wins, A MOS holds in civil disorder" in page.order_panel.warnings.text()


def test_the_winter_menu_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    units = [("RUSSIA", A, "SEV"), ("RUSSIA", E, "SEV"), ("RUSSIA", W, "WAR")]
    centres = {"MOS": "RUSSIA", "WAR": "RUSSIA", "STP": "RUSSIA", "SEV": "RUSSIA", "RUM": "RUSSIA"}
    page = open_engineered(window, units=units, phase="W1903A", extra=None, centres=centres)
    click(qtbot, page, "SEV")
    assert page.question_menu is not None
    labels = [a.text() for a in page.question_menu.actions() if a.text()]
    assert "The engineer converts it into a fleet\t1" in labels and "Make a decoy of A SEV (takes a build)\tD" in labels
    key(qtbot, page, Qt.Key.Key_D)
    assert draft_lines(page, "RUSSIA") == ["D SEV B"]


# --- drawing ------------------------------------------------------------------------------------------------


def test_stacked_units_are_badges_round_their_provinces_unit(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, units=MIDGAME)
    units = page.scene.units
    army = units[("TURKEY", "A", "SEV", False)]
    prison = units[("TURKEY", "P", "SEV", False)]
    assert not army.badge and army.offset == (0.0, 0.0)
    assert prison.badge and prison.offset != (0.0, 0.0) and prison.pos() == army.pos()
    lone = units[("RUSSIA", "E", "LVN", False)]  # an engineer alone takes the anchor, smaller
    assert lone.badge and lone.offset == (0.0, 0.0) and lone.icon_scale < 1
    assert page.colours["NEUTRAL"] == MADMAN_GREY and units[("NEUTRAL", "F", "BLA", False)].colour == MADMAN_GREY


# --- decoys and privacy -------------------------------------------------------------------------------------


def test_the_game_master_sees_every_decoy_marked(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, units=MIDGAME)
    assert decoy_marks(page) == {"UKR": "marked", "STP": "badge", "CON": "marked"}
    assert page.public_picture()[0].decoys == frozenset()  # the projector shows no one's secrets


def test_a_power_sees_its_own_decoys_marked_and_no_one_elses(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, Mode.HOTSEAT, ("RUSSIA", "TURKEY"), units=MIDGAME)
    # Behind the curtain nobody's decoy shows.
    assert page.flow is not None and page.flow.stage is Stage.CURTAIN
    assert decoy_marks(page) == {} and page.scene.picture.decoys == frozenset()
    assert not any(u.type == "D" for u in page.scene.picture.units)
    pass_curtain(qtbot, page, "RUSSIA")
    assert decoy_marks(page) == {"UKR": "marked", "STP": "badge"}
    qtbot.mouseMove(page.view.viewport(), point_of(page, "MOS"))
    qtbot.mouseMove(page.view.viewport(), point_of(page, "UKR"))
    qtbot.waitUntil(lambda: "Unit: Russian army — a decoy" in page.hover_card.text())
    click(qtbot, page, "STP")
    key(qtbot, page, Qt.Key.Key_D)
    click(qtbot, page, "BOT")  # the decoy leaves its twin
    assert draft_lines(page, "RUSSIA") == ["D STP/SC - BOT"]
    submit(qtbot, page)
    assert page.flow.stage is Stage.CURTAIN
    assert decoy_marks(page) == {} and not page.scene.picture.orders
    pass_curtain(qtbot, page, "TURKEY")
    assert decoy_marks(page) == {"CON": "marked"}  # its own; Russia's are plain units
    assert page.scene.units[("RUSSIA", "A", "UKR", False)].decoy is False
    assert ("RUSSIA", "D", "STP/SC", False) not in page.scene.units and ("RUSSIA", "F", "STP/SC", False) in page.scene.units
    qtbot.mouseMove(page.view.viewport(), point_of(page, "MOS"))
    qtbot.mouseMove(page.view.viewport(), point_of(page, "UKR"))
    qtbot.waitUntil(lambda: "Ukraine" in page.hover_card.text())
    assert "decoy" not in page.hover_card.text()
    qtbot.mouseMove(page.view.viewport(), point_of(page, "STP"))
    qtbot.waitUntil(lambda: "St" in page.hover_card.text())
    assert "decoy" not in page.hover_card.text()
    submit(qtbot, page)
    # Results, for everyone: the decoy's move reads as the fleet's, no one's decoy is marked.
    assert page.flow.stage is Stage.RESULTS
    assert decoy_marks(page) == {}
    drawn = arrows(page)
    assert (OrderKind.MOVE, "STP/SC", "BOT", None, ArrowStyle.NORMAL) in drawn
    report = page.history_panel.report.toPlainText()
    assert "F STP/SC - BOT" in report and "D STP" not in report


def test_results_draw_transports_and_damage_and_report_a_capture(qtbot: QtBot, window: MainWindow) -> None:
    units = [("RUSSIA", E, "MOS"), ("RUSSIA", W, "WAR"), ("RUSSIA", A, "STP"), ("RUSSIA", E, "LVN"),
             ("TURKEY", A, "UKR"), ("AUSTRIA", A, "GAL"), ("AUSTRIA", A, "BUD"), ("AUSTRIA", A, "VIE")]
    page = open_engineered(window, units=units, extra=None)
    game = page.game
    game.set_orders("TURKEY", ["A UKR - MOS"], ready=True)
    game.set_orders("AUSTRIA", ["A VIE S A BUD - GAL", "A BUD - GAL", "A GAL - UKR"], ready=True)
    assert page.gm is not None
    page.gm.draft.merge("RUSSIA", [game.check_line("RUSSIA", t).order for t in  # type: ignore[misc]
                                   ("A STP T E LVN", "W WAR D A VIE")], "typed")
    qtbot.mouseClick(page.order_panel.submit_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.order_panel.confirm_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert len(game.history) == 1
    drawn = arrows(page)
    assert (OrderKind.TRANSPORT, "STP", None, "LVN", ArrowStyle.NORMAL) in drawn
    assert (OrderKind.SUPPORT_HOLD, "WAR", "VIE", None, ArrowStyle.DAMAGE) in drawn
    assert "captured by Turkey's A MOS" in page.banner_text.text()
    assert ("TURKEY", "P", "MOS", False) in page.scene.units and ("RUSSIA", "E", "STP", False) in page.scene.units
    assert result_arrows(game.variant, game.history[0], viewer="TURKEY")  # readable by one power too


def test_a_centre_going_to_the_madman_is_reported(qtbot: QtBot, window: MainWindow) -> None:
    units = [("NEUTRAL", A, "BUL"), ("TURKEY", A, "CON"), ("RUSSIA", A, "MOS")]
    page = open_engineered(window, units=units, phase="F1902M", extra=None,
                           centres={"BUL": "TURKEY", "CON": "TURKEY", "MOS": "RUSSIA"})
    assert page.gm is not None
    page.gm.adjudicate()
    QApplication.processEvents()
    assert page.game.state.centers["BUL"] == "NEUTRAL"
    assert "Madman takes BUL" in page.banner_text.text()
    report = page.history_panel.report.toPlainText()
    assert "A BUL H" in report and "Madman" in report


# --- the new game -----------------------------------------------------------------------------------------


def test_the_new_game_dialog_offers_the_level_and_the_other_options(qtbot: QtBot) -> None:
    dialog = NewGameDialog(variant="engineered")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.options_box.isVisible()
    level = dialog.option_widgets["level"][1]
    assert [level.itemData(i) for i in range(level.count())] == ["simple", "complex", "advanced"]  # type: ignore[attr-defined]
    assert level.currentData() == "complex"  # type: ignore[attr-defined]
    level.setCurrentIndex(level.findData("advanced"))  # type: ignore[attr-defined]
    dialog.option_widgets["decoys"][1].setChecked(False)  # type: ignore[attr-defined]
    spec = dialog.spec()
    assert spec.extra_options == {"level": "advanced", "engineer_centers": 4, "engineer_minimum": 1,
                                  "decoys": False, "austria_trieste": "F", "engineer_builds_on": "owned"}
    game = create_game(spec)
    assert game.variant.settings.survival and not game.variant.settings.use_decoys
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("standard"))
    assert not dialog.options_box.isVisible() and dialog.spec().extra_options == {}
