"""Reminders a GM attaches to a creature (see :mod:`core.values.trackers`).

A :class:`~core.values.trackers.Reminder` fires at the start or end of its
anchor's turn (each time), once after N rounds (counted as starts of the
anchor's turn, like :meth:`core.values.conditions.Duration.rounds`), or each time
its bearer loses hit points. Firing logs :class:`ReminderFired`; a reminder
with a check then has it due until :class:`RollReminder` rolls it (the
ruleset's check, with its odds offered by :mod:`core.offers.trackers`).

Turn hooks :func:`fire_at` and :func:`fire_on_damage` are pure: the turn
handlers call them and :mod:`core.combat.boundary` records what they changed, so
handing the turn back (``p``) gives it back and ``n`` fires it once again.
Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.values import limits as lim
from core.combat.commands import Command
from core.combat.event_base import Event
from core.errors import IllegalCommand
from core.combat.trackers.events import ReminderAdded, ReminderFired, ReminderRemoved
from core.values.trackers import MAX_ROUNDS, MAX_TEXT, MAX_TRACKED, Reminder, When
from core.combat import commands as cmd
from core.dice.notation import NotationError, parse_check

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.values.combatant import Combatant
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[Event, ...]]


@dataclass(frozen=True)
class AddReminder(Command):
    """Attach a reminder to ``combatant``: ``text`` (1..80 characters)
    fires ``when``; ``anchor`` is whose turn times it (a combatant id, ""
    for the bearer; ignored for ``DAMAGE``); ``rounds`` (1..1000) for
    ``ROUNDS``; ``stat`` a check of the ruleset offered when it fires ("":
    none) against ``difficulty`` (1..100, ``None``: the ruleset's default).
    Raises :class:`IllegalCommand`."""

    combatant: str
    text: str
    when: When
    anchor: str = ""
    rounds: int = 0
    stat: str = ""
    difficulty: int | None = None


@dataclass(frozen=True)
class RemoveReminder(Command):
    """Take reminder ``reminder`` (its id, ``r1``) off ``combatant``."""

    combatant: str
    reminder: str


@dataclass(frozen=True)
class RollReminder(Command):
    """Roll the due check of reminder ``reminder`` on ``combatant`` (the
    ruleset's check, as :class:`core.combat.commands.RollCheck`, its text the
    purpose); it is no longer due, and a spent "after N rounds" reminder goes."""

    combatant: str
    reminder: str


def _clean_text(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        raise IllegalCommand("say what to be reminded of")
    if len(text) > MAX_TEXT:
        raise IllegalCommand(f"a reminder has at most {MAX_TEXT} characters, not {len(text)}")
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise IllegalCommand("a reminder cannot hold control characters")
    return text


def _next_id(creature: Combatant) -> str:
    used = {r.id for r in creature.reminders}
    number = 1
    while f"r{number}" in used:
        number += 1
    return f"r{number}"


def find(creature: Combatant, reminder_id: str) -> Reminder:
    """The reminder ``reminder_id`` of ``creature``; raises :class:`IllegalCommand`."""
    found = next((r for r in creature.reminders if r.id == reminder_id), None)
    if found is None:
        raise IllegalCommand(f"{creature.name} has no reminder {reminder_id!r}")
    return found


def add(enc: Table, state: EncounterState, command: AddReminder) -> Result:
    creature = state.combatant(command.combatant)
    text = _clean_text(command.text)
    if len(creature.reminders) >= MAX_TRACKED:
        raise IllegalCommand(f"{creature.name} already carries {MAX_TRACKED} reminders: remove one first")
    anchor = creature.id if command.when is When.DAMAGE or not command.anchor else command.anchor
    anchored = state.combatant(anchor)
    rounds = 0
    if command.when is When.ROUNDS:
        if not 1 <= command.rounds <= MAX_ROUNDS:
            raise IllegalCommand(f"a reminder waits 1 to {MAX_ROUNDS} rounds, not {command.rounds}")
        rounds = command.rounds
    if command.stat and command.stat not in enc.ruleset.stat_names:
        raise IllegalCommand(f"unknown stat {command.stat!r}; use one of {', '.join(enc.ruleset.stat_names)}")
    if command.difficulty is not None and not 1 <= command.difficulty <= 100:
        raise IllegalCommand(f"difficulty must be between 1 and 100, not {command.difficulty}")
    if command.difficulty is not None and not command.stat:
        raise IllegalCommand("a difficulty needs a stat to check")
    reminder = Reminder(_next_id(creature), text, command.when, anchor, rounds, command.stat, command.difficulty)
    state = state.replace_combatant(replace(creature, reminders=creature.reminders + (reminder,)))
    return state, (ReminderAdded(creature.id, creature.name, reminder, anchored.name),)


def remove(enc: Table, state: EncounterState, command: RemoveReminder) -> Result:
    creature = state.combatant(command.combatant)
    gone = find(creature, command.reminder)
    state = state.replace_combatant(replace(creature, reminders=tuple(r for r in creature.reminders if r.id != gone.id)))
    return state, (ReminderRemoved(creature.id, creature.name, gone, "by the GM"),)


def roll(enc: Table, state: EncounterState, command: RollReminder) -> Result:
    from core.combat.scene import roll_check

    creature = state.combatant(command.combatant)
    reminder = find(creature, command.reminder)
    if not reminder.stat:
        raise IllegalCommand(f"the reminder {reminder.text!r} asks for no check")
    if not reminder.due:
        raise IllegalCommand(f"the check of {reminder.text!r} is not due: the reminder has not fired since its last roll")
    state, events = roll_check(enc, state, cmd.RollCheck(creature.id, reminder.stat, reminder.difficulty, purpose=reminder.text))
    creature = state.combatant(creature.id)
    kept = tuple(r for r in creature.reminders if r.id != reminder.id)
    if not reminder.spent:
        kept = tuple(replace(r, due=False) if r.id == reminder.id else r for r in creature.reminders)
    return state.replace_combatant(replace(creature, reminders=kept)), tuple(events)


def _fire(creature: Combatant, reminder: Reminder, why: str) -> tuple[Reminder | None, ReminderFired]:
    """The reminder after firing (``None``: it goes) and its event."""
    after: Reminder | None = replace(reminder, due=bool(reminder.stat))
    if reminder.when is When.ROUNDS and not reminder.stat:
        after = None
    return after, ReminderFired(creature.id, creature.name, after or reminder, why)


def fire_at(state: EncounterState, anchor: str, start: bool) -> Result:
    """Fire the reminders timed by the start (``start``) or the end of
    ``anchor``'s turn, on every creature; "after N rounds" ones count one
    down at each start and fire at 0. Returns the state and the events."""
    anchored = state.combatant(anchor)
    events: list[Event] = []
    for cid in state.reminded():  # only those with reminders (an index kept across states)
        creature = state.combatant(cid)
        if not any(r.anchor == anchor for r in creature.reminders):
            continue
        if creature.defeated:  # down or dead (e.g. its burning just felled it): nothing to remind of
            continue
        kept: list[Reminder] = []
        for reminder in creature.reminders:
            after: Reminder | None = reminder
            if reminder.anchor == anchor and reminder.when is When.ROUNDS and start and not reminder.spent:
                after = replace(reminder, rounds=reminder.rounds - 1)
                if after.rounds <= 0:
                    after, fired = _fire(creature, after, f"{_rounds(reminder)} passed: start of {anchored.name}'s turn")
                    events.append(fired)
            elif reminder.anchor == anchor and reminder.when is (When.START if start else When.END):
                after, fired = _fire(creature, reminder, f"{'start' if start else 'end'} of {anchored.name}'s turn")
                events.append(fired)
            if after is not None:
                kept.append(after)
        if tuple(kept) != creature.reminders:
            state = state.replace_combatant(replace(creature, reminders=tuple(kept)))
    return state, tuple(events)


def _rounds(reminder: Reminder) -> str:
    return "the rounds" if reminder.rounds <= 0 else f"{reminder.rounds} round{'s' if reminder.rounds != 1 else ''}"


def fire_on_damage(before: EncounterState, after: EncounterState) -> Result:
    """Fire the "when damaged" reminders of every creature that has fewer
    hit points (temporary ones included) in ``after`` than in ``before``."""
    events: list[Event] = []
    state = after
    for cid in after.reminded():  # only those with reminders (an index kept across states)
        creature = after.combatant(cid)
        if not any(r.when is When.DAMAGE for r in creature.reminders) or not before.has(creature.id):
            continue
        old = before.combatant(creature.id)
        lost = (old.hp + old.hp_temp) - (creature.hp + creature.hp_temp)
        if lost <= 0 or creature.defeated:  # a felled creature makes no concentration check
            continue
        kept: list[Reminder] = []
        for reminder in creature.reminders:
            if reminder.when is When.DAMAGE:
                fired_reminder, fired = _fire(creature, reminder, f"took {lost} damage")
                events.append(fired)
                reminder = fired_reminder or reminder
            kept.append(reminder)
        state = state.replace_combatant(replace(creature, reminders=tuple(kept)))
    return state, tuple(events)


def drop_anchor(state: EncounterState, leaver: Combatant) -> Result:
    """Reminders timed by ``leaver``'s turns go when it leaves the fight
    (as conditions do, DEFAULT)."""
    events: list[Event] = []
    for creature in state.combatants:
        gone = tuple(r for r in creature.reminders if r.anchor == leaver.id and creature.id != leaver.id)
        if gone:
            state = state.replace_combatant(replace(creature, reminders=tuple(r for r in creature.reminders if r not in gone)))
            events.extend(ReminderRemoved(creature.id, creature.name, r, f"{leaver.name} left the fight") for r in gone)
    return state, tuple(events)


def parse_text(text: str, stat_names: tuple[str, ...], rounds: bool = False) -> tuple[int, str, str, int | None]:
    """Read ``[N] TEXT [| STAT [DIFFICULTY]]`` as typed in the reminder
    dialog: ``N`` rounds first when ``rounds``; after ``|`` the check
    (a unique prefix of the stat is enough, see
    :func:`core.dice.notation.parse_check`). Returns ``(rounds, text, stat,
    difficulty)``; raises :class:`~core.dice.notation.NotationError` or
    :class:`IllegalCommand`."""
    body, bar, check = text.partition("|")
    words = body.split()
    count = 0
    if rounds:
        if not words or not lim.is_whole(words[0]):
            raise NotationError("start with the number of rounds, e.g. '3 the spell ends'")
        count = int(words.pop(0))
        if not 1 <= count <= MAX_ROUNDS:
            raise NotationError(f"a reminder waits 1 to {MAX_ROUNDS} rounds, not {count}")
    stat, difficulty = "", None
    if bar:
        request = parse_check(check, stat_names)
        if request.purpose:
            raise NotationError(f"after '|' type a stat and a difficulty, e.g. '{stat_names[0]} 12', not {request.purpose!r}")
        stat, difficulty = request.stat, request.difficulty
    return count, _clean_text(" ".join(words)), stat, difficulty


HANDLERS = {AddReminder: add, RemoveReminder: remove, RollReminder: roll}
