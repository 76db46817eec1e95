"""Travel over days (rules EQ-TRV-1, EQ-TRV-2, seed 001).

A day's march is 10 x ДВИЖ km in ideal conditions; the terrain divides it
(terrible /5, bad /2, normal x1), rain halves it except on a road, snow
halves it (deep snow /4). The group walks at its slowest member's pace, or
splits. A day's march takes the whole day however short; stopping for a
fight or to explore costs ЭНЕР (the GM's amount). Distances are km, round
down (EQ-GEN-1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from core.errors import IllegalCommand
from core.values.combatant import Side
from core.campaign.travel_settings import TravelSettings

TERRAIN_CLASSES = {
    # EQ-TRV-1 terrible [/5]
    "deep snow": "terrible", "dense forest": "terrible", "mountains": "terrible", "jungle": "terrible",
    "swamp": "terrible", "soft sand": "terrible",
    # EQ-TRV-1 bad [/2]
    "broken ground": "bad", "river": "bad", "forest": "bad", "steep hills": "bad",
    # EQ-TRV-1 normal [x1]
    "road": "normal", "light woods": "normal", "plains": "normal",
}
WEATHERS = ("clear", "rain", "snow", "deep snow")


@dataclass(frozen=True)
class Leg:
    """One stretch of a journey: ``km`` over ``terrain`` (a name of
    :data:`TERRAIN_CLASSES`) in ``weather`` (clear, rain, snow, deep snow)."""

    terrain: str
    km: int
    weather: str = "clear"


def travellers(combatants, ruleset) -> dict[str, tuple[str, int]]:
    """The party's travelling group (EQ-TRV-1): combatant id -> (name, ДВИЖ)
    for each party-side creature still standing; ДВИЖ is its
    ``settings.move_stat`` stat (MOVE), else its walking speed in cells
    (EQ-STAT-1 DEFAULT). ``ruleset`` gives the settings and the speed."""
    move_stat = ruleset.settings_for(TravelSettings).move_stat
    return {
        c.id: (c.name, c.stat(move_stat) if move_stat in c.stats else ruleset.movement_speed(c))
        for c in combatants if c.side is Side.PARTY and not c.defeated
    }


def group_move(moves: dict[str, int]) -> tuple[str, int]:
    """EQ-TRV-1: the slowest member sets the pace: ``(name, ДВИЖ)``; a group of
    ДВИЖ 3 and 2 moves at 2. Raises :class:`IllegalCommand` for an empty group."""
    if not moves:
        raise IllegalCommand("a travelling group needs at least one member", "EQ-TRV-1")
    name = min(moves, key=lambda n: moves[n])
    return name, moves[name]


def terrain_class(terrain: str) -> str:
    """``forest`` -> ``bad``; raises :class:`IllegalCommand` for no or unknown terrain."""
    key = (terrain or "").strip().lower()
    if not key:
        raise IllegalCommand(f"a travel leg needs a terrain: {', '.join(TERRAIN_CLASSES)}", "EQ-TRV-1")
    if key not in TERRAIN_CLASSES:
        raise IllegalCommand(f"unknown terrain {terrain!r}; use one of {', '.join(TERRAIN_CLASSES)}", "EQ-TRV-1")
    return TERRAIN_CLASSES[key]


def day_rate(move: int, terrain: str, weather: str = "clear", settings: TravelSettings = TravelSettings()) -> Fraction:
    """Exact km a day (EQ-TRV-1) before rounding: ДВИЖ 3 in forest in rain -> 15/2."""
    if move < 0:
        raise IllegalCommand(f"a pace (MOVE, speed) cannot be negative, not {move}", "EQ-TRV-1")
    kind = terrain_class(terrain)
    weather = (weather or "clear").strip().lower()
    if weather not in WEATHERS:
        raise IllegalCommand(f"unknown weather {weather!r}; use one of {', '.join(WEATHERS)}", "EQ-TRV-1")
    rate = Fraction(settings.km_per_move * move, settings.divisor(kind))
    if weather == "rain" and terrain.strip().lower() not in settings.road_terrains:
        rate /= settings.rain_divisor
    elif weather == "snow":
        rate /= settings.snow_divisor
    elif weather == "deep snow":
        rate /= settings.deep_snow_divisor
    return rate


def km_per_day(move: int, terrain: str, weather: str = "clear", settings: TravelSettings = TravelSettings()) -> int:
    """Rule EQ-TRV-1, rounded down (EQ-GEN-1): ДВИЖ 3 -> road 30, forest 15,
    forest in rain 7, swamp 6."""
    return math.floor(day_rate(move, terrain, weather, settings))


@dataclass(frozen=True)
class LegPlan:
    leg: Leg
    km_per_day: int
    days: Fraction


@dataclass(frozen=True)
class Plan:
    """A journey for a group at ``move`` (set by ``slowest``): each leg's km a
    day and days, and the whole ``days`` (EQ-TRV-2: every started day counts)."""

    move: int
    slowest: str
    legs: tuple[LegPlan, ...]
    days: int

    @property
    def km(self) -> int:
        return sum(p.leg.km for p in self.legs)


def plan(moves: dict[str, int], legs: list[Leg] | tuple[Leg, ...], settings: TravelSettings = TravelSettings()) -> Plan:
    """Plan ``legs`` for a group (member -> ДВИЖ) at the slowest pace (EQ-TRV-1).
    Each leg at its rounded-down km a day; the days sum (``legs_share_days``)
    and round up, for a day's march takes the whole day (EQ-TRV-2).
    Raises :class:`IllegalCommand` for a leg with no terrain, no km, or a
    pace of 0 km a day."""
    slowest, move = group_move(moves)
    if not legs:
        raise IllegalCommand("a journey needs at least one leg", "EQ-TRV-1")
    planned = []
    for leg in legs:
        if leg.km <= 0:
            raise IllegalCommand(f"a leg needs a distance of at least 1 km, not {leg.km}", "EQ-TRV-1")
        rate = km_per_day(move, leg.terrain, leg.weather, settings)
        if rate <= 0:
            raise IllegalCommand(f"at a pace of {move} the group makes no whole km a day in {leg.terrain} ({leg.weather})", "EQ-TRV-1")
        planned.append(LegPlan(leg, rate, Fraction(leg.km, rate)))
    if settings.legs_share_days:
        days = math.ceil(sum((p.days for p in planned), Fraction(0)))
    else:
        days = sum(math.ceil(p.days) for p in planned)
    return Plan(move, slowest, tuple(planned), days)


def split(moves: dict[str, int], legs: list[Leg] | tuple[Leg, ...], settings: TravelSettings = TravelSettings()) -> dict[str, Plan]:
    """EQ-TRV-2: a split group: each member's own plan at its own pace."""
    return {name: plan({name: move}, legs, settings) for name, move in moves.items()}


def interruption_cost(amount: int | None = None, settings: TravelSettings = TravelSettings()) -> int:
    """EQ-TRV-2: ЭНЕР an interruption costs each traveller (the GM's ``amount``,
    else the setting). Raises :class:`IllegalCommand` for a negative amount."""
    value = settings.interruption_energy if amount is None else amount
    if value < 0:
        raise IllegalCommand(f"an interruption cannot give energy back ({value})", "EQ-TRV-2")
    return value
