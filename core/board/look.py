"""What a combatant sees of a cell: the map's look readout as a value.

For an empty cell the GM's look mode shows the distance, whether the cell
is in sight (EQ-MAP-4, EQ-MAP-3) and the cover a creature there would have
(EQ-COV-1, EQ-COV-2); for a cell holding a creature it shows
:func:`core.board.battlefield.readout`. Pure queries; the UI only renders.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.board.geometry import SightSettings, cover_between, distance, line_of_sight
from core.board.grid import Cell, Cover, Grid, Terrain
from core.values.combatant import Combatant


@dataclass(frozen=True)
class CellReadout:
    """From a viewer to ``cell``: its ``terrain``, the ``distance`` in cells
    (Chebyshev, EQ-MOV-2), whether it is ``visible`` (a line of sight,
    EQ-MAP-4), and ``cover`` a creature there would have against the viewer
    (EQ-COV-1, EQ-COV-2), ``None`` when it is not visible."""

    cell: Cell
    terrain: Terrain
    distance: int
    visible: bool
    cover: Cover | None


def look_at_cell(grid: Grid, viewer: Combatant, cell: Cell, combatants: Iterable[Combatant], settings: Any = None) -> CellReadout | None:
    """The :class:`CellReadout` of ``cell`` from ``viewer``, the viewer
    itself aside when judging cover; ``None`` when ``viewer`` is off the map.
    ``settings``: a ruleset's (eye height, cover by creatures, EQ-COV-1's
    reading: :meth:`SightSettings.of`, house rules), ``None`` the DEFAULTs."""
    if viewer.position is None:
        return None
    eyes = SightSettings.of(settings)
    visible = line_of_sight(grid, viewer.position, cell, settings=eyes)
    cover = cover_between(grid, viewer.position, cell, combatants, (viewer.id,), settings=eyes) if visible else None
    return CellReadout(cell, grid.terrain(cell), distance(viewer.position, cell), visible, cover)
