"""The order layer: move, support, convoy, retreat, build, disband and hold marks, transports, damage
bursts, and failure crosses."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPolygonF

from . import palette
from .context import (
    BURST,
    CONVOY_TRIANGLE,
    FAILED_OPACITY,
    HEAD_HALF_WIDTH,
    HEAD_LENGTH,
    HEAD_TO_HEAD_OFFSET,
    OUTLINE,
    RING,
    SHAFT,
    UNIT_CLEARANCE,
    PaintContext,
    make_pen,
)
from .geometry import normalise_location
from .icons import unit_icons
from .labels import SPY_EYE_HALF, spy_eye_anchor
from .picture import ArrowStyle, OrderArrow, OrderKind


def paint_orders(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_orders:
        return
    moves = {
        (_province(o.from_loc), _province(o.to_loc))
        for o in ctx.picture.orders
        if o.kind is OrderKind.MOVE and o.to_loc is not None
    }
    # Draw supports and convoys under moves, moves under retreats, and markers on top.
    rank = {
        OrderKind.AREA: -1,  # outlines of areas under everything else
        OrderKind.SUPPORT_HOLD: 0,
        OrderKind.SUPPORT_MOVE: 0,
        OrderKind.CONVOY: 1,
        OrderKind.TRANSPORT: 1,
        OrderKind.MOVE: 2,
        OrderKind.RETREAT: 3,
        OrderKind.HOLD: 4,
        OrderKind.BUILD: 4,
        OrderKind.DISBAND: 5,
    }
    for order in sorted(ctx.picture.orders, key=lambda o: rank[o.kind]):
        painter.save()
        try:
            _paint_order(painter, ctx, order, moves)
        finally:
            painter.restore()


def _province(loc: str | None) -> str:
    return normalise_location(loc or "").split("/", 1)[0]


def _paint_order(painter: QPainter, ctx: PaintContext, order: OrderArrow, moves: set[tuple[str, str]]) -> None:
    failure_at = _paint_order_marks(painter, ctx, order, moves)
    if order.failed and failure_at is not None:
        painter.setOpacity(1.0)
        u = ctx.u
        for shift in _wrap_shifts(ctx, [failure_at]):  # a cross over a wrapping edge is drawn where the board is
            _draw_cross(painter, failure_at + shift, u * 0.2, palette.FAILURE_MARK, "#ffffff", u * 0.09, u * 0.035)


def _paint_order_marks(painter: QPainter, ctx: PaintContext, order: OrderArrow,
                       moves: set[tuple[str, str]]) -> QPointF | None:
    """Paint ``order`` and return where its failure cross goes."""
    u = ctx.u
    colour = ctx.colour(order.power)
    kind = order.kind
    failure_at: QPointF | None = None
    if order.failed:
        painter.setOpacity(FAILED_OPACITY)

    if kind in (OrderKind.MOVE, OrderKind.RETREAT):
        assert order.to_loc is not None
        start = ctx.shape(order.from_loc).dislodged if kind is OrderKind.RETREAT else ctx.shape(order.from_loc).unit
        points = [start, *(ctx.shape(v).unit for v in order.via), ctx.shape(order.to_loc).unit]
        if order.style is ArrowStyle.CANAL:
            points = [points[0], *canal_points(ctx, points[0], points[1]), *points[1:]]
        points = _unwrap(ctx, points)
        if kind is OrderKind.MOVE and (_province(order.to_loc), _province(order.from_loc)) in moves:
            points = _offset(points, HEAD_TO_HEAD_OFFSET * u)
        line = _trim(points, UNIT_CLEARANCE * u, UNIT_CLEARANCE * u)
        for shift in _wrap_shifts(ctx, line):
            shifted = [p + shift for p in line]
            if kind is OrderKind.RETREAT:
                _draw_arrow(painter, shifted, colour, u, outline=palette.RETREAT_OUTLINE, core="#ffffff")
            elif order.style is ArrowStyle.RAILWAY:
                dash = (0.5 * u, 0.32 * u) if order.failed else None  # the stretch not travelled
                _draw_arrow(painter, shifted, palette.RAILWAY_ORDER, u, railway=not order.failed, dash=dash)
            elif order.style is ArrowStyle.RED_ARROW:
                _draw_arrow(painter, shifted, palette.RED_ARROW_ORDER, u)
            elif order.style is ArrowStyle.HALF_STRENGTH:  # 1815's Cape passage: long dashes, half the force
                _draw_arrow(painter, shifted, colour, u, dash=(0.6 * u, 0.3 * u))
            else:
                _draw_arrow(painter, shifted, colour, u)
        if order.style is ArrowStyle.RAILWAY:
            # A failed railway arrow is the stretch not travelled: the mark goes where the train stopped.
            failure_at = _at_distance(line, RING * u * 0.6)
        else:
            failure_at = _along(line, 0.5)

    elif kind is OrderKind.SUPPORT_MOVE:
        assert order.to_loc is not None and order.aux_loc is not None
        supported = _unwrap(ctx, [ctx.shape(order.aux_loc).unit, ctx.shape(order.to_loc).unit])
        canal = canal_points(ctx, *supported) if order.style is ArrowStyle.CANAL else []
        if (_province(order.to_loc), _province(order.aux_loc)) in moves:
            supported = _offset(supported, HEAD_TO_HEAD_OFFSET * u)
        if canal:
            target = _along(canal, 0.5)  # a passage's support (the canal's permission) points at the canal
        else:
            target = _along(_trim(supported, UNIT_CLEARANCE * u, UNIT_CLEARANCE * u), 0.5)
        points = _unwrap(ctx, [ctx.shape(order.from_loc).unit, target])
        line = _trim(points, UNIT_CLEARANCE * u, SHAFT * u)
        damage = order.style is ArrowStyle.DAMAGE
        if damage:
            line = _trim(points, UNIT_CLEARANCE * u, BURST * u * 0.8)
        for shift in _wrap_shifts(ctx, line):
            if damage:
                _draw_arrow(painter, [p + shift for p in line], colour, u, dash=(0.2 * u, 0.14 * u), head=False)
                _draw_burst(painter, target + shift, BURST * u, colour, u)
            else:
                ink = palette.RED_ARROW_ORDER if order.style is ArrowStyle.RED_ARROW else colour
                _draw_arrow(painter, [p + shift for p in line], ink, u, dash=(0.34 * u, 0.2 * u), head_scale=0.75)
        failure_at = _along(line, 0.5)

    elif kind is OrderKind.SUPPORT_HOLD:
        assert order.to_loc is not None
        held = ctx.shape(order.to_loc).unit
        points = _unwrap(ctx, [ctx.shape(order.from_loc).unit, held])
        if order.style is ArrowStyle.DAMAGE:
            # The burst sits on the damaged unit's edge, towards the fighter.
            line = _trim(points, UNIT_CLEARANCE * u, RING * u)
            for shift in _wrap_shifts(ctx, line):
                _draw_arrow(painter, [p + shift for p in line], colour, u, dash=(0.2 * u, 0.14 * u), head=False)
                _draw_burst(painter, line[-1] + shift, BURST * u, colour, u)
        else:
            ink = palette.RED_ARROW_ORDER if order.style is ArrowStyle.RED_ARROW else colour
            line = _trim(points, UNIT_CLEARANCE * u, RING * u * 1.1)
            for shift in _wrap_shifts(ctx, line):
                _draw_arrow(painter, [p + shift for p in line], ink, u, dash=(0.34 * u, 0.2 * u), head=False)
            _draw_ring(painter, held, RING * u * 1.1, ink, u, dashed=True)
        failure_at = _along(line, 0.5)

    elif kind is OrderKind.TRANSPORT:
        assert order.aux_loc is not None
        # Dotted from the fetched engineer to the unit that fetches it, the head at the unit.
        points = _unwrap(ctx, [ctx.shape(order.aux_loc).unit, ctx.shape(order.from_loc).unit])
        line = _trim(points, UNIT_CLEARANCE * u, UNIT_CLEARANCE * u)
        for shift in _wrap_shifts(ctx, line):
            _draw_arrow(painter, [p + shift for p in line], colour, u, dotted=True, head_scale=0.75)
        failure_at = _along(line, 0.5)

    elif kind is OrderKind.CONVOY:
        assert order.to_loc is not None and order.aux_loc is not None
        fleet = ctx.shape(order.from_loc).unit
        army, fleet_at, target = _unwrap(ctx, [ctx.shape(order.aux_loc).unit, fleet, ctx.shape(order.to_loc).unit])
        # Dotted from the army to the fleet and on to the destination, broken around the fleet itself,
        # which gets a triangle (the convoy symbol) so it shows even under the army's own move arrow.
        inbound = _trim([army, fleet_at], UNIT_CLEARANCE * u, CONVOY_TRIANGLE * u * 0.6)
        outbound = _trim([fleet_at, target], CONVOY_TRIANGLE * u * 0.6, UNIT_CLEARANCE * u)
        for shift in _wrap_shifts(ctx, [*inbound, *outbound]):
            _draw_arrow(painter, [p + shift for p in inbound], colour, u, dotted=True, head=False)
            _draw_arrow(painter, [p + shift for p in outbound], colour, u, dotted=True, head_scale=0.75)
        _draw_triangle(painter, fleet, CONVOY_TRIANGLE * u, colour, u)
        failure_at = fleet + QPointF(CONVOY_TRIANGLE * u * 0.6, -CONVOY_TRIANGLE * u * 0.5)

    elif kind is OrderKind.HOLD:
        at = _marker_anchor(ctx, order)
        _draw_ring(painter, at, RING * u, colour, u)
        failure_at = at + QPointF(RING * u * 0.7, -RING * u * 0.7)

    elif kind is OrderKind.BUILD:
        at = ctx.shape(order.from_loc).unit
        if order.unit_type:
            painter.save()
            painter.setOpacity(painter.opacity() * 0.45)
            unit_icons().paint(painter, order.unit_type, colour, at, u * 0.9)
            painter.restore()
        _draw_ring(painter, at, RING * u, colour, u, dashed=True)
        _draw_plus(painter, at + QPointF(RING * u * 0.72, -RING * u * 0.72), u * 0.26, colour, u)
        failure_at = at + QPointF(-RING * u * 0.72, -RING * u * 0.72)

    elif kind is OrderKind.AREA:
        failure_at = paint_area_mark(painter, ctx, order.from_loc, order.style, colour, u)

    elif kind is OrderKind.DISBAND:
        at = _marker_anchor(ctx, order)
        # A black cross over the unit, wider than its plate: reads as "removed" on any power colour.
        _draw_cross(painter, at, u * 0.55, palette.UNIT_INK, "#ffffff", u * 0.16, u * 0.05)
        failure_at = at + QPointF(RING * u * 0.7, -RING * u * 0.7)

    return failure_at


def paint_area_mark(painter: QPainter, ctx: PaintContext, loc: str, style: ArrowStyle, colour: str,
                    u: float) -> QPointF:
    """An area an order names: a spy's target (a dashed violet outline and an eye, its iris in the sender's
    colour) or an area granted (a teal hatched outline with a line of the granter's colour inside); returns
    where a failure cross goes."""
    shape = ctx.shape(loc)
    at = QPointF(*spy_eye_anchor(ctx.geometry, ctx.picture, loc, u))
    paint_area_outline(painter, shape.path, style, colour, u)
    if style is ArrowStyle.SPY:
        paint_eye(painter, at, SPY_EYE_HALF * u, colour, u)
    return at + QPointF(0.45 * u, -0.35 * u)


def paint_area_outline(painter: QPainter, path: QPainterPath, style: ArrowStyle, colour: str, u: float) -> None:
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if style is ArrowStyle.GRANT:
        ticks = make_pen(palette.GRANT_MARK, u * 0.22, cap=Qt.PenCapStyle.FlatCap)
        ticks.setDashPattern([0.6, 0.9])  # short bars across the border: hatching
        painter.setPen(ticks)
        painter.drawPath(path)
        painter.setPen(make_pen(colour, u * 0.05))
        painter.drawPath(path)
    else:
        dashes = make_pen(palette.SPY_MARK, u * 0.1, cap=Qt.PenCapStyle.FlatCap)
        dashes.setDashPattern([3.0, 1.6])
        painter.setPen(dashes)
        painter.drawPath(path)
    painter.restore()


def paint_eye(painter: QPainter, at: QPointF, half: float, colour: str, u: float) -> None:
    """An eye ``2 * half`` wide: white almond outlined in violet, the iris in ``colour``, a dark pupil."""
    painter.save()
    left, right = at + QPointF(-half, 0), at + QPointF(half, 0)
    almond = QPainterPath(left)
    almond.quadTo(at + QPointF(0, -half * 1.25), right)
    almond.quadTo(at + QPointF(0, half * 1.25), left)
    painter.setPen(make_pen(palette.SPY_MARK, u * 0.07))
    painter.setBrush(QBrush(QColor("#ffffff")))
    painter.drawPath(almond)
    painter.setPen(make_pen(palette.SPY_MARK, u * 0.04))
    painter.setBrush(QBrush(QColor(colour)))
    painter.drawEllipse(at, half * 0.42, half * 0.42)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(palette.UNIT_INK)))
    painter.drawEllipse(at, half * 0.17, half * 0.17)
    painter.restore()


def failure_points(ctx: PaintContext) -> list[tuple[float, float]]:
    """Where the failure crosses of the picture's failed orders go (labels keep clear of them)."""
    if not ctx.picture.show_orders:
        return []
    failed = [o for o in ctx.picture.orders if o.failed]
    if not failed:
        return []
    moves = {
        (_province(o.from_loc), _province(o.to_loc))
        for o in ctx.picture.orders
        if o.kind is OrderKind.MOVE and o.to_loc is not None
    }
    spots: list[tuple[float, float]] = []
    scratch = QImage(1, 1, QImage.Format.Format_ARGB32_Premultiplied)  # the orders are drawn off the board
    painter = QPainter(scratch)
    try:
        for order in failed:
            painter.save()
            at = _paint_order_marks(painter, ctx, order, moves)
            painter.restore()
            if at is not None:
                spots.append((at.x(), at.y()))
    finally:
        painter.end()
    return spots


def _marker_anchor(ctx: PaintContext, order: OrderArrow) -> QPointF:
    shape = ctx.shape(order.from_loc)
    return shape.dislodged if order.dislodged else shape.unit


def _unwrap(ctx: PaintContext, points: list[QPointF]) -> list[QPointF]:
    """On a map that wraps east-west (and north-south: Age of Discovery's torus), take each step the short way
    round."""
    wrap_x, wrap_y = ctx.geometry.wrap_x, bool(getattr(ctx.geometry, "wrap_y", False))
    if not (wrap_x or wrap_y):
        return points
    width, height = ctx.geometry.width, ctx.geometry.height
    result = [points[0]]
    for p in points[1:]:
        x, y = p.x(), p.y()
        prev = result[-1]
        if wrap_x:
            x = _nearest(x, prev.x(), width)
        if wrap_y:
            y = _nearest(y, prev.y(), height)
        result.append(QPointF(x, y))
    return result


def _nearest(value: float, prev: float, span: float) -> float:
    """``value`` moved by whole ``span``s to lie within half a span of ``prev``."""
    while value - prev > span / 2:
        value -= span
    while prev - value > span / 2:
        value += span
    return value


def _wrap_shifts(ctx: PaintContext, points: Sequence[QPointF]) -> list[QPointF]:
    """Offsets to draw a line at: itself, plus a copy one map-width (or height) over if it runs off a wrapping
    map."""
    shifts = [QPointF(0, 0)]
    if ctx.geometry.wrap_x:
        width = ctx.geometry.width
        if min(p.x() for p in points) < 0:
            shifts.append(QPointF(width, 0))
        if max(p.x() for p in points) > width:
            shifts.append(QPointF(-width, 0))
    if getattr(ctx.geometry, "wrap_y", False):
        height = ctx.geometry.height
        vertical = []
        if min(p.y() for p in points) < 0:
            vertical.append(QPointF(0, height))
        if max(p.y() for p in points) > height:
            vertical.append(QPointF(0, -height))
        shifts += [s + v for s in shifts for v in vertical]  # off a corner: the diagonal copy too
    return shifts


def _offset(points: list[QPointF], distance: float) -> list[QPointF]:
    """Shift a two-point line to its right, so opposite moves between two provinces don't overlap."""
    line = QLineF(points[0], points[-1])
    if line.length() == 0:
        return points
    normal = QPointF(-line.dy() / line.length(), line.dx() / line.length()) * distance
    return [p + normal for p in points]


def _trim(points: list[QPointF], start: float, end: float) -> list[QPointF]:
    """Shorten a polyline by ``start`` at its first point and ``end`` at its last (never past its middle)."""
    if len(points) < 2:
        return points
    result = list(points)
    first = QLineF(result[0], result[1])
    if first.length() > 0:
        cut = min(start, first.length() * 0.45)
        result[0] = first.pointAt(cut / first.length())
    last = QLineF(result[-1], result[-2])
    if last.length() > 0:
        cut = min(end, last.length() * 0.45)
        result[-1] = last.pointAt(cut / last.length())
    return result


def canal_points(ctx: PaintContext, start: QPointF, end: QPointF) -> list[QPointF]:
    """The points of the canal decoration whose ends lie nearest ``start`` and ``end``, in that order
    (empty when the board has no canal)."""
    best: tuple[float, list[QPointF]] | None = None
    for decoration in ctx.geometry.decorations:
        if decoration.kind != "canal":
            continue
        for points in (list(decoration.points), list(reversed(decoration.points))):
            cost = QLineF(start, points[0]).length() + QLineF(points[-1], end).length()
            if best is None or cost < best[0]:
                best = (cost, points)
    return best[1] if best is not None else []


def _at_distance(points: Sequence[QPointF], distance: float) -> QPointF:
    """The point ``distance`` along a polyline from its start (at most a third of the way)."""
    total = sum(QLineF(a, b).length() for a, b in itertools.pairwise(points))
    return _along(points, min(distance / total, 1 / 3) if total > 0 else 0.0)


def _along(points: Sequence[QPointF], fraction: float) -> QPointF:
    """The point ``fraction`` of the way along a polyline."""
    lengths = [QLineF(a, b).length() for a, b in itertools.pairwise(points)]
    remaining = sum(lengths) * fraction
    for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
        if remaining <= length and length > 0:
            return QLineF(a, b).pointAt(remaining / length)
        remaining -= length
    return points[-1]


def _draw_arrow(
    painter: QPainter,
    points: Sequence[QPointF],
    colour: str,
    u: float,
    *,
    outline: str = palette.UNIT_INK,
    core: str | None = None,
    dash: tuple[float, float] | None = None,
    dotted: bool = False,
    railway: bool = False,
    head: bool = True,
    head_scale: float = 1.0,
) -> None:
    """A polyline in the power's colour with a dark (or given) outline and an optional arrowhead.

    ``dash`` is (dash, gap) in map units; outline and colour dashes line up because both patterns are
    set in absolute lengths. ``dotted`` draws round dots; ``railway`` adds track ties across the shaft.
    """
    width = SHAFT * u * (0.85 if dash or dotted else 1.0)
    rim = OUTLINE * u
    shaft = list(points)
    tip = shaft[-1]
    head_length = HEAD_LENGTH * u * head_scale
    if head:
        last = QLineF(shaft[-1], shaft[-2])
        if last.length() > 0:
            shaft[-1] = last.pointAt(min(0.95, head_length * 0.8 / last.length()))
    path = QPainterPath(shaft[0])
    for p in shaft[1:]:
        path.lineTo(p)

    outer_width = width + 2 * rim
    if dotted:
        period = width * 2.2
        outer = make_pen(outline, outer_width, cap=Qt.PenCapStyle.RoundCap)
        outer.setDashPattern([0.001, period / outer_width])
        inner = make_pen(colour, width, cap=Qt.PenCapStyle.RoundCap)
        inner.setDashPattern([0.001, period / width])
    elif dash is not None:
        on, off = dash
        outer = make_pen(outline, outer_width, cap=Qt.PenCapStyle.FlatCap)
        outer.setDashPattern([(on + 2 * rim) / outer_width, max(off - 2 * rim, 0.001) / outer_width])
        outer.setDashOffset(rim / outer_width)
        inner = make_pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
        inner.setDashPattern([on / width, off / width])
    else:
        outer = make_pen(outline, outer_width, cap=Qt.PenCapStyle.FlatCap)
        inner = make_pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
    painter.strokePath(path, outer)
    if railway:
        ties = make_pen(outline, width * 2.6, cap=Qt.PenCapStyle.FlatCap)
        ties.setDashPattern([0.12, 0.9])
        painter.strokePath(path, ties)
    painter.strokePath(path, inner)
    if core is not None:
        painter.strokePath(path, make_pen(core, width * 0.3, cap=Qt.PenCapStyle.FlatCap))

    if head and len(points) >= 2:
        direction = QLineF(points[-2], tip)
        if direction.length() > 0:
            ux, uy = direction.dx() / direction.length(), direction.dy() / direction.length()
            half = HEAD_HALF_WIDTH * u * head_scale
            base = tip - QPointF(ux, uy) * head_length
            triangle = QPolygonF([tip, base + QPointF(-uy, ux) * half, base - QPointF(-uy, ux) * half])
            head_pen = make_pen(outline, rim * 1.6)
            head_pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(head_pen)
            painter.setBrush(QBrush(QColor(colour)))
            painter.drawPolygon(triangle)


def _draw_ring(painter: QPainter, at: QPointF, radius: float, colour: str, u: float, *, dashed: bool = False) -> None:
    width = u * 0.11
    rim = OUTLINE * u
    outer = make_pen(palette.UNIT_INK, width + 2 * rim, cap=Qt.PenCapStyle.FlatCap)
    inner = make_pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
    if dashed:
        # Whole number of dashes round the ring so the pattern closes neatly.
        circumference = 2 * math.pi * radius
        count = max(4, round(circumference / (0.5 * u)))
        step = circumference / count
        on, off = step * 0.62, step * 0.38
        outer.setDashPattern([(on + 2 * rim) / (width + 2 * rim), max(off - 2 * rim, 0.001) / (width + 2 * rim)])
        outer.setDashOffset(rim / (width + 2 * rim))
        inner.setDashPattern([on / width, off / width])
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(outer)
    painter.drawEllipse(at, radius, radius)
    painter.setPen(inner)
    painter.drawEllipse(at, radius, radius)


def _draw_burst(painter: QPainter, at: QPointF, radius: float, colour: str, u: float) -> None:
    """An eight-pointed burst in the power's colour with a dark rim: the mark of damage."""
    points = []
    for i in range(16):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi * i / 8
        points.append(at + QPointF(r * math.sin(angle), -r * math.cos(angle)))
    pen = make_pen(palette.UNIT_INK, OUTLINE * u * 1.6)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(QBrush(QColor(colour)))
    painter.drawPolygon(QPolygonF(points))


def _draw_triangle(painter: QPainter, at: QPointF, radius: float, colour: str, u: float) -> None:
    """An upward triangle with circumradius ``radius`` around ``at``: the convoy symbol."""
    angles = (0.0, 2 * math.pi / 3, 4 * math.pi / 3)
    triangle = QPolygonF([at + QPointF(radius * math.sin(a), -radius * math.cos(a)) for a in angles])
    width = u * 0.1
    painter.setBrush(Qt.BrushStyle.NoBrush)
    outer = make_pen(palette.UNIT_INK, width + 2 * OUTLINE * u)
    painter.setPen(outer)
    painter.drawPolygon(triangle)
    painter.setPen(make_pen(colour, width))
    painter.drawPolygon(triangle)


def _draw_plus(painter: QPainter, at: QPointF, half: float, colour: str, u: float) -> None:
    path = QPainterPath()
    path.moveTo(at - QPointF(half, 0))
    path.lineTo(at + QPointF(half, 0))
    path.moveTo(at - QPointF(0, half))
    path.lineTo(at + QPointF(0, half))
    painter.strokePath(path, make_pen(palette.UNIT_INK, u * 0.16 + 2 * OUTLINE * u, cap=Qt.PenCapStyle.SquareCap))
    painter.strokePath(path, make_pen(colour, u * 0.16, cap=Qt.PenCapStyle.SquareCap))


def _draw_cross(
    painter: QPainter, at: QPointF, half: float, colour: str, rim_colour: str, width: float, rim: float
) -> None:
    path = QPainterPath()
    path.moveTo(at + QPointF(-half, -half))
    path.lineTo(at + QPointF(half, half))
    path.moveTo(at + QPointF(-half, half))
    path.lineTo(at + QPointF(half, -half))
    painter.strokePath(path, make_pen(rim_colour, width + 2 * rim))
    painter.strokePath(path, make_pen(colour, width))
