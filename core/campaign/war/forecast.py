"""The exact odds of a mass battle (rules EQ-WAR-1, EQ-WAR-2) before it is fought.

A battle is a small Markov chain: its state between rounds is each side's
BP, each side's retreat countdown and whether the heroes still act. One
round moves it by the real rules, whose every check has exactly known tier
odds (:func:`core.dice.checks.tier_odds`). Solving the chain with
:class:`fractions.Fraction` gives the exact probability of every ending
(who loses, and how: no BP left, retreat, rout; or both withdraw) and the
expected number of rounds. The states form a DAG except for a round that
changes nothing (a tie that costs nothing, ``opposed_tie = "none"``),
which is a self-loop solved in closed form. Nothing is sampled.

A voluntary retreat (EQ-WAR-4) is the GM's choice and is not foreseen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from core.dice.checks import Tier, TierRule, natural_distribution, tier_odds
from core.campaign.war.battle import SIDES, Battle, EndKind, Ending

ZERO = Fraction(0)
ONE = Fraction(1)
_TIER_INDEX = {Tier.CRITICAL_FAILURE: 0, Tier.FAILURE: 1, Tier.SUCCESS: 2, Tier.CRITICAL_SUCCESS: 3}

State = tuple[int, int, int | None, int | None, bool]
"""(BP of army 1, BP of army 2, retreat countdowns, heroes still act)."""


@dataclass(frozen=True)
class CheckRules:
    """How checks are rolled: ``count`` dice of ``sides`` graded by ``tier``
    (``(natural, total, difficulty) -> Tier``; equestria: 1d20, EQ-CHK-2)."""

    sides: int
    tier: TierRule
    count: int = 1

    @classmethod
    def of(cls, ruleset) -> CheckRules:
        return cls(ruleset.check_sides, ruleset.tier, ruleset.check_count)


@dataclass(frozen=True)
class Forecast:
    """Exact ``endings`` (each :class:`Ending` -> probability; they sum to 1)
    and the expected number of ``rounds`` still to fight."""

    endings: dict[Ending, Fraction]
    rounds: Fraction

    def wins(self, side: int) -> Fraction:
        """Probability that ``side`` (0 or 1) wins, by any ending."""
        return sum((p for e, p in self.endings.items() if e.winner == side), ZERO)

    def chance(self, kind: EndKind, side: int | None = None) -> Fraction:
        """Probability that ``side`` loses by ``kind`` (``None`` for a draw)."""
        return self.endings.get(Ending(kind, side), ZERO)


@dataclass
class _Chain:
    battle: Battle
    rules: CheckRules
    memo: dict[State, tuple[dict[Ending, Fraction], Fraction]] = field(default_factory=dict)
    _odds: dict[tuple[int, int], dict[Tier, Fraction]] = field(default_factory=dict)
    _bonuses: dict[int, dict[tuple[int, int], Fraction]] = field(default_factory=dict)
    _losses: dict[tuple[int, int], tuple[Fraction, Fraction, Fraction]] = field(default_factory=dict)

    @cached_property
    def differences(self) -> dict[int, Fraction]:
        """Distribution of natural(army 1) - natural(army 2)."""
        single = natural_distribution(self.rules.sides, self.rules.count)
        out: dict[int, Fraction] = {}
        for a, pa in single.items():
            for b, pb in single.items():
                out[a - b] = out.get(a - b, ZERO) + pa * pb
        return out

    def odds(self, modifier: int, difficulty: int) -> dict[Tier, Fraction]:
        key = (modifier, difficulty)
        if key not in self._odds:
            self._odds[key] = tier_odds(self.rules.sides, modifier, difficulty, self.rules.tier, count=self.rules.count)
        return self._odds[key]

    def bonuses(self, points: tuple[int, int]) -> dict[tuple[int, int], Fraction]:
        """EQ-WAR-2: the joint distribution of both sides' hero bonuses."""
        key = points[0] - points[1]
        if key not in self._bonuses:
            self._bonuses[key] = self._bonus_dist(points)
        return self._bonuses[key]

    def _bonus_dist(self, points: tuple[int, int]) -> dict[tuple[int, int], Fraction]:
        s = self.battle.settings
        dist: dict[tuple[int, int], Fraction] = {(0, 0): ONE}
        for hero in self.battle.heroes:
            diff = points[hero.side] - points[1 - hero.side]
            step: dict[tuple[int, int], Fraction] = {}
            for tier, p in self.odds(hero.modifier + diff, s.hero_difficulty).items():
                if not p:
                    continue
                bonus = s.hero_bonus[_TIER_INDEX.get(tier, 1)]
                for (a, b), q in dist.items():
                    key = (a + bonus, b) if hero.side == 0 else (a, b + bonus)
                    step[key] = step.get(key, ZERO) + p * q
            dist = step
        return dist

    def loss_odds(self, bonus: tuple[int, int]) -> tuple[Fraction, Fraction, Fraction]:
        """EQ-WAR-1: (army 1 loses, army 2 loses, nobody loses) of the opposed check."""
        if bonus not in self._losses:
            self._losses[bonus] = self._loss_odds(bonus)
        return self._losses[bonus]

    def _loss_odds(self, bonus: tuple[int, int]) -> tuple[Fraction, Fraction, Fraction]:
        s = self.battle.settings
        mods = [self.battle.armies[i].strategy + s.battle_modifier + self.battle.armies[i].modifier + bonus[i] for i in SIDES]
        edge = mods[1] - mods[0]  # army 1 loses when natural difference < edge
        lose0 = sum((p for d, p in self.differences.items() if d < edge), ZERO)
        tie = self.differences.get(edge, ZERO)
        lose1 = ONE - lose0 - tie
        if s.opposed_tie == "reroll":
            return lose0 / (ONE - tie), lose1 / (ONE - tie), ZERO
        return lose0, lose1, tie

    def transitions(self, state: State) -> list[tuple[Fraction, Ending | State]]:
        """One round from ``state``: (probability, ending or next state)."""
        s = self.battle.settings
        points = (state[0], state[1])
        retreats = (state[2], state[3])
        heroes_act = state[4]
        outcomes: dict[Ending | State, Fraction] = {}

        def add(p: Fraction, new_points: tuple[int, int], new_retreats: tuple[int | None, int | None], ending: Ending | None) -> None:
            if ending is None:
                left = [None if r is None else r - 1 for r in new_retreats]
                done = [i for i in SIDES if (rounds_left := left[i]) is not None and rounds_left <= 0]
                if len(done) == 2:
                    ending = Ending(EndKind.DRAW)
                elif done:
                    ending = Ending(EndKind.RETREAT, done[0])
                new_retreats = (left[0], left[1])
            key = ending if ending is not None else (new_points[0], new_points[1], new_retreats[0], new_retreats[1], heroes_act and s.hero_every_round)
            outcomes[key] = outcomes.get(key, ZERO) + p

        bonus_dist = self.bonuses(points) if heroes_act and self.battle.heroes else {(0, 0): ONE}
        lose = [ZERO, ZERO]
        tie = ZERO
        for bonus, pb in bonus_dist.items():  # the morale check does not depend on the heroes' bonus
            lose0, lose1, tied = self.loss_odds(bonus)
            lose[0] += pb * lose0
            lose[1] += pb * lose1
            tie += pb * tied
        if tie:
            add(tie, points, retreats, None)
        for loser in SIDES:
            pl = lose[loser]
            if not pl:
                continue
            after = list(points)
            after[loser] -= 1
            new_points = (after[0], after[1])
            if after[loser] <= 0:
                add(pl, new_points, retreats, Ending(EndKind.DESTROYED, loser))
                continue
            modifier = self.battle.armies[loser].charisma
            if s.morale_bp_difference:
                modifier += after[loser] - after[1 - loser]
            for tier, pm in self.odds(modifier, s.morale_difficulty).items():
                if not pm:
                    continue
                p = pl * pm
                if tier is Tier.CRITICAL_FAILURE:
                    add(p, new_points, retreats, Ending(EndKind.ROUT, loser))
                elif tier.succeeded:
                    add(p, new_points, retreats, None)
                else:
                    r = list(retreats)
                    if r[loser] is None:
                        r[loser] = s.retreat_rounds + 1
                    add(p, new_points, (r[0], r[1]), None)
        return list((p, key) for key, p in outcomes.items())

    def solve(self, state: State) -> tuple[dict[Ending, Fraction], Fraction]:
        """(ending -> probability, expected rounds) from ``state``."""
        known = self.memo.get(state)
        if known is not None:
            return known
        endings: dict[Ending, Fraction] = {}
        rounds = ONE
        stay = ZERO
        for p, key in self.transitions(state):
            if isinstance(key, Ending):
                endings[key] = endings.get(key, ZERO) + p
            elif key == state:
                stay += p
            else:
                sub, sub_rounds = self.solve(key)
                for ending, q in sub.items():
                    endings[ending] = endings.get(ending, ZERO) + p * q
                rounds += p * sub_rounds
        if stay:
            endings = {e: q / (ONE - stay) for e, q in endings.items()}
            rounds = rounds / (ONE - stay)
        self.memo[state] = (endings, rounds)
        return endings, rounds


def start_state(battle: Battle) -> State:
    a, b = battle.armies
    return (a.points, b.points, a.retreat, b.retreat, battle.round == 0 or battle.settings.hero_every_round)


def forecast(battle: Battle, rules: CheckRules) -> Forecast:
    """The exact odds of ``battle`` from where it stands (EQ-WAR-1, EQ-WAR-2);
    a finished battle has its ending at probability 1 and 0 rounds left."""
    if battle.ending is not None:
        return Forecast({battle.ending: ONE}, ZERO)
    endings, rounds = _Chain(battle, rules).solve(start_state(battle))
    return Forecast(dict(sorted(endings.items(), key=lambda item: _order(item[0]))), rounds)


def _order(ending: Ending) -> tuple[int, int]:
    kinds = list(EndKind)
    return (-1 if ending.side is None else ending.side, kinds.index(ending.kind))


