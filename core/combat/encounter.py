"""The encounter aggregate: combatants on a map, the round and whose turn.

State is an immutable :class:`EncounterState`; :class:`Encounter` changes it
only through :meth:`Encounter.apply`, which validates a command, computes
the next state and returns the events for the log. A refused command raises
a :class:`~core.errors.RulesError` subclass and changes nothing. Undo and
redo are the campaign's (``saves``): one persisted history of states, one
step per applied command; the encounter keeps none of its own.

The handlers live by topic: ``core.combat.turns`` (initiative, turns, rounds),
``core.combat.economy`` (actions, MP), ``core.combat.resolution`` (HP, attacks, damage,
conditions), ``core.combat.scene`` (phases, checks, free rolls); each is
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, cached_property, partial
from typing import TYPE_CHECKING

from core.combat import events as ev
from core.combat.boundary import TurnBoundary
from core.values.clock import Clock
from core.values.combatant import Combatant, Side
from core.errors import IllegalCommand, MoveRefused, UnknownCombatant
from core.board.grid import Grid
from core.values.last_roll import LastRoll, note_rolls
from core.values.phases import Phase
from core.rulesets.base import Ruleset
from core.board.vision import Conditions
from core.campaign.training import Ruse, Training
from core.campaign.war.battle import Battle

if TYPE_CHECKING:
    from core.combat import commands as cmd


@dataclass(frozen=True)
class EncounterState:
    """Everything that defines a fight at one moment.

    ``round`` is 0 before initiative is rolled, then 1, 2, ...; ``current``
    is the id of the combatant whose turn it is (``None`` before combat).
    ``phase`` of the scene (EQ-SIT-1..3) and ``preparing`` side (EQ-SIT-2);
    ``acted``: ids that had their turn this round, in order; ``cursor``: the
    initiative at which the current turn began; ``resuming``: delayed
    creatures whose turn already began (see ``core.combat.turns``);
    ``boundaries``: the automatic effects of recent turn changes, newest
    last, so that handing the turn back gives them back (``core.combat.boundary``).
    """

    name: str
    grid: Grid
    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    current: str | None = None
    phase: Phase = Phase.EVERYDAY
    preparing: Side | None = None
    acted: tuple[str, ...] = ()
    cursor: int | None = None
    resuming: tuple[str, ...] = ()
    boundaries: tuple[TurnBoundary, ...] = ()  # what each turn change did by itself (core.combat.boundary), for PreviousTurn
    battle: Battle | None = None  # a mass battle (EQ-WAR-1..4), see core.campaign.war.battle
    vision: Conditions = Conditions()  # light, weather, light sources (EQ-VIS-1..2), see core.board.vision
    last_roll: LastRoll | None = None  # the last check or attack roll, for what follows a critical (EQ-CHK-6, core.values.last_roll)
    clock: Clock = Clock()  # in-game time outside the fight's rounds (core.campaign.timekeeping)
    trainings: tuple[Training, ...] = ()  # animals in training (EQ-ANI-1), see core.campaign.training_commands
    ruses: tuple[Ruse, ...] = ()  # tricks and ruses with their uses (EQ-TRK-1)

    def combatant(self, combatant_id: str) -> Combatant:
        """The combatant with ``combatant_id``; raises :class:`UnknownCombatant`."""
        try:
            return self._by_id[combatant_id]
        except KeyError:
            raise UnknownCombatant(combatant_id) from None

    def has(self, combatant_id: str) -> bool:
        """Whether a combatant with ``combatant_id`` is in this encounter."""
        return combatant_id in self._by_id

    def order(self) -> tuple[Combatant, ...]:
        """Combatants with an initiative, highest first; then those without."""
        return self._order

    def ridden(self) -> frozenset[str]:
        """Ids of the combatants someone rides (EQ-MNT-1)."""
        return self._ridden

    # Indexes over ``combatants``, built once per (immutable) state on first
    # use: a lookup, the order and the mounts cost O(1) instead of a scan of
    # every combatant each time (a turn change stays linear in the fight's size).
    @cached_property
    def _by_id(self) -> dict[str, Combatant]:
        index: dict[str, Combatant] = {}
        for combatant in self.combatants:
            index.setdefault(combatant.id, combatant)
        return index

    @cached_property
    def _order(self) -> tuple[Combatant, ...]:
        rolled = sorted((c for c in self.combatants if c.initiative is not None), key=lambda c: -c.initiative)
        return tuple(rolled) + tuple(c for c in self.combatants if c.initiative is None)

    @cached_property
    def _ridden(self) -> frozenset[str]:
        return frozenset(c.mounted_on for c in self.combatants if c.mounted_on is not None)

    def replace_combatant(self, combatant: Combatant) -> EncounterState:
        new = replace(self, combatants=tuple(combatant if c.id == combatant.id else c for c in self.combatants))
        index = self.__dict__.get("_by_id")
        if index is not None and index.get(combatant.id) is not None:
            new.__dict__["_by_id"] = {**index, combatant.id: combatant}  # a copy: cheaper than a rebuild
        return new

    def next_id(self) -> str:
        """A combatant id not yet used here: ``c1``, ``c2``, ..."""
        used = {c.id for c in self.combatants}
        number = len(self.combatants) + 1
        while f"c{number}" in used:
            number += 1
        return f"c{number}"


Events = tuple[ev.Event, ...]

@cache
def handlers() -> dict[type, Callable]:
    """Command type -> ``handler(encounter, state, command)`` (the map's
    ``Move`` and ``Place`` are :class:`Encounter` methods).

    Built on the first :meth:`Encounter.apply`: the handler modules (and the
    commands, movement search, geometry they use) are not needed to open and
    show an encounter, and importing them costs ~30 ms (mostly dataclass creation)."""
    from core.combat.maneuvers import altitude
    from core.combat import economy, mapedit, resolution, scene, sheet, turns, secrecy
    from core.combat.maneuvers import falls, jumps, moves as maneuvers
    from core.combat import reactions
    from core.rulesets.tactical_d10 import weapon_areas
    from core.combat import commands as cmd
    from core.campaign.energy import HANDLERS as ENERGY_HANDLERS
    from core.campaign.lighting import HANDLERS as VISION_HANDLERS
    from core.combat.add_group import HANDLERS as GROUP_HANDLERS
    from core.combat.several_targets import HANDLERS as MANY_HANDLERS
    from core.campaign.breath_turns import HANDLERS as BREATH_HANDLERS
    from core.campaign.timekeeping import HANDLERS as TIME_HANDLERS
    from core.campaign.training_commands import HANDLERS as TRAINING_HANDLERS
    from core.campaign.war.commands import HANDLERS as WAR_HANDLERS
    from core.rulesets.equestria.table_calls import handlers as table_handlers
    from core.rulesets.srd35.maneuvers import HANDLERS as SRD_HANDLERS

    TABLE_HANDLERS = table_handlers()
    from core.combat.mounted.riding import HANDLERS as MOUNTED_HANDLERS
    from core.combat.maneuvers.dropped import HANDLERS as DROPPED_HANDLERS
    from core.combat.trackers.reminders import HANDLERS as REMINDER_HANDLERS
    from core.combat.trackers.uses import HANDLERS as USE_HANDLERS

    return {
        cmd.StartCombat: turns.start_combat,
        cmd.EditCombatant: sheet.edit,
        cmd.PaintTerrain: mapedit.paint,
        cmd.ChangeAltitude: altitude.change_altitude,
        cmd.ResizeMap: mapedit.resize,
        cmd.NextTurn: turns.next_turn,
        cmd.PreviousTurn: turns.previous_turn,
        cmd.AddCombatant: turns.add,
        cmd.RemoveCombatant: turns.remove,
        cmd.SetInitiative: turns.set_initiative,
        cmd.SwapInitiative: turns.swap_initiative,
        cmd.DelayTurn: turns.delay_turn,
        cmd.Mount: turns.mount,
        cmd.Dismount: turns.dismount,
        cmd.SpendAction: economy.spend_action,
        cmd.ExchangeFullAction: economy.exchange,
        cmd.SpendMovement: economy.spend_movement,
        cmd.TakeAction: economy.take_action,
        cmd.Contest: economy.contest,
        cmd.Damage: resolution.damage,
        cmd.Heal: resolution.heal,
        cmd.Revive: resolution.revive,
        cmd.GrantTemporaryHitPoints: resolution.temporary_hp,
        cmd.DealDamage: resolution.deal_damage,
        cmd.Attack: resolution.attack,
        cmd.AddCondition: resolution.add_condition_command,
        cmd.RemoveCondition: resolution.remove_condition,
        cmd.Extinguish: resolution.extinguish,
        cmd.ApplyPoison: resolution.apply_poison,
        cmd.RollDice: scene.roll_dice,
        cmd.RollCheck: scene.roll_check,
        cmd.BeginPreparation: scene.begin_preparation,
        cmd.PrepareAction: scene.prepare_action,
        cmd.EndCombat: scene.end_combat,
        cmd.SetHidden: secrecy.set_hidden,
        cmd.SetSecret: secrecy.set_secret,
        cmd.Move: Encounter._move,
        cmd.Place: Encounter._place,
        **WAR_HANDLERS,
        **ENERGY_HANDLERS,
        # every rule reachable
        cmd.Jump: jumps.jump,
        cmd.Fall: falls.fall,
        cmd.Squeeze: maneuvers.squeeze,
        cmd.Teleport: maneuvers.teleport,
        cmd.Dig: maneuvers.dig,
        cmd.DigEarth: maneuvers.dig_earth,
        cmd.PullOut: maneuvers.pull_out,
        cmd.ForcedMove: maneuvers.forced_move,
        cmd.ClimbCreature: maneuvers.climb,
        cmd.ShakeOff: maneuvers.shake_off,
        cmd.ThrowItem: reactions.throw_item,
        cmd.DefendedAttack: reactions.defended_attack,
        cmd.AreaAttack: weapon_areas.area_attack,
        cmd.SpearWall: weapon_areas.spear_wall,
        cmd.MinimumMove: maneuvers.minimum_move,
        **VISION_HANDLERS,
        **TABLE_HANDLERS,  # criticals, limbs, phrases, everyday actions (core.rulesets.equestria.table_calls)
        **SRD_HANDLERS,
        # groups and several targets at once
        **GROUP_HANDLERS,
        **MANY_HANDLERS,
        **MOUNTED_HANDLERS,  # EQ-MNT-1..9
        **DROPPED_HANDLERS,  # EQ-FALL-1 falling objects
        **BREATH_HANDLERS,  # campaign time, training, breath in play
        **TIME_HANDLERS,
        **TRAINING_HANDLERS,
        # the GM's reminders and limited uses
        **REMINDER_HANDLERS,
        **USE_HANDLERS,
    }


class Encounter:
    """The one place where an encounter changes.

    ``Encounter(state, ruleset, rng)``: ``rng`` (a ``random.Random``) rolls
    every die; tests pass a seeded one.
    """

    def __init__(self, state: EncounterState, ruleset: Ruleset, rng: random.Random | None = None) -> None:
        self.state = state
        self.ruleset = ruleset
        self.rng = rng if rng is not None else random.Random()
        self._handlers: dict[type, Callable[[EncounterState, cmd.Command], tuple[EncounterState, Events]]] | None = None

    # -- the one way in ---------------------------------------------------
    def apply(self, command: cmd.Command) -> Events:
        """Validate and apply ``command``; returns the events it caused.

        Raises :class:`~core.errors.RulesError` (nothing changes) when the
        command is not allowed now.
        """
        if self._handlers is None:  # the first command loads the handler modules, see handlers()
            self._handlers = {kind: partial(handler, self) for kind, handler in handlers().items()}
        handler = self._handlers.get(type(command))
        if handler is None:
            raise IllegalCommand(f"unknown command {type(command).__name__}")
        new_state, events = handler(self.state, command)
        from core.combat.commands import NextTurn
        from core.combat.trackers.reminders import fire_on_damage

        if not isinstance(command, NextTurn):  # NextTurn fires them itself, inside its turn boundary
            new_state, fired = fire_on_damage(self.state, new_state)  # "when damaged" reminders
            events = (*events, *fired)
        self.state = note_rolls(new_state, events)
        return tuple(events)

    # -- queries ------------------------------------------------------------
    @property
    def current(self) -> Combatant | None:
        return self.state.combatant(self.state.current) if self.state.current else None

    # -- movement (the map's handler) ---------------------------------------
    def _place(self, state: EncounterState, command: cmd.Place) -> tuple[EncounterState, Events]:
        """Put a token on a free, enterable cell; refuses walls, the map's
        edge and occupied cells (EQ-MAP-4, EQ-SIZE-1)."""
        who = state.combatant(command.combatant)
        cell = tuple(command.cell)
        placed = replace(who, position=cell)
        if who.mounted_on is not None:
            raise MoveRefused(f"{who.name} rides {state.combatant(who.mounted_on).name}: place the mount, or dismount first", cell, "EQ-MNT-9")
        aboard = {c.id for c in state.combatants if c.mounted_on == who.id}  # its riders move with it (EQ-MNT-9)
        others = {p for c in state.combatants if c.id != who.id and c.id not in aboard and not c.defeated for p in c.cells}
        for spot in placed.cells:
            if not state.grid.contains(spot):
                raise MoveRefused(f"({spot[0]}, {spot[1]}) is off the {state.grid.width}x{state.grid.height} map", cell)
            terrain = state.grid.terrain(spot)
            if terrain.blocks_movement:
                raise MoveRefused(f"a {terrain.name} is there", cell, "EQ-MAP-4")
            if spot in others:
                holder = next(c for c in state.combatants if spot in c.cells and c.id != who.id)
                raise MoveRefused(f"that cell is occupied by {holder.name}", cell)
        if who.position == cell:
            raise MoveRefused(f"{who.name} is already there", cell)
        state = state.replace_combatant(placed)
        if aboard:  # EQ-MNT-5, EQ-MNT-9: riders keep their seats
            from core.combat.mounted.riding import after_place

            state = after_place(self, state, who.id)
        return state, (ev.Placed(who.id, who.name, cell, who.position),)

    def _move(self, state: EncounterState, command: cmd.Move) -> tuple[EncounterState, Events]:
        """Cheapest legal path; in combat it must fit the movement left (the
        ruleset's budget rule, e.g. EQ-MOV-2) and srd35's diagonal count
        carries on from earlier moves this turn (SRD-MOV-2)."""
        from core.board.movement import find_path  # the search: see handlers()
        from core.offers.common import move_options

        mover = state.combatant(command.combatant)
        if mover.mounted_on is not None or mover.id in state.ridden():  # EQ-MNT-3: the mount carries its riders
            from core.combat.mounted.moves import move as ride

            return ride(self, state, command)
        in_combat = state.round > 0
        options = move_options(state, mover, self.ruleset)
        budget_left = mover.budget.movement if in_combat else None
        path = find_path(state.grid, self.ruleset, mover, state.combatants, tuple(command.to), options=options, budget=budget_left)
        budget = mover.budget
        if in_combat:
            budget = replace(budget, movement=budget.movement - path.cost, diagonal_parity=path.parity)
        moved = replace(mover, position=path.cells[-1], budget=budget)
        event = ev.Moved(mover.id, mover.name, mover.position, path.cells, path.cost, budget.movement)
        from core.rulesets.tactical_d10.weapon_areas import spear_wall_strikes  # TAC-DMG-2

        state, struck = spear_wall_strikes(self, state.replace_combatant(moved), mover.id, path.cells)
        state, provoked = self.ruleset.after_move(self, state, mover, path)  # SRD-MOV-16
        return state, (event, *struck, *provoked)

