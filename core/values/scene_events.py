"""Scene events: named rows of the initiative order that are no creature.

A lair action, a hazard, reinforcements, a collapsing ceiling: a
:class:`SceneEvent` holds a count of the initiative order (its
``initiative``, unique among the creatures' and the other scene events'
by EQ-INIT-2) and fires when the order passes that count, in the rounds
:meth:`SceneEvent.due` names. Firing logs its ``text``, rolls its ``dice``
(when given) and names its ``area`` (free text such as ``radius 2 at
C4``); the GM resolves the rest. Firing and the rows are
:mod:`core.combat.scene_events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.dice.rolls import DiceRoll


@dataclass(frozen=True)
class SceneEvent:
    """``id`` (``s1``, ``s2``, ...), ``name`` ("Lair action"), the count it
    fires at (``initiative``), ``text`` said when it fires, ``dice`` rolled
    then (``"2d6 fire"``; empty: none), ``area`` it covers (free text;
    empty: none), from round ``first_round`` (1: every round), every round
    from then when ``repeats``, else once. ``secret`` ones stay off the
    players' view."""

    id: str
    name: str
    initiative: int
    text: str = ""
    dice: str = ""
    area: str = ""
    first_round: int = 1
    repeats: bool = True
    secret: bool = False

    def due(self, round_: int) -> bool:
        """Whether it fires in round ``round_`` (1, 2, ...)."""
        return round_ == self.first_round or (self.repeats and round_ > self.first_round)

    def spent(self, round_: int, fired_in_round: bool) -> bool:
        """Whether a once-only one is done with in round ``round_`` (0: not
        started): it fired in its round (``fired_in_round``: it fired in
        ``round_``) or that round is over. One that repeats is never spent."""
        if self.repeats:
            return False
        return round_ > self.first_round or (round_ == self.first_round and fired_in_round)

    def when(self) -> str:
        """``every round``, ``every round from round 3``, ``once, in round 3``."""
        if not self.repeats:
            return f"once, in round {self.first_round}"
        return "every round" if self.first_round <= 1 else f"every round from round {self.first_round}"


def next_scene_id(existing: tuple[SceneEvent, ...]) -> str:
    """A scene event id not among ``existing``: ``s1``, ``s2``, ..."""
    used = {s.id for s in existing}
    number = len(existing) + 1
    while f"s{number}" in used:
        number += 1
    return f"s{number}"


@dataclass(frozen=True)
class SceneFiring:
    """Scene event ``scene_id`` fired in ``round`` and rolled ``roll``
    (``None``: it has no dice). Kept so that a turn change handed back with
    ``p`` and made again does not fire it anew with new dice
    (:func:`core.combat.scene_events.fire_between`)."""

    scene_id: str
    round: int
    roll: DiceRoll | None = None


def scene_events_ahead(state: Any) -> tuple[SceneEvent, ...]:
    """The scene events of ``state`` (an ``EncounterState``) that may still
    fire: a spent once-only one (it fired, or its round is over) is left
    out. Its row leaves the order then; an undo of the turn change that
    fired it brings it back."""
    fired = {(f.scene_id, f.round) for f in state.scene_fired}
    return tuple(s for s in state.scene_events if not s.spent(state.round, (s.id, state.round) in fired))
