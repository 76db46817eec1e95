"""Every kind of condition duration the core counts, for a dialog to offer,
and each duration in words.

A :class:`~core.values.conditions.Duration` counts the start or end boundaries of
one *anchor* creature's turns (see :mod:`core.values.conditions`). The kinds:

- until removed;
- N rounds: until the start of the anchor's N-th next turn;
- until the start of the anchor's next turn;
- until the end of the anchor's turn (this one when it is the anchor's turn
  now, else its next one);
- until the end of the anchor's next turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from core.values.conditions import Boundary, Condition, ConditionSpec, Duration
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState


class Until(Enum):
    """The kinds of duration (see the module doc)."""

    REMOVED = "removed"
    ROUNDS = "rounds"
    START_OF_NEXT_TURN = "start-next"
    END_OF_TURN = "end"
    END_OF_NEXT_TURN = "end-next"


@dataclass(frozen=True)
class DurationChoice:
    """One kind of duration for a dialog: ``label`` (``{who}`` stands for the
    anchor's name); ``needs_anchor``: whose turns count; ``needs_rounds``: how many rounds."""

    until: Until
    label: str
    needs_anchor: bool = True
    needs_rounds: bool = False


CHOICES: tuple[DurationChoice, ...] = (
    DurationChoice(Until.REMOVED, "until removed", needs_anchor=False),
    DurationChoice(Until.ROUNDS, "N rounds of {who}'s turns", needs_rounds=True),
    DurationChoice(Until.START_OF_NEXT_TURN, "until the start of {who}'s next turn"),
    DurationChoice(Until.END_OF_TURN, "until the end of {who}'s turn"),
    DurationChoice(Until.END_OF_NEXT_TURN, "until the end of {who}'s next turn"),
)


def make(state: EncounterState, until: Until, anchor: str = "", rounds: int = 0) -> Duration:
    """The :class:`Duration` of kind ``until`` anchored on creature
    ``anchor`` (an id in ``state``), ``rounds`` for :attr:`Until.ROUNDS`.
    Raises :class:`IllegalCommand` for rounds below 1, or an unknown or
    missing anchor."""
    if until is Until.REMOVED:
        return Duration.permanent()
    if not anchor:
        raise IllegalCommand("choose whose turns the duration counts")
    state.combatant(anchor)  # raises UnknownCombatant
    if until is Until.ROUNDS:
        return Duration.rounds(rounds, anchor)
    if until is Until.START_OF_NEXT_TURN:
        return Duration.until_start_of(anchor)
    during = state.round > 0 and state.current == anchor
    if until is Until.END_OF_TURN:
        return Duration.until_end_of(anchor, 1)
    return Duration.until_end_of(anchor, 2 if during else 1)


def words(duration: Duration, state: EncounterState) -> str:
    """``duration`` in words, naming its anchor as it is in ``state``:
    ``"until removed"``, ``"3 rounds (to the start of Wolf 1's turn)"``,
    ``"until the end of Wolf 1's next turn"``."""
    if duration.boundary is Boundary.NEVER or duration.count < 1:
        return "until removed"
    who = state.combatant(duration.anchor).name if state.has(duration.anchor) else duration.anchor
    during = state.round > 0 and state.current == duration.anchor
    if duration.boundary is Boundary.START:
        if duration.count == 1:
            return f"until the start of {who}'s next turn"
        return f"{duration.count} rounds (to the start of {who}'s turn)"
    turns_ahead = duration.count - (1 if during else 0)
    if turns_ahead == 0:
        return f"until the end of {who}'s turn"
    if turns_ahead == 1:
        return f"until the end of {who}'s next turn"
    return f"until the end of {who}'s turn {turns_ahead} turns from now"


def lasting_in(condition: Condition, state: EncounterState, ruleset: Any) -> str:
    """:func:`lasting` of ``condition`` by ``ruleset``'s catalogue and step
    settings (``bleeding_step``): what the log says of it when it is added."""
    spec = ruleset.conditions.get(condition.name)
    return lasting(condition, state, spec, ruleset.condition_step(spec))


def lasting(condition: Condition, state: EncounterState, spec: ConditionSpec | None, step: int) -> str:
    """How long ``condition`` lasts, in words: :func:`words` of its duration,
    or, for one whose level falls by ``-step`` each time it deals its
    damage (``bleeding_step`` -1; RULES.md Revision 3 DEFAULT: bleeding N
    deals N at the start of its turn, then N-1), when it runs out:
    ``"until it runs out: 1 damage at the start of its next turn, then gone"``."""
    told = words(condition.duration, state)
    if spec is None or spec.trigger is Boundary.NEVER or step >= 0:
        return told
    turns = -(-condition.level // -step)
    when = "start" if spec.trigger is Boundary.START else "end"
    after = "then gone" if turns == 1 else f"{-step} less each turn after: gone after {turns} turns"
    countdown = f"{condition.level} damage at the {when} of its next turn, {after}"
    if condition.duration.boundary is Boundary.NEVER or condition.duration.count < 1:
        return f"until it runs out: {countdown}"
    return f"{told}, or until it runs out: {countdown}"
