"""Probes of tactical_d10's own settings (seed 003): checks and attacks,
Defend, contests, the throw, spear walls, senses, MP costs and jumps, the
optional mechanics of TAC-OPT-1. Format: ``house_rule_probes_shared``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.attacks import Weapon, WeaponDamage
from core.combat.damage import DamageType
from core.combat.maneuvers.commands import Jump
from core.rulesets.base import Ruleset
from core.values.combatant import Inventory, Side
from core.values.conditions import Boundary, Condition, Duration
from core.values.mobility import MoveType
from tests.core.house_rule_probe_support import (
    attack, creature, duel, encounter, moved, of_kind, outcome, path_cost, rolled, weapon,
)

TAC = "tactical_d10"


def _stats(**values: int) -> dict[str, int]:
    return {"MUSCLES": 1, "BODY": 1, "BRAIN": 1, "TONGUE": 1, **values}


def _checks(stat: str = "MUSCLES", difficulty: int | None = None):
    """a's checks over 30 seeds: (difficulty, tier) of each."""
    def probe(ruleset: Ruleset) -> object:
        out = []
        for seed in range(30):
            enc = duel(ruleset, seed=seed)
            rolled_ = of_kind(enc.apply(cmd.RollCheck("a", stat, difficulty)), ev.CheckRolled)
            out.append(tuple((e.result.difficulty, e.result.tier) for e in rolled_))  # type: ignore[union-attr]
        return tuple(out)

    return probe


def _attacks(ruleset: Ruleset) -> object:
    return tuple(rolled(attack(ruleset, seed=seed, a={"stats": _stats(MUSCLES=3, BODY=0)})) for seed in range(12))


def _initiative(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1), stats=_stats(BODY=4, MUSCLES=-1)),
                    creature(ruleset, "b", (5, 5), Side.FOE), start=False)
    enc.apply(cmd.StartCombat())
    return enc.state.combatant("a").initiative


def _defended(body: int, **b_stats: int):
    """b defends (TAC-ACT-2), then a hits it for 5 damage: what b takes."""
    def probe(ruleset: Ruleset) -> object:
        enc = encounter(ruleset, creature(ruleset, "b", (3, 2), Side.FOE, stats=_stats(**{"BODY": body, "MUSCLES": body, **b_stats})),
                        creature(ruleset, "a", (2, 2), stats=_stats(MUSCLES=9)))
        enc.apply(cmd.TakeAction("b", "defend"))
        enc.apply(cmd.NextTurn())
        found = []
        for seed in range(6):
            enc.rng.seed(seed)
            events = outcome(enc, cmd.Attack("a", "b", Weapon("club", (WeaponDamage("5"),)), spend_action=False))
            taken = of_kind(events, ev.DamageTaken)
            found.append(taken if isinstance(taken, str) else tuple((e.outcome.total, e.outcome.steps) for e in taken))  # type: ignore[union-attr]
        return tuple(found)

    return probe


def _contest(action: str, cells: int = 1, seeds: int = 12, **b: Any):
    def probe(ruleset: Ruleset) -> object:
        out = []
        for seed in range(seeds):
            enc = duel(ruleset, b=b, seed=seed)
            events = outcome(enc, cmd.Contest("a", "b", action, cells))
            out.append(events if isinstance(events, str) else tuple(
                (e.attack.modifiers, e.attack.total, e.defence.total, e.success) for e in of_kind(events, ev.ContestRolled)))  # type: ignore[union-attr]
        return tuple(out)

    return probe


def _throw(cells: int):
    def probe(ruleset: Ruleset) -> object:
        from core.rulesets.tactical_d10.throws import Throw

        enc = duel(ruleset, a={"stats": _stats(MUSCLES=2, BODY=0)})
        events = outcome(enc, Throw("a", (2 + cells, 2), "a rock"))
        return tuple((e.stat, e.result.modifier, e.result.difficulty) for e in of_kind(events, ev.CheckRolled))  # type: ignore[union-attr]

    return probe


def _spear_wall(ruleset: Ruleset) -> tuple[int, bool]:
    """(turns the wall lasts, whether it still stands after striking a foe that dashed in)."""
    from core.combat.maneuvers.commands import SpearWall
    from core.rulesets.tactical_d10.weapon_areas import spear_wall_strikes, wall_cells

    enc = duel(ruleset, b={"cell": (5, 2)})
    enc.apply(SpearWall("a", Weapon("spear", (WeaponDamage("1", DamageType.PIERCING),)), (1, 0)))
    wielder = enc.state.combatant("a")
    wall = next(c for c in wielder.conditions if c.name == "spear wall")
    runner = replace(enc.state.combatant("b"), conditions=(Condition("moving", 1),))
    state, _ = spear_wall_strikes(enc, enc.state.replace_combatant(runner), "b", tuple(sorted(wall_cells(wielder, wall))))
    return wall.duration.count, any(c.name == "spear wall" for c in state.combatant("a").conditions)


def _invisible_attacker(ruleset: Ruleset) -> object:
    from core.board.senses import situation_for, situation_on_map
    from core.dice.modifiers import Situation

    a = creature(ruleset, "a", (2, 2), conditions=("invisible",))
    b = creature(ruleset, "b", (3, 2), Side.FOE, main_sense="hearing")
    on_map = situation_on_map(ruleset, a, b, (a, b), Situation())
    return on_map.awareness, situation_for(ruleset, b, weapon(), on_map).awareness


def _mp(action: str, **a: Any):
    def probe(ruleset: Ruleset) -> object:
        enc = duel(ruleset, a=a)
        return outcome(enc, cmd.SpendMovement("a", action)), enc.state.combatant("a").budget.movement

    return probe


def _cost(rows: str, goal: tuple[int, int], **kw: Any):
    def probe(ruleset: Ruleset) -> object:
        return path_cost(ruleset, rows, goal, **kw)

    return probe


def _jump(distance: int = 2, seeds: int = 8, **a: Any):
    """a jumps ``distance`` cells east over 20 seeds: the Jumped events (check, MP spent)."""
    def probe(ruleset: Ruleset) -> object:
        out = []
        for seed in range(seeds):
            enc = duel(ruleset, a={"stats": _stats(MUSCLES=1), **a}, b={"cell": (8, 6)}, seed=seed)
            events = outcome(enc, Jump("a", (2 + distance, 2)))
            out.append(events if isinstance(events, str) else tuple(
                (e.check.difficulty if e.check else None, e.check.roll.expression if e.check else None, e.spent, e.landed)  # type: ignore[union-attr]
                for e in of_kind(events, ev.Jumped)))
        return tuple(out)

    return probe


def _tripped(ruleset: Ruleset) -> object:
    """b was tripped by a (prone, its source a): what b's turn start does (TAC-ACT-3)."""
    enc = duel(ruleset, b={"conditions": ()})
    b = enc.state.combatant("b")
    enc.state = enc.state.replace_combatant(replace(b, conditions=(Condition("prone", 1, source="a"),)))
    events = enc.apply(cmd.NextTurn())
    return tuple(e for e in events if isinstance(e, (ev.Maneuvered, ev.ConditionRemoved)))


DASHED = Condition("moving", 1, Duration(Boundary.END, "a", 1))


def _dash_attack(ruleset: Ruleset) -> object:
    enc = duel(ruleset, a={"conditions": (DASHED,), "stats": _stats(MUSCLES=9, BODY=4)})
    return tuple((e.outcome.rolled, e.outcome.total) for e in of_kind(outcome(enc, cmd.Attack("a", "b", weapon("4"), spend_action=False)), ev.DamageTaken))  # type: ignore[union-attr]


def _shove_notes(**kw: Any):
    def probe(ruleset: Ruleset) -> object:
        out = []
        for seed in range(10):
            enc = duel(ruleset, a={"stats": _stats(MUSCLES=9), **kw.get("a", {})}, b=kw.get("b", {}), seed=seed)
            out.append(of_kind(outcome(enc, cmd.Contest("a", "b", "shove")), ev.Maneuvered))
        return tuple(out)

    return probe


def _long_pierce(ruleset: Ruleset) -> object:
    spear = Weapon("pike", (WeaponDamage("3", DamageType.PIERCING),), long=True)
    enc = encounter(ruleset, creature(ruleset, "a", (2, 2), conditions=(DASHED,), stats=_stats(MUSCLES=9)),
                    creature(ruleset, "b", (3, 2), Side.FOE), creature(ruleset, "c", (4, 2), Side.FOE))
    return tuple(type(e).__name__ for e in outcome(enc, cmd.Attack("a", "b", spear, spend_action=False)))


def _shield_wall(size: int = 3):
    def probe(ruleset: Ruleset) -> object:
        shields = Inventory(quick=("shield",))
        from core.board.battlefield import attack_situation

        row = [creature(ruleset, f"b{n}", (3, 1 + n), Side.FOE, inventory=shields) for n in range(size)]
        a = creature(ruleset, "a", (2, 2))
        enc = encounter(ruleset, a, *row)
        seen = attack_situation(enc.state.grid, a, row[1], enc.state.combatants, ruleset=ruleset)  # what the attack offer builds
        return rolled(outcome(enc, cmd.Attack("a", "b1", situation=seen, spend_action=False)))

    return probe


PROBES: dict[str, tuple[str, Any]] = {
    "tactical_d10.stats": ("MUSCLES, BODY, BRAIN, HEART", lambda r: r.stat_names),
    "tactical_d10.default_difficulty": ("7", _checks()),
    "tactical_d10.default_ac": ("7", _attacks),
    "tactical_d10.critical_success_natural": ("9", _checks()),
    "tactical_d10.critical_failure_natural": ("2", _checks()),
    "tactical_d10.check_meets_difficulty": ("false", _checks()),
    "tactical_d10.half_on_equal": ("false", _attacks),
    "tactical_d10.initiative_stat": ("MUSCLES", _initiative),
    "tactical_d10.attack_stat": ("BODY", _attacks),
    "tactical_d10.defend_stat": ("MUSCLES", _defended(1, MUSCLES=4)),
    "tactical_d10.defend_least_reduction": ("0", _defended(1)),
    "tactical_d10.defend_least_damage": ("5", _defended(4)),
    "tactical_d10.shove_penalty_per_cell": ("-1", _contest("shove", 2)),
    "tactical_d10.trip_penalty": ("-3", _contest("trip")),
    "tactical_d10.trip_penalty_grappled": ("-1", _contest("trip", conditions=("grappled",))),
    "tactical_d10.contest_tie_defender_wins": ("false", _contest("grapple", seeds=30)),
    "tactical_d10.throw_stat": ("BODY", _throw(3)),
    "tactical_d10.throw_difficulty": ("5", _throw(3)),
    "tactical_d10.throw_easy_cells": ("3", _throw(5)),
    "tactical_d10.throw_step_cells": ("1", _throw(7)),
    "tactical_d10.spear_wall_turns": ("2", lambda r: _spear_wall(r)[0]),
    "tactical_d10.spear_wall_strikes_once": ("false", lambda r: _spear_wall(r)[1]),
    "tactical_d10.invisible_attacker_advantage": ("false", _invisible_attacker),
    "tactical_d10.sight_sense": ("hearing", _invisible_attacker),
    "tactical_d10.tripped_stand_at_turn_start": ("false", _tripped),
    # -- MP (TAC-MOV-1..3) --
    "tactical_d10.movement_points": ("6", lambda r: r.fresh_budget(creature(r, "a", (1, 1))).movement),
    "tactical_d10.cell_cost": ("2", _cost("....", (3, 0))),
    "tactical_d10.difficult_cost": ("3", _cost(".,.", (2, 0))),
    "tactical_d10.climb_cost": ("2", _cost(".^.", (2, 0))),
    "tactical_d10.swim_cost": ("2", _cost(".~.", (2, 0))),
    "tactical_d10.deep_water_cost": ("2", _cost(".=.", (2, 0))),
    "tactical_d10.crawl_extra": ("1", lambda r: moved(r, (3, 2), conditions=("prone",))),
    "tactical_d10.sneak_extra": ("2", _cost("....", (3, 0), move=MoveType.SNEAK)),
    "tactical_d10.crouch_mp": ("1", _mp("crouch")),
    "tactical_d10.prone_mp": ("2", _mp("prone")),
    "tactical_d10.stand_mp": ("1", _mp("stand", conditions=("prone",))),
    "tactical_d10.draw_quick_mp": ("2", _mp("draw_quick")),
    "tactical_d10.draw_slow_mp": ("4", _mp("draw_slow")),
    "tactical_d10.pick_up_mp": ("1", _mp("pick_up")),
    "tactical_d10.minor_mp": ("2", _mp("minor")),
    "tactical_d10.jump_mp": ("3, 3, 4", lambda r: r.movement.jump_option(1)[0]),
    "tactical_d10.jump_difficulty": ("5, 6, 8", _jump()),
    "tactical_d10.jump_stat": ("BODY", _jump(stats=_stats(MUSCLES=1, BODY=4))),
    "tactical_d10.jump_die": ("12", _jump()),
    # -- TAC-OPT-1 switches --
    "tactical_d10.opt_crouched_jump": ("true", _jump(conditions=("crouched",))),
    "tactical_d10.crouched_jump_easier": ("2", lambda r: _jump(conditions=("crouched",))(
        r.with_house_rules({**r.house_rules(), "opt_crouched_jump": True}))),
    "tactical_d10.opt_dash_jump": ("true", _jump(4, conditions=(DASHED,))),
    "tactical_d10.dash_jump_cells": ("2", lambda r: _jump(4, conditions=(DASHED,))(
        r.with_house_rules({**r.house_rules(), "opt_dash_jump": True}))),
    "tactical_d10.opt_dash_attack": ("true", _dash_attack),
    "tactical_d10.opt_dash_shove": ("true", _shove_notes(a={"conditions": (DASHED,)})),
    "tactical_d10.dash_shove_cells": ("2", lambda r: _shove_notes(a={"conditions": (DASHED,)})(
        r.with_house_rules({**r.house_rules(), "opt_dash_shove": True}))),
    "tactical_d10.opt_shove_while_grappling": ("true", _shove_notes(b={"conditions": (Condition("grappled", 1, source="a"),)})),
    "tactical_d10.opt_dash_long_pierce": ("true", _long_pierce),
    "tactical_d10.opt_shield_wall": ("true", _shield_wall()),
    "tactical_d10.shield_wall_size": ("4", lambda r: _shield_wall()(r.with_house_rules({**r.house_rules(), "opt_shield_wall": True}))),
    "tactical_d10.shield_wall_bonus": ("2", lambda r: _shield_wall()(r.with_house_rules({**r.house_rules(), "opt_shield_wall": True}))),
}
