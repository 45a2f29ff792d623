"""The PNG encoder of exports: what Qt reads back is exactly the image written, opaque or not."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402

from app.drawing.pngfile import SIGNATURE, is_opaque, png_from_image  # noqa: E402

pytestmark = pytest.mark.usefixtures("qapp")  # a QApplication, so widget tests after these still run


def _pattern(width: int, height: int, alpha: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(20, 120, 220, alpha))
    painter = QPainter(image)
    painter.setPen(QColor(250, 40, 10, alpha))
    for i in range(0, width + height, 3):
        painter.drawLine(i, 0, i - height, height)
    painter.end()
    return image


def _argb(image: QImage) -> QImage:
    return image.convertToFormat(QImage.Format.Format_ARGB32)


@pytest.mark.parametrize(("width", "height"), [(1, 1), (37, 11), (640, 480), (1001, 3)])
@pytest.mark.parametrize("alpha", [255, 128, 0])
def test_the_pixels_read_back_are_the_pixels_written(width: int, height: int, alpha: int) -> None:
    image = _pattern(width, height, alpha)
    data = png_from_image(image)
    assert data.startswith(SIGNATURE)
    back = QImage.fromData(data, "PNG")
    assert not back.isNull()
    assert (back.width(), back.height()) == (width, height)
    assert back.hasAlphaChannel() == (alpha != 255)  # RGB when opaque, RGBA otherwise
    assert _argb(back) == _argb(image)


def test_one_transparent_pixel_keeps_the_alpha_channel() -> None:
    image = _pattern(50, 7, 255)
    assert is_opaque(image)
    image.setPixelColor(49, 6, QColor(0, 0, 0, 0))
    assert not is_opaque(image)
    back = QImage.fromData(png_from_image(image), "PNG")
    assert back.pixelColor(49, 6).alpha() == 0 and _argb(back) == _argb(image)
