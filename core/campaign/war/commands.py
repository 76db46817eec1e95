"""The GM's commands for a mass battle (rules EQ-WAR-1..4) and their handlers.

The battle lives on the encounter (``EncounterState.battle``), so it is
saved with the campaign, journaled, logged and undone like any action.
Re-exported by :mod:`core.combat.commands`; handlers are
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat.commands import Command
from core.errors import IllegalCommand
from core.campaign.war.battle import Hero, WarSettings, new_battle
from core.campaign.war.rounds import RulesetDice
from core.campaign.war.events import BattleSetUp
from core.campaign.war.rounds import fight_round as roll_round
from core.campaign.war.rounds import order_retreat as retreat
from core.campaign.war.rounds import roll_aftermath
from core.campaign.war.events import BattleCleared

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState


@dataclass(frozen=True)
class SetUpBattle(Command):
    """Two armies (``names``, ``soldiers``) -> BP (EQ-WAR-1), their generals'
    Strategy/Tactics, leaders' ХАР and names, GM modifiers, optional BP by
    hand (EQ-WAR-4) and the ``heroes`` (EQ-WAR-2). Refused while another
    battle is still being fought."""

    names: tuple[str, str]
    soldiers: tuple[int, int]
    strategy: tuple[int, int] = (0, 0)
    charisma: tuple[int, int] = (0, 0)
    leaders: tuple[str, str] = ("", "")
    modifiers: tuple[int, int] = (0, 0)
    points: tuple[int, int] | None = None
    heroes: tuple[Hero, ...] = ()
    settings: WarSettings | None = None  # None: the ruleset's (house rules included)


@dataclass(frozen=True)
class FightBattleRound(Command):
    """Roll one round of the battle (EQ-WAR-1, EQ-WAR-2)."""


@dataclass(frozen=True)
class OrderRetreat(Command):
    """Army ``side`` (0 or 1) retreats of its leader's will (EQ-WAR-4)."""

    side: int


@dataclass(frozen=True)
class RollBattleAftermath(Command):
    """Recovery rolls and soldiers lost once the battle is over (EQ-WAR-3)."""


@dataclass(frozen=True)
class ClearBattle(Command):
    """Put the battle away (the log keeps it)."""


Result = tuple[Any, tuple[Any, ...]]


def _dice(enc: Table):
    if len(enc.ruleset.tiers) != 4:
        raise IllegalCommand(f"mass combat needs checks with four grades (seed 001); {enc.ruleset.id} has other tiers", "EQ-WAR-1")
    return RulesetDice(enc.ruleset, enc.rng)


def _battle(state: EncounterState):
    if state.battle is None:
        raise IllegalCommand("there is no battle; set one up first", "EQ-WAR-1")
    return state.battle


def set_up(enc: Table, state: EncounterState, command: SetUpBattle) -> Result:
    _dice(enc)
    if state.battle is not None and not state.battle.over:
        raise IllegalCommand("a battle is still being fought; finish or clear it first", "EQ-WAR-1")
    battle = new_battle(
        command.names, command.soldiers, strategy=command.strategy, charisma=command.charisma, leaders=command.leaders,
        modifiers=command.modifiers, points=command.points, heroes=command.heroes,
        settings=command.settings or enc.ruleset.settings_for(WarSettings),
    )
    event = BattleSetUp((battle.armies[0].name, battle.armies[1].name), command.soldiers, battle.points, tuple(h.name for h in battle.heroes))
    return replace(state, battle=battle), (event,)


def fight_round(enc: Table, state: EncounterState, _: FightBattleRound) -> Result:
    battle, events = roll_round(_battle(state), _dice(enc))
    return replace(state, battle=battle), tuple(events)


def order_retreat(enc: Table, state: EncounterState, command: OrderRetreat) -> Result:
    battle, events = retreat(_battle(state), command.side)
    return replace(state, battle=battle), tuple(events)


def aftermath(enc: Table, state: EncounterState, _: RollBattleAftermath) -> Result:
    battle, events = roll_aftermath(_battle(state), _dice(enc))
    return replace(state, battle=battle), tuple(events)


def clear(enc: Table, state: EncounterState, _: ClearBattle) -> Result:
    battle = _battle(state)
    return replace(state, battle=None), (BattleCleared((battle.armies[0].name, battle.armies[1].name)),)


HANDLERS = {SetUpBattle: set_up, FightBattleRound: fight_round, OrderRetreat: order_retreat, RollBattleAftermath: aftermath, ClearBattle: clear}
