"""The value of a fight at one moment: :class:`EncounterState`.

Immutable; every handler reads one and returns the next
(``handler(encounter, state, command) -> (state, events)``). The aggregate
that applies commands to it is :class:`core.combat.encounter.Encounter`.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from core.values.frozen import replace
from typing import TYPE_CHECKING, Any, Callable, Generic, Protocol, TypeVar

from core.combat import events as ev
from core.combat.boundary import TurnBoundary
from core.values.clock import Clock
from core.values.combatant import Combatant, Side
from core.errors import UnknownCombatant
from core.board.grid import Grid
from core.values.last_roll import LastRoll
from core.values.phases import Phase
from core.values.scene_events import SceneEvent, SceneFiring
from core.board.vision import Conditions
from core.campaign.training import Ruse, Training
from core.campaign.war.battle import Battle

if TYPE_CHECKING:
    from collections.abc import Mapping
    from random import Random

    from core.rulesets.base import Ruleset


T = TypeVar("T")


class _cached(Generic[T]):
    """``functools.cached_property`` without the lock it takes in Python
    3.11 at every first use (a state is a value: two threads that build
    one index build the same), so an index costs one call of its function
    per state. The value lives in the instance's ``__dict__``."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self  # type: ignore[return-value]
        value = instance.__dict__[self.name] = self.function(instance)
        return value


@dataclass(frozen=True)
class EncounterState:
    """Everything that defines a fight at one moment.

    ``round`` is 0 before initiative is rolled, then 1, 2, ...; ``current``
    is the id of the combatant whose turn it is (``None`` before combat).
    ``phase`` of the scene (EQ-SIT-1..3) and ``preparing`` side (EQ-SIT-2);
    ``acted``: ids that had their turn this round, in order; ``cursor``: the
    initiative at which the current turn began; ``resuming``: delayed
    creatures whose turn already began (see ``core.combat.turns``);
    ``moved_up``: creatures the GM moved above the cursor before they acted
    this round: they still act this round, right after the current turn;
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
    moved_up: tuple[str, ...] = ()  # raised above the cursor before acting: still act this round (core.combat.turns)
    boundaries: tuple[TurnBoundary, ...] = ()  # what each turn change did by itself (core.combat.boundary), for PreviousTurn
    battle: Battle | None = None  # a mass battle (EQ-WAR-1..4), see core.campaign.war.battle
    vision: Conditions = Conditions()  # light, weather, light sources (EQ-VIS-1..2), see core.board.vision
    last_roll: LastRoll | None = None  # the last check or attack roll, for what follows a critical (EQ-CHK-6, core.values.last_roll)
    clock: Clock = Clock()  # in-game time outside the fight's rounds (core.campaign.timekeeping)
    trainings: tuple[Training, ...] = ()  # animals in training (EQ-ANI-1), see core.campaign.training_commands
    ruses: tuple[Ruse, ...] = ()  # tricks and ruses with their uses (EQ-TRK-1)
    turn_at: float | None = None  # the wall-clock stamp of the turn change that began the current turn (None: untimed), see core.combat.turn_times
    scene_events: tuple[SceneEvent, ...] = ()  # lair actions, hazards, reinforcements on a count of the order (core.combat.scene_events)
    scene_fired: tuple[SceneFiring, ...] = ()  # scene events fired this round and the last, with their rolls: n p n does not roll them again

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

    def order_index(self) -> Mapping[str, int] | None:
        """Id -> its index in :meth:`order`, ``None`` when two share an id. The
        very same mapping from one state to the next while the order's ids
        stay as they are (:meth:`replace_combatant` carries it): a pane that
        lists the order can tell by identity that its rows did not move."""
        return self._order_places

    def order_from(self, cursor: int) -> int:
        """The index in :meth:`order` of the first combatant whose
        initiative is at or below ``cursor`` (those above come before it;
        ``len(order())`` when none): a binary search, not a scan."""
        return bisect_left(self._order_keys, -cursor)

    def ridden(self) -> frozenset[str]:
        """Ids of the combatants someone rides (EQ-MNT-1)."""
        return self._ridden

    def conditioned(self) -> tuple[str, ...]:
        """Ids of the combatants with at least one condition, in ``combatants`` order."""
        return self._conditioned

    def reminded(self) -> tuple[str, ...]:
        """Ids of the combatants with at least one GM reminder, in ``combatants`` order."""
        return self._reminded

    def standing(self, side: Side) -> tuple[int, int]:
        """``(members, members neither dead nor defeated)`` of ``side``."""
        return self._standing.get(side, (0, 0))

    # Indexes over ``combatants``, built once per (immutable) state on first
    # use: a lookup, the order, the mounts, who has conditions or reminders
    # and who stands on each side cost O(1) instead of a scan of every
    # combatant each time. A copy that keeps ``combatants`` keeps them
    # (``__carried__``, read by core.values.frozen.replace), and
    # :meth:`replace_combatant` carries those the one creature's change
    # leaves valid, so a turn change does not rebuild them for a crowd.
    __carried__ = {
        "_by_id": "combatants", "_order": "combatants", "_order_keys": "combatants", "_ridden": "combatants",
        "_conditioned": "combatants", "_reminded": "combatants", "_standing": "combatants",
        "_places": "combatants", "_order_places": "combatants",
    }

    @_cached
    def _by_id(self) -> dict[str, Combatant]:
        index: dict[str, Combatant] = {}
        for combatant in self.combatants:
            index.setdefault(combatant.id, combatant)
        return index

    @_cached
    def _order(self) -> tuple[Combatant, ...]:
        rolled = sorted(((c.initiative, c) for c in self.combatants if c.initiative is not None), key=lambda pair: -pair[0])
        return tuple(c for _, c in rolled) + tuple(c for c in self.combatants if c.initiative is None)

    @_cached
    def _order_keys(self) -> list[int]:
        """Minus the initiative of each rolled combatant in :meth:`order` (ascending: bisectable)."""
        return [-c.initiative for c in self._order if c.initiative is not None]

    @_cached
    def _ridden(self) -> frozenset[str]:
        return frozenset(c.mounted_on for c in self.combatants if c.mounted_on is not None)

    @_cached
    def _conditioned(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.combatants if c.conditions)

    @_cached
    def _reminded(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.combatants if c.reminders)

    @_cached
    def _standing(self) -> dict[Side, tuple[int, int]]:
        counts: dict[Side, tuple[int, int]] = {}
        for c in self.combatants:
            members, up = counts.get(c.side, (0, 0))
            counts[c.side] = (members + 1, up + (not (c.dead or c.defeated)))
        return counts

    @_cached
    def _places(self) -> dict[str, int] | None:
        """Id -> its index in ``combatants``; ``None`` when two share an id."""
        places = {c.id: n for n, c in enumerate(self.combatants)}
        return places if len(places) == len(self.combatants) else None

    @_cached
    def _order_places(self) -> dict[str, int] | None:
        """Id -> its index in :meth:`order`; ``None`` when two share an id."""
        places = {c.id: n for n, c in enumerate(self._order)}
        return places if len(places) == len(self._order) else None

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle holds: the fields, none of the indexes (they are rebuilt on use)."""
        return {name: value for name, value in self.__dict__.items() if not name.startswith("_")}

    def replace_combatant(self, combatant: Combatant) -> EncounterState:
        """This state with ``combatant`` in place of the one with its id."""
        places = self._places
        at = None if places is None else places.get(combatant.id)
        if at is None:  # not here, or an id twice: each one with it replaced
            combatants = tuple(combatant if c.id == combatant.id else c for c in self.combatants)
        else:  # one slice and one join, not a test of every creature
            combatants = self.combatants[:at] + (combatant,) + self.combatants[at + 1:]
        new = replace(self, combatants=combatants)
        known = self.__dict__
        index = known.get("_by_id")
        if index is None or index.get(combatant.id) is None:
            return new
        was = index[combatant.id]
        carried = new.__dict__
        carried["_by_id"] = {**index, combatant.id: combatant}  # a copy: cheaper than a rebuild
        if at is not None:
            carried["_places"] = places
        order = known.get("_order")
        if order is not None and was.initiative == combatant.initiative:  # same place in the order: no new sort
            order_places = self._order_places  # built once, then carried
            spot = None if order_places is None else order_places.get(combatant.id)
            if spot is None:
                carried["_order"] = tuple(combatant if c.id == combatant.id else c for c in order)
            else:
                carried["_order"] = order[:spot] + (combatant,) + order[spot + 1:]
                carried["_order_places"] = order_places
            if "_order_keys" in known:
                carried["_order_keys"] = known["_order_keys"]
        if "_ridden" in known and was.mounted_on == combatant.mounted_on:
            carried["_ridden"] = known["_ridden"]
        if "_conditioned" in known and bool(was.conditions) == bool(combatant.conditions):
            carried["_conditioned"] = known["_conditioned"]
        if "_reminded" in known and bool(was.reminders) == bool(combatant.reminders):
            carried["_reminded"] = known["_reminded"]
        standing = known.get("_standing")
        if standing is not None and was.side is combatant.side:
            members, up = standing[was.side]
            change = (not (combatant.dead or combatant.defeated)) - (not (was.dead or was.defeated))
            carried["_standing"] = standing if not change else {**standing, was.side: (members, up + change)}
        return new

    def next_id(self) -> str:
        """A combatant id not yet used here: ``c1``, ``c2``, ..."""
        used = {c.id for c in self.combatants}
        number = len(self.combatants) + 1
        while f"c{number}" in used:
            number += 1
        return f"c{number}"


Events = tuple[ev.Event, ...]
"""What one applied command caused, in order."""


class TableView(Protocol):
    """What a rule check reads of the encounter: the ``ruleset`` it plays
    and its ``state``. Besides :class:`Table`, a query that rolls nothing
    gives a stand-in holding just these two (an offer asking whether a
    reaction is possible)."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def state(self) -> EncounterState: ...


class Table(TableView, Protocol):
    """What a handler reads of the encounter applying its command
    (``handler(table, state, command) -> (state, events)``): the
    ``ruleset``, the ``state`` before the command and the injected ``rng``
    that rolls every die. :class:`core.combat.encounter.Encounter` is one;
    handlers name this type, never the dispatcher."""

    @property
    def rng(self) -> Random: ...

    def after_hurt(self, state: EncounterState, target_id: str) -> tuple[EncounterState, Events]:
        """What follows damage to ``target_id`` beyond its hit points (a ridden mount's rider checks, EQ-MNT-1)."""
        ...

    def after_condition(self, state: EncounterState, target_id: str, name: str) -> tuple[EncounterState, Events]:
        """What a new condition ``name`` on ``target_id`` causes (falls, PR-MOV-5, PR-CLB-2; a rider's seat, EQ-MNT-5)."""
        ...
