"""The tactics' answers remembered across the fights of one forecast.

Every played-out fight of a forecast starts from the same state, so the
same questions come back thousands of times: which saved attack is best
against that foe from here (``best_saved``: its cover, flanking, odds and
expected damage), and which cell to move to (``move_reach`` on the map).
:class:`Memo` keeps each answer under a key made of everything the question
reads, and gives it back when the key comes again; the commands are then
applied as usual (``Encounter.apply``: the rules are never skipped).

The key of a state (:meth:`Memo.state_key`) is its round, whose turn it
is, the last roll (EQ-CHK-6), and every creature's value, all fields
except ``hp``, of which only whether it is above 0: neither choosing an
attack (its odds and expected damage, ``core.offers.saved_attacks``) nor
the reach of a move (``core.board.movement``) reads how many hit points a
creature has, only whether it stands (a creature down gives no cover,
EQ-COV-2), and leaving the number out is what makes answers come back
(about 19 in 20 on the demo instead of 1 in 2). Whether a creature is down
is in it (``hp > 0``, ``dead``, its conditions), and the tactics read
``hp`` themselves (flee below N, who stands). The map
and the light (``grid``, ``vision``) are those of the state the memo was
made for; a state with others is not remembered. A creature with a value
that cannot be a key (an unhashable field) is not remembered either: the
question is then simply asked.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, TypeVar

from core.values.combatant import ActionBudget, Combatant

if TYPE_CHECKING:
    from core.combat.state import EncounterState

T = TypeVar("T")

_FIELDS = tuple(f.name for f in dataclasses.fields(Combatant) if f.name != "hp")
_MAPPINGS = tuple(i for i, f in enumerate(f for f in dataclasses.fields(Combatant) if f.name != "hp") if "Mapping" in str(f.type))
_BUDGET = _FIELDS.index("budget")
_values = operator.attrgetter(*_FIELDS)
_UNKNOWN = object()

LIMIT = 200_000
"""Answers (and creature keys) kept at most; past it the memo starts afresh."""

CREATURES_SEEN = 1024
"""Creature values whose key's number is known by their identity, at most:
the values of one fight (a fight makes new ones at every change; only the
starting state's come back in the next), not every value of every fight,
which would stay alive for nothing (and be walked by every full garbage
collection). Past it they are forgotten; their numbers are not."""


def _plain(value: object) -> object:
    if isinstance(value, ActionBudget):
        return (_plain(value.actions), value.movement, value.movement_max, value.diagonal_parity, value.marks)
    if isinstance(value, Mapping):
        return tuple(value.items())
    return value


def _key_of(creature: Combatant) -> tuple:
    """:func:`creature_key` before the check that it hashes."""
    values = list(_values(creature))
    for index in _MAPPINGS:
        value = values[index]
        values[index] = tuple(value.items()) if type(value) is dict else _plain(value)  # a dict, as built: no ABC check
    budget = values[_BUDGET]
    if type(budget) is ActionBudget:
        actions = budget.actions
        values[_BUDGET] = (tuple(actions.items()) if type(actions) is dict else _plain(actions), budget.movement, budget.movement_max,
                           budget.diagonal_parity, budget.marks)
    else:
        values[_BUDGET] = _plain(budget)
    values.append(creature.hp > 0)  # standing or down: a creature down gives no cover (EQ-COV-2) and is no one's foe
    return tuple(values)


def creature_key(creature: Combatant) -> tuple | None:
    """Every field of ``creature`` but ``hp`` as a hashable tuple (mappings
    and the action budget as plain tuples), then whether ``hp`` is above 0;
    ``None`` when one of them cannot be hashed."""
    key = _key_of(creature)
    try:
        hash(key)
    except TypeError:
        return None
    return key


class Memo:
    """``Memo(start)``: answers for the fights played out from ``start``
    (its map and light); ``hits`` and ``misses`` count the lookups."""

    def __init__(self, start: EncounterState, limit: int = LIMIT) -> None:
        self.grid, self.vision = start.grid, start.vision
        self.limit = limit
        self._creatures: dict[int, tuple[Combatant, int | None]] = {}  # id(creature) -> (the creature, kept alive; its key's number)
        self._numbers: dict[tuple, int] = {}  # a creature key -> its number: a state's key holds small numbers, cheap to hash
        self._answers: dict[Hashable, object] = {}
        self._last: tuple[EncounterState | None, tuple | None] = (None, None)  # the last state asked about, and its key
        self.hits = 0
        self.misses = 0

    def _creature(self, creature: Combatant) -> int | None:
        """The number of ``creature``'s key (equal keys, one number), or ``None``."""
        found = self._creatures.get(id(creature))
        if found is not None and found[0] is creature:
            return found[1]
        number: int | None
        try:
            number = self._numbers.setdefault(_key_of(creature), len(self._numbers))
        except TypeError:  # a field that cannot be hashed: not remembered
            number = None
        if len(self._creatures) >= CREATURES_SEEN:
            self._creatures.clear()  # an identity cache only: a value seen again gets the same number from its key
        self._creatures[id(creature)] = (creature, number)
        return number

    def state_key(self, state: EncounterState) -> tuple | None:
        """What the tactics' questions read of ``state`` (see the module), or
        ``None`` when it cannot be remembered."""
        if state is self._last[0]:  # asked again about the same (immutable) state: its key is known
            return self._last[1]
        key = self._state_key(state)
        self._last = (state, key)
        return key

    def _state_key(self, state: EncounterState) -> tuple | None:
        if state.grid is not self.grid or state.vision is not self.vision:
            return None
        if len(self._numbers) >= self.limit:
            self._creatures.clear()  # a number is never given to another key: the answers under them go too
            self._numbers.clear()
            self._answers.clear()
        creatures = tuple(map(self._creature, state.combatants))
        if None in creatures:
            return None
        key = (state.round, state.current, state.last_roll, creatures)
        try:
            hash(key)
        except TypeError:
            return None
        return key

    def recall(self, question: Hashable, state: EncounterState, answer: Callable[[], T]) -> T:
        """The answer to ``question`` (what is asked, with its arguments) about
        ``state``: remembered, or ``answer()`` (then remembered)."""
        key = self.state_key(state)
        if key is None:
            self.misses += 1
            return answer()
        full = (question, key)
        found = self._answers.get(full, _UNKNOWN)
        if found is not _UNKNOWN:
            self.hits += 1
            return found  # type: ignore[return-value]
        self.misses += 1
        value = answer()
        if len(self._answers) >= self.limit:
            self._answers.clear()
        self._answers[full] = value
        return value
