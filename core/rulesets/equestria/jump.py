"""EQ-MOV-6, equestria's jump (the capability :attr:`Equestria.jump`): up
to DEX - 1 cells (+1 after a straight run-up of 3+ cells), nothing at DEX
<= 0; the jump replaces the movement, or costs the full action."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from core.board.grid import Cell
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.maneuvers.jumps import JumpOffer, JumpRule, Result
from core.combat.maneuvers.jumps import distance as cell_distance
from core.errors import IllegalCommand
from core.combat.economy import spend_kind

if TYPE_CHECKING:
    from core.rulesets.equestria.movement import EquestriaMovement
    from core.combat.state import EncounterState, Table


class EquestriaJump(JumpRule):
    """EQ-MOV-6."""

    rule = "EQ-MOV-6"
    offers = (
        JumpOffer("jump", "jump instead of moving", ("movement",)),
        JumpOffer("jump.action", "jump as the full action", ("full",), (("with_action", True),)),
        JumpOffer("jump.run-up", "jump after a straight run-up of 3+ cells (full action)", ("full",), (("with_action", True), ("run_up", 3))),
    )

    def leap(self, enc: Table, state: EncounterState, mover: Any, to: Cell, command: cmd.Jump) -> Result:
        model = cast("EquestriaMovement", enc.ruleset.movement)  # this jump is the equestria ruleset's
        reach = model.jump_distance(mover, command.run_up)
        distance = cell_distance(mover.position, to)
        dex = mover.stat(model.settings.dex_stat)
        if reach <= 0:
            raise IllegalCommand(f"{mover.name} has {model.settings.dex_stat} {dex:+d}: cannot jump out of its cell", "EQ-MOV-6")
        if distance > reach:
            raise IllegalCommand(f"{mover.name} jumps at most {reach} cell(s) ({model.settings.dex_stat} {dex:+d}), not {distance}", "EQ-MOV-6")
        events: list[ev.Event] = []
        spent = "movement"
        budget = mover.budget
        if state.round > 0:
            if command.with_action:
                state, logged = spend_kind(enc, state, mover.id, enc.ruleset.attack_kind or "full")
                events.extend(logged)
                spent = enc.ruleset.attack_kind or "full"
                budget = state.combatant(mover.id).budget
            else:
                if budget.movement < budget.movement_max:
                    raise IllegalCommand(f"{mover.name} already moved: a jump replaces the whole movement, or costs the full action", "EQ-MOV-6")
                budget = replace(budget, movement=0)
        moved = replace(state.combatant(mover.id), position=to, budget=budget)
        events.append(ev.Jumped(mover.id, mover.name, "EQ-MOV-6", mover.position, to, to, distance, spent))
        return state.replace_combatant(moved), tuple(events)

    def preview(self, state: EncounterState, ruleset: Any, mover: Any, command: cmd.Jump, distance: int) -> dict[str, Any]:
        return {"notes": (f"{distance} cell(s); {mover.name} jumps at most {ruleset.movement.jump_distance(mover, command.run_up)}",)}
