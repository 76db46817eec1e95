"""Commands of the map, the sheet and secrecy: editing a creature's sheet,
placing tokens, painting terrain, resizing the map, altitude, hiding from
the players. Re-exported by :mod:`core.combat.commands`, which names every command."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.values.attacks import SavedAttack
from core.values.combatant import Inventory, Side
from core.board.grid import Cell
from core.values.kinds import AltitudeMove, coerce
from core.values.mobility import Size
from core.combat.commands import Command


@dataclass(frozen=True)
class SheetChanges:
    """What to change on a creature sheet; ``None`` leaves a field as it is.

    ``stats`` sets the named stats (others stay); ``speeds`` maps a
    movement type (walk, fly, swim, climb, burrow, teleport) to cells per
    turn; ``armour`` (damage type or ``any`` -> reduction, TAC-DMG-1),
    ``resistances``, ``weaknesses`` and ``immunities`` replace the old ones.
    """

    name: str | None = None
    side: Side | None = None
    stats: Mapping[str, int] | None = None
    hp_max: int | None = None
    hp: int | None = None
    hp_temp: int | None = None
    ac: int | None = None
    speeds: Mapping[str, int] | None = None
    size: Size | None = None
    armour: Mapping[str, int] | None = None
    resistances: tuple[str, ...] | None = None
    weaknesses: tuple[str, ...] | None = None
    immunities: tuple[str, ...] | None = None
    notes: str | None = None
    inventory: Inventory | None = None
    fore_limbs: int | None = None  # EQ-ACT-7
    main_sense: str | None = None  # TAC-POS-6
    attacks: tuple[SavedAttack, ...] | None = None  # the saved attacks, replacing the old list (core.values.attacks)
    armour_metal: bool | None = None  # TAC-EFF-3: corrosion lowers metal armour's AC
    alignment: str | None = None  # TAC-DMG-2: holy and necrotic bonuses by alignment
    hover: bool | None = None  # PR-MOV-5: a hovering flier does not fall when prone or at speed 0
    breathing: str | None = None  # EQ-BRE-1, EQ-MOV-10: "air", "water" or "none"


@dataclass(frozen=True)
class EditCombatant(Command):
    """Edit ``combatant``'s sheet (name, stats, HP, speeds, armour, notes,
    inventory...). The id never changes, so renaming keeps its history."""

    combatant: str
    changes: SheetChanges


@dataclass(frozen=True)
class Place(Command):
    """Put ``combatant``'s token on ``cell`` (x, y) without moving there: a
    new arrival, or a GM correction. No movement is spent. The cells of its
    footprint must be on the map, enterable and free."""

    combatant: str
    cell: Cell


@dataclass(frozen=True)
class PaintTerrain(Command):
    """Set terrain id ``terrain`` (wall, ground, tree, ...) on ``cells`` (x, y)."""

    cells: tuple[Cell, ...]
    terrain: str


@dataclass(frozen=True)
class SetGround(Command):
    """Set the ground height of ``cells`` (x, y) to ``height`` cells above
    the map's zero (EQ-MAP-3: a storey is 3; below 0 is a pit)."""

    cells: tuple[Cell, ...]
    height: int


@dataclass(frozen=True)
class SetWaterDepth(Command):
    """Set how deep the water of ``cells`` (x, y) is, in cells; ``None``
    gives them back the ruleset's depth for their terrain (house rules
    ``water_depth``, ``deep_water_depth``; :mod:`core.board.water`)."""

    cells: tuple[Cell, ...]
    depth: int | None


@dataclass(frozen=True)
class SetCeiling(Command):
    """Set the map's free height above the ground to ``ceiling`` cells, or
    ``None`` for open sky (EQ-MOV-3: flying needs 3)."""

    ceiling: int | None


@dataclass(frozen=True)
class ResizeMap(Command):
    """Make the map ``width`` x ``height`` cells (new cells are open ground)."""

    width: int
    height: int


@dataclass(frozen=True)
class ChangeAltitude(Command):
    """``how``: ``take_off`` (to height 3, EQ-MOV-3), ``land`` or ``dive``
    (3 deeper in water, EQ-MOV-7); costs the action the ruleset names."""

    combatant: str
    how: AltitudeMove

    def __post_init__(self) -> None:
        object.__setattr__(self, "how", coerce(AltitudeMove, self.how, "altitude change"))


@dataclass(frozen=True)
class SetHidden(Command):
    """The GM hides ``combatant`` from the players' view, or reveals it
    (``hidden=False``); see :mod:`core.combat.visibility`."""

    combatant: str
    hidden: bool = True


@dataclass(frozen=True)
class SetSecret(Command):
    """The GM marks ``combatant``'s condition ``condition`` (a name), or its
    notes when ``condition`` is empty, secret from the players (or not)."""

    combatant: str
    condition: str = ""
    secret: bool = True
