"""How a game is won, on screen: the new-game dialog shows each variant's own victory rule and asks for a
supply-centre count only where one wins (or, in EMG's games, ends the game), and the centre strip's bars
measure what wins (World Diplomacy: continents conquered of seven, named in the tooltip). Each test renders
the dialog or the strip to a PNG file and reads its pixels."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from app.controllers.setup import create_game
from app.widgets.centre_strip import CentreStrip
from app.widgets.new_game_dialog import NewGameDialog
from engine.game import Game
from engine.types import Phase
from engine.variants import find_variant

RULES = {
    "standard": ("Supply centres to win:", 18, "A power owning 18 of the 34 supply centres wins."),
    "1815": ("Supply centres to win:", 25, "alone in first place with 25 or more of the 63 supply centres"),
    "colonial": ("Supply centres to win:", 30, "Hong Kong held by China counts for nobody"),
    "engineered": ("Supply centres to win:", 18, "A power owning 18 of the 34 supply centres wins."),
    "global_diplomacy": ("Supply centres that end the game:", 105, "greatest percentage increase in victory points"),
    "age_of_discovery": ("Supply centres that end the game:", 48, "greatest percentage increase in victory points"),
    "world31": (None, None, "A country wins by conquering 7 of the 8 continents"),
}


def saved(widget: object, path: Path) -> QImage:
    """``widget`` rendered to the PNG file ``path``, read back."""
    assert widget.grab().save(str(path))  # type: ignore[attr-defined]
    image = QImage(str(path))
    assert not image.isNull()
    return image


def colours_in(image: QImage, top: int, bottom: int) -> set[str]:
    return {QColor(image.pixel(x, y)).name() for x in range(image.width()) for y in range(max(0, top), bottom)}


@pytest.mark.parametrize("vid", RULES)
def test_the_dialog_shows_the_variants_own_victory_rule(qtbot: QtBot, tmp_path: Path, vid: str) -> None:
    label, default, words = RULES[vid]
    dialog = NewGameDialog(variant=vid)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(dialog.sizeHint().expandedTo(dialog.size()))  # the offscreen screen is small
    label_hint = dialog.victory_text.heightForWidth(dialog.victory_text.width())
    assert dialog.victory_text.height() >= label_hint  # every line of the rule in sight
    saved(dialog, tmp_path / f"new_game_{vid}.png")
    assert dialog.victory_text.isVisible() and words in dialog.victory_text.text()
    assert dialog.victory_text.text() == find_variant(vid).victory_rule().text
    if label is None:
        assert not dialog.victory_spin.isVisible() and not dialog.victory_label.isVisible()
        assert dialog.spec().victory_centers is None
    else:
        assert dialog.victory_spin.isVisible() and dialog.victory_label.text() == label
        assert dialog.victory_spin.value() == default and dialog.spec().victory_centers == default
    texts = " ".join(w.text() for w in dialog.findChildren(type(dialog.victory_label)) if w.isVisible())
    if vid in ("world31", "global_diplomacy", "age_of_discovery"):
        assert "Supply centres to win" not in texts


def test_choosing_the_count_rewords_the_rule_and_starts_the_same_game(qtbot: QtBot) -> None:
    dialog = NewGameDialog(variant="1815")
    qtbot.addWidget(dialog)
    dialog.victory_spin.setValue(20)
    assert "alone in first place with 20 or more" in dialog.victory_text.text()
    game = create_game(dialog.spec())
    chosen = {**dialog.variant_option_values(), "victory_centers": 20}
    assert game.variant.options == chosen and game.variant.victory_centers == 20
    assert game.state == Game.new("1815", options=chosen).state


def test_the_variants_options_reword_the_rule(qtbot: QtBot) -> None:
    dialog = NewGameDialog(variant="engineered")
    qtbot.addWidget(dialog)
    level = dialog.option_widgets["level"][1]
    level.setCurrentIndex(level.findData("advanced"))  # type: ignore[attr-defined]
    dialog.settle_options()
    assert "the last player left wins" in dialog.victory_text.text()
    game = create_game(dialog.spec())
    assert game.variant.settings.survival and game.variant.options["victory_centers"] == 18
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("world31"))
    dialog.option_widgets["continents_to_win"][1].setValue(5)  # type: ignore[attr-defined]
    dialog.settle_options()
    assert "conquering 5 of the 8 continents" in dialog.victory_text.text()
    world = create_game(dialog.spec())
    assert "victory_centers" not in world.variant.options and world.variant.options["continents_to_win"] == 5


def test_age_of_discovery_asks_for_the_centres_of_the_players_chosen(qtbot: QtBot) -> None:
    dialog = NewGameDialog(variant="age_of_discovery")
    qtbot.addWidget(dialog)
    assert dialog.victory_spin.maximum() == 48
    dialog.option_widgets["players"][1].setValue(9)  # type: ignore[attr-defined]
    spec = dialog.spec()  # reads the count after the players' change
    assert dialog.victory_spin.maximum() == 36 and spec.victory_centers == 36
    assert "all 36 supply centres" in dialog.victory_text.text()
    game = create_game(spec)
    assert game.variant.victory_centers == len(game.variant.board.supply_centers) == 36
    # Left at its default, the count follows more players' map too; a count chosen is kept.
    dialog.option_widgets["players"][1].setValue(20)  # type: ignore[attr-defined]
    assert dialog.spec().victory_centers == dialog.victory_spin.maximum() == 80
    dialog.victory_spin.setValue(30)
    dialog.option_widgets["players"][1].setValue(15)  # type: ignore[attr-defined]
    assert dialog.spec().victory_centers == 30 and "owning 30 of the 60 supply centres" in dialog.victory_text.text()


def _strip(qtbot: QtBot, game: Game) -> CentreStrip:
    strip = CentreStrip()
    qtbot.addWidget(strip)
    strip.show_game(game, {p: info.color for p, info in game.variant.board.powers.items()})
    strip.resize(1400, strip.sizeHint().height())
    strip.show()
    qtbot.waitExposed(strip)
    return strip


def _bar_colours(strip: CentreStrip, image: QImage) -> set[str]:
    """The colours of the strip's bars (a bar is drawn 2 px high at each chip's foot, on every row)."""
    feet = {round(cell.bottom()) for _c, cell, *_rest in strip.chips()}
    return set().union(*(colours_in(image, foot - 4, min(foot, image.height())) for foot in feet))


def test_the_world_strip_measures_continents_conquered(qtbot: QtBot, tmp_path: Path) -> None:
    variant = find_variant("world31")
    held = {p.id: "BRAZIL" for p in variant.board.provinces.values() if p.continent in ("EP", "AF") and p.is_land
            and p.city}
    state = variant.make_state(Phase.parse("S2005M"), [], {}, extra={"control": held})
    game = Game(variant, state)
    strip = _strip(qtbot, game)
    image = saved(strip, tmp_path / "strip_world31.png")
    assert strip.share_of("BRAZIL") == pytest.approx(2 / 7) and strip.share_of("SPAIN") == 0
    assert strip.progress["BRAZIL"].note == "Europe, Africa"
    tooltip = strip.toolTip()
    assert "Brazil: 2 of 7 continents conquered (Europe, Africa)" in tooltip
    assert "A country wins by conquering 7 of the 8 continents" in tooltip
    assert "Spain:" not in tooltip  # only the countries with a conquest are listed
    brazil = QColor(variant.board.powers["BRAZIL"].color).name()
    assert brazil in _bar_colours(strip, image)
    start = _strip(qtbot, Game.new("world31"))
    assert "Continents conquered: none yet" in start.toolTip()
    assert not {QColor(info.color).name() for info in variant.board.powers.values()} & _bar_colours(
        start, saved(start, tmp_path / "strip_world31_start.png"))


@pytest.mark.parametrize(("vid", "power"), [("standard", "RUSSIA"), ("1815", "BRITAIN"), ("colonial", "BRITAIN")])
def test_a_centre_strip_measures_centres_of_the_target(qtbot: QtBot, tmp_path: Path, vid: str, power: str) -> None:
    game = Game.new(vid)
    strip = _strip(qtbot, game)
    image = saved(strip, tmp_path / f"strip_{vid}.png")
    assert strip.target == game.variant.victory_centers
    assert strip.share_of(power) == pytest.approx(game.variant.center_count(game.state, power) / strip.target)
    assert game.variant.victory_rule().text in strip.toolTip()
    assert QColor(game.variant.board.powers[power].color).name() in _bar_colours(strip, image)


def test_an_emg_strip_draws_no_bars_and_says_what_wins(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game.new("global_diplomacy")
    strip = _strip(qtbot, game)
    image = saved(strip, tmp_path / "strip_global_diplomacy.png")
    assert strip.target is None and all(strip.share_of(p) is None for p in game.variant.powers)
    assert "greatest percentage increase in victory points" in strip.toolTip()
    assert not {QColor(info.color).name() for info in game.variant.board.powers.values()} & _bar_colours(strip, image)


@pytest.mark.parametrize(("vid", "label"), [("world31", None), ("standard", "Supply centres to win"),
                                            ("global_diplomacy", "Supply centres that end the game")])
def test_the_lan_host_asks_for_the_count_as_the_rule_has_it(qtbot: QtBot, tmp_path: Path, vid: str,
                                                            label: str | None) -> None:
    from app.net.dialogs import HostDialog

    dialog = HostDialog(None, vid, tmp_path)
    qtbot.addWidget(dialog)
    widgets = dialog.options_box.widgets
    if label is None:
        assert "victory_centers" not in widgets and "continents_to_win" in widgets
    else:
        assert widgets["victory_centers"][0].label == label
