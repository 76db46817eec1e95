"""Preview details of the maneuvers (see :func:`core.offers.base.preview`):
the exact odds of the check each one rolls, with what it would do."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.dice.checks import check_expression
from core.errors import RulesError
from core.board.grid import as_cell
from core.board.water import water_depth
from core.combat.maneuvers.falls import fall_height
from core.offers.attacks import attack_details
from core.combat.mounted.moves import dodge

if TYPE_CHECKING:
    from core.combat.state import EncounterState


def _odds(chances: dict) -> tuple[tuple[str, Fraction], ...]:
    return tuple((tier.value, Fraction(p)) for tier, p in chances.items())


def _check(ruleset: Any, modifier: int, difficulty: int | None = None, notes: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    target = ruleset.default_difficulty if difficulty is None else difficulty
    return {
        "odds": _odds(ruleset.check_odds(modifier, target)), "expression": check_expression(ruleset.check_sides, modifier, count=ruleset.check_count),
        "difficulty": target, "notes": notes, **extra,
    }


def details(state: EncounterState, ruleset: Any, command: cmd.Command) -> dict[str, Any]:
    """Fields of :class:`core.offers.base.Preview` for the maneuver ``command``, or ``{}``."""
    s = ruleset.settings
    if isinstance(command, cmd.Jump):
        return _jump(state, ruleset, command)
    if isinstance(command, cmd.Fall):
        return _fall(state, ruleset, command)
    if isinstance(command, (cmd.ClimbCreature, cmd.ShakeOff)):
        who = state.combatant(command.climber)
        if isinstance(command, cmd.ClimbCreature) and command.willing:
            return {"notes": ("a willing creature: it climbs on",)}
        best = max(who.stat(s.might_stat), who.stat(s.agility_stat))
        what = "t1 fails, free strike; t2 fails; t3 climbs on" if isinstance(command, cmd.ClimbCreature) else "t1 falls, prone; t2 slides off; t3 holds on"
        return _check(ruleset, best, notes=(what,))
    if isinstance(command, cmd.DigEarth):
        who = state.combatant(command.combatant)
        return _check(ruleset, who.stat(s.might_stat), notes=("t1 slowed and weakened; t2 uses the main action, slowed; t3 clean",))
    if isinstance(command, cmd.ThrowItem):
        who = state.combatant(command.thrower)
        return _check(ruleset, who.stat(s.throw_stat), notes=(f"throw {command.item}",))
    if isinstance(command, cmd.DefendedAttack):
        defender = state.combatant(command.attack.target)
        stat = s.dodge_stat if command.how == "dodge" else s.block_stat
        value = defender.stat(stat)
        if command.how == "dodge":  # EQ-MNT-4: a rider dodges on its mount, floor(Riding/2) + 5
            mounted = dodge(state, ruleset, defender)
            if mounted is not None:
                value, stat = mounted[1], mounted[2]
        reaction = ruleset.check_odds(value)
        avoided = sum((p for tier, p in reaction.items() if tier.succeeded), Fraction(0))

        try:
            shown = attack_details(state, ruleset, command.attack)
        except RulesError:
            shown = {}
        note = f"if hit, {defender.name} {command.how}s: {stat} check avoids the damage {float(avoided):.0%}"
        return {**shown, "notes": tuple(shown.get("notes", ())) + (note,)}
    if isinstance(command, cmd.AreaAttack):
        from core.rulesets.tactical_d10.weapon_areas import pattern_cells

        attacker = state.combatant(command.attacker)
        try:
            cells = set(pattern_cells(command, attacker, state.grid))
        except RulesError as problem:  # the dry run shows it as the refusal
            return {"notes": (str(problem),)}
        hit = [c.name for c in state.combatants if c.id != attacker.id and not c.dead and cells & set(c.cells)]
        split = "each takes the full roll" if command.epicentre is not None else "the damage is split among those hit"
        return {"notes": (f"{len(cells)} cells: {', '.join(hit) or 'nobody'}; each rolls its own check, {split}",)}
    return {}


def _jump(state: EncounterState, ruleset: Any, command: cmd.Jump) -> dict[str, Any]:
    who = state.combatant(command.combatant)
    if who.position is None or ruleset.jump is None:
        return {}
    to = as_cell(command.to)
    distance = max(abs(to[0] - who.position[0]), abs(to[1] - who.position[1]))
    return ruleset.jump.preview(state, ruleset, who, command, distance)


def _fall(state: EncounterState, ruleset: Any, command: cmd.Fall) -> dict[str, Any]:
    who = state.combatant(command.combatant)
    height = command.height if command.height is not None else fall_height(state, ruleset, who)
    if height is None or who.position is None:
        return {}
    falling = ruleset.falling
    agility = who.stat(falling.agility_stat) if falling.agility_stat else 0
    depth = water_depth(state.grid, who.position, ruleset.settings)
    try:
        result = ruleset.fall(height, agility, depth)
    except RulesError:  # a bad height: the dry run shows the refusal
        return {}
    damage = result.dice or f"{result.damage} damage" if (result.dice or result.damage) else "no damage"
    note = f"a fall of {height}: {damage}" + (", prone" if result.prone else "") + (f", {result.rounds} rounds" if result.rounds > 1 else "")
    if command.controlled and falling.controlled:
        return _check(ruleset, who.stat(falling.controlled_skill), notes=(note, f"Acrobatics: success falls {falling.controlled_reduction} less"))
    return {"notes": (note,)}
