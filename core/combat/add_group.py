"""Adding a group in one step: :class:`AddGroup` and its events.

Handlers are ``handler(encounter, state, command) -> (state, events)``;
names, HP dice and the kinds of group initiative are in :mod:`core.combat.groups`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.values import limits as lim
from core.values.combatant import Combatant
from core.combat.command_base import Command
from core.dice.rolls import DiceRoll, roll
from core.errors import IllegalCommand
from core.combat.event_base import Event
from core.combat.groups import GroupInitiative, fresh, hp_dice_range, numbered
from core.combat.initiative import consecutive_block, roll_initiatives
from core.values import conditions as cond

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState


# -- the command and its events -----------------------------------------------------------
@dataclass(frozen=True)
class AddGroup(Command):
    """Add ``count`` (1 to ``MAX_GROUP``) creatures like ``template`` as one
    undo step, named and numbered after ``template.name`` (see :func:`numbered`).

    ``hp_dice`` (``"2d8+2"``): each creature's hit points are rolled from
    it and logged; empty: each has ``template.hp_max``. ``initiative``: see
    :class:`GroupInitiative` (EQ-INIT-1, EQ-INIT-2, EQ-INIT-6). ``summoner``:
    the group acts right after it, on consecutive values below its
    initiative (EQ-INIT-4). Raises :class:`IllegalCommand` for a count out
    of range, an encounter that would pass ``MAX_COMBATANTS``, bad dice."""

    template: Combatant
    count: int = 1
    hp_dice: str = ""
    initiative: GroupInitiative = GroupInitiative.GROUP
    summoner: str | None = None


@dataclass(frozen=True)
class HitPointsRolled(ev.CombatantAdded):
    """``name`` joined with hit points rolled from its dice: ``roll.total`` HP
    (a :class:`~core.combat.events.CombatantAdded` with the roll)."""

    roll: DiceRoll


@dataclass(frozen=True)
class GroupInitiativeRolled(Event):
    """One initiative ``roll`` for a group (``combatants`` with ``names``),
    which took the consecutive ``values`` (rules EQ-INIT-1, EQ-INIT-2,
    EQ-INIT-6); ``roll`` is ``None`` for a summoned group (EQ-INIT-4)."""

    combatants: tuple[str, ...]
    names: tuple[str, ...]
    roll: DiceRoll | None
    values: tuple[int, ...]
    rule: str = "EQ-INIT-6"


Result = tuple[Any, tuple[ev.Event, ...]]


def check_count(state: EncounterState, count: int) -> None:
    """Refuse a group of fewer than 1 or more than ``MAX_GROUP``
    creatures, or one that would pass ``MAX_COMBATANTS``."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= lim.MAX_GROUP:
        raise IllegalCommand(f"add 1 to {lim.MAX_GROUP} creatures at once, not {count}")
    room = lim.MAX_COMBATANTS - len(state.combatants)
    if count > room:
        raise IllegalCommand(f"an encounter has at most {lim.MAX_COMBATANTS} combatants; room for {max(0, room)} more")


def add_group(enc: Table, state: EncounterState, command: AddGroup) -> Result:
    """See :class:`AddGroup`."""
    from core.combat.order_changes import check_newcomer, first_turns_next_round  # a handler module, loaded with the handlers

    check_count(state, command.count)
    if command.hp_dice:
        hp_dice_range(command.hp_dice)
    elif not 1 <= command.template.hp_max <= lim.MAX_HP:
        raise IllegalCommand(f"hp must be at least 1 and at most {lim.MAX_HP:,}, not {command.template.hp_max}")
    summoner = state.combatant(command.summoner) if command.summoner is not None else None
    names = numbered(command.template.name, command.count, state.combatants)
    members: list[Combatant] = []
    for cid, name in names:
        member = fresh(command.template, cid, name, command.template.hp_max)
        check_newcomer(enc, state, member)
        members.append(replace(member, hp_dice=command.hp_dice))
    events: list[ev.Event] = []
    for index, member in enumerate(members):
        if command.hp_dice:
            rolled = roll(command.hp_dice, enc.rng)
            members[index] = replace(member, hp=rolled.total, hp_max=rolled.total)
            events.append(HitPointsRolled(member.id, member.name, rolled))
        else:
            events.append(ev.CombatantAdded(member.id, member.name))
    members, told = _initiatives(enc, state, members, command.initiative, summoner)
    events.extend(told)
    if state.round > 0:
        members = [
            replace(m, budget=cond.limit_budget(enc.ruleset.fresh_budget(m), m.conditions)[0]) if m.initiative is not None else m
            for m in members
        ]
    if summoner is not None:
        members = [replace(m, summoner=summoner.id) for m in members]
    state = replace(state, combatants=state.combatants + tuple(members))
    return state, (*events, *first_turns_next_round(state, members))


def _initiatives(
    enc: Table, state: EncounterState, members: list[Combatant], mode: GroupInitiative, summoner: Combatant | None
) -> tuple[list[Combatant], list[ev.Event]]:
    from core.combat.turns import taken_initiatives

    taken = taken_initiatives(state)
    ids, names = tuple(m.id for m in members), tuple(m.name for m in members)
    if summoner is not None and summoner.initiative is not None:
        values = consecutive_block(summoner.initiative - 1, len(members), taken)
        return [replace(m, initiative=v) for m, v in zip(members, values)], [GroupInitiativeRolled(ids, names, None, tuple(values), "EQ-INIT-4")]
    modifier = enc.ruleset.initiative_modifier(members[0])
    sides = enc.ruleset.initiative_sides
    if mode is GroupInitiative.GROUP:
        rolled = roll(f"1d{sides}{modifier:+d}" if modifier else f"1d{sides}", enc.rng)
        values = consecutive_block(rolled.total, len(members), taken)
        return [replace(m, initiative=v) for m, v in zip(members, values)], [GroupInitiativeRolled(ids, names, rolled, tuple(values))]
    if state.round == 0:
        return members, []  # each rolls when combat starts (EQ-INIT-1)
    results = roll_initiatives({m.id: enc.ruleset.initiative_modifier(m) for m in members}, enc.rng, sides, taken,
                               enc.ruleset.settings.rolloff_die, enc.ruleset.settings.initiative_tie_reading)  # EQ-INIT-2 DEFAULTs, house rules
    by_id = {r.key: r for r in results}
    out = [replace(m, initiative=by_id[m.id].value) for m in members]
    return out, [ev.InitiativeRolled(m.id, m.name, by_id[m.id].roll, by_id[m.id].value, by_id[m.id].rolloff) for m in members]


HANDLERS = {AddGroup: add_group}
