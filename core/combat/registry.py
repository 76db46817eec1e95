"""The command families every ruleset has, as data.

A command family is one module that declares ``HANDLERS``: command class ->
``handler(encounter, state, command) -> (state, events)``; its commands
and events are dataclasses below :class:`core.combat.commands.Command` and
:class:`core.combat.events.Event`. :data:`FAMILIES` lists the generic ones
once, by dotted path, so that naming them costs no import: the handlers
(and the movement search, geometry and rules they use) load on the first
applied command, the codec looks among them only for a tag the core does not
know. A ruleset's own families are its ``command_modules``
(:attr:`core.rulesets.base.Ruleset.command_modules`); an encounter handles
the generic families' commands and its ruleset's, and refuses the rest.

Adding a command: its class and handler in a family module, one entry in
that module's ``HANDLERS``. Adding a family: one more path here (or in a
ruleset's ``command_modules``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Events, Table

FAMILIES: tuple[str, ...] = (
    "core.combat.turns",  # initiative, turns, rounds (EQ-INIT, EQ-ACT)
    "core.combat.order_changes",  # creatures added, removed, reordered (EQ-INIT-2, -4, -5, -6)
    "core.combat.economy",  # actions, MP, contests
    "core.combat.resolution",  # HP, attacks, damage, conditions, poison
    "core.combat.scene",  # phases, checks, free rolls (EQ-SIT)
    "core.combat.sheet",  # the creature sheet
    "core.combat.mapedit",  # terrain and map size
    "core.combat.doors",  # doors, thin walls and windows on cell sides
    "core.combat.secrecy",  # hidden tokens, secret values
    "core.combat.player_turns",  # what players do from their own terminals, and who acted
    "core.combat.moving",  # Place and Move on the map (EQ-MAP, EQ-MOV)
    "core.combat.maneuvers.altitude",  # flying height
    "core.combat.maneuvers.jumps",  # EQ-MOV-6
    "core.combat.maneuvers.falls",  # EQ-FALL
    "core.combat.maneuvers.moves",  # squeeze, teleport, dig, forced moves, climbing a creature
    "core.combat.maneuvers.dropped",  # EQ-FALL-1 falling objects
    "core.combat.reactions",  # EQ-ACT-4 thrown items, defended attacks
    "core.combat.mounted.riding",  # mounting, riding (EQ-MNT-1..9)
    "core.combat.add_group",  # groups of creatures
    "core.combat.several_targets",  # several targets at once
    "core.combat.trackers.reminders",  # the GM's reminders
    "core.combat.trackers.uses",  # limited uses
    "core.combat.scene_events",  # lair actions, hazards, reinforcements on a count of the order
    "core.combat.tactics",  # how the forecast plays a creature
    "core.campaign.war.commands",  # mass battle (EQ-WAR)
    "core.campaign.energy",  # energy and held breath
    "core.campaign.lighting",  # light and weather (EQ-VIS)
    "core.campaign.breath_turns",  # breath in play, interrupted travel
    "core.campaign.timekeeping",  # the campaign clock
    "core.campaign.training_commands",  # animal training, ruses (EQ-ANI, EQ-TRK)
    "core.combat.house_rules",  # a house rule changed in play: an undo step
)
"""Dotted paths of the generic command families (each a module with ``HANDLERS``)."""

COMMAND_MODULES: tuple[str, ...] = ("core.combat.map_commands", "core.combat.maneuvers.commands", "core.combat.door_commands")
"""Generic modules of commands kept apart from :mod:`core.combat.commands`,
which names their classes too (resolved on first use)."""

EVENT_MODULES: tuple[str, ...] = ("core.combat.action_events", "core.combat.map_events", "core.combat.maneuvers.events")
"""Generic modules of events kept apart from :mod:`core.combat.events`,
which names their classes too (resolved on first use); the most used first
(a tag or name is looked for in this order)."""

Handler = Callable[["Table", "EncounterState", Any], tuple["EncounterState", "Events"]]
"""``handler(table, state, command) -> (state, events)``; the command is the
handler's own class (``Any`` here: each handler takes a narrower one)."""


def handlers_of(modules: Iterable[str]) -> dict[type, Handler]:
    """Command class -> handler, from the ``HANDLERS`` of ``modules`` (imported
    now; a module of commands or events only declares none).

    Raises :class:`LookupError` naming a command two of them claim."""
    found: dict[type, Handler] = {}
    owner: dict[type, str] = {}
    for path in modules:
        module = importlib.import_module(path)
        declared: dict[type, Handler] = getattr(module, "HANDLERS", {})
        for command, handler in declared.items():
            if command in found:
                raise LookupError(f"{command.__name__} is handled by both {owner[command]} and {path}")
            found[command] = handler
            owner[command] = path
    return found


def names_from(owner: str, modules: tuple[str, ...]) -> Callable[[str], type]:
    """A PEP 562 module ``__getattr__`` for module ``owner`` (a dotted path):
    a name it does not define is looked up among the classes defined in
    ``modules``, imported on that first use, and kept as an ordinary
    attribute of ``owner`` from then on; else :class:`AttributeError`."""

    def resolve(name: str) -> type:
        for path in () if name.startswith("_") else modules:  # the import system asks for __path__ and others
            value = vars(importlib.import_module(path)).get(name)
            if isinstance(value, type) and value.__module__ == path:
                setattr(sys.modules[owner], name, value)
                return value
        raise AttributeError(f"module {owner!r} has no attribute {name!r}")

    return resolve


def load(modules: Iterable[str]) -> None:
    """Import ``modules`` (so that their command and event classes exist)."""
    for path in modules:
        importlib.import_module(path)
