"""Probes of the door settings (Revision 3 "Doors", every ruleset) and of the
falling rules (EQ-MOV-8's dice in equestria, srd35 and tactical_d10;
PR-FALL-1..3 in power_roll). Format: ``house_rule_probes_shared``."""

from __future__ import annotations

from typing import Any

from core.board.edges import Feature
from core.board.edges import Side as EdgeSide
from core.board.grid import Grid
from core.combat.door_commands import BreakDoor, DoorUse, UseDoor
from core.rulesets.base import Ruleset
from tests.core.house_rule_probe_support import RULESETS, creature, encounter, every, outcome

DICE_FALLS = ("equestria", "srd35", "tactical_d10")


def _at_a_door(ruleset: Ruleset, cell: tuple[int, int] = (2, 2), door: Feature = Feature.DOOR_CLOSED, seed: int = 5):
    """a's turn at (2, 2) (or ``cell``) with a closed door on the east side of (2, 2)."""
    grid = Grid.filled(10, 8).with_edges({((2, 2), EdgeSide.EAST): door})
    return encounter(ruleset, creature(ruleset, "a", cell), creature(ruleset, "b", (8, 6)), grid=grid, seed=seed)


def _open(cell: tuple[int, int] = (2, 2)):
    def probe(ruleset: Ruleset) -> object:
        enc = _at_a_door(ruleset, cell)
        events = outcome(enc, UseDoor("a", (2, 2), EdgeSide.EAST, DoorUse.OPEN))
        return events, enc.state.combatant("a").budget

    return probe


def _open_by_action(ruleset: Ruleset) -> object:
    """tactical_d10 pays a door in MP (``door_movement`` 1), which goes before ``door_action``: played with 0 MP."""
    return _open()(ruleset.with_house_rules({**ruleset.house_rules(), "door_movement": 0}))


def _break(seed: int = 5):
    def probe(ruleset: Ruleset) -> object:
        enc = _at_a_door(ruleset, seed=seed)
        events = outcome(enc, BreakDoor("a", (2, 2), EdgeSide.EAST))
        return events, enc.state.combatant("a").budget

    return probe


def _fumbled_break(ruleset: Ruleset) -> object:
    """The first seed whose break is a critical failure: what the breaker takes."""
    from core.dice.checks import Tier

    for seed in range(300):
        events, _ = _break(seed)(ruleset)
        if isinstance(events, tuple) and any(getattr(getattr(e, "check", None), "tier", None) is Tier.CRITICAL_FAILURE for e in events):
            return events
    return "no critical failure"


def _fall(height: int, agility: int = 0, liquid: int = 0):
    def probe(ruleset: Ruleset) -> object:
        return ruleset.fall(height, agility, liquid)

    return probe


PROBES: dict[str, tuple[str, Any]] = {
    "equestria.door_action": ("full", _open()),
    "srd35.door_action": ("standard", _open()),
    "tactical_d10.door_action": ("action", _open_by_action),
    "power_roll.door_action": ("main", _open()),
    **every(RULESETS, "door_reach", "1", _open((1, 2))),
    **every(("equestria", "srd35", "power_roll"), "door_movement", "2", _open()),
    "tactical_d10.door_movement": ("2", _open()),
    "equestria.break_action": ("quick", _break()),
    "srd35.break_action": ("move", _break()),
    "tactical_d10.break_action": ("reaction", _break()),
    "power_roll.break_action": ("maneuver", _break()),
    "equestria.break_stat": ("DEX", _break()),
    "srd35.break_stat": ("CON", _break()),
    "tactical_d10.break_stat": ("BODY", _break()),
    "power_roll.break_stat": ("AGILITY", _break()),
    **every(RULESETS, "break_difficulty", "3", _break()),
    "equestria.break_fumble_damage": ("2d6", _fumbled_break),
    "tactical_d10.break_fumble_damage": ("1d6", _fumbled_break),
    **every(DICE_FALLS, "fall_cells_per_die", "3", _fall(6)),
    **every(DICE_FALLS, "fall_die", "8", _fall(6)),
    **every(("equestria", "tactical_d10"), "fall_dice_cap", "2", _fall(12)),
    "srd35.fall_dice_cap": ("2", _fall(12)),
    **every(DICE_FALLS, "fall_per_round", "6", _fall(12)),
    "power_roll.fall_min_cells": ("3", _fall(2)),
    "power_roll.fall_damage_per_cell": ("3", _fall(4)),
    "power_roll.fall_damage_cap": ("10", _fall(60)),
    "power_roll.fall_liquid_reduction": ("2", _fall(8, liquid=2)),
    "power_roll.fall_liquid_min_depth": ("3", _fall(8, liquid=2)),
    "power_roll.fall_by_actual_height": ("false", _fall(3, agility=2)),
    "power_roll.long_fall_first_round": ("150", _fall(101)),
    "power_roll.long_fall_per_round": ("10", _fall(130)),
}
