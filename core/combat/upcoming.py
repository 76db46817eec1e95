"""Who takes part in the order and who is next: queries, no rule applied.

:func:`takes_turn` (who gets a turn) and :func:`next_up` (whose turn a
next-turn key would begin) read a state and change nothing, so the
tracker and the players' views ask them on every repaint without loading
the turn handlers (:mod:`core.combat.turns` applies the same order).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.combat.state import EncounterState, TableView
    from core.rulesets.base import Ruleset
    from core.values.combatant import Combatant


@dataclass(frozen=True)
class ReadTable:
    """A ruleset and a state to read outside an encounter (a players' view
    reading the file): what :func:`next_up` and :func:`takes_turn` ask."""

    ruleset: Ruleset
    state: EncounterState


def takes_turn(enc: TableView, state: EncounterState, combatant: Combatant) -> bool:
    """Rolled, alive, not defeated (when the ruleset skips them) and not a
    mount being ridden (EQ-MNT-1: it shares its rider's turn)."""
    if combatant.initiative is None or combatant.dead:
        return False
    if combatant.defeated and enc.ruleset.settings.skip_defeated:
        return False
    return combatant.id not in state.ridden()


def next_up(enc: TableView, state: EncounterState) -> Combatant | None:
    """The creature whose turn the next ``NextTurn`` begins (EQ-INIT-2's
    order): the highest initiative below the cursor that has not acted,
    else the first of the next round; ``None`` before combat, when nobody
    else can take a turn, or when the next round's order is re-rolled
    (the ``reroll_initiative_each_round`` house rule: nobody knows yet)."""
    if state.round == 0 or state.current is None or not state.has(state.current):
        return None
    current = state.combatant(state.current)
    cursor = state.cursor if state.cursor is not None else current.initiative
    if cursor is None:
        return None
    acted = set(state.acted) | {current.id}
    order = state.order()
    for c in order[state.order_from(cursor):]:  # those above the cursor never qualify: from its place on (a binary search)
        if c.initiative is not None and c.initiative <= cursor and c.id not in acted and takes_turn(enc, state, c):
            return c
    if enc.ruleset.settings.reroll_initiative_each_round:
        return None
    first = next((c for c in order if takes_turn(enc, state, c)), None)
    return None if first is None or first.id == current.id else first


def count_holder(state: EncounterState, count: int, but: str = "") -> str | None:
    """Who holds initiative ``count`` (a creature's name, or a scene event's
    but scene event ``but``): ``None`` when it is free (EQ-INIT-2: each is unique)."""
    for c in state.combatants:
        if c.initiative == count:
            return f"{c.name}'s initiative"
    for event in state.scene_events:
        if event.initiative == count and event.id != but:
            return f"{event.name}'s"
    return None
