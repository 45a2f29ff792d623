"""The results list beside the map: an adjudicated phase's orders grouped by power, each with its verdict
and the reason, in words (not colour alone)."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape

from PySide6.QtWidgets import QTextEdit, QWidget

from app.controllers.results import BOUNCED, CUT, DISLODGED, INVALID, SUCCEEDS, VOID, PhaseResults

VERDICT_COLOURS = {SUCCEEDS: "#1b6e2a", BOUNCED: "#b00020", CUT: "#a34a00", DISLODGED: "#7a0f5c",
                   VOID: "#6b6b6b", INVALID: "#b00020"}
FALLBACK_COLOUR = "#b00020"


class ResultsList(QTextEdit):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsList")
        self.setReadOnly(True)
        self.results: PhaseResults | None = None

    def show_results(self, results: PhaseResults, colours: Mapping[str, str]) -> None:
        self.results = results
        parts = ["<table width='100%' cellspacing='0' cellpadding='2'>"]
        for group in results.powers:
            colour = colours.get(group.power, "#888888")
            parts.append(
                "<tr><td colspan='2' style='padding-top:8px'>"
                f"<span style='color:{colour}; font-size:large'>&#9632;</span> "
                f"<b>{escape(group.name)}</b> <span style='color:#6b6b6b'>— {escape(group.summary())}</span>"
                "</td></tr>")
            for row in group.rows:
                verdict_colour = VERDICT_COLOURS.get(row.verdict, FALLBACK_COLOUR)
                order = escape(row.order)
                if row.default:  # filled in by the engine: quieter than the orders people gave
                    order = f"<span style='color:#6b6b6b'>{order}</span>"
                parts.append(
                    f"<tr><td style='font-family:monospace'>{order}</td>"
                    f"<td align='right'><b style='color:{verdict_colour}'>{escape(row.verdict)}</b></td></tr>")
                if row.reason:
                    parts.append(f"<tr><td colspan='2' style='color:#4a4238; padding-left:14px'>"
                                 f"<small>{escape(row.reason)}</small></td></tr>")
        parts.append("</table>")
        if results.notes:
            parts.append("<p><b>Also</b></p><ul>")
            parts.extend(f"<li>{escape(n)}</li>" for n in results.notes)
            parts.append("</ul>")
        if not results.powers and not results.notes:
            parts.append("<p>No orders here that every power may see: under fog of war each power reads its own "
                         "results in the History tab when it next has the seat.</p>" if results.hidden else
                         "<p>No orders this phase.</p>")
        self.setHtml("".join(parts))

    def clear_results(self) -> None:
        self.results = None
        self.clear()
