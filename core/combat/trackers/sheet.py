"""The words of a creature's reminders and limited uses as its sheet shows
them, without the offers that change them (:mod:`core.offers.trackers`
builds those and uses :func:`when_text` in its previews): what the first
frame needs of the trackers. No rule ID: these are the GM's own notes
(DEFAULTs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.values.trackers import Reminder, When

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.values.combatant import Combatant


def when_text(state: EncounterState, reminder: Reminder) -> str:
    """``at the start of Wolf's turn``, ``in 2 rounds (start of Aria's turn)``, ``when damaged``."""
    anchor = state.combatant(reminder.anchor).name if state.has(reminder.anchor) else "?"
    if reminder.when is When.START:
        return f"at the start of {anchor}'s turn"
    if reminder.when is When.END:
        return f"at the end of {anchor}'s turn"
    if reminder.when is When.ROUNDS:
        if reminder.spent:
            return "rounds passed"
        return f"in {reminder.rounds} round{'s' if reminder.rounds != 1 else ''} (start of {anchor}'s turn)"
    return "when damaged"


def sheet_lines(state: EncounterState, creature: Combatant) -> tuple[tuple[str, bool], ...]:
    """The sheet's lines of ``creature``'s reminders and limited uses:
    ``(text, due)``, e.g. ``("Reminder at the start of Wolf's turn: save
    ends (DEX check vs 12) DUE", True)``, ``("Fire Breath 0/1 recharge 5-6", False)``."""
    lines = []
    for reminder in creature.reminders:
        check = ""
        if reminder.stat:
            check = f" ({reminder.stat} check" + (f" vs {reminder.difficulty}" if reminder.difficulty is not None else "") + ")"
        lines.append((f"Reminder {when_text(state, reminder)}: {reminder.text}{check}" + (" DUE" if reminder.due else ""), reminder.due))
    lines.extend((f"{use.name} {use.summary}", False) for use in creature.uses)
    return tuple(lines)
