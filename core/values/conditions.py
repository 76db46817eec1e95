"""Conditions: named effects with a level and a duration keyed to a creature.

A :class:`Condition` sits on a combatant; its :class:`Duration` counts
boundaries (start or end) of one *anchor* creature's turns, not initiative
values, so delays, reorders and removals never stretch or cut it ("until the
start of X's next turn" = ``Duration.until_start_of(x)``; "N rounds" =
``Duration.rounds(n, anchor)``). Start/end-of-turn triggers deal damage and
escalate (rules TAC-EFF-1, TAC-EFF-4); applying a condition runs the
interactions (wet removes burning and corrosion and turns frozen into iced,
fire removes frozen: TAC-EFF-1..3). Pure functions; the encounter applies them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from core.values.frozen import replace
from enum import Enum

from typing import TYPE_CHECKING

from core.values.damage_types import DamageType
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.values.combatant import ActionBudget


class Boundary(Enum):
    START = "start of turn"
    END = "end of turn"
    NEVER = "until removed"


@dataclass(frozen=True)
class Duration:
    """Expires after ``count`` more ``boundary`` crossings of ``anchor``'s
    turns (``anchor`` is a combatant id); ``Boundary.NEVER`` lasts until removed."""

    boundary: Boundary = Boundary.NEVER
    anchor: str = ""
    count: int = 0

    @classmethod
    def permanent(cls) -> Duration:
        return cls()

    @classmethod
    def rounds(cls, count: int, anchor: str) -> Duration:
        """N rounds: until the start of ``anchor``'s N-th next turn."""
        if count < 1:
            raise IllegalCommand(f"a duration needs at least 1 round, not {count}")
        return cls(Boundary.START, anchor, count)

    @classmethod
    def until_start_of(cls, anchor: str) -> Duration:
        return cls(Boundary.START, anchor, 1)

    @classmethod
    def until_end_of(cls, anchor: str, count: int = 1) -> Duration:
        """Until the end of ``anchor``'s next turn (``count`` = 1 when applied
        outside that creature's turn, 2 when applied during it)."""
        return cls(Boundary.END, anchor, count)


@dataclass(frozen=True)
class Condition:
    """``name`` from the ruleset catalogue, ``level`` >= 1, ``duration``, ``source`` (who or what)."""

    name: str
    level: int = 1
    duration: Duration = Duration()
    source: str = ""
    secret: bool = False  # the GM keeps it from the players' view (core.combat.visibility)


@dataclass(frozen=True)
class ConditionSpec:
    """Catalogue entry: ``trigger`` is when it deals ``level`` damage of
    ``damage_type``; afterwards the level changes by the settings field named
    ``step`` (``burning_step`` = +1); the condition ends at level 0."""

    name: str
    rule: str
    description: str
    trigger: Boundary = Boundary.NEVER
    damage_type: DamageType | None = None
    step: str = ""


_ALL = (
    ConditionSpec("burning", "TAC-EFF-1", "N damage at the start of its turn, then N+1; Body vs 4+N puts it out; wet removes it",
                  Boundary.START, DamageType.FIRE, "burning_step"),
    ConditionSpec("poisoned", "TAC-EFF-4", "N damage at the end of its turn, then N+1; medicine cures it",
                  Boundary.END, DamageType.POISON, "poison_step"),
    ConditionSpec("frozen", "TAC-EFF-2", "MP - N; fire removes it; wet turns it into iced"),
    ConditionSpec("iced", "TAC-EFF-2", "MP 0"),
    ConditionSpec("corrosion", "TAC-EFF-3", "metal armour AC - N, metal weapons to-hit - N; wet removes it"),
    ConditionSpec("bleeding", "TAC-DMG-2", "N damage at the start of its turn, then N-1 (DEFAULT)",
                  Boundary.START, DamageType.TRUE, "bleeding_step"),
    ConditionSpec("stunned", "TAC-DMG-2", "no actions or reactions (DEFAULT)"),
    ConditionSpec("dazed", "TAC-DMG-2", "no reaction (DEFAULT)"),
    ConditionSpec("blinded", "TAC-DMG-2", "its attacks roll with disadvantage (DEFAULT)"),
    ConditionSpec("prone", "TAC-POS-1", "quarter cover becomes full; melee against it +4, ranged -2"),
    ConditionSpec("crouched", "TAC-POS-1", "half cover becomes full; melee against it +2"),
    ConditionSpec("grappled", "TAC-ACT-2", "MP 0"),
    ConditionSpec("slowed", "PR-BUR-3", "speed halved (DEFAULT)"),
    ConditionSpec("weakened", "PR-BUR-3", "power rolls -2 (DEFAULT)"),
    ConditionSpec("invisible", "EQ-VIS-1", "attacks against it with disadvantage (DEFAULT)"),
    ConditionSpec("hidden", "TAC-POS-4", "unnoticed by every foe: its next attack is a critical and reveals it"),
    ConditionSpec("flying", "EQ-MOV-4", "out of ground melee reach"),
    ConditionSpec("wet", "TAC-EFF-1", "removes burning and corrosion; turns frozen into iced"),
    ConditionSpec("dodging", "TAC-ACT-2", "attacks against it roll twice, take the worse"),
    ConditionSpec("defending", "TAC-ACT-2", "AC + Body; damage taken - floor(Body/2), by at least 1"),
    ConditionSpec("moving", "TAC-POS-5", "dashed last turn: AC +2 (+4 mounted)"),
    ConditionSpec("falling", "PR-FALL-3", "a long fall: N cells fallen so far; the next fall lands it (EQ-MOV-8: 12 a round)"),
    ConditionSpec("climbing", "PR-CLB-1", "on another creature (the source): melee against it with advantage; it may shake it off"),
    ConditionSpec("spear wall", "TAC-DMG-2", "a braced piercing weapon: the first enemy dashing into the 3 cells in front takes its damage"),
    ConditionSpec("squeezing", "SRD-MOV-8", "each square costs double; -4 to its attacks and its AC"),
    ConditionSpec("squeezing tightly", "SRD-MOV-17", "through less than half its space: no attacks, no DEX to AC (and squeezing)"),
)
CATALOGUE: dict[str, ConditionSpec] = {spec.name: spec for spec in _ALL}
POSTURES = ("prone", "crouched")


@dataclass(frozen=True)
class Coating:
    """Poison on a weapon (rule EQ-DAY-3): works on one hit, gives
    ``poisoned`` ``level``, and dries after ``rounds_left`` rounds (10 minutes)."""

    weapon: str
    level: int = 1
    rounds_left: int = 60


def catalogue_for(names: tuple[str, ...]) -> dict[str, ConditionSpec]:
    """The catalogue entries a ruleset lists, by name."""
    return {name: CATALOGUE[name] for name in names}


def levels(conditions: tuple[Condition, ...]) -> dict[str, int]:
    """Condition name -> level."""
    return {c.name: c.level for c in conditions}


def add(
    conditions: tuple[Condition, ...], new: Condition, catalogue: Mapping[str, ConditionSpec]
) -> tuple[tuple[Condition, ...], tuple[str, ...]]:
    """Apply ``new`` to a creature's ``conditions``; returns the new tuple and
    notes of what the interactions did (rules TAC-EFF-1..3).

    Raises :class:`IllegalCommand` for an unknown name or a level below 1.
    A condition already present keeps the higher level and takes the new duration.
    """
    if new.name not in catalogue:
        raise IllegalCommand(f"unknown condition {new.name!r}; known: {', '.join(sorted(catalogue))}")
    if new.level < 1:
        raise IllegalCommand(f"a condition level must be at least 1, not {new.level}")
    current = {c.name: c for c in conditions}
    notes: list[str] = []
    if new.name == "wet":
        for gone in ("burning", "corrosion"):
            if current.pop(gone, None) is not None:
                notes.append(f"wet removes {gone} (TAC-EFF-{1 if gone == 'burning' else 3})")
        frozen = current.pop("frozen", None)
        if frozen is not None:
            current["iced"] = replace(frozen, name="iced", level=1)
            notes.append("wet turns frozen into iced (TAC-EFF-2)")
    if new.name == "burning":
        for gone in ("frozen", "iced"):
            if current.pop(gone, None) is not None:
                notes.append(f"fire removes {gone} (TAC-EFF-2)")
    if new.name == "frozen" and "wet" in current:
        new = replace(new, name="iced", level=1)
        notes.append("frozen on a wet creature becomes iced (TAC-EFF-2)")
    if new.name in POSTURES:
        for other in POSTURES:
            if other != new.name and current.pop(other, None) is not None:
                notes.append(f"no longer {other}")
    old = current.pop(new.name, None)
    if old is not None:
        new = replace(new, level=max(old.level, new.level))
    current[new.name] = new  # last: callers read the added condition as result[-1]
    return tuple(current.values()), tuple(notes)


def remove(conditions: tuple[Condition, ...], name: str) -> tuple[Condition, ...]:
    """Without condition ``name``; raises :class:`IllegalCommand` if absent."""
    if all(c.name != name for c in conditions):
        raise IllegalCommand(f"no {name} condition to remove")
    return tuple(c for c in conditions if c.name != name)


def tick(conditions: tuple[Condition, ...], anchor: str, boundary: Boundary) -> tuple[tuple[Condition, ...], tuple[Condition, ...]]:
    """Count one ``boundary`` of ``anchor``'s turn; returns (kept, expired)."""
    kept: list[Condition] = []
    expired: list[Condition] = []
    for condition in conditions:
        d = condition.duration
        if d.boundary is boundary and d.anchor == anchor:
            if d.count <= 1:
                expired.append(condition)
                continue
            condition = replace(condition, duration=replace(d, count=d.count - 1))
        kept.append(condition)
    return tuple(kept), tuple(expired)


def expire_anchor(conditions: tuple[Condition, ...], anchor: str) -> tuple[tuple[Condition, ...], tuple[Condition, ...]]:
    """Conditions timed by ``anchor``'s turns end when ``anchor`` leaves the fight (DEFAULT)."""
    kept = tuple(c for c in conditions if c.duration.anchor != anchor or c.duration.boundary is Boundary.NEVER)
    return kept, tuple(c for c in conditions if c not in kept)


def triggered(conditions: tuple[Condition, ...], boundary: Boundary, catalogue: Mapping[str, ConditionSpec]) -> tuple[Condition, ...]:
    """The bearer's conditions that deal damage at ``boundary``."""
    return tuple(c for c in conditions if c.name in catalogue and catalogue[c.name].trigger is boundary)


def escalate(conditions: tuple[Condition, ...], name: str, step: int) -> tuple[tuple[Condition, ...], int]:
    """Change condition ``name``'s level by ``step``; at 0 it ends. Returns (conditions, new level)."""
    out: list[Condition] = []
    level = 0
    for c in conditions:
        if c.name == name:
            level = max(0, c.level + step)
            if level == 0:
                continue
            c = replace(c, level=level)
        out.append(c)
    return tuple(out), level


def limit_budget(budget: ActionBudget, conditions: tuple[Condition, ...]) -> tuple[ActionBudget, tuple[str, ...]]:
    """What conditions take from a fresh budget: frozen MP - N, iced and
    grappled MP 0 (TAC-EFF-2, TAC-ACT-2); stunned no actions, dazed no reaction (DEFAULT)."""
    have = levels(conditions)
    notes: list[str] = []
    movement = budget.movement
    if "frozen" in have:
        movement = max(0, movement - have["frozen"])
        notes.append(f"frozen {have['frozen']}: movement {movement}")
    for name in ("iced", "grappled"):
        if name in have:
            movement = 0
            notes.append(f"{name}: movement 0")
    actions = dict(budget.actions)
    if "stunned" in have:
        actions = {k: 0 for k in actions}
        notes.append("stunned: no actions")
    elif "dazed" in have and "reaction" in actions:
        actions["reaction"] = 0
        notes.append("dazed: no reaction")
    return replace(budget, actions=actions, movement=movement), tuple(notes)
