"""Handlers that change who is in the turn order and where: a creature
added or removed, an initiative set or swapped by the GM.

Rules EQ-INIT-1 (a newcomer's roll), EQ-INIT-2 (initiatives are unique),
EQ-INIT-4 (a summoned creature acts right after its summoner), EQ-INIT-5 (a
value the GM gives), EQ-INIT-6 (no turn twice in a round). The turns
themselves are :mod:`core.combat.turns`'. Handlers are
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.groups import numbered
from core.combat.initiative import roll_initiatives, summon_value
from core.combat.trackers import reminders
from core.combat.turns import Result, advance, taken_initiatives
from core.errors import IllegalCommand, MoveRefused
from core.values import conditions as cond
from core.values import limits as lim
from core.values.combatant import Combatant
from core.values.frozen import replace

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table


def check_newcomer(enc: Table, state: EncounterState, new: Combatant) -> None:
    """Limits of :mod:`core.values.limits` (combatants, name length) and the
    ruleset's stat names: a stat it does not have would count as +0."""
    if len(state.combatants) >= lim.MAX_COMBATANTS:
        raise IllegalCommand(f"an encounter has at most {lim.MAX_COMBATANTS} combatants")
    if not new.name.strip() or len(new.name) > lim.MAX_NAME:
        raise IllegalCommand(f"a name has 1 to {lim.MAX_NAME} characters, not {len(new.name)}")
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in new.name):
        raise IllegalCommand("a name cannot hold control characters")
    unknown = [s for s in new.stats if s not in enc.ruleset.sheet_names]
    if unknown:
        raise IllegalCommand(f"{unknown[0]} is not a stat of {enc.ruleset.id} ({enc.ruleset.sheet_names_text()})")


def add(enc: Table, state: EncounterState, command: cmd.AddCombatant) -> Result:
    """Add a combatant; during combat place it by EQ-INIT-4 (summon),
    EQ-INIT-5 (GM value) or a roll (EQ-INIT-1, unique by EQ-INIT-2). A name
    already in the encounter gets the next free number (``Boar`` joins as
    ``Boar 2``), as :func:`core.combat.groups.numbered` numbers a group."""
    new = command.combatant
    if any(c.id == new.id for c in state.combatants):
        raise IllegalCommand(f"a combatant with id {new.id!r} already exists")
    if any(c.name == new.name for c in state.combatants):  # two "Boar"s: the log and the GM could not tell them apart
        new = replace(new, name=numbered(new.name, 1, state.combatants)[0][1])
    check_newcomer(enc, state, new)
    if new.position is not None:
        if not state.grid.contains(new.position):
            raise MoveRefused(f"{new.position} is off the map", new.position)
        if state.grid.terrain(new.position).blocks_movement:
            raise MoveRefused(f"{new.position} is inside a {state.grid.terrain(new.position).name}", new.position)
    if new.initiative is not None:
        _check_initiative(new.initiative)
    if new.initiative is not None and new.initiative in taken_initiatives(state):
        raise IllegalCommand(f"initiative {new.initiative} is taken; initiatives are unique", "EQ-INIT-2")
    events: list[ev.Event] = []
    if command.summoner is not None:
        summoner = state.combatant(command.summoner)
        new = replace(new, summoner=summoner.id)
        if new.initiative is None and summoner.initiative is not None:
            value = summon_value(summoner.initiative, taken_initiatives(state))
            new = replace(new, initiative=value)
            events.append(ev.InitiativeSet(new.id, new.name, value, "EQ-INIT-4"))
    elif new.initiative is not None and state.round > 0:
        events.append(ev.InitiativeSet(new.id, new.name, new.initiative, "EQ-INIT-5"))
    elif command.roll_initiative and new.initiative is None:
        (result,) = roll_initiatives({new.id: enc.ruleset.initiative_modifier(new)}, enc.rng, enc.ruleset.initiative_sides, taken_initiatives(state),
                                     enc.ruleset.settings.rolloff_die, enc.ruleset.settings.initiative_tie_reading)
        new = replace(new, initiative=result.value)
        events.append(ev.InitiativeRolled(new.id, new.name, result.roll, result.value, result.rolloff))
    if state.round > 0 and new.initiative is not None:
        budget, _ = cond.limit_budget(enc.ruleset.fresh_budget(new), new.conditions)
        new = replace(new, budget=budget)
    state = replace(state, combatants=state.combatants + (new,))
    return state, (ev.CombatantAdded(new.id, new.name), *events, *first_turns_next_round(state, (new,)))


def first_turns_next_round(state: EncounterState, newcomers) -> tuple[ev.Event, ...]:
    """A :class:`~core.combat.events.FirstTurnNextRound` for each of
    ``newcomers`` (just added to ``state``) whose initiative is above the
    one this round has reached: its place this round has passed, it first
    acts next round (EQ-INIT-5, DEFAULT)."""
    cursor = state.cursor
    if state.round == 0 or cursor is None:
        return ()
    return tuple(ev.FirstTurnNextRound(c.id, c.name, state.round + 1) for c in newcomers if c.initiative is not None and c.initiative > cursor)


def remove(enc: Table, state: EncounterState, command: cmd.RemoveCombatant) -> Result:
    """Take a combatant out; if it was its turn, the next one begins (no end
    triggers for the leaver). Conditions timed by its turns end (DEFAULT);
    a rider of a removed mount dismounts."""
    leaving = state.combatant(command.combatant)
    events: list[ev.Event] = [ev.CombatantRemoved(leaving.id, leaving.name)]
    if state.current == leaving.id and state.round > 0:
        state, passed = advance(enc, state, run_end=False)
        events.extend(passed)
        if state.current == leaving.id:
            state = replace(state, current=None, cursor=None)
    state = replace(
        state,
        combatants=tuple(c for c in state.combatants if c.id != leaving.id),
        acted=tuple(i for i in state.acted if i != leaving.id),
        resuming=tuple(i for i in state.resuming if i != leaving.id),
        moved_up=tuple(i for i in state.moved_up if i != leaving.id),
    )
    for c in state.combatants:
        kept, expired = cond.expire_anchor(c.conditions, leaving.id)
        if c.mounted_on == leaving.id:
            events.append(ev.Dismounted(c.id, c.name, leaving.id, leaving.name))
        if expired or c.mounted_on == leaving.id:
            state = state.replace_combatant(replace(c, conditions=kept, mounted_on=None if c.mounted_on == leaving.id else c.mounted_on))
        events.extend(ev.ConditionExpired(c.id, c.name, x) for x in expired)
    state, dropped = reminders.drop_anchor(state, leaving)
    return state, (*events, *dropped)


def _check_initiative(value: int) -> None:
    """An initiative a GM gives has at most ``MAX_NUMBER_DIGITS`` digits (either sign)."""
    if abs(value) >= 10**lim.MAX_NUMBER_DIGITS:
        raise IllegalCommand(f"an initiative has at most {lim.MAX_NUMBER_DIGITS} digits", "EQ-INIT-5")


def _this_round(state: EncounterState, before: Combatant, value: int) -> tuple[EncounterState, str]:
    """``state`` with ``before`` (as it was) now at initiative ``value``, and
    what that means for its turn this round (empty outside combat). One that
    has not acted keeps its turn this round: placed above the cursor, it is
    moved up and acts right after the current turn; one that has acted waits
    for the next round (EQ-INIT-6: no turn twice)."""
    state = state.replace_combatant(replace(before, initiative=value))
    if state.round == 0 or state.current is None:
        return state, ""
    current = state.combatant(state.current)
    if before.id == current.id:
        return state, f"its turn goes on; acts at {value} from round {state.round + 1}"
    if before.id in state.acted:
        return state, f"has acted this round; acts at {value} from round {state.round + 1}"
    cursor = state.cursor if state.cursor is not None else current.initiative
    if before.initiative is None or cursor is None:
        return state, (f"first acts in round {state.round + 1}" if cursor is not None and value > cursor else "")
    if value > cursor:
        if before.id not in state.moved_up:
            state = replace(state, moved_up=state.moved_up + (before.id,))
        return state, f"acts right after {current.name} this round"
    return state, ""


def set_initiative(enc: Table, state: EncounterState, command: cmd.SetInitiative) -> Result:
    """Reorder by hand; the value must be free (EQ-INIT-2). During a round
    the creature keeps its turn this round if it has not acted, and does not
    act twice if it has (see :func:`_this_round`); the event's ``note`` says which."""
    combatant = state.combatant(command.combatant)
    _check_initiative(command.value)
    if command.value in taken_initiatives(state, but=combatant.id):
        raise IllegalCommand(f"initiative {command.value} is taken; initiatives are unique", "EQ-INIT-2")
    state, note = _this_round(state, combatant, command.value)
    return state, (ev.InitiativeSet(combatant.id, combatant.name, command.value, "EQ-INIT-5", note),)


def swap_initiative(enc: Table, state: EncounterState, command: cmd.SwapInitiative) -> Result:
    """Two creatures trade initiatives; each keeps or has had its turn this
    round as :func:`set_initiative` says."""
    first, second = state.combatant(command.first), state.combatant(command.second)
    if first.initiative is None or second.initiative is None:
        raise IllegalCommand("both need an initiative to swap")
    state, first_note = _this_round(state, first, second.initiative)
    state, second_note = _this_round(state, state.combatant(second.id), first.initiative)
    return state, (
        ev.InitiativeSet(first.id, first.name, second.initiative, note=first_note),
        ev.InitiativeSet(second.id, second.name, first.initiative, note=second_note),
    )


HANDLERS = {
    cmd.AddCombatant: add,
    cmd.RemoveCombatant: remove,
    cmd.SetInitiative: set_initiative,
    cmd.SwapInitiative: swap_initiative,
}
