"""Creatures from bestiary templates: names numbered, ids stable.

Adding three boars to an encounter gives ``Boar 1``, ``Boar 2``, ``Boar 3``
with ids ``boar-1``, ``boar-2``, ``boar-3``; more later continue the count
(``Boar 4``). The id never changes, so renaming a creature keeps its
identity and its log history (events carry the id).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from core.values.combatant import ActionBudget, Combatant
from core.combat.groups import fresh, numbered
from saves.sanitize import clean_name


def spawn(template: Combatant, count: int, present: Iterable[Combatant]) -> list[Combatant]:
    """``count`` fresh creatures from ``template`` (full HP, no place or
    initiative), numbered after those of the same template in ``present``
    (:func:`core.combat.groups.numbered`). A single creature of a template not yet
    present keeps the plain name. Hit points are the template's: adding
    through :class:`core.combat.groups.AddGroup` rolls a template's ``hp_dice``."""
    if count < 1:
        return []
    base = clean_name(template.name) or "Creature"
    return [fresh(template, cid, name, template.hp_max) for cid, name in numbered(base, count, present)]


def party_after(state, party: dict) -> list[Combatant]:
    """Party members as ``state`` (an :class:`EncounterState`) leaves them:
    HP, conditions and resources (limited uses too) kept, per-encounter uses
    back (:func:`core.combat.trackers.uses.refilled`, the encounter is over); place,
    initiative, turn budget and reminders timed by other creatures' turns
    dropped. Members are ``party``'s ids and every party-side combatant."""
    from core.combat.trackers.uses import refilled

    return [
        replace(
            refilled(c)[0], position=None, initiative=None, budget=ActionBudget(), mounted_on=None,
            reminders=tuple(r for r in c.reminders if r.anchor == c.id),
        )
        for c in state.combatants
        if c.id in party or c.side.value == "party"
    ]
