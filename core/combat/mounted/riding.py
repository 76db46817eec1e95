"""Mounted combat (seed 001, rules EQ-MNT-1..9): where a rider sits, riding
together, riding checks, losing and regaining control, passengers, the
mounted charge and the mounted dodge.

Handlers of :mod:`core.combat.mounted.commands` (``HANDLERS``) and the hooks the
generic handlers call (mounting, moving, damage, knock-down, placing).
Rules apply only in a ruleset whose settings have the mounted DEFAULTs
(:class:`core.combat.mounted.settings.MountedSettings`, equestria); elsewhere the
hooks do nothing. Cells are map cells; ДВИЖ is movement in cells.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.mounted import commands as mc
from core.dice.checks import Modifier, Tier
from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.board.grid import Cell

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def rules_on(ruleset: Any) -> bool:
    """Whether ``ruleset`` has the mounted-combat rules (EQ-MNT-2..9): its capability :attr:`Ruleset.riding`."""
    return ruleset.riding is not None


# -- who rides whom, and where (EQ-MNT-8, EQ-MNT-9): core.combat.mounted.seats ----------------------------------
from core.combat.mounted.seats import describe, rider_of, riders_of, seat_cell, seat_offset, seat_riders  # noqa: E402,F401
from core.board.battlefield import body_height, cells_apart, size_category, vertical_gap
from core.combat.maneuvers.falls import fall
from core.values import conditions as cond
from core.combat.maneuvers.falls import free_cell_near


# -- riding checks (EQ-MNT-1, EQ-MNT-5, EQ-MNT-6, EQ-MNT-8) --------------------------------------
def riding_modifiers(state: EncounterState, settings: Any, who: Combatant, no_reins: bool = False, frightened: bool = False) -> tuple[int, tuple[Modifier, ...], str]:
    """(base value, penalties with reasons, what the base is) of ``who``'s
    Riding check: its Riding skill, or for a passenger the lower of the
    rider's Riding and its own STR (EQ-MNT-8); -3 without a hand on the
    reins, -6 for a frightened untrained animal, -1 with a passenger (EQ-MNT-1)."""
    s = settings
    mods: list[Modifier] = []
    if who.passenger and who.mounted_on is not None:
        rider = rider_of(state, who.mounted_on)
        riding = rider.stat(s.riding_skill) if rider is not None else 0
        own = who.stat(s.passenger_stat)
        base, label = (riding, f"{s.riding_skill} of the rider") if riding <= own else (own, s.passenger_stat)
    else:
        base, label = who.stat(s.riding_skill), s.riding_skill
        if who.mounted_on is not None and any(r.passenger for r in riders_of(state, who.mounted_on)):
            mods.append(Modifier(s.passenger_penalty, "a passenger behind", "EQ-MNT-8"))
    if no_reins:
        mods.append(Modifier(s.no_reins_penalty, "no hand on the reins", "EQ-MNT-1"))
    if frightened:
        mods.append(Modifier(s.frightened_penalty, "untrained animal, frightened", "EQ-MNT-1"))
    return base, tuple(mods), label


def _settings(enc: Table, rule: str) -> Any:
    s = enc.ruleset.riding
    if s is None:
        raise IllegalCommand(f"{enc.ruleset.id} has no riding checks", rule)
    return s


def _mounted(state: EncounterState, who: Combatant, rule: str) -> Combatant:
    if who.mounted_on is None or not state.has(who.mounted_on):
        raise IllegalCommand(f"{who.name} is not mounted", rule)
    return state.combatant(who.mounted_on)


def thrown_height(settings: Any, mount: Combatant) -> int:
    """EQ-MNT-6: a thrown rider falls as from 5 m, the height changed for a
    mount taller or shorter than average (DEFAULT: by its body height minus
    ``mount_average_height``; a huge mount 4 tall -> 5). Cells, never below 0."""
    return max(0, settings.thrown_rider_fall + body_height(mount, settings) - settings.mount_average_height)


def _throw(enc: Table, state: EncounterState, rider_id: str, cause: str) -> Result:
    """The rider is thrown: it lands within 1 cell of the mount and takes the
    fall of :func:`thrown_height` (EQ-MNT-5, EQ-MNT-6)."""
    rider = state.combatant(rider_id)
    assert rider.mounted_on is not None  # only a rider is thrown
    height = thrown_height(enc.ruleset.settings, state.combatant(rider.mounted_on))
    state = state.replace_combatant(replace(rider, riding_due="", control_lost=False))
    return fall(enc, state, cmd.Fall(rider_id, height, cause=cause))


def riding_check(enc: Table, state: EncounterState, command: mc.RidingCheck) -> Result:
    """Handler of :class:`~core.combat.mounted.commands.RidingCheck`. Raises
    :class:`IllegalCommand` when ``rider`` is not mounted or ``why`` is unknown."""
    s = _settings(enc, "EQ-MNT-1")
    who = state.combatant(command.rider)
    if command.why not in ("control", "seat"):
        raise IllegalCommand(f"a riding check is for 'control' or 'seat', not {command.why!r}", "EQ-MNT-1")
    mount = _mounted(state, who, "EQ-MNT-1")
    if who.passenger and command.why == "control":
        raise IllegalCommand(f"{who.name} is the passenger: the rider keeps control", "EQ-MNT-8")
    base, mods, label = riding_modifiers(state, s, who, command.no_reins, command.frightened)
    rule = "EQ-MNT-8" if who.passenger else ("EQ-MNT-1" if command.why == "control" else "EQ-MNT-5")
    what = "tries to keep control of its hurt mount" if command.why == "control" else "tries to stay in the saddle"
    check = enc.ruleset.roll_check(enc.rng, base, s.riding_difficulty, modifiers=mods, purpose=f"Riding: {what} ({rule})")
    state = state.replace_combatant(replace(who, riding_due=""))
    events: list[ev.Event] = [ev.CheckRolled(who.id, who.name, label, check, state.round, state.current)]
    if check.tier.succeeded:
        events.append(ev.Maneuvered(who.id, who.name, rule, what, "success", check, mount.id, mount.name))
        return state, tuple(events)
    if command.why == "control":
        state = state.replace_combatant(replace(state.combatant(who.id), control_lost=True))
        events.append(ev.Maneuvered(who.id, who.name, "EQ-MNT-6", what, "control lost: it shies or bucks", check, mount.id, mount.name))
        return state, tuple(events)
    events.append(ev.Maneuvered(who.id, who.name, rule, what, f"falls off within 1 cell (a fall of {thrown_height(s, mount)})", check, mount.id, mount.name))
    state, fell = _throw(enc, state, who.id, "fell off its mount (EQ-MNT-5)")
    return state, tuple(events) + fell


def regain_control(enc: Table, state: EncounterState, command: mc.RegainControl) -> Result:
    """Handler of :class:`~core.combat.mounted.commands.RegainControl` (EQ-MNT-6).
    Raises :class:`IllegalCommand` when control is not lost, or in combat
    when it is not the rider's turn or its maneuver (movement) is spent."""
    s = _settings(enc, "EQ-MNT-6")
    rider = state.combatant(command.rider)
    mount = _mounted(state, rider, "EQ-MNT-6")
    if not rider.control_lost:
        raise IllegalCommand(f"{rider.name} has not lost control of {mount.name}", "EQ-MNT-6")
    fighting = state.round > 0
    if fighting and state.current != rider.id:
        raise IllegalCommand(f"{rider.name} regains control on its own turn", "EQ-MNT-6")
    if fighting and rider.budget.movement <= 0:
        raise IllegalCommand(f"{rider.name} has no maneuver left this turn (a maneuver costs the movement, EQ-MNT-2)", "EQ-MNT-6")
    base, mods, label = riding_modifiers(state, s, rider, command.no_reins, command.frightened)
    check = enc.ruleset.roll_check(enc.rng, base, s.riding_difficulty, modifiers=mods, purpose="Riding: regain control (EQ-MNT-6)")
    events: list[ev.Event] = [ev.CheckRolled(rider.id, rider.name, label, check, state.round, state.current)]
    budget = rider.budget if check.tier is Tier.CRITICAL_SUCCESS or not fighting else replace(rider.budget, movement=0)
    if check.tier.succeeded:
        refund = " and the maneuver back" if check.tier is Tier.CRITICAL_SUCCESS else ""
        state = state.replace_combatant(replace(rider, control_lost=False, budget=budget))
        events.append(ev.Maneuvered(rider.id, rider.name, "EQ-MNT-6", "regains control", f"calmed{refund}", check, mount.id, mount.name))
        return state, tuple(events)
    state = state.replace_combatant(replace(rider, budget=budget))
    state = state.replace_combatant(replace(state.combatant(mount.id), bolted=True))
    events.append(ev.Maneuvered(rider.id, rider.name, "EQ-MNT-6", "regains control",
                                f"total loss: thrown (a fall of {thrown_height(s, mount)}), {mount.name} bolts", check, mount.id, mount.name))
    state, fell = _throw(enc, state, rider.id, "thrown by its mount (EQ-MNT-6)")
    for passenger in riders_of(state, mount.id):
        state = state.replace_combatant(replace(passenger, riding_due="seat"))
    return state, tuple(events) + fell


def refuse_order(enc: Table, state: EncounterState, command: mc.RefuseOrder) -> Result:
    """Handler of :class:`~core.combat.mounted.commands.RefuseOrder` (EQ-MNT-6).
    Raises :class:`IllegalCommand` when not mounted or control is already lost."""
    _settings(enc, "EQ-MNT-6")
    rider = state.combatant(command.rider)
    mount = _mounted(state, rider, "EQ-MNT-6")
    if rider.passenger or rider.control_lost:
        raise IllegalCommand(f"{rider.name} does not hold {mount.name}'s reins now", "EQ-MNT-6")
    state = state.replace_combatant(replace(rider, control_lost=True))
    return state, (ev.Maneuvered(mount.id, mount.name, "EQ-MNT-6", "refuses an order", f"{rider.name} lost control", None, rider.id, rider.name),)


def call_back(enc: Table, state: EncounterState, command: mc.CallBack) -> Result:
    """Handler of :class:`~core.combat.mounted.commands.CallBack` (EQ-MNT-7): an
    animal skill check against ``riding_difficulty``; success ends ``bolted``."""
    s = _settings(enc, "EQ-MNT-7")
    caller, animal = state.combatant(command.caller), state.combatant(command.animal)
    if not animal.bolted:
        raise IllegalCommand(f"{animal.name} has not bolted", "EQ-MNT-7")
    skill = (command.skill or s.riding_skill).strip().upper()
    if not skill.replace("_", "").isalnum():
        raise IllegalCommand(f"name the animal skill, not {command.skill!r}", "EQ-MNT-7")
    check = enc.ruleset.roll_check(enc.rng, caller.stat(skill), s.riding_difficulty, purpose=f"call {animal.name} back (EQ-MNT-7)")
    events: list[ev.Event] = [ev.CheckRolled(caller.id, caller.name, skill, check, state.round, state.current)]
    if check.tier.succeeded:
        state = state.replace_combatant(replace(animal, bolted=False))
        outcome = "it comes back"
    else:
        outcome = f"it stays away: try again in {s.callback_retry_minutes} minutes"
    events.append(ev.Maneuvered(caller.id, caller.name, "EQ-MNT-7", f"calls {animal.name} back", outcome, check, animal.id, animal.name))
    return state, tuple(events)


# -- mounting (EQ-MNT-2, EQ-MNT-8) ---------------------------------------------------------------
def posture_cost(enc: Table, state: EncounterState, who: Combatant, words: str) -> Combatant:
    """EQ-MNT-2: mounting or dismounting in combat is a change-posture
    maneuver, which costs the movement (DEFAULT ``mounting_costs_movement``).
    Returns ``who`` with its movement spent; raises :class:`IllegalCommand`
    when none is left."""
    riding = enc.ruleset.riding
    if riding is None or not riding.mounting_costs_movement or state.round == 0:
        return who
    if who.budget.movement <= 0 and who.budget.movement_max > 0:
        raise IllegalCommand(f"{who.name} has no movement left to {words} (a change-posture maneuver, EQ-MNT-2)", "EQ-MNT-2")
    return replace(who, budget=replace(who.budget, movement=0))


def mount_behind(enc: Table, state: EncounterState, command: mc.MountBehind) -> Result:
    """Handler of :class:`~core.combat.mounted.commands.MountBehind` (EQ-MNT-8)."""
    _settings(enc, "EQ-MNT-8")
    who, mount = state.combatant(command.passenger), state.combatant(command.mount)
    if who.mounted_on is not None:
        raise IllegalCommand(f"{who.name} is already mounted", "EQ-MNT-8")
    rider = rider_of(state, mount.id)
    if rider is None:
        raise IllegalCommand(f"{mount.name} has no rider holding the reins", "EQ-MNT-8")
    if any(r.passenger for r in riders_of(state, mount.id)):
        raise IllegalCommand(f"{mount.name} already carries a passenger: one only", "EQ-MNT-8")
    if size_category(enc.ruleset.settings, who.size) > size_category(enc.ruleset.settings, rider.size):
        raise IllegalCommand(f"{who.name} ({who.size.value}) is larger than the rider {rider.name} ({rider.size.value})", "EQ-MNT-8")
    if (cells_apart(who, mount) or 0) > 1:
        raise IllegalCommand(f"{who.name} must stand next to {mount.name}", "EQ-MNT-8")
    who = posture_cost(enc, state, who, "mount")
    state = seat_riders(state.replace_combatant(replace(who, mounted_on=mount.id, passenger=True)), mount.id, enc.ruleset.settings.seat_rounding)
    return state, (ev.Maneuvered(who.id, who.name, "EQ-MNT-8", f"climbs on {mount.name} behind {rider.name}",
                                 f"a passenger: {rider.name} rides at {enc.ruleset.settings.passenger_penalty:+d}", None, mount.id, mount.name),)


def after_mount(enc: Table, state: EncounterState, rider_id: str) -> Any:
    """After :class:`core.combat.commands.Mount`: the rider sits on its seat
    (EQ-MNT-9). In combat a mount that has not acted this round joins the
    rider's turn with its fresh budget (its ДВИЖ, EQ-MNT-3); one that has
    acted keeps what it has left."""
    rider = state.combatant(rider_id)
    if rider.mounted_on is None:
        return state
    mount = state.combatant(rider.mounted_on)
    if state.round > 0 and mount.id not in state.acted and state.current == rider.id:
        budget, _ = cond.limit_budget(enc.ruleset.fresh_budget(mount), mount.conditions)
        state = state.replace_combatant(replace(mount, budget=budget))
    return seat_riders(state, mount.id, enc.ruleset.settings.seat_rounding)


def after_dismount(enc: Table, state: EncounterState, rider_id: str, mount_id: str) -> Any:
    """After :class:`core.combat.commands.Dismount`: the rider steps off to the
    nearest free cell (within 1 cell of the mount) and its riding flags clear."""
    rider = state.combatant(rider_id)
    rider = replace(rider, passenger=False, riding_due="", control_lost=False)
    state = state.replace_combatant(rider)
    if rider.position is not None and state.has(mount_id) and rider.position in state.combatant(mount_id).cells:
        state = state.replace_combatant(replace(rider, position=free_cell_near(state, rider, rider.position)))
    return state


# -- hooks of damage, knock-down and placing (EQ-MNT-1, EQ-MNT-5) --------------------------------
def _due(state: EncounterState, who_id: str, why: str) -> Any:
    who = state.combatant(who_id)
    if why == "control" and who.riding_due == "seat":
        return state
    return state.replace_combatant(replace(who, riding_due=why))


def after_hurt(enc: Table, state: EncounterState, target_id: str) -> Result:
    """A ridden mount took damage: its rider owes a Riding check or loses
    control (EQ-MNT-1), offered at once (``riding_due``); the log says so."""
    rider = rider_of(state, target_id) if rules_on(enc.ruleset) else None
    if rider is None or rider.riding_due:
        return state, ()
    mount = state.combatant(target_id)
    note = ev.Maneuvered(rider.id, rider.name, "EQ-MNT-1", f"must keep control of hurt {mount.name}", "a Riding check is due (. menu)", None, mount.id, mount.name)
    return _due(state, rider.id, "control"), (note,)


def after_knocked(enc: Table, state: EncounterState, target_id: str, condition: str) -> Any:
    """Rider or mount knocked down (prone): a Riding check to stay on (EQ-MNT-5)."""
    if not rules_on(enc.ruleset) or condition != "prone":
        return state
    return forced(state, target_id)


def forced(state: EncounterState, who_id: str) -> Any:
    """``who_id`` was moved or knocked down against its will: each creature
    riding it, or ``who_id`` itself if it rides, owes a Riding check (EQ-MNT-5)."""
    who = state.combatant(who_id)
    if who.mounted_on is not None:
        return _due(state, who.id, "seat")
    for rider in riders_of(state, who.id):
        state = _due(state, rider.id, "seat")
    return state


def after_place(enc: Table, state: EncounterState, mount_id: str) -> Any:
    """The GM placed a ridden mount: its riders keep their seats (EQ-MNT-9);
    in combat that is forced movement, so each rider owes a Riding check (EQ-MNT-5)."""
    state = seat_riders(state, mount_id, enc.ruleset.settings.seat_rounding)
    if state.round > 0 and rules_on(enc.ruleset):
        state = forced(state, mount_id)
    return state


# -- the mounted charge (EQ-MNT-1) -----------------------------------------------------------------
def charge_bonus(state: EncounterState, riding: Any, attacker: Combatant, target: Combatant) -> tuple[int, int]:
    """(damage bonus, cells ridden toward ``target``) of ``attacker``'s
    melee weapon now: +``charge_damage`` per ``charge_cells`` ДВИЖ moved
    toward the enemy this turn (EQ-MNT-1). A step counts when it brings the
    rider nearer the target's nearest cell (DEFAULT: the seed gives no geometry).
    ``riding``: the ruleset's :attr:`Ruleset.riding` (``None``: no mounted rules, no bonus)."""
    if riding is None or attacker.mounted_on is None or attacker.charge_round != state.round or not target.cells:
        return 0, 0
    if state.current != attacker.id:
        return 0, 0

    def gap(cell: Cell) -> int:
        return min(max(abs(cell[0] - q[0]), abs(cell[1] - q[1])) for q in target.cells)

    path = attacker.charge_path
    toward = sum(1 for a, b in zip(path, path[1:]) if gap(b) < gap(a))
    return (toward // riding.charge_cells) * riding.charge_damage, toward


# -- getting on and off (EQ-MNT-1): the turn is the rider's ------------------------------
def mount(enc: Table, state: EncounterState, command: cmd.Mount) -> Result:
    """EQ-MNT-1: rider and mount share the rider's turn (the GM may swap
    initiatives to use the mount's). The mount is a willing creature next to
    the rider, within reach (EQ-MOV-4), at least ``mount_size_steps`` (2)
    size categories larger (the ruleset's ``size_categories``: in equestria
    a medium rider needs a huge mount). Raises :class:`IllegalCommand`."""
    rider, steed = state.combatant(command.rider), state.combatant(command.mount)
    if rider.id == steed.id:
        raise IllegalCommand("a creature cannot ride itself", "EQ-MNT-1")
    if rider.mounted_on is not None:
        raise IllegalCommand(f"{rider.name} is already mounted", "EQ-MNT-1")
    if steed.mounted_on is not None or any(c.mounted_on == steed.id for c in state.combatants):
        raise IllegalCommand(f"{steed.name} already carries a rider or rides", "EQ-MNT-1")
    if rider.side is not steed.side and steed.side.value != "neutral":
        raise IllegalCommand(f"{steed.name} is not on {rider.name}'s side: climbing an unwilling creature is a contest", "EQ-MNT-1")
    if (cells_apart(rider, steed) or 0) > 1:
        raise IllegalCommand(f"{rider.name} must stand next to {steed.name} to mount it", "EQ-MNT-1")
    if vertical_gap(rider, steed, enc.ruleset.settings):
        raise IllegalCommand(f"{steed.name} is at altitude {steed.altitude} and {rider.name} at {rider.altitude}: out of reach", "EQ-MOV-4")
    steps = enc.ruleset.settings.mount_size_steps  # CommonSettings
    if size_category(enc.ruleset.settings, steed.size) - size_category(enc.ruleset.settings, rider.size) < steps:
        raise IllegalCommand(
            f"{steed.name} ({steed.size.value}) is not {steps} size categories larger than {rider.name} ({rider.size.value})", "EQ-MNT-1"
        )

    rider = posture_cost(enc, state, rider, f"mount {steed.name}")
    state = after_mount(enc, state.replace_combatant(replace(rider, mounted_on=steed.id)), rider.id)
    return state, (ev.Mounted(rider.id, rider.name, steed.id, steed.name),)


def dismount(enc: Table, state: EncounterState, command: cmd.Dismount) -> Result:
    rider = state.combatant(command.rider)
    if rider.mounted_on is None:
        raise IllegalCommand(f"{rider.name} is not mounted", "EQ-MNT-1")
    steed = state.combatant(rider.mounted_on)

    passenger = rider.passenger
    rider = posture_cost(enc, state, rider, "dismount")
    state = after_dismount(enc, state.replace_combatant(replace(rider, mounted_on=None)), rider.id, steed.id)
    if state.round > 0 and state.current == rider.id and not passenger:
        state = replace(state, acted=state.acted + (steed.id,))  # it shared this turn: no second turn this round
    return state, (ev.Dismounted(rider.id, rider.name, steed.id, steed.name),)


HANDLERS = {
    cmd.Mount: mount,
    cmd.Dismount: dismount,
    mc.RidingCheck: riding_check,
    mc.RegainControl: regain_control,
    mc.CallBack: call_back,
    mc.RefuseOrder: refuse_order,
    mc.MountBehind: mount_behind,
}
