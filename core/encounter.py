"""The encounter aggregate: combatants on a map, the round and whose turn.

State is an immutable :class:`EncounterState`; :class:`Encounter` changes it
only through :meth:`Encounter.apply`, which validates a command, computes
the next state and returns the events for the log. A refused command raises
a :class:`~core.errors.RulesError` subclass and changes nothing. Every
applied command can be undone and redone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from core import commands as cmd
from core import events as ev
from core.combatant import Combatant
from core.errors import IllegalCommand, MoveRefused, UnknownCombatant
from core.grid import Grid
from core.initiative import roll_initiatives
from core.movement import find_path
from core.rulesets.base import Ruleset


@dataclass(frozen=True)
class EncounterState:
    """Everything that defines a fight at one moment.

    ``round`` is 0 before initiative is rolled, then 1, 2, ...; ``current``
    is the id of the combatant whose turn it is (``None`` before combat).
    """

    name: str
    grid: Grid
    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    current: str | None = None

    def combatant(self, combatant_id: str) -> Combatant:
        """The combatant with ``combatant_id``; raises :class:`UnknownCombatant`."""
        for combatant in self.combatants:
            if combatant.id == combatant_id:
                return combatant
        raise UnknownCombatant(combatant_id)

    def order(self) -> tuple[Combatant, ...]:
        """Combatants with an initiative, highest first; then those without."""
        rolled = sorted((c for c in self.combatants if c.initiative is not None), key=lambda c: -c.initiative)
        return tuple(rolled) + tuple(c for c in self.combatants if c.initiative is None)

    def replace_combatant(self, combatant: Combatant) -> EncounterState:
        return replace(
            self, combatants=tuple(combatant if c.id == combatant.id else c for c in self.combatants)
        )

    def next_id(self) -> str:
        """A combatant id not yet used here: ``c1``, ``c2``, ..."""
        used = {c.id for c in self.combatants}
        number = len(self.combatants) + 1
        while f"c{number}" in used:
            number += 1
        return f"c{number}"


Events = tuple[ev.Event, ...]


class Encounter:
    """The one place where an encounter changes.

    ``Encounter(state, ruleset, rng)``: ``rng`` (a ``random.Random``) rolls
    every die; tests pass a seeded one.
    """

    def __init__(self, state: EncounterState, ruleset: Ruleset, rng: random.Random | None = None) -> None:
        self.state = state
        self.ruleset = ruleset
        self.rng = rng if rng is not None else random.Random()
        self._past: list[EncounterState] = []
        self._future: list[EncounterState] = []
        self._handlers: dict[type, Callable[[EncounterState, cmd.Command], tuple[EncounterState, Events]]] = {
            cmd.StartCombat: self._start_combat,
            cmd.NextTurn: self._next_turn,
            cmd.PreviousTurn: self._previous_turn,
            cmd.Damage: self._damage,
            cmd.Heal: self._heal,
            cmd.Move: self._move,
            cmd.SpendAction: self._spend_action,
            cmd.ExchangeFullAction: self._exchange,
            cmd.RollDice: self._roll_dice,
            cmd.RollCheck: self._roll_check,
            cmd.AddCombatant: self._add,
            cmd.RemoveCombatant: self._remove,
        }

    # -- the one way in ---------------------------------------------------
    def apply(self, command: cmd.Command) -> Events:
        """Validate and apply ``command``; returns the events it caused.

        Raises :class:`~core.errors.RulesError` (nothing changes) when the
        command is not allowed now.
        """
        handler = self._handlers.get(type(command))
        if handler is None:
            raise IllegalCommand(f"unknown command {type(command).__name__}")
        new_state, events = handler(self.state, command)
        self._past.append(self.state)
        self._future.clear()
        self.state = new_state
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def undo(self) -> None:
        """Restore the state before the last applied command."""
        if not self._past:
            raise IllegalCommand("nothing to undo")
        self._future.append(self.state)
        self.state = self._past.pop()

    def redo(self) -> None:
        """Re-apply the last undone command's result."""
        if not self._future:
            raise IllegalCommand("nothing to redo")
        self._past.append(self.state)
        self.state = self._future.pop()

    # -- queries ------------------------------------------------------------
    @property
    def current(self) -> Combatant | None:
        return self.state.combatant(self.state.current) if self.state.current else None

    def takes_turns(self, combatant: Combatant) -> bool:
        """Whether ``combatant`` gets a turn (rolled, and not defeated when the ruleset skips them)."""
        if combatant.initiative is None:
            return False
        return not (combatant.defeated and getattr(self.ruleset.settings, "skip_defeated", True))

    # -- handlers: each returns (new state, events) and never mutates -------
    def _begin_turn(self, state: EncounterState, combatant: Combatant, round_: int) -> tuple[EncounterState, Events]:
        fresh = replace(combatant, budget=self.ruleset.fresh_budget(combatant))
        state = replace(state.replace_combatant(fresh), round=round_, current=fresh.id)
        return state, (ev.TurnStarted(round_, fresh.id, fresh.name),)

    def _start_combat(self, state: EncounterState, _: cmd.Command) -> tuple[EncounterState, Events]:
        if state.round > 0:
            raise IllegalCommand(f"combat is already running (round {state.round})")
        if not state.combatants:
            raise IllegalCommand("add combatants before rolling initiative")
        unrolled = {c.id: self.ruleset.initiative_modifier(c) for c in state.combatants if c.initiative is None}
        fixed = [c.initiative for c in state.combatants if c.initiative is not None]
        rolls = roll_initiatives(unrolled, self.rng, self.ruleset.initiative_sides, fixed)
        events: list[ev.Event] = []
        for result in rolls:
            combatant = state.combatant(result.key)
            state = state.replace_combatant(replace(combatant, initiative=result.value))
            events.append(ev.InitiativeRolled(combatant.id, combatant.name, result.roll, result.value, result.rolloff))
        first = next((c for c in state.order() if self.takes_turns(c)), None)
        if first is None:
            raise IllegalCommand("nobody can take a turn")
        events.append(ev.RoundStarted(1))
        state, started = self._begin_turn(state, first, 1)
        return state, tuple(events) + started

    def _require_combat(self, state: EncounterState) -> Combatant:
        if state.round == 0 or state.current is None:
            raise IllegalCommand("combat has not started: roll initiative first")
        return state.combatant(state.current)

    def _next_turn(self, state: EncounterState, _: cmd.Command) -> tuple[EncounterState, Events]:
        current = self._require_combat(state)
        order = [c for c in state.order() if self.takes_turns(c)]
        if not order:
            raise IllegalCommand("nobody can take a turn")
        later = [c for c in order if c.initiative < current.initiative]
        if later:
            return self._begin_turn(state, later[0], state.round)
        new_state, events = self._begin_turn(state, order[0], state.round + 1)
        return new_state, (ev.RoundStarted(state.round + 1),) + events

    def _previous_turn(self, state: EncounterState, _: cmd.Command) -> tuple[EncounterState, Events]:
        current = self._require_combat(state)
        order = [c for c in state.order() if self.takes_turns(c)]
        earlier = [c for c in order if c.initiative > current.initiative]
        if earlier:
            target, round_ = earlier[-1], state.round
        elif state.round > 1 and order:
            target, round_ = order[-1], state.round - 1
        else:
            raise IllegalCommand("this is the first turn of the fight")
        state = replace(state, round=round_, current=target.id)
        return state, (ev.TurnReturned(round_, target.id, target.name),)

    def _hit_points(self, state: EncounterState, target_id: str, amount: object, sign: int) -> tuple[EncounterState, Events]:
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalCommand(f"hit points must be a whole number, not {amount!r}")
        word = "damage" if sign < 0 else "healing"
        if amount < 0:
            raise IllegalCommand(f"{word} cannot be negative")
        target = state.combatant(target_id)
        hp = max(0, min(target.hp_max, target.hp + sign * amount))
        changed = replace(target, hp=hp)
        events: list[ev.Event] = [ev.HitPointsChanged(target.id, target.name, sign * amount, hp - target.hp, hp, target.hp_max)]
        if hp == 0 and target.hp > 0:
            events.append(ev.Defeated(target.id, target.name))
        return state.replace_combatant(changed), tuple(events)

    def _damage(self, state: EncounterState, command: cmd.Damage) -> tuple[EncounterState, Events]:
        return self._hit_points(state, command.target, command.amount, -1)

    def _heal(self, state: EncounterState, command: cmd.Heal) -> tuple[EncounterState, Events]:
        return self._hit_points(state, command.target, command.amount, +1)

    def _move(self, state: EncounterState, command: cmd.Move) -> tuple[EncounterState, Events]:
        mover = state.combatant(command.combatant)
        path = find_path(state.grid, self.ruleset, mover, state.combatants, tuple(command.to))
        in_combat = state.round > 0
        if in_combat and path.cost > mover.budget.movement:
            raise MoveRefused(
                f"{mover.name} needs {path.cost} movement to get there and has {mover.budget.movement} left",
                tuple(command.to),
                "EQ-MOV-2",
            )
        budget = mover.budget
        if in_combat:
            budget = replace(budget, movement=budget.movement - path.cost)
        moved = replace(mover, position=path.cells[-1], budget=budget)
        event = ev.Moved(mover.id, mover.name, mover.position, path.cells, path.cost, budget.movement)
        return state.replace_combatant(moved), (event,)

    def _spend_action(self, state: EncounterState, command: cmd.SpendAction) -> tuple[EncounterState, Events]:
        self._require_combat(state)
        combatant = state.combatant(command.combatant)
        self.ruleset.check_spend(combatant, command.kind)
        spent = replace(combatant, budget=combatant.budget.spend(command.kind))
        event = ev.ActionSpent(combatant.id, combatant.name, command.kind, spent.budget.left(command.kind))
        return state.replace_combatant(spent), (event,)

    def _exchange(self, state: EncounterState, command: cmd.ExchangeFullAction) -> tuple[EncounterState, Events]:
        self._require_combat(state)
        combatant = state.combatant(command.combatant)
        self.ruleset.check_spend(combatant, "full")
        gained = self.ruleset.exchange_quick_actions(combatant)
        budget = combatant.budget.spend("full").grant("quick", gained)
        changed = replace(combatant, budget=budget)
        return state.replace_combatant(changed), (ev.FullActionExchanged(combatant.id, combatant.name, gained),)

    def _roll_dice(self, state: EncounterState, command: cmd.RollDice) -> tuple[EncounterState, Events]:
        from core.dice import roll

        name = ""
        if command.combatant is not None:
            name = state.combatant(command.combatant).name
        result = roll(command.expression, self.rng)
        return state, (ev.DiceRolled(result, command.combatant, name),)

    def _roll_check(self, state: EncounterState, command: cmd.RollCheck) -> tuple[EncounterState, Events]:
        combatant = state.combatant(command.combatant)
        if command.stat not in self.ruleset.stat_names:
            raise IllegalCommand(f"unknown stat {command.stat!r}; use one of {', '.join(self.ruleset.stat_names)}")
        difficulty = command.difficulty
        if difficulty is not None and not 1 <= difficulty <= 100:
            raise IllegalCommand(f"difficulty must be between 1 and 100, not {difficulty}")
        result = self.ruleset.roll_check(self.rng, combatant.stat(command.stat), difficulty, command.advantage)
        return state, (ev.CheckRolled(combatant.id, combatant.name, command.stat, result),)

    def _add(self, state: EncounterState, command: cmd.AddCombatant) -> tuple[EncounterState, Events]:
        new = command.combatant
        if any(c.id == new.id for c in state.combatants):
            raise IllegalCommand(f"a combatant with id {new.id!r} already exists")
        if new.position is not None:
            if not state.grid.contains(new.position):
                raise MoveRefused(f"{new.position} is off the map", new.position)
            if state.grid.terrain(new.position).blocks_movement:
                raise MoveRefused(f"{new.position} is inside a {state.grid.terrain(new.position).name}", new.position)
        if new.initiative is not None and any(c.initiative == new.initiative for c in state.combatants):
            raise IllegalCommand(f"initiative {new.initiative} is taken; initiatives are unique", "EQ-INIT-2")
        state = replace(state, combatants=state.combatants + (new,))
        return state, (ev.CombatantAdded(new.id, new.name),)

    def _remove(self, state: EncounterState, command: cmd.RemoveCombatant) -> tuple[EncounterState, Events]:
        leaving = state.combatant(command.combatant)
        events: list[ev.Event] = []
        if state.current == leaving.id:
            state, passed = self._next_turn(state, cmd.NextTurn())
            events.extend(passed)
            if state.current == leaving.id:
                state = replace(state, current=None, round=state.round)
        state = replace(state, combatants=tuple(c for c in state.combatants if c.id != leaving.id))
        events.insert(0, ev.CombatantRemoved(leaving.id, leaving.name))
        return state, tuple(events)
