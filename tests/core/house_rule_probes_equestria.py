"""Probes of equestria's own settings (seeds 000, 001): checks, actions,
reactions, falls, phrases, movement, flight, sight. Mounted combat and the
campaign tools: ``house_rule_probes_campaign``. Format:
``house_rule_probes_shared``."""

from __future__ import annotations

from typing import Any

from core.board.grid import Grid
from core.board.vision import Conditions, LightSource, VisionSettings, sighting
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.maneuvers.commands import DefendedAttack, Fall, ThrowItem
from core.combat.map_commands import ChangeAltitude
from core.rulesets.base import Ruleset
from core.values.combatant import Inventory, Side
from core.values.mobility import Layer, MoveType
from tests.core.house_rule_probe_support import creature, duel, encounter, moved, of_kind, outcome, path_cost, weapon

EQ = "equestria"


def _stats(**values: int) -> dict[str, int]:
    return {"STR": 1, "DEX": 1, "BODY": 1, "INT": 1, "CHA": 1, **values}


def _checks(ruleset: Ruleset) -> object:
    """a's STR checks over 40 seeds at the DEFAULT difficulty: (difficulty, tier) of each."""
    out = []
    for seed in range(40):
        enc = duel(ruleset, seed=seed)
        rolled = of_kind(enc.apply(cmd.RollCheck("a", "STR")), ev.CheckRolled)
        out.append(tuple((e.result.difficulty, e.result.tier) for e in rolled))  # type: ignore[union-attr]
    return tuple(out)


def _attack_hits(ruleset: Ruleset) -> object:
    from tests.core.house_rule_probe_support import attack, rolled

    return tuple(rolled(attack(ruleset, seed=seed)) for seed in range(10))


def _initiative(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1), stats=_stats(DEX=5, STR=-2)), creature(ruleset, "b", (5, 5), Side.FOE),
                    start=False)
    enc.apply(cmd.StartCombat())
    return enc.state.combatant("a").initiative


def _budget(dex: int):
    def probe(ruleset: Ruleset) -> object:
        return ruleset.fresh_budget(creature(ruleset, "a", (1, 1), stats=_stats(DEX=dex))).actions

    return probe


def _exchange(dex: int):
    def probe(ruleset: Ruleset) -> object:
        enc = duel(ruleset, a={"stats": _stats(DEX=dex)})
        return outcome(enc, cmd.ExchangeFullAction("a")), enc.state.combatant("a").budget.actions

    return probe


def _controlled_fall(ruleset: Ruleset) -> object:
    enc = duel(ruleset, b={"stats": _stats(ACROBATICS=8)}, seed=3)
    events = outcome(enc, Fall("b", 8, controlled=True))
    return events, enc.state.combatant("b").hp


def _defended(how: str, **b_stats: int):
    """a (STR +8) hits b, who tries to ``how`` (EQ-ACT-4): the reaction's (stat, modifier), or the refusal."""
    def probe(ruleset: Ruleset) -> object:
        b = {"stats": _stats(**b_stats), "inventory": Inventory(quick=("shield",))}
        enc = duel(ruleset, a={"stats": _stats(STR=11)}, b=b, seed=2)
        events = outcome(enc, DefendedAttack(cmd.Attack("a", "b", weapon("1d4")), how))
        if isinstance(events, str):
            return events
        return tuple((e.stat, e.result.modifier) for e in of_kind(events, ev.CheckRolled))  # type: ignore[union-attr]

    return probe


def _throw(ruleset: Ruleset) -> object:
    a = creature(ruleset, "a", (2, 2), stats=_stats(DEX=3, STR=-2), inventory=Inventory(quick=("rope",)))
    c = creature(ruleset, "c", (4, 2), stats=_stats(DEX=3, STR=-2))
    enc = encounter(ruleset, a, c, seed=4)
    events = outcome(enc, ThrowItem("a", "c", "rope"))
    if isinstance(events, str):
        return events
    return tuple((e.stat, e.result.modifier) for e in of_kind(events, ev.CheckRolled)), enc.state.combatant("a").budget.actions  # type: ignore[union-attr]


def _phrase(text: str):
    def probe(ruleset: Ruleset) -> object:
        from core.rulesets.equestria.table_calls import SayPhrase

        return outcome(duel(ruleset), SayPhrase("a", text))

    return probe


def _speed(move: MoveType, layer: Layer = Layer.GROUND):
    def probe(ruleset: Ruleset) -> int:
        mover = creature(ruleset, "m", (1, 1), layer=layer)
        return ruleset.movement.speed(mover, move)

    return probe


def _cost(rows: str, goal: tuple[int, int], **kw: Any):
    def probe(ruleset: Ruleset) -> object:
        return path_cost(ruleset, rows, goal, **kw)

    return probe


def _altitude(how: str, rows: str | None = None, ceiling: int | None = None, **b: Any):
    def probe(ruleset: Ruleset) -> object:
        grid = Grid.filled(10, 8)
        if ceiling is not None:
            grid = Grid(grid.rows, grid.elevation, ceiling, grid.edges)
        enc = encounter(ruleset, creature(ruleset, "a", (2, 2), **b), creature(ruleset, "b", (8, 6), Side.FOE), grid=grid)
        events = outcome(enc, ChangeAltitude("a", how))
        return events, enc.state.combatant("a").budget.actions

    return probe


def _jump(run_up: int = 0, dex: int = 3):
    def probe(ruleset: Ruleset) -> int:
        return ruleset.movement.jump_distance(creature(ruleset, "m", (1, 1), stats=_stats(DEX=dex)), run_up)

    return probe


def _blocked_by_an_ally(ruleset: Ruleset) -> object:
    ally = creature(ruleset, "f", (1, 0))
    return path_cost(ruleset, "...\n###\n", (2, 0), others=(ally,))


def _sighting(weather: str, light: str, distance: int, torch: str = "", darkvision: bool = False):
    def probe(ruleset: Ruleset) -> str:
        sources = (LightSource(torch, cell=(0, 0)),) if torch else ()
        conditions = Conditions(light, weather or "clear", sources=sources)
        return sighting(distance, conditions, darkvision=darkvision, target_cells=((distance, 0),),
                        settings=ruleset.settings_for(VisionSettings)).sighting.name

    return probe


PROBES: dict[str, tuple[str, Any]] = {
    "equestria.stats": ("STR, DEX, BODY, INT, WIS", lambda r: r.stat_names),
    "equestria.default_difficulty": ("10", _checks),
    "equestria.critical_failure_natural": ("3", _checks),
    "equestria.critical_success_natural": ("18", _checks),
    "equestria.attack_difficulty": ("8", _attack_hits),
    "equestria.initiative_stat": ("STR", _initiative),
    "equestria.quick_action_min_dex": ("1", _budget(0)),
    "equestria.reaction_min_dex": ("2", _budget(1)),
    "equestria.exchange_one_quick_max_dex": ("0", _exchange(1)),
    "equestria.exchange_below_quick_dex": ("false", _exchange(-1)),
    "equestria.controlled_fall_reduction": ("2", _controlled_fall),
    "equestria.controlled_fall_skill": ("DEX", _controlled_fall),
    "equestria.dodge_stat": ("STR", _defended("dodge", DEX=4, STR=0)),
    "equestria.block_stat": ("DEX", _defended("block", DEX=4, STR=1)),
    "equestria.block_min_str": ("2", _defended("block", DEX=4, STR=1)),
    "equestria.throw_stat": ("STR", _throw),
    "equestria.catch_stat": ("STR", _throw),
    "equestria.throw_action": ("full", _throw),
    "equestria.phrase_max_words": ("3", _phrase("run to the old mill now")),
    "equestria.phrase_max_sounds": ("10", _phrase("run to the mill")),
    # -- movement (EQ-MOV-1..8, EQ-MAP-3..4) --
    "equestria.walk_speed": ("5", lambda r: r.fresh_budget(creature(r, "a", (1, 1))).movement),
    "equestria.fly_speed": ("9", _speed(MoveType.FLY, Layer.AIR)),
    "equestria.swim_speed": ("4", _speed(MoveType.SWIM)),
    "equestria.underwater_speed": ("1", _speed(MoveType.SWIM, Layer.UNDERWATER)),
    "equestria.difficult_cost": ("3", _cost(".o.", (2, 0))),
    "equestria.swim_cost": ("3", _cost(".~.", (2, 0))),
    "equestria.deep_water_cost": ("3", _cost(".=.", (2, 0))),
    "equestria.climb_cost": ("3", _cost(".^.", (2, 0))),
    "equestria.crawl_extra": ("2", lambda r: moved(r, (4, 2), conditions=("prone",))),
    "equestria.climb_min_dex": ("2", _cost(".^.", (2, 0))),
    "equestria.dex_stat": ("STR", _cost(".^.", (2, 0), stats=_stats(STR=0))),
    "equestria.takeoff_height": ("4", _altitude("take_off", speeds={"fly": 8})),
    "equestria.takeoff_action": ("quick", _altitude("take_off", speeds={"fly": 8})),
    "equestria.min_flight_ceiling": ("5", _altitude("take_off", ceiling=4, speeds={"fly": 8})),
    "equestria.dive_depth": ("2", lambda r: r.movement.dive(creature(r, "m", (1, 1), layer=Layer.UNDERWATER))),
    "equestria.dive_action": ("quick", lambda r: r.movement.dive(creature(r, "m", (1, 1), layer=Layer.UNDERWATER))),
    "equestria.max_safe_depth": ("10", lambda r: outcome_of(lambda: r.movement.dive(creature(r, "m", (1, 1), layer=Layer.UNDERWATER, altitude=-9)))),
    "equestria.jump_offset": ("0", _jump()),
    "equestria.run_up_cells": ("4", _jump(run_up=3)),
    "equestria.run_up_bonus": ("2", _jump(run_up=3)),
    "equestria.allies_block": ("false", _blocked_by_an_ally),
    # -- sight (EQ-VIS-1, EQ-VIS-2) --
    "equestria.torch": ("7, 12", _sighting("", "darkness", 7, torch="torch")),
    "equestria.lantern": ("10, 18", _sighting("", "darkness", 10, torch="lantern")),
    "equestria.fog": ("1, 20", _sighting("fog", "day", 25)),
    "equestria.downpour": ("1, 20", _sighting("downpour", "day", 25)),
    "equestria.night": ("50, 60", _sighting("", "night", 80)),
    "equestria.day": ("100, 200", _sighting("", "day", 150)),
    "equestria.darkness": ("1, 3", _sighting("", "darkness", 2)),
}


def outcome_of(play: Any) -> object:
    """What ``play()`` gives, or its refusal's message."""
    from core.errors import EncounterError

    try:
        return play()
    except EncounterError as refusal:
        return f"refused: {refusal}"
