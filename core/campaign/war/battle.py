"""Mass combat (rules EQ-WAR-1..4, seed 001): two armies fight in battle
points (BP) instead of creatures.

This module holds the values a battle is made of (:class:`WarSettings`,
:class:`Army`, :class:`Hero`, :class:`Battle`) and :func:`battle_points`;
rounds and the aftermath are rolled by :mod:`core.campaign.war.rounds`, the exact
odds come from :mod:`core.campaign.war.forecast`, the GM's commands live in
:mod:`core.campaign.war.commands`. Sides are numbered 0 and 1.

Every value the seed leaves open is a field of :class:`WarSettings` with
its rule ID; a battle keeps the settings it was set up with.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from core.errors import IllegalCommand

SIDES = (0, 1)


@dataclass(frozen=True)
class WarSettings:
    """The mass-combat rules as data; DEFAULT marks a gap in seed 001."""

    larger_side_points: int = 10  # EQ-WAR-1: the larger (or stronger) army has 10 BP
    min_points: int = 1  # EQ-WAR-1 DEFAULT: a tiny army still gets 1 BP (floor would give 0)
    battle_modifier: int = 0  # EQ-WAR-1 DEFAULT: the seed's modifier table is missing
    opposed_tie: str = "reroll"  # EQ-WAR-1 DEFAULT: equal totals are re-rolled ("reroll") or nobody loses ("none")
    morale_difficulty: int = 12  # EQ-WAR-1 morale is a ХАР check (EQ-CHK-2 medium difficulty)
    morale_bp_difference: bool = True  # EQ-WAR-1 DEFAULT "modifiers below": own BP - enemy BP
    retreat_rounds: int = 1  # EQ-WAR-1: after a failed morale check, one more battle check
    voluntary_retreat_rounds: int = 1  # EQ-WAR-4 DEFAULT: a voluntary retreat is as orderly
    hero_difficulty: int = 12  # EQ-WAR-2: the hero's attack or magic check (EQ-CHK-2)
    hero_every_round: bool = True  # EQ-WAR-2 DEFAULT: one check per round (False: first round only)
    hero_bonus: tuple[int, ...] = (0, 1, 2, 2)  # EQ-WAR-2 side bonus: crit fail, fail, success, crit success
    hero_damage: tuple[str, ...] = ("4d6", "3d6", "2d6", "")  # EQ-WAR-2 true damage to the hero, same order
    recovery_die: int = 6  # EQ-WAR-3: 1d6 per lost BP
    recovery_winner: int = 4  # EQ-WAR-3: the winner regains a BP on 1-4
    recovery_loser: int = 2  # EQ-WAR-3: the loser on 1-2
    recovery_routed: int = 1  # EQ-WAR-3: a routed side on 1
    larger_loss_percent: int = 10  # EQ-WAR-3: the side that started larger loses 10% per lost BP
    max_points: int = 30  # DEFAULT: BP set by hand (EQ-WAR-4) up to 30, so the exact forecast stays a few seconds

    def __post_init__(self) -> None:
        if self.opposed_tie not in ("reroll", "none"):
            raise IllegalCommand(f"opposed_tie must be 'reroll' or 'none', not {self.opposed_tie!r}", "EQ-WAR-1")
        if len(self.hero_bonus) != 4 or len(self.hero_damage) != 4:
            raise IllegalCommand("hero_bonus and hero_damage need four entries (crit fail, fail, success, crit success)", "EQ-WAR-2")
        if self.larger_side_points < 1 or not 0 <= self.min_points <= self.larger_side_points:
            raise IllegalCommand("the larger side needs at least 1 BP and the minimum cannot exceed it", "EQ-WAR-1")
        if self.retreat_rounds < 0 or self.voluntary_retreat_rounds < 0:
            raise IllegalCommand("retreat rounds cannot be negative", "EQ-WAR-1")


class EndKind(Enum):
    """How a battle ended; the losing side is :attr:`Ending.side`."""

    DESTROYED = "no battle points left"
    RETREAT = "retreat"
    ROUT = "rout"
    DRAW = "both withdrew"


@dataclass(frozen=True)
class Ending:
    """``kind`` of ending and the side (0 or 1) that lost; ``None`` for a draw."""

    kind: EndKind
    side: int | None = None

    @property
    def winner(self) -> int | None:
        return None if self.side is None else 1 - self.side


@dataclass(frozen=True)
class Army:
    """One side: ``soldiers`` (head count), battle points now and at the start,
    its general's Strategy/Tactics modifier (``strategy``), its leader's ХАР
    (``charisma``, for morale), a GM ``modifier`` to every battle check
    (elite units, terrain: EQ-WAR-4), and ``retreat``: rounds still fought
    before an ordered retreat ends the battle (``None``: not retreating)."""

    name: str
    soldiers: int
    points: int
    start_points: int
    strategy: int = 0
    charisma: int = 0
    leader: str = ""
    modifier: int = 0
    retreat: int | None = None

    @property
    def lost_points(self) -> int:
        return self.start_points - self.points


@dataclass(frozen=True)
class Hero:
    """A character not leading an army (EQ-WAR-2): ``side`` 0 or 1, the
    ``modifier`` of the attack or magic check the player chose, and the
    true ``damage`` taken so far in this battle."""

    name: str
    side: int
    modifier: int = 0
    damage: int = 0


@dataclass(frozen=True)
class SideAftermath:
    """EQ-WAR-3 for one side: ``rolls`` (one 1d6 face per lost BP),
    ``regained`` BP, ``points`` after recovery and soldiers lost."""

    rolls: tuple[int, ...]
    regained: int
    points: int
    soldiers_lost: int
    loss_numerator: int
    loss_denominator: int

    @property
    def loss(self) -> Fraction:
        """The fraction of the army lost (0..1)."""
        return Fraction(self.loss_numerator, self.loss_denominator)


@dataclass(frozen=True)
class Battle:
    """A mass battle: two ``armies``, the ``heroes``, the last ``round``
    fought (0 before the first), the ``ending`` once it is over, its
    ``aftermath`` once rolled, and the ``settings`` it is fought under."""

    armies: tuple[Army, Army]
    heroes: tuple[Hero, ...] = ()
    round: int = 0
    ending: Ending | None = None
    aftermath: tuple[SideAftermath, ...] = ()
    settings: WarSettings = WarSettings()

    @property
    def over(self) -> bool:
        return self.ending is not None

    def replace_army(self, side: int, army: Army) -> tuple[Army, Army]:
        armies = list(self.armies)
        armies[side] = army
        return (armies[0], armies[1])

    @property
    def points(self) -> tuple[int, int]:
        return (self.armies[0].points, self.armies[1].points)


def battle_points(soldiers: tuple[int, int], settings: WarSettings = WarSettings()) -> tuple[int, int]:
    """Rule EQ-WAR-1: the larger army gets ``larger_side_points`` (10) BP, the
    other proportionally, rounded down (EQ-GEN-1) but at least ``min_points``:
    ``(10000, 7000) -> (10, 7)``. Raises :class:`IllegalCommand` for an army
    of 0 or fewer soldiers."""
    for count in soldiers:
        if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
            raise IllegalCommand(f"an army needs at least 1 soldier, not {count!r}", "EQ-WAR-1")
    larger = max(soldiers)
    top = settings.larger_side_points
    return tuple(max(settings.min_points, top * count // larger) for count in soldiers)  # type: ignore[return-value]


def new_battle(
    names: tuple[str, str],
    soldiers: tuple[int, int],
    *,
    strategy: tuple[int, int] = (0, 0),
    charisma: tuple[int, int] = (0, 0),
    leaders: tuple[str, str] = ("", ""),
    modifiers: tuple[int, int] = (0, 0),
    points: tuple[int, int] | None = None,
    heroes: tuple[Hero, ...] = (),
    settings: WarSettings = WarSettings(),
) -> Battle:
    """A battle before its first round (EQ-WAR-1, EQ-WAR-4). ``points``
    overrides the computed BP (the GM's estimate of elite units and
    equipment). Raises :class:`IllegalCommand` for an army of 0 or fewer
    soldiers, a blank army name, BP below 1, or a hero without a side."""
    computed = battle_points(soldiers, settings)
    if points is not None:
        if any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in points):
            raise IllegalCommand(f"each army needs at least 1 battle point, not {points!r}", "EQ-WAR-4")
        if max(points) > settings.max_points:
            raise IllegalCommand(f"at most {settings.max_points} battle points a side (house rule max_points), not {max(points)}", "EQ-WAR-4")
        computed = points
    cleaned = tuple(name.strip() for name in names)
    if not all(cleaned):
        raise IllegalCommand("each army needs a name", "EQ-WAR-1")
    if cleaned[0] == cleaned[1]:
        raise IllegalCommand(f"the two armies need different names (both are {cleaned[0]!r})", "EQ-WAR-1")
    for hero in heroes:
        if hero.side not in SIDES:
            raise IllegalCommand(f"hero {hero.name or '?'} has no side: choose army 1 or army 2", "EQ-WAR-2")
        if not hero.name.strip():
            raise IllegalCommand("a hero needs a name", "EQ-WAR-2")
    armies = tuple(
        Army(cleaned[i], soldiers[i], computed[i], computed[i], strategy[i], charisma[i], leaders[i].strip(), modifiers[i])
        for i in SIDES
    )
    return Battle((armies[0], armies[1]), tuple(heroes), settings=settings)


def soldier_losses(army: Army, final_points: int, started_larger: bool, settings: WarSettings) -> tuple[Fraction, int]:
    """Rule EQ-WAR-3: ``(fraction lost, soldiers lost)``. The side that started
    larger loses ``larger_loss_percent`` (10%) per BP still lost; the smaller
    side loses the lost fraction of its starting BP (8 -> 2 BP: 75%).
    Soldiers are rounded down (EQ-GEN-1)."""
    lost = max(0, army.start_points - final_points)
    if started_larger:
        fraction = min(Fraction(1), Fraction(lost * settings.larger_loss_percent, 100))
    else:
        fraction = Fraction(lost, army.start_points)
    return fraction, int(army.soldiers * fraction)
