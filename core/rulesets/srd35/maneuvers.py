"""srd35's movement details: armour, load and speed bonuses
(SRD-MOV-13), bodies that are obstacles (SRD-MOV-15), attacks of
opportunity, the 5-ft step and standing up (SRD-MOV-16); Tumble, Overrun
and squeezing are :mod:`core.rulesets.srd35.passing`.

Handlers of :mod:`core.rulesets.srd35.commands`, plus :func:`provokers` (who gets an
attack of opportunity when a creature leaves squares), read by the srd35
ruleset after a move and in a move's preview. Numbers are settings of the
ruleset (``encumbered_speeds``, ``slowing_armour``, ``slowing_loads``; DEFAULT d20 SRD).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from core.rulesets.srd35 import commands as sc
from core.combat import events as ev
from core.board.battlefield import melee_reach
from core.values.combatant import ActionBudget, Combatant, Side
from core.errors import IllegalCommand
from core.board.grid import Cell, as_cell
from core.values.mobility import footprint_offsets
from core.combat.economy import spend_kind
from core.combat.resolution import attack
from core.board.movement import find_path
from core.combat.move_options import move_options

if TYPE_CHECKING:
    from core.rulesets.srd35.movement import SrdMovement
    from core.combat.state import EncounterState, Table, TableView

Result = tuple[Any, tuple[ev.Event, ...]]
ARMOUR = ("", "light", "medium", "heavy")
LOADS = ("", "light", "medium", "heavy")
BODIES = ("", "obstacle", "fills")
AOO = "aoo"  # the srd35 action kind of an attack of opportunity


def marked(who: Combatant, *marks: str) -> Combatant:
    """``who`` with ``marks`` on its turn's budget (once each, newest last: ``stepped``, ``provoked:<id>``, ``pass:<id>``)."""
    kept = tuple(m for m in who.budget.marks if m not in marks)
    return replace(who, budget=replace(who.budget, marks=kept + marks))


def allied(a: Combatant, b: Combatant) -> bool:
    """Whether ``a`` and ``b`` are on one side (neutrals are nobody's allies)."""
    return a.side is b.side and a.side is not Side.NEUTRAL


def _land(enc: Table, who: Combatant) -> str:
    feet, how = cast("SrdMovement", enc.ruleset.movement).land_speed(who)  # the srd35 ruleset's
    return f"land speed {feet} ft ({feet // enc.ruleset.settings.feet_per_square} squares): {how}"


# -- SRD-MOV-13 -------------------------------------------------------------------------
def set_burden(enc: Table, state: EncounterState, command: sc.SetBurden) -> Result:
    """SRD-MOV-13: set armour, load and speed bonuses; the log says the
    land speed they give. Refuses unknown words and bonuses outside 0..120 ft
    (0 removes that type); a bonus of a type already held keeps the larger
    (same-type bonuses do not stack). Takes effect from its next turn."""
    who = state.combatant(command.combatant)
    changes: dict[str, Any] = {}
    if command.armour is not None:
        if command.armour not in ARMOUR:
            raise IllegalCommand(f"armour is one of none, light, medium, heavy, not {command.armour!r}", "SRD-MOV-13")
        changes["armour_weight"] = command.armour
    if command.load is not None:
        if command.load not in LOADS:
            raise IllegalCommand(f"a load is light, medium or heavy, not {command.load!r}", "SRD-MOV-13")
        changes["load"] = command.load
    if command.bonuses is not None:
        bonuses = dict(who.speed_bonuses)
        for kind, feet in command.bonuses.items():
            if not kind.isalpha() or len(kind) > 20:
                raise IllegalCommand(f"a speed bonus type is one word (enhancement, barbarian, monk ...), not {kind!r}", "SRD-MOV-13")
            if isinstance(feet, bool) or not isinstance(feet, int) or not 0 <= feet <= 120:
                raise IllegalCommand(f"a speed bonus is 0..120 ft, not {feet!r}", "SRD-MOV-13")
            if feet == 0:
                bonuses.pop(kind.lower(), None)
            else:
                bonuses[kind.lower()] = max(feet, bonuses.get(kind.lower(), 0))
        changes["speed_bonuses"] = bonuses
    new = replace(who, **changes)
    if new == who:
        raise IllegalCommand("nothing to change", "SRD-MOV-13")
    words = f"armour {new.armour_weight or 'none'}, load {new.load or 'light'}"
    return state.replace_combatant(new), (ev.Maneuvered(who.id, who.name, "SRD-MOV-13", words, _land(enc, new)),)


def set_body(enc: Table, state: EncounterState, command: sc.SetBody) -> Result:
    """SRD-MOV-15 / -16: mark a body "obstacle", "fills" or neither."""
    who = state.combatant(command.combatant)
    if command.body not in BODIES:
        raise IllegalCommand(f"a body is 'obstacle', 'fills' or '' (neither), not {command.body!r}", "SRD-MOV-15")
    if who.body == command.body:
        raise IllegalCommand(f"{who.name}'s body is already {command.body or 'ordinary'}", "SRD-MOV-15")
    rule, words = {
        "obstacle": ("SRD-MOV-15", "helpless, each square of its body costs 2 to cross"),
        "fills": ("SRD-MOV-16", "it fills its squares: nobody tumbles through them"),
        "": ("SRD-MOV-15", "an ordinary body again"),
    }[command.body]
    return state.replace_combatant(replace(who, body=command.body)), (ev.Maneuvered(who.id, who.name, rule, "body marked", words),)


# -- SRD-MOV-16: attacks of opportunity -----------------------------------------------------
def threatens(settings: Any, attacker: Combatant, cells: Iterable[Cell]) -> bool:
    """Whether ``attacker`` threatens any of ``cells``: on the map, not
    helpless, within its melee reach (:func:`core.board.battlefield.melee_reach`:
    1 square = 5 ft for Small and Medium creatures, more for larger ones)."""
    if attacker.defeated or not attacker.cells:
        return False
    reach = melee_reach(settings, attacker)
    return any(max(abs(p[0] - q[0]), abs(p[1] - q[1])) <= reach for p in attacker.cells for q in cells)


def provokers(state: EncounterState, ruleset: Any, mover: Combatant, left: Sequence[Cell]) -> tuple[Combatant, ...]:
    """Rule SRD-MOV-16 (DEFAULT d20 SRD): the enemies of ``mover`` that
    threaten a square it leaves (``left``: anchors of its footprint, the
    start and every square of the path but the last); none while it
    tumbles. Each provokes once, however many squares it leaves."""
    if "tumbling" in mover.budget.marks or not left:
        return ()
    offsets = footprint_offsets((max(1, mover.space[0]), max(1, mover.space[1])))
    squares = {(x + dx, y + dy) for x, y in left for dx, dy in offsets}
    return tuple(
        other for other in state.combatants
        if other.id != mover.id and not allied(mover, other) and other.layer is mover.layer
        and threatens(ruleset.settings, other, squares)
    )


def moved_budget(mover: Combatant, speed: int) -> tuple[ActionBudget, bool]:
    """SRD-MOV-9 (seed 002: moving is the move action): after a move in
    combat, each move action (``speed`` squares) whose move the path reached
    is spent; the budget gets the mark ``moved`` (no 5-ft step this round).
    Returns the budget and whether a move action was spent."""
    budget = mover.budget
    whole = budget.movement // speed if speed > 0 else budget.left("move")
    begun = max(0, budget.left("move") - whole)
    for _ in range(begun):
        budget = budget.spend("move")
    marks = budget.marks if "moved" in budget.marks else budget.marks + ("moved",)
    return replace(budget, marks=marks), begun > 0


def after_move(enc: Table, state: EncounterState, before: Combatant, path: Any) -> Result:
    """SRD-MOV-16: a move in combat that leaves threatened squares provokes;
    the mover's turn remembers from whom (its budget's ``provoked:<id>``
    marks) so each may take its attack of opportunity (an offer)."""
    if state.round <= 0 or before.position is None:
        return state, ()
    events: list[ev.Event] = []
    if state.current == before.id:  # SRD-MOV-9: moving takes the move action
        mover = state.combatant(before.id)
        budget, begun = moved_budget(mover, cast(Any, enc.ruleset).speed_cells(mover))  # Srd35.speed_cells, as its fresh budget
        state = state.replace_combatant(replace(mover, budget=budget))
        if begun:
            events.append(ev.ActionSpent(mover.id, mover.name, "move", budget.left("move"), False))
    found = provokers(state, enc.ruleset, before, (before.position, *path.cells[:-1]))
    if not found:
        return state, tuple(events)
    mover = marked(state.combatant(before.id), *(f"provoked:{o.id}" for o in found))
    names = ", ".join(o.name for o in found)
    events.append(ev.Maneuvered(mover.id, mover.name, "SRD-MOV-16", "leaves threatened squares", f"provokes attacks of opportunity from {names}"))
    return state.replace_combatant(mover), tuple(events)


def opportunity_refusal(enc: TableView, state: EncounterState, attacker: Combatant, target: Combatant) -> str | None:
    """Why ``attacker`` cannot make an attack of opportunity on ``target``
    now, or ``None``: in combat, an enemy, its one a round left, and the
    target provoked it (left a square it threatens) or is within its reach."""
    if state.round <= 0:
        return "attacks of opportunity happen in combat"
    if attacker.id == target.id or allied(attacker, target):
        return f"{attacker.name} and {target.name} are on the same side"
    if attacker.defeated:
        return f"{attacker.name} is helpless"
    if AOO not in attacker.budget.actions and state.round <= 1:
        return f"{attacker.name} has not had a turn yet: flat-footed, no attack of opportunity (DEFAULT d20 SRD)"
    if AOO in attacker.budget.actions and attacker.budget.left(AOO) <= 0:
        return f"{attacker.name} has no attack of opportunity left this round (SRD-MOV-16)"
    if f"provoked:{attacker.id}" not in target.budget.marks and not threatens(enc.ruleset.settings, attacker, target.cells):
        return f"{target.name} did not provoke {attacker.name} and is out of its reach (SRD-MOV-16)"
    return None


def opportunity_attack(enc: Table, state: EncounterState, command: sc.OpportunityAttack) -> Result:
    """SRD-MOV-16: spend the attacker's attack of opportunity (a reaction),
    then the attack (no standard action spent). A target that provoked and
    moved on out of reach is attacked where it is, as it left (logged)."""
    attacker, target = state.combatant(command.attack.attacker), state.combatant(command.attack.target)
    refusal = opportunity_refusal(enc, state, attacker, target)
    if refusal is not None:
        raise IllegalCommand(refusal, "SRD-MOV-16")
    if AOO not in attacker.budget.actions:  # a fight saved before attacks of opportunity were kept: its one this round
        state = state.replace_combatant(replace(attacker, budget=attacker.budget.grant(AOO, enc.ruleset.settings.opportunity_attacks)))
    state, spent = spend_kind(enc, state, attacker.id, AOO)
    provoked = f"provoked:{attacker.id}"
    moved_on = provoked in target.budget.marks and not threatens(enc.ruleset.settings, attacker, target.cells)
    target = replace(target, budget=replace(target.budget, marks=tuple(m for m in target.budget.marks if m != provoked)))
    state = state.replace_combatant(target)
    note = ev.Maneuvered(attacker.id, attacker.name, "SRD-MOV-16", "attack of opportunity",
                         "as it left a threatened square" if moved_on else "it threatens the target", None, target.id, target.name)
    state, events = attack(enc, state, replace(command.attack, spend_action=False, override=command.attack.override or moved_on))
    return state, (*spent, note, *events)


def step_refusal(who: Combatant) -> str | None:
    """Why ``who`` may take no 5-ft step this round (it already moved or
    stepped; rule SRD-MOV-9), or ``None``."""
    if "moved" in who.budget.marks or "stepped" in who.budget.marks:
        return f"{who.name} already moved this round: no 5-ft step"
    return None


def five_foot_step(enc: Table, state: EncounterState, command: sc.FiveFootStep) -> Result:
    """SRD-MOV-9, -16: 1 square costing 1 (not into difficult terrain), only
    if it has not moved this round; it provokes nothing and ends its
    movement this round."""
    who = state.combatant(command.combatant)
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map", "SRD-MOV-9")
    fighting = state.round > 0
    refusal = step_refusal(who) if fighting else None
    if refusal:
        raise IllegalCommand(refusal, "SRD-MOV-9")
    path = find_path(state.grid, enc.ruleset, who, state.combatants, as_cell(command.to), options=move_options(state, who, enc.ruleset))
    if len(path.cells) != 1 or path.cost != 1:
        raise IllegalCommand(f"a 5-ft step is 1 square costing 1; ({command.to[0]}, {command.to[1]}) costs {path.cost}", "SRD-MOV-9")
    moved = replace(who, position=path.cells[-1])
    if fighting:
        moved = marked(replace(moved, budget=replace(moved.budget, movement=0)), "stepped")
    event = ev.Moved(who.id, who.name, who.position, path.cells, path.cost, moved.budget.movement)
    note = ev.Maneuvered(who.id, who.name, "SRD-MOV-16", "takes a 5-ft step", "provokes no attack of opportunity; no more movement this round")
    return state.replace_combatant(moved), (event, note)


def stand_up(enc: Table, state: EncounterState, command: sc.StandUp) -> Result:
    """RULES.md Revision 3 (DEFAULT, d20 SRD): standing up from prone is a
    move action; in combat it takes the move action and one move (its
    speed in squares) of movement. Refused when it is not prone."""
    who = state.combatant(command.combatant)
    if not any(c.name == "prone" for c in who.conditions):
        raise IllegalCommand(f"{who.name} is not prone", "SRD-MOV-9")
    events: list[ev.Event] = []
    if state.round > 0:
        state, spent = spend_kind(enc, state, who.id, "move")  # its move goes with it (Srd35.spend)
        events.extend(spent)
        who = state.combatant(who.id)
    who = replace(who, conditions=tuple(c for c in who.conditions if c.name != "prone"))
    events.append(ev.ConditionRemoved(who.id, who.name, "prone", "stood up: a move action (SRD-MOV-9, DEFAULT d20 SRD)"))
    return state.replace_combatant(who), tuple(events)


HANDLERS = {
    sc.SetBurden: set_burden,
    sc.SetBody: set_body,
    sc.OpportunityAttack: opportunity_attack,
    sc.FiveFootStep: five_foot_step,
    sc.StandUp: stand_up,
}
