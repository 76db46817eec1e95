"""Probes of power_roll's own settings (seed 004): the power roll and its
tiers, burrowing and climbing maneuvers, forced movement, speeds and jumps.
Falls: ``house_rule_probes_doors_falls``. Format: ``house_rule_probes_shared``."""

from __future__ import annotations

import random
from typing import Any

from core.combat import commands as cmd
from core.combat.maneuvers.commands import Dig, ForcedMove, Jump, ShakeOff
from core.rulesets.base import Ruleset
from core.values.combatant import Side
from core.values.conditions import Condition
from core.values.mobility import Size
from tests.core.house_rule_probe_support import attack, creature, duel, encounter, moved, outcome, path_cost, rolled

PR = "power_roll"


def _stats(**values: int) -> dict[str, int]:
    return {"MIGHT": 1, "AGILITY": 1, "REASON": 1, "INTUITION": 1, "PRESENCE": 1, **values}


def _tiers(ruleset: Ruleset) -> object:
    return tuple(ruleset.check_odds(0).items())


def _initiative(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1), stats=_stats(AGILITY=4, MIGHT=-1)),
                    creature(ruleset, "b", (5, 5), Side.FOE), start=False)
    enc.apply(cmd.StartCombat())
    return enc.state.combatant("a").initiative


def _jump_preview(ruleset: Ruleset) -> object:
    mover = creature(ruleset, "a", (2, 2))
    enc = encounter(ruleset, mover, creature(ruleset, "b", (8, 6), Side.FOE))
    return ruleset.jump.preview(enc.state, ruleset, mover, Jump("a", (4, 2), test=True), 2).get("difficulty")


def _jump(tier: int | None = None, **stats: int):
    def probe(ruleset: Ruleset) -> object:
        return ruleset.movement.jump_distance(creature(ruleset, "m", (1, 1), stats=_stats(**stats)), tier)

    return probe


def _forced_into_a_wall(ruleset: Ruleset) -> object:
    from core.board.grid import from_text

    grid = from_text("......\n...#..\n......\n").grid
    enc = encounter(ruleset, creature(ruleset, "a", (0, 1)), creature(ruleset, "b", (1, 1), Side.FOE), grid=grid)
    return outcome(enc, ForcedMove("b", 4, kind="push", source="a"))


def _dig(ruleset: Ruleset) -> object:
    enc = duel(ruleset, a={"speeds": {"burrow": 5}})
    return outcome(enc, Dig("a")), enc.state.combatant("a").budget.actions


def _shake_off(ruleset: Ruleset) -> object:
    big = creature(ruleset, "g", (2, 2), size=Size.HUGE)
    climber = creature(ruleset, "c", (3, 2), Side.FOE, conditions=(Condition("climbing", 1, source="g"),))
    enc = encounter(ruleset, big, climber)
    events = outcome(enc, ShakeOff("g", "c"))
    return (events if isinstance(events, str) else tuple(type(e).__name__ for e in events)), enc.state.combatant("g").budget.actions


def _dig_earth(ruleset: Ruleset) -> object:
    from core.errors import EncounterError

    try:
        return ruleset.movement.dig_earth(creature(ruleset, "m", (1, 1), speeds={"walk": 4}), 3)
    except EncounterError as refusal:
        return str(refusal)


PROBES: dict[str, tuple[str, Any]] = {
    "power_roll.stats": ("MIGHT, AGILITY, REASON, INTUITION, WILL", lambda r: r.stat_names),
    "power_roll.default_difficulty": ("10", _jump_preview),
    "power_roll.tier2_min": ("13", _tiers),
    "power_roll.tier3_min": ("16", _tiers),
    "power_roll.power_roll_die_count": ("3", lambda r: r.roll_check(random.Random(1), 0).roll.expression),
    "power_roll.power_roll_die_sides": ("6", _tiers),
    "power_roll.initiative_stat": ("MIGHT", _initiative),
    "power_roll.weakened_penalty": ("-3", lambda r: rolled(attack(r, a={"conditions": ("weakened",)}))),
    "power_roll.forced_obstacle_damage": ("2", _forced_into_a_wall),
    "power_roll.dig_action": ("main", _dig),
    "power_roll.shake_off_action": ("maneuver", _shake_off),
    "power_roll.speed": ("6", lambda r: r.fresh_budget(creature(r, "a", (1, 1))).movement),
    "power_roll.difficult_extra": ("2", lambda r: path_cost(r, ".o.", (2, 0))),
    "power_roll.unskilled_climb_swim_cost": ("3", lambda r: path_cost(r, ".~.", (2, 0))),
    "power_roll.crawl_extra": ("2", lambda r: moved(r, (3, 2), conditions=("prone",))),
    "power_roll.might_stat": ("REASON", _jump(MIGHT=3, REASON=0)),
    "power_roll.agility_stat": ("REASON", _jump(AGILITY=3, REASON=0)),
    "power_roll.jump_min": ("2", _jump(MIGHT=0, AGILITY=0)),
    "power_roll.jump_height": ("2", _jump()),
    "power_roll.jump_tier_bonus": ("0, 2, 2", _jump(tier=2)),
    "power_roll.dig_earth_min_speed": ("5", _dig_earth),
}
