"""Many played-out fights summed up, with 95% intervals.

:class:`Tally` counts :class:`~core.forecast.skirmish.Ending` values; it
adds up (``a + b``) so batches from several processes merge. A chance is
shown with its Wilson score interval at 95% (z = 1.96), which stays inside
0..1 and is honest at 0 and 1; the expected number of rounds with the normal
interval of a mean. With the fights' control features
(:mod:`core.forecast.dice_watch`, summed in :class:`~core.forecast.controls.Moments`)
each estimate is the control-variate one (:mod:`core.forecast.controls`:
corrected by how lucky the dice were, with its normal interval), from
:data:`~core.forecast.controls.MIN_FIGHTS` fights on and, for a chance, once
:data:`FEW` fights or more had it and :data:`FEW` or more had not (near 0 or 1
Wilson's interval is the honest one). :meth:`Tally.settled` says whether every interval
shown is narrow enough ("not enough fights yet" until then): each side's
chance to win, the chance it is undecided, each party member's chance to
go down (all within :data:`WIDTH`) and the expected rounds (within
:data:`ROUNDS_WIDTH`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.forecast.controls import Moments, Row
from core.forecast.dice_watch import WatchedDice
from core.forecast.memo import Memo
from core.forecast.skirmish import Chooser, Ending, best_saved, play_out
from core.values.combatant import Side

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""

WIDTH = 0.03
"""Half-width (a share, 0.03 = 3 percentage points) below which a chance is settled."""

ROUNDS_WIDTH = 0.25
"""Half-width (rounds) below which the expected number of rounds is settled."""

FEW = 10
"""Fights with (and without) an outcome below which its chance keeps Wilson's interval."""

ROUNDS = "rounds"
"""The outcome name of the rounds a fight lasted (:class:`~core.forecast.controls.Moments`)."""


def win_outcome(side: Side | None) -> str:
    """The outcome name of ``side`` winning (``None``: undecided)."""
    return f"win:{side.value if side is not None else ''}"


def down_outcome(combatant_id: str) -> str:
    """The outcome name of party member ``combatant_id`` down at the end."""
    return f"down:{combatant_id}"


def _row(ending: Ending) -> Row:
    outcomes = ((win_outcome(ending.winner), 1), *((down_outcome(cid), 1) for cid in ending.down), (ROUNDS, ending.rounds))
    return ending.controls or (), outcomes


@dataclass(frozen=True)
class Estimate:
    """``value`` with its 95% interval ``low``..``high`` (shares or rounds)."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def wilson(hits: int, runs: int, z: float = Z95) -> Estimate:
    """The share ``hits / runs`` with its Wilson score interval."""
    if runs <= 0:
        return Estimate(0.0, 0.0, 1.0)
    p = hits / runs
    denominator = 1 + z * z / runs
    centre = (p + z * z / (2 * runs)) / denominator
    spread = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / denominator
    return Estimate(p, max(0.0, centre - spread), min(1.0, centre + spread))


@dataclass(frozen=True)
class Tally:
    """Counts over ``runs`` fights: ``wins`` by side (``None`` = undecided),
    ``down`` by party member id, the sums of rounds and of rounds squared,
    and the ``moments`` of the fights' control features (none: the plain
    estimates)."""

    runs: int = 0
    wins: Counter = field(default_factory=Counter)
    down: Counter = field(default_factory=Counter)
    rounds: int = 0
    rounds_squared: int = 0
    moments: Moments = field(default_factory=Moments)

    @classmethod
    def of(cls, endings: list[Ending] | tuple[Ending, ...]) -> Tally:
        wins: Counter = Counter(e.winner for e in endings)
        down: Counter = Counter(cid for e in endings for cid in e.down)
        moments = Moments.of(_row(e) for e in endings if e.controls is not None)
        return cls(len(endings), wins, down, sum(e.rounds for e in endings), sum(e.rounds * e.rounds for e in endings), moments)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.runs + other.runs, self.wins + other.wins, self.down + other.down,
                     self.rounds + other.rounds, self.rounds_squared + other.rounds_squared, self.moments + other.moments)

    def _share(self, outcome: str, hits: int) -> Estimate:
        """The chance of ``outcome`` (``hits`` fights of ``runs`` had it):
        the control-variate estimate when it applies, else Wilson's."""
        if self.moments.fights == self.runs and min(hits, self.runs - hits) >= FEW:
            adjusted = self.moments.adjusted(outcome, hits, hits)
            if adjusted is not None:
                value, error = adjusted
                value = min(1.0, max(0.0, value))
                return Estimate(value, max(0.0, value - Z95 * error), min(1.0, value + Z95 * error))
        return wilson(hits, self.runs)

    def chance(self, side: Side | None) -> Estimate:
        """The chance that ``side`` wins (``None``: that it is undecided)."""
        return self._share(win_outcome(side), self.wins.get(side, 0))

    def chance_down(self, combatant_id: str) -> Estimate:
        """The chance that party member ``combatant_id`` is down at the end."""
        return self._share(down_outcome(combatant_id), self.down.get(combatant_id, 0))

    def expected_rounds(self) -> Estimate:
        """The mean number of rounds with its 95% interval."""
        if self.runs == 0:
            return Estimate(0.0, 0.0, math.inf)
        adjusted = self.moments.adjusted(ROUNDS, self.rounds, self.rounds_squared) if self.moments.fights == self.runs else None
        if adjusted is not None:
            value, error = adjusted
            return Estimate(value, max(0.0, value - Z95 * error), value + Z95 * error)
        mean = self.rounds / self.runs
        if self.runs == 1:
            return Estimate(mean, 0.0, math.inf)
        variance = max(0.0, (self.rounds_squared - self.runs * mean * mean) / (self.runs - 1))
        spread = Z95 * math.sqrt(variance / self.runs)
        return Estimate(mean, max(0.0, mean - spread), mean + spread)

    def settled(self, width: float = WIDTH, rounds_width: float = ROUNDS_WIDTH) -> bool:
        """Whether every interval shown is narrow: each side's chance to win
        and the chance of neither within ``width``, each party member's
        chance to go down too (one never down has the narrowest of all, at 0),
        and the expected rounds within ``rounds_width``."""
        if self.runs <= 0:
            return False
        return all(estimate.half_width <= most for estimate, most in self._shown(width, rounds_width))

    def fights_needed(self, width: float = WIDTH, rounds_width: float = ROUNDS_WIDTH) -> int:
        """About how many fights in all would make :meth:`settled` true, from
        the widths now (a half-width shrinks as one over the square root of
        the fights): a guess for the size of the last batches, not a rule."""
        if self.runs <= 0:
            return 0
        worst = max((estimate.half_width / most) ** 2 for estimate, most in self._shown(width, rounds_width))
        return math.ceil(self.runs * worst) if math.isfinite(worst) else 2 * self.runs

    def _shown(self, width: float, rounds_width: float) -> list[tuple[Estimate, float]]:
        """Every interval shown with the half-width it must be within."""
        chances = [self.chance(side) for side in (Side.PARTY, Side.FOE, None)] + [self.chance_down(cid) for cid in self.down]
        return [(c, width) for c in chances] + [(self.expected_rounds(), rounds_width)]


def play_many(state: EncounterState, ruleset: Ruleset, seed: int, runs: int, first: int = 0, choose: Chooser = best_saved,
              memo: Memo | None = None) -> Tally:
    """Play ``state`` out ``runs`` times, fight ``i`` with the dice of ``random.Random(f"{seed}:{i}")``
    (watched: :class:`~core.forecast.dice_watch.WatchedDice`, the same faces)
    for ``i`` in ``first .. first + runs - 1``: the same seed gives the same tally,
    and batches with different ``first`` add up to one longer run. ``memo``
    (one for ``state`` is made when not given; pass the same to later
    batches) keeps the tactics' answers across fights."""
    memo = memo if memo is not None else Memo(state)
    return Tally.of([play_out(state, ruleset, WatchedDice(f"{seed}:{i}"), choose, memo=memo) for i in range(first, first + runs)])
