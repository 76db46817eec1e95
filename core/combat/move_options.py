"""The search options of a move now (the map's ``Move``, a mount's move, their previews)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.board.movement.model import MoveOptions

if TYPE_CHECKING:
    from core.combat.state import EncounterState


def move_options(state: EncounterState, mover: Any, ruleset: Any = None) -> MoveOptions:
    """Options of a move now: in combat the SRD-MOV-2 diagonal count goes on
    from earlier moves this turn; the ruleset's further doublings of each
    step (:meth:`Ruleset.move_doublings`: srd35's squeezing, SRD-MOV-8, and tumbling;
    :meth:`Ruleset.sight_doublings`: srd35's poor visibility)."""
    doublings = ruleset.move_doublings(mover) + ruleset.sight_doublings(state, mover) if ruleset is not None else 0
    parity = mover.budget.diagonal_parity if state.round > 0 else 0
    return MoveOptions(extra_doublings=doublings, start_parity=parity)
