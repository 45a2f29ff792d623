"""Errors the drawing layer reports about bad input (a malformed geometry file or picture)."""
from __future__ import annotations


class DrawingError(ValueError):
    """Base of every error raised by :mod:`app.drawing` about bad input or an unwritable file."""


class GeometryError(DrawingError):
    """A geometry file is missing, not JSON, or breaks the ``chancellery-geometry`` format."""


class PictureError(DrawingError):
    """A :class:`~app.drawing.picture.BoardPicture` names a location or colour the board can't draw."""
