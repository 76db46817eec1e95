"""Handlers for turn order: initiative variants, turns, rounds, who takes part.

Rules EQ-INIT-1..6, EQ-MNT-1, EQ-ACT-1 (refresh at the start of one's own
turn), TAC-EFF-1..4 (start/end triggers). The order never skips, repeats or
reverses: a round remembers who has ``acted`` and a ``cursor`` (the
initiative at which the current turn began); the next turn is the highest
initiative at or below the cursor that has not acted. A creature added above
the cursor acts from the next round (DEFAULT). Handlers are
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.campaign.breath import BreathSettings
from core.campaign.breath_turns import breath_at_turn_start
from core.combat import boundary
from core.combat import commands as cmd
from core.values import conditions as cond
from core.combat import events as ev
from core.values import limits as lim
from core.combat.trackers import reminders, uses
from core.values.combatant import Combatant
from core.combat.groups import numbered
from core.errors import IllegalCommand, MoveRefused
from core.combat.initiative import next_free_below, roll_initiatives, starter_value, summon_value
from core.values.phases import Phase
from core.combat.resolution import tick_durations, trigger

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[ev.Event, ...]]


def takes_turn(enc: Table, state: EncounterState, combatant: Combatant) -> bool:
    """Rolled, alive, not defeated (when the ruleset skips them) and not a
    mount being ridden (EQ-MNT-1: it shares its rider's turn)."""
    if combatant.initiative is None or combatant.dead:
        return False
    if combatant.defeated and enc.ruleset.settings.skip_defeated:
        return False
    return combatant.id not in state.ridden()


def _sharers(state: EncounterState, combatant: Combatant) -> tuple[str, ...]:
    ids = [combatant.id]
    if combatant.mounted_on is not None and state.has(combatant.mounted_on) and not combatant.passenger:  # EQ-MNT-8: a passenger keeps its own turn
        ids.append(combatant.mounted_on)
    return tuple(ids)


def begin_turn(enc: Table, state: EncounterState, combatant: Combatant, round_: int) -> Result:
    """Start ``combatant``'s turn: durations keyed to its turn start tick,
    start triggers fire (burning), then its budget refreshes less what its
    conditions take (EQ-ACT-1, TAC-EFF-1, TAC-EFF-2). A resumed delayed turn
    does none of this again."""
    state = replace(state, round=round_, current=combatant.id, cursor=combatant.initiative)
    events: list[ev.Event] = [ev.TurnStarted(round_, combatant.id, combatant.name)]
    if combatant.id in state.resuming:
        return replace(state, resuming=tuple(i for i in state.resuming if i != combatant.id)), tuple(events)
    for cid in _sharers(state, combatant):
        state, expired = tick_durations(state, cid, cond.Boundary.START)
        events.extend(expired)
        state, fired = trigger(enc, state, cid, cond.Boundary.START)
        events.extend(fired)
        state, air = breath_at_turn_start(state, cid, round_, enc.ruleset.settings_for(BreathSettings))  # EQ-BRE-1
        events.extend(air)
        fresh = state.combatant(cid)
        budget, notes = cond.limit_budget(enc.ruleset.fresh_budget(fresh), fresh.conditions)
        state = state.replace_combatant(replace(fresh, budget=budget))
        if notes:
            events.append(ev.BudgetLimited(fresh.id, fresh.name, notes))
        state, own = enc.ruleset.turn_started(enc, state, cid)  # TAC-ACT-3
        events.extend(own)
        state, recharged = uses.start_of_turn(state, cid, enc.rng)  # per-round uses, recharge dice
        events.extend(recharged)
        state, fired = reminders.fire_at(state, cid, start=True)  # the GM's reminders
        events.extend(fired)
    return state, tuple(events)


def end_turn(enc: Table, state: EncounterState, combatant: Combatant) -> Result:
    """End triggers fire (poisoned, TAC-EFF-4), then durations keyed to its turn end tick."""
    events: list[ev.Event] = []
    for cid in _sharers(state, combatant):
        state, fired = trigger(enc, state, cid, cond.Boundary.END)
        events.extend(fired)
        state, expired = tick_durations(state, cid, cond.Boundary.END)
        events.extend(expired)
        state, fired = reminders.fire_at(state, cid, start=False)
        events.extend(fired)
    return state, tuple(events)


def _new_round_upkeep(state: EncounterState) -> Result:
    """EQ-DAY-3: weapon poison dries after its rounds."""
    events: list[ev.Event] = []
    for c in state.combatants:
        if not c.coatings:
            continue
        kept = tuple(replace(k, rounds_left=k.rounds_left - 1) for k in c.coatings if k.rounds_left > 1)
        for gone in (k for k in c.coatings if k.rounds_left <= 1):
            events.append(ev.CoatingEnded(c.id, c.name, gone.weapon, "dried after 10 minutes (EQ-DAY-3)"))
        state = state.replace_combatant(replace(c, coatings=kept))
    return state, tuple(events)


def advance(enc: Table, state: EncounterState, *, run_end: bool = True, mark_acted: bool = True) -> Result:
    """Pass the turn on from the current combatant (see module doc)."""
    current = require_combat(state)
    events: list[ev.Event] = []
    if run_end:
        state, ended = end_turn(enc, state, current)
        events.extend(ended)
    if mark_acted and current.id not in state.acted:
        state = replace(state, acted=state.acted + (current.id,))
    cursor = state.cursor if state.cursor is not None else current.initiative
    assert cursor is not None, "the current creature's turn came from its initiative"
    acted = set(state.acted)  # one set per turn: a tuple lookup per combatant would be quadratic
    waiting = next((
        c for c in state.order()
        if c.initiative is not None and c.initiative <= cursor and c.id != current.id and c.id not in acted and takes_turn(enc, state, c)
    ), None)
    if waiting is not None:
        state, started = begin_turn(enc, state, waiting, state.round)
        return state, tuple(events) + started
    state = replace(state, acted=(), resuming=())
    first = next((c for c in state.order() if takes_turn(enc, state, c)), None)
    if first is None:
        raise IllegalCommand("nobody can take a turn")
    state, upkeep = _new_round_upkeep(state)
    state, started = begin_turn(enc, state, state.combatant(first.id), state.round + 1)
    return state, (*events, ev.RoundStarted(state.round), *upkeep, *started)


def require_combat(state: EncounterState) -> Combatant:
    if state.round == 0 or state.current is None:
        raise IllegalCommand("combat has not started: roll initiative first")
    return state.combatant(state.current)


def start_combat(enc: Table, state: EncounterState, command: cmd.StartCombat) -> Result:
    """Roll initiative for everyone without one (EQ-INIT-1, EQ-INIT-2); the
    ``starter`` gets the highest + 1 (EQ-INIT-3); round 1 begins."""
    if state.round > 0:
        raise IllegalCommand(f"combat is already running (round {state.round})")
    if not state.combatants:
        raise IllegalCommand("add combatants before rolling initiative")
    starter = state.combatant(command.starter) if command.starter else None
    skip = starter.id if starter else None
    unrolled = {c.id: enc.ruleset.initiative_modifier(c) for c in state.combatants if c.initiative is None and c.id != skip}
    fixed = [c.initiative for c in state.combatants if c.initiative is not None and c.id != skip]
    events: list[ev.Event] = []
    by_id = {c.id: c for c in state.combatants}
    rolled: dict[str, int] = {}
    for result in roll_initiatives(unrolled, enc.rng, enc.ruleset.initiative_sides, fixed, enc.ruleset.settings.rolloff_die):
        combatant = by_id[result.key]
        rolled[combatant.id] = result.value
        events.append(ev.InitiativeRolled(combatant.id, combatant.name, result.roll, result.value, result.rolloff))
    # one new tuple for everyone: replacing one by one cost a pass per combatant
    state = replace(state, combatants=tuple(replace(c, initiative=rolled[c.id]) if c.id in rolled else c for c in state.combatants))
    if starter is not None:
        value = starter_value(c.initiative for c in state.combatants if c.initiative is not None and c.id != starter.id)
        state = state.replace_combatant(replace(state.combatant(starter.id), initiative=value))
        events.append(ev.InitiativeSet(starter.id, starter.name, value, "EQ-INIT-3"))
    state = replace(state, phase=Phase.COMBAT, preparing=None, acted=(), resuming=(), boundaries=())
    first = next((c for c in state.order() if takes_turn(enc, state, c)), None)
    if first is None:
        raise IllegalCommand("nobody can take a turn")
    events.append(ev.PhaseChanged(Phase.COMBAT))
    events.append(ev.RoundStarted(1))
    state, started = begin_turn(enc, state, first, 1)
    return state, tuple(events) + started


def next_turn(enc: Table, state: EncounterState, _: cmd.NextTurn) -> Result:
    """End the current turn and begin the next; what that did by itself is
    recorded (:mod:`core.combat.boundary`) so that ``PreviousTurn`` can give it back."""
    require_combat(state)
    after, events = advance(enc, state)
    after, fired = reminders.fire_on_damage(state, after)  # trigger damage: "when damaged" reminders, recorded with the turn
    return boundary.push(after, boundary.record(state, after)), events + fired


def previous_turn(enc: Table, state: EncounterState, _: cmd.PreviousTurn) -> Result:
    """A GM correction: hand the turn back to the previous combatant. When
    a ``NextTurn`` began this turn, what it did by itself is given back
    (conditions that expired return with their counts, trigger damage and
    escalation are undone, budgets are as they were, EQ-ACT-1, TAC-EFF-1..4);
    what the GM did meanwhile stays. Otherwise (a delay, a removal, an old
    save) only the turn goes back."""
    require_combat(state)
    last = boundary.latest(state)
    if last is not None:
        state, notes = boundary.give_back(state, last)
        state = replace(state, acted=tuple(i for i in state.acted if state.has(i)))
        assert state.current is not None, "a turn given back is a turn of the fight"
        target = state.combatant(state.current)
        undone = tuple(ev.TurnEffectsUndone(cid, name, detail) for cid, name, detail in notes)
        return state, (ev.TurnReturned(state.round, target.id, target.name), *undone)
    present = {c.id for c in state.combatants}
    acted = tuple(i for i in state.acted if i in present)
    if acted:
        target, round_, acted = state.combatant(acted[-1]), state.round, acted[:-1]
    elif state.round > 1:
        order = [c for c in state.order() if takes_turn(enc, state, c)]
        if not order:
            raise IllegalCommand("nobody can take a turn")
        target, round_, acted = order[-1], state.round - 1, tuple(c.id for c in order[:-1])
    else:
        raise IllegalCommand("this is the first turn of the fight")
    state = replace(state, round=round_, current=target.id, cursor=target.initiative, acted=acted)
    return state, (ev.TurnReturned(round_, target.id, target.name),)


def taken_initiatives(state: EncounterState, but: str = "") -> set[int]:
    """The initiative values combatants of ``state`` hold, ``but``'s aside (EQ-INIT-2: each is unique)."""
    return {c.initiative for c in state.combatants if c.initiative is not None and c.id != but}


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
        (result,) = roll_initiatives({new.id: enc.ruleset.initiative_modifier(new)}, enc.rng, enc.ruleset.initiative_sides, taken_initiatives(state), enc.ruleset.settings.rolloff_die)
        new = replace(new, initiative=result.value)
        events.append(ev.InitiativeRolled(new.id, new.name, result.roll, result.value, result.rolloff))
    if state.round > 0 and new.initiative is not None:
        budget, _ = cond.limit_budget(enc.ruleset.fresh_budget(new), new.conditions)
        new = replace(new, budget=budget)
    state = replace(state, combatants=state.combatants + (new,))
    return state, (ev.CombatantAdded(new.id, new.name), *events)


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


def set_initiative(enc: Table, state: EncounterState, command: cmd.SetInitiative) -> Result:
    """Reorder by hand; the value must be free (EQ-INIT-2)."""
    combatant = state.combatant(command.combatant)
    _check_initiative(command.value)
    if command.value in taken_initiatives(state, but=combatant.id):
        raise IllegalCommand(f"initiative {command.value} is taken; initiatives are unique", "EQ-INIT-2")
    state = state.replace_combatant(replace(combatant, initiative=command.value))
    return state, (ev.InitiativeSet(combatant.id, combatant.name, command.value, "EQ-INIT-5"),)


def swap_initiative(enc: Table, state: EncounterState, command: cmd.SwapInitiative) -> Result:
    first, second = state.combatant(command.first), state.combatant(command.second)
    if first.initiative is None or second.initiative is None:
        raise IllegalCommand("both need an initiative to swap")
    state = state.replace_combatant(replace(first, initiative=second.initiative))
    state = state.replace_combatant(replace(second, initiative=first.initiative))
    return state, (
        ev.InitiativeSet(first.id, first.name, second.initiative),
        ev.InitiativeSet(second.id, second.name, first.initiative),
    )


def delay_turn(enc: Table, state: EncounterState, command: cmd.DelayTurn) -> Result:
    """The current creature, with nothing spent, acts right after ``after``
    this round: next free initiative below ``after``'s; its turn resumes there."""
    current = require_combat(state)
    if current.id != command.combatant:
        raise IllegalCommand(f"only the current combatant ({current.name}) can delay")
    after = state.combatant(command.after)
    assert current.initiative is not None, "the current creature's turn came from its initiative"
    if after.initiative is None or not takes_turn(enc, state, after) or after.id in state.acted or after.initiative >= current.initiative:
        raise IllegalCommand(f"{after.name} does not act later this round")
    fresh, _ = cond.limit_budget(enc.ruleset.fresh_budget(current), current.conditions)
    if current.budget != fresh:
        raise IllegalCommand(f"{current.name} already spent part of this turn and cannot delay")
    value = next_free_below(after.initiative, taken_initiatives(state, but=current.id))
    state = state.replace_combatant(replace(current, initiative=value))
    state = replace(state, resuming=state.resuming + (current.id,))
    state, passed = advance(enc, state, run_end=False, mark_acted=False)
    return state, (ev.TurnDelayed(current.id, current.name, value), *passed)


HANDLERS = {
    cmd.StartCombat: start_combat,
    cmd.NextTurn: next_turn,
    cmd.PreviousTurn: previous_turn,
    cmd.AddCombatant: add,
    cmd.RemoveCombatant: remove,
    cmd.SetInitiative: set_initiative,
    cmd.SwapInitiative: swap_initiative,
    cmd.DelayTurn: delay_turn,
}
