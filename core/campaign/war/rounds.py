"""Rolling a mass battle (rules EQ-WAR-1..4): one round, a voluntary
retreat, the aftermath. Pure functions ``(battle, dice) -> (battle, events)``.

The dice are injected as a :class:`BattleDice`: :class:`RulesetDice` rolls
with the campaign's ruleset and a ``random.Random``; tests pass others (a
seeded fast roller, an enumerator of every face).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Protocol

from core.dice.checks import CheckResult, Modifier, Tier
from core.dice.rolls import DiceRoll, roll
from core.errors import IllegalCommand
from core.combat.event_base import Event
from core.campaign.war.battle import SIDES, Battle, EndKind, Ending, SideAftermath, soldier_losses
from core.campaign.war.events import BattleCheckRolled, BattleEnded, BattleRecovered, HeroFought, MoraleChecked, RetreatOrdered

TIER_INDEX = {Tier.CRITICAL_FAILURE: 0, Tier.FAILURE: 1, Tier.SUCCESS: 2, Tier.CRITICAL_SUCCESS: 3}
"""Index of a check's tier in ``WarSettings.hero_bonus`` / ``hero_damage``."""


class BattleDice(Protocol):
    """Where a battle's dice come from."""

    def check(self, modifier: int, difficulty: int, modifiers: tuple[Modifier, ...], purpose: str) -> CheckResult:
        """A check (EQ-CHK-1, EQ-CHK-2): dice + ``modifier`` + ``modifiers`` against ``difficulty``."""
        ...

    def dice(self, expression: str, purpose: str) -> DiceRoll:
        """A plain roll such as ``3d6``."""
        ...


class RulesetDice:
    """The product's dice: the ruleset's checks rolled with ``rng``."""

    def __init__(self, ruleset, rng: random.Random) -> None:
        self.ruleset = ruleset
        self.rng = rng

    def check(self, modifier: int, difficulty: int, modifiers: tuple[Modifier, ...], purpose: str) -> CheckResult:
        result = self.ruleset.roll_check(self.rng, modifier, difficulty, modifiers=modifiers, purpose=purpose)
        return result

    def dice(self, expression: str, purpose: str) -> DiceRoll:
        return roll(expression, self.rng)


def _difference(battle: Battle, side: int) -> int:
    return battle.armies[side].points - battle.armies[1 - side].points


def _bp_modifier(battle: Battle, side: int, rule: str) -> tuple[Modifier, ...]:
    diff = _difference(battle, side)
    return (Modifier(diff, "own BP - enemy BP", rule),) if diff else ()


def _mods(*items: tuple[int, str, str]) -> tuple[Modifier, ...]:
    """The non-zero modifiers, each with its reason and rule."""
    return tuple(Modifier(value, reason, rule) for value, reason, rule in items if value)


def hero_checks(battle: Battle, dice: BattleDice) -> tuple[Battle, list[int], list[Event]]:
    """EQ-WAR-2: each hero's check with (own BP - enemy BP); returns the
    battle (heroes' damage added), each side's bonus and the events."""
    s = battle.settings
    bonuses = [0, 0]
    events: list[Event] = []
    heroes = []
    round_ = battle.round + 1
    for hero in battle.heroes:
        modifiers = _mods((hero.modifier, "attack or magic", "EQ-WAR-2")) + _bp_modifier(battle, hero.side, "EQ-WAR-2")
        check = dice.check(0, s.hero_difficulty, modifiers, f"{hero.name} in the battle")
        index = TIER_INDEX.get(check.tier, 1)
        bonuses[hero.side] += s.hero_bonus[index]
        expression = s.hero_damage[index]
        damage = dice.dice(expression, f"{hero.name}'s wounds") if expression else None
        heroes.append(replace(hero, damage=hero.damage + (damage.total if damage else 0)))
        events.append(HeroFought(round_, hero.name, battle.armies[hero.side].name, check, s.hero_bonus[index], damage))
    return replace(battle, heroes=tuple(heroes)), bonuses, events


def opposed_check(battle: Battle, bonuses: list[int], dice: BattleDice) -> tuple[tuple[CheckResult, ...], int | None]:
    """EQ-WAR-1: both generals' Strategy/Tactics checks; the lower total loses.
    Equal totals: re-rolled, or nobody loses (setting ``opposed_tie``)."""
    s = battle.settings
    checks: list[CheckResult] = []
    while True:
        pair = []
        for side in SIDES:
            army = battle.armies[side]
            modifiers = _mods((army.strategy, "Strategy/Tactics", "EQ-WAR-1"), (s.battle_modifier + army.modifier, "battle modifier", "EQ-WAR-1"),
                              (bonuses[side], "heroes", "EQ-WAR-2"))
            pair.append(dice.check(0, s.morale_difficulty, modifiers, f"{army.name}: Strategy/Tactics"))
        checks.extend(pair)
        if pair[0].total != pair[1].total:
            return tuple(checks), 0 if pair[0].total < pair[1].total else 1
        if s.opposed_tie == "none":
            return tuple(checks), None


def fight_round(battle: Battle, dice: BattleDice) -> tuple[Battle, list[Event]]:
    """Roll one round (rules EQ-WAR-1, EQ-WAR-2): heroes, the opposed check,
    the loser's BP and morale, then any retreat that is due.
    Raises :class:`IllegalCommand` when the battle is over."""
    if battle.over:
        raise IllegalCommand("the battle is over; roll its aftermath or set up a new one", "EQ-WAR-1")
    s = battle.settings
    round_ = battle.round + 1
    events: list[Event] = []
    bonuses = [0, 0]
    if s.hero_every_round or battle.round == 0:
        battle, bonuses, events = hero_checks(battle, dice)
    checks, loser = opposed_check(battle, bonuses, dice)
    ending: Ending | None = None
    if loser is not None:
        army = battle.armies[loser]
        army = replace(army, points=army.points - 1)
        battle = replace(battle, armies=battle.replace_army(loser, army))
    events.append(BattleCheckRolled(round_, (battle.armies[0].name, battle.armies[1].name), checks, loser, battle.points))
    if loser is not None:
        army = battle.armies[loser]
        if army.points <= 0:
            ending = Ending(EndKind.DESTROYED, loser)
        else:
            morale_mods = _mods((army.charisma, "CHA (ХАР)", "EQ-WAR-1")) + (_bp_modifier(battle, loser, "EQ-WAR-1") if s.morale_bp_difference else ())
            check = dice.check(0, s.morale_difficulty, morale_mods, f"{army.name}: morale")
            if check.tier is Tier.CRITICAL_FAILURE:
                ending = Ending(EndKind.ROUT, loser)
                outcome = "routs"
            elif check.tier.succeeded:
                outcome = "fights on"
            else:
                outcome = "retreats"
                if army.retreat is None:
                    battle = replace(battle, armies=battle.replace_army(loser, replace(army, retreat=s.retreat_rounds + 1)))
            events.append(MoraleChecked(round_, army.name, check, outcome))
    battle = replace(battle, round=round_)
    if ending is None:
        battle, ending = _retreats_due(battle)
    if ending is not None:
        battle = replace(battle, ending=ending)
        events.append(_ended(battle, ending))
    return battle, events


def _retreats_due(battle: Battle) -> tuple[Battle, Ending | None]:
    """Count every retreat down by the round just fought; one that reaches 0
    ends the battle (both at once: a draw). A morale failure this round set
    ``retreat_rounds + 1``, so it still has ``retreat_rounds`` to fight."""
    armies = list(battle.armies)
    done = []
    for side in SIDES:
        left = armies[side].retreat
        if left is None:
            continue
        left -= 1
        armies[side] = replace(armies[side], retreat=left)
        if left <= 0:
            done.append(side)
    battle = replace(battle, armies=(armies[0], armies[1]))
    if len(done) == 2:
        return battle, Ending(EndKind.DRAW)
    if done:
        return battle, Ending(EndKind.RETREAT, done[0])
    return battle, None


def _ended(battle: Battle, ending: Ending) -> BattleEnded:
    loser = battle.armies[ending.side].name if ending.side is not None else ""
    winner = battle.armies[ending.winner].name if ending.winner is not None else ""
    return BattleEnded(battle.round, ending.kind, loser, winner)


def order_retreat(battle: Battle, side: int) -> tuple[Battle, list[Event]]:
    """EQ-WAR-4: ``side``'s leader retreats of its own will: the battle ends
    after ``voluntary_retreat_rounds`` more rounds (0: at once).
    Raises :class:`IllegalCommand` when over, already retreating or no such side."""
    if side not in SIDES:
        raise IllegalCommand(f"there is no army {side!r}; choose 0 or 1", "EQ-WAR-4")
    if battle.over:
        raise IllegalCommand("the battle is over", "EQ-WAR-4")
    army = battle.armies[side]
    if army.retreat is not None:
        raise IllegalCommand(f"{army.name} is already retreating", "EQ-WAR-4")
    rounds = battle.settings.voluntary_retreat_rounds
    events: list[Event] = [RetreatOrdered(army.name, rounds)]
    if rounds == 0:
        ending = Ending(EndKind.RETREAT, side)
        battle = replace(battle, ending=ending, armies=battle.replace_army(side, replace(army, retreat=0)))
        return battle, events + [_ended(battle, ending)]
    return replace(battle, armies=battle.replace_army(side, replace(army, retreat=rounds))), events


def roll_aftermath(battle: Battle, dice: BattleDice) -> tuple[Battle, list[Event]]:
    """EQ-WAR-3: 1d6 per lost BP (winner regains on 1-4, loser on 1-2, a
    routed side on 1), then soldiers lost. Raises :class:`IllegalCommand`
    before the end or when already rolled."""
    if not battle.over:
        raise IllegalCommand("the battle is not over yet", "EQ-WAR-3")
    if battle.aftermath:
        raise IllegalCommand("the aftermath is already rolled", "EQ-WAR-3")
    s = battle.settings
    ending = battle.ending
    assert ending is not None
    results = []
    events: list[Event] = []
    for side in SIDES:
        army = battle.armies[side]
        if ending.winner == side:
            threshold = s.recovery_winner
        elif ending.side == side and ending.kind is EndKind.ROUT:
            threshold = s.recovery_routed
        else:
            threshold = s.recovery_loser
        lost = army.lost_points
        rolled = dice.dice(f"{lost}d{s.recovery_die}", f"{army.name}: recovery") if lost else None
        faces = tuple(d.value for d in rolled.dice if d.kept) if rolled else ()
        regained = sum(1 for face in faces if face <= threshold)
        points = army.points + regained
        larger = army.start_points >= battle.armies[1 - side].start_points
        fraction, soldiers = soldier_losses(army, points, larger, s)
        results.append(SideAftermath(faces, regained, points, soldiers, fraction.numerator, fraction.denominator))
        events.append(BattleRecovered(army.name, rolled, threshold, regained, points, round(float(fraction) * 100, 1), soldiers))
    return replace(battle, aftermath=tuple(results)), events
