"""The hover card: a small floating panel over the map naming the province under the pointer."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QWidget


class HoverCard(QLabel):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("hoverCard")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setStyleSheet(
            "QLabel#hoverCard { background: rgba(255, 250, 240, 235); color: #2a251f;"
            " border: 1px solid #5b5043; border-radius: 6px; padding: 6px 9px; }"
        )
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.hide()

    def show_lines(self, lines: list[str], at: QPoint) -> None:
        if not lines:
            self.hide()
            return
        head, *rest = lines
        self.setText(f"<b>{_escape(head)}</b>" + "".join(f"<br>{_escape(line)}" for line in rest))
        self.adjustSize()
        parent = self.parentWidget()
        x, y = at.x() + 18, at.y() + 18
        if parent is not None:
            if x + self.width() > parent.width():
                x = max(0, at.x() - self.width() - 12)
            if y + self.height() > parent.height():
                y = max(0, at.y() - self.height() - 12)
        self.move(x, y)
        self.show()
        self.raise_()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
