"""Tactics: how a creature fights when the forecast plays a fight out.

The forecast (``core.forecast``) plays the rest of a fight many times; each
creature follows its :class:`Tactics`, which the GM may set per creature
(text: ``""``/``approach``, ``hold``, ``flee below 5``, ``focus Aria``,
``gm``). :func:`from_text` and :func:`to_text` are the one notation.

- ``approach`` (the default): move toward the nearest foe on the cheapest
  path and attack it with the best saved attack by expected damage;
- ``hold``: stay in place and attack whoever is in reach;
- ``flee below N``: at ``N`` hit points or fewer, move away from the foes
  instead of attacking;
- ``focus NAME``: approach and attack that creature while it stands, then
  the nearest foe;
- ``gm``: as the GM decides; the forecast cannot guess and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.errors import NotationError

MAX_TACTICS_TEXT = 80
"""Characters of a tactics text at most."""


class Plan(Enum):
    """The kinds of :class:`Tactics`."""

    APPROACH = "approach"
    HOLD = "hold"
    FLEE = "flee"
    FOCUS = "focus"
    GM = "gm"


@dataclass(frozen=True)
class Tactics:
    """``plan``; ``below`` hit points for ``FLEE``; ``target`` (a name or
    id) for ``FOCUS``."""

    plan: Plan = Plan.APPROACH
    below: int = 0
    target: str = ""


APPROACH = Tactics()


def from_text(text: str) -> Tactics:
    """Read tactics text (see the module docstring); raises :class:`NotationError`."""
    words = text.strip().split()
    if len(text) > MAX_TACTICS_TEXT:
        raise NotationError(f"tactics are {MAX_TACTICS_TEXT} characters at most")
    if not words or words == ["approach"]:
        return APPROACH
    head = words[0].lower()
    if head == "hold" and len(words) == 1:
        return Tactics(Plan.HOLD)
    if head == "gm" and len(words) == 1:
        return Tactics(Plan.GM)
    if head == "flee":
        rest = [w.lower() for w in words[1:]]
        if rest and rest[0] == "below":
            rest = rest[1:]
        if len(rest) == 1 and rest[0].isdigit() and 0 < int(rest[0]) <= 9999:
            return Tactics(Plan.FLEE, below=int(rest[0]))
        raise NotationError("write 'flee below N' with N the hit points (1..9999) at which it flees")
    if head == "focus" and len(words) > 1:
        return Tactics(Plan.FOCUS, target=" ".join(words[1:]))
    raise NotationError(f"did not understand tactics {text.strip()!r}: write approach, hold, flee below N, focus NAME or gm")


def to_text(tactics: Tactics) -> str:
    """The text :func:`from_text` reads back to ``tactics``."""
    if tactics.plan is Plan.FLEE:
        return f"flee below {tactics.below}"
    if tactics.plan is Plan.FOCUS:
        return f"focus {tactics.target}"
    return tactics.plan.value
