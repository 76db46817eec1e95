"""Parsing the light and weather the GM types (rules EQ-VIS-1, EQ-VIS-2).
Errors are :class:`~core.errors.NotationError` with a message."""

from __future__ import annotations

from core.board.vision import LIGHTS, SOURCES, WEATHERS, LightSource
from core.errors import NotationError

VISION_HELP = "light weather; torch NAME; lantern X,Y (e.g. night fog; torch Ayla)"


def parse_vision(text: str, names: dict[str, str]) -> tuple[str, str, tuple[LightSource, ...]]:
    """``night fog; torch Character 1; lantern 5,5`` -> (light, weather,
    sources). ``names``: combatant name (any case) -> id. The first part
    holds the light (day, night, darkness) and the weather (clear, fog,
    downpour) in any order; each further part one light source."""
    parts = [p.strip() for p in text.split(";") if p.strip()]
    if not parts:
        raise NotationError(f"type the light and weather: {VISION_HELP}")
    light, weather = "day", "clear"
    for word in parts[0].lower().split():
        if word in LIGHTS:
            light = word
        elif word in WEATHERS:
            weather = word
        else:
            raise NotationError(f"{word!r} is neither a light ({', '.join(LIGHTS)}) nor a weather ({', '.join(WEATHERS)})")
    sources = []
    lowered = {name.lower(): cid for name, cid in names.items()}
    for part in parts[1:]:
        kind, _, where = part.partition(" ")
        kind = kind.lower()
        if kind not in SOURCES:
            raise NotationError(f"{kind!r} is not a light source ({', '.join(SOURCES)})")
        where = where.strip()
        cell = where.replace(" ", "").split(",")
        if len(cell) == 2 and all(c.lstrip("-").isdigit() for c in cell):
            sources.append(LightSource(kind, cell=(int(cell[0]), int(cell[1]))))
        elif where.lower() in lowered:
            sources.append(LightSource(kind, carrier=lowered[where.lower()]))
        else:
            raise NotationError(f"who carries the {kind}, or where is it? {where!r} is neither a combatant nor a cell X,Y")
    return light, weather, tuple(sources)
