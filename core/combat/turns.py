"""Handlers for turn order: initiative variants, turns, rounds.

Rules EQ-INIT-1..6, EQ-MNT-1, EQ-ACT-1 (refresh at the start of one's own
turn), TAC-EFF-1..4 (start/end triggers). The order never skips, repeats or
reverses: a round remembers who has ``acted`` and a ``cursor`` (the
initiative at which the current turn began); the next turn is the highest
initiative at or below the cursor that has not acted. A creature the GM
moves above the cursor before it acted (``moved_up``) keeps its turn this
round: it acts right after the current one, highest first, and the cursor
stays where it was. A creature added above the cursor acts from the next
round (DEFAULT, logged; :mod:`core.combat.order_changes` adds, removes
and reorders creatures). Handlers are
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from core.values.frozen import replace
from typing import TYPE_CHECKING, Any

from core.campaign.breath import BreathSettings
from core.campaign.breath_turns import breath_at_turn_start
from core.combat import boundary
from core.combat import commands as cmd
from core.values import conditions as cond
from core.combat import events as ev
from core.combat.trackers import reminders, uses
from core.combat import scene_events
from core.combat.turn_times import close_turn
from core.combat.upcoming import takes_turn as takes_turn  # named here too: callers of the turn order import it with it
from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.combat.initiative import next_free_below, roll_initiatives, starter_value, summon_value
from core.values.phases import Phase
from core.combat.resolution import tick_durations, trigger

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[ev.Event, ...]]


def _sharers(state: EncounterState, combatant: Combatant) -> tuple[str, ...]:
    ids = [combatant.id]
    if combatant.mounted_on is not None and state.has(combatant.mounted_on) and not combatant.passenger:  # EQ-MNT-8: a passenger keeps its own turn
        ids.append(combatant.mounted_on)
    return tuple(ids)


def begin_turn(enc: Table, state: EncounterState, combatant: Combatant, round_: int, at: float | None = None) -> Result:
    """Start ``combatant``'s turn: durations keyed to its turn start tick,
    start triggers fire (burning), then its budget refreshes less what its
    conditions take (EQ-ACT-1, TAC-EFF-1, TAC-EFF-2). A resumed delayed turn
    does none of this again. ``at``: the turn change's wall-clock stamp (:class:`core.combat.commands.TurnChange`)."""
    state = replace(state, round=round_, current=combatant.id, cursor=combatant.initiative, turn_at=at)
    events: list[ev.Event] = [ev.TurnStarted(round_, combatant.id, combatant.name, at)]
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


def advance(enc: Table, state: EncounterState, *, run_end: bool = True, mark_acted: bool = True, at: float | None = None, since: float | None = None) -> Result:
    """Pass the turn on from the current combatant (see module doc); the
    scene events whose counts the order passes fire on the way
    (:func:`core.combat.scene_events.fire_between`), and with the
    ``reroll_initiative_each_round`` house rule a new round re-rolls
    everyone's initiative first (EQ-INIT-1, ties by EQ-INIT-2)."""
    current = require_combat(state)
    state, timed = close_turn(state, at, since)
    events: list[ev.Event] = list(timed)
    if run_end:
        state, ended = end_turn(enc, state, current)
        events.extend(ended)
    if mark_acted and current.id not in state.acted:
        state = replace(state, acted=state.acted + (current.id,))
    cursor = state.cursor if state.cursor is not None else current.initiative
    assert cursor is not None, "the current creature's turn came from its initiative"
    waiting = waiting_in_round(enc, state, cursor)
    if waiting is not None:
        state, fired = scene_events.fire_between(enc, state, cursor, waiting.initiative, state.round)
        state, started = begin_turn(enc, state, waiting, state.round, at)
        if waiting.initiative is not None and cursor is not None and waiting.initiative > cursor:  # moved up: the round goes on from where it was
            state = replace(state, cursor=cursor)
        return state, (*events, *fired, *started)
    state, fired = scene_events.fire_between(enc, state, cursor, None, state.round)
    events.extend(fired)
    state = replace(state, acted=(), resuming=(), moved_up=())
    rerolled: tuple[ev.Event, ...] = ()
    if enc.ruleset.settings.reroll_initiative_each_round:
        state, rerolled = reroll_initiatives(enc, state)
    first = next((c for c in state.order() if takes_turn(enc, state, c)), None)
    if first is None:
        raise IllegalCommand("nobody can take a turn")
    state, upkeep = _new_round_upkeep(state)
    state, opening = scene_events.fire_between(enc, state, None, first.initiative, state.round + 1)
    state, started = begin_turn(enc, state, state.combatant(first.id), state.round + 1, at)
    return state, (*events, ev.RoundStarted(state.round), *rerolled, *upkeep, *opening, *started)


def reroll_initiatives(enc: Table, state: EncounterState) -> Result:
    """The house rule ``reroll_initiative_each_round``: everyone with an
    initiative rolls it again (EQ-INIT-1) around the scene events' counts,
    ties settled by EQ-INIT-2; a summoned creature then takes its
    summoner's new value - 1 (EQ-INIT-4)."""
    summoned = {c.id for c in state.combatants if c.initiative is not None and c.summoner is not None and state.has(c.summoner)
                and state.combatant(c.summoner).initiative is not None and state.combatant(c.summoner).summoner is None}
    rolling = {c.id: enc.ruleset.initiative_modifier(c) for c in state.combatants if c.initiative is not None and c.id not in summoned}
    if not rolling:
        return state, ()
    events: list[ev.Event] = []
    values: dict[str, int] = {}
    by_id = {c.id: c for c in state.combatants}
    for result in roll_initiatives(rolling, enc.rng, enc.ruleset.initiative_sides, scene_events.scene_counts(state),
                                   enc.ruleset.settings.rolloff_die, enc.ruleset.settings.initiative_tie_reading):  # EQ-INIT-2 DEFAULTs, house rules
        values[result.key] = result.value
        events.append(ev.InitiativeRolled(result.key, by_id[result.key].name, result.roll, result.value, result.rolloff))
    taken = set(values.values()) | scene_events.scene_counts(state)
    for cid in summoned:
        summoner = by_id[cid].summoner
        assert summoner is not None, "a summoned creature names its summoner"
        value = summon_value(values[summoner], taken)
        values[cid] = value
        taken.add(value)
        events.append(ev.InitiativeSet(cid, by_id[cid].name, value, "EQ-INIT-4"))
    state = replace(state, combatants=tuple(replace(c, initiative=values[c.id]) if c.id in values else c for c in state.combatants))
    return state, tuple(events)


def waiting_in_round(enc: Table, state: EncounterState, cursor: int) -> Combatant | None:
    """Who acts after the current turn in this round, or ``None`` (the round
    is over): a creature moved up (``state.moved_up``) first, highest first,
    then the highest initiative at or below ``cursor``; never one that has
    acted or the current one (EQ-INIT-6)."""
    acted = set(state.acted)  # one set per turn: a tuple lookup per combatant would be quadratic
    moved_up = set(state.moved_up)
    order = state.order()
    # Without a creature moved up, nobody above the cursor may act: the search
    # starts at the cursor's place in the order (a binary search), not at its top.
    start = 0 if moved_up else state.order_from(cursor)
    return next((
        c for c in order[start:] if c.initiative is not None and (c.initiative <= cursor or c.id in moved_up)
        and c.id != state.current and c.id not in acted and takes_turn(enc, state, c)
    ), None)


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
    fixed = [c.initiative for c in state.combatants if c.initiative is not None and c.id != skip] + sorted(scene_events.scene_counts(state))
    events: list[ev.Event] = []
    by_id = {c.id: c for c in state.combatants}
    rolled: dict[str, int] = {}
    for result in roll_initiatives(unrolled, enc.rng, enc.ruleset.initiative_sides, fixed,
                                   enc.ruleset.settings.rolloff_die, enc.ruleset.settings.initiative_tie_reading):
        combatant = by_id[result.key]
        rolled[combatant.id] = result.value
        events.append(ev.InitiativeRolled(combatant.id, combatant.name, result.roll, result.value, result.rolloff))
    # one new tuple for everyone: replacing one by one cost a pass per combatant
    state = replace(state, combatants=tuple(replace(c, initiative=rolled[c.id]) if c.id in rolled else c for c in state.combatants))
    if starter is not None:
        value = starter_value([c.initiative for c in state.combatants if c.initiative is not None and c.id != starter.id])
        while value in scene_events.scene_counts(state):  # EQ-INIT-2: a scene event's count is taken
            value += 1
        state = state.replace_combatant(replace(state.combatant(starter.id), initiative=value))
        events.append(ev.InitiativeSet(starter.id, starter.name, value, "EQ-INIT-3"))
    state = replace(state, phase=Phase.COMBAT, preparing=None, acted=(), resuming=(), moved_up=(), boundaries=(), scene_fired=())
    first = next((c for c in state.order() if takes_turn(enc, state, c)), None)
    if first is None:
        raise IllegalCommand("nobody can take a turn")
    events.append(ev.PhaseChanged(Phase.COMBAT))
    events.append(ev.RoundStarted(1))
    state, opening = scene_events.fire_between(enc, state, None, first.initiative, 1)
    state, started = begin_turn(enc, state, first, 1, command.at)
    return state, (*events, *opening, *started)


def next_turn(enc: Table, state: EncounterState, command: cmd.NextTurn) -> Result:
    """End the current turn and begin the next; what that did by itself is
    recorded (:mod:`core.combat.boundary`) so that ``PreviousTurn`` can give it back."""
    require_combat(state)
    after, events = advance(enc, state, at=command.at, since=command.since)
    after, fired = reminders.fire_on_damage(state, after)  # trigger damage: "when damaged" reminders, recorded with the turn
    return boundary.push(after, boundary.record(state, after)), events + fired


def previous_turn(enc: Table, state: EncounterState, command: cmd.PreviousTurn) -> Result:
    """A GM correction: hand the turn back to the previous combatant. When
    a ``NextTurn`` began this turn, what it did by itself is given back
    (conditions that expired return with their counts, trigger damage and
    escalation are undone, budgets are as they were, EQ-ACT-1, TAC-EFF-1..4);
    what the GM did meanwhile stays. Otherwise (a delay, a removal, an old
    save) only the turn goes back."""
    require_combat(state)
    state, timed = close_turn(state, command.at, command.since)
    last = boundary.latest(state)
    if last is not None:
        state, notes = boundary.give_back(state, last)
        state = replace(state, acted=tuple(i for i in state.acted if state.has(i)))
        assert state.current is not None, "a turn given back is a turn of the fight"
        target = state.combatant(state.current)
        undone = tuple(ev.TurnEffectsUndone(cid, name, detail) for cid, name, detail in notes)
        return state, (*timed, *undone, ev.TurnReturned(state.round, target.id, target.name, command.at))  # last: the status line names whose turn it is
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
    return state, (*timed, ev.TurnReturned(round_, target.id, target.name, command.at))


def taken_initiatives(state: EncounterState, but: str = "") -> set[int]:
    """The initiative values combatants of ``state`` hold, ``but``'s aside,
    and the counts of its scene events (EQ-INIT-2: each is unique)."""
    return {c.initiative for c in state.combatants if c.initiative is not None and c.id != but} | scene_events.scene_counts(state)


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
    state, passed = advance(enc, state, run_end=False, mark_acted=False, at=command.at, since=command.since)
    return state, (ev.TurnDelayed(current.id, current.name, value), *passed)


HANDLERS = {
    cmd.StartCombat: start_combat,
    cmd.NextTurn: next_turn,
    cmd.PreviousTurn: previous_turn,
    cmd.DelayTurn: delay_turn,
}
