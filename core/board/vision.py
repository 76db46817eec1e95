"""Vision and light (rules EQ-VIS-1, EQ-VIS-2, seed 001).

Sight reaches 1 km in a clear day. Light and weather give two ranges: clear
sight (no penalty) and poor sight (-3 on related rolls, the ruleset's
``poor_visibility_penalty``); beyond the second a target counts as
*Invisible*. The seed's examples, in metres = cells (units DEFAULT): fog
1/30, downpour 30/500, night outdoors 50/100. Darkness limits only
creatures that cannot see in the dark (DEFAULT: darkvision ignores
darkness, not fog or rain). A torch or lantern lights its own two ranges
(DEFAULT torch 6/12, lantern 9/18 cells): a target within a light's clear
range is seen as by day (the weather still limits), within its poor range
at best poorly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.errors import IllegalCommand

Cell = tuple[int, int]


@dataclass(frozen=True)
class VisionSettings:
    """EQ-VIS-1..2 as data, in cells (1 cell = 1 m, the units DEFAULT)."""

    day: tuple[int, int] = (1000, 1000)  # EQ-VIS-1: up to 1 km in a clear day
    night: tuple[int, int] = (50, 100)  # EQ-VIS-1: night outdoors
    darkness: tuple[int, int] = (0, 0)  # DEFAULT: no light at all (a cave, a cellar)
    fog: tuple[int, int] = (1, 30)  # EQ-VIS-1
    downpour: tuple[int, int] = (30, 500)  # EQ-VIS-1
    torch: tuple[int, int] = (6, 12)  # EQ-VIS-2 DEFAULT (from d20 feet)
    lantern: tuple[int, int] = (9, 18)  # EQ-VIS-2 DEFAULT
    darkvision_stat: str = "DARKVISION"  # DEFAULT: a sheet stat >= 1 marks darkvision

    def ranges(self, name: str) -> tuple[int, int]:
        """(clear, poor) sight in cells of a light (``day``, ``night``,
        ``darkness``), a weather (``fog``, ``downpour``) or a light source
        (``torch``, ``lantern``): the fields above, by their names in :data:`LIGHTS`,
        :data:`WEATHERS` and :data:`SOURCES`."""
        return {
            "day": self.day, "night": self.night, "darkness": self.darkness, "fog": self.fog,
            "downpour": self.downpour, "torch": self.torch, "lantern": self.lantern,
        }[name]


LIGHTS = ("day", "night", "darkness")
WEATHERS = ("clear", "fog", "downpour")
SOURCES = ("torch", "lantern")


class Sighting(Enum):
    """How a viewer sees a target (EQ-VIS-1)."""

    CLEAR = "clear sight"
    POOR = "poor sight"
    UNSEEN = "beyond sight"


@dataclass(frozen=True)
class LightSource:
    """A ``kind`` of light (torch, lantern) carried by ``carrier`` (a
    combatant id) or placed on ``cell``."""

    kind: str
    carrier: str | None = None
    cell: Cell | None = None


@dataclass(frozen=True)
class Conditions:
    """The encounter's ``light`` (day, night, darkness), ``weather`` (clear,
    fog, downpour) and its light ``sources``."""

    light: str = "day"
    weather: str = "clear"
    sources: tuple[LightSource, ...] = ()

    def __post_init__(self) -> None:
        if self.light not in LIGHTS:
            raise IllegalCommand(f"unknown light {self.light!r}; use one of {', '.join(LIGHTS)}", "EQ-VIS-1")
        if self.weather not in WEATHERS:
            raise IllegalCommand(f"unknown weather {self.weather!r}; use one of {', '.join(WEATHERS)}", "EQ-VIS-1")
        for source in self.sources:
            if source.kind not in SOURCES:
                raise IllegalCommand(f"unknown light source {source.kind!r}; use one of {', '.join(SOURCES)}", "EQ-VIS-2")
            if (source.carrier is None) == (source.cell is None):
                raise IllegalCommand("a light source is either carried by a creature or placed on a cell", "EQ-VIS-2")


@dataclass(frozen=True)
class Seen:
    """The ``sighting`` of a target at ``distance`` cells, the ranges that
    applied (``clear``, ``poor``) and the ``reason`` shown in the preview."""

    sighting: Sighting
    distance: int
    clear: int
    poor: int
    reason: str


def _apart(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _lit(conditions: Conditions, target_cells: tuple[Cell, ...], positions: dict[str, Cell | None], settings: VisionSettings) -> tuple[int, int] | None:
    """The best light a source sheds on the target: (clear, poor) as the day's
    ranges for a target in a light's clear range, (0, day) in its poor range."""
    best: tuple[int, int] | None = None
    for source in conditions.sources:
        where = source.cell if source.cell is not None else positions.get(source.carrier or "")
        if where is None or not target_cells:
            continue
        reach = settings.ranges(source.kind)
        near = min(_apart(where, cell) for cell in target_cells)
        if near <= reach[0]:
            return settings.day
        if near <= reach[1]:
            best = (0, settings.day[1])
    return best


def sighting(
    distance: int,
    conditions: Conditions,
    *,
    darkvision: bool = False,
    target_cells: tuple[Cell, ...] = (),
    positions: dict[str, Cell | None] | None = None,
    settings: VisionSettings = VisionSettings(),
) -> Seen:
    """How a viewer sees a target ``distance`` cells away (EQ-VIS-1, EQ-VIS-2).

    The light's ranges (ignored with ``darkvision``, or bettered by a light
    source on the target's cells) and the weather's ranges both apply: the
    shorter of each wins. ``positions``: carrier id -> its cell."""
    light = settings.ranges(conditions.light)
    reasons = []
    if conditions.light != "day":
        if darkvision:
            light = settings.day
            reasons.append("darkvision")
        else:
            lit = _lit(conditions, target_cells, positions or {}, settings)
            if lit is not None and (lit[0] > light[0] or lit[1] > light[1]):
                light = (max(light[0], lit[0]), max(light[1], lit[1]))
                reasons.append("lit")
            reasons.insert(0, conditions.light)
    weather = settings.ranges(conditions.weather) if conditions.weather != "clear" else settings.day
    if conditions.weather != "clear":
        reasons.append(conditions.weather)
    clear = min(light[0], weather[0])
    poor = min(light[1], weather[1])
    if distance <= clear:
        grade = Sighting.CLEAR
    elif distance <= poor:
        grade = Sighting.POOR
    else:
        grade = Sighting.UNSEEN
    why = ", ".join(reasons) or "clear day"
    return Seen(grade, distance, clear, poor, f"{grade.value} at {distance} cells ({why}: clear {clear}, poor {poor}; EQ-VIS-1)")


def sees(viewer, target, conditions: Conditions, combatants=(), settings: VisionSettings = VisionSettings()) -> Seen | None:
    """:func:`sighting` between two combatants on the map (``None`` when either is off it)."""
    if not viewer.cells or not target.cells:
        return None
    distance = min(_apart(p, q) for p in viewer.cells for q in target.cells)
    darkvision = int(viewer.stats.get(settings.darkvision_stat, 0)) >= 1
    positions = {c.id: c.position for c in combatants}
    positions.setdefault(viewer.id, viewer.position)
    positions.setdefault(target.id, target.position)
    return sighting(distance, conditions, darkvision=darkvision, target_cells=tuple(target.cells), positions=positions, settings=settings)
