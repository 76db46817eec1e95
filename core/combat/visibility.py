"""What a side may know: the encounter as the players see it.

:func:`visible_to` strips what the GM keeps from a side before anything is
drawn: foes' exact hit points (shown as a :class:`HealthBand`), their stats,
AC, armour, notes and remaining actions; conditions the GM marked secret;
creatures the GM hid; foes no member of the side can see now. What the side
sees comes from the map itself: a cell is seen when a viewer has line of
sight to it (EQ-MAP-4 sight blockers, EQ-MAP-3 heights) within the ruleset's
``sight_range`` (DEFAULT; light and vision rules narrow it where the ruleset
has them). Pure queries: nothing here changes the encounter.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from core.values.combatant import ActionBudget, Combatant, Inventory, Side
from core.errors import IllegalCommand
from core.board.grid import GROUND, Cell, Grid
from core.values.mobility import Layer
from core.board.geometry.field_of_view import seen_from
from core.board.geometry.sight import SightSettings

if TYPE_CHECKING:
    from core.combat.state import EncounterState


class HealthBand(Enum):
    """A foe's hit points as players see them (DEFAULT bands: unhurt at full
    HP, hurt above ``bloodied_percent`` of its maximum, bloodied at or below
    it, down at 0)."""

    UNHURT = "unhurt"
    HURT = "hurt"
    BLOODIED = "bloodied"
    DOWN = "down"


def health_band(combatant: Combatant, bloodied_percent: int = 50) -> HealthBand:
    """The :class:`HealthBand` of ``combatant`` (``bloodied_percent`` of its
    maximum HP or less is bloodied)."""
    if combatant.dead or combatant.hp <= 0:
        return HealthBand.DOWN
    if combatant.hp >= combatant.hp_max:
        return HealthBand.UNHURT
    if combatant.hp * 100 <= combatant.hp_max * bloodied_percent:
        return HealthBand.BLOODIED
    return HealthBand.HURT


@dataclass(frozen=True)
class SideView:
    """The encounter as ``side`` (or one of its members, ``viewers``) knows it.

    ``state``: an :class:`~core.combat.state.EncounterState` holding only what
    the side may know (stripped combatants, hidden and unseen foes left
    out), so the same widgets draw it; ``bands``: id -> :class:`HealthBand`
    for every combatant whose exact HP is kept from the side; ``seen``:
    cells (x, y) a viewer sees now."""

    side: Side
    state: EncounterState
    bands: Mapping[str, HealthBand]
    seen: frozenset[Cell]
    viewers: tuple[str, ...]


class SightMemo:
    """Footprints seen (:func:`_seen_from`), kept for one asker across its calls: each footprint asked
    for in the last round of calls or this one (a round: :meth:`next_round`). The players' feed asks for
    every party member after every action, and a party of 500 overruns :func:`_seen_from`'s 64; this keeps
    as many as the party has eyes (at most twice that between two rounds), no more. Keyed by the grid's
    identity (an unchanged map is the same value from state to state), held while kept."""

    def __init__(self) -> None:
        self._now: dict[tuple[Any, ...], tuple[Any, frozenset[Cell]]] = {}
        self._before: dict[tuple[Any, ...], tuple[Any, frozenset[Cell]]] = {}

    def next_round(self) -> None:
        """Footprints (and unions) not asked for since the last call of this are dropped."""
        self._before, self._now = self._now, {}

    def union(self, sets: list[frozenset[Cell]]) -> frozenset[Cell]:
        """The union of ``sets``, the same value as last round's for the very same sets (nobody moved:
        a party of 500 seeing 1 100 cells each is half a million cells to add)."""
        if len(sets) < 2:
            return sets[0] if sets else frozenset()
        key = ("union", *map(id, sets))
        entry = self._now.get(key) or self._before.get(key)
        if entry is None or any(a is not b for a, b in zip(entry[0], sets)):
            entry = (tuple(sets), frozenset().union(*sets))
        self._now[key] = entry
        return entry[1]

    def seen_from(self, grid: Grid, position: Cell, eyes: tuple[Cell, ...], reach: int, settings: SightSettings | None) -> frozenset[Cell]:
        key = (id(grid), position, eyes, reach, settings)
        entry = self._now.get(key) or self._before.get(key)
        if entry is None or entry[0] is not grid:
            entry = (grid, _seen_from(grid, position, eyes, reach, settings))
        self._now[key] = entry
        return entry[1]


def seen_cells(grid: Grid, eyes: Iterable[Combatant], sight_range: int, settings: SightSettings | None = None,
               memo: SightMemo | None = None) -> frozenset[Cell]:
    """Cells any of ``eyes`` sees: line of sight (EQ-MAP-4, EQ-MAP-3) within
    ``sight_range`` cells (Chebyshev; 0 = no limit). A creature off the map
    or burrowed sees nothing. ``memo`` keeps the footprints for its asker (:class:`SightMemo`)."""
    find = _seen_from if memo is None else memo.seen_from
    reach = sight_range or max(grid.width, grid.height)
    footprints = [find(grid, viewer.position, tuple(viewer.cells), reach, settings) for viewer in eyes
                  if viewer.position is not None and viewer.layer is not Layer.BURROWED and not viewer.dead]
    if memo is not None:
        return memo.union(footprints)
    return frozenset().union(*footprints) if len(footprints) != 1 else footprints[0]  # one viewer: its footprint itself


@lru_cache(maxsize=64)
def _seen_from(grid: Grid, position: Cell, eyes: tuple[Cell, ...], reach: int, settings: SightSettings | None = None) -> frozenset[Cell]:
    """Cells seen from any of the cells ``eyes`` (the footprint of one
    creature at ``position``) within ``reach`` cells of ``position``: one
    field of view per eye cell (:func:`core.board.geometry.field_of_view.seen_from`,
    the cells ``line_of_sight`` says). Kept for the last grids and
    footprints: a player view asks again after every action, and most
    actions move nobody (a move asks only for the creature that moved)."""
    s = settings or SightSettings()
    x0, y0 = position
    seen: set[Cell] = set()
    for eye in eyes:
        beyond = max(abs(eye[0] - x0), abs(eye[1] - y0))
        seen |= seen_from(grid, eye, reach + beyond, s.eye_height, s.window_blocks_sight)
    return frozenset(c for c in seen if abs(c[0] - x0) <= reach and abs(c[1] - y0) <= reach)


def _stripped(c: Combatant, band: HealthBand) -> Combatant:
    """``c`` with everything but what one sees of it removed; HP 1/1 (0/1 when down)."""
    down = band is HealthBand.DOWN
    return replace(
        c, stats={}, hp=0 if down else 1, hp_max=1, hp_temp=0, ac=0, armour={}, armour_metal=False,
        resistances=(), weaknesses=(), immunities=(), alignment="", notes="", notes_secret=False,
        budget=ActionBudget(), speeds={}, coatings=(), inventory=Inventory(), reminders=(), uses=(),
        conditions=tuple(x for x in c.conditions if not x.secret),
    )


_SHOWN: dict[int, tuple[weakref.ref[Combatant], HealthBand | None, Combatant]] = {}
"""Id of a creature -> (a weak reference to it, the band it was shown at
(``None``: as a member of the side), what the side sees of it): the same
creature at the same band is shown as the same object, so a turn change
makes no copy of an unchanged crowd and the feed's codec meets values it
already converted. An entry goes with its creature."""


def _forget_shown(table: dict[int, Any], key: int) -> Callable[[weakref.ref[Combatant]], None]:
    """A weakref callback dropping ``table[key]`` while it still holds that reference (not a newer creature's under a reused id)."""
    def gone(ref: weakref.ref[Combatant]) -> None:
        entry = table.get(key)
        if entry is not None and entry[0] is ref:
            del table[key]
    return gone


def _shown(c: Combatant, band: HealthBand | None) -> Combatant:
    """What the side sees of ``c``: a member (``band`` ``None``) without its
    secret conditions and secret notes, another at ``band`` (:func:`_stripped`)."""
    if band is None and not c.notes_secret and not any(x.secret for x in c.conditions):
        return c  # nothing to hide: the very value
    key = id(c)
    entry = _SHOWN.get(key)
    if entry is not None and entry[0]() is c and entry[1] is band:
        return entry[2]
    if band is None:
        shown = replace(c, conditions=tuple(x for x in c.conditions if not x.secret), notes="" if c.notes_secret else c.notes)
    else:
        shown = _stripped(c, band)
    _SHOWN[key] = (weakref.ref(c, _forget_shown(_SHOWN, key)), band, shown)
    return shown


def visible_to(state: EncounterState, ruleset: Any, side: Side = Side.PARTY, as_id: str | None = None,
               memo: SightMemo | None = None) -> SideView:
    """What ``side`` may know of ``state`` (see the module). With ``as_id``
    only that member's eyes count (a player's own view), and that member
    shows even when the GM hides it from the others (its player knows where
    it is); raises :class:`IllegalCommand` when ``as_id`` is no member of ``side``.
    ``memo``: the asker's footprints (:class:`SightMemo`)."""

    def me(c: Combatant) -> bool:
        return as_id is not None and c.side is side and (c.id == as_id or c.name == as_id)

    members = [c for c in state.combatants if c.side is side and (not c.hidden or me(c))]
    if as_id is not None:
        members = [c for c in members if me(c)]
        if not members:
            raise IllegalCommand(f"no {side.value} member {as_id!r} to look through")
    settings = ruleset.settings
    seen = seen_cells(state.grid, members, settings.sight_range, SightSettings.of(settings), memo)
    kept: list[Combatant] = []
    bands: dict[str, HealthBand] = {}
    for c in state.combatants:
        if c.hidden and not me(c):
            continue
        if c.side is side:
            kept.append(_shown(c, None))
            continue
        if c.layer is Layer.BURROWED or not any(cell in seen for cell in c.cells):
            continue
        band = health_band(c, settings.bloodied_percent)
        bands[c.id] = band
        kept.append(_shown(c, band))
    ids = {c.id for c in kept}
    current = state.current if state.current in ids else None
    shown = replace(state, combatants=tuple(kept), current=current, acted=tuple(i for i in state.acted if i in ids))
    if getattr(state, "boundaries", ()):  # turn-change records hold exact HP and every condition (core.combat.boundary)
        shown = replace(shown, boundaries=())
    return SideView(side, shown, bands, seen, tuple(c.id for c in members))


_PUBLIC: dict[int, tuple[weakref.ref[Combatant], Combatant]] = {}
"""Id of a creature as a side sees it (:func:`_shown`) -> (a weak reference
to it, its :func:`_public_foe`): an unchanged foe is the same public value
from one feed to the next, so the feed's codec converts only the foes that
changed (for each party member's file). An entry goes with its creature."""


def _public_foe(c: Combatant) -> Combatant:
    """:func:`_public_cut` of ``c``, the same value for the same ``c`` (:data:`_PUBLIC`)."""
    key = id(c)
    entry = _PUBLIC.get(key)
    if entry is not None and entry[0]() is c:
        return entry[1]
    public = _public_cut(c)
    _PUBLIC[key] = (weakref.ref(c, _forget_shown(_PUBLIC, key)), public)
    return public


def _public_cut(c: Combatant) -> Combatant:
    """What any onlooker sees of a foe: a whitelist (name, place, size,
    layer, open conditions, whether it is down, what it rides); everything
    else takes its default, so a field added to :class:`Combatant` later
    never leaks by being forgotten here."""
    return Combatant(
        id=c.id, name=c.name, side=c.side, stats={}, hp=c.hp, hp_max=c.hp_max, position=c.position,
        initiative=c.initiative, glyph=c.glyph, size=c.size, footprint=c.footprint, hover=c.hover, layer=c.layer,
        altitude=c.altitude, dead=c.dead, conditions=c.conditions, mounted_on=c.mounted_on, passenger=c.passenger,
    )


@lru_cache(maxsize=8)
def _fogged(grid: Grid, cells: frozenset[Cell]) -> Grid:
    """``grid`` with every cell outside ``cells`` drawn as open ground at
    height 0 and no water depth. Kept for the last few: the same map and
    the same cells (most actions move nobody) give the very same Grid, so
    the feed's encoding of it is made once (saves.codec keeps a value's
    document while the value lives)."""
    rows = tuple(tuple(t if (x, y) in cells else GROUND.id for x, t in enumerate(row)) for y, row in enumerate(grid.rows))
    elevation = tuple(tuple(h if (x, y) in cells else 0 for x, h in enumerate(row)) for y, row in enumerate(grid.elevation))
    depths = tuple(e for e in grid.depths if e[0] in cells)  # a hidden water cell is open ground: no depth
    return replace(grid, rows=rows, elevation=elevation, depths=depths)


def for_players(view: SideView, known: Iterable[Cell] = ()) -> EncounterState:
    """The state of ``view`` fit to leave the GM's process (the players'
    feed): foes cut to :func:`_public_foe`; the terrain and height of every
    cell neither in ``view.seen`` nor in ``known`` (cells the side saw
    before) drawn as open ground at height 0 (no water depth), so a hidden pit or wall never
    shows in the map or in a path around it; the GM's own records (the last
    roll, a mass battle, trainings, ruses, light sources outside those
    cells) left out."""
    state = view.state
    cells = view.seen | frozenset(known)
    fogged = _fogged(state.grid, cells)
    combatants = tuple(c if c.side is view.side else _public_foe(c) for c in state.combatants)
    ids = {c.id for c in combatants}
    vision = replace(state.vision, sources=tuple(s for s in state.vision.sources if s.carrier in ids or s.cell in cells))
    return replace(state, grid=fogged, combatants=combatants, last_roll=None, battle=None, trainings=(), ruses=(),
                   boundaries=(), vision=vision, resuming=(), cursor=None)


def narrowed(state: EncounterState, cells: frozenset[Cell]) -> EncounterState:
    """A :func:`for_players` state narrowed to ``cells``, some of the cells it shows: the same state as
    :func:`for_players` gives for a view of the same creatures that shows only ``cells`` (members who see
    the same creatures share one document of the cells any of them knows, :mod:`saves.feed_shared`)."""
    ids = {c.id for c in state.combatants}
    vision = replace(state.vision, sources=tuple(s for s in state.vision.sources if s.carrier in ids or s.cell in cells))
    return replace(state, grid=_fogged(state.grid, cells), vision=vision)
