"""TAC-MOV-3, tactical_d10's jump (the capability :attr:`TacticalD10.jump`):
clear 1/2/3 obstacle cells for 2/3/4 MP with a check 1d10 + Muscles
(setting ``jump_stat``) vs 4/6/8; on a failure move 1 cell and lose all MP.
The TAC-OPT-1 switches (a crouch, a dash) change it (:func:`jump_options`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from core.board.grid import Cell
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.maneuvers.jumps import JumpOffer, JumpRule, Result, landing_refusal, toward
from core.combat.maneuvers.jumps import distance as cell_distance
from core.dice.checks import Tier, check_expression, natural_distribution, roll_check
from core.errors import IllegalCommand
from core.rulesets.tactical_d10.options import jump_options  # TAC-OPT-1 switches

if TYPE_CHECKING:
    from core.rulesets.tactical_d10.movement import TacticalMovement
    from core.combat.state import EncounterState, Table


def jump_check_odds(ruleset: Any, mover: Any, obstacle_cells: int, easier: int = 0) -> tuple[tuple[str, Fraction], ...]:
    """Exact odds of a TAC-MOV-3 jump over ``obstacle_cells``, ``easier``
    by a crouch (TAC-OPT-1): (failure, success)."""
    model = ruleset.movement
    _, difficulty = model.jump_option(obstacle_cells)
    difficulty -= easier
    modifier = mover.stat(model.settings.jump_stat)
    win = sum((p for n, p in natural_distribution(model.settings.jump_die, 1).items() if n + modifier >= difficulty), Fraction(0))
    return ((Tier.FAILURE.value, 1 - win), (Tier.SUCCESS.value, win))


class TacticalJump(JumpRule):
    """TAC-MOV-3."""

    rule = "TAC-MOV-3"
    offers = (JumpOffer("jump", "jump over 1-3 obstacle cells (2/3/4 MP, check vs 4/6/8)", ("MP",)),)

    def leap(self, enc: Table, state: EncounterState, mover: Any, to: Cell, command: cmd.Jump) -> Result:
        model = cast("TacticalMovement", enc.ruleset.movement)  # this jump is the tactical_d10 ruleset's
        s = model.settings
        distance = cell_distance(mover.position, to)
        obstacles, easier, notes = jump_options(enc.ruleset.settings, mover, distance)
        mp_left = mover.budget.movement if state.round > 0 else model.speed(mover, model.default_move(mover))
        cost, difficulty = model.jump_option(obstacles)  # refuses 0 or more than 3 obstacle cells
        modifier = mover.stat(s.jump_stat)
        purpose = f"jump over {obstacles} cell(s) (TAC-MOV-3)" + "".join(f"; {n}" for n in notes)
        check = roll_check(enc.rng, s.jump_die, modifier, difficulty - easier, enc.ruleset.tier, purpose=purpose)  # TAC-MOV-3: 1d10 (setting jump_die)
        outcome = model.jump(modifier + easier, obstacles, mp_left, natural=check.natural)
        check = replace(check, tier=Tier.SUCCESS if outcome.success else Tier.FAILURE)
        landed = to if outcome.success else toward(mover.position, to, 1)
        if not outcome.success:
            try:
                landing_refusal(state, mover, landed, "TAC-MOV-3")
            except IllegalCommand:
                landed = mover.position
        budget = replace(mover.budget, movement=outcome.mp_left) if state.round > 0 else mover.budget
        spent = f"{cost} MP" if outcome.success else "all MP"
        event = ev.Jumped(mover.id, mover.name, "TAC-MOV-3", mover.position, to, landed, cell_distance(mover.position, landed), spent, check, outcome.success)
        return state.replace_combatant(replace(mover, position=landed, budget=budget)), (event,)

    def preview(self, state: EncounterState, ruleset: Any, mover: Any, command: cmd.Jump, distance: int) -> dict[str, Any]:
        model = ruleset.movement
        obstacles, easier, extra = jump_options(ruleset.settings, mover, distance)
        if not 1 <= obstacles <= len(model.settings.jump_mp):
            return {}
        cost, difficulty = model.jump_option(obstacles)
        modifier = mover.stat(model.settings.jump_stat)
        return {
            "odds": jump_check_odds(ruleset, mover, obstacles, easier), "difficulty": difficulty - easier,
            "expression": check_expression(model.settings.jump_die, modifier),
            "notes": (f"over {obstacles} cell(s) for {cost} MP; failing moves 1 cell and loses all MP", *extra),
        }
