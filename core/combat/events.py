"""What happened: the encounter returns these from ``apply`` for the log.

Events carry names as well as ids, so a log stays readable after a
combatant is renamed or removed. Turning them into text is the UI's job.

This module names every generic event (``ev.TurnStarted``,
``ev.DamageTaken``, ``ev.Placed``) and defines none: the base is
:mod:`core.combat.event_base`, the turns' events (a fight's opening lines)
are :mod:`core.combat.turn_events`, imported here; the events of actions
(hit points, attacks, damage, conditions, the economy, rolls:
:mod:`core.combat.action_events`), of the map, the sheet and secrecy, and
of the maneuvers live in the modules of
:data:`core.combat.registry.EVENT_MODULES`, whose names resolve when first
used (PEP 562 module ``__getattr__``): starting the program does not
define classes no one has used yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.combat.registry import EVENT_MODULES, names_from
from core.combat.event_base import Event as Event  # the base, in its own module (the families import it there)
from core.combat.turn_events import (  # noqa: F401
    FightDecided, FirstTurnNextRound, InitiativeRolled, InitiativeSet, PhaseChanged, RoundStarted, SceneEventAdded, SceneEventFired,
    SceneEventRemoved, TurnDelayed, TurnEffectsUndone, TurnReturned, TurnStarted, TurnTimed,
)

__getattr__ = names_from(__name__, EVENT_MODULES)

if TYPE_CHECKING:
    from core.combat.action_events import (  # noqa: F401
        ActionSpent, ActionTaken, AttackRolled, BudgetLimited, CheckRolled, CoatingApplied, CoatingEnded, CombatantAdded,
        CombatantRemoved, ConditionAdded, ConditionExpired, ConditionRemoved, ConditionTriggered, ContestRolled, DamageTaken,
        Defeated, DiceRolled, Died, Dismounted, FullActionExchanged, HitPointsChanged, Mounted, Moved, MovementActionSpent,
        OverrideUsed, PreparationTaken, Revived, TemporaryHitPoints,
    )
    from core.combat.map_events import AltitudeChanged, CeilingSet, GroundSet, HiddenChanged, MapResized, Placed, SecretChanged, SheetEdited, TerrainPainted, WaterDepthSet  # noqa: F401
    from core.combat.maneuvers.events import Fell, Jumped, Maneuvered  # noqa: F401
