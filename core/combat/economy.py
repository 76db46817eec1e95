"""Handlers for the turn economy (EQ-ACT-1..4, TAC-MOV-2, TAC-ACT-1/2,
SRD-MOV-9, power roll main/maneuver/move).

What is gone is refused with the rule; ``override=True`` (a GM decision)
spends anyway and the log gets an :class:`~core.combat.events.OverrideUsed`.
Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from collections.abc import Callable
from core.values.frozen import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.values import conditions as cond
from core.combat import events as ev
from core.board.battlefield import melee_refusal
from core.dice.checks import Modifier
from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.values.kinds import ContestKind, MpAction, TacticalAction, mp_action_words

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[ev.Event, ...]]


def _require_combat(state: EncounterState) -> None:
    if state.round == 0 or state.current is None:
        raise IllegalCommand("combat has not started: roll initiative first")


def _own_turn(state: EncounterState, combatant: Combatant) -> bool:
    """Its turn, or the shared turn of rider and mount (EQ-MNT-1)."""
    if state.current == combatant.id:
        return True
    current = state.combatant(state.current) if state.current else None
    return current is not None and current.mounted_on == combatant.id and not current.passenger  # EQ-MNT-8: not a passenger's


def _guarded(combatant: Combatant, override: bool, attempt: Callable[[bool], Any]) -> tuple[Any, tuple[ev.Event, ...]]:
    """Run ``attempt(False)``; on refusal with ``override`` run ``attempt(True)`` and log the override."""
    try:
        return attempt(False), ()
    except IllegalCommand as refusal:
        if not override:
            raise
        return attempt(True), (ev.OverrideUsed(combatant.id, combatant.name, str(refusal)),)


def spend_kind(enc: Table, state: EncounterState, combatant_id: str, kind: str, override: bool = False) -> Result:
    """Spend one ``kind`` of ``combatant_id``; only ``off_turn_kinds`` (the
    reaction) outside its own turn (EQ-ACT-1, EQ-ACT-4)."""
    _require_combat(state)
    combatant = state.combatant(combatant_id)

    def attempt(force: bool):
        if not force and not _own_turn(state, combatant) and kind not in enc.ruleset.off_turn_kinds:
            raise IllegalCommand(f"it is not {combatant.name}'s turn: only a reaction can be spent now", "EQ-ACT-1")
        return enc.ruleset.spend(combatant, kind, override=force)

    budget, logged = _guarded(combatant, override, attempt)
    spent = replace(combatant, budget=budget)
    event = ev.ActionSpent(combatant.id, combatant.name, kind, budget.left(kind), bool(logged))
    return state.replace_combatant(spent), logged + (event,)


def spend_action(enc: Table, state: EncounterState, command: cmd.SpendAction) -> Result:
    return spend_kind(enc, state, command.combatant, command.kind, command.override)


def exchange(enc: Table, state: EncounterState, command: cmd.ExchangeFullAction) -> Result:
    """EQ-ACT-3 (full -> 1 quick, or 2 from DEX +2); srd35 standard -> move;
    power_roll main -> maneuver (DEFAULTs)."""
    _require_combat(state)
    combatant = state.combatant(command.combatant)
    given, gained, count = enc.ruleset.exchange(combatant)
    enc.ruleset.check_spend(combatant, given)
    if not _own_turn(state, combatant):
        raise IllegalCommand(f"it is not {combatant.name}'s turn", "EQ-ACT-1")
    budget = enc.ruleset.exchanged(combatant, combatant.budget.spend(given).grant(gained, count))
    event = ev.FullActionExchanged(combatant.id, combatant.name, count, given, gained)
    return state.replace_combatant(replace(combatant, budget=budget)), (event,)


_POSTURE_ACTIONS = {MpAction.CROUCH: "crouched", MpAction.PRONE: "prone"}


def spend_movement(enc: Table, state: EncounterState, command: cmd.SpendMovement) -> Result:
    """TAC-MOV-2: an MP action; crouch/prone/stand change the posture condition."""
    _require_combat(state)
    combatant = state.combatant(command.combatant)
    cost = enc.ruleset.movement_action_cost(command.action)

    def attempt(force: bool):
        if not force and command.action is MpAction.STAND and not any(c.name in cond.POSTURES for c in combatant.conditions):
            raise IllegalCommand(f"{combatant.name} is not prone or crouched", "TAC-MOV-2")
        if not force and not _own_turn(state, combatant):
            raise IllegalCommand(f"it is not {combatant.name}'s turn", "TAC-MOV-2")
        if not force and combatant.budget.movement < cost:
            raise IllegalCommand(
                f"{mp_action_words(command.action)[1]} costs {cost} MP; {combatant.name} has {combatant.budget.movement}", "TAC-MOV-2"
            )
        return replace(combatant.budget, movement=max(0, combatant.budget.movement - cost))

    budget, logged = _guarded(combatant, command.override, attempt)
    changed = replace(combatant, budget=budget)
    events: list[ev.Event] = [*logged, ev.MovementActionSpent(combatant.id, combatant.name, command.action, cost, budget.movement, bool(logged))]
    if command.action in _POSTURE_ACTIONS:
        new, notes = cond.add(changed.conditions, cond.Condition(_POSTURE_ACTIONS[command.action]), enc.ruleset.conditions)
        changed = replace(changed, conditions=new)
        events.append(ev.ConditionAdded(changed.id, changed.name, new[-1], notes))
    elif command.action is MpAction.STAND:
        kept = tuple(c for c in changed.conditions if c.name not in cond.POSTURES)
        for gone in (c for c in changed.conditions if c.name in cond.POSTURES):
            events.append(ev.ConditionRemoved(changed.id, changed.name, gone.name, "stood up (TAC-MOV-2)"))
        changed = replace(changed, conditions=kept)
    return state.replace_combatant(changed), tuple(events)


def take_action(enc: Table, state: EncounterState, command: cmd.TakeAction) -> Result:
    """TAC-ACT-2: ``dash`` doubles the MP left (moving only) and gives
    ``moving`` (AC +2 on its next turn, TAC-POS-5); ``dodge`` / ``defend``
    last until the start of its next turn."""
    kind = enc.ruleset.attack_kind or "action"
    state, events = spend_kind(enc, state, command.combatant, kind, command.override)
    combatant = state.combatant(command.combatant)
    catalogue = enc.ruleset.conditions
    if command.action is TacticalAction.DASH:
        budget = replace(combatant.budget, movement=combatant.budget.movement * 2)
        combatant = replace(combatant, budget=budget)
        condition = cond.Condition("moving", 1, cond.Duration.until_end_of(combatant.id, 2))
        detail = f"movement {budget.movement}"
    else:
        condition = cond.Condition("dodging" if command.action is TacticalAction.DODGE else "defending", 1, cond.Duration.until_start_of(combatant.id))
        detail = "until the start of its next turn"
    if condition.name in catalogue:
        new, _ = cond.add(combatant.conditions, condition, catalogue)
        combatant = replace(combatant, conditions=new)
    state = state.replace_combatant(combatant)
    return state, events + (ev.ActionTaken(combatant.id, combatant.name, command.action, detail),)


def contest(enc: Table, state: EncounterState, command: cmd.Contest) -> Result:
    """TAC-ACT-2 opposed 1d10 + Muscles: grapple (target MP 0, grappled),
    shove (-2 per cell), trip (-4, -2 if grappled; target prone), disarm (as trip).
    DEFAULT: a tie goes to the defender. The target must be a foe within
    melee reach (altitude counts, EQ-MOV-4); ``override`` lets the GM allow
    it anyway (logged). Raises :class:`IllegalCommand` before anything is spent."""
    s = enc.ruleset.settings
    if command.cells < 1:
        raise IllegalCommand("shove at least 1 cell", "TAC-ACT-2")
    attacker, target = state.combatant(command.attacker), state.combatant(command.target)
    if attacker.id == target.id:
        raise IllegalCommand(f"{attacker.name} cannot {command.action} itself", "TAC-ACT-2")
    if target.dead:
        raise IllegalCommand(f"{target.name} is dead")

    def within_reach(force: bool) -> None:
        if force:
            return
        if target.side is attacker.side:
            raise IllegalCommand(f"{target.name} is on {attacker.name}'s side: {command.action} needs a foe", "TAC-ACT-2")
        refusal = melee_refusal(s, attacker, target)
        if refusal is not None:
            reason = str(refusal).removesuffix(f" ({refusal.rule})")
            raise IllegalCommand(reason, refusal.rule or "TAC-ACT-2")

    _, overridden = _guarded(attacker, command.override, within_reach)
    kind = enc.ruleset.attack_kind or "action"
    state, events = spend_kind(enc, state, command.attacker, kind, command.override)
    events = overridden + events
    attacker = state.combatant(command.attacker)
    target = state.combatant(command.target)
    stat = enc.ruleset.attack_stat
    mods: tuple[Modifier, ...] = ()
    if command.action is ContestKind.SHOVE:
        mods = (Modifier(s.shove_penalty_per_cell * command.cells, f"shove {command.cells} cell(s)", "TAC-ACT-2"),)
    elif command.action in (ContestKind.TRIP, ContestKind.DISARM):
        grappled = "grappled" in cond.levels(target.conditions)
        value = s.trip_penalty_grappled if grappled else s.trip_penalty
        mods = (Modifier(value, f"{command.action}{' a grappled target' if grappled else ''}", "TAC-ACT-2"),)
    attack_roll = enc.ruleset.roll_check(enc.rng, attacker.stat(stat), 0, modifiers=mods, purpose=f"{command.action} {target.name}")
    defence_roll = enc.ruleset.roll_check(enc.rng, target.stat(stat), 0, purpose=f"resist {command.action}")
    success = attack_roll.total > defence_roll.total or (
        attack_roll.total == defence_roll.total and not s.contest_tie_defender_wins
    )
    out: list[ev.Event] = [*events, ev.ContestRolled(
        attacker.id, attacker.name, target.id, target.name, command.action, attack_roll, defence_roll, success,
        state.round, state.current,
    )]
    effect = {ContestKind.GRAPPLE: "grappled", ContestKind.TRIP: "prone"}.get(command.action)
    if success and effect:
        new, notes = cond.add(target.conditions, cond.Condition(effect, 1, source=attacker.id), enc.ruleset.conditions)
        budget = target.budget
        if effect == "grappled":
            budget = replace(budget, movement=0)
        state = state.replace_combatant(replace(target, conditions=new, budget=budget))
        out.append(ev.ConditionAdded(target.id, target.name, new[-1], notes))
    if success and command.action is ContestKind.SHOVE:
        out.extend(enc.ruleset.after_shove(state, attacker, target, command.cells))
    return state, tuple(out)


HANDLERS = {
    cmd.SpendAction: spend_action,
    cmd.ExchangeFullAction: exchange,
    cmd.SpendMovement: spend_movement,
    cmd.TakeAction: take_action,
    cmd.Contest: contest,
}
