"""The search options of a move now (the map's ``Move``, a mount's move, their previews)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.board.movement.model import MoveOptions

if TYPE_CHECKING:
    from core.combat.state import EncounterState


def move_options(state: EncounterState, mover: Any, ruleset: Any = None) -> MoveOptions:
    """Options of a move now: in combat the SRD-MOV-2 diagonal count goes on
    from earlier moves this turn; a squeezing creature pays the ruleset's
    ``squeeze_doublings`` more (SRD-MOV-8: each square costs 2)."""
    doublings = 0
    if ruleset is not None and any(c.name == "squeezing" for c in mover.conditions):
        doublings = int(getattr(ruleset.settings, "squeeze_doublings", 0))
    if ruleset is not None:
        doublings += ruleset.move_doublings(mover)
    parity = mover.budget.diagonal_parity if state.round > 0 else 0
    return MoveOptions(extra_doublings=doublings, start_parity=parity)
