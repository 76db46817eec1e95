"""Probes of srd35's own settings (seed 002 and the d20 SRD DEFAULTs): checks
and attacks, speeds, armour and loads, paces, terrain doublings, sizes
passing, bodies, Tumble, Overrun, Escape Artist, attacks of opportunity,
poor visibility. Format: ``house_rule_probes_shared``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.board.vision import Conditions
from core.combat import commands as cmd
from core.combat import events as ev
from core.rulesets.base import Ruleset
from core.rulesets.srd35.commands import EscapeArtist, Overrun, Tumble
from core.values.combatant import Combatant, Side
from core.values.mobility import Size
from tests.core.house_rule_probe_support import attack, creature, duel, encounter, moved, of_kind, outcome, path_cost, rolled

SRD = "srd35"


def _stats(**values: int) -> dict[str, int]:
    return {"STR": 1, "DEX": 1, "CON": 1, "INT": 1, "WIS": 1, "CHA": 1, **values}


def _checks(ruleset: Ruleset) -> object:
    out = []
    for seed in range(20):
        enc = duel(ruleset, seed=seed)
        out.append(tuple((e.result.difficulty, e.result.tier) for e in of_kind(enc.apply(cmd.RollCheck("a", "STR")), ev.CheckRolled)))  # type: ignore[union-attr]
    return tuple(out)


def _attacks(ruleset: Ruleset) -> object:
    return tuple(rolled(attack(ruleset, seed=seed)) for seed in range(25))


def _initiative(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1), stats=_stats(DEX=5, WIS=-2)), creature(ruleset, "b", (5, 5), Side.FOE),
                    start=False)
    enc.apply(cmd.StartCombat())
    return enc.state.combatant("a").initiative


def _land(**kw: Any):
    """The land speed the sheet shows (feet, and how it was reached; SRD-MOV-1, SRD-MOV-13)."""
    def probe(ruleset: Ruleset) -> object:
        mover = creature(ruleset, "m", (1, 1), **kw)
        return ruleset.movement.land_speed(mover), ruleset.fresh_budget(mover).movement

    return probe


def _pace(kind: str, **kw: Any):
    """After spending ``kind`` (double move, run), the squares a creature may move this round (SRD-MOV-9)."""
    def probe(ruleset: Ruleset) -> object:
        enc = duel(ruleset, a=kw)
        events = outcome(enc, cmd.SpendAction("a", kind))
        return events if isinstance(events, str) else enc.state.combatant("a").budget.movement

    return probe


def _cost(rows: str, goal: tuple[int, int], **kw: Any):
    def probe(ruleset: Ruleset) -> object:
        return path_cost(ruleset, rows, goal, **kw)

    return probe


def _pass(size: Size, other_size: Size = Size.MEDIUM, side: Side = Side.FOE, **other: Any):
    """A ``size`` mover goes 2 squares east through an ``other_size`` creature's square (SRD-MOV-4), and ends there."""
    def probe(ruleset: Ruleset) -> object:
        blocker = creature(ruleset, "o", (1, 0), side, size=other_size, **other)
        return (path_cost(ruleset, "....\n....\n", (2, 0), others=(blocker,), size=size),
                path_cost(ruleset, "....\n....\n", (1, 0), others=(blocker,), size=size))

    return probe


def _ends_on_a_friend(ruleset: Ruleset) -> object:
    """A move that ends in a friend's square (SRD-MOV-12): back to the last legal one, or refused."""
    friend = creature(ruleset, "f", (4, 2))
    return moved(ruleset, (4, 2), others=(friend,))


def _crawl(ruleset: Ruleset) -> object:
    return moved(ruleset, (4, 2), conditions=("prone",))


def _fogged_move(ruleset: Ruleset, weather: str = "fog") -> object:
    enc = encounter(ruleset, creature(ruleset, "m", (2, 2)), creature(ruleset, "b", (8, 6), Side.FOE))
    enc.state = replace(enc.state, vision=Conditions("day", weather))
    events = outcome(enc, cmd.Move("m", (4, 2)))
    return events if isinstance(events, str) else tuple(e.cost for e in of_kind(events, ev.Moved))  # type: ignore[union-attr]


def _tumbled(ruleset: Ruleset) -> object:
    """Tumble (+30, a sure success), then move 2 squares: the check's DC and the move's cost (SRD-MOV-16)."""
    enc = encounter(ruleset, creature(ruleset, "m", (2, 2)), creature(ruleset, "b", (8, 6), Side.FOE))
    tumbled = outcome(enc, Tumble("m", bonus=30))
    checks = tuple((e.stat, e.result.difficulty) for e in of_kind(tumbled, ev.CheckRolled))  # type: ignore[union-attr]
    events = outcome(enc, cmd.Move("m", (4, 2)))
    return checks, events if isinstance(events, str) else tuple(e.cost for e in of_kind(events, ev.Moved))  # type: ignore[union-attr]


def _tumble_through(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "m", (2, 2), stats=_stats(DEX=4, STR=0)), creature(ruleset, "b", (3, 2), Side.FOE))
    return tuple((e.stat, e.result.modifier, e.result.difficulty) for e in of_kind(outcome(enc, Tumble("m", "b")), ev.CheckRolled))  # type: ignore[union-attr]


def _squeezed(ruleset: Ruleset) -> object:
    return moved(ruleset, (4, 2), conditions=("squeezing",))


def _overrun(size: Size = Size.MEDIUM, defender_size: Size = Size.MEDIUM):
    def probe(ruleset: Ruleset) -> object:
        a = creature(ruleset, "a", (2, 2), stats=_stats(STR=3, DEX=0, CON=5), size=size)
        d = creature(ruleset, "d", (3, 2) if size is not Size.LARGE else (4, 2), Side.FOE, stats=_stats(STR=0, DEX=2, CON=6),
                     size=defender_size)
        enc = encounter(ruleset, a, d)
        events = outcome(enc, Overrun("a", "d"))
        if isinstance(events, str):
            return events
        return tuple((type(e).__name__, getattr(e, "stat", None), getattr(getattr(e, "result", None), "modifier", None))
                     for e in events), enc.state.combatant("a").budget.actions

    return probe


def _escape(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "m", (2, 2), stats=_stats(DEX=3, STR=-1)), creature(ruleset, "b", (8, 6), Side.FOE))
    return tuple((e.stat, e.result.modifier, e.result.difficulty) for e in of_kind(outcome(enc, EscapeArtist("m", 0)), ev.CheckRolled))  # type: ignore[union-attr]


def _opportunities(ruleset: Ruleset) -> object:
    return ruleset.fresh_budget(creature(ruleset, "a", (1, 1))).actions


def _helpless_body(size: Size):
    def probe(ruleset: Ruleset) -> object:
        body = creature(ruleset, "o", (1, 0), Side.FOE, size=size, hp=0)
        return path_cost(ruleset, "......\n......\n......\n......\n", (5, 0), others=(body,))

    return probe


def _split_move(ruleset: Ruleset) -> object:
    """Moving 1 square, then the standard action: the movement left of the move action (SRD-MOV-9)."""
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1)), creature(ruleset, "b", (8, 6), Side.FOE))
    enc.apply(cmd.Move("a", (2, 1)))
    enc.apply(cmd.SpendAction("a", "standard"))
    return enc.state.combatant("a").budget.movement


PROBES: dict[str, tuple[str, Any]] = {
    "srd35.stats": ("STR, DEX, CON, INT, WIS, LUCK", lambda r: r.stat_names),
    "srd35.default_difficulty": ("12", _checks),
    "srd35.default_ac": ("12", _attacks),
    "srd35.attack_natural_hit": ("19", _attacks),
    "srd35.attack_natural_miss": ("2", _attacks),
    "srd35.initiative_stat": ("WIS", _initiative),
    "srd35.opportunity_attacks": ("2", _opportunities),
    # -- speed, armour, load (SRD-MOV-1, SRD-MOV-13) --
    "srd35.speed_feet": ("40", _land()),
    "srd35.speed_stat": ("STR", _land(stats=_stats(STR=20, SPEED=30))),
    "srd35.feet_per_square": ("10", _land()),
    "srd35.encumbered_speeds": ("30 25", _land(armour_weight="heavy")),
    "srd35.slowing_armour": ("heavy", _land(armour_weight="medium")),
    "srd35.slowing_loads": ("heavy", _land(load="medium")),
    "srd35.bonus_lost_in_heavy_armour": ("barbarian, scout", _land(armour_weight="heavy", speed_bonuses={"scout": 10})),
    "srd35.bonus_lost_in_armour": ("monk, scout", _land(armour_weight="light", speed_bonuses={"scout": 10})),
    # -- paces (SRD-MOV-9) --
    "srd35.double_move": ("3", _pace("double_move")),
    "srd35.run_multiplier": ("5", _pace("run")),
    "srd35.run_multiplier_heavy": ("2", _pace("run", armour_weight="heavy")),
    "srd35.heavy_loads_run": ("medium, heavy", _pace("run", load="medium")),
    # -- terrain, squeezing, prone (SRD-MOV-5, -8, -12, Revision 3) --
    "srd35.difficult_doublings": ("2", _cost(".o.", (2, 0))),
    "srd35.climb_doublings": ("1", _cost(".^.", (2, 0))),
    "srd35.swim_doublings": ("1", _cost(".~.", (2, 0))),
    "srd35.squeeze_doublings": ("2", _squeezed),
    "srd35.back_to_last_legal": ("false", _ends_on_a_friend),
    "srd35.crawl_squares": ("2", _crawl),
    "srd35.poor_visibility_doublings": ("2", _fogged_move),
    "srd35.hampering_weathers": ("fog, downpour", lambda r: _fogged_move(r, "downpour")),
    # -- sizes and bodies (SRD-MOV-4, SRD-MOV-15) --
    "srd35.pass_size_steps": ("2", _cost("......\n......\n......\n......\n", (5, 0),
                                         others=(Combatant("o", "O", Side.FOE, {}, 9, 9, position=(1, 0), size=Size.HUGE),))),
    "srd35.enter_squares_size": ("tiny", _pass(Size.SMALL)),
    "srd35.obstacle_size": ("large", _helpless_body(Size.LARGE)),
    "srd35.obstacle_doublings": ("2", _helpless_body(Size.HUGE)),
    # -- Tumble, Overrun, Escape Artist (SRD-MOV-16, -17) --
    "srd35.tumble_stat": ("STR", _tumble_through),
    "srd35.tumble_dc_threatened": ("12", _tumbled),
    "srd35.tumble_dc_through": ("20", _tumble_through),
    "srd35.tumble_doublings": ("2", _tumbled),
    "srd35.overrun_kind": ("move", _overrun()),
    "srd35.overrun_stat": ("CON", _overrun()),
    "srd35.overrun_defence_stats": ("STR, CON", _overrun()),
    "srd35.overrun_size_bonus": ("2", _overrun(Size.MEDIUM, Size.LARGE)),
    "srd35.overrun_max_larger": ("0", _overrun(Size.MEDIUM, Size.LARGE)),
    "srd35.escape_artist_stat": ("STR", _escape),
    "srd35.escape_artist_dc": ("25", _escape),
    "srd35.split_move": ("true", _split_move),
}
