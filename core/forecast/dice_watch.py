"""Dice that also say how lucky they were: the control variates of a forecast.

A played-out fight's dice are its only randomness. :class:`WatchedDice` is a
``random.Random`` (the same draws for the same seed as a plain one: it only
looks at them) that, for each die asked of it (``randrange(n)`` /
``randint(1, n)``, as :func:`core.dice.rolls.roll` asks, 2 <= n <= 100),
adds to the fight's *control features* how far the face fell from what a
fair die gives on average. The features are grouped under a label the
forecast sets before each command (:meth:`WatchedDice.watch`: who attacks
whom, whose turn begins) and the die's place among that command's dice
(first, second, third and later), so a feature reads e.g. "the boar's
attack dice against Aria, first die: how often 12 or more".

For a die of ``n`` faces showing ``u`` (``0 .. n - 1``), each feature is a
whole number whose mean is exactly 0 whatever the state (a fair die's face
does not depend on the past): ``n * [u >= t] - (n - t)`` for the
thresholds of :func:`thresholds` (a d20: 4, 8, 12, 16, 19, i.e. faces 5+,
9+, 13+, 17+ and the natural 20) on dice of 10 faces or more, ``2u - (n - 1)``
(the face against its mean, doubled) on smaller ones. A fight's feature is
the sum over its dice under that label: still of mean 0 (each term is, given
all that came before it), which is what makes it a control variate
(:mod:`core.forecast.controls`): the chance a forecast estimates is
corrected by how lucky the dice it played were, unbiased, with an interval
that is narrower where luck explains the outcome. Whole numbers keep sums
exact, so batches add up in any order to the same tally.
"""

from __future__ import annotations

import random
from functools import cache

SLOTS = 3
"""Dice places told apart within one command: first, second, third and later."""


@cache
def thresholds(sides: int) -> tuple[int, ...]:
    """Faces (0-based) of the indicator features of a die of ``sides`` faces
    (10 or more): a fifth, two, three and four fifths of the way up, and the
    top face (a natural 20 on a d20). Smaller dice: ``()`` (one
    linear feature instead)."""
    if sides < 10:
        return ()
    return tuple(sorted({round(sides * q / 5) for q in range(1, 5)} | {sides - 1}))


class WatchedDice(random.Random):
    """``WatchedDice(seed)``: a ``random.Random(seed)`` whose dice are also
    summed into :attr:`features` (feature name -> whole number), under the
    label of :meth:`watch` (none: not summed)."""

    def __init__(self, seed: int | float | str | bytes | bytearray | None = None) -> None:
        self.label = ""
        self._slot = 0
        self.features: dict[str, int] = {}
        self._names: dict[tuple[str, int, int], tuple[str, ...]] = {}  # (label, place, sides) -> its feature names
        super().__init__(seed)

    def watch(self, label: str) -> None:
        """The dice from now on belong to ``label`` (``""``: to none), counted from its first."""
        self.label = label
        self._slot = 0

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        face = super().randrange(start, stop, step)
        if self.label and step == 1:
            low, sides = (0, start) if stop is None else (start, stop - start)
            if 2 <= sides <= 100:
                self._note(face - low, sides)
        return face

    def _note(self, face: int, sides: int) -> None:
        slot = min(self._slot, SLOTS - 1)
        self._slot += 1
        names = self._names.get((self.label, slot, sides))
        if names is None:
            names = self._names[self.label, slot, sides] = feature_names(f"{self.label}#{slot}d{sides}", sides)
        features = self.features
        for name, value in zip(names, _values(sides)[face]):
            features[name] = features.get(name, 0) + value


def feature_names(base: str, sides: int) -> tuple[str, ...]:
    """The features of a die of ``sides`` faces under ``base`` (label, place, die)."""
    marks = thresholds(sides)
    return tuple(f"{base}>={mark}" for mark in marks) if marks else (base + "~",)


@cache
def _values(sides: int) -> tuple[tuple[int, ...], ...]:
    """For each face (0-based) of a die of ``sides`` faces, what it adds to each of :func:`feature_names`."""
    marks = thresholds(sides)
    if not marks:
        return tuple((2 * face - (sides - 1),) for face in range(sides))
    return tuple(tuple((sides if face >= mark else 0) - (sides - mark) for mark in marks) for face in range(sides))
