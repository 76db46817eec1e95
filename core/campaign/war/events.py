"""Events of mass combat (rules EQ-WAR-1..4) for the log; every die is kept.

Re-exported by :mod:`core.combat.events`, which defines :class:`Event`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.dice.checks import CheckResult
from core.dice.rolls import DiceRoll
from core.combat.event_base import Event
from core.campaign.war.battle import EndKind


@dataclass(frozen=True)
class BattleSetUp(Event):
    """Two armies (``names``, ``soldiers``) at ``points`` BP (EQ-WAR-1); ``heroes`` by name."""

    names: tuple[str, str]
    soldiers: tuple[int, int]
    points: tuple[int, int]
    heroes: tuple[str, ...] = ()


@dataclass(frozen=True)
class HeroFought(Event):
    """EQ-WAR-2: ``hero`` of ``army`` made its check; ``bonus`` to the side's
    battle check this round, ``damage`` the true damage dice (``None``: unhurt)."""

    round: int
    hero: str
    army: str
    check: CheckResult
    bonus: int
    damage: DiceRoll | None = None


@dataclass(frozen=True)
class BattleCheckRolled(Event):
    """EQ-WAR-1: the opposed Strategy/Tactics check of round ``round``;
    ``checks`` alternate army 1, army 2 (re-rolled ties included);
    ``loser`` (0/1, ``None`` on a tie that costs nothing) lost 1 BP;
    ``points`` after it."""

    round: int
    names: tuple[str, str]
    checks: tuple[CheckResult, ...]
    loser: int | None
    points: tuple[int, int]


@dataclass(frozen=True)
class MoraleChecked(Event):
    """EQ-WAR-1: ``army``'s leader checked morale: ``outcome`` is
    ``fights on``, ``retreats`` or ``routs``."""

    round: int
    army: str
    check: CheckResult
    outcome: str


@dataclass(frozen=True)
class RetreatOrdered(Event):
    """EQ-WAR-4: ``army``'s leader orders a retreat after ``rounds`` more rounds."""

    army: str
    rounds: int


@dataclass(frozen=True)
class BattleEnded(Event):
    """The battle is over after ``round``: ``kind`` for ``loser`` (empty on a draw)."""

    round: int
    kind: EndKind
    loser: str = ""
    winner: str = ""


@dataclass(frozen=True)
class BattleRecovered(Event):
    """EQ-WAR-3 for ``army``: ``roll`` (1d6 per lost BP; ``None`` when none
    was lost), ``regained`` BP on faces up to ``threshold``, ``points`` after,
    ``percent`` of soldiers lost (rounded to 0.1) and ``soldiers_lost``."""

    army: str
    roll: DiceRoll | None
    threshold: int
    regained: int
    points: int
    percent: float
    soldiers_lost: int


@dataclass(frozen=True)
class BattleCleared(Event):
    """The GM put the battle between ``names`` away."""

    names: tuple[str, str]
