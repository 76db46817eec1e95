"""Weapon areas of ``tactical_d10``: swings that hit a pattern of cells
with the damage split among those hit (TAC-ATK-2, TAC-ATK-3), the
explosive epicentre, and the spear wall (TAC-DMG-2). Handlers of
:class:`core.combat.commands.AreaAttack` and :class:`core.combat.commands.SpearWall`,
and :func:`spear_wall_strikes`, which a move calls.

TAC-ATK-3 DEFAULT (a): one damage roll divided equally among all the
creatures hit (each by its own check), rounded down, so an area swing never
deals more than a single hit. An explosion (DEFAULT) deals its full roll to
each creature within the radius of the epicentre that its check hits.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.values import conditions as cond
from core.combat import events as ev
from core.combat.attacks import damage_expressions, plan_attack, type_effects
from core.board.battlefield import attack_situation
from core.dice.checks import Tier
from core.combat.damage import DamagePart, DamageType, resolve
from core.dice.rolls import roll
from core.errors import IllegalCommand
from core.board.geometry.areas import DIRECTIONS, Weapon as Pattern, explosion, weapon_pattern
from core.board.grid import Cell, as_cell
from core.combat.resolution import add_condition, apply_outcome
from core.dice.notation import parse_damage
from core.combat.economy import spend_kind

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]
_PATTERNS = {DamageType.BLUDGEONING: Pattern.BLUDGEONING, DamageType.SLASHING: Pattern.SLASHING,
             DamageType.CHOPPING: Pattern.CHOPPING, DamageType.PIERCING: Pattern.PIERCING}


def pattern_cells(command: cmd.AreaAttack, attacker: Any, grid: Any) -> tuple[Cell, ...]:
    """Cells the swing or explosion covers (TAC-ATK-2, TAC-DMG-2)."""
    if command.epicentre is not None:
        if not any(d.damage_type is DamageType.EXPLOSIVE for d in command.weapon.damage):
            raise IllegalCommand("only explosive damage has an epicentre", "TAC-DMG-2")
        return tuple(explosion(as_cell(command.epicentre), command.radius, grid))
    kind = next((_PATTERNS[d.damage_type] for d in command.weapon.damage if d.damage_type in _PATTERNS), None)
    if kind is None:
        raise IllegalCommand("an area swing needs bludgeoning, slashing, chopping or piercing damage", "TAC-ATK-2")
    if attacker.position is None:
        raise IllegalCommand(f"{attacker.name} is not on the map", "TAC-ATK-2")
    return weapon_pattern(kind, attacker.position, as_cell(command.facing), command.side, grid).cells


def area_attack(enc: Table, state: EncounterState, command: cmd.AreaAttack) -> Result:
    """Each creature in the area: its own attack check; one damage roll,
    divided equally among those hit (TAC-ATK-3 (a)), through each one's armour."""
    attacker = state.combatant(command.attacker)
    cells = set(pattern_cells(command, attacker, state.grid))
    targets = [c for c in state.combatants if c.id != attacker.id and not c.dead and c.position is not None and cells & set(c.cells)]
    if not targets:
        raise IllegalCommand("nobody stands in that area", "TAC-ATK-2")
    events: list[ev.Event] = []
    if state.round > 0 and enc.ruleset.attack_kind:
        state, spent = spend_kind(enc, state, attacker.id, enc.ruleset.attack_kind)
        events.extend(spent)
        attacker = state.combatant(attacker.id)
    hits: list[tuple[Any, Tier]] = []
    for target in targets:
        situation = attack_situation(state.grid, attacker, target, state.combatants, command.weapon.reach, ruleset=enc.ruleset)
        try:
            plan = plan_attack(enc.ruleset, attacker, target, command.weapon, situation, command.advantage)
        except IllegalCommand:
            continue  # full cover: the area still reaches only what it can
        check = enc.ruleset.roll_check(enc.rng, plan.stat_value, plan.difficulty, plan.advantage, modifiers=plan.modifiers,
                                       purpose=f"{command.weapon.name} on {target.name} (TAC-ATK-2)", attack=True)
        events.append(ev.AttackRolled(attacker.id, attacker.name, target.id, target.name, command.weapon, check, check.tier.succeeded,
                                      plan.assembly.advantage_reasons, plan.assembly.disadvantage_reasons, plan.assembly.defence,
                                      state.round, state.current))
        if check.tier.succeeded:
            hits.append((target, check.tier))
    if not hits:
        return state, tuple(events)
    rolls = []
    totals: list[DamagePart] = []
    for component in damage_expressions(enc.ruleset, command.weapon, attacker.stat(enc.ruleset.attack_stat), Tier.SUCCESS):
        rolled = roll(component.expression, enc.rng)
        rolls.append(rolled)
        totals.append(DamagePart(max(0, rolled.total), component.damage_type))
    share = 1 if command.epicentre is not None else len(hits)
    s = enc.ruleset.settings
    for target, tier in hits:
        parts = tuple(DamagePart(p.amount // share, p.damage_type) for p in totals)
        target = state.combatant(target.id)
        outcome = resolve(s, parts, armour=target.armour, resistances=target.resistances, weaknesses=target.weaknesses,
                          immunities=target.immunities, alignment=target.alignment, half=tier is Tier.HALF)
        rule = "TAC-DMG-2" if command.epicentre is not None else "TAC-ATK-3"
        state, dealt = apply_outcome(enc, state, target.id, outcome, tuple(rolls), f"{attacker.name}: {command.weapon.name}, 1/{share} ({rule})")
        events.extend(dealt)
        for effect in type_effects(s, outcome, tier is Tier.CRITICAL_SUCCESS, target):
            if effect.name in enc.ruleset.conditions and not state.combatant(target.id).dead:
                state, added = add_condition(enc, state, target.id, effect)
                events.extend(added)
    return state, tuple(events)


# -- the spear wall ------------------------------------------------------------------------
def spear_wall(enc: Table, state: EncounterState, command: cmd.SpearWall) -> Result:
    """TAC-DMG-2: a piercing weapon braced facing ``facing``; spends the action;
    lasts until the wielder's next turn (DEFAULT)."""
    who = state.combatant(command.combatant)
    if not any(d.damage_type is DamageType.PIERCING for d in command.weapon.damage):
        raise IllegalCommand("a spear wall needs a piercing weapon", "TAC-DMG-2")
    if tuple(command.facing) not in DIRECTIONS:
        raise IllegalCommand(f"a spear wall faces one of the 8 directions, not {command.facing}", "TAC-DMG-2")
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map", "TAC-DMG-2")
    events: list[ev.Event] = []
    if state.round > 0 and enc.ruleset.attack_kind:
        state, events_spent = spend_kind(enc, state, who.id, enc.ruleset.attack_kind)
        events.extend(events_spent)
        who = state.combatant(who.id)
    direction = DIRECTIONS.index(tuple(command.facing)) + 1
    damage = " + ".join(f"{d.expression} {d.damage_type.value}" for d in command.weapon.damage)
    turns = enc.ruleset.settings.spear_wall_turns  # DEFAULT 1: until the wielder's next turn
    wall = cond.Condition("spear wall", direction, cond.Duration.rounds(turns, who.id), source=damage)
    kept = tuple(c for c in who.conditions if c.name != "spear wall")
    state = state.replace_combatant(replace(who, conditions=kept + (wall,)))
    events.append(ev.Maneuvered(who.id, who.name, "TAC-DMG-2", "braces a spear wall", f"facing {command.facing}: {damage}"))
    return state, tuple(events)


def wall_cells(wielder: Any, wall: cond.Condition) -> frozenset[Cell]:
    """The 3 cells in front of a spear wall."""
    return frozenset(weapon_pattern(Pattern.SLASHING, wielder.position, DIRECTIONS[wall.level - 1]).cells)


def spear_wall_strikes(enc: Table, state: EncounterState, mover_id: str, path: tuple[Cell, ...]) -> Result:
    """TAC-DMG-2: a dashing enemy (``moving``) entering the 3 cells in front
    of a spear wall takes its damage; the wall strikes once, then ends
    (settings ``spear_wall_strikes_once``; ``spear_wall_turns`` how long it stands)."""
    mover = state.combatant(mover_id)
    if "moving" not in cond.levels(mover.conditions):
        return state, ()
    events: list[ev.Event] = []
    for wielder in state.combatants:
        wall = next((c for c in wielder.conditions if c.name == "spear wall"), None)
        if wall is None or wielder.position is None or wielder.side is mover.side or not set(path) & wall_cells(wielder, wall):
            continue
        rolls, parts = [], []
        for part in parse_damage(wall.source):
            rolled = roll(part.expression, enc.rng)
            rolls.append(rolled)
            parts.append(DamagePart(max(0, rolled.total), part.damage_type))
        target = state.combatant(mover_id)
        outcome = resolve(enc.ruleset.settings, tuple(parts), armour=target.armour, resistances=target.resistances,
                          weaknesses=target.weaknesses, immunities=target.immunities, alignment=target.alignment)
        events.append(ev.Maneuvered(wielder.id, wielder.name, "TAC-DMG-2", "spear wall strikes", f"{target.name} dashed into it", None, target.id, target.name))
        state, dealt = apply_outcome(enc, state, target.id, outcome, tuple(rolls), f"{wielder.name}: spear wall (TAC-DMG-2)")
        events.extend(dealt)
        if enc.ruleset.settings.spear_wall_strikes_once:  # DEFAULT: the first enemy only
            holder = state.combatant(wielder.id)
            state = state.replace_combatant(replace(holder, conditions=tuple(c for c in holder.conditions if c.name != "spear wall")))
    return state, tuple(events)


HANDLERS = {cmd.AreaAttack: area_attack, cmd.SpearWall: spear_wall}
