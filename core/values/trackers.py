"""What a GM tracks on a creature beside the rules: reminders and limited uses.

Plain values kept on :class:`core.values.combatant.Combatant` (``reminders``,
``uses``); the commands that change them and the turn hooks that fire and
recharge them are in :mod:`core.combat.trackers.reminders` and :mod:`core.combat.trackers.uses`. No rule ID:
these are the GM's own notes with a die or a check attached (DEFAULTs).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

MAX_TEXT = 80
"""Characters of a reminder's text or a limited use's name."""
MAX_TRACKED = 20
"""Reminders, and limited uses, one creature may carry."""
MAX_ROUNDS = 1000
"""Rounds a reminder may wait."""
MAX_USES = 99
"""Uses one ability may have."""


class When(Enum):
    """When a reminder fires."""

    START = "start of turn"  # each start of the anchor's turn
    END = "end of turn"  # each end of the anchor's turn
    ROUNDS = "after rounds"  # once, at the start of the anchor's turn ``rounds`` turns from now
    DAMAGE = "when damaged"  # each time its bearer loses hit points (or temporary ones)


@dataclass(frozen=True)
class Reminder:
    """A note that fires on its bearer: ``id`` (``r1``, ``r2``, ... per
    creature), ``text``, ``when``; ``anchor`` is the combatant id whose turn
    times it (the bearer itself for ``DAMAGE``); ``rounds`` the starts of
    the anchor's turn left (``ROUNDS`` only); ``stat`` a check offered when
    it fires ("" for none) against ``difficulty`` (``None``: the ruleset's
    default); ``due`` once it fired with a check not rolled yet."""

    id: str
    text: str
    when: When
    anchor: str = ""
    rounds: int = 0
    stat: str = ""
    difficulty: int | None = None
    due: bool = False

    @property
    def spent(self) -> bool:
        """A ``ROUNDS`` reminder that already fired (kept only while its check is due)."""
        return self.when is When.ROUNDS and self.rounds <= 0


class Per(Enum):
    """How a limited use comes back."""

    ENCOUNTER = "encounter"  # all back when a fight ends (DEFAULT) or by the GM
    DAY = "day"  # only by the GM (a rest)
    ROUND = "round"  # all back at the start of its bearer's turn (DEFAULT)
    RECHARGE = "recharge"  # a die at the start of its bearer's turn brings all back


@dataclass(frozen=True)
class LimitedUse:
    """An ability with ``uses`` left of ``uses_max``, coming back ``per``.
    For ``RECHARGE``: a d``recharge_die`` rolled at the start of the
    bearer's turn while a use is spent; ``recharge_low``..``recharge_high``
    (inclusive) brings every use back (``recharge 5-6`` on 1d6)."""

    name: str
    per: Per
    uses_max: int = 1
    uses: int = 1
    recharge_die: int = 0
    recharge_low: int = 0
    recharge_high: int = 0

    @property
    def summary(self) -> str:
        """``1/1 recharge 5-6``, ``2/3 per day``: for sheets and menus."""
        if self.per is Per.RECHARGE:
            span = f"{self.recharge_low}" if self.recharge_low == self.recharge_high else f"{self.recharge_low}-{self.recharge_high}"
            die = "" if self.recharge_die == 6 else f" on 1d{self.recharge_die}"
            return f"{self.uses}/{self.uses_max} recharge {span}{die}"
        return f"{self.uses}/{self.uses_max} per {self.per.value}"
