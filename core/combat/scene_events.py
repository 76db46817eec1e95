"""Scene events on the initiative count: adding, editing, removing, firing.

A :class:`core.values.scene_events.SceneEvent` is a row of the order that
is no creature. Its count is unique among the creatures' initiatives and
the other scene events' (EQ-INIT-2); :func:`fire_between` fires the due
ones the order passes between two turns, highest count first, called by
the turn order (:mod:`core.combat.turns`) so that firing logs, saves and
undoes with the turn change that passed the count. Handlers are
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat.commands import AddSceneEvent, EditSceneEvent, RemoveSceneEvent
from core.combat.event_base import Event
from core.combat.events import SceneEventAdded, SceneEventFired, SceneEventRemoved
from core.dice.rolls import parse, roll
from core.errors import IllegalCommand
from core.values import limits as lim
from core.combat.upcoming import count_holder
from core.values.scene_events import SceneEvent, SceneFiring

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[Event, ...]]

MAX_SCENE_EVENTS = 30
"""Scene events one encounter holds at most."""

MAX_SCENE_TEXT = 400
"""Characters of a scene event's text or area at most."""


# -- queries --------------------------------------------------------------------
def scene_counts(state: EncounterState, but: str = "") -> set[int]:
    """The counts scene events of ``state`` hold, ``but``'s aside (EQ-INIT-2: no creature takes them)."""
    return {s.initiative for s in state.scene_events if s.id != but}


def scene_event(state: EncounterState, scene_id: str) -> SceneEvent:
    """The scene event ``scene_id``; raises :class:`IllegalCommand` naming the ids there are."""
    for found in state.scene_events:
        if found.id == scene_id:
            return found
    have = ", ".join(s.id for s in state.scene_events) or "none"
    raise IllegalCommand(f"there is no scene event {scene_id!r} (there are: {have})")


def _check(state: EncounterState, event: SceneEvent) -> None:
    if not event.name.strip() or len(event.name) > lim.MAX_NAME:
        raise IllegalCommand(f"a scene event's name has 1 to {lim.MAX_NAME} characters, not {len(event.name.strip())}")
    for label, text in (("name", event.name), ("text", event.text), ("area", event.area), ("dice", event.dice)):
        if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
            raise IllegalCommand(f"a scene event's {label} cannot hold control characters")
        if len(text) > MAX_SCENE_TEXT:
            raise IllegalCommand(f"a scene event's {label} has at most {MAX_SCENE_TEXT} characters")
    if abs(event.initiative) >= 10**lim.MAX_NUMBER_DIGITS:
        raise IllegalCommand(f"a count has at most {lim.MAX_NUMBER_DIGITS} digits", "EQ-INIT-5")
    if not 1 <= event.first_round < 10**lim.MAX_NUMBER_DIGITS:
        raise IllegalCommand(f"the first round is 1 or more, not {event.first_round}")
    if event.dice.strip():
        parse(event.dice)  # a DiceError says what is wrong with them
    holder = count_holder(state, event.initiative, but=event.id)
    if holder is not None:
        raise IllegalCommand(f"count {event.initiative} is {holder}; initiatives are unique", "EQ-INIT-2")


# -- handlers -------------------------------------------------------------------
def add_scene_event(enc: Table, state: EncounterState, command: AddSceneEvent) -> Result:
    new = replace(command.scene_event, name=command.scene_event.name.strip(), dice=command.scene_event.dice.strip())
    if any(s.id == new.id for s in state.scene_events):
        raise IllegalCommand(f"a scene event with id {new.id!r} already exists")
    if len(state.scene_events) >= MAX_SCENE_EVENTS:
        raise IllegalCommand(f"an encounter has at most {MAX_SCENE_EVENTS} scene events")
    _check(state, new)
    return replace(state, scene_events=state.scene_events + (new,)), (SceneEventAdded(new),)


def edit_scene_event(enc: Table, state: EncounterState, command: EditSceneEvent) -> Result:
    scene_event(state, command.scene_event.id)
    new = replace(command.scene_event, name=command.scene_event.name.strip(), dice=command.scene_event.dice.strip())
    _check(state, new)
    kept = tuple(new if s.id == new.id else s for s in state.scene_events)
    return replace(state, scene_events=kept), (SceneEventAdded(new, edited=True),)


def remove_scene_event(enc: Table, state: EncounterState, command: RemoveSceneEvent) -> Result:
    gone = scene_event(state, command.scene_id)
    kept = tuple(s for s in state.scene_events if s.id != gone.id)
    return replace(state, scene_events=kept), (SceneEventRemoved(gone.id, gone.name),)


def fire_between(enc: Table, state: EncounterState, high: int | None, low: int | None, round_: int) -> Result:
    """Fire the scene events due in ``round_`` whose count the order passes
    going down from ``high`` (exclusive; ``None``: the top of the round) to
    ``low`` (exclusive; ``None``: the end of the round), highest first; each
    rolls its dice with the encounter's ``rng``. One that fired in
    ``round_`` already (the turn change was handed back with ``p``, which
    gives back what it did to creatures, not what the dice said) fires
    ``again`` with the roll it made then: no new dice. ``state.scene_fired``
    keeps the firings of ``round_`` and the round before."""
    passed = sorted(
        (s for s in state.scene_events
         if s.due(round_) and (high is None or s.initiative < high) and (low is None or s.initiative > low)),
        key=lambda s: -s.initiative,
    )
    events: list[Event] = []
    if not passed:
        return state, ()
    earlier = {(f.scene_id, f.round): f for f in state.scene_fired}
    kept = [f for f in state.scene_fired if f.round >= round_ - 1]
    for fired in passed:
        before = earlier.get((fired.id, round_))
        if before is not None:
            events.append(SceneEventFired(fired, round_, before.roll, again=True))
            continue
        dice = roll(fired.dice, enc.rng) if fired.dice else None
        events.append(SceneEventFired(fired, round_, dice))
        kept.append(SceneFiring(fired.id, round_, dice))
    return replace(state, scene_fired=tuple(kept)), tuple(events)


HANDLERS = {
    AddSceneEvent: add_scene_event,
    EditSceneEvent: edit_scene_event,
    RemoveSceneEvent: remove_scene_event,
}
