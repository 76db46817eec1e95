"""What a turn change did by itself, so that handing the turn back undoes it.

:func:`core.combat.turns.next_turn` ends one turn and begins the next; on the way,
durations count down and expire, start and end triggers deal damage and
escalate (TAC-EFF-1 burning, TAC-EFF-4 poisoned), weapon poison dries
(EQ-DAY-3), the new combatant's actions refresh (EQ-ACT-1), the GM's
reminders fire or count down and limited uses come back or roll their
recharge die. A
:class:`TurnBoundary` records those automatic effects, per combatant, as
they were before and after. :func:`give_back` takes them back out of a
later state while keeping what the GM did since: conditions that expired
come back with their counts, damage from triggers is returned, escalation
levels go back, the budget is as it was, reminders and uses are as they
were; a condition (or reminders, uses) the GM changed in the meantime
stays as the GM left it.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import is_not
from dataclasses import dataclass
from core.values.frozen import replace
from typing import TYPE_CHECKING

from core.campaign.breath import HeldBreath
from core.values.combatant import ActionBudget, Combatant
from core.values.conditions import Coating, Condition
from core.values.trackers import LimitedUse, Reminder

if TYPE_CHECKING:
    from core.combat.state import EncounterState

#: How many turn changes ``p`` can hand back (older records are dropped).
KEPT_BOUNDARIES = 64


@dataclass(frozen=True)
class CombatantChange:
    """One combatant before and after the automatic effects of a turn change."""

    id: str
    conditions_before: tuple[Condition, ...]
    conditions_after: tuple[Condition, ...]
    hp_before: int
    hp_after: int
    hp_temp_before: int
    hp_temp_after: int
    dead_before: bool
    dead_after: bool
    budget_before: ActionBudget
    budget_after: ActionBudget
    coatings_before: tuple[Coating, ...] = ()
    coatings_after: tuple[Coating, ...] = ()
    # held breath's ЭНЕР loss at a turn start (EQ-BRE-1, core.campaign.breath_turns)
    energy_before: int = 0
    energy_after: int = 0
    breath_before: HeldBreath | None = None
    breath_after: HeldBreath | None = None
    reminders_before: tuple[Reminder, ...] = ()  # reminders fired or counted down
    reminders_after: tuple[Reminder, ...] = ()
    uses_before: tuple[LimitedUse, ...] = ()  # per-round uses back, recharge dice
    uses_after: tuple[LimitedUse, ...] = ()


@dataclass(frozen=True)
class TurnBoundary:
    """A turn change: the turn fields before it (``round``, ``current``,
    ``cursor``, ``acted``, ``resuming``), the turn it began (``to_round``,
    ``to_current``) and what it did to each combatant (``changes``)."""

    round: int
    current: str | None
    cursor: int | None
    acted: tuple[str, ...]
    resuming: tuple[str, ...]
    to_round: int
    to_current: str | None
    changes: tuple[CombatantChange, ...] = ()


def record(before: EncounterState, after: EncounterState) -> TurnBoundary:
    """The boundary from ``before`` to ``after`` (states around one turn
    change): a :class:`CombatantChange` for each creature whose recorded
    fields differ, none for the others."""
    changes = []
    olds: Iterable[Combatant] = before.combatants
    if len(before.combatants) == len(after.combatants):  # a turn change keeps most of a crowd: only those not the same object, found in C
        olds = compress(before.combatants, map(is_not, before.combatants, after.combatants))
    for old in olds:
        if not after.has(old.id):
            continue
        new = after.combatant(old.id)
        if new is old:  # a turn change keeps the creatures it did not touch: most of a crowd, no field compared
            continue
        if (old.conditions, old.hp, old.hp_temp, old.dead, old.budget, old.coatings, old.energy, old.breath, old.reminders, old.uses) == (
            new.conditions, new.hp, new.hp_temp, new.dead, new.budget, new.coatings, new.energy, new.breath, new.reminders, new.uses
        ):
            continue
        changes.append(CombatantChange(
            old.id, old.conditions, new.conditions, old.hp, new.hp, old.hp_temp, new.hp_temp, old.dead, new.dead,
            old.budget, new.budget, old.coatings, new.coatings, old.energy, new.energy, old.breath, new.breath,
            old.reminders, new.reminders, old.uses, new.uses,
        ))
    return TurnBoundary(
        before.round, before.current, before.cursor, before.acted, before.resuming, after.round, after.current, tuple(changes)
    )


def push(state: EncounterState, boundary: TurnBoundary) -> EncounterState:
    """``state`` with ``boundary`` on top of its stack (at most :data:`KEPT_BOUNDARIES`)."""
    return replace(state, boundaries=(state.boundaries + (boundary,))[-KEPT_BOUNDARIES:])


def latest(state: EncounterState) -> TurnBoundary | None:
    """The boundary that began the current turn, or ``None`` (the turn began
    otherwise: combat started, a delay, a removal, an old save)."""
    if not state.boundaries:
        return None
    top = state.boundaries[-1]
    if top.to_round == state.round and top.to_current == state.current and state.has(top.current or ""):
        return top
    return None


def _merge_conditions(now: tuple[Condition, ...], before: tuple[Condition, ...], after: tuple[Condition, ...]) -> tuple[Condition, ...]:
    """``now`` with each condition the boundary changed set back to how it
    was before, unless the GM changed it since (then it stays)."""
    was = {c.name: c for c in before}
    became = {c.name: c for c in after}
    result = list(now)
    for name in dict.fromkeys([*was, *became]):
        current = next((c for c in result if c.name == name), None)
        if current != became.get(name):
            continue  # the GM changed it since: theirs stays
        if current is not None:
            result.remove(current)
        if name in was:
            result.append(was[name])
    order = {c.name: i for i, c in enumerate(before)}
    return tuple(sorted(result, key=lambda c: order.get(c.name, len(order))))


def _give_back_one(now: Combatant, change: CombatantChange) -> tuple[Combatant, str]:
    conditions = _merge_conditions(now.conditions, change.conditions_before, change.conditions_after)
    hp = max(0, min(now.hp_max, now.hp + change.hp_before - change.hp_after))
    hp_temp = max(0, now.hp_temp + change.hp_temp_before - change.hp_temp_after)
    dead = now.dead and not (change.dead_after and not change.dead_before)
    coatings = change.coatings_before if now.coatings == change.coatings_after else now.coatings
    reminders = change.reminders_before if now.reminders == change.reminders_after else now.reminders  # the GM's edits since stay
    uses = change.uses_before if now.uses == change.uses_after else now.uses
    back = replace(
        now, conditions=conditions, hp=hp, hp_temp=hp_temp, dead=dead, budget=change.budget_before, coatings=coatings,
        reminders=reminders, uses=uses,
    )
    back = _give_back_breath(back, change)
    notes = []
    if hp != now.hp or hp_temp != now.hp_temp:
        notes.append(f"{hp - now.hp + hp_temp - now.hp_temp} HP given back")
    gone = {c.name: c for c in now.conditions}
    for c in conditions:
        old = gone.get(c.name)
        if old is None:
            notes.append(f"{c.name} {c.level} back")
        elif old != c and old.level != c.level:
            notes.append(f"{c.name} {old.level} -> {c.level}")
    if back.energy != now.energy:
        notes.append(f"{back.energy - now.energy} energy given back")
    if back.budget != now.budget:
        notes.append("actions as before the turn began")
    if back.reminders != now.reminders:
        notes.append("reminders as before the turn began")
    if back.uses != now.uses:
        notes.append("limited uses as before the turn began")
    return back, ", ".join(notes)


def _give_back_breath(now: Combatant, change: CombatantChange) -> Combatant:
    """ЭНЕР a held breath cost at the turn start returned; the breath's
    count as before, unless the GM changed it since (EQ-BRE-1)."""
    energy = max(0, min(now.energy_max, now.energy + change.energy_before - change.energy_after))
    breath = change.breath_before if now.breath == change.breath_after else now.breath
    return replace(now, energy=energy, breath=breath)


def give_back(state: EncounterState, boundary: TurnBoundary) -> tuple[EncounterState, tuple[tuple[str, str, str], ...]]:
    """``state`` with ``boundary`` undone: turn fields as before it, each
    combatant's automatic changes taken back. Returns the new state and
    ``(id, name, what changed)`` for the log."""
    notes = []
    for change in boundary.changes:
        if not state.has(change.id):
            continue
        now = state.combatant(change.id)
        back, note = _give_back_one(now, change)
        if back != now:
            state = state.replace_combatant(back)
            if note:
                notes.append((now.id, now.name, note))
    state = replace(
        state, round=boundary.round, current=boundary.current, cursor=boundary.cursor, acted=boundary.acted,
        resuming=boundary.resuming, boundaries=state.boundaries[:-1],
    )
    return state, tuple(notes)
