"""The odds of a ruse before it is used (EQ-TRK-1): a query, nothing rolled."""

from __future__ import annotations

from typing import Any

from core.campaign.training_commands import UseRuse, ruse_checks
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.offers.base import preview


def ruse_check(state: EncounterState, ruleset: Any, command: UseRuse) -> tuple[str, ...]:
    """The odds of each ИНТ check ``command`` would roll, one line each
    (``Ayla ИНТ vs 12: success 45% ...``), or the refusal; nothing rolled."""
    try:
        checks = ruse_checks(state, command)
    except IllegalCommand as refusal:
        return (str(refusal),)
    lines = []
    for check in checks:
        shown = preview(state, ruleset, check)
        who = state.combatant(check.combatant).name
        odds = "  ".join(f"{label} {round(float(p) * 100)}%" for label, p in shown.odds)
        why = check.purpose.partition(": ")[2]
        lines.append(shown.refusal or f"{who} ИНТ ({why}) {shown.expression} vs {shown.difficulty}: {odds}")
    return tuple(lines)
