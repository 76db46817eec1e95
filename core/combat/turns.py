"""Handlers for turn order: initiative variants, turns, rounds, who takes part.

Rules EQ-INIT-1..6, EQ-MNT-1, EQ-ACT-1 (refresh at the start of one's own
turn), TAC-EFF-1..4 (start/end triggers). The order never skips, repeats or
reverses: a round remembers who has ``acted`` and a ``cursor`` (the
initiative at which the current turn began); the next turn is the highest
initiative at or below the cursor that has not acted. A creature the GM
moves above the cursor before it acted (``moved_up``) keeps its turn this
round: it acts right after the current one, highest first, and the cursor
stays where it was. A creature added above the cursor acts from the next
round (DEFAULT, logged). Handlers are
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
from core.values import limits as lim
from core.combat.trackers import reminders, uses
from core.combat import scene_events
from core.combat.turn_times import close_turn
from core.combat.upcoming import takes_turn as takes_turn  # named here too: callers of the turn order import it with it
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


def advance(enc: Table, state: EncounterState, *, run_end: bool = True, mark_acted: bool = True, at: float | None = None) -> Result:
    """Pass the turn on from the current combatant (see module doc); the
    scene events whose counts the order passes fire on the way
    (:func:`core.combat.scene_events.fire_between`), and with the
    ``reroll_initiative_each_round`` house rule a new round re-rolls
    everyone's initiative first (EQ-INIT-1, ties by EQ-INIT-2)."""
    current = require_combat(state)
    state, timed = close_turn(state, at)
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
    return next((
        c for c in state.order()
        if c.initiative is not None and (c.initiative <= cursor or c.id in moved_up)
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
    after, events = advance(enc, state, at=command.at)
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
    state, timed = close_turn(state, command.at)
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
    state, passed = advance(enc, state, run_end=False, mark_acted=False, at=command.at)
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
