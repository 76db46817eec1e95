"""Adapter for the one caller not yet switched to :mod:`core.dice.vision_notation`
(the GM screen's light-and-weather dialog, which still catches ``ValueError``):
delete this module when that caller imports the core's parser directly."""

from __future__ import annotations

from core.board.vision import LightSource
from core.dice.vision_notation import VISION_HELP, parse_vision as _parse
from core.errors import NotationError

__all__ = ["VISION_HELP", "parse_vision"]


def parse_vision(text: str, names: dict[str, str]) -> tuple[str, str, tuple[LightSource, ...]]:
    """:func:`core.dice.vision_notation.parse_vision`, its refusal as a ``ValueError``."""
    try:
        return _parse(text, names)
    except NotationError as problem:
        raise ValueError(str(problem)) from None
