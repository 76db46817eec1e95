"""Where a combatant can go: movement cost models, reach, paths, falling.

One model per ruleset (``equestria`` EQ-MOV-*, ``srd35`` SRD-MOV-*,
``tactical_d10`` TAC-MOV-*, ``power_roll`` PR-MOV-*, PR-TEL-1, PR-BUR-*,
PR-CLB-1), each a component of its ruleset (:attr:`Ruleset.movement`;
:func:`model_for` accepts a ruleset or its id). Queries (:func:`reachable`, :func:`reach`,
:func:`find_path`) never change the encounter; a refused move raises
:class:`~core.errors.MoveRefused` with the rule that forbids it.
"""

import importlib
from typing import Any

# name -> submodule: loaded on first use, so a ruleset module can import its
# model's settings (core.board.movement.<model>) without loading the search.
_EXPORTS = {
    "Path": "api", "Reach": "api", "check_step": "api", "find_path": "api", "path": "api",
    "last_legal_stop": "api", "minimum_move": "api", "reach": "api", "reachable": "api",
    "Fall": "falling", "dice_fall": "falling", "fall": "falling", "power_roll_fall": "falling",
    "MoveOptions": "model", "MovementModel": "model", "Passage": "model", "StepRules": "model", "model_for": "model",
}
_MOBILITY = ("Layer", "MoveType", "Size")


def __getattr__(name: str) -> Any:
    if name in _MOBILITY:
        value = getattr(importlib.import_module("core.values.mobility"), name)
    elif name in _EXPORTS:
        module = importlib.import_module(f"{__name__}.{_EXPORTS[name]}")
        value = getattr(module, "find_path" if name == "path" else name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = sorted(_EXPORTS) + list(_MOBILITY)
