"""Combatants: who fights, on which side, with what stats and hit points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from core.grid import Cell


class Side(Enum):
    """Whose side a combatant is on."""

    PARTY = "party"
    FOE = "foe"
    NEUTRAL = "neutral"


@dataclass(frozen=True)
class ActionBudget:
    """What a combatant has left this turn (rules EQ-ACT-1, EQ-ACT-2).

    ``actions`` maps an action kind (``"full"``, ``"quick"``, ``"reaction"``)
    to how many are left; a kind the creature does not get at all is absent.
    ``movement`` is movement left in cells (1 per step, rule EQ-MOV-2) out of
    ``movement_max``.
    """

    actions: Mapping[str, int] = field(default_factory=dict)
    movement: int = 0
    movement_max: int = 0

    def left(self, kind: str) -> int:
        return self.actions.get(kind, 0)

    def spend(self, kind: str, count: int = 1) -> ActionBudget:
        actions = dict(self.actions)
        actions[kind] = actions.get(kind, 0) - count
        return replace(self, actions=actions)

    def grant(self, kind: str, count: int) -> ActionBudget:
        actions = dict(self.actions)
        actions[kind] = actions.get(kind, 0) + count
        return replace(self, actions=actions)


@dataclass(frozen=True)
class Combatant:
    """One creature in an encounter.

    ``stats`` are the ruleset's current values (``equestria``: signed
    modifiers STR, DEX, BODY, INT, CHA; rule EQ-STAT-1). ``hp`` is kept
    within ``0..hp_max``. ``position`` is the (x, y) cell of its token, or
    ``None`` when it is off the map. ``initiative`` is ``None`` until rolled.
    ``glyph`` is the token drawn on the map (an emoji or one or two letters).
    """

    id: str
    name: str
    side: Side
    stats: Mapping[str, int]
    hp: int
    hp_max: int
    position: Cell | None = None
    initiative: int | None = None
    glyph: str = ""
    budget: ActionBudget = field(default_factory=ActionBudget)
    notes: str = ""

    def stat(self, name: str) -> int:
        """Current value of stat ``name``; 0 when the creature lacks it."""
        return int(self.stats.get(name, 0))

    @property
    def defeated(self) -> bool:
        return self.hp <= 0

    @property
    def initials(self) -> str:
        """Two characters for a token when no glyph is set."""
        words = [w for w in self.name.split() if w]
        if not words:
            return "??"
        if len(words) >= 2:
            tail = words[-1][0] if not words[-1].isdigit() else words[-1][-1]
            return (words[0][0] + tail)[:2]
        return words[0][:2]
