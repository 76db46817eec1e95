"""Every GM action is one of these frozen commands, applied by
:meth:`core.encounter.Encounter.apply`. Combatants are named by id."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.attacks import UNARMED, Weapon, WeaponDamage
from core.checks import Advantage, Modifier
from core.combatant import Combatant, Inventory, Side
from core.conditions import Condition
from core.damage import DamagePart
from core.grid import Cell
from core.kinds import AltitudeMove, ContestKind, MpAction, TacticalAction, coerce
from core.mobility import Size
from core.modifiers import Situation


@dataclass(frozen=True)
class Command:
    """Base of all commands."""


@dataclass(frozen=True)
class StartCombat(Command):
    """Roll initiative for everyone without one and begin round 1 (rules EQ-INIT-1, EQ-INIT-2).

    ``starter``: id of the creature that starts the fight; it gets the
    highest initiative + 1 instead of a roll (EQ-INIT-3)."""

    starter: str | None = None


@dataclass(frozen=True)
class NextTurn(Command):
    """End the current turn; the next combatant's actions refresh (rule EQ-ACT-1)."""


@dataclass(frozen=True)
class PreviousTurn(Command):
    """Hand the turn back to the previous combatant (a GM correction): what
    the turn change did by itself is given back (expired conditions, trigger
    damage and escalation, budgets; see :mod:`core.boundary`); what the GM
    did meanwhile stays. Use undo to take an action back."""


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


# -- issue 6: combat resolution ------------------------------------------------
@dataclass(frozen=True)
class Attack(Command):
    """``attacker`` strikes ``target`` with ``weapon`` (default unarmed,
    EQ-ACT-5): roll -> hit / half / miss -> typed damage -> HP and effects.
    ``situation`` carries cover, flanking, off hand, ... (see
    :class:`core.modifiers.Situation`); ``spend_action`` spends the ruleset's
    attack action (not for the 2nd+ weapon of EQ-ACT-6); ``ears_blocked`` /
    ``eyes_covered`` protect from sonic / light effects (TAC-DMG-2)."""

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
class DelayTurn(Command):
    """The current combatant, before spending anything, acts after ``after``:
    it takes the next free initiative below ``after``'s and the turn passes on."""

    combatant: str
    after: str


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


@dataclass(frozen=True)
class EndCombat(Command):
    """EQ-SIT-3: all sides agreed to stop; back to everyday play (initiatives cleared)."""


@dataclass(frozen=True)
class ApplyPoison(Command):
    """EQ-DAY-3: coat ``weapon`` (a name) with poison: one hit, at most 10 minutes."""

    combatant: str
    weapon: str
    level: int = 1


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
    (``hidden=False``); see :mod:`core.visibility`."""

    combatant: str
    hidden: bool = True


@dataclass(frozen=True)
class SetSecret(Command):
    """The GM marks ``combatant``'s condition ``condition`` (a name), or its
    notes when ``condition`` is empty, secret from the players (or not)."""

    combatant: str
    condition: str = ""
    secret: bool = True


# -- issue 10: every rule reachable (jumps, falls, burrowing, climbing, teleport, squeezing, reactions) ----
@dataclass(frozen=True)
class Jump(Command):
    """Jump ``combatant`` to ``to`` (x, y) by its ruleset's jump rule
    (EQ-MOV-6, TAC-MOV-3, PR-MOV-4; see :mod:`core.jumps`). ``run_up``:
    cells of straight run-up just made (EQ-MOV-6); ``with_action``: pay
    the full action instead of the movement (EQ-MOV-6); ``test``: roll
    the Might/Agility test for extra length (PR-MOV-4)."""

    combatant: str
    to: Cell
    run_up: int = 0
    with_action: bool = False
    test: bool = False


@dataclass(frozen=True)
class Fall(Command):
    """``combatant`` falls ``height`` cells (``None``: from its altitude,
    or its mount's back) by its ruleset's falling rule (EQ-MOV-8,
    PR-FALL-1..3), lands on the ground (dismounted, altitude 0).
    ``onto``: the creature it lands on (PR-FALL-2); ``controlled``: an
    Acrobatics check first, success falls 4 less (EQ-FALL-2); ``cause``
    for the log (knocked prone in flight, thrown from a mount, ...)."""

    combatant: str
    height: int | None = None
    onto: str | None = None
    controlled: bool = False
    cause: str = ""


@dataclass(frozen=True)
class Squeeze(Command):
    """SRD-MOV-8: ``combatant`` starts (``on``) or stops squeezing: each
    square costs double, -4 to its attacks and to its AC. ``along``
    (SRD-MOV-17): "ns" or "ew", the way a 1-square passage runs for a
    creature wider than 1 square: it takes half its width across it."""

    combatant: str
    on: bool = True
    along: str = ""


@dataclass(frozen=True)
class Teleport(Command):
    """PR-TEL-1: ``teleporter`` teleports itself to ``to`` within its
    unmodified speed (spends that movement); with ``target`` (PR-TEL-2) it
    sends another creature up to ``distance`` cells (the effect's). ``stand``:
    a prone creature stands on arrival."""

    teleporter: str
    to: Cell
    target: str | None = None
    distance: int | None = None
    stand: bool = False


@dataclass(frozen=True)
class Dig(Command):
    """PR-BUR-1 dig maneuver: a burrower goes ``down`` (or up) as many cells as its size."""

    combatant: str
    down: bool = True


@dataclass(frozen=True)
class DigEarth(Command):
    """PR-BUR-3 Dig Earth maneuver (speed >= 2), Might power roll: 1 cell ``down`` or up."""

    combatant: str
    down: bool = True


@dataclass(frozen=True)
class PullOut(Command):
    """PR-BUR-4: ``puller`` on the ground pulls the adjacent, willing, fully underground ``burrower`` 1 cell up."""

    puller: str
    burrower: str


@dataclass(frozen=True)
class ForcedMove(Command):
    """PR-BUR-2, PR-FALL-4: ``target`` is pushed ``cells``; a burrowed
    creature pushed sideways does not move and takes 1 damage per cell;
    pushed ``down`` from the air it falls."""

    target: str
    cells: int
    down: bool = False


@dataclass(frozen=True)
class ClimbCreature(Command):
    """PR-CLB-1: ``climber`` climbs the larger ``creature``; unwilling: a
    Might-or-Agility power roll (t1 fails with a free strike, t2 fails, t3 climbs)."""

    climber: str
    creature: str
    willing: bool = False


@dataclass(frozen=True)
class ShakeOff(Command):
    """PR-CLB-1: ``creature`` tries to shake ``climber`` off; the climber rolls
    (t1 falls to an adjacent cell with fall damage, prone; t2 slides off; t3 holds)."""

    creature: str
    climber: str


@dataclass(frozen=True)
class ThrowItem(Command):
    """EQ-ACT-4 quick action: ``thrower`` throws ``item`` to ``catcher``
    (thrower's DEX check); ``catch``: the catcher spends its reaction on a
    DEX check, else the item drops next to it."""

    thrower: str
    catcher: str
    item: str
    catch: bool = True


@dataclass(frozen=True)
class DefendedAttack(Command):
    """EQ-ACT-4 reaction: ``attack`` (an :class:`Attack`) where the target,
    if hit, spends its reaction to ``how`` = ``dodge`` (DEX check) or
    ``block`` (shield and STR >= +1; STR check) before damage is rolled:
    success takes no damage."""

    attack: Attack
    how: str = "dodge"


@dataclass(frozen=True)
class AreaAttack(Command):
    """TAC-ATK-2, TAC-ATK-3: ``attacker`` swings ``weapon`` facing
    ``facing`` (a direction (dx, dy)); every creature in the pattern of the
    weapon's damage type gets its own attack check and those hit share one
    damage roll equally (rounded down). With ``epicentre`` an explosive
    weapon hits everyone within ``radius`` of that cell (TAC-DMG-2)."""

    attacker: str
    weapon: Weapon
    facing: Cell = (1, 0)
    side: int = 1
    epicentre: Cell | None = None
    radius: int = 1
    advantage: Advantage = Advantage.NONE


@dataclass(frozen=True)
class SpearWall(Command):
    """TAC-DMG-2 action: ``combatant`` braces a piercing ``weapon`` facing
    ``facing``: until its next turn the first enemy that dashes into one of
    the 3 cells in front takes the weapon's damage."""

    combatant: str
    weapon: Weapon
    facing: Cell = (1, 0)


@dataclass(frozen=True)
class MinimumMove(Command):
    """SRD-MOV-10: a full round always moves ``combatant`` 1 square to ``to``
    (diagonal too) unless that square is blocked outright, whatever it costs;
    it provokes attacks of opportunity as usual (SRD-MOV-18)."""

    combatant: str
    to: Cell


# srd35's movement details (issue 10): their own module, re-exported here so saves know them
from core.srd_commands import EscapeArtist, FiveFootStep, OpportunityAttack, Overrun, SetBody, SetBurden, Tumble  # noqa: E402,F401
