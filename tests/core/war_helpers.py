"""Dice for mass-combat tests: scripted faces, a fast seeded roller, an
enumerator of every face (brute force)."""

from __future__ import annotations

import random
from dataclasses import replace
from collections import defaultdict
from fractions import Fraction

from core.dice.checks import CheckResult, Advantage, Modifier
from core.dice.rolls import DiceRoll, Die
from core.rulesets.equestria import Equestria, EquestriaSettings
from core.campaign.war.battle import Battle
from core.campaign.war.rounds import fight_round

TIER = Equestria().tier


def _check(natural: int, modifier: int, difficulty: int, modifiers: tuple[Modifier, ...], purpose: str, tier=TIER) -> CheckResult:
    total_modifier = modifier + sum(m.value for m in modifiers)
    total = natural + total_modifier
    dice_roll = DiceRoll(f"1d20{total_modifier:+d}", total, (Die(20, natural, True),), natural, "")
    return CheckResult(natural, total_modifier, total, difficulty, tier(natural, total, difficulty), Advantage.NONE, dice_roll, modifiers, purpose)


class ScriptDice:
    """Checks take their naturals from ``naturals`` in order; plain rolls
    (``3d6``) their faces from ``faces``. Records every check's purpose."""

    def __init__(self, naturals, faces=()):
        self.naturals = list(naturals)
        self.faces = list(faces)
        self.checks: list[CheckResult] = []
        self.rolled: list[str] = []

    def check(self, modifier, difficulty, modifiers, purpose):
        result = _check(self.naturals.pop(0), modifier, difficulty, modifiers, purpose)
        self.checks.append(result)
        return result

    def dice(self, expression, purpose):
        self.rolled.append(expression)
        count, sides = (int(x) for x in expression.split("d"))
        values = [self.faces.pop(0) for _ in range(count)]
        return DiceRoll(expression, sum(values), tuple(Die(sides, v, True) for v in values), None, "")


class FastDice:
    """Seeded checks without the dice parser (for 100k simulated battles)."""

    def __init__(self, rng: random.Random, sides: int = 20, tier=TIER):
        self.rng, self.sides, self.tier = rng, sides, tier

    def check(self, modifier, difficulty, modifiers, purpose):
        natural = self.rng.randint(1, self.sides)
        total = natural + modifier + sum(m.value for m in modifiers)
        return CheckResult(natural, 0, total, difficulty, self.tier(natural, total, difficulty), Advantage.NONE, None, (), "")  # type: ignore[arg-type]

    def dice(self, expression, purpose):
        return DiceRoll(expression, 0, (), None, "")


class NeedDie(Exception):
    pass


class Reroll(Exception):
    """The opposed check was a tie and is about to be re-rolled."""


class ReplayDice:
    """Checks read naturals from ``prefix``; past its end raise :class:`NeedDie`;
    a third Strategy/Tactics check in one round raises :class:`Reroll`."""

    def __init__(self, prefix, sides, tier):
        self.prefix, self.sides, self.tier, self.used, self.strategy = prefix, sides, tier, 0, 0

    def check(self, modifier, difficulty, modifiers, purpose):
        if purpose.endswith("Strategy/Tactics"):
            self.strategy += 1
            if self.strategy > 2:
                raise Reroll
        if self.used >= len(self.prefix):
            raise NeedDie
        natural = self.prefix[self.used]
        self.used += 1
        total = natural + modifier + sum(m.value for m in modifiers)
        return CheckResult(natural, 0, total, difficulty, self.tier(natural, total, difficulty), Advantage.NONE, None, (), "")  # type: ignore[arg-type]

    def dice(self, expression, purpose):
        return DiceRoll(expression, 0, (), None, "")


def small_tier(sides: int):
    """EQ-CHK-2 on a d``sides``: natural 1 fails critically, ``sides`` succeeds critically."""
    return Equestria(EquestriaSettings(critical_success_natural=sides)).tier


def normal(battle: Battle) -> Battle:
    """A battle as a state: heroes' wounds and the round count (beyond "started") do not matter."""
    return replace(battle, round=min(battle.round, 1), heroes=tuple(replace(h, damage=0) for h in battle.heroes))


def round_by_every_face(battle: Battle, sides: int, tier) -> dict:
    """Every face of every check of one real :func:`fight_round`:
    ending or next (normalised) battle -> exact probability. A tie that is
    re-rolled is dropped and its mass shared out over the non-tie pairs
    after the same heroes' faces (re-rolling until different is the
    uniform choice among different pairs)."""
    heroes_act = battle.settings.hero_every_round or battle.round == 0
    hero_dice = len(battle.heroes) if heroes_act else 0
    leaves: list[tuple[tuple, Fraction, object]] = []
    dropped: dict[tuple, Fraction] = defaultdict(Fraction)
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        p = Fraction(1, sides ** len(prefix))
        try:
            after, _ = fight_round(battle, ReplayDice(prefix, sides, tier))
        except NeedDie:
            stack.extend(prefix + [face] for face in range(1, sides + 1))
            continue
        except Reroll:
            dropped[tuple(prefix[:hero_dice])] += p
            continue
        leaves.append((tuple(prefix[:hero_dice]), p, after.ending if after.over else normal(after)))
    out: dict = defaultdict(Fraction)
    for heroes, p, key in leaves:
        share = dropped[heroes] * sides ** len(heroes)
        out[key] += p / (1 - share)
    return dict(out)


def brute_force_battle(battle: Battle, sides: int):
    """A whole battle by :func:`round_by_every_face` round after round:
    (ending -> probability, expected rounds). A round that changes nothing
    (a tie that costs nothing) loops back and is summed in closed form."""
    tier = small_tier(sides)
    memo: dict = {}

    def solve(state: Battle):
        if state in memo:
            return memo[state]
        endings: dict = defaultdict(Fraction)
        rounds = Fraction(1)
        stay = Fraction(0)
        for key, p in round_by_every_face(state, sides, tier).items():
            if not isinstance(key, Battle):
                endings[key] += p
            elif key == state:
                stay += p
            else:
                sub, sub_rounds = solve(key)
                for ending, q in sub.items():
                    endings[ending] += p * q
                rounds += p * sub_rounds
        result = ({e: q / (1 - stay) for e, q in endings.items()}, rounds / (1 - stay))
        memo[state] = result
        return result

    return solve(normal(battle))
