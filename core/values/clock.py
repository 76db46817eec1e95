"""Campaign time: an in-game clock counted in seconds, shown as days,
hours and minutes, advanced by rounds (10 s), minutes or days.

A round is 10 seconds (RULES.md units; 001: "in one round, 10 s"). Breath
(EQ-BRE-1), poison (EQ-DAY-3: at most 10 minutes), travel (EQ-TRV-2: a
day's march takes the whole day) and training (EQ-ANI-1: days per trick)
read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState

ROUND_SECONDS = 10
MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR


@dataclass(frozen=True)
class Clock:
    """``seconds`` since the campaign began (day 1, 00:00)."""

    seconds: int = 0

    def __post_init__(self) -> None:
        if self.seconds < 0:
            raise IllegalCommand("the campaign clock cannot go before its start")

    def advance(self, *, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0, seconds: int = 0) -> Clock:
        """A later clock; refuses to run backwards (raises :class:`IllegalCommand`)."""
        step = rounds * ROUND_SECONDS + minutes * MINUTE + hours * HOUR + days * DAY + seconds
        if step < 0:
            raise IllegalCommand("time only runs forward; undo to take it back")
        return Clock(self.seconds + step)

    @property
    def day(self) -> int:
        """The in-game day, from 1."""
        return self.seconds // DAY + 1

    @property
    def rounds(self) -> int:
        """Whole rounds (10 s) since the start."""
        return self.seconds // ROUND_SECONDS

    def text(self) -> str:
        """``day 3, 14:20:30``."""
        rest = self.seconds % DAY
        return f"day {self.day}, {rest // HOUR:02d}:{rest % HOUR // MINUTE:02d}:{rest % MINUTE:02d}"


def now_seconds(state: EncounterState) -> int:
    """Seconds since day 1, 00:00 now: the clock plus 10 s for each round
    of the current fight already over (round 1 starts at the clock)."""
    return state.clock.seconds + max(0, state.round - 1) * ROUND_SECONDS


def clock_label(seconds: int, with_seconds: bool = True) -> str:
    """Compact time for a title: ``Day 3 14:20`` (``Day 1 00:00:20`` when
    seconds show, as in a fight, unless not ``with_seconds``)."""
    rest = seconds % DAY
    text = f"Day {seconds // DAY + 1} {rest // HOUR:02d}:{rest % HOUR // MINUTE:02d}"
    return text + (f":{rest % MINUTE:02d}" if rest % MINUTE and with_seconds else "")
