"""The map scene: builds one item per province, centre and label once, then shows any ``BoardPicture``
by updating only what changed (tints, highlights, units, arrows)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRect, QRectF, QTimer
from PySide6.QtGui import QPainter, QPixmapCache
from PySide6.QtWidgets import QGraphicsScene

from app.drawing import BoardGeometry, BoardPicture, OrderArrow, normalise_location, palette, unit_placements
from app.drawing.context import PaintContext, cache_for, label_em
from app.drawing.labels import TAG_SCALE, BoardLayout, continent_numbering, layout_board
from app.drawing.orders import failure_points
from app.drawing.painter import CentreStyle
from engine.mapdata import MapData
from engine.types import province_of

from .items import (
    COAST_LABEL_RATIO,
    LABEL_BASE,
    LABEL_MAX_PX,
    LABEL_MIN_PX,
    label_paths,
    arrow_geometry,
    mark_scale,
    ArrowItem,
    BordersItem,
    MIN_MARK_SCALE,
    CentreItem,
    LabelItem,
    ProvinceItem,
    RetreatOptionsItem,
    SeaItem,
    UnitItem,
)


FIRST_LAYOUT_WAIT_MS = 1000
# Level of detail on maps numbered per continent (the World): while a label's em exceeds this many unit sizes
# of map (zoomed out), a land province's label shows only its number and each continent its tag once;
# zoomed in, the full ids ("EP23"). At every zoom a label with no clear spot is left out rather than piled on
# its neighbours or shrunk past legibility; zooming in brings it back.
OVERVIEW_EM_OF_UNIT = 1.1


class MapScene(QGraphicsScene):
    def __init__(self, geometry: BoardGeometry, board: MapData, colours: Mapping[str, str]) -> None:
        super().__init__()
        # Every item paints into a cached pixmap (repaints are blits); the default 10 MB pool is too small
        # for a full-screen board plus a projector view.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 96 * 1024))
        self.geometry = geometry
        self.board = board
        self.colours: dict[str, str] = dict(colours)
        self.picture = BoardPicture()
        u = geometry.unit_size
        margin = u * 2
        self.setSceneRect(geometry.rect.adjusted(-margin, -margin, margin, margin))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.sea = SeaItem(geometry)
        self.addItem(self.sea)
        self.borders = BordersItem(geometry)
        self.addItem(self.borders)
        self.provinces: dict[str, ProvinceItem] = {}
        for pid, shape in geometry.provinces.items():
            item = ProvinceItem(shape, u)
            self.provinces[pid] = item
            self.addItem(item)
        homes = {c: p for p, info in board.powers.items() for c in info.home_centers}
        self.centres: dict[str, CentreItem] = {}
        centre_ids = set(board.supply_centers) & set(geometry.provinces) or set(geometry.supply_centres)
        for pid in sorted(centre_ids):
            shape = geometry.provinces[pid]
            at = shape.sc if shape.sc is not None else QPointF(shape.label.x(), shape.label.y() + 0.55 * u)
            marker = CentreItem(at, u, self.colours.get(homes[pid]) if pid in homes else None)
            marker.set_mark_scale(MIN_MARK_SCALE)
            self.centres[pid] = marker
            self.addItem(marker)
        self._home_of = homes
        self.labels: list[LabelItem] = []
        self.label_of: dict[str, LabelItem] = {}  # location ("LON", "SPA/NC") -> its label
        for pid, shape in geometry.provinces.items():
            label = LabelItem(pid, shape.label, u * LABEL_BASE, sea=shape.is_sea)
            self.labels.append(label)
            self.label_of[pid] = label
            self.addItem(label)
            for coast in shape.coasts.values():
                small = LabelItem((coast.coast or "").lower(), coast.label, u * LABEL_BASE, small=True)
                self.labels.append(small)
                self.label_of[coast.loc] = small
                self.addItem(small)
        self.repeat_labels: list[LabelItem] = []  # a province's name repeated across a canal (Sinai)
        # Maps numbered per continent: each province's number, and each continent's tag and provinces.
        numbering = continent_numbering(board, geometry)
        self.numbers: Mapping[str, str] = numbering.numbers if numbering else {}
        self.tag_groups: Mapping[str, tuple[str, tuple[str, ...]]] = numbering.tags if numbering else {}
        self.tags: dict[str, LabelItem] = {}
        for key, (text, _members) in sorted(self.tag_groups.items()):
            tag = LabelItem(text, QPointF(0.0, 0.0), u * LABEL_BASE * TAG_SCALE, tag=True)
            tag.setVisible(False)
            self.tags[key] = tag
            self.addItem(tag)
        self.overview = False  # labels at their zoomed-out level of detail now
        self._layout: BoardLayout | None = None  # where labels and centre markers stand now
        self._layout_pending = False
        self._layout_key: tuple[object, ...] = ()
        self._painted = False  # the first layout waits for the first paint (see _request_layout)
        self._styled = False  # centre markers coloured for the current picture
        self._shown = False  # a picture has been shown (label and centre visibility set)
        self.units: dict[tuple[str, str, str, bool], UnitItem] = {}
        self._units_key: tuple[object, ...] | None = None  # what the unit items show now
        self._lit: set[str] = set()  # provinces lit, selected or railway-lit now; every other one is plain
        self.arrows: dict[OrderArrow, ArrowItem] = {}
        self.railway_highlights: frozenset[str] = frozenset()  # provinces lit as railway targets
        self.retreat_options: list[RetreatOptionsItem] = []
        self._retreat_key: tuple[tuple[str, tuple[str, ...]], ...] = ()
        self.zoom = 1.0
        self.scale = MIN_MARK_SCALE  # enlargement of units and arrows (see items.mark_scale)

    # --- queries ----------------------------------------------------------------------------------

    def location_at(self, point: QPointF, *, coasts: bool = True) -> str | None:
        return self.geometry.location_at(point.x(), point.y(), coasts=coasts)

    def anchor(self, loc: str) -> QPointF:
        """Where the unit of ``loc`` is drawn (a click there hits the province)."""
        return QPointF(self.geometry.shape(loc).unit)

    def board_rect(self) -> QRectF:
        return self.geometry.rect

    # --- updates ----------------------------------------------------------------------------------

    def set_zoom(self, zoom: float) -> None:
        self.zoom = zoom
        scale = mark_scale(self.geometry.unit_size, zoom)
        if scale != self.scale:
            self.scale = scale
            for unit in self.units.values():
                unit.set_mark_scale(scale)
            for centre in self.centres.values():
                centre.set_mark_scale(scale)
            geometry = arrow_geometry(self.geometry, scale)
            for arrow in self.arrows.values():
                arrow.set_geometry(geometry)
            key, self._retreat_key = self._retreat_key, ()
            self._apply_retreat_options(dict(key))
        self._request_layout()

    def set_colours(self, colours: Mapping[str, str]) -> None:
        self.colours = dict(colours)
        self._apply_centre_styles(self.picture)
        for (power, _type, _loc, _d), unit in self.units.items():
            unit.set_colour(self.colours.get(power, palette.NEUTRAL_LAND))
        for arrow in self.arrows.values():
            arrow.set_colours(self.colours)
        self._apply_fills(self.picture)

    def show_picture(self, picture: BoardPicture, *, retreat_options: Mapping[str, Sequence[str]] | None = None,
                     awaiting: frozenset[str] = frozenset(), awaiting_dislodged: bool = False,
                     railway_highlights: frozenset[str] = frozenset()) -> None:
        """Make the map show ``picture``.

        ``awaiting`` names the provinces of the operator's units that have no order yet (the dislodged
        units there when ``awaiting_dislodged``), ``retreat_options`` maps a dislodged unit's location to
        the places it may retreat to, ``railway_highlights`` the places a selected army may ride to by
        railway (lit in railway orange, beside the picture's ordinary highlights).
        """
        previous = self.picture
        self.picture = picture
        if (previous.owners, previous.uncounted_centres, previous.shaded, previous.unseen, previous.unexplored) != (
                picture.owners, picture.uncounted_centres, picture.shaded, picture.unseen, picture.unexplored) \
                or not previous.owners:
            self._apply_fills(picture)
        railway = frozenset(province_of(loc) for loc in railway_highlights)
        if (previous.highlights != picture.highlights or previous.selected != picture.selected
                or railway != self.railway_highlights):
            self.railway_highlights = railway
            self._apply_highlights(picture)
        units_key = (picture.show_units, picture.units, picture.stacked, picture.dislodged_units, picture.decoys,
                     picture.unit_badges, awaiting, awaiting_dislodged)
        if units_key != self._units_key:  # a click that only lights targets moves no unit
            self._units_key = units_key
            self._apply_units(picture, awaiting, awaiting_dislodged)
        self._apply_arrows(picture)
        self._apply_retreat_options(retreat_options or {})
        if previous.show_labels != picture.show_labels or not self._shown:
            for label in self.labels:
                label.setVisible(picture.show_labels)
        if previous.show_supply_centres != picture.show_supply_centres or not self._shown \
                or previous.unexplored != picture.unexplored:
            for pid, centre in self.centres.items():
                centre.setVisible(picture.show_supply_centres and pid not in picture.unexplored)
        self._shown = True  # a click only lights targets: the ~150 labels and centres keep their visibility
        if (previous.owners, previous.uncounted_centres, previous.home_centres) != (
                picture.owners, picture.uncounted_centres, picture.home_centres) or not self._styled:
            self._apply_centre_styles(picture)
        self._request_layout()

    def _apply_centre_styles(self, picture: BoardPicture) -> None:
        self._styled = True
        owners = {normalise_location(p): power for p, power in picture.owners.items()}
        uncounted = {normalise_location(p) for p in picture.uncounted_centres}
        for pid, item in self.centres.items():
            owner = owners.get(pid)
            counted_owner = owner if owner is not None and pid not in uncounted else None
            home = picture.home_centres.get(pid) if picture.home_centres else self._home_of.get(pid)
            item.set_style(CentreStyle(
                self.colours.get(counted_owner, palette.NEUTRAL_LAND) if counted_owner else None,
                self.colours.get(home) if home else None,
                uncounted=owner is not None and pid in uncounted,
                held_by=self.colours.get(owner) if owner is not None and pid in uncounted else None))

    @property
    def layout(self) -> BoardLayout | None:
        """Where labels and centre markers stand (a pending layout is done first)."""
        if self._layout_pending:
            self._relayout()
        return self._layout

    def _request_layout(self) -> None:
        """Lay the labels out once the current burst of changes is over: opening a game zooms and resizes
        several times before the first paint, and each layout costs a few tens of milliseconds.

        The first layout (which also imports shapely and numpy) waits until the board has been painted
        once, with the labels where the map's builder put them, so a game opens without waiting for it;
        a scene no view paints is laid out after ``FIRST_LAYOUT_WAIT_MS`` (or when ``layout`` is read)."""
        if not self._layout_pending:
            self._layout_pending = True
            wait = 0 if self._painted else FIRST_LAYOUT_WAIT_MS
            QTimer.singleShot(wait, self, self._relayout)  # dropped if the scene goes first

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 - Qt's name
        super().drawForeground(painter, rect)
        if not self._painted:
            self._painted = True
            if self._layout_pending:
                QTimer.singleShot(0, self, self._relayout)  # right after this paint reaches the screen

    def _relayout(self) -> None:
        """Place labels and centre markers round the symbols as drawn now (see :mod:`app.drawing.labels`).

        Labels are drawn in screen pixels, so their size in map units depends on the zoom; the layout is
        redone when the zoom, the symbol size or what stands on the board changes."""
        if not self._layout_pending:
            return
        self._layout_pending = False
        picture = self.picture
        zoom = self.zoom if self.zoom > 0 else 1.0
        u = self.geometry.unit_size * self.scale
        # Labels grow with the symbols (as in exports), within readable pixel bounds.
        px = min(LABEL_MAX_PX, max(LABEL_MIN_PX, label_em(self.geometry.unit_size, self.scale) * zoom))
        coast_px = px * COAST_LABEL_RATIO
        orders = picture.orders if picture.show_orders else ()
        key = (round(zoom, 4), self.scale, picture.units, picture.dislodged_units, orders, picture.show_labels,
               picture.show_units, picture.show_supply_centres, picture.label_texts, picture.unexplored)
        if key == self._layout_key:
            return  # a click that only lights targets leaves every label where it is
        self._layout_key = key
        failures = tuple(failure_points(PaintContext(self.geometry, picture, cache_for(self.geometry), self.scale)))

        def measure(text: str, em: float, italic: bool) -> tuple[float, float]:
            bounds = label_paths(text, em * zoom, italic)[1].boundingRect()
            return bounds.width() / zoom, bounds.height() / zoom

        overview = bool(self.numbers) and px / zoom > OVERVIEW_EM_OF_UNIT * self.geometry.unit_size
        self.overview = overview
        tag_px = min(LABEL_MAX_PX * TAG_SCALE, px * TAG_SCALE)
        layout = layout_board(self.geometry, picture, u=u, em=px / zoom, coast_em=coast_px / zoom,
                              measure=measure, failures=failures,
                              texts=self.numbers if overview else None,
                              tags=self.tag_groups if overview else None, tag_em=tag_px / zoom,
                              drop_crowded=bool(self.numbers))
        self._layout = layout
        for tag in self.tags.values():
            tag.setVisible(False)
        for placed_tag in layout.tags:
            tag = self.tags[placed_tag.loc]
            tag.setPos(QPointF(placed_tag.x, placed_tag.y))
            tag.set_px(placed_tag.em * zoom)
            tag.setVisible(picture.show_labels)
        shown: set[str] = set()
        repeats = 0
        item: LabelItem | None
        for placed in layout.labels:
            if placed.part:  # a repeat on a piece across a canal: extra items, made as needed
                if repeats == len(self.repeat_labels):
                    extra = LabelItem(placed.text, QPointF(placed.x, placed.y), placed.em, sea=placed.sea)
                    self.repeat_labels.append(extra)
                    self.labels.append(extra)
                    self.addItem(extra)
                item = self.repeat_labels[repeats]
                item.text = placed.text
                repeats += 1
            else:
                item = self.label_of.get(placed.loc)
                shown.add(placed.loc)
            if item is not None:
                item.set_text(placed.text)
                item.setPos(QPointF(placed.x, placed.y))
                item.set_px(placed.em * zoom)
                item.setVisible(picture.show_labels)
        for item in self.repeat_labels[repeats:]:
            item.setVisible(False)
        for pid in picture.unexplored:  # never seen by the viewer: unnamed
            blank = self.label_of.get(pid)
            if blank is not None:
                blank.setVisible(False)
        for loc in layout.hidden:  # no clear spot at this zoom: left out, not piled on a neighbour
            hidden = self.label_of.get(loc)
            if hidden is not None and loc not in shown:
                hidden.setVisible(False)
                if loc in self.numbers:  # its text at this level, for when it shows again
                    hidden.set_text(self.numbers[loc] if overview else loc)
        for pid, (x, y) in layout.centres.items():
            centre = self.centres.get(pid)
            if centre is not None:
                centre.setPos(QPointF(x, y))

    def _apply_fills(self, picture: BoardPicture) -> None:
        uncounted = {normalise_location(p) for p in picture.uncounted_centres}
        owners = {normalise_location(p): power for p, power in picture.owners.items()
                  if normalise_location(p) not in uncounted}  # Hong Kong held by China: not China's tint
        shaded = {normalise_location(p): why for p, why in picture.shaded.items()}
        unseen = {normalise_location(p) for p in picture.unseen}
        for pid, item in self.provinces.items():
            if item.area.is_sea:
                fill = palette.SEA
            elif pid in owners and owners[pid] in self.colours:
                fill = palette.territory_colour(self.colours[owners[pid]])
            else:
                fill = palette.NEUTRAL_LAND
            fill = palette.fogged(fill) if pid in unseen else fill
            fill = palette.mix(fill, palette.SHADED, 0.35) if pid in shaded else fill
            item.set_fill(palette.UNEXPLORED if pid in picture.unexplored else fill)
            item.setToolTip(shaded.get(pid, ""))

    def _apply_highlights(self, picture: BoardPicture) -> None:
        lit: dict[str, set[str]] = {}
        for loc in picture.highlights:
            key = normalise_location(loc)
            lit.setdefault(key.split("/", 1)[0], set()).add(key)
        selected = normalise_location(picture.selected).split("/", 1)[0] if picture.selected else None
        now = set(lit) | set(self.railway_highlights) | ({selected} if selected is not None else set())
        now &= self.provinces.keys()
        # Only the provinces lit before or now can change (on the World, a dozen of 449).
        for pid in self._lit | now:
            self.provinces[pid].set_lit(frozenset(lit.get(pid, ())), pid == selected,
                                        railway=pid in self.railway_highlights)
        self._lit = now

    def _apply_units(self, picture: BoardPicture, awaiting: frozenset[str], awaiting_dislodged: bool) -> None:
        # key -> (anchor, offset, scale, badge); stacked units become badges round their province's unit.
        wanted: dict[tuple[str, str, str, bool], tuple[QPointF, tuple[float, float], float, bool]] = {}
        if picture.show_units:
            for place in unit_placements(picture.units, picture.stacked):
                u = place.unit
                wanted[(u.power, u.type, normalise_location(u.loc), False)] = (
                    self.geometry.shape(place.anchor).unit, (place.dx, place.dy), place.scale, place.badge)
            for u in picture.dislodged_units:
                wanted[(u.power, u.type, normalise_location(u.loc), True)] = (
                    self.geometry.shape(u.loc).dislodged, (0.0, 0.0), 1.0, False)
        for key in [k for k in self.units if k not in wanted]:
            self.removeItem(self.units.pop(key))
        for key, (at, offset, scale, badge) in wanted.items():
            item = self.units.get(key)
            if item is None:
                power, kind, _loc, dislodged = key
                item = UnitItem(kind, self.colours.get(power, palette.NEUTRAL_LAND), at, self.geometry.unit_size,
                                dislodged=dislodged, offset=offset, scale=scale, badge=badge)
                item.set_mark_scale(self.scale)
                self.units[key] = item
                self.addItem(item)
            else:
                item.setPos(at)
                item.set_placement(offset, scale, badge)
        decoys = {normalise_location(loc).split("/", 1)[0] for loc in picture.decoys}
        for (power, _kind, loc, dislodged), item in self.units.items():
            item.set_awaiting(not item.badge and dislodged == awaiting_dislodged and loc.split("/", 1)[0] in awaiting)
            item.set_decoy(not dislodged and not item.badge and loc.split("/", 1)[0] in decoys)
            item.set_mark("" if dislodged or item.badge else picture.unit_badges.get(loc, ""))

    def badge_at(self, point: QPointF) -> tuple[str, str, str] | None:
        """The stacked unit whose badge is under ``point``, as (power, unit letter, province), or ``None``."""
        for (power, kind, loc, dislodged), item in self.units.items():
            if item.badge and not dislodged and item.isVisible() and item.hits(point):
                return power, kind, loc.split("/", 1)[0]
        return None

    def _apply_arrows(self, picture: BoardPicture) -> None:
        wanted = set(picture.orders) if picture.show_orders else set()
        for arrow in [a for a in self.arrows if a not in wanted]:
            self.removeItem(self.arrows.pop(arrow))
        for arrow in picture.orders if picture.show_orders else ():
            if arrow not in self.arrows:
                item = ArrowItem(arrow_geometry(self.geometry, self.scale), arrow, self.colours)
                self.arrows[arrow] = item
                self.addItem(item)

    def _apply_retreat_options(self, options: Mapping[str, Sequence[str]]) -> None:
        key = tuple(sorted((loc, tuple(targets)) for loc, targets in options.items()))
        if key == self._retreat_key:
            return
        self._retreat_key = key
        for item in self.retreat_options:
            self.removeItem(item)
        self.retreat_options = []
        for loc, targets in key:
            if not targets:
                continue
            start = self.geometry.shape(loc).dislodged
            ends = [self.geometry.shape(t).unit for t in targets]
            unit = next((u for u in self.picture.dislodged_units if normalise_location(u.loc) == loc), None)
            colour = self.colours.get(unit.power, palette.RETREAT_OUTLINE) if unit else palette.RETREAT_OUTLINE
            item = RetreatOptionsItem(start, ends, colour, self.geometry.unit_size * self.scale)
            self.retreat_options.append(item)
            self.addItem(item)
