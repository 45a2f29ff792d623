"""Global Diplomacy (EMG rules v1.38): eleven Great Powers on our numbered world map of about 1890
(``resources/maps/global1890``); areas are written by number (``MO 20 19``) or three-letter alias."""
from __future__ import annotations

from . import register
from .emg.variant import EmgVariant


@register
class GlobalDiplomacy(EmgVariant):
    id = "global_diplomacy"
    name = "Global Diplomacy"
    map_id = "global1890"
    aliases = ("gd", "global")
    description = "EMG's Global Diplomacy: eleven Great Powers on a numbered world map of about 1890."


__all__ = ["GlobalDiplomacy"]
