"""A test variant: the EMG rules on the board of the rules' worked examples (``emg_examples_map``)."""
from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from engine.variants import register
from engine.variants.emg.variant import EmgVariant


@register
class EmgExamples(EmgVariant):
    id = "emg_examples"
    name = "EMG examples board"
    map_id = "emg_examples"
    aliases = ()
    description = "The areas of the EMG rules' worked examples, for tests."
    map_folder: ClassVar[Path | None] = Path(__file__).resolve().parent / "emg_examples_map"
