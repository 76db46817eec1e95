"""Every GM action is one of these frozen commands, applied by
:meth:`core.combat.encounter.Encounter.apply`. Combatants are named by id.
The base is :mod:`core.combat.command_base`; the turn order's commands
(start, next, previous, delay, end) are :mod:`core.combat.turn_commands`,
named here with the rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.combat.attacks import UNARMED, Weapon, WeaponDamage
from core.dice.checks import Advantage, Modifier
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from core.values.scene_events import SceneEvent
from core.combat.damage import DamagePart
from core.board.grid import Cell
from core.values.kinds import ContestKind, MpAction, TacticalAction, coerce
from core.dice.modifiers import Situation
from core.combat.registry import COMMAND_MODULES, names_from
from core.combat.command_base import Command
from core.combat.turn_commands import DelayTurn, EndCombat, NextTurn, PreviousTurn, StartCombat, TurnChange  # noqa: F401  (named here with the rest)


@dataclass(frozen=True)
class Damage(Command):
    """``amount`` hit points of damage to ``target``: a whole number, or a
    dice expression (``"2d6+1"``) rolled when the command is applied, so
    one action is one undo step; HP never drops below 0."""

    target: str
    amount: int | str


@dataclass(frozen=True)
class Heal(Command):
    """``amount`` hit points of healing to ``target`` (a number or dice, as
    :class:`Damage`); HP never exceeds its maximum."""

    target: str
    amount: int | str


@dataclass(frozen=True)
class Move(Command):
    """Move ``combatant`` along the cheapest legal path to ``to`` (x, y),
    spending movement (rule EQ-MOV-2)."""

    combatant: str
    to: Cell


@dataclass(frozen=True)
class SpendAction(Command):
    """Mark one ``kind`` action as used (rules EQ-ACT-1, EQ-ACT-2; the kinds
    are the ruleset's ``action_kinds``). Only reactions may be spent outside
    one's own turn. ``override``: the GM allows what the rules refuse (logged)."""

    combatant: str
    kind: str
    override: bool = False


@dataclass(frozen=True)
class ExchangeFullAction(Command):
    """Trade the full action for extra quick actions (rule EQ-ACT-3)."""

    combatant: str


@dataclass(frozen=True)
class RollDice(Command):
    """Roll any dice expression; free text after it is a comment.
    ``combatant`` (optional) is who rolls; ``purpose`` what for (default: the comment)."""

    expression: str
    combatant: str | None = None
    purpose: str = ""


@dataclass(frozen=True)
class RollCheck(Command):
    """A check: 1d20 + the combatant's current ``stat`` against ``difficulty``
    (``None``: the ruleset's default, 12 in ``equestria``; rules EQ-CHK-1, EQ-CHK-2)."""

    combatant: str
    stat: str
    difficulty: int | None = None
    advantage: Advantage = Advantage.NONE
    purpose: str = ""
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True)
class AddCombatant(Command):
    """Add a combatant; its id must be new.

    During combat: a given ``combatant.initiative`` is the GM's value for a
    late joiner and must be free (EQ-INIT-5); ``summoner`` places it at the
    summoner's initiative - 1, or the next free value below (EQ-INIT-4);
    ``roll_initiative`` rolls it and makes it unique (EQ-INIT-1, EQ-INIT-2)."""

    combatant: Combatant
    summoner: str | None = None
    roll_initiative: bool = False


@dataclass(frozen=True)
class RemoveCombatant(Command):
    """Take a combatant out of the encounter; the turn passes on if it was theirs."""

    combatant: str


# -- combat resolution ------------------------------------------------
@dataclass(frozen=True)
class Attack(Command):
    """``attacker`` strikes ``target`` with ``weapon`` (default unarmed,
    EQ-ACT-5): roll -> hit / half / miss -> typed damage -> HP and effects.
    ``situation`` carries cover, flanking, off hand, ... (see
    :class:`core.dice.modifiers.Situation`); ``spend_action`` spends the ruleset's
    attack action (not for the 2nd+ weapon of EQ-ACT-6); ``ears_blocked`` /
    ``eyes_covered`` protect from sonic / light effects (TAC-DMG-2); ``uses``
    names the limited use spent with it (refused when none is left)."""

    attacker: str
    target: str
    weapon: Weapon = UNARMED
    situation: Situation = Situation()
    advantage: Advantage = Advantage.NONE
    stat: str = ""
    spend_action: bool = True
    override: bool = False
    ears_blocked: bool = False
    eyes_covered: bool = False
    uses: str = ""  # the limited use a saved attack spends (core.values.attacks.SavedAttack.uses; "" none)


@dataclass(frozen=True)
class DealDamage(Command):
    """Typed damage without an attack roll (a spell, a fall, a trap):
    ``parts`` through armour, resistances, temporary HP (TAC-DMG-1, EQ-GEN-4).
    ``dice``: parts still to roll (``2d6 fire``), rolled inside apply with
    the encounter's dice and logged, so one damage is one undo step."""

    target: str
    parts: tuple[DamagePart, ...]
    source: str = ""
    dice: tuple[WeaponDamage, ...] = ()


@dataclass(frozen=True)
class Revive(Command):
    """Bring a dead or defeated creature back at ``hp`` HP (a GM decision)."""

    target: str
    hp: int = 1


@dataclass(frozen=True)
class GrantTemporaryHitPoints(Command):
    """Temporary HP absorb damage first; a new grant replaces a lower one (DEFAULT: no stacking)."""

    target: str
    amount: int


@dataclass(frozen=True)
class AddCondition(Command):
    """Put ``condition`` (name from the ruleset catalogue, level >= 1, duration) on ``target``."""

    target: str
    condition: Condition


@dataclass(frozen=True)
class RemoveCondition(Command):
    """Take condition ``condition`` (a name) off ``target``; ``reason`` goes to the log."""

    target: str
    condition: str
    reason: str = ""


@dataclass(frozen=True)
class Extinguish(Command):
    """TAC-EFF-1: a Body check against 4 + N to put out burning N."""

    combatant: str


@dataclass(frozen=True)
class SpendMovement(Command):
    """An MP action of TAC-MOV-2 (``crouch``, ``prone``, ``stand``,
    ``draw_quick``, ``draw_slow``, ``pick_up``, ``minor``)."""

    combatant: str
    action: MpAction
    override: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "action", coerce(MpAction, self.action, "MP action", "TAC-MOV-2"))


@dataclass(frozen=True)
class TakeAction(Command):
    """TAC-ACT-2 ``dash`` (double MP), ``dodge``, ``defend``: spends the action."""

    combatant: str
    action: TacticalAction
    override: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "action", coerce(TacticalAction, self.action, "action", "TAC-ACT-2"))


@dataclass(frozen=True)
class Contest(Command):
    """TAC-ACT-2 opposed check ``action`` = ``grapple``, ``shove`` (``cells``
    pushed, -2 each), ``trip`` or ``disarm`` (-4, -2 if grappled)."""

    attacker: str
    target: str
    action: ContestKind
    cells: int = 1
    override: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "action", coerce(ContestKind, self.action, "contest", "TAC-ACT-2"))


@dataclass(frozen=True)
class SetInitiative(Command):
    """Reorder by hand: give ``combatant`` the free initiative ``value`` (EQ-INIT-2, EQ-INIT-5)."""

    combatant: str
    value: int


@dataclass(frozen=True)
class SwapInitiative(Command):
    """Reorder by hand: two combatants trade initiatives."""

    first: str
    second: str


@dataclass(frozen=True)
class Mount(Command):
    """EQ-MNT-1: ``rider`` mounts ``mount``; they share the rider's turn."""

    rider: str
    mount: str


@dataclass(frozen=True)
class Dismount(Command):
    rider: str


@dataclass(frozen=True)
class BeginPreparation(Command):
    """EQ-SIT-2: ``side`` springs an ambush and declares preparation actions."""

    side: Side


@dataclass(frozen=True)
class PrepareAction(Command):
    """EQ-SIT-2: one preparation action that costs no turn, ``bonus`` granted by the GM."""

    combatant: str
    description: str
    bonus: int = 0


# -- scene events on the initiative count (core.combat.scene_events) --
@dataclass(frozen=True)
class AddSceneEvent(Command):
    """Put ``scene_event`` in the order (its id must be new: :func:`next_scene_id`)."""

    scene_event: SceneEvent


@dataclass(frozen=True)
class EditSceneEvent(Command):
    """Replace the scene event of ``scene_event.id`` with ``scene_event``."""

    scene_event: SceneEvent


@dataclass(frozen=True)
class RemoveSceneEvent(Command):
    """Take the scene event ``scene_id`` out of the order."""

    scene_id: str


@dataclass(frozen=True)
class ApplyPoison(Command):
    """EQ-DAY-3: coat ``weapon`` (a name) with poison: one hit, at most 10 minutes."""

    combatant: str
    weapon: str
    level: int = 1


if TYPE_CHECKING:
    # What the module ``__getattr__`` below resolves at run time, named for
    # the type checker only (importing them here would load them at start-up).
    from core.combat.map_commands import (
        ChangeAltitude,
        EditCombatant,
        PaintTerrain,
        Place,
        ResizeMap,
        SetCeiling,
        SetGround,
        SetHidden,
        SetWaterDepth,
        SetSecret,
        SheetChanges,
    )
    from core.combat.maneuvers.commands import (
        AreaAttack,
        ClimbCreature,
        DefendedAttack,
        Dig,
        DigEarth,
        Fall,
        ForcedMove,
        Jump,
        MinimumMove,
        PullOut,
        ShakeOff,
        SpearWall,
        Squeeze,
        Teleport,
        ThrowItem,
    )


# Commands of the map and the sheet and of the maneuvers live in their own
# modules (core.combat.registry.COMMAND_MODULES). ``core.combat.commands``
# still names them, but these names resolve when first used (PEP 562 module
# ``__getattr__``): starting the program does not define classes no one has
# used yet. A ruleset's own commands are named by its own modules only.
__getattr__ = names_from(__name__, COMMAND_MODULES)
