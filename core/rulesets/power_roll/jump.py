"""PR-MOV-4, power_roll's jump (the capability :attr:`PowerRoll.jump`): part
of a move, up to max(Might, Agility, 1) cells; a Might/Agility test adds
0/1/2 cells at tier 1/2/3; never farther than the movement left, never out
of difficult terrain."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from core.board.grid import Cell
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.maneuvers.jumps import JumpOffer, JumpRule, Result, landing_refusal, toward
from core.combat.maneuvers.jumps import distance as cell_distance
from core.board.grid import MoveKind
from core.dice.checks import Tier, check_expression
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.rulesets.power_roll.movement import PowerRollMovement
    from core.combat.state import EncounterState, Table


def jump_base(ruleset: Any, mover: Any) -> int:
    """PR-MOV-4: the jump length without a test (max of Might, Agility, 1)."""
    return ruleset.movement.jump_distance(mover)[0]


class PowerRollJump(JumpRule):
    """PR-MOV-4."""

    rule = "PR-MOV-4"
    offers = (
        JumpOffer("jump", "jump (part of the move)", ("movement",)),
        JumpOffer("jump.test", "jump farther with a Might/Agility test", ("movement",), (("test", True),)),
    )

    def leap(self, enc: Table, state: EncounterState, mover: Any, to: Cell, command: cmd.Jump) -> Result:
        model = cast("PowerRollMovement", enc.ruleset.movement)  # this jump is the power_roll ruleset's
        s = model.settings
        here = state.grid.terrain(mover.position)
        movement_left = mover.budget.movement if state.round > 0 else None
        check = None
        tier = None
        if command.test:
            modifier = max(mover.stat(s.might_stat), mover.stat(s.agility_stat))
            check = enc.ruleset.roll_check(enc.rng, modifier, purpose="jump test (PR-MOV-4)")
            tier = {Tier.TIER_1: 1, Tier.TIER_2: 2, Tier.TIER_3: 3}[check.tier]
        length, _ = model.jump_distance(mover, tier, movement_left, in_difficult_terrain=here.move is MoveKind.DIFFICULT)
        distance = cell_distance(mover.position, to)
        if check is None and distance > length:
            raise IllegalCommand(f"{mover.name} jumps {length} cell(s) without a test, not {distance}: roll the test", "PR-MOV-4")
        landed = to if distance <= length else toward(mover.position, to, length)
        if landed != to:
            try:
                landing_refusal(state, mover, landed, "PR-MOV-4")
            except IllegalCommand:
                landed = mover.position
        moved = cell_distance(mover.position, landed)
        budget = mover.budget
        if state.round > 0:
            budget = replace(budget, movement=budget.movement - moved)
        event = ev.Jumped(mover.id, mover.name, "PR-MOV-4", mover.position, to, landed, moved, f"{moved} squares", check, landed == to)
        return state.replace_combatant(replace(mover, position=landed, budget=budget)), (event,)

    def preview(self, state: EncounterState, ruleset: Any, mover: Any, command: cmd.Jump, distance: int) -> dict[str, Any]:
        base = jump_base(ruleset, mover)
        if not command.test:
            return {"notes": (f"{distance} cell(s); {mover.name} jumps {base} without a test",)}
        s = ruleset.settings
        modifier = max(mover.stat(s.might_stat), mover.stat(s.agility_stat))
        odds = tuple((tier.value, Fraction(p)) for tier, p in ruleset.check_odds(modifier, ruleset.default_difficulty).items())
        return {"odds": odds, "expression": check_expression(ruleset.check_sides, modifier, count=ruleset.check_count),
                "difficulty": ruleset.default_difficulty, "notes": (f"{base} cells, t2 +1, t3 +2; aiming {distance}",)}
