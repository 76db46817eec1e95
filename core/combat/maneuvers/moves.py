"""Handlers of the movement maneuvers besides jumps and falls:
burrowing (PR-BUR-1..4), climbing a creature and being shaken off
(PR-CLB-1), teleport (PR-TEL-1, PR-TEL-2) and squeezing (SRD-MOV-8);
forced movement on the ground is :mod:`core.combat.maneuvers.forced`.

A maneuver that costs an action in combat spends the kind the ruleset's
settings name (``dig_action``, ``shake_off_action``: DEFAULTs), refused
like any spend. Power rolls are the ruleset's checks; the tier decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.values import conditions as cond
from core.combat import events as ev
from core.board.battlefield import cells_apart
from core.dice.checks import Tier
from core.errors import IllegalCommand
from core.values.mobility import Layer, MoveType
from core.board.grid import as_cell
from core.combat.economy import spend_kind
from core.combat.resolution import add_condition, take_hp
from core.combat.maneuvers.falls import fall, free_cell_near
from core.board.geometry.sight import line_of_effect
from core.board.movement import Path, find_path, minimum_move as squares
from core.combat.maneuvers.jumps import landing_refusal
from core.combat.maneuvers.forced import forced_line

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]
_TIER = {Tier.TIER_1: 1, Tier.TIER_2: 2, Tier.TIER_3: 3}


@dataclass(frozen=True)
class BurrowingRules:
    """The capability :attr:`Ruleset.burrowing`: burrowing (PR-BUR-1..4) and
    climbing a creature (PR-CLB-1), filled by the ruleset from its settings
    and rules. ``dig_action``: the kind a dig, Dig Earth or pulling out
    spends; ``shake_off_action``: the kind shaking a climber off spends;
    ``forced_move(cells, vertical)`` -> (cells moved, damage) of a burrowed
    creature (PR-BUR-2); ``climb(tier, willing, climber_size, target_size)``
    and ``shake_off(tier)`` -> an outcome with ``climbs``, ``free_strike``,
    ``falls``, ``slides_off``, ``prone`` (PR-CLB-1); ``size_of`` a creature's
    size number (PR-STAT-1). The movement model digs (``dig``, ``dig_earth``)."""

    dig_action: str
    shake_off_action: str
    forced_move: Callable[[int, bool], tuple[int, int]]
    climb: Callable[[int | None, bool, int, int], Any]
    shake_off: Callable[[int], Any]
    size_of: Callable[[Any], int]
    obstacle_damage: int = 1  # seed 004 forced movement (Revision 3 DEFAULT): damage per cell not moved at an obstacle


def _spend(enc: Table, state: EncounterState, who: str, kind: str) -> Result:
    if state.round == 0 or not kind:
        return state, ()

    return spend_kind(enc, state, who, kind)


def _burrowing(enc: Table, rule: str) -> BurrowingRules:
    rules = enc.ruleset.burrowing
    if rules is None:
        raise IllegalCommand(f"{enc.ruleset.id} has no such maneuver", rule)
    return rules


def _needs(enc: Table, rule: str) -> Any:
    _burrowing(enc, rule)
    return enc.ruleset.movement


def _power_roll(enc: Table, who: Any, purpose: str) -> tuple[Any, int]:
    """A Might-or-Agility power roll (the better of the two): (check, tier 1-3)."""
    s = enc.ruleset.settings
    check = enc.ruleset.roll_check(enc.rng, max(who.stat(s.might_stat), who.stat(s.agility_stat)), purpose=purpose)
    return check, _TIER.get(check.tier, 3 if check.tier.succeeded else 1)


def _without(conditions: tuple[cond.Condition, ...], *names: str) -> tuple[cond.Condition, ...]:
    return tuple(c for c in conditions if c.name not in names)


# -- burrowing -----------------------------------------------------------------------
def _depth_level(who: Any) -> int:
    """Ground = 1; burrowed at altitude a = a (0 touches the surface, below is underground)."""
    return who.altitude if who.layer is Layer.BURROWED else 1


def _at_level(who: Any, level: int) -> Any:
    if level >= 1:
        return replace(who, layer=Layer.GROUND, altitude=0)
    return replace(who, layer=Layer.BURROWED, altitude=level)


def _earth(state: EncounterState, who: Any, rule: str) -> None:
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map", rule)
    terrain = state.grid.terrain(who.position)
    if not terrain.burrowable:
        raise IllegalCommand(f"{who.name} cannot dig through {terrain.name}: only earth, not stone", "PR-BUR-1")
    if who.layer not in (Layer.GROUND, Layer.BURROWED):
        raise IllegalCommand(f"{who.name} is {who.layer.value}, not on or in the ground", rule)


def dig(enc: Table, state: EncounterState, command: cmd.Dig) -> Result:
    """PR-BUR-1 dig maneuver: as many cells down (or up) as its size; needs
    a burrow speed >= its size; never deeper while grabbing (grappling) a
    conscious creature."""
    model = _needs(enc, "PR-BUR-1")
    who = state.combatant(command.combatant)
    _earth(state, who, "PR-BUR-1")
    if not command.down and who.layer is not Layer.BURROWED:
        raise IllegalCommand(f"{who.name} is not in the ground", "PR-BUR-1")
    grabbing = any(c.name == "grappled" and c.source == who.id and not c2.defeated
                   for c2 in state.combatants for c in c2.conditions)
    cells = model.dig(who, grabbing_conscious=grabbing, deeper=command.down)
    state, events = _spend(enc, state, who.id, _burrowing(enc, "PR-BUR-1").dig_action)
    who = state.combatant(who.id)
    level = _depth_level(who) + (-cells if command.down else cells)
    moved = _at_level(who, level)
    where = "on the surface" if moved.layer is Layer.GROUND else f"at depth {-moved.altitude}" if moved.altitude < 0 else "in the ground, touching the surface"
    event = ev.Maneuvered(who.id, who.name, "PR-BUR-1", f"digs {'down' if command.down else 'up'} {cells} cell(s)", where)
    return state.replace_combatant(moved), events + (event,)


def dig_earth(enc: Table, state: EncounterState, command: cmd.DigEarth) -> Result:
    """PR-BUR-3 Dig Earth (speed >= 2), Might roll: tier 1 moves 1 cell,
    slowed and weakened (save ends); tier 2 also spends the main action,
    slowed; tier 3 moves 1 cell."""
    model = _needs(enc, "PR-BUR-3")
    s = enc.ruleset.settings
    who = state.combatant(command.combatant)
    _earth(state, who, "PR-BUR-3")
    if not command.down and who.layer is not Layer.BURROWED:
        raise IllegalCommand(f"{who.name} is not in the ground", "PR-BUR-3")
    model.dig_earth(who, 3)  # refuses a speed below 2 before anything is spent
    state, events = _spend(enc, state, who.id, _burrowing(enc, "PR-BUR-1").dig_action)
    who = state.combatant(who.id)
    check = enc.ruleset.roll_check(enc.rng, who.stat(s.might_stat), purpose="Dig Earth (PR-BUR-3)")
    outcome = model.dig_earth(who, _TIER.get(check.tier, 1))
    found: list[ev.Event] = list(events)
    if outcome.uses_main_action and state.round > 0:
        state, spent = spend_kind(enc, state, who.id, enc.ruleset.attack_kind, override=True)
        found.extend(spent)
        who = state.combatant(who.id)
    level = _depth_level(who) + (-outcome.cells if command.down else outcome.cells)
    state = state.replace_combatant(_at_level(who, level))
    words = ", ".join(outcome.conditions) or "no ill effect"
    found.append(ev.Maneuvered(who.id, who.name, "PR-BUR-3", f"Dig Earth {'down' if command.down else 'up'} 1 cell", words, check))

    for name in outcome.conditions:
        state, added = add_condition(enc, state, who.id, cond.Condition(name, source="Dig Earth (save ends, PR-BUR-3)"))
        found.extend(added)
    return state, tuple(found)


def pull_out(enc: Table, state: EncounterState, command: cmd.PullOut) -> Result:
    """PR-BUR-4: on the ground next to a fully underground, willing
    burrower, a maneuver pulls it 1 cell up."""
    _needs(enc, "PR-BUR-4")
    puller, burrower = state.combatant(command.puller), state.combatant(command.burrower)
    if puller.layer is not Layer.GROUND:
        raise IllegalCommand(f"{puller.name} must stand on the ground", "PR-BUR-4")
    if burrower.layer is not Layer.BURROWED or burrower.altitude >= 0:
        raise IllegalCommand(f"{burrower.name} is not fully underground", "PR-BUR-4")
    if cells_apart(puller, burrower) != 1:
        raise IllegalCommand(f"{puller.name} must be next to {burrower.name}", "PR-BUR-4")
    state, events = _spend(enc, state, puller.id, _burrowing(enc, "PR-BUR-4").dig_action)
    burrower = state.combatant(burrower.id)
    state = state.replace_combatant(_at_level(burrower, burrower.altitude + 1))
    event = ev.Maneuvered(puller.id, puller.name, "PR-BUR-4", "pulls a burrower 1 cell up", "it is willing", None, burrower.id, burrower.name)
    return state, events + (event,)


def forced_move(enc: Table, state: EncounterState, command: cmd.ForcedMove) -> Result:
    """PR-BUR-2: a burrowed creature pushed sideways stays put and takes 1
    damage per cell; PR-FALL-4: pushed down in the air, it falls."""
    target = state.combatant(command.target)
    if isinstance(command.cells, bool) or not isinstance(command.cells, int) or command.cells < 1:
        raise IllegalCommand(f"forced movement is at least 1 cell, not {command.cells!r}")
    if command.down:
        if target.layer is not Layer.AIR:
            raise IllegalCommand(f"{target.name} is not in the air: pushed down it goes nowhere", "PR-FALL-4")

        return fall(enc, state, cmd.Fall(target.id, cause=f"forced {command.cells} cell(s) down (PR-FALL-4)"))
    if target.layer is not Layer.BURROWED:
        return forced_line(enc, state, target, command, _burrowing(enc, "PR-BUR-2").obstacle_damage)

    _, damage = _burrowing(enc, "PR-BUR-2").forced_move(command.cells, False)
    event = ev.Maneuvered(target.id, target.name, "PR-BUR-2", f"forced {command.cells} cell(s) while burrowed", f"does not move, takes {damage}")
    state, _, hurt, _ = take_hp(enc, state, target, damage)
    return state, (event, *hurt)


# -- climbing a creature -------------------------------------------------------------
def climb(enc: Table, state: EncounterState, command: cmd.ClimbCreature) -> Result:
    """PR-CLB-1: climbing a larger creature; willing -> on it; unwilling ->
    a Might-or-Agility roll: t1 fails and it gets a free strike, t2 fails,
    t3 climbs on."""
    rules = _burrowing(enc, "PR-CLB-1")
    climb_creature, size_number = rules.climb, rules.size_of

    climber, creature = state.combatant(command.climber), state.combatant(command.creature)
    if cells_apart(climber, creature) != 1:
        raise IllegalCommand(f"{climber.name} must be next to {creature.name}", "PR-CLB-1")
    if any(c.name == "climbing" for c in climber.conditions):
        raise IllegalCommand(f"{climber.name} is already climbing a creature", "PR-CLB-1")
    outcome = climb_creature(None, True, size_number(climber), size_number(creature))  # refuses a creature not larger
    check = None
    if not command.willing:
        check, tier = _power_roll(enc, climber, f"climb onto {creature.name} (PR-CLB-1)")
        outcome = climb_creature(tier, False, size_number(climber), size_number(creature))
    if outcome.climbs:
        conditions = climber.conditions + (cond.Condition("climbing", source=creature.id),)
        state = state.replace_combatant(replace(climber, conditions=conditions))
        words = "climbs on: melee against it with advantage"
    else:
        words = "fails; it gets a free strike" if outcome.free_strike else "fails"
    event = ev.Maneuvered(climber.id, climber.name, "PR-CLB-1", "climbs" if command.willing else "climbs an unwilling creature", words, check, creature.id, creature.name)
    return state, (event,)


def shake_off(enc: Table, state: EncounterState, command: cmd.ShakeOff) -> Result:
    """PR-CLB-1: the climber rolls against being shaken off: t1 falls to an
    adjacent cell with fall damage, prone; t2 slides off, not prone; t3 holds."""
    creature, climber = state.combatant(command.creature), state.combatant(command.climber)
    if not any(c.name == "climbing" and c.source == creature.id for c in climber.conditions):
        raise IllegalCommand(f"{climber.name} is not climbing {creature.name}", "PR-CLB-1")
    rules = _burrowing(enc, "PR-CLB-1")
    state, events = _spend(enc, state, creature.id, rules.shake_off_action)
    check, tier = _power_roll(enc, climber, f"hold on to {creature.name} (PR-CLB-1)")
    outcome = rules.shake_off(tier)
    words = "falls off, prone" if outcome.falls else "slides off" if outcome.slides_off else "holds on"
    found: list[ev.Event] = [*events, ev.Maneuvered(creature.id, creature.name, "PR-CLB-1", f"shakes {climber.name}", words, check, climber.id, climber.name)]
    if outcome.falls:
        state, fell = fall(enc, state, cmd.Fall(climber.id, cause=f"shaken off {creature.name} (PR-CLB-1)"))
        found.extend(fell)
        climber = state.combatant(climber.id)
        if "prone" not in cond.levels(climber.conditions):
            state, added = add_condition(enc, state, climber.id, cond.Condition("prone", source="shaken off (PR-CLB-1)"))
            found.extend(added)
    elif outcome.slides_off:
        assert climber.position is not None  # a climber is on the map
        cell = free_cell_near(state, climber, climber.position, enc.rng)
        kept = _without(climber.conditions, "climbing")
        state = state.replace_combatant(replace(climber, conditions=kept, position=cell))
    return state, tuple(found)


# -- teleport --------------------------------------------------------------------------
def teleport(enc: Table, state: EncounterState, command: cmd.Teleport) -> Result:
    """PR-TEL-1: teleporting itself: within its unmodified teleport speed
    (its movement in combat), line of effect, a free cell it may stand in,
    not its own; ends grabbed (grappled); ``stand`` gets a prone one up.
    PR-TEL-2: another creature, up to ``distance`` cells, line of effect
    from the space it leaves to the destination."""
    teleporter = state.combatant(command.teleporter)
    moved = state.combatant(command.target) if command.target else teleporter
    to = as_cell(command.to)
    if moved.position is None:
        raise IllegalCommand(f"{moved.name} is not on the map", "PR-TEL-1")
    if moved.id == teleporter.id:
        model = enc.ruleset.movement
        limit = model.speed(teleporter, MoveType.TELEPORT)  # unmodified speed; refuses without one
        path = find_path(state.grid, enc.ruleset, teleporter, state.combatants, to, move=MoveType.TELEPORT, budget=limit)
        distance, rule = path.cost, "PR-TEL-1"
    else:
        rule = "PR-TEL-2"
        if command.distance is None or command.distance < 1:
            raise IllegalCommand("say how far the effect teleports it (cells)", rule)
        distance = max(abs(to[0] - moved.position[0]), abs(to[1] - moved.position[1]))
        if distance == 0:
            raise IllegalCommand(f"{moved.name} must change space", "PR-TEL-1")
        if distance > command.distance:
            raise IllegalCommand(f"the effect teleports {command.distance} cell(s), ({to[0]}, {to[1]}) is {distance} away", rule)

        landing_refusal(state, moved, to, rule)
        if not line_of_effect(state.grid, moved.position, to):
            raise IllegalCommand(f"no line of effect from {moved.name}'s space to ({to[0]}, {to[1]})", rule)
    kept = _without(moved.conditions, "grappled", *(("prone",) if command.stand else ()))
    budget = moved.budget
    if state.round > 0 and moved.id == teleporter.id:
        budget = replace(budget, movement=0)
    state = state.replace_combatant(replace(moved, position=to, conditions=kept, budget=budget))
    words = f"to ({to[0]}, {to[1]}), {distance} cell(s)" + (", stands" if command.stand else "")
    other = (moved.id, moved.name) if moved.id != teleporter.id else ("", "")
    return state, (ev.Maneuvered(teleporter.id, teleporter.name, rule, "teleports" + (f" {moved.name}" if other[0] else ""), words, None, *other),)


# -- squeezing ---------------------------------------------------------------------------
def squeeze(enc: Table, state: EncounterState, command: cmd.Squeeze) -> Result:
    """SRD-MOV-8: start or stop squeezing (each square costs double, -4 to
    attacks and AC: setting ``squeeze_penalty``)."""
    who = state.combatant(command.combatant)
    if "squeezing" not in enc.ruleset.conditions:
        raise IllegalCommand(f"{enc.ruleset.id} has no squeezing rule", "SRD-MOV-8")
    squeezing = "squeezing" in cond.levels(who.conditions)
    if squeezing == command.on:
        raise IllegalCommand(f"{who.name} is {'already' if squeezing else 'not'} squeezing", "SRD-MOV-8")
    shaped, source = enc.ruleset.squeeze_shape(state, who, command)  # SRD-MOV-17: a wide creature in a 1-square passage
    if command.on:
        conditions = who.conditions + (cond.Condition("squeezing", source=source),)
    else:
        conditions = tuple(c for c in cond.remove(who.conditions, "squeezing") if c.name != "squeezing tightly")  # SRD-MOV-17 too
    state = state.replace_combatant(replace(shaped, conditions=conditions))
    s = enc.ruleset.settings
    words = f"each square costs double, {s.squeeze_penalty:+d} to attacks and AC" if command.on else "moves and fights normally again"
    if shaped.space != who.space:
        words += f"; takes {shaped.space[0]}x{shaped.space[1]} squares"
    rule = "SRD-MOV-17" if shaped.space != who.space else "SRD-MOV-8"
    return state, (ev.Maneuvered(who.id, who.name, rule, "squeezes" if command.on else "stops squeezing", words),)


# -- minimum movement ---------------------------------------------------------------------
def minimum_move(enc: Table, state: EncounterState, command: cmd.MinimumMove) -> Result:
    """SRD-MOV-10: the full round buys 1 square in any direction unless it
    is blocked outright; not a 5-ft step, so it provokes (SRD-MOV-18)."""
    who = state.combatant(command.combatant)
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map", "SRD-MOV-10")
    to = as_cell(command.to)
    if to not in squares(state.grid, enc.ruleset, who, state.combatants):
        raise IllegalCommand(f"a minimum move goes to a next square that is not blocked, not ({to[0]}, {to[1]})", "SRD-MOV-10")
    events: tuple[ev.Event, ...] = ()
    if state.round > 0:
        state, events = spend_kind(enc, state, who.id, "full_round")
        who = state.combatant(who.id)
    state = state.replace_combatant(replace(who, position=to, budget=replace(who.budget, movement=0)))
    event = ev.Maneuvered(who.id, who.name, "SRD-MOV-10", f"moves 1 square to ({to[0]}, {to[1]}) with its full round",
                          "it provokes attacks of opportunity as usual (SRD-MOV-18)")

    state, provoked = enc.ruleset.after_move(enc, state, who, Path((to,), 1))  # SRD-MOV-16, -18: who it provokes
    return state, events + (event, *provoked)


HANDLERS = {
    cmd.Squeeze: squeeze,
    cmd.Teleport: teleport,
    cmd.Dig: dig,
    cmd.DigEarth: dig_earth,
    cmd.PullOut: pull_out,
    cmd.ForcedMove: forced_move,
    cmd.ClimbCreature: climb,
    cmd.ShakeOff: shake_off,
    cmd.MinimumMove: minimum_move,
}
