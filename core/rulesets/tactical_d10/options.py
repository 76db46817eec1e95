"""``tactical_d10``'s automatic turn effect and optional test mechanics
(rules TAC-ACT-3, TAC-OPT-1).

- TAC-ACT-3: a tripped creature stays prone until its own round, when it
  must stand: at the start of its turn it stands by itself, paying the
  stand-up MP (setting ``stand_mp``, TAC-MOV-2); with fewer MP left it stays
  down. Logged; handing the turn back (``PreviousTurn``) gives it back.
- TAC-OPT-1, each a house-rule switch of :class:`TacticalSettings`
  (default off) read by the rule it changes: a jump from a crouch is 1
  easier (``opt_crouched_jump``); a grappler may shove its grappled foe the
  other way, as from its own cell (``opt_shove_while_grappling``); on the
  turn after a dash, an attack deals floor(Body / 2) more damage
  (``opt_dash_attack``), a shove carries 1 more cell (``opt_dash_shove``), a
  jump 1 more cell at the same difficulty (``opt_dash_jump``), a long
  piercing weapon deals the same damage to the creature behind the target
  (``opt_dash_long_pierce``); three or more shield bearers in a row raise
  their shield bonus by 1 (``opt_shield_wall``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Iterable

from core.board.senses import SHIELD_WALL  # the reason a shield-wall modifier starts with
from core.values import conditions as cond
from core.combat import events as ev
from core.dice.checks import Modifier
from core.values.combatant import Combatant
from core.combat.damage import DamageType
from core.combat.resolution import apply_outcome

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def _on(settings: Any, switch: str) -> bool:
    return bool(getattr(settings, switch, False))


# -- TAC-ACT-3 ----------------------------------------------------------------------
def tripped(state: EncounterState, creature: Combatant) -> bool:
    """Whether it lies prone because another creature tripped it (the
    condition's source is that creature's id; lying down by choice or a fall is not)."""
    return any(c.name == "prone" and c.source and state.has(c.source) for c in creature.conditions)


def stand_up_tripped(enc: Table, state: EncounterState, creature_id: str) -> Result:
    """TAC-ACT-3 at the start of ``creature_id``'s turn (after its MP refresh)."""
    s = enc.ruleset.settings
    creature = state.combatant(creature_id)
    if not getattr(s, "tripped_stand_at_turn_start", False) or not tripped(state, creature):
        return state, ()
    cost = enc.ruleset.movement_action_cost("stand")
    if creature.budget.movement < cost:
        note = f"stays prone: standing costs {cost} MP, {creature.budget.movement} left"
        return state, (ev.Maneuvered(creature.id, creature.name, "TAC-ACT-3", "must stand up after the trip", note),)
    budget = replace(creature.budget, movement=creature.budget.movement - cost)
    kept = tuple(c for c in creature.conditions if c.name != "prone")
    state = state.replace_combatant(replace(creature, conditions=kept, budget=budget))
    return state, (
        ev.Maneuvered(creature.id, creature.name, "TAC-ACT-3", "stands up after the trip", f"{cost} MP spent, {budget.movement} left"),
        ev.ConditionRemoved(creature.id, creature.name, "prone", "stood up at the start of its turn (TAC-ACT-3)"),
    )


# -- TAC-OPT-1 ----------------------------------------------------------------------
def dashed_last_turn(creature: Combatant) -> bool:
    """On the turn after a dash: ``moving`` (TAC-POS-5) with one end of its turn left."""
    return any(c.name == "moving" and c.duration.boundary is cond.Boundary.END and c.duration.count == 1 for c in creature.conditions)


def dash_attack_bonus(settings: Any, attacker: Combatant) -> int:
    """TAC-OPT-1 "attack after a dash": floor(Body / 2) more damage (0 when off or not after a dash)."""
    if not _on(settings, "opt_dash_attack") or not dashed_last_turn(attacker):
        return 0
    return max(0, attacker.stat(getattr(settings, "defend_stat", "BODY")) // 2)


def jump_options(settings: Any, mover: Combatant, distance: int) -> tuple[int, int, tuple[str, ...]]:
    """TAC-OPT-1 for a TAC-MOV-3 jump of ``distance`` cells: (obstacle cells
    it clears, how much easier it is, notes)."""
    obstacles, easier, notes = distance - 1, 0, []
    if _on(settings, "opt_dash_jump") and dashed_last_turn(mover) and distance >= 3:
        obstacles -= settings.dash_jump_cells
        notes.append(f"{settings.dash_jump_cells} more cell after its dash (TAC-OPT-1)")
    if _on(settings, "opt_crouched_jump") and "crouched" in cond.levels(mover.conditions):
        easier = settings.crouched_jump_easier
        notes.append(f"from a crouch, difficulty -{easier} (TAC-OPT-1)")
    return obstacles, easier, tuple(notes)


def after_shove(settings: Any, state: EncounterState, attacker: Combatant, target: Combatant, cells: int) -> tuple[ev.Event, ...]:
    """TAC-OPT-1 notes of a successful shove: 1 more cell after a dash, and
    the other way as from the grappler's cell when it holds the target."""
    found: list[ev.Event] = []
    if _on(settings, "opt_dash_shove") and dashed_last_turn(attacker):
        found.append(ev.Maneuvered(attacker.id, attacker.name, "TAC-OPT-1", "shove after a dash",
                                   f"{target.name} is pushed {cells + settings.dash_shove_cells} cell(s), not {cells}", None, target.id, target.name))
    holds = any(c.name == "grappled" and c.source == attacker.id for c in target.conditions)
    if _on(settings, "opt_shove_while_grappling") and holds:
        found.append(ev.Maneuvered(attacker.id, attacker.name, "TAC-OPT-1", "shove while grappling",
                                   f"{target.name} may be pushed the other way, as if from {attacker.name}'s cell", None, target.id, target.name))
    return tuple(found)


def _direction(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))


def behind(state: EncounterState, attacker: Combatant, target: Combatant) -> Combatant | None:
    """The creature in the cell just behind ``target`` on the line from ``attacker``."""
    if attacker.position is None or target.position is None:
        return None
    dx, dy = _direction(attacker.position, target.position)
    cell = (target.position[0] + dx, target.position[1] + dy)
    return next((c for c in state.combatants if cell in c.cells and c.id not in (attacker.id, target.id) and not c.dead), None)


def long_pierce(enc: Table, state: EncounterState, attacker: Combatant, target: Combatant, weapon: Any, damage: Any) -> Result:
    """TAC-OPT-1: after a dash, a hit of a long piercing weapon deals the
    same damage to the creature behind the target."""
    s = enc.ruleset.settings
    if not _on(s, "opt_dash_long_pierce") or damage is None or not getattr(weapon, "long", False):
        return state, ()
    if not any(d.damage_type is DamageType.PIERCING for d in weapon.damage) or not dashed_last_turn(attacker):
        return state, ()
    victim = behind(state, attacker, target)
    if victim is None:
        return state, ()
    note = ev.Maneuvered(attacker.id, attacker.name, "TAC-OPT-1", f"long piercing strike after a dash goes through {target.name}",
                         f"the same damage to {victim.name}", None, victim.id, victim.name)
    state, dealt = apply_outcome(enc, state, victim.id, damage, (), f"{attacker.name}: {weapon.name} (through {target.name})")
    return state, (note, *dealt)


def _shield(settings: Any, creature: Combatant) -> bool:
    word = getattr(settings, "shield_word", "shield").lower()
    return any(word in item.lower() for item in creature.inventory.quick + creature.inventory.slow + tuple(h.item for h in creature.held))


def shield_wall(settings: Any, target: Combatant, combatants: Iterable[Combatant]) -> bool:
    """TAC-OPT-1: ``target`` bears a shield in a straight row of at least
    ``shield_wall_size`` adjacent shield bearers of its side."""
    if not _on(settings, "opt_shield_wall") or target.position is None or not _shield(settings, target):
        return False
    bearers = {c.position for c in combatants if c.side is target.side and c.position is not None and not c.defeated and _shield(settings, c)}
    x, y = target.position
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            step = 1
            while (x + sign * dx * step, y + sign * dy * step) in bearers:
                run += 1
                step += 1
        if run >= settings.shield_wall_size:
            return True
    return False


def shield_wall_modifier(settings: Any, target: Combatant, combatants: Iterable[Combatant]) -> tuple[Modifier, ...]:
    """The attack modifier of a shield wall (the shield bonus + 1), or none."""
    if not shield_wall(settings, target, combatants):
        return ()
    return (Modifier(-settings.shield_wall_bonus, f"{SHIELD_WALL}: {target.name}'s shield bonus +{settings.shield_wall_bonus}", "TAC-OPT-1"),)
