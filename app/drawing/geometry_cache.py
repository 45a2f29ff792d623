"""A map's drawable paths kept on disk between runs, so opening a game needs neither shapely nor numpy.

Building a :class:`~app.drawing.geometry.BoardGeometry` from ``geometry.json`` runs shapely (validity
repair, the coastline as the union of the land, the land of no province, hatching, merged borders), which
with its import costs most of a game's launch. What that produces is a set of Qt paths and polylines: they
are written once to the user's cache folder, keyed by a hash of the geometry file, of the sea provinces and
of this format, and read back with one ``QDataStream`` pass.

The file is ``MAGIC``, then the payload's SHA-256, then the payload. It is written atomically (a temporary
file renamed over the old one); one that is short, altered or of another version fails the checks and is
ignored (the paths are then built again and the file rewritten). Nothing here raises: a cache that can't be
read or written only costs time. ``CHANCELLERY_CACHE_DIR`` moves the folder.
"""
from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, qVersion
from PySide6.QtGui import QPainterPath, QPolygonF

log = logging.getLogger("chancellery.app.drawing")

# Bump when anything that shapes the cached paths changes (the builders in geometry.py, this layout).
CACHE_FORMAT = 1
MAGIC = b"chancellery-paths\x00"
_STREAM_VERSION = QDataStream.Version.Qt_6_0


@dataclass(eq=False)
class PreparedPaths:
    """Everything :mod:`app.drawing.geometry` builds with shapely, as Qt values."""

    is_sea: dict[str, bool] = field(default_factory=dict)  # province id -> sea?
    paths: dict[str, QPainterPath] = field(default_factory=dict)  # province or coast location -> outline
    impassable: dict[str, tuple[QPainterPath, QPainterPath]] = field(default_factory=dict)  # id -> (area, hatch)
    sea_background: QPainterPath | None = None
    land_background: QPainterPath | None = None
    coastline: QPainterPath = field(default_factory=QPainterPath)
    unplayable_land: QPainterPath = field(default_factory=QPainterPath)
    ridges: list[tuple[QPainterPath, QPainterPath]] = field(default_factory=list)  # (area, hatch)
    sea_lines: list[QPolygonF] = field(default_factory=list)
    land_lines: list[QPolygonF] = field(default_factory=list)


def cache_dir() -> Path:
    override = os.environ.get("CHANCELLERY_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("chancellery", appauthor=False)) / "geometry"


def cache_key(geometry_bytes: bytes, sea_provinces: Iterable[str] | None) -> str:
    """Names the cache file: changes with the geometry file, the sea provinces, this format and Qt."""
    digest = hashlib.sha256()
    digest.update(f"{CACHE_FORMAT}|{qVersion()}|".encode())
    sea = "*" if sea_provinces is None else ",".join(sorted(sea_provinces))
    digest.update(sea.encode())
    digest.update(b"|")
    digest.update(geometry_bytes)
    return digest.hexdigest()[:32]


def cache_file(key: str) -> Path:
    return cache_dir() / f"{key}.paths"


def read_prepared(key: str) -> PreparedPaths | None:
    """The cached paths for ``key``, or ``None`` when there are none or the file is damaged."""
    try:
        blob = cache_file(key).read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + 32
    if len(blob) < head or not blob.startswith(MAGIC):
        return _ignored(key, "not a paths cache")
    payload = blob[head:]
    if hashlib.sha256(payload).digest() != blob[len(MAGIC):head]:
        return _ignored(key, "checksum mismatch")
    try:
        return _decode(payload)
    except (ValueError, OverflowError, MemoryError) as exc:
        return _ignored(key, str(exc))


def write_prepared(key: str, prepared: PreparedPaths) -> None:
    """Store ``prepared`` under ``key`` atomically; failures are logged and otherwise ignored."""
    payload = _encode(prepared)
    target = cache_file(key)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".paths-", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(MAGIC + hashlib.sha256(payload).digest() + payload)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        log.debug("geometry cache %s not written: %s", target, exc)


def _ignored(key: str, why: str) -> PreparedPaths | None:
    log.info("ignoring the geometry cache %s: %s", cache_file(key), why)
    return None


# --- encoding -----------------------------------------------------------------------------------


def _encode(p: PreparedPaths) -> bytes:
    data = QByteArray()
    out = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    out.setVersion(_STREAM_VERSION)
    out.writeUInt32(len(p.is_sea))
    for pid, sea in p.is_sea.items():
        out.writeQString(pid)
        out.writeBool(sea)
    out.writeUInt32(len(p.paths))
    for loc, path in p.paths.items():
        out.writeQString(loc)
        out << path
    out.writeUInt32(len(p.impassable))
    for iid, (area, hatch) in p.impassable.items():
        out.writeQString(iid)
        out << area
        out << hatch
    for optional in (p.sea_background, p.land_background):
        out.writeBool(optional is not None)
        if optional is not None:
            out << optional
    out << p.coastline
    out << p.unplayable_land
    out.writeUInt32(len(p.ridges))
    for area, hatch in p.ridges:
        out << area
        out << hatch
    for lines in (p.sea_lines, p.land_lines):
        out.writeUInt32(len(lines))
        for line in lines:
            out << line
    return bytes(data.data())


def _decode(payload: bytes) -> PreparedPaths:
    stream = QDataStream(QByteArray(payload))
    stream.setVersion(_STREAM_VERSION)

    def count() -> int:
        n = stream.readUInt32()
        if n > len(payload):  # every entry takes at least a byte: a larger count is damage
            raise ValueError("bad count")
        return n

    def path() -> QPainterPath:
        found = QPainterPath()
        stream >> found
        return found

    def polygon() -> QPolygonF:
        found = QPolygonF()
        stream >> found
        return found

    p = PreparedPaths()
    for _ in range(count()):
        pid = stream.readQString()
        p.is_sea[pid] = stream.readBool()
    for _ in range(count()):
        loc = stream.readQString()
        p.paths[loc] = path()
    for _ in range(count()):
        iid = stream.readQString()
        p.impassable[iid] = (path(), path())
    p.sea_background = path() if stream.readBool() else None
    p.land_background = path() if stream.readBool() else None
    p.coastline = path()
    p.unplayable_land = path()
    p.ridges = [(path(), path()) for _ in range(count())]
    p.sea_lines = [polygon() for _ in range(count())]
    p.land_lines = [polygon() for _ in range(count())]
    if stream.status() != QDataStream.Status.Ok or not stream.atEnd():
        raise ValueError("truncated or trailing data")
    return p
