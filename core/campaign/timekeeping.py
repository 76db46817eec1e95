"""The encounter's in-game clock in play (rules EQ-DAY-3,
EQ-ANI-1, EQ-TRV-2).

The clock lives on the encounter (``EncounterState.clock``, seconds since
day 1, 00:00), like the battle and the light: it is saved, logged and
undone with everything else. During a fight it is not advanced turn by
turn: the time shown is the clock plus 10 s per round already over
(:func:`now_seconds`), so handing a turn back (``p``) takes the time back
too; when the fight ends its rounds are added to the clock
(:func:`fold_fight`). The GM advances it by minutes, hours or days and the
travel planner by days of march (:class:`AdvanceClock`). Passing time
trains animals (a day of training per in-game day crossed, EQ-ANI-1) and
dries weapon poison (10 minutes at most, EQ-DAY-3, counted in rounds of
10 s on the coating).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from core.values.clock import DAY, HOUR, MINUTE, ROUND_SECONDS, Clock, clock_label, now_seconds  # noqa: F401 (clock_label: where callers look)
from core.combat.commands import Command
from core.errors import IllegalCommand
from core.combat.events import CoatingEnded, Event
from core.campaign.time_events import ClockAdvanced, TrainingProgressed
from core.campaign.training import TrainingSettings, train

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

#: The longest single advance, in seconds (about ten years): a typo guard.
MAX_ADVANCE = 3650 * DAY


@dataclass(frozen=True)
class AdvanceClock(Command):
    """Move the in-game clock on by ``seconds`` (> 0, at most
    :data:`MAX_ADVANCE`); ``reason`` for the log (``travel: 3 days``)."""

    seconds: int
    reason: str = ""


def parse_span(text: str) -> int:
    """Seconds in ``text`` such as ``10m``, ``2h 30m``, ``3d``, ``5r``
    (rounds of 10 s), ``45s``; raises :class:`IllegalCommand` on anything else."""
    units = {"s": 1, "r": ROUND_SECONDS, "m": MINUTE, "h": HOUR, "d": DAY}
    total, words = 0, text.lower().replace(",", " ").split()
    if not words:
        raise IllegalCommand("type a span of time: 10m, 2h, 3d, 5r (rounds) or 45s")
    for word in words:
        number, unit = word[:-1], word[-1:]
        if unit not in units or not number.isdigit() or len(number) > 7:
            raise IllegalCommand(f"{word!r} is not a span of time: use 10m, 2h, 3d, 5r (rounds) or 45s")
        total += int(number) * units[unit]
    return total


def pass_time(state: EncounterState, before: int, after: int, settings: TrainingSettings = TrainingSettings()) -> tuple[EncounterState, tuple[Event, ...]]:
    """What time from ``before`` to ``after`` (seconds) does by itself:
    each animal in training gets one day per midnight crossed (EQ-ANI-1)."""
    days = after // DAY - before // DAY
    if days <= 0 or not state.trainings:
        return state, ()
    events: list[Event] = []
    trainings = []
    for training in state.trainings:
        if training.done(settings):
            trainings.append(training)
            continue
        later = train(training, days, settings)
        trainings.append(later)
        events.append(TrainingProgressed(later.animal, later.trick, later.days - training.days, later.days, later.needed(settings), later.done(settings)))
    return replace(state, trainings=tuple(trainings)), tuple(events)


def _dry_coatings(state: EncounterState, seconds: int) -> tuple[EncounterState, tuple[Event, ...]]:
    """EQ-DAY-3: weapon poison loses a round per 10 s and dries at 0."""
    rounds = seconds // ROUND_SECONDS
    events: list[Event] = []
    if rounds <= 0:
        return state, ()
    for creature in state.combatants:
        if not creature.coatings:
            continue
        kept = tuple(replace(k, rounds_left=k.rounds_left - rounds) for k in creature.coatings if k.rounds_left > rounds)
        for gone in (k for k in creature.coatings if k.rounds_left <= rounds):
            events.append(CoatingEnded(creature.id, creature.name, gone.weapon, "dried: at most 10 minutes (EQ-DAY-3)"))
        state = state.replace_combatant(replace(creature, coatings=kept))
    return state, tuple(events)


def advance_clock(enc: Table, state: EncounterState, command: AdvanceClock) -> tuple[EncounterState, tuple[Event, ...]]:
    """Handler of :class:`AdvanceClock`: the clock moves on, trainings
    progress by the days crossed, weapon poison dries. Raises
    :class:`IllegalCommand` for a span of 0, negative or over ten years."""
    if command.seconds <= 0:
        raise IllegalCommand(f"time only runs forward: advance by more than 0 seconds, not {command.seconds}; undo to take it back")
    if command.seconds > MAX_ADVANCE:
        raise IllegalCommand(f"advance at most {MAX_ADVANCE // DAY} days at once")
    before = now_seconds(state)
    state = replace(state, clock=state.clock.advance(seconds=command.seconds))
    events: list[Event] = [ClockAdvanced(before, before + command.seconds, command.reason.strip())]
    state, trained = pass_time(state, before, before + command.seconds, enc.ruleset.settings_for(TrainingSettings))
    state, dried = _dry_coatings(state, command.seconds)
    return state, (*events, *trained, *dried)


def fold_fight(state: EncounterState, settings: TrainingSettings = TrainingSettings()) -> tuple[EncounterState, tuple[Event, ...]]:
    """At the end of a fight of ``state.round`` rounds: the clock takes
    them (10 s each) and animals in training get any day crossed."""
    if state.round <= 0:
        return state, ()
    before = now_seconds(state)
    seconds = state.round * ROUND_SECONDS
    after = state.clock.seconds + seconds
    state = replace(state, clock=Clock(after))
    state, trained = pass_time(state, before, after, settings)
    return state, (ClockAdvanced(before, after, f"the fight: {state.round} round{'s' if state.round != 1 else ''}"), *trained)


HANDLERS = {AdvanceClock: advance_clock}
