"""Events of the turn order: initiative, rounds and turns, turn times,
scene events on the initiative count, the scene's phase and the fight's end
(EQ-INIT, EQ-ACT-1, EQ-SIT). :mod:`core.combat.events` names them with the
rest (the codec finds them there)."""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.event_base import Event
from core.dice.rolls import DiceRoll
from core.values.combatant import Side
from core.values.phases import Phase
from core.values.scene_events import SceneEvent


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """``value`` is the final, unique initiative; ``rolloff`` the tie dice (rule EQ-INIT-2)."""

    combatant: str
    name: str
    roll: DiceRoll
    value: int
    rolloff: tuple[int, ...] = ()


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """``at``: the wall-clock time of the turn change that began it (the command's stamp; ``None``: not timed)."""

    round: int
    combatant: str
    name: str
    at: float | None = None


@dataclass(frozen=True)
class TurnTimed(Event):
    """``combatant``'s turn (or its part before a hand-back, a delay or the
    end of combat) in ``round`` took ``seconds`` of wall-clock time: the
    difference of two turn changes' stamps (:class:`core.combat.commands.TurnChange`)."""

    combatant: str
    name: str
    round: int
    seconds: float


@dataclass(frozen=True)
class TurnReturned(Event):
    """The GM handed the turn back (``PreviousTurn``); ``at`` as :class:`TurnStarted`'s."""

    round: int
    combatant: str
    name: str
    at: float | None = None


@dataclass(frozen=True)
class InitiativeSet(Event):
    """An initiative placed by a rule (EQ-INIT-3..5) or by hand; ``rule``
    names it; ``note`` what it means for this round's turn, during a round
    (``acts right after Aria this round``), else empty."""

    combatant: str
    name: str
    value: int
    rule: str = ""
    note: str = ""


@dataclass(frozen=True)
class FirstTurnNextRound(Event):
    """A creature joined during a round above the initiative already played:
    its first turn is in ``round`` (EQ-INIT-5, DEFAULT)."""

    combatant: str
    name: str
    round: int


@dataclass(frozen=True)
class TurnDelayed(Event):
    combatant: str
    name: str
    value: int


@dataclass(frozen=True)
class SceneEventAdded(Event):
    """``scene_event`` as it now stands in the order (added or, when ``edited``, changed)."""

    scene_event: SceneEvent
    edited: bool = False
    rule: str = "EQ-INIT-2"


@dataclass(frozen=True)
class SceneEventRemoved(Event):
    scene_id: str
    name: str


@dataclass(frozen=True)
class SceneEventFired(Event):
    """The order passed ``scene_event``'s count in ``round``; ``roll`` its dice
    (``None``: it has none). ``again``: it had fired in this round before a
    ``p`` handed the turn back; ``roll`` is the roll it made then, not a new one."""

    scene_event: SceneEvent
    round: int
    roll: DiceRoll | None = None
    again: bool = False


@dataclass(frozen=True)
class FightDecided(Event):
    """Every combatant of side ``down`` is down (defeated or dead) in
    ``round``: the fight can end (EQ-SIT-3; :mod:`core.combat.fight_end`)."""

    down: Side
    round: int
    rule: str = "EQ-SIT-3"


@dataclass(frozen=True)
class PhaseChanged(Event):
    """EQ-SIT-1..3: the scene entered ``phase``; ``side`` prepares in PREPARATION."""

    phase: Phase
    side: Side | None = None
    at: float | None = None  # the wall-clock stamp of the command that ended the fight (EndCombat), which ends its last turn


@dataclass(frozen=True)
class TurnEffectsUndone(Event):
    """Handing the turn back gave back what the turn change did by itself
    to ``combatant`` (``detail``: HP given back, conditions back, levels)."""

    combatant: str
    name: str
    detail: str
