"""The party between encounters, and the bestiary's templates.

No rule ID covers these (the seeds are silent on campaigns): they are the
DEFAULTs the GM screen and the save have always used, in one place.

- :func:`between_encounters`: a member as it carries on into another fight;
- :func:`party_for_new_encounter`: the party-side combatants a new
  encounter on the same map starts with (places kept);
- :func:`party_after`: the party a finished encounter hands back to the
  campaign (places dropped);
- :func:`bestiary_template`: the template a combatant is saved as.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from core.values.combatant import ActionBudget, Combatant, Side

if TYPE_CHECKING:
    from core.combat.state import EncounterState

_NUMBER = re.compile(r"\s+\d+$")


def between_encounters(member: Combatant) -> Combatant:
    """``member`` carried into another fight: HP, conditions, resources and
    place kept, per-encounter uses back (:func:`core.combat.trackers.uses.refilled`);
    initiative, turn budget, the mount it rode and reminders timed by other
    creatures' turns dropped."""
    from core.combat.trackers.uses import refilled  # the limited uses' family: with the first creature carried over (start-up)

    return replace(
        refilled(member)[0], initiative=None, budget=ActionBudget(), mounted_on=None,
        reminders=tuple(r for r in member.reminders if r.anchor == member.id),
    )


def party_for_new_encounter(combatants: Iterable[Combatant]) -> tuple[Combatant, ...]:
    """The party-side ``combatants``, each :func:`between_encounters`, in
    order: who a new encounter on the same map starts with."""
    return tuple(between_encounters(c) for c in combatants if c.side is Side.PARTY)


def party_after(state: EncounterState, party: Container[str]) -> list[Combatant]:
    """Party members as ``state`` leaves them (:func:`between_encounters`),
    off the map. Members are ``party``'s ids and every party-side combatant."""
    return [replace(between_encounters(c), position=None) for c in state.combatants if c.id in party or c.side is Side.PARTY]


def bestiary_template(combatant: Combatant) -> Combatant:
    """The bestiary template ``combatant`` is saved as: its name without a
    trailing number (``Boar 2`` -> ``Boar``; a name that is only a number
    stays), full HP, no temporary HP, conditions, place, initiative or turn
    budget, alive."""
    base = _NUMBER.sub("", combatant.name).strip() or combatant.name
    return replace(
        combatant, name=base, hp=combatant.hp_max, position=None, initiative=None,
        budget=ActionBudget(), conditions=(), hp_temp=0, dead=False,
    )
