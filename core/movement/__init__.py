"""Where a combatant can go: movement cost models, reach, paths, falling.

One model per ruleset (``equestria`` EQ-MOV-*, ``srd35`` SRD-MOV-*,
``tactical_d10`` TAC-MOV-*, ``power_roll`` PR-MOV-*, PR-TEL-1, PR-BUR-*,
PR-CLB-1), picked by ruleset id (:func:`model_for`, which imports that
model's module on first use). Queries (:func:`reachable`, :func:`reach`,
:func:`find_path`) never change the encounter; a refused move raises
:class:`~core.errors.MoveRefused` with the rule that forbids it.
"""

from core.movement.api import Path, Reach, check_step, find_path, last_legal_stop, minimum_move, reach, reachable
from core.movement.falling import Fall, fall, power_roll_fall, equestria_fall
from core.movement.model import MoveOptions, MovementModel, Passage, StepRules, model_for
from core.mobility import Layer, MoveType, Size

path = find_path

__all__ = [
    "Fall", "Layer", "check_step", "MoveOptions", "MoveType", "MovementModel", "Passage", "Path", "Reach", "Size",
    "StepRules", "equestria_fall", "fall", "find_path", "last_legal_stop", "minimum_move", "model_for",
    "path", "power_roll_fall", "reach", "reachable",
]
