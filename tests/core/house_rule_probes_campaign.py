"""Probes of equestria's campaign tools (seed 001): mass combat (EQ-WAR-1..4),
travel (EQ-TRV-1..2), holding breath (EQ-BRE-1), training and ruses
(EQ-ANI-1, EQ-TRK-1), darkvision (EQ-VIS-2). Format: ``house_rule_probes_shared``."""

from __future__ import annotations

import random
from typing import Any

from core.board.vision import Conditions, VisionSettings, sees
from core.campaign import breath, training, travel
from core.campaign.war.battle import Hero, WarSettings, new_battle
from core.campaign.war.rounds import RulesetDice, fight_round, order_retreat, roll_aftermath
from core.errors import EncounterError
from core.rulesets.base import Ruleset
from core.values.combatant import Side
from tests.core.house_rule_probe_support import creature


def _refusal(play: Any) -> object:
    try:
        return play()
    except EncounterError as refusal:
        return f"refused: {refusal}"


def _battle(soldiers: tuple[int, int] = (300, 200), seed: int | range = 3, heroes: bool = True, retreat: int | None = None,
            points: tuple[int, int] | None = None, rounds: int = 40):
    """A battle fought to its end and its aftermath rolled: every event's repr and the armies after (EQ-WAR-1..4)."""
    def probe(ruleset: Ruleset) -> object:
        settings = ruleset.settings_for(WarSettings)
        if isinstance(seed, range):
            return tuple(_battle(soldiers, s, heroes, retreat, points, rounds)(ruleset) for s in seed)

        def play() -> object:
            cast = (Hero("Ash", 0, 2), Hero("Brin", 1, 1)) if heroes else ()
            battle = new_battle(("North", "South"), soldiers, charisma=(1, 0), heroes=cast, points=points, settings=settings)
            dice = RulesetDice(ruleset, random.Random(seed))
            log: list[str] = [repr(battle.points)]
            if retreat is not None:
                battle, events = order_retreat(battle, retreat)
                log.extend(map(repr, events))
            for _ in range(rounds):
                if battle.over:
                    break
                battle, events = fight_round(battle, dice)
                log.extend(map(repr, events))
            if battle.over:
                battle, events = roll_aftermath(battle, dice)
                log.extend(map(repr, events))
            return tuple(log), battle.armies, battle.heroes
        return _refusal(play)

    return probe


def _travel(legs: tuple[travel.Leg, ...], moves: dict[str, int] | None = None):
    def probe(ruleset: Ruleset) -> object:
        settings = ruleset.settings_for(travel.TravelSettings)
        return _refusal(lambda: travel.plan(moves or {"a": 3, "b": 2}, legs, settings))

    return probe


def _travellers(ruleset: Ruleset) -> object:
    party = (creature(ruleset, "a", (1, 1), stats={"MOVE": 2, "STR": 3}), creature(ruleset, "b", (2, 1)))
    return travel.travellers(party, ruleset)


def _interruption(ruleset: Ruleset) -> int:
    return travel.interruption_cost(None, ruleset.settings_for(travel.TravelSettings))


def _breath(body: int, elapsed: int):
    """ЭНЕР lost and seconds held by a creature of BODY ``body`` in combat (EQ-BRE-1)."""
    def probe(ruleset: Ruleset) -> object:
        settings = ruleset.settings_for(breath.BreathSettings)
        stats = {"BODY": body, "STR": 3}
        def play() -> object:
            value = breath.body_of(stats, settings)
            return (breath.breath_seconds(value, breath.Activity.HEAVY, settings),
                    breath.energy_lost(value, breath.Activity.HEAVY, elapsed, settings))
        return _refusal(play)

    return probe


def _training(intelligence: int):
    def probe(ruleset: Ruleset) -> object:
        settings = ruleset.settings_for(training.TrainingSettings)
        return _refusal(lambda: training.days_per_trick(intelligence, settings))

    return probe


def _ruse(ruleset: Ruleset) -> object:
    settings = ruleset.settings_for(training.TrainingSettings)
    ruse = training.Ruse("the old switch")
    out = []
    for _ in range(3):
        result = _refusal(lambda: training.use_ruse(ruse, settings))
        out.append(result if isinstance(result, str) else result.uses)
        ruse = result if not isinstance(result, str) else ruse
    return tuple(out)


def _darkvision(ruleset: Ruleset) -> object:
    """A viewer with DARKVISION 1 and INT 1 sees a foe 4 cells off in darkness? (EQ-VIS-2)."""
    a = creature(ruleset, "a", (1, 1), stats={"DARKVISION": 0})
    b = creature(ruleset, "b", (5, 1), Side.FOE)
    seen = sees(a, b, Conditions("darkness"), (a, b), ruleset.settings_for(VisionSettings))
    return None if seen is None else seen.sighting


PROBES: dict[str, tuple[str, Any]] = {
    "equestria.larger_side_points": ("12", _battle()),
    "equestria.min_points": ("3", _battle((1000, 20))),
    "equestria.battle_modifier": ("2", _battle()),
    "equestria.opposed_tie": ("none", _battle(seed=range(12))),
    "equestria.morale_difficulty": ("8", _battle()),
    "equestria.morale_bp_difference": ("false", _battle()),
    "equestria.retreat_rounds": ("0", _battle()),
    "equestria.voluntary_retreat_rounds": ("2", _battle(retreat=1)),
    "equestria.hero_difficulty": ("8", _battle()),
    "equestria.hero_every_round": ("false", _battle()),
    "equestria.hero_bonus": ("0, 1, 3, 4", _battle()),
    "equestria.hero_damage": ("4d6, 3d6, 1d6, -", _battle()),
    "equestria.recovery_die": ("8", _battle()),
    "equestria.recovery_winner": ("5", _battle()),
    "equestria.recovery_loser": ("3", _battle()),
    "equestria.recovery_routed": ("2", _battle(seed=range(12))),
    "equestria.larger_loss_percent": ("20", _battle()),
    "equestria.max_points": ("20", _battle(points=(25, 10))),
    "equestria.km_per_move": ("12", _travel((travel.Leg("road", 100),))),
    "equestria.terrain_divisor": ("terrible 4, bad 2, normal 1", _travel((travel.Leg("swamp", 60),))),
    "equestria.rain_divisor": ("3", _travel((travel.Leg("forest", 60, "rain"),))),
    "equestria.snow_divisor": ("3", _travel((travel.Leg("forest", 60, "snow"),))),
    "equestria.deep_snow_divisor": ("5", _travel((travel.Leg("road", 60, "deep snow"),))),
    "equestria.road_terrains": ("road, plains", _travel((travel.Leg("plains", 60, "rain"),))),
    "equestria.legs_share_days": ("false", _travel((travel.Leg("road", 20), travel.Leg("road", 20)), {"a": 4})),
    "equestria.move_stat": ("STR", _travellers),
    "equestria.interruption_energy": ("3", _interruption),
    "equestria.body_stat": ("STR", _breath(2, 20)),
    "equestria.seconds_per_body": ("20, 5, 3", _breath(2, 20)),
    "equestria.energy_loss": ("3", _breath(2, 20)),
    "equestria.loss_period": ("5", _breath(2, 20)),
    "equestria.loss_on_full_period": ("false", _breath(2, 20)),
    "equestria.min_seconds": ("5", _breath(0, 20)),
    "equestria.days_per_trick": ("20, 15, 5", _training(1)),
    "equestria.min_int": ("2", _training(1)),
    "equestria.ruse_uses": ("1", _ruse),
    "equestria.darkvision_stat": ("STR", _darkvision),
}
