"""The events of creatures' actions: hit points, attacks, damage,
conditions, the action economy, free rolls and checks, creatures joining
and leaving, riding, preparations and poison (what ``apply`` returns for
the log; the rule IDs are in each class's docstring).

Named by :mod:`core.combat.events` (``ev.DamageTaken``) and loaded with
the first use of one of them (:data:`core.combat.registry.EVENT_MODULES`):
a fight's opening lines (initiative, the first round and turn,
:mod:`core.combat.turn_events`) need none of them, so the first frame of a
campaign that has not fought yet defines none of these classes.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.grid import Cell
from core.combat.attacks import Weapon
from core.combat.damage import DamageOutcome
from core.combat.event_base import Event
from core.dice.checks import CheckResult, Modifier
from core.dice.rolls import DiceRoll
from core.values.conditions import Condition


@dataclass(frozen=True)
class HitPointsChanged(Event):
    """Damage (``delta`` < 0) or healing (``delta`` > 0) as applied after the bounds."""

    combatant: str
    name: str
    requested: int
    delta: int
    hp: int
    hp_max: int


@dataclass(frozen=True)
class Defeated(Event):
    combatant: str
    name: str


@dataclass(frozen=True)
class Moved(Event):
    """``path`` excludes the start cell; ``cost`` and ``movement_left`` in cells."""

    combatant: str
    name: str
    start: Cell
    path: tuple[Cell, ...]
    cost: int
    movement_left: int


@dataclass(frozen=True)
class ActionSpent(Event):
    """``overridden``: the GM allowed it against the rules (logged)."""

    combatant: str
    name: str
    kind: str
    left: int
    overridden: bool = False


@dataclass(frozen=True)
class FullActionExchanged(Event):
    """Rule EQ-ACT-3: the full action became ``quick_gained`` quick actions
    (other rulesets: ``given`` became ``quick_gained`` x ``gained``)."""

    combatant: str
    name: str
    quick_gained: int
    given: str = "full"
    gained: str = "quick"


@dataclass(frozen=True)
class DiceRolled(Event):
    """A free roll; ``purpose`` (what for; DEFAULT the roll's comment), ``round`` and ``turn`` (current id)."""

    roll: DiceRoll
    combatant: str | None = None
    name: str = ""
    purpose: str = ""
    round: int = 0
    turn: str | None = None


@dataclass(frozen=True)
class CheckRolled(Event):
    """A check; ``result`` carries the dice, modifiers with reasons, tier and purpose."""

    combatant: str
    name: str
    stat: str
    result: CheckResult
    round: int = 0
    turn: str | None = None


@dataclass(frozen=True)
class CombatantAdded(Event):
    combatant: str
    name: str


@dataclass(frozen=True)
class CombatantRemoved(Event):
    combatant: str
    name: str


# -- combat resolution ------------------------------------------------
@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack roll (TAC-ATK-1, EQ-CHK-2, PR-ROLL-1): ``result`` holds the
    dice, every modifier with its reason and the tier; ``hit`` whether damage
    follows; ``defence`` the AC changes with reasons; ``beats_a_number``
    False when the tier comes from the total alone (PR-ROLL-1: no "vs")."""

    attacker: str
    attacker_name: str
    target: str
    target_name: str
    weapon: Weapon
    result: CheckResult
    hit: bool
    advantage_reasons: tuple[str, ...] = ()
    disadvantage_reasons: tuple[str, ...] = ()
    defence: tuple[Modifier, ...] = ()
    round: int = 0
    turn: str | None = None
    beats_a_number: bool = True


@dataclass(frozen=True)
class DamageTaken(Event):
    """Typed damage resolved (TAC-DMG-1, EQ-GEN-4) and applied: ``rolls``
    are the damage dice, ``outcome`` every step with its reason;
    ``from_temp`` absorbed by temporary HP; ``hp`` / ``hp_temp`` after."""

    combatant: str
    name: str
    rolls: tuple[DiceRoll, ...]
    outcome: DamageOutcome
    from_temp: int
    hp: int
    hp_temp: int
    hp_max: int
    source: str = ""
    round: int = 0
    turn: str | None = None


@dataclass(frozen=True)
class Died(Event):
    """TAC-HP-1: HP 0 is death in ``tactical_d10``."""

    combatant: str
    name: str


@dataclass(frozen=True)
class Revived(Event):
    combatant: str
    name: str
    hp: int


@dataclass(frozen=True)
class TemporaryHitPoints(Event):
    combatant: str
    name: str
    hp_temp: int


@dataclass(frozen=True)
class ConditionAdded(Event):
    """``notes``: what the interactions did (wet, fire, frozen; TAC-EFF-1..3);
    ``until``: its duration in words (:func:`core.combat.durations.words`), empty in older logs."""

    combatant: str
    name: str
    condition: Condition
    notes: tuple[str, ...] = ()
    until: str = ""


@dataclass(frozen=True)
class ConditionRemoved(Event):
    combatant: str
    name: str
    condition: str
    reason: str = ""


@dataclass(frozen=True)
class ConditionExpired(Event):
    """A duration ran out at a boundary of its anchor's turn."""

    combatant: str
    name: str
    condition: Condition


@dataclass(frozen=True)
class ConditionTriggered(Event):
    """A start/end-of-turn trigger dealt ``damage`` at ``level``; the
    condition is now ``new_level`` (0 = ended; TAC-EFF-1, TAC-EFF-4)."""

    combatant: str
    name: str
    condition: str
    level: int
    damage: int
    new_level: int


@dataclass(frozen=True)
class BudgetLimited(Event):
    """Conditions took part of a fresh budget (frozen, iced, grappled, stunned)."""

    combatant: str
    name: str
    notes: tuple[str, ...]


@dataclass(frozen=True)
class MovementActionSpent(Event):
    """TAC-MOV-2: ``action`` cost ``cost`` MP."""

    combatant: str
    name: str
    action: str
    cost: int
    movement_left: int
    overridden: bool = False


@dataclass(frozen=True)
class OverrideUsed(Event):
    """The GM allowed what the rules refuse; ``refusal`` is the message it overrode."""

    combatant: str
    name: str
    refusal: str


@dataclass(frozen=True)
class ContestRolled(Event):
    """An opposed check (TAC-ACT-2: grapple, shove, trip, disarm)."""

    attacker: str
    attacker_name: str
    target: str
    target_name: str
    action: str
    attack: CheckResult
    defence: CheckResult
    success: bool
    round: int = 0
    turn: str | None = None


@dataclass(frozen=True)
class ActionTaken(Event):
    """A named action (TAC-ACT-2 dash, dodge, defend) and what it did."""

    combatant: str
    name: str
    action: str
    detail: str = ""


@dataclass(frozen=True)
class Mounted(Event):
    """EQ-MNT-1: rider and mount share the rider's turn."""

    rider: str
    rider_name: str
    mount: str
    mount_name: str


@dataclass(frozen=True)
class Dismounted(Event):
    rider: str
    rider_name: str
    mount: str
    mount_name: str




@dataclass(frozen=True)
class PreparationTaken(Event):
    """EQ-SIT-2: an action before initiative that costs no turn."""

    combatant: str
    name: str
    description: str
    bonus: int = 0


@dataclass(frozen=True)
class CoatingApplied(Event):
    """EQ-DAY-3: poison on a weapon, one hit, at most 10 minutes."""

    combatant: str
    name: str
    weapon: str
    level: int
    rounds: int


@dataclass(frozen=True)
class CoatingEnded(Event):
    combatant: str
    name: str
    weapon: str
    reason: str
