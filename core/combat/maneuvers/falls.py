"""Falling as a command (handler of :class:`core.combat.commands.Fall`) and the
falls other rules cause.

The numbers are the ruleset's :meth:`Ruleset.fall` (EQ-MOV-8 dice, or
PR-FALL-1 fixed damage with Agility and liquid). Here: where the faller
comes from (its altitude, a mount's back, a climbed creature), the
controlled fall (EQ-FALL-2: an Acrobatics check, success falls 4 less),
landing on a creature (PR-FALL-2: same damage to it; it is knocked prone
when the faller's size exceeds its Might; the faller lands prone in the
nearest free space), long falls (PR-FALL-3: 100 cells the first round,
100 more each further round; EQ-MOV-8: 12 a round) which leave the
creature ``falling`` until a later Fall lands it, and the falls other
rules trigger (:func:`after_condition`): a flier knocked prone or at
speed 0 (PR-MOV-5), a climber or rider knocked prone (PR-CLB-2).
Damage is typed bludgeoning (EQ-FALL-1 DEFAULT, setting ``fall_damage_type``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.values import conditions as cond
from core.combat import events as ev
from core.board.battlefield import body_height
from core.board.water import water_depth
from core.combat.damage import DamagePart, DamageType, resolve
from core.dice.rolls import roll
from core.errors import IllegalCommand
from core.board.grid import Cell, MoveKind
from core.board.movement.falling import FallingRules, falls_from_flight, land_on_creature, nearest
from core.values.mobility import Layer
from core.combat.resolution import add_condition, apply_outcome

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def free_cell_near(state: EncounterState, mover: Any, around: Cell, rng: Any = None) -> Cell:
    """The nearest cell to ``around`` on the map, enterable and free of
    other creatures: where a thrown or falling creature lands (EQ-MNT-5,
    PR-CLB-2, PR-FALL-2). ``around`` itself first; among equally near cells
    one at random with ``rng`` (SRD-MOV-11), else the first row by row."""
    grid = state.grid
    taken = {p for c in state.combatants if c.id != mover.id and not c.defeated and c.layer is not Layer.AIR for p in c.cells}
    for ring in range(0, max(grid.width, grid.height)):
        free = [
            (x, y)
            for y in range(around[1] - ring, around[1] + ring + 1)
            for x in range(around[0] - ring, around[0] + ring + 1)
            if max(abs(x - around[0]), abs(y - around[1])) == ring and grid.contains((x, y)) and (x, y) not in taken
            and grid.terrain((x, y)).move not in (MoveKind.BLOCKED, MoveKind.CHASM)
        ]
        if free:
            return nearest(around, free, rng) if rng is not None else free[0]
    raise IllegalCommand(f"no free cell for {mover.name} to land in")


def fall_height(state: EncounterState, ruleset: Any, mover: Any) -> int | None:
    """How far ``mover`` would fall now: its altitude in the air, the height
    of the creature it rides or climbs, else ``None`` (the GM gives it)."""
    if mover.layer is Layer.AIR and mover.altitude > 0:
        return mover.altitude
    carrier = mover.mounted_on or _climbed(mover)
    if carrier and state.has(carrier):
        return body_height(state.combatant(carrier), ruleset.settings)
    return None


def _climbed(mover: Any) -> str | None:
    return next((c.source for c in mover.conditions if c.name == "climbing"), None)


def _per_round(falling: FallingRules, first: bool) -> int:
    """Cells fallen this round (PR-FALL-3: 100 the first round, 100 more each further round; EQ-MOV-8: 12)."""
    return falling.first_round if first else falling.per_round


def fall(enc: Table, state: EncounterState, command: cmd.Fall) -> Result:
    """Handler of :class:`~core.combat.commands.Fall` (see the module)."""
    ruleset, s, rules = enc.ruleset, enc.ruleset.settings, enc.ruleset.falling
    mover = state.combatant(command.combatant)
    if mover.position is None:
        raise IllegalCommand(f"{mover.name} is not on the map")
    height = command.height if command.height is not None else fall_height(state, ruleset, mover)
    if height is None:
        raise IllegalCommand(f"{mover.name} is on the ground: give the height of the fall in cells")
    if isinstance(height, bool) or not isinstance(height, int) or height < 0:
        raise IllegalCommand(f"a fall height is a whole number of cells, not {height!r}")
    onto = state.combatant(command.onto) if command.onto else None
    if onto is not None and onto.id == mover.id:
        raise IllegalCommand(f"{mover.name} cannot land on itself", "PR-FALL-2")
    events: list[ev.Event] = []
    falling = cond.levels(mover.conditions).get("falling", 0)
    this_round = _per_round(rules, first=not falling)
    rule = rules.long_fall_rule
    if height > this_round:  # a long fall: down this round's distance, the rest later
        rest = height - this_round
        conditions = tuple(c for c in mover.conditions if c.name != "falling") + (cond.Condition("falling", falling + this_round, source=rule),)
        x, y = mover.position
        state = state.replace_combatant(replace(mover, layer=Layer.AIR, altitude=rest, mounted_on=None, conditions=conditions))
        rounds_left = ruleset.fall(rest).rounds if rules.rounds_by_dice else -(-rest // _per_round(rules, first=False))
        events.append(ev.Fell(mover.id, mover.name, rule, height, height, 0, False, (x, y), cause=command.cause or "a long fall", rounds_left=rounds_left))
        return state, tuple(events)
    check = None
    reduction = 0
    if command.controlled:
        if not rules.controlled:
            raise IllegalCommand(f"{ruleset.id} has no controlled fall", "EQ-FALL-2")
        check = ruleset.roll_check(enc.rng, mover.stat(rules.controlled_skill), purpose="controlled fall (EQ-FALL-2)")
        if check.tier.succeeded:
            reduction = rules.controlled_reduction
    total = max(0, falling + height - reduction)
    carrier = mover.mounted_on or _climbed(mover)
    around = onto.position if onto is not None and onto.position else mover.position
    if onto is not None or carrier:
        landed = free_cell_near(state, mover, around, enc.rng)
    else:
        landed = mover.position
    agility = mover.stat(rules.agility_stat) if rules.agility_stat else 0
    depth = water_depth(state.grid, landed, s)  # how deep: house rules water_depth, deep_water_depth
    result = ruleset.fall(total, agility, depth)
    dice = None
    amount = result.damage
    if result.dice:
        dice = roll(result.dice, enc.rng)
        amount = max(0, dice.total)
    prone = result.prone or (onto is not None and rules.lands_prone_on_creature)  # PR-FALL-2: lands prone
    kept = tuple(c for c in mover.conditions if c.name not in ("falling", "climbing"))
    state = state.replace_combatant(replace(mover, position=landed, layer=Layer.GROUND, altitude=0, mounted_on=None, conditions=kept))
    events.append(ev.Fell(
        mover.id, mover.name, result.rule or rule, total, result.effective_height, amount, prone, landed, dice,
        command.cause, onto.id if onto else "", onto.name if onto else "", 0, check,
    ))

    victims = [mover.id] + ([onto.id] if onto is not None else [])
    for victim in victims:
        if amount <= 0:
            break
        target = state.combatant(victim)
        outcome = resolve(s, (DamagePart(amount, DamageType(s.fall_damage_type)),), armour=target.armour,
                          resistances=target.resistances, weaknesses=target.weaknesses, immunities=target.immunities)
        state, dealt = apply_outcome(enc, state, victim, outcome, (dice,) if dice else (), f"fall of {total} cells ({result.rule or rule})")
        events.extend(dealt)
    landed_as = state.combatant(mover.id)
    if prone and "prone" in ruleset.conditions and not landed_as.dead and "prone" not in cond.levels(landed_as.conditions):
        state, added = add_condition(enc, state, mover.id, cond.Condition("prone", source="fall"))
        events.extend(added)
    if onto is not None and rules.knockdown_stat and rules.size_of is not None and not state.combatant(onto.id).dead:
        _, knocked = land_on_creature(result, rules.size_of(mover), onto.stat(rules.knockdown_stat))
        if knocked:
            state, added = add_condition(enc, state, onto.id, cond.Condition("prone", source=f"{mover.name} landed on it (PR-FALL-2)"))
            events.extend(added)
    return state, tuple(events)


def after_condition(enc: Table, state: EncounterState, target_id: str, name: str) -> Result:
    """Falls a new condition causes: a flier knocked prone or at speed 0
    falls unless it hovers (PR-MOV-5, setting ``prone_flier_falls``); a
    climber or rider knocked prone falls to an adjacent space (PR-CLB-2)."""
    s = enc.ruleset.settings
    target = state.combatant(target_id)
    if not s.prone_flier_falls or target.position is None:
        return state, ()
    speed_zero = name in s.speed_zero_conditions
    if target.altitude > 0 and falls_from_flight(target, name == "prone", 0 if speed_zero else 1):
        return fall(enc, state, cmd.Fall(target_id, cause=f"{name} in flight (PR-MOV-5)"))
    if name == "prone" and (target.mounted_on or _climbed(target)):
        return fall(enc, state, cmd.Fall(target_id, cause="knocked prone while climbing or riding (PR-CLB-2)"))
    return state, ()


HANDLERS = {cmd.Fall: fall}
