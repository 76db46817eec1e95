"""The dice log as data: one entry per roll, read from events.

Each :class:`DiceLogEntry` says who rolled, what for, the expression, every
die with its kept/dropped mark, each modifier with its reason, the total,
the tier, the round and whose turn it was. Rendering is the UI's job.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.combat import events as ev
from core.dice.checks import Modifier, Tier
from core.dice.rolls import Die


@dataclass(frozen=True)
class DiceLogEntry:
    """``who`` (combatant id or None), ``name``, ``purpose``, ``expression``,
    ``dice``, ``modifiers`` (with reasons), ``total``, ``tier`` (None for a
    free roll), ``round``, ``turn`` (current combatant id), ``comment``."""

    who: str | None
    name: str
    purpose: str
    expression: str
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...]
    total: int
    tier: Tier | None
    round: int
    turn: str | None
    comment: str = ""


def dice_log(events: Iterable[ev.Event], combatant: str | None = None) -> tuple[DiceLogEntry, ...]:
    """Entries for every roll in ``events``, optionally only ``combatant``'s."""
    out: list[DiceLogEntry] = []
    for e in events:
        if isinstance(e, ev.DiceRolled):
            r = e.roll
            out.append(DiceLogEntry(e.combatant, e.name, e.purpose, r.expression, r.dice, (), r.total, None, e.round, e.turn, r.comment))
        elif isinstance(e, ev.CheckRolled):
            c = e.result
            out.append(DiceLogEntry(e.combatant, e.name, c.purpose or f"{e.stat} check", c.roll.expression, c.roll.dice,
                                    c.modifiers, c.total, c.tier, e.round, e.turn, c.roll.comment))
        elif isinstance(e, ev.AttackRolled):
            c = e.result
            out.append(DiceLogEntry(e.attacker, e.attacker_name, c.purpose, c.roll.expression, c.roll.dice,
                                    c.modifiers, c.total, c.tier, e.round, e.turn))
        elif isinstance(e, ev.ContestRolled):
            for who, name, c in ((e.attacker, e.attacker_name, e.attack), (e.target, e.target_name, e.defence)):
                out.append(DiceLogEntry(who, name, c.purpose, c.roll.expression, c.roll.dice, c.modifiers, c.total, c.tier, e.round, e.turn))
        elif isinstance(e, ev.DamageTaken):
            for r in e.rolls:
                out.append(DiceLogEntry(None, "", f"damage to {e.name} ({e.source})", r.expression, r.dice, (), r.total, None, e.round, e.turn))
    if combatant is not None:
        out = [entry for entry in out if entry.who == combatant]
    return tuple(out)
