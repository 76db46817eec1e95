"""Combatants: who fights, on which side, with what stats and hit points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from core.values.frozen import replace
from enum import Enum

from core.values.conditions import Coating, Condition
from core.board.grid import Cell
from core.values.mobility import Layer, MoveType, Size, footprint_offsets
from core.campaign.breath import HeldBreath
from core.values.attacks import SavedAttack
from core.values.tactics import APPROACH, Tactics
from core.values.trackers import LimitedUse, Reminder


class Side(Enum):
    """Whose side a combatant is on."""

    PARTY = "party"
    FOE = "foe"
    NEUTRAL = "neutral"


@dataclass(frozen=True)
class ActionBudget:
    """What a combatant has left this turn (rules EQ-ACT-1, EQ-ACT-2).

    ``actions`` maps an action kind (``"full"``, ``"quick"``, ``"reaction"``)
    to how many are left; a kind the creature does not get at all is absent.
    ``movement`` is movement left in cells (1 per step, rule EQ-MOV-2) out of
    ``movement_max``.
    """

    actions: Mapping[str, int] = field(default_factory=dict)
    movement: int = 0
    movement_max: int = 0
    diagonal_parity: int = 0
    marks: tuple[str, ...] = ()  # per-turn marks of a ruleset (srd35: "provoked:<id>", "pass:<id>", "tumbling"; SRD-MOV-16)

    def left(self, kind: str) -> int:
        return self.actions.get(kind, 0)

    def spend(self, kind: str, count: int = 1) -> ActionBudget:
        actions = dict(self.actions)
        actions[kind] = actions.get(kind, 0) - count
        return replace(self, actions=actions)

    def grant(self, kind: str, count: int) -> ActionBudget:
        actions = dict(self.actions)
        actions[kind] = actions.get(kind, 0) + count
        return replace(self, actions=actions)


@dataclass(frozen=True)
class Inventory:
    """Items carried, by where they are (rule TAC-MOV-2): ``quick`` slots on
    the belt (1 MP to draw) and ``slow`` slots in the pack (5 MP)."""

    quick: tuple[str, ...] = ()
    slow: tuple[str, ...] = ()


@dataclass(frozen=True)
class Held:
    """An item in hand (rule EQ-ACT-7): ``limbs`` it takes (one-handed 1, two-handed 2)."""

    item: str
    limbs: int = 1


@dataclass(frozen=True)
class Combatant:
    """One creature in an encounter.

    ``stats`` are the ruleset's current values (``equestria``: signed
    modifiers STR, DEX, BODY, INT, CHA; rule EQ-STAT-1). ``hp`` is kept
    within ``0..hp_max``. ``position`` is the (x, y) cell of its token, or
    ``None`` when it is off the map. ``initiative`` is ``None`` until rolled.
    ``glyph`` is the token drawn on the map (an emoji or one or two letters).
    """

    id: str
    name: str
    side: Side
    stats: Mapping[str, int]
    hp: int
    hp_max: int
    position: Cell | None = None
    initiative: int | None = None
    glyph: str = ""
    budget: ActionBudget = field(default_factory=ActionBudget)
    notes: str = ""
    # -- on the map (read by core.board.movement and core.board.geometry) -----
    size: Size = Size.MEDIUM  # EQ-SIZE-1, SRD-MOV-4
    footprint: tuple[int, int] | None = None  # (w, h) cells; None = size.default_footprint
    speeds: Mapping[str, int] = field(default_factory=dict)  # MoveType value -> cells/turn; empty = ruleset default
    hover: bool = False  # PR-MOV-5: does not fall when prone or at speed 0
    layer: Layer = Layer.GROUND  # ground, air, under water, burrowed
    altitude: int = 0  # cells above (+) / below (-) the ground of its cell (EQ-MAP-3)
    # -- combat resolution (read by core.combat.damage, core.values.conditions) ---
    hp_temp: int = 0  # temporary HP, absorbed first
    dead: bool = False  # TAC-HP-1: HP 0 kills in tactical_d10; the GM may revive
    ac: int = 0  # TAC-STAT-1 / SRD-STAT-1 armour class
    armour: Mapping[str, int] = field(default_factory=dict)  # damage type (or "any") -> reduction (TAC-DMG-1)
    armour_metal: bool = False  # TAC-EFF-3: corrosion lowers metal armour AC
    resistances: tuple[str, ...] = ()  # damage type values (TAC-DMG-1)
    weaknesses: tuple[str, ...] = ()
    immunities: tuple[str, ...] = ()
    alignment: str = ""  # e.g. "chaotic evil" (TAC-DMG-2 holy/necrotic)
    conditions: tuple[Condition, ...] = ()  # core.values.conditions
    coatings: tuple[Coating, ...] = ()  # EQ-DAY-3 poison on weapons
    summoner: str | None = None  # EQ-INIT-4
    mounted_on: str | None = None  # EQ-MNT-1: id of the mount it rides
    inventory: Inventory = field(default_factory=Inventory)  # TAC-MOV-2 quick and slow slots
    hidden: bool = False  # the GM keeps it from the players' view (core.combat.visibility)
    notes_secret: bool = False  # its notes are for the GM only
    # -- campaign tools (read by core.campaign.energy) ---------------------
    energy: int = 0  # EQ-STAT-1 ЭНЕР now
    energy_max: int = 0  # 0: not tracked
    breath: HeldBreath | None = None  # EQ-BRE-1: holding its breath since a round
    breathing: str = "air"  # EQ-BRE-1: "air", or "water"/"none" (water-breathers and non-breathers are exempt)
    # -- limbs and senses (read by core.combat.limbs, core.board.senses) ---------
    fore_limbs: int = 2  # EQ-ACT-7: limbs for weapons and shields (the GM may set others)
    held: tuple[Held, ...] = ()  # EQ-ACT-7: items in hand, the first in the leading limb (EQ-GEN-2)
    main_sense: str = "sight"  # TAC-POS-6: sight, hearing, smell, touch, ...
    # -- srd35 movement details -----------------------------------
    armour_weight: str = ""  # SRD-MOV-13: "" (none), "light", "medium" or "heavy" armour worn
    load: str = ""  # SRD-MOV-13: "" (light), "medium" or "heavy" load carried
    speed_bonuses: Mapping[str, int] = field(default_factory=dict)  # SRD-MOV-13: bonus type -> feet (the best of a type)
    body: str = ""  # "obstacle": its helpless body costs double (SRD-MOV-15); "fills": no tumbling through (SRD-MOV-16)
    # -- groups (read by core.combat.groups) -------------------------------
    hp_dice: str = ""  # the dice its hit points were rolled from ("2d8+2"); a bestiary template rolls them for each new creature
    # -- mounted combat (read by core.combat.mounted.riding) ---------------
    passenger: bool = False  # EQ-MNT-8: its ``mounted_on`` is as the passenger behind the rider
    riding_due: str = ""  # EQ-MNT-1/5: a Riding check is due: "control" (its mount was hurt) or "seat" (moved or knocked down)
    control_lost: bool = False  # EQ-MNT-6: the rider lost control of its mount (it shies or bucks)
    bolted: bool = False  # EQ-MNT-7: this animal threw its rider and ran off
    charge_path: tuple[Cell, ...] = ()  # EQ-MNT-1: the rider's cells this turn, ridden (start first)
    charge_round: int = 0  # the round of ``charge_path``
    # -- the GM's trackers (core.values.trackers, core.combat.trackers.reminders, core.combat.trackers.uses)
    reminders: tuple[Reminder, ...] = ()  # fire at turn boundaries, after rounds, on damage
    uses: tuple[LimitedUse, ...] = ()  # abilities with uses per encounter, day, round, or a recharge die
    # -- saved attacks (core.values.attacks; the attack offers read them) ---
    attacks: tuple[SavedAttack, ...] = ()  # the attacks on its sheet, in the order `t` lists them
    tactics: Tactics = APPROACH  # how the forecast plays it (core.values.tactics, core.forecast)

    def stat(self, name: str) -> int:
        """Current value of stat ``name``; 0 when the creature lacks it."""
        return int(self.stats.get(name, 0))

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Cells its footprint covers (EQ-SIZE-1); empty when off the map."""
        if self.position is None:
            return ()
        x, y = self.position
        offsets = footprint_offsets(self.space)
        if len(offsets) == 1:  # most creatures: one cell, the position itself
            return ((x, y),)
        return tuple((x + dx, y + dy) for dx, dy in offsets)

    @property
    def space(self) -> tuple[int, int]:
        """Footprint (width, height) in cells: ``footprint`` or the size's default."""
        return self.footprint if self.footprint is not None else self.size.default_footprint

    def speed_of(self, move: MoveType) -> int | None:
        """Its own speed for ``move`` in cells per turn, or ``None`` if not listed."""
        value = self.speeds.get(move.value)
        return None if value is None else int(value)

    @property
    def defeated(self) -> bool:
        return self.hp <= 0

    @property
    def initials(self) -> str:
        """Two characters for a token when no glyph is set."""
        words = [w for w in self.name.split() if w]
        if not words:
            return "??"
        if len(words) >= 2:
            tail = words[-1][0] if not words[-1].isdigit() else words[-1][-1]
            return (words[0][0] + tail)[:2]
        return words[0][:2]
