"""Holding one's breath (rule EQ-BRE-1, seed 001): under water, in smoke,
poison gas or vacuum.

It lasts ТЕЛ (BODY) x 20 s at rest (sitting still, meditating), x 5 s in
light activity (riding, walking, swimming), x 2 s in heavy activity
(running, combat); after that the creature loses 2 ЭНЕР per 10 s. Seconds
are counted on the campaign clock; a fight counts in rounds of 10 s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.errors import IllegalCommand


class Activity(Enum):
    """How hard the creature works while it holds its breath (EQ-BRE-1)."""

    REST = "rest"
    LIGHT = "light"
    HEAVY = "heavy"


@dataclass(frozen=True)
class BreathSettings:
    """EQ-BRE-1 as data; DEFAULT marks a gap in the seed."""

    body_stat: str = "BODY"  # EQ-STAT-1: ТЕЛ is BODY in the DEFAULT stat block
    seconds_per_body: tuple[int, int, int] = (20, 5, 2)  # EQ-BRE-1: rest, light, heavy
    energy_loss: int = 2  # EQ-BRE-1: ЭНЕР lost per period once the breath runs out
    loss_period: int = 10  # EQ-BRE-1: seconds
    loss_on_full_period: bool = True  # DEFAULT: the first 2 ЭНЕР go after a full 10 s without air
    min_seconds: int = 0  # DEFAULT: a BODY of 0 or less cannot hold its breath at all

    def factor(self, activity: Activity) -> int:
        return self.seconds_per_body[list(Activity).index(activity)]


def body_of(stats: dict, settings: BreathSettings = BreathSettings(), name: str = "") -> int:
    """The creature's ТЕЛ; raises :class:`IllegalCommand` when it has none (EQ-BRE-1)."""
    if settings.body_stat not in stats:
        who = f"{name} has" if name else "the creature has"
        raise IllegalCommand(f"{who} no {settings.body_stat} stat, so holding breath cannot be counted", "EQ-BRE-1")
    return int(stats[settings.body_stat])


def breath_seconds(body: int, activity: Activity, settings: BreathSettings = BreathSettings()) -> int:
    """Rule EQ-BRE-1: seconds the breath lasts: ТЕЛ 3 -> 60 at rest, 15 light, 6 in combat."""
    return max(settings.min_seconds, body * settings.factor(activity))


def energy_lost(body: int, activity: Activity, elapsed: int, settings: BreathSettings = BreathSettings()) -> int:
    """ЭНЕР lost after holding the breath for ``elapsed`` seconds (EQ-BRE-1):
    2 per 10 s past the end of the breath (ТЕЛ 3 in combat: 0 at 15 s, 2 at 16 s)."""
    over = elapsed - breath_seconds(body, activity, settings)
    if over <= 0:
        return 0
    periods = over // settings.loss_period if settings.loss_on_full_period else -(-over // settings.loss_period)
    return periods * settings.energy_loss


@dataclass(frozen=True)
class BreathHold:
    """A creature holding its breath since ``start`` (clock seconds) at ``activity``."""

    start: int
    activity: Activity

    def seconds_left(self, body: int, now: int, settings: BreathSettings = BreathSettings()) -> int:
        """Seconds of air left at clock ``now`` (negative once it ran out)."""
        return breath_seconds(body, self.activity, settings) - (now - self.start)


@dataclass(frozen=True)
class HeldBreath:
    """Holding breath since ``round`` (the encounter's round; 0 outside a fight) at ``activity``;
    ``energy_taken``: ЭНЕР already taken for it at turn boundaries (EQ-BRE-1)."""

    round: int
    activity: Activity
    energy_taken: int = 0
