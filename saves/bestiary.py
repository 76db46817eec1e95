"""Creatures from bestiary templates: names numbered, ids stable.

Adding three boars to an encounter gives ``Boar 1``, ``Boar 2``, ``Boar 3``
with ids ``boar-1``, ``boar-2``, ``boar-3``; more later continue the count
(``Boar 4``). The id never changes, so renaming a creature keeps its
identity and its log history (events carry the id).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from core.combatant import ActionBudget, Combatant
from saves.sanitize import clean_name


def _slug(name: str) -> str:
    slug = re.sub(r"[^0-9a-z]+", "-", name.lower()).strip("-")
    return slug or "creature"


def spawn(template: Combatant, count: int, present: Iterable[Combatant]) -> list[Combatant]:
    """``count`` fresh creatures from ``template`` (full HP, no place or
    initiative), numbered after those of the same template in ``present``.
    A single creature of a template not yet present keeps the plain name."""
    if count < 1:
        return []
    base = clean_name(template.name) or "Creature"
    slug = _slug(base)
    present = list(present)
    ids = {c.id for c in present}
    pattern = re.compile(rf"^{re.escape(base)}(?: (\d+))?$")
    used = [int(m.group(1) or 1) for m in (pattern.match(c.name) for c in present) if m]
    used += [int(m.group(1)) for m in (re.match(rf"^{re.escape(slug)}-(\d+)$", i) for i in ids) if m]
    number = max(used, default=0)
    numbered = count > 1 or bool(used)
    out = []
    for _ in range(count):
        number += 1
        while f"{slug}-{number}" in ids:
            number += 1
        ids.add(f"{slug}-{number}")
        out.append(
            replace(
                template,
                id=f"{slug}-{number}",
                name=f"{base} {number}" if numbered else base,
                hp=template.hp_max,
                position=None,
                initiative=None,
                budget=ActionBudget(),
                mounted_on=None,
                summoner=None,
            )
        )
    return out


def party_after(state, party: dict) -> list[Combatant]:
    """Party members as ``state`` (an :class:`EncounterState`) leaves them:
    HP, conditions and resources kept; place, initiative and turn budget
    dropped. Members are ``party``'s ids and every party-side combatant."""
    return [
        replace(c, position=None, initiative=None, budget=ActionBudget(), mounted_on=None)
        for c in state.combatants
        if c.id in party or c.side.value == "party"
    ]
