"""One open game: the map, the order and history panels, the hot-seat curtain and the results banner.

This widget only connects things: clicks and keys go to the Qt-free controllers (``OrderEntry``,
``HotSeatFlow``, ``GameMaster``), and :meth:`GamePage.refresh` redraws everything from their state. What
is shown while a hot-seat power enters orders comes only from that power's own draft.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QPoint, QRect, Qt, Signal
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.controllers.accounts import account_panel
from app.controllers.area_picks import AreaPicker, area_pickings
from app.controllers.relations import draft_relation_order, relations_grid, withdraw_relation_order
from app.controllers.allocations import allocation_panel
from app.controllers.bids import bid_choices
from app.controllers.describe import hover_lines, notes_banner, order_line, power_name, rule_notes, window_title
from app.controllers.drafts import OrderDraft
from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.order_entry import Click, OrderEntry, Step
from app.controllers.results import PhaseResults, phase_results
from app.controllers.review import known_orders, review
from app.controllers.setup import Mode, bot_seats, game_mode, human_powers
from app.controllers.text_orders import enter_text_orders, example_orders, mail_text
from app.drawing import BoardPicture
from app.drawing.errors import GeometryError
from app.scene.map_scene import MapScene
from app.scene.map_view import MapView
from app.scene.pictures import (
    ALL,
    PUBLIC,
    Display,
    board_geometry,
    board_picture,
    draft_arrows,
    power_colours,
    result_arrows,
    unseen_areas,
    unexplored_areas,
    area_labels,
    view_of,
)
from engine.game import Game
from engine.orders import Hold
from engine.phases import OrderResult
from engine.report import centre_changes, phase_report, state_after
from engine.state import GameState, StackedUnit
from engine.types import ChancelleryError, PhaseType, UnitType, province_of, unit_spec

from .account_panel import AccountPanelWidget
from .emg_standings import MasterPanelWidget
from .allocation_panel import AllocationPanelWidget
from .relations_panel import RelationsPanelWidget
from .bid_dialog import BidDialog
from .centre_strip import CentreStrip
from .board_window import BoardWindow
from .curtain import Curtain
from .history_panel import NOW, HistoryPanel
from .hover_card import HoverCard
from .kind_flyout import KindFlyout
from .order_panel import OrderPanel

log = logging.getLogger("chancellery.app.game")
_THE_VIEWER = object()  # "whoever is looking now" (see GamePage.viewer)


class GamePage(QWidget):
    status = Signal(str)  # the prompt line for the status bar
    title_changed = Signal(str)
    game_changed = Signal()  # the game itself changed (a submission, an adjudication, an edit)

    def __init__(self, game: Game, display: Display, autosave: Callable[[Game], None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gamePage")
        self.game = game
        self.mode = game_mode(game)
        self.display = display
        self.board = game.variant.board
        self.map_geometry, self.schematic = board_geometry(game.variant.map_id)
        self.colours = power_colours(self.board, display.colour_blind, game.variant)
        self.review_index: int | None = None
        self.edit_mode = False
        self.board_window: BoardWindow | None = None
        self.public_scene: MapScene | None = None
        self.question_menu: QMenu | None = None
        self._question_shown: object = None
        self._drawn_key: tuple[object, ...] = ()
        self.bid_dialog: BidDialog | None = None
        self._copied_mail: str | None = None  # orders this page put on the clipboard
        self._building = True

        self.flow: HotSeatFlow | None = None
        self.gm: GameMaster | None = None
        self._create_controllers(autosave)

        # --- widgets ---
        self.scene = MapScene(self.map_geometry, self.board, self.colours)
        # Owned by the page, so the scene dies on the GUI thread with it: left to Python, a garbage
        # collection that happens to run on a network thread would delete it (and its timers) there.
        self.scene.setParent(self)
        self.view = MapView(self.scene)
        self.view.setObjectName("mapView")
        self.hover_card = HoverCard(self.view.viewport())
        self.flyout = KindFlyout(self.view.viewport())
        self.banner = QFrame()
        self.banner.setObjectName("resultsBanner")
        self.banner.setStyleSheet("QFrame#resultsBanner { background: #fff4d6; border-bottom: 1px solid #c9a94a; }")
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(10, 6, 10, 6)
        self.banner_text = QLabel()
        self.banner_text.setWordWrap(True)
        banner_font = QFont()
        banner_font.setBold(True)
        self.banner_text.setFont(banner_font)
        self.banner_button = QPushButton()
        self.banner_button.setObjectName("continueButton")
        banner_layout.addWidget(self.banner_text, 1)
        banner_layout.addWidget(self.banner_button)
        self.banner.hide()

        map_area = QWidget()
        map_layout = QVBoxLayout(map_area)
        map_layout.setContentsMargins(0, 0, 0, 0)
        map_layout.setSpacing(0)
        if self.schematic:
            note = QLabel("  Schematic board: this map has no drawn geometry yet.")
            note.setStyleSheet("background: #e9e2d0; color: #5b5043;")
            map_layout.addWidget(note)
        map_layout.addWidget(self.banner)
        self.centre_strip = CentreStrip.following(self)  # centre counts in sight while entering orders
        map_layout.addWidget(self.centre_strip)
        map_layout.addWidget(self.view, 1)

        self.order_panel = OrderPanel()
        self.history_panel = HistoryPanel()
        self.history_panel.allow_rollback(self.gm is not None)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.order_panel, "Orders")
        self.tabs.addTab(self.history_panel, "History")
        # The variant's allocation panel (1815's Diplomacy Points): a tab only while the power at the
        # orders has one (see _refresh_allocation_tab).
        self.allocation_panel = AllocationPanelWidget()
        self.allocation_panel.changed = self.refresh
        # The variant's private account panel (World Diplomacy's treasury), shown on the same terms.
        self.account_panel = AccountPanelWidget()
        self.account_panel.changed = self.refresh
        # The variant's relations panel (EMG's alliances and wars): a tab while the variant has one.
        self.relations_panel = RelationsPanelWidget()
        self.area_picker: AreaPicker | None = None  # the power at the orders picking areas on the map (spies)
        self._relations_shown: tuple[object, ...] = ()
        # The variant's game master panel (EMG's full standings and every message with its sender): GM only.
        self.master_panel = MasterPanelWidget()

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(map_area)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([1000, 340])

        self.curtain = Curtain()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.splitter)
        self.stack.addWidget(self.curtain)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.stack)

        # --- wiring ---
        self.view.location_clicked.connect(self._on_click)
        self.view.location_hovered.connect(self._on_hover)
        self.view.order_key.connect(self._on_key)
        self.view.zoom_changed.connect(lambda _z: self._place_flyout())
        self.view.horizontalScrollBar().valueChanged.connect(lambda _v: self._place_flyout())
        self.view.verticalScrollBar().valueChanged.connect(lambda _v: self._place_flyout())
        self.flyout.kind_chosen.connect(self._on_key)
        self.curtain.ready.connect(self._on_curtain_ready)
        self.banner_button.clicked.connect(self._on_banner_button)
        panel = self.order_panel
        panel.text_entered.connect(self._on_text)
        panel.remove_requested.connect(self._on_remove)
        panel.undo_requested.connect(self.undo)
        panel.redo_requested.connect(self.redo)
        panel.clear_requested.connect(self._on_clear)
        panel.waive_requested.connect(self._on_waive)
        panel.hold_rest_requested.connect(self._on_hold_rest)
        panel.suggest_requested.connect(self._on_suggest)
        panel.copy_mail_requested.connect(self.copy_orders_as_mail)
        mail = game.variant.mail_format()
        panel.set_mail_copy(mail.title if mail is not None else None)
        panel.submit_confirmed.connect(self._on_submit)
        panel.focus_power_changed.connect(self._on_focus_power)
        self.history_panel.phase_selected.connect(self._on_phase_selected)
        self.history_panel.rollback_requested.connect(self._on_rollback)
        self.history_panel.undo_rollback_requested.connect(self.undo_rollback)
        self.relations_panel.grid.order_chosen.connect(self._on_relation_order)
        self.relations_panel.grid.withdraw_chosen.connect(self._on_relation_withdraw)
        self.relations_panel.pick_requested.connect(self._on_pick_requested)
        self.relations_panel.pick_finished.connect(self._end_area_picking)

        self._building = False
        if self.flow is not None:
            self.flow.start()
        self.refresh()

    def _create_controllers(self, autosave: Callable[[Game], None] | None) -> None:
        """The controllers behind this page (the LAN page brings its own instead)."""
        if self.mode is Mode.HOTSEAT:
            self.flow = HotSeatFlow(self.game, human_powers(self.game), autosave, bots=bot_seats(self.game))
            self.flow.subscribe(self._on_controller_changed)
        else:
            self.gm = GameMaster(self.game, autosave)
            self.gm.subscribe(self._on_controller_changed)

    # --- state helpers ----------------------------------------------------------------------------

    @property
    def entry(self) -> OrderEntry | None:
        """The order-entry machine in use, or ``None`` when nobody may enter orders right now."""
        if self.review_index is not None or self.game.is_over:
            return None
        if self.flow is not None:
            return self.flow.entry if self.flow.stage is Stage.ENTRY else None
        assert self.gm is not None
        return None if self.gm.last_result is not None else self.gm.entry

    @property
    def draft(self) -> OrderDraft | None:
        if self.flow is not None:
            return self.flow.draft
        return self.gm.draft if self.gm is not None else None

    def entry_powers(self) -> list[str]:
        if self.flow is not None:
            return [self.flow.power] if self.flow.stage is Stage.ENTRY and self.flow.power else []
        return self.game.powers_to_order()

    def _power_name(self, power: str) -> str:
        return power_name(self.board, power)

    def behind_curtain(self) -> bool:
        return self.flow is not None and self.flow.stage is Stage.CURTAIN

    def viewer(self) -> str | None:
        """Who is looking at the map: the game master sees everything (``ALL``), a hot-seat power at its
        orders its own secrets (its decoys), anyone else only what every power may see (``PUBLIC``)."""
        if self.gm is not None:
            return ALL
        powers = self.entry_powers()
        return powers[0] if len(powers) == 1 else PUBLIC

    def results_index(self) -> int | None:
        """The history index whose results are on the board (results stage or browsing), else ``None``."""
        if self.review_index is not None and self.review_index >= len(self.game.history):
            self.review_index = None  # that phase was rolled back
        if self.review_index is not None:
            return self.review_index
        if not self.game.history:
            return None
        if self.flow is not None and self.flow.stage in (Stage.RESULTS, Stage.OVER):
            return len(self.game.history) - 1
        if self.gm is not None and (self.gm.last_result is not None or self.game.is_over):
            return len(self.game.history) - 1
        return None

    # --- drawing ----------------------------------------------------------------------------------

    def shown_state(self) -> GameState:
        """The position on the board: after the phase whose results are shown, else the current one."""
        index = self.results_index()
        return state_after(self.game, index) if index is not None else self.game.state

    def _state_key(self) -> tuple[object, ...]:
        """Everything but the entry machine's selection: when this is unchanged, a click only needs the
        map's highlights redrawn, not the panels."""
        draft = self.draft
        return (draft.serial if draft is not None else None, draft.version if draft is not None else None, self.game.phase, len(self.game.history),
                self.review_index, self.flow.stage if self.flow else None, self.flow.power if self.flow else None,
                self.gm.last_result is None if self.gm else None, self.display, self.game.state)

    def refresh(self) -> None:
        if self._building:
            return
        key = self._state_key()
        self._refresh_allocation_tab()
        self._refresh_relations_tab()
        self._refresh_master_tab()
        if key == self._drawn_key and self.results_index() is None and not self.behind_curtain():
            self._show_entry(panels=False)
            return
        self._drawn_key = key
        if self.behind_curtain():
            self._show_curtain()
            return
        self.stack.setCurrentWidget(self.splitter)
        index = self.results_index()
        if index is not None:
            self._show_results(index)
        else:
            self._show_entry()
        self._refresh_history()
        self._refresh_public_board()
        self.title_changed.emit(self.title())

    def allocating_power(self) -> str | None:
        """The power whose allocation panel shows: the one at the orders (hot-seat, a LAN seat), the game
        master's power in focus; ``None`` behind the curtain, at results or when several are entered."""
        if self.behind_curtain() or self.results_index() is not None or self.entry is None or self.draft is None:
            return None
        if self.gm is not None:
            return self.gm.focus_power or None
        powers = self.entry_powers()
        return powers[0] if len(powers) == 1 else None

    def _refresh_allocation_tab(self) -> None:
        self._refresh_account_tab()
        power = self.allocating_power()
        panel = allocation_panel(self.game, power)
        tab = self.tabs.indexOf(self.allocation_panel)
        if power is None or panel is None or self.draft is None:
            if tab >= 0:
                self.tabs.removeTab(tab)
            self.allocation_panel.clear_panel()
            return
        if tab < 0:
            self.tabs.insertTab(1, self.allocation_panel, panel.title)
        self.allocation_panel.show_for(self.game, self.draft, power, panel, self.game.variant.power_name)

    def _refresh_account_tab(self) -> None:
        power = self.allocating_power()  # the power at the orders alone; nobody behind the curtain
        panel = account_panel(self.game, power)
        tab = self.tabs.indexOf(self.account_panel)
        if power is None or panel is None or self.draft is None:
            if tab >= 0:
                self.tabs.removeTab(tab)
            self.account_panel.clear_panel()
            return
        if tab < 0:
            self.tabs.insertTab(1, self.account_panel, panel.title)
        self.account_panel.show_for(self.game, self.draft, power, panel)

    def _refresh_master_tab(self) -> None:
        """The game master's own tab (``Variant.game_master_panel``), in game master mode alone."""
        panel = self.game.variant.game_master_panel(self.game.state) if self.gm is not None else None
        tab = self.tabs.indexOf(self.master_panel)
        if panel is None:
            if tab >= 0:
                self.tabs.removeTab(tab)
            self.master_panel.clear_panel()
            return
        if tab < 0:
            self.tabs.addTab(self.master_panel, panel.title)
        self.master_panel.show_panel(panel)

    def _refresh_relations_tab(self) -> None:
        variant = self.game.variant
        tab = self.tabs.indexOf(self.relations_panel)
        power = self.allocating_power()  # the power at the orders: only its own draft is read
        draft = self.draft
        shown = (id(self.game), id(self.game.state), self.game.is_over, power, self.behind_curtain(),
                 draft.serial if draft is not None else None, draft.version if draft is not None else None,
                 self.area_picker.picking.key if self.area_picker is not None else None)
        if shown == self._relations_shown:
            return  # a click that changed no order: the grid stands
        self._relations_shown = shown
        view = view_of(variant, self.game.state, power if power is not None else self.viewer())
        grid = None if self.behind_curtain() else relations_grid(self.game, view, power, self.draft)
        picker = self.area_picker
        if picker is not None and (grid is None or picker.power != power or picker.draft is not self.draft
                                   or picker.view.phase != view.phase):
            self.area_picker = None  # the power, its draft or the phase changed: the picking ends
        if grid is None:
            if tab >= 0:
                self.tabs.removeTab(tab)
            self.relations_panel.clear_panel()
            return
        if tab < 0:
            self.tabs.addTab(self.relations_panel, "Relations")
        pending: tuple[tuple[str, str], ...] = ()
        pickings = area_pickings(self.game, view, grid.viewer)
        counts: dict[str, str] = {}
        if grid.viewer is not None and self.draft is not None:
            pending = variant.pending_declarations(self.draft.orders(grid.viewer), grid.viewer)
            counts = {p.key: AreaPicker(self.game, view, self.draft, grid.viewer, p).count_text() for p in pickings}
        picking = self.area_picker.picking.key if self.area_picker is not None else None
        self.relations_panel.show_relations(grid, pending, variant.power_name, pickings, counts, picking)

    def _on_relation_order(self, order: object) -> None:
        power, draft = self.allocating_power(), self.draft
        if power is None or draft is None:
            return
        try:
            draft_relation_order(self.game, draft, power, order)  # type: ignore[arg-type]
        except ChancelleryError as exc:
            self.status.emit(str(exc))
            return
        self.status.emit(f"Ordered: {order}")
        self.refresh()

    def _on_relation_withdraw(self, order: object, column: str = "") -> None:
        power, draft = self.allocating_power(), self.draft
        if power is not None and draft is not None:
            try:
                withdraw_relation_order(draft, power, order, column or None, self.game)  # type: ignore[arg-type]
            except ChancelleryError as exc:
                self.status.emit(str(exc))
            self.refresh()

    def _on_pick_requested(self, key: str) -> None:
        """Start picking the areas of ``power``'s order ``key`` on the map (spies, a grant's areas)."""
        power, draft = self.allocating_power(), self.draft
        if power is None or draft is None:
            return
        view = view_of(self.game.variant, self.game.state, power)
        picking = next((p for p in area_pickings(self.game, view, power) if p.key == key), None)
        if picking is None:
            return
        entry = self.entry
        if entry is not None:
            entry.cancel()
        self.area_picker = AreaPicker(self.game, view, draft, power, picking)
        self.refresh()
        self._show_entry(panels=False)

    def _end_area_picking(self) -> None:
        if self.area_picker is not None:
            self.area_picker = None
            self.refresh()
            self._show_entry(panels=False)

    def title(self) -> str:
        power = None
        if self.flow is not None and self.flow.stage is Stage.ENTRY and self.flow.power:
            power = self._power_name(self.flow.power)
        return window_title(self.game.variant.name, self.game.state.phase.long_name, power)

    def _show_curtain(self) -> None:
        assert self.flow is not None and self.flow.power is not None
        self._close_question()
        self.flyout.hide()
        self.hover_card.hide()
        self.order_panel.reset()
        self.order_panel.set_undo_state(False, "", False, "")  # the last power's undo words name its orders
        if self._copied_mail is not None and QApplication.clipboard().text() == self._copied_mail:
            QApplication.clipboard().clear()  # nor do the orders it copied wait there for the next power
        self._copied_mail = None
        self.banner.hide()
        # The hidden map keeps only the public position: no orders, no selection.
        self.scene.show_picture(self._state_picture(self.game.state))
        power = self.flow.power
        self.curtain.show_power(self._power_name(power), self.colours.get(power, "#888888"),
                                self.game.state.phase.long_name,
                                [self._power_name(p) for p in self.flow.submitted()],
                                [self._power_name(p) for p in self.flow.waiting()])
        self.stack.setCurrentWidget(self.curtain)
        self.status.emit(f"Waiting for {self._power_name(power)}")
        self.title_changed.emit(self.title())

    def _state_picture(self, state: GameState, *, viewer: str | None | object = _THE_VIEWER,
                       **kwargs: object) -> BoardPicture:
        """``state`` as ``viewer`` (default: :meth:`viewer`) may see it."""
        who = self.viewer() if viewer is _THE_VIEWER else viewer
        view = view_of(self.game.variant, state, who)  # type: ignore[arg-type]
        unseen = unseen_areas(self.game.variant, state, who)  # type: ignore[arg-type]
        return board_picture(self.board, view, self.colours, self.display, variant=self.game.variant,
                             unseen=unseen, label_texts=area_labels(self.game.variant, who),  # type: ignore[arg-type]
                             unexplored=unexplored_areas(self.game.variant, state, who),  # type: ignore[arg-type]
                             **kwargs)  # type: ignore[arg-type]

    def _show_entry(self, panels: bool = True) -> None:
        entry = self.entry
        draft = self.draft
        state = self.game.state
        powers = self.entry_powers()
        arrows = draft_arrows(draft.all_orders(), state.phase.type, variant=self.game.variant) if draft is not None else []
        highlights = entry.highlights if entry is not None else frozenset()
        railway = entry.railway_highlights if entry is not None else frozenset()
        selected = entry.selected if entry is not None else None
        picker = self.area_picker if entry is not None else None
        if picker is not None:  # the areas picked so far are lit, the rest of those allowed in orange
            highlights, selected = frozenset(picker.areas), None
            railway = picker.reach()
        awaiting, retreats = self._awaiting(powers, draft)
        picture = self._state_picture(state, orders=arrows, highlights=highlights, selected=selected)
        self.scene.show_picture(picture, retreat_options=retreats, awaiting=awaiting,
                                awaiting_dislodged=state.phase.type is PhaseType.RETREATS, railway_highlights=railway)
        if panels:
            self._refresh_banner_for_entry()
            self.order_panel.show_entry()
            self._set_orders_tab_text("Orders")
            self._refresh_panel(powers, draft)
        self._refresh_question(entry)
        self._refresh_bid_dialog(entry)
        self._place_flyout()
        self.status.emit(picker.prompt if picker is not None else entry.prompt if entry is not None
                         else self._idle_status())

    def _awaiting(self, powers: list[str], draft: OrderDraft | None) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
        state = self.game.state
        ordered = {province_of(getattr(o, "unit").loc) for _p, o in (draft.all_orders() if draft else [])
                   if getattr(o, "unit", None) is not None}
        retreats = {d.unit.loc: d.retreats for d in state.dislodged.values()}
        if state.phase.type is PhaseType.MOVEMENT:
            mine = {u.province for u in state.units.values() if u.power in powers}
        elif state.phase.type is PhaseType.RETREATS:
            mine = {u.province for u in state.dislodged if u.power in powers}
        else:
            mine = set()
        return frozenset(mine - ordered), retreats

    def _idle_status(self) -> str:
        if self.game.is_over:
            return self._game_over_text()
        return ""

    def _show_results(self, index: int) -> None:
        record = self.game.history[index]
        after = state_after(self.game, index)
        arrows = result_arrows(self.game.variant, record, viewer=self.viewer())
        retreats = {d.unit.loc: d.retreats for d in after.dislodged.values()}
        self.scene.show_picture(self._state_picture(after, orders=arrows), retreat_options=retreats)
        # The last draft's undo words could name an order the rules keep secret after adjudication.
        self.order_panel.set_undo_state(False, "", False, "")
        self._close_question()
        self.flyout.hide()
        name = record.state.phase.long_name
        summary = self._results_summary(index)
        in_results_stage = self.review_index is None
        if in_results_stage:
            if self.game.is_over:
                self.banner_text.setText(f"Results of {name}. {summary} {self._game_over_text()}")
                self.banner_button.hide()
            else:
                self.banner_text.setText(f"Results of {name}. {summary}")
                self.banner_button.setText(f"Continue to {self.game.state.phase.long_name} ▸")
                self.banner_button.show()
        else:
            self.banner_text.setText(f"REVIEW — {name}. {summary}")
            self.banner_button.setText("Back to the current phase")
            self.banner_button.show()
        self.banner.show()
        if in_results_stage:
            guidance = ("Everyone may look now. The game is over." if self.game.is_over else
                        f"Everyone may look now; then Continue to {self.game.state.phase.long_name} "
                        "(the button above the map).")
        else:
            guidance = "Reviewing an earlier phase; the button above the map goes back to the current one."
        self.order_panel.show_results(f"Results: {name}", guidance, self._phase_results(index), self.colours)
        self._set_orders_tab_text("Results")
        self.status.emit(f"Results of {name}" if in_results_stage else f"Reviewing {name}")

    def _visible_results(self, index: int) -> list[OrderResult]:
        """The results of ``game.history[index]`` the viewer may read (under fog, another power's decoy
        orders read as its twin's)."""
        record = self.game.history[index]
        viewer = self.viewer()
        if viewer is ALL:
            return list(record.results)
        return list(self.game.variant.results_for(record.state, record.results, viewer))

    def _phase_results(self, index: int) -> PhaseResults:
        record = self.game.history[index]
        visible = self._visible_results(index)
        results = phase_results(self.board, self.game.variant.powers, record.state.phase.long_name,
                                visible, state_after(self.game, index), record.state)
        return replace(results, hidden=len(visible) < len(record.results))

    def _set_orders_tab_text(self, text: str) -> None:
        tab = self.tabs.indexOf(self.order_panel)
        if tab >= 0 and self.tabs.tabText(tab) != text:
            self.tabs.setTabText(tab, text)

    def _results_summary(self, index: int) -> str:
        before, after = self.game.history[index].state, state_after(self.game, index)
        changes = centre_changes(before, after)
        parts = []
        if changes:
            gains: dict[str, list[str]] = {}
            for centre, _old, new in changes:
                gains.setdefault(new, []).append(centre)
            parts.append("; ".join(f"{self._power_name(p)} takes {', '.join(cs)}" for p, cs in gains.items()) + ".")
        if after.dislodged:
            parts.append(f"{len(after.dislodged)} unit{'s' if len(after.dislodged) != 1 else ''} dislodged.")
        also = notes_banner(self.board, rule_notes(self._visible_results(index), before))
        if also:
            parts.append(also)
        return " ".join(parts) or "No centres changed hands."

    def _game_over_text(self) -> str:
        if self.game.winner:
            return f"{self._power_name(self.game.winner)} wins!"
        if self.game.drawn:
            leader = self.game.variant.leader_line(self.game.state)  # EMG: who shares first place
            return "The game is drawn." + (f" {leader}." if leader else "")
        return ""

    def _refresh_banner_for_entry(self) -> None:
        if self.game.is_over:
            self.banner_text.setText(self._game_over_text())
            self.banner_button.hide()
            self.banner.show()
        else:
            self.banner.hide()

    def _refresh_panel(self, powers: list[str], draft: OrderDraft | None) -> None:
        panel = self.order_panel
        phase = self.game.state.phase.long_name
        if draft is None or not powers and self.flow is not None:
            panel.reset()
            panel.set_submit("Submit orders", False)
            return
        if self.flow is not None:
            power = powers[0]
            panel.set_header(f"{self._power_name(power)} — {phase}")
            panel.set_focus_powers([], None)
        else:
            panel.set_header(f"Game master — {phase}")
            assert self.gm is not None
            panel.set_focus_powers([("", "the unit's owner"), *((p, self._power_name(p)) for p in self.game.variant.powers)],
                                   self.gm.focus_power)
        rows = []
        guidance, warnings = [], []
        visible = powers if self.flow is None else [powers[0]]
        known = known_orders(o for _p, o in draft.all_orders())
        for power in draft.powers:
            for key, order in draft.items(power):
                rows.append((power, key, order_line(order, self.game.variant), self.colours.get(power, "#888888")))
        unordered = 0
        for power in powers:
            result = review(self.game, power, draft.orders(power), known, visible)
            prefix = f"{self._power_name(power)}: " if len(powers) > 1 else ""
            guidance.append(prefix + result.guidance)
            for w in result.warnings:
                if len(powers) > 1 and w.startswith("No order for "):
                    unordered += len(w.split(":")[0].split(","))  # one line for all powers, not seven
                else:
                    warnings.append(prefix + w)
        if unordered:
            warnings.insert(0, f"{unordered} unit{'s have' if unordered != 1 else ' has'} no order (they hold)")
        if not powers:
            guidance.append("Nothing to order this phase")
        panel.set_orders(rows)
        panel.set_examples(example_orders(self.entry.options, powers[0]) if self.entry is not None and powers else [])
        panel.set_guidance("\n".join(guidance))
        panel.set_warnings(warnings)
        panel.set_undo_state(draft.can_undo, draft.undo_text, draft.can_redo, draft.redo_text)
        ptype = self.game.state.phase.type
        panel.set_adjustment_buttons(waive=ptype is PhaseType.ADJUSTMENTS, hold_rest=ptype is PhaseType.MOVEMENT)
        panel.set_suggest_visible(self.gm is not None)
        if self.flow is not None:
            panel.set_submit(f"Submit {self._power_name(powers[0])}'s orders", not self.game.is_over)
        else:
            panel.set_submit(f"Adjudicate {phase}", self.entry is not None)

    def _refresh_history(self) -> None:
        past = [r.state.phase.long_name for r in self.game.history]
        index = self.results_index()
        selected = index if index is not None else NOW
        self.history_panel.set_phases(past, self.game.state.phase.long_name, selected)
        if index is not None:
            self.history_panel.set_report(self._phase_report(index))
        else:
            self.history_panel.set_report(self._now_report())
        self.history_panel.offer_undo_rollback(self.gm.undo_rollback_text if self.gm is not None else "")

    def _now_report(self) -> str:
        lines = [f"{self.game.state.phase.long_name}", ""]
        counts = self.game.center_counts()
        width = max(12, *(len(self._power_name(p)) for p in self.game.variant.powers))  # long names keep the column
        for power in self.game.variant.powers:
            lines.append(f"  {self._power_name(power):<{width}} {counts.get(power, 0):>3} centres")
        if self.flow is not None:
            lines.append("")
            lines.append("Orders in: " + (", ".join(self._power_name(p) for p in self.flow.submitted()) or "none yet"))
        return "\n".join(lines) + "\n"

    # --- question menu and flyout -----------------------------------------------------------------

    def _refresh_question(self, entry: OrderEntry | None) -> None:
        question = entry.question if entry is not None else None
        if question is None:
            self._close_question()
            return
        if self._question_shown is question:
            return
        self._close_question()
        menu = QMenu(self.view)
        menu.setObjectName("choiceMenu")
        menu.addSection(question.prompt)
        for choice in question.choices:
            action = QAction(f"{choice.label}\t{choice.key}", menu)
            action.triggered.connect(lambda _=False, k=choice.key: self._on_choice(k))
            menu.addAction(action)
        self.question_menu = menu
        self._question_shown = question
        at = self.view.mapFromScene(self.scene.anchor(question.at))
        menu.popup(self.view.viewport().mapToGlobal(at))

    def _refresh_bid_dialog(self, entry: OrderEntry | None) -> None:
        """Open the bid dialog when the entry machine asks for a bid (Engineered, rule D3)."""
        request = entry.bid_request if entry is not None else None
        if entry is None or request is None or self.bid_dialog is not None:
            return
        names = {p: self._power_name(p) for p in request.powers}
        dialog = BidDialog(self.game, lambda p: bid_choices(self.game, p), request.powers, names,
                           request.unit_province, self)
        dialog.bid_chosen.connect(lambda power, bid: entry.place_bid(power, bid))
        dialog.finished.connect(lambda _result: self._bid_dialog_closed(entry))
        self.bid_dialog = dialog
        dialog.open()

    def _bid_dialog_closed(self, entry: OrderEntry) -> None:
        self.bid_dialog = None
        entry.drop_bid_request()

    def _close_question(self) -> None:
        if self.question_menu is not None:
            menu = self.question_menu
            self.question_menu = None
            self._question_shown = None
            menu.hide()
            menu.deleteLater()

    def _on_choice(self, key: str) -> None:
        entry = self.entry
        if entry is not None:
            entry.choose(key)

    def _place_flyout(self) -> None:
        entry = self.entry
        if entry is None or entry.step is not Step.UNIT or entry.selected is None:
            self.flyout.hide()
            return
        kinds = [k for k in entry.available_kinds() if k != "M"]
        for key in kinds:
            self.flyout.set_kind(key, entry.kind_label(key))
        loc = entry.selected_location() or entry.selected
        at = self.view.mapFromScene(self.scene.anchor(loc))
        try:
            units = [self.view.mapFromScene(item.pos()) for item in self.scene.units.values()]
        except RuntimeError:  # the scene is being torn down with the window; scroll signals still arrive
            return
        self.flyout.show_kinds(kinds, at, self._target_rects(entry.highlights | entry.railway_highlights), units,
                               self._mark_half_size())

    def _mark_half_size(self) -> int:
        """Half the on-screen size of a unit mark (at least half a finger's width)."""
        return int(max(12.0, min(40.0, self.map_geometry.unit_size * self.view.zoom * 0.6)))

    def _target_rects(self, targets: frozenset[str]) -> list[QRect]:
        """Where on screen each lit target is clicked: a square around its unit anchor, a unit mark's size."""
        half = self._mark_half_size()
        rects = []
        for loc in targets:
            try:
                point = self.view.mapFromScene(self.scene.anchor(loc))
            except GeometryError:
                continue
            rects.append(QRect(point.x() - half, point.y() - half, 2 * half, 2 * half))
        return rects

    # --- public board (projector) -----------------------------------------------------------------

    def public_picture(self) -> tuple[BoardPicture, dict[str, tuple[str, ...]]]:
        """What everyone may see: the latest results, or the position with no orders."""
        index = self.results_index()
        if index is not None:
            after = state_after(self.game, index)
            arrows = result_arrows(self.game.variant, self.game.history[index], viewer=PUBLIC)
            return (self._state_picture(after, orders=arrows, viewer=PUBLIC),
                    {d.unit.loc: d.retreats for d in after.dislodged.values()})
        state = self.game.state
        return self._state_picture(state, viewer=PUBLIC), {d.unit.loc: d.retreats for d in state.dislodged.values()}

    def open_board_window(self) -> BoardWindow:
        if self.board_window is None:
            self.public_scene = MapScene(self.map_geometry, self.board, self.colours)
            self.public_scene.setParent(self)  # deleted with the page, on the GUI thread (see self.scene)
            self.board_window = BoardWindow(self.public_scene)
            self.board_window.view.order_key.connect(
                lambda k: self.board_window.close() if k == "Escape" and self.board_window else None)
        self._refresh_public_board()
        self.board_window.showFullScreen()
        self.board_window.view.fit_to_window()
        return self.board_window

    def _refresh_public_board(self) -> None:
        if self.board_window is None or self.public_scene is None:
            return
        picture, retreats = self.public_picture()
        self.public_scene.show_picture(picture, retreat_options=retreats)
        counts = self.game.center_counts()
        index = self.results_index()
        # The header names the phase the board shows: the results of the last one until Continue.
        phase = (f"{self.game.history[index].state.phase.long_name}: results" if index is not None
                 else self.game.state.phase.long_name)
        self.board_window.set_header(
            phase,
            [(self._power_name(p), self.colours.get(p, "#888"), counts.get(p, 0)) for p in self.game.variant.powers],
            self.game.variant.leader_line(state_after(self.game, index) if index is not None else self.game.state))

    # --- display options --------------------------------------------------------------------------

    def set_display(self, display: Display) -> None:
        palette_changed = display.colour_blind != self.display.colour_blind
        self.display = display
        if palette_changed:
            self.colours = power_colours(self.board, display.colour_blind, self.game.variant)
            self.scene.set_colours(self.colours)
            if self.public_scene is not None:
                self.public_scene.set_colours(self.colours)
        self.refresh()

    # --- events -----------------------------------------------------------------------------------

    def _on_controller_changed(self) -> None:
        self.refresh()

    def _on_click(self, loc: str | None, button: str) -> None:
        self.hover_card.hide()
        if self.edit_mode and self.gm is not None and button == "left" and loc is not None and self.review_index is None:
            self._open_edit_menu(loc)
            return
        if self.area_picker is not None and self.entry is not None:
            if button == "right":
                self._end_area_picking()
            else:
                self.area_picker.click(loc)
                self.refresh()
                self._show_entry(panels=False)
            return
        entry = self.entry
        if entry is None:
            return
        entry.click(Click(loc, button, self.view.clicked_badge))

    def _on_key(self, key: str) -> None:
        if self.area_picker is not None and key == "Escape":
            self._end_area_picking()
            return
        entry = self.entry
        if entry is not None:
            entry.key(key)
        elif key == "Escape" and self.review_index is not None:
            self.review_index = None
            self.refresh()

    def _on_hover(self, loc: str | None, at: QPoint) -> None:
        if loc is None or self.behind_curtain():
            self.hover_card.hide()
            return
        index = self.results_index()
        state = state_after(self.game, index) if index is not None else self.game.state
        view = view_of(self.game.variant, state, self.viewer())
        self.hover_card.show_lines(hover_lines(self.board, view, loc, self.game.variant), at)

    def _on_curtain_ready(self) -> None:
        if self.flow is not None and self.flow.stage is Stage.CURTAIN:
            self.flow.reveal()

    def _on_banner_button(self) -> None:
        if self.review_index is not None:
            self.review_index = None
            self.refresh()
        elif self.flow is not None and self.flow.stage is Stage.RESULTS:
            self.flow.continue_after_results()
        elif self.gm is not None and self.gm.last_result is not None:
            self.gm.last_result = None
            self.refresh()

    def _on_phase_selected(self, index: int) -> None:
        if self._building:
            return
        new = None if index == NOW else index
        if self.flow is not None and self.flow.stage is Stage.RESULTS and new == len(self.game.history) - 1:
            new = None  # that is the results stage itself
        if self.gm is not None and self.gm.last_result is not None and new == len(self.game.history) - 1:
            new = None
        if new != self.review_index:
            self.review_index = new
            self.refresh()

    def _on_text(self, text: str) -> None:
        draft = self.draft
        powers = self.entry_powers()
        if draft is None or not powers:
            return
        default = powers[0] if self.flow is not None else (self.gm.focus_power if self.gm else None)
        read = self.gm.enter_text(text) if self.gm is not None else \
            enter_text_orders(draft, self.game, text, powers, default)
        self.order_panel.show_line_outcomes(read.outcomes)
        self.refresh()

    def copy_orders_as_mail(self) -> None:
        """The orders of the power at the orders (the game master's: the power in focus), and no other
        power's, on the clipboard as a mail in the variant's layout (EMG's envelope)."""
        draft, mail, powers = self.draft, self.game.variant.mail_format(), self.entry_powers()
        power = self.gm.focus_power if self.gm is not None else (powers[0] if len(powers) == 1 else None)
        if draft is None or mail is None or power is None or power not in powers:
            self.status.emit("Choose the power whose orders to copy." if self.gm is not None and powers
                             else "No orders are being entered here now.")
            return
        self._copied_mail = mail_text(self.game, draft, power)
        QApplication.clipboard().setText(self._copied_mail)
        self.status.emit(f"{self._power_name(power)}'s orders copied as {mail.title}"
                         + (f": {mail.sending}." if mail.sending else "."))

    def _on_remove(self, rows: list) -> None:
        draft = self.draft
        if draft is None:
            return
        for power, key in rows:
            if power in draft.powers:
                draft.remove(power, key)

    def undo(self) -> None:
        draft = self.draft
        if draft is not None and draft.can_undo:
            if self.entry is not None:  # not while reviewing an earlier phase
                draft.undo()
        elif self.gm is not None and self.gm.can_undo_rollback:
            self.undo_rollback()  # every order entered since the rollback undone: Undo takes the rollback back

    def undo_rollback(self) -> None:
        gm = self.gm
        if gm is None or not gm.can_undo_rollback:
            return
        restored = gm.undo_rollback_text
        self.review_index = None
        gm.undo_rollback()
        self.status.emit(f"Roll-back undone: the game is back at {restored}.")
        self.game_changed.emit()
        self.refresh()

    def redo(self) -> None:
        if self.draft is not None and self.entry is not None:
            self.draft.redo()

    def _on_clear(self) -> None:
        draft = self.draft
        if draft is None:
            return
        if self.gm is not None and self.gm.focus_power:
            draft.clear(self.gm.focus_power)
        else:
            for power in self.entry_powers():
                draft.clear(power)

    def _on_waive(self) -> None:
        entry = self.entry
        if entry is not None:
            entry.waive(self.gm.focus_power if self.gm is not None else None)

    def _on_hold_rest(self) -> None:
        draft = self.draft
        if draft is None or self.entry is None:
            return
        state = self.game.state
        holds: dict[str, list] = {}
        for power in self.entry_powers():
            have = {province_of(getattr(o, "unit").loc) for o in draft.orders(power) if hasattr(o, "unit")}
            for unit in sorted(state.units_of(power), key=lambda u: u.loc):
                if unit.province not in have:
                    holds.setdefault(power, []).append(Hold(unit))
        for power, orders in holds.items():
            draft.merge(power, orders, f"hold {len(orders)} unit{'s' if len(orders) != 1 else ''}")

    def _on_suggest(self) -> None:
        gm = self.gm
        if gm is None or self.entry is None:
            return
        if not gm.focus_power:
            self.status.emit("Choose the power to suggest orders for.")
            return
        try:
            orders = gm.suggest_orders(gm.focus_power)
        except ChancelleryError as exc:
            self.status.emit(str(exc))
            return
        self.status.emit(f"{len(orders)} suggested order{'s' if len(orders) != 1 else ''} for "
                         f"{self._power_name(gm.focus_power)}; edit them before adjudicating.")

    def _on_focus_power(self, power: object) -> None:
        if self.gm is not None:
            self.gm.set_focus_power(str(power) if power else None)
            self._refresh_allocation_tab()  # the panel follows the power in focus
            self._refresh_relations_tab()

    def _on_submit(self) -> None:
        try:
            if self.flow is not None:
                if self.flow.stage is Stage.ENTRY:
                    self.order_panel.reset()
                    self.flow.submit()
            elif self.gm is not None:
                self.review_index = None
                self.gm.adjudicate()  # its notification redraws the board with the results
        except ChancelleryError as exc:
            self.status.emit(str(exc))
            return
        self.game_changed.emit()

    def _on_rollback(self, index: int) -> None:
        if self.gm is None:
            return
        self.review_index = None  # the phase being reviewed is about to disappear
        try:
            self.gm.rollback(index)
        except ChancelleryError as exc:
            self.status.emit(str(exc))
            return
        self.review_index = None
        self.game_changed.emit()
        self.refresh()
        self.status.emit(f"Rolled back to {self.game.state.phase.long_name}; Undo (Ctrl+Z, or the History tab's "
                         "button) brings the later phases back until the next adjudication.")

    # --- position editing (game master) -----------------------------------------------------------

    def set_edit_mode(self, on: bool) -> None:
        self.edit_mode = on and self.gm is not None
        if self.edit_mode and self.entry is not None:
            self.entry.cancel()
        self.status.emit("Edit position: click a province to add or remove a unit or set its owner"
                         if self.edit_mode else "")

    def edit_actions(self, loc: str) -> list[tuple[str, Callable[[], None]]]:
        """The position corrections offered for ``loc`` as (menu path, action) pairs ("Add army/France")."""
        gm = self.gm
        if gm is None:
            return []
        prov = province_of(loc)
        state = self.game.state
        out: list[tuple[str, Callable[[], None]]] = []
        unit = state.units.get(prov)
        if unit is not None:
            out.append((f"Remove {unit} ({self._power_name(unit.power)})", lambda: gm.remove_unit(prov)))
        dislodged = state.dislodged_at(prov)
        if dislodged is not None:
            out.append((f"Remove dislodged {dislodged.unit}", lambda: gm.remove_unit(prov)))
        for beside in state.stacked_in(prov):
            out.append((f"Remove {beside.unit} ({self._stacked_owner(beside)})", partial(gm.remove_stacked, beside)))
        for beside in self.game.variant.stacked_additions(state, prov):
            label = f"Add {unit_spec(beside.kind.value).name}" + (f" ({beside.loc})" if "/" in beside.loc else "")
            out.append((f"{label}/{self._stacked_owner(beside)}", partial(gm.add_stacked, beside)))
        if unit is None:
            variant = self.game.variant
            for kind in variant.unit_types:
                if kind in variant.stacking_types or kind is UnitType.DECOY:
                    continue  # units beside another unit (and disguised ones) are more than a place on the board
                spec = unit_spec(kind.value)
                places = list(self.board.coast_locations(prov)) if spec.moves_as == "fleet" else [prov]
                for place in places:
                    if not self.board.can_stand(kind, place):
                        continue
                    word = spec.name  # "army", "fighter field", "squadron"
                    label = f"Add {word}" + (f" ({place})" if "/" in place else "")
                    for power in self.game.variant.powers:
                        out.append((f"{label}/{self._power_name(power)}",
                                    partial(gm.add_unit, power, kind, place)))
        if prov in self.board.supply_centers:
            for power in self.game.variant.powers:
                out.append((f"Owner/{self._power_name(power)}", partial(gm.set_owner, prov, power)))
            out.append(("Owner/Neutral", lambda: gm.set_owner(prov, None)))
        return out

    def _stacked_owner(self, unit: StackedUnit) -> str:
        """Whose unit standing beside others is: "Russia", a prison's "Russia (taken from Austria)"."""
        name = self._power_name(unit.power)
        return f"{name} (taken from {self._power_name(unit.origin)})" if unit.origin else name

    def _open_edit_menu(self, loc: str) -> None:
        menu = QMenu(self.view)
        menu.setObjectName("editMenu")
        submenus: dict[str, QMenu] = {}
        for path, action in self.edit_actions(loc):
            # "Add fleet (STP/NC)/Russia" opens a submenu of powers; "Remove F STP/SC (Russia)" is one action.
            head, _, leaf = path.rpartition("/") if path.startswith(("Add ", "Owner/")) else (path, "", "")
            target = menu
            if leaf:
                if head not in submenus:
                    submenus[head] = menu.addMenu(head)
                target = submenus[head]
            act = QAction(leaf or head, target)
            act.triggered.connect(lambda _=False, a=action: self._run_edit(a))
            target.addAction(act)
        if self.gm is not None and self.gm.can_undo_edit:
            menu.addSeparator()
            undo = QAction("Undo the last correction", menu)
            undo.triggered.connect(lambda: self._run_edit(self.gm.undo_edit if self.gm else lambda: None))
            menu.addAction(undo)
        at = self.view.mapFromScene(self.scene.anchor(province_of(loc)))
        menu.popup(self.view.viewport().mapToGlobal(at))
        self.edit_menu = menu

    def _run_edit(self, action: Callable[[], None]) -> None:
        try:
            action()
        except ChancelleryError as exc:
            self.status.emit(str(exc))
            return
        self.game_changed.emit()

    # --- exports ----------------------------------------------------------------------------------

    def export_picture(self) -> BoardPicture:
        """The board as shown now, for PNG/SVG/PDF export and printing (no highlights)."""
        picture = self.scene.picture
        return replace(picture, highlights=frozenset(), selected=None)

    def report_text(self) -> str:
        index = self.results_index()
        if index is None and self.game.history:
            index = len(self.game.history) - 1
        if index is None:
            return self._now_report()
        return self._phase_report(index)

    def report_readers(self) -> list[tuple[str, str | None]]:
        """Whose turn reports may be read here, as (label, viewer): the game master reads anyone's; otherwise
        only the power at its orders (behind the curtain), or what every power may see."""
        if self.gm is not None:
            return [("Game master (everything)", ALL)] + [(self._power_name(p), p) for p in self.game.variant.powers]
        viewer = self.viewer()
        if viewer is None or viewer == PUBLIC:
            return [("Everyone (public)", viewer)]
        return [(self._power_name(viewer), viewer)]

    def turn_report(self, index: int, viewer: str | None) -> str:
        """The report of ``game.history[index]`` as ``viewer`` may read it (the variant's own layout when it
        has one: EMG's turn report; another power's decoy orders as its twin's)."""
        game = self.game
        try:
            return phase_report(game, index, viewer)
        except KeyError:
            # The engine's report names powers from the map; a madman unit's country isn't one of them.
            record = game.history[index]
            results = record.results if viewer is ALL else game.variant.results_for(record.state, record.results, viewer)
            lines = [f"{game.variant.name}: {record.state.phase.long_name} — results", ""]
            lines += [f"  {self._power_name(r.power):<12} {r.order}  {r.result}{': ' + r.reason if r.reason else ''}"
                      for r in results]
            return "\n".join(lines) + "\n"

    def _phase_report(self, index: int) -> str:
        """The report of a phase as the viewer at the board may read it."""
        return self.turn_report(index, self.viewer())

    def keep_drafts(self) -> None:
        """Orders entered but not yet submitted or adjudicated into the game (sealed, not ready), so that a
        save keeps them: the game master's transcription, the hot-seat power's own draft."""
        if self.flow is not None:
            self.flow.keep_draft()
        if self.gm is not None:
            self.gm.keep_draft()

    def close_windows(self) -> None:
        self._close_question()
        if self.board_window is not None:
            self.board_window.close()
            self.board_window.deleteLater()
            self.board_window = None

