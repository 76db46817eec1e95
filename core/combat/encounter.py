"""The encounter aggregate: combatants on a map, the round and whose turn.

State is an immutable :class:`~core.combat.state.EncounterState`;
:class:`Encounter` changes it only through :meth:`Encounter.apply`, which
validates a command, computes the next state and returns the events for the
log. A refused command raises a :class:`~core.errors.RulesError` subclass
and changes nothing. Undo and redo are the campaign's (``saves``): one
persisted history of states, one step per applied command; the encounter
keeps none of its own.

The handlers live by command family (:mod:`core.combat.registry`): the
generic families and the ruleset's own ``command_modules``; each is
``handler(encounter, state, command) -> (state, events)``. After a handler,
:data:`AFTER_APPLY` runs in order.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from core.combat import registry
from core.combat.state import EncounterState, Events
from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.values.last_roll import note_rolls
from core.rulesets.base import Ruleset
from core.combat.turn_commands import NextTurn
from core.combat.fight_end import FightDecided, decided

if TYPE_CHECKING:
    from core.combat import commands as cmd
    from core.combat.registry import Handler

AfterApply = Callable[["Encounter", EncounterState, EncounterState, "cmd.Command", Events], tuple[EncounterState, Events]]


@cache
def handlers() -> dict[type, Handler]:
    """Command type -> ``handler(encounter, state, command)`` of every generic
    family (:data:`core.combat.registry.FAMILIES`).

    Built on the first :meth:`Encounter.apply`: the handler modules (and the
    commands, movement search, geometry they use) are not needed to open and
    show an encounter, and importing them costs ~30 ms (mostly dataclass creation)."""
    return registry.handlers_of(registry.FAMILIES)


@cache
def ruleset_handlers(ruleset: type[Ruleset]) -> dict[type, Handler]:
    """The generic handlers and those of ``ruleset``'s own ``command_modules``."""
    own = registry.handlers_of(ruleset.command_modules)
    generic = handlers()
    clash = sorted(c.__name__ for c in own if c in generic)
    if clash:
        raise LookupError(f"{ruleset.id} handles generic commands again: {', '.join(clash)}")
    return {**generic, **own}


def _fire_reminders(enc: Encounter, before: EncounterState, after: EncounterState, command: cmd.Command, events: Events) -> tuple[EncounterState, Events]:
    """"When damaged" reminders (NextTurn fires them itself, inside its turn boundary)."""
    from core.combat.trackers.reminders import fire_on_damage  # a handler module: loaded with the handlers

    if isinstance(command, NextTurn):
        return after, events
    after, fired = fire_on_damage(before, after)
    return after, (*events, *fired)


def _note_rolls(enc: Encounter, before: EncounterState, after: EncounterState, command: cmd.Command, events: Events) -> tuple[EncounterState, Events]:
    """The last check or attack roll, for what follows a critical (EQ-CHK-6)."""
    return note_rolls(after, events), events


def _note_fight_end(enc: Encounter, before: EncounterState, after: EncounterState, command: cmd.Command, events: Events) -> tuple[EncounterState, Events]:
    """:class:`core.combat.fight_end.FightDecided` once, when this command left one side all down (EQ-SIT-3)."""
    down = decided(after)
    if down is None or decided(before) is down:
        return after, events
    return after, (*events, FightDecided(down, after.round))


AFTER_APPLY: list[AfterApply] = [_fire_reminders, _note_rolls, _note_fight_end]
"""What runs after every handler, in order: ``hook(encounter, before, after, command, events) -> (after, events)``."""


def _words(name: str) -> str:
    """``FiveFootStep`` -> ``five foot step``."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


class Encounter:
    """The one place where an encounter changes.

    ``Encounter(state, ruleset, rng)``: ``rng`` (a ``random.Random``) rolls
    every die; tests pass a seeded one.
    """

    def __init__(self, state: EncounterState, ruleset: Ruleset, rng: random.Random | None = None) -> None:
        self.state = state
        self.ruleset = ruleset
        self.rng = rng if rng is not None else random.Random()
        self._handlers: dict[type, Handler] | None = None

    # -- the one way in ---------------------------------------------------
    def apply(self, command: cmd.Command) -> Events:
        """Validate and apply ``command``; returns the events it caused.

        Raises :class:`~core.errors.RulesError` (nothing changes) when the
        command is not allowed now.
        """
        if self._handlers is None:  # the first command loads the handler modules, see handlers()
            self._handlers = ruleset_handlers(type(self.ruleset))  # type: ignore[arg-type]  # a class is hashable; mypy takes type[X] for not (python/mypy#11470)
        handler = self._handlers.get(type(command))
        if handler is None:
            raise IllegalCommand(f"{self.ruleset.id} has no {_words(type(command).__name__)} ({type(command).__name__})")
        before = self.state
        new_state, events = handler(self, before, command)
        events = tuple(events)
        for hook in AFTER_APPLY:
            new_state, events = hook(self, before, new_state, command, events)
        self.state = new_state
        return tuple(events)

    # -- queries ------------------------------------------------------------
    @property
    def current(self) -> Combatant | None:
        return self.state.combatant(self.state.current) if self.state.current else None

    # -- what follows, for the handlers ---------------------------------------
    # Hit points and conditions (core.combat.resolution) are applied by the
    # falls and the riding rules too, and their consequences are falls and
    # riding checks: the encounter joins them, so that no handler module
    # imports another one that imports it back.
    def after_hurt(self, state: EncounterState, target_id: str) -> tuple[EncounterState, Events]:
        """A ridden mount took damage: its rider's Riding check (EQ-MNT-1)."""
        from core.combat.mounted.riding import after_hurt  # a handler module: loaded with the handlers

        state, due = after_hurt(self, state, target_id)
        return state, tuple(due)

    def after_condition(self, state: EncounterState, target_id: str, name: str) -> tuple[EncounterState, Events]:
        """What a new condition ``name`` causes beyond itself: a flier or
        climber falls (PR-MOV-5, PR-CLB-2); a rider or mount knocked prone
        owes a Riding check (EQ-MNT-5)."""
        from core.combat.maneuvers.falls import after_condition  # handler modules: loaded with the handlers
        from core.combat.mounted.riding import after_knocked

        state, fell = after_condition(self, state, target_id, name)
        if name == "prone" and state.has(target_id):
            state = after_knocked(self, state, target_id, name)
        return state, tuple(fell)

