"""Physical dice a player typed, used in place of the GM's rolls (house rule ``physical_dice``).

:class:`TypedDice` is a ``random.Random`` the rolls read like any other
(:func:`core.dice.rolls.roll` asks a die of N sides for ``randrange(N)``,
a ``randint(1, N)`` asks ``randrange(1, N + 1)``): each die asked takes the
next typed face, checked to be a face of that die (1..N); a face that die
cannot show raises :class:`~core.errors.IllegalCommand` saying so. When the
typed faces run out, the rest are rolled by ``fallback`` (the GM's own
rng: the product never makes a result up) and counted in :attr:`rolled`.
Anything that is not a die (a shuffle, a percentile's tens) is the fallback's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.errors import IllegalCommand

MAX_TYPED = 32
"""Most faces one request may type."""
MAX_FACE = 1000
"""Largest face typed (a d1000)."""


class TypedDice(random.Random):
    """``TypedDice(faces, fallback)``: ``faces`` (ints, in the order the dice
    are rolled) first, then ``fallback``'s dice. :attr:`used` faces typed
    and taken, :attr:`rolled` dice the fallback rolled, :attr:`asked` the
    sides of each die asked (typed or not)."""

    def __init__(self, faces: Sequence[int], fallback: random.Random) -> None:
        self._faces = tuple(faces)
        self._fallback = fallback
        self.used = 0
        self.rolled = 0
        self.asked: list[int] = []
        super().__init__(0)

    def random(self) -> float:
        return self._fallback.random()

    def getrandbits(self, k: int) -> int:
        return self._fallback.getrandbits(k)

    def seed(self, *args: object, **kwargs: object) -> None:  # the fallback keeps its own state
        return None

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            low, sides, shift = 0, start, 1  # d20's die: randrange(N) + 1
        elif start == 1 and step == 1:
            low, sides, shift = 1, stop - 1, 0  # randint(1, N)
        else:
            return self._fallback.randrange(start, stop, step)
        if sides < 1:
            return self._fallback.randrange(start, stop, step) if stop is not None else self._fallback.randrange(start)
        self.asked.append(sides)
        if self.used >= len(self._faces):
            self.rolled += 1
            return self._fallback.randrange(low, low + sides)
        face = self._faces[self.used]
        if not 1 <= face <= sides:
            raise IllegalCommand(f"a d{sides} shows 1-{sides}: {face} cannot be its result (typed die {self.used + 1})")
        self.used += 1
        return face - shift


def typed_faces(value: object) -> tuple[int, ...]:
    """The faces of a request's ``dice`` field (a list of at most
    :data:`MAX_TYPED` whole numbers 1..:data:`MAX_FACE`); raises
    :class:`IllegalCommand` saying what is wrong."""
    if not isinstance(value, list) or not value or len(value) > MAX_TYPED:
        raise IllegalCommand(f"typed dice are a list of 1 to {MAX_TYPED} results, as rolled")
    if not all(type(v) is int and 1 <= v <= MAX_FACE for v in value):
        raise IllegalCommand(f"a typed die is a whole number from 1 to {MAX_FACE}")
    return tuple(value)
