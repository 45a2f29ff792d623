"""Every character the client shows exists in DejaVu Sans (often the only font on a minimal Linux), and
the History tab's phase buttons are drawn icons, not glyphs that may be missing."""
from __future__ import annotations

import io
import tokenize
import unicodedata
from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QImage, QPainter, QRawFont
from pytestqt.qtbot import QtBot

from app.widgets.history_panel import HistoryPanel, nav_icon

APP = Path(__file__).resolve().parents[2] / "app"


def shown_characters() -> dict[str, str]:
    """Non-ASCII characters in the string literals of app/ (what windows can show), with a place each."""
    found: dict[str, str] = {}
    for path in sorted(APP.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                for ch in token.string:
                    if ord(ch) > 127:
                        found.setdefault(ch, f"{path.relative_to(APP.parent)}:{token.start[0]}")
    return found


def test_every_shown_character_is_in_dejavu_sans(qtbot: QtBot) -> None:
    if "DejaVu Sans" not in QFontDatabase.families():
        pytest.skip("DejaVu Sans is not installed here")
    chars = shown_characters()
    assert "—" in chars  # the scan sees the strings
    missing = []
    for family in ("DejaVu Sans", "DejaVu Sans Mono"):
        raw = QRawFont.fromFont(QFont(family))
        assert raw.isValid() and raw.supportsCharacter(ord("A"))
        missing += [f"{family}: {ch!r} {unicodedata.name(ch, '?')} at {where}"
                    for ch, where in chars.items() if not raw.supportsCharacter(ord(ch))]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("name", ["first", "previous", "next", "last"])
def test_navigation_icons_draw_something(qtbot: QtBot, name: str) -> None:
    icon = nav_icon(name)
    assert not icon.isNull()
    image = QImage(24, 24, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    icon.paint(painter, 0, 0, 24, 24)
    painter.end()
    inked = sum(1 for x in range(24) for y in range(24) if image.pixelColor(x, y).alpha() > 128)
    assert 40 < inked < 24 * 24 // 2, f"{name}: {inked} pixels inked"


def test_history_buttons_use_icons_not_glyphs(qtbot: QtBot) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    for button in (panel.first_button, panel.prev_button, panel.next_button, panel.last_button):
        assert not button.icon().isNull() and button.toolTip()
        assert all(ord(ch) < 128 for ch in button.text())
    assert panel.last_button.text() == "Now"
