"""Jumps in the three systems that have one (handler of
:class:`core.combat.commands.Jump`, and the odds for previews).

- ``equestria`` EQ-MOV-6: up to DEX - 1 cells (+1 after a straight run-up
  of 3+ cells), nothing at DEX <= 0; the jump replaces the movement, or
  costs the full action.
- ``tactical_d10`` TAC-MOV-3: clear 1/2/3 obstacle cells for 2/3/4 MP with
  a check 1d10 + Muscles (setting ``jump_stat``) vs 4/6/8; on a failure
  move 1 cell and lose all MP.
- ``power_roll`` PR-MOV-4: part of a move, up to max(Might, Agility, 1)
  cells; a Might/Agility test adds 0/1/2 cells at tier 1/2/3; never
  farther than the movement left, never out of difficult terrain.

The jump rule is the movement model's ``jump_rule``; a model without one
(``srd35``: its seed has no jump) refuses. Cells jumped over are not
entered: only the landing cell must be on the map, enterable and free.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.dice.checks import Tier, natural_distribution
from core.errors import IllegalCommand
from core.board.grid import Cell, MoveKind

Result = tuple[Any, tuple[ev.Event, ...]]


def jump_rule(ruleset: Any) -> str:
    """The rule ID of ``ruleset``'s jump, ``""`` when it has none."""
    return getattr(ruleset.movement, "jump_rule", "")


def _distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _toward(start: Cell, goal: Cell, cells: int) -> Cell:
    """The cell ``cells`` steps from ``start`` on the straight line to ``goal``."""
    total = _distance(start, goal)
    if total == 0 or cells >= total:
        return goal
    return (start[0] + round((goal[0] - start[0]) * cells / total), start[1] + round((goal[1] - start[1]) * cells / total))


def landing_refusal(state: Any, mover: Any, cell: Cell, rule: str) -> None:
    grid = state.grid
    if not grid.contains(cell):
        raise IllegalCommand(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map", rule)
    terrain = grid.terrain(cell)
    if terrain.move in (MoveKind.BLOCKED, MoveKind.CHASM):
        raise IllegalCommand(f"{mover.name} cannot land in a {terrain.name}", rule)
    for other in state.combatants:
        if other.id != mover.id and not other.defeated and cell in other.cells and other.layer is mover.layer:
            raise IllegalCommand(f"({cell[0]}, {cell[1]}) is occupied by {other.name}", rule)


def jump(enc: Any, state: Any, command: cmd.Jump) -> Result:
    """Handler of :class:`~core.combat.commands.Jump` (see the module)."""
    rule = jump_rule(enc.ruleset)
    mover = state.combatant(command.combatant)
    if not rule:
        raise IllegalCommand(f"{enc.ruleset.id} has no jump rule: move instead")
    if mover.position is None:
        raise IllegalCommand(f"{mover.name} is not on the map", rule)
    if mover.layer.value != "ground":
        raise IllegalCommand(f"{mover.name} is not on the ground ({mover.layer.value})", rule)
    to = tuple(command.to)
    if to == mover.position:
        raise IllegalCommand(f"{mover.name} is already there", rule)
    landing_refusal(state, mover, to, rule)
    return _JUMPS[rule](enc, state, mover, to, command)


def _equestria(enc: Any, state: Any, mover: Any, to: Cell, command: cmd.Jump) -> Result:
    model = enc.ruleset.movement
    reach = model.jump_distance(mover, command.run_up)
    distance = _distance(mover.position, to)
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
            from core.combat.economy import spend_kind

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


def tactical_check_odds(ruleset: Any, mover: Any, obstacle_cells: int, easier: int = 0) -> tuple[tuple[str, Fraction], ...]:
    """Exact odds of a TAC-MOV-3 jump over ``obstacle_cells``, ``easier``
    by a crouch (TAC-OPT-1): (failure, success)."""
    model = ruleset.movement
    _, difficulty = model.jump_option(obstacle_cells)
    difficulty -= easier
    modifier = mover.stat(model.settings.jump_stat)
    win = sum((p for n, p in natural_distribution(model.settings.jump_die, 1).items() if n + modifier >= difficulty), Fraction(0))
    return ((Tier.FAILURE.value, 1 - win), (Tier.SUCCESS.value, win))


def _tactical(enc: Any, state: Any, mover: Any, to: Cell, command: cmd.Jump) -> Result:
    model = enc.ruleset.movement
    s = model.settings
    distance = _distance(mover.position, to)
    from core.rulesets.tactical_d10.options import jump_options  # TAC-OPT-1 switches

    obstacles, easier, notes = jump_options(enc.ruleset.settings, mover, distance)
    mp_left = mover.budget.movement if state.round > 0 else model.speed(mover, model.default_move(mover))
    cost, difficulty = model.jump_option(obstacles)  # refuses 0 or more than 3 obstacle cells
    modifier = mover.stat(s.jump_stat)
    purpose = f"jump over {obstacles} cell(s) (TAC-MOV-3)" + "".join(f"; {n}" for n in notes)
    check = enc.ruleset.roll_check(enc.rng, modifier, difficulty - easier, purpose=purpose)
    outcome = model.jump(modifier + easier, obstacles, mp_left, natural=check.natural)
    check = replace(check, tier=Tier.SUCCESS if outcome.success else Tier.FAILURE)
    landed = to if outcome.success else _toward(mover.position, to, 1)
    if not outcome.success:
        try:
            landing_refusal(state, mover, landed, "TAC-MOV-3")
        except IllegalCommand:
            landed = mover.position
    budget = replace(mover.budget, movement=outcome.mp_left) if state.round > 0 else mover.budget
    spent = f"{cost} MP" if outcome.success else "all MP"
    event = ev.Jumped(mover.id, mover.name, "TAC-MOV-3", mover.position, to, landed, _distance(mover.position, landed), spent, check, outcome.success)
    return state.replace_combatant(replace(mover, position=landed, budget=budget)), (event,)


def power_roll_base(ruleset: Any, mover: Any) -> int:
    """PR-MOV-4: the jump length without a test (max of Might, Agility, 1)."""
    return ruleset.movement.jump_distance(mover)[0]


def _power_roll(enc: Any, state: Any, mover: Any, to: Cell, command: cmd.Jump) -> Result:
    model = enc.ruleset.movement
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
    distance = _distance(mover.position, to)
    if check is None and distance > length:
        raise IllegalCommand(f"{mover.name} jumps {length} cell(s) without a test, not {distance}: roll the test", "PR-MOV-4")
    landed = to if distance <= length else _toward(mover.position, to, length)
    if landed != to:
        try:
            landing_refusal(state, mover, landed, "PR-MOV-4")
        except IllegalCommand:
            landed = mover.position
    moved = _distance(mover.position, landed)
    budget = mover.budget
    if state.round > 0:
        budget = replace(budget, movement=budget.movement - moved)
    event = ev.Jumped(mover.id, mover.name, "PR-MOV-4", mover.position, to, landed, moved, f"{moved} squares", check, landed == to)
    return state.replace_combatant(replace(mover, position=landed, budget=budget)), (event,)


_JUMPS = {"EQ-MOV-6": _equestria, "TAC-MOV-3": _tactical, "PR-MOV-4": _power_roll}


HANDLERS = {cmd.Jump: jump}
