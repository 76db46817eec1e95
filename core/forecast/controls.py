"""A forecast's estimates corrected by the luck of its dice (control variates).

Each played-out fight carries control features (:mod:`core.forecast.dice_watch`):
whole numbers of mean exactly 0, how far its dice fell from a fair die's
average, per attacker and target. A fight the party won is often one its
dice favoured; the regression estimator takes that out. With ``n`` fights,
an outcome ``y`` (1 when a side won or a member went down, else 0; or the
rounds) and ``p`` features ``c``, fitted by least squares on the same fights::

    estimate  = mean(y) - beta . mean(c)            (E[c] = 0 exactly)
    std error = s * sqrt(1/n + mean(c)' A^-1 mean(c))

``A`` the centred sums of squares and products of the features, ``beta`` =
``A^-1`` times their centred sums with ``y``, ``s^2`` the residual sum of
squares over ``n - p - 1``: the textbook variance of a fitted regression's
value at ``c = 0``. Unbiased but for the fitted ``beta`` (of order ``p / n``),
and never worse than the plain mean by more than that; on the demo it needs
about a third of the fights for the same interval.

:class:`Moments` keeps the sums this needs (of the features, of each pair's
products, of each feature times each outcome): whole numbers, so batches of
fights add up (``a + b``) in any order to the same value. The fit is used
only from :data:`MIN_FIGHTS` fights and :data:`FIGHTS_PER_CONTROL` a
feature; with more than :data:`MAX_CONTROLS` features those that vary most
(by their own sums, not the outcomes') are kept.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

Row = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
"""One fight: its ``(feature, value)`` pairs and its ``(outcome, value)`` pairs (0 values may be left out)."""

MIN_FIGHTS = 200
"""Fights below which the plain estimate is used."""

FIGHTS_PER_CONTROL = 8
"""Fights needed per feature kept before the fit is used."""

MAX_CONTROLS = 40
"""Features kept at most (the UI's process solves the fit: about p^3 / 6 steps)."""

_TINY = 1e-9
"""A feature whose variance left after the earlier ones is below this share of its own is dropped (collinear)."""


def _added(a: Mapping, b: Mapping) -> dict:
    total = dict(a)
    for key, value in b.items():
        total[key] = total.get(key, 0) + value
    return total


@dataclass(frozen=True)
class _Fit:
    """The kept features' Cholesky factor ``lower`` (rows of the kept, in
    order), their ``names``, means and ``whitened`` means (``L^-1 mean(c)``)."""

    names: tuple[str, ...]
    means: tuple[float, ...]
    lower: tuple[tuple[float, ...], ...]
    whitened: tuple[float, ...]

    def solve(self, column: list[float]) -> list[float]:
        """``L^-1 column`` (forward substitution)."""
        out: list[float] = []
        for i, row in enumerate(self.lower):
            out.append((column[i] - sum(row[j] * out[j] for j in range(i))) / row[i])
        return out


@dataclass(frozen=True)
class Moments:
    """Over ``fights`` fights: ``c`` feature -> sum, ``cc`` (feature, feature)
    (in name order, a feature with itself too) -> sum of products, ``cy``
    (feature, outcome) -> sum of feature times outcome."""

    fights: int = 0
    c: Mapping[str, int] = field(default_factory=dict)
    cc: Mapping[tuple[str, str], int] = field(default_factory=dict)
    cy: Mapping[tuple[str, str], int] = field(default_factory=dict)

    @classmethod
    def of(cls, rows: Iterable[Row]) -> Moments:
        c: dict[str, int] = {}
        cc: dict[tuple[str, str], int] = {}
        cy: dict[tuple[str, str], int] = {}
        fights = 0
        for features, outcomes in rows:
            fights += 1
            items = sorted((name, value) for name, value in features if value)
            for i, (name, value) in enumerate(items):
                c[name] = c.get(name, 0) + value
                for other, second in items[i:]:
                    cc[name, other] = cc.get((name, other), 0) + value * second
                for outcome, y in outcomes:
                    if y:
                        cy[name, outcome] = cy.get((name, outcome), 0) + value * y
        return cls(fights, c, cc, cy)

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.fights + other.fights, _added(self.c, other.c), _added(self.cc, other.cc), _added(self.cy, other.cy))

    @cached_property
    def _fit(self) -> _Fit | None:
        n = self.fights
        spread = {a: value for (a, b), value in self.cc.items() if a == b and value > 0}
        kept = sorted(sorted(spread, key=lambda name: (-spread[name], name))[:MAX_CONTROLS])
        if not kept or n < max(MIN_FIGHTS, FIGHTS_PER_CONTROL * len(kept)):
            return None
        means = [self.c.get(name, 0) / n for name in kept]
        names: list[str] = []
        kept_means: list[float] = []
        lower: list[list[float]] = []  # rows of L for the features kept so far
        for k, name in enumerate(kept):
            own = self.cc[name, name] - n * means[k] * means[k]
            # the row of this feature against the kept ones: centred products, less what earlier columns explain
            row: list[float] = []
            for i, earlier in enumerate(names):
                product = self.cc.get((earlier, name), 0) - n * kept_means[i] * means[k]
                row.append((product - sum(lower[i][j] * row[j] for j in range(i))) / lower[i][i])
            left = own - sum(x * x for x in row)
            if own <= 0 or left <= _TINY * own:
                continue  # collinear with the kept ones (or constant): adds nothing
            row.append(math.sqrt(left))
            lower.append(row)
            names.append(name)
            kept_means.append(means[k])
        if not names or n - len(names) - 1 <= 0:
            return None
        fit = _Fit(tuple(names), tuple(kept_means), tuple(map(tuple, lower)), ())
        return _Fit(fit.names, fit.means, fit.lower, tuple(fit.solve(kept_means)))

    def adjusted(self, outcome: str, total: float, total_squared: float) -> tuple[float, float] | None:
        """``(estimate, standard error)`` of the mean of ``outcome`` (whose
        sum over the fights is ``total``, of squares ``total_squared``), or
        ``None`` when the fit is not used (too few fights, no features)."""
        fit = self._fit
        if fit is None:
            return None
        n = self.fights
        mean = total / n
        centred = [self.cy.get((name, outcome), 0) - n * m * mean for name, m in zip(fit.names, fit.means)]
        z = fit.solve(centred)
        explained = sum(x * x for x in z)
        residual = max(0.0, total_squared - n * mean * mean - explained) / (n - len(fit.names) - 1)
        estimate = mean - sum(a * b for a, b in zip(z, fit.whitened))
        return estimate, math.sqrt(residual * (1 / n + sum(w * w for w in fit.whitened)))
