"""Probes of the settings every ruleset shares (``CommonSettings``): turns,
reach, damage, modifiers of an attack, conditions, areas, sight, initiative.

Format of every ``house_rule_probes_*`` module (read by
``test_house_rules_walk.py``): ``PROBES = {"<ruleset>.<field>":
(changed_text, probe)}``; ``changed_text`` is what a GM types in House rules,
``probe(ruleset)`` plays under those settings and returns what a GM sees.
"""

from __future__ import annotations

import random
from typing import Any

from core.board.grid import Cover, Grid
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.damage import DamagePart, DamageType
from core.dice.modifiers import Awareness, Posture, Reach, Situation
from core.rulesets.base import Ruleset
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from core.values.mobility import Size
from tests.core.house_rule_probe_support import (
    RULESETS, attack, creature, damage, duel, encounter, every, of_kind, outcome, played_with, rolled, weapon,
)

ALL = RULESETS
NOT_TACTICAL = ("equestria", "srd35", "power_roll")


# -- turns ------------------------------------------------------------------------------
def _next_after_a_defeated_foe(ruleset: Ruleset) -> object:
    """b is at 0 HP: whose turn follows a's (skip_defeated)."""
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1)), creature(ruleset, "b", (5, 5), Side.FOE, hp=0),
                    creature(ruleset, "c", (6, 6)))
    order = [c.id for c in enc.state.order()]
    enc.apply(cmd.NextTurn())
    return order.index(enc.state.current) - order.index("a"), enc.state.current if "b" in order else None


def _initiatives_after_a_round(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1)), creature(ruleset, "b", (5, 5), Side.FOE))
    first = enc.apply(cmd.NextTurn())
    return tuple(type(e).__name__ for e in (*first, *enc.apply(cmd.NextTurn())))


def _rolloff_faces(ruleset: Ruleset) -> tuple[int, ...]:
    """Two creatures tied (a 1-sided initiative die): their roll-off faces (EQ-INIT-2)."""
    from core.combat.initiative import roll_initiatives

    rolled_ = roll_initiatives({"a": 0, "b": 0}, random.Random(4), 1, (), ruleset.settings.rolloff_die)
    return tuple(face for r in rolled_ for face in r.rolloff)


# -- reach and size ---------------------------------------------------------------------------
def _reach_two_cells_away(ruleset: Ruleset) -> object:
    return rolled(attack(ruleset, b={"cell": (4, 2)}))


def _large_reach(ruleset: Ruleset) -> int:
    from core.board.battlefield import melee_reach

    return melee_reach(ruleset.settings, Combatant("a", "A", Side.PARTY, {}, 10, 10, size=Size.LARGE))


def _mounting(ruleset: Ruleset) -> object:
    """A medium rider mounts a large horse (EQ-MNT-1: two sizes apart)."""
    enc = encounter(ruleset, creature(ruleset, "a", (2, 2)), creature(ruleset, "h", (3, 2), size=Size.LARGE))
    return outcome(enc, cmd.Mount("a", "h"))


def _reach_up(ruleset: Ruleset) -> object:
    """A medium attacker strikes a foe hovering 3 cells up (EQ-MAP-3: melee reaches its body height)."""
    from core.values.mobility import Layer

    return rolled(attack(ruleset, b={"layer": Layer.AIR, "altitude": 3}))


# -- hit points and damage ------------------------------------------------------------------------
def _hit_to_zero(ruleset: Ruleset) -> object:
    enc = duel(ruleset)
    return tuple(type(e).__name__ for e in enc.apply(cmd.DealDamage("b", (DamagePart(30, DamageType.SLASHING),))))


def _blunt(ruleset: Ruleset) -> object:
    enc = duel(ruleset, b={"hp": 1, "armour": {"any": 5}})
    return damage(outcome(enc, cmd.DealDamage("b", (DamagePart(3, DamageType.BLUDGEONING),))))


def _dealt(kind: DamageType, amount: int = 9, **target: Any):
    def probe(ruleset: Ruleset) -> object:
        enc = duel(ruleset, b=target)
        return damage(outcome(enc, cmd.DealDamage("b", (DamagePart(amount, kind),))))

    return probe


def _critical_damage(ruleset: Ruleset) -> object:
    """A hit rolled over many seeds: the damage of the first critical."""
    for seed in range(200):
        events = attack(ruleset, seed=seed, weapon=weapon("10"), a={"stats": dict.fromkeys(ruleset.stat_names, 5)})
        roll = rolled(events)
        if not isinstance(roll, str) and roll[5].name.startswith("CRITICAL"):
            return damage(events)
    return "no critical"


def _hits_over_seeds(ruleset: Ruleset) -> object:
    """Attacks for 4 damage over 40 seeds: each one's tier and the damage dealt (a total equal to the AC among them)."""
    out = []
    for seed in range(40):
        events = attack(ruleset, seed=seed, weapon=weapon("4"))
        out.append((rolled(events), damage(events)))
    return tuple(out)


def _unarmed(stat: int):
    def probe(ruleset: Ruleset) -> str:
        return ruleset.unarmed_damage(stat)

    return probe


PROBES: dict[str, tuple[str, Any]] = {
    **every(ALL, "skip_defeated", "false", _next_after_a_defeated_foe),
    **every(ALL, "reroll_initiative_each_round", "true", _initiatives_after_a_round),
    **every(ALL, "rolloff_die", "4", _rolloff_faces),
    **every(ALL, "melee_reach", "2", _reach_two_cells_away),
    **every(("equestria", "tactical_d10", "power_roll"), "size_reach", "large 2", _large_reach),
    "srd35.size_reach": ("large 1, huge 3", _large_reach),
    **every(ALL, "mount_size_steps", "3", _mounting),
    **every(ALL, "body_heights", "1, 1, 1, 1, 3, 3, 4, 6, 8", _reach_up),
    **every(NOT_TACTICAL, "zero_hp_dead", "true", _hit_to_zero),
    **every(("equestria", "srd35"), "half_on_equal", "true", _hits_over_seeds),
    "tactical_d10.zero_hp_dead": ("false", _hit_to_zero),
    "equestria.blunt_trauma": ("false", _blunt),
    **every(("srd35", "tactical_d10", "power_roll"), "blunt_trauma", "true", _blunt),
    "equestria.blunt_trauma_damage": ("2", _blunt),
    **every(("srd35", "tactical_d10", "power_roll"), "blunt_trauma_damage", "2", played_with(_blunt, blunt_trauma=True)),
    **every(NOT_TACTICAL[:2] + ("tactical_d10",), "critical_damage_percent", "200", _critical_damage),
    **every(ALL, "unarmed_dice", "1d3, 1d4, 1d6", _unarmed(0)),
    **every(ALL, "unarmed_thresholds", "2, 4", _unarmed(1)),
    **every(ALL, "resistance_percent", "25", _dealt(DamageType.FIRE, resistances=("fire",))),
    **every(ALL, "weakness_percent", "200", _dealt(DamageType.FIRE, weaknesses=("fire",))),
    **every(ALL, "alignment_bonus_percent", "100", _dealt(DamageType.HOLY, alignment="chaotic evil")),
    **every(ALL, "holy_bonus_alignments", "chaotic evil, neutral evil", _dealt(DamageType.HOLY, alignment="neutral evil")),
    **every(ALL, "necrotic_bonus_alignments", "lawful good, neutral good", _dealt(DamageType.NECROTIC, alignment="neutral good")),
    **every(ALL, "armour_ignoring_types", "true", _dealt(DamageType.PENETRATING, armour={"any": 3})),
}


# -- modifiers of an attack (core.dice.modifiers.assemble) ---------------------------------------
def _attack_with(situation: Situation | None = None, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, **kw: Any):
    def probe(ruleset: Ruleset) -> object:
        return rolled(attack(ruleset, a=a, b=b, situation=situation or Situation(), **kw))

    return probe


RANGED = weapon("1d6", DamageType.PIERCING, reach=Reach.RANGED)
MODIFIERS: dict[str, tuple[str, Any]] = {
    **every(ALL, "cover_quarter", "-1", _attack_with(Situation(cover=Cover.QUARTER))),
    **every(ALL, "cover_half", "-2", _attack_with(Situation(cover=Cover.HALF))),
    **every(ALL, "cover_three_quarters", "-5", _attack_with(Situation(cover=Cover.THREE_QUARTERS))),
    **every(ALL, "off_hand_penalty", "-3", _attack_with(Situation(off_hand=True))),
    **every(ALL, "extra_weapon_step", "-3", _attack_with(Situation(weapon_index=1))),
    **every(ALL, "poor_visibility_penalty", "-2", _attack_with(Situation(poor_visibility=True))),
    **every(NOT_TACTICAL, "posture_cover", "true", _attack_with(Situation(cover=Cover.HALF, target_posture=Posture.CROUCHED))),
    "tactical_d10.posture_cover": ("false", _attack_with(Situation(cover=Cover.HALF, target_posture=Posture.CROUCHED))),
    **every(ALL, "melee_vs_crouched", "3", _attack_with(Situation(target_posture=Posture.CROUCHED))),
    **every(ALL, "melee_vs_prone", "5", _attack_with(Situation(target_posture=Posture.PRONE))),
    **every(ALL, "ranged_vs_prone", "-3", _attack_with(Situation(reach=Reach.RANGED, target_posture=Posture.PRONE), weapon=RANGED)),
    **every(NOT_TACTICAL, "flanking_advantage", "true", _attack_with(Situation(flanked=True))),
    "tactical_d10.flanking_advantage": ("false", _attack_with(Situation(flanked=True))),
    **every(ALL, "slowed_melee", "2", _attack_with(Situation(target_cell_cost=2))),
    **every(ALL, "slowed_ranged_per_mp", "2", _attack_with(Situation(reach=Reach.RANGED, target_cell_cost=2), weapon=RANGED)),
    **every(NOT_TACTICAL, "unnoticed_auto_critical", "true", _attack_with(Situation(awareness=Awareness.UNNOTICED))),
    "tactical_d10.unnoticed_auto_critical": ("false", _attack_with(Situation(awareness=Awareness.UNNOTICED))),
    **every(ALL, "moving_ac", "3", _attack_with(b={"conditions": ("moving",)})),
    **every(ALL, "moving_ac_mounted", "5", _attack_with(Situation(mounted_dash=True), b={"conditions": ("moving",)})),
    **every(ALL, "squeeze_penalty", "-2", _attack_with(a={"conditions": ("squeezing",)})),
}


# -- damage types and conditions ---------------------------------------------------------------
def _hit_by(kind: DamageType, **target: Any):
    def probe(ruleset: Ruleset) -> object:
        events = attack(ruleset, b=target, weapon=weapon("2d6", kind), a={"stats": dict.fromkeys(ruleset.stat_names, 6)})
        return damage(events), of_kind(events, ev.ConditionAdded), rolled(events)

    return probe


def _turn_start_damage(condition: str, level: int = 2, turns: int = 1):
    """b carries ``condition`` ``level``: the damage and the level after b's turn (start and end)."""
    def probe(ruleset: Ruleset) -> object:
        enc = duel(ruleset, b={"conditions": ((condition, level),)})
        events = []
        for _ in range(turns + 1):
            events.extend(enc.apply(cmd.NextTurn()))
        return damage(tuple(events)), enc.state.combatant("b").conditions

    return probe


def _extinguish(ruleset: Ruleset) -> object:
    enc = duel(ruleset, a={"conditions": (("burning", 2),)})
    return tuple((e.stat, e.result.difficulty) for e in of_kind(outcome(enc, cmd.Extinguish("a")), ev.CheckRolled))  # type: ignore[union-attr]


def _theft(ruleset: Ruleset) -> object:
    """a (first stat 0, the others +2) tries a theft with its second stat (EQ-DAY-2); where the DEFAULT theft stat is
    no stat of the ruleset (tactical_d10, power_roll), theft is played with that second stat named."""
    stat = ruleset.stat_names[1]
    if ruleset.settings.theft_stat not in ruleset.stat_names:
        ruleset = ruleset.with_house_rules({**ruleset.house_rules(), "theft_stat": stat})
    enc = duel(ruleset, a={"stats": {**dict.fromkeys(ruleset.stat_names, 2), ruleset.stat_names[0]: 0}})
    events = outcome(enc, cmd.RollCheck("a", stat, purpose="theft"))
    return events if isinstance(events, str) else "rolled"


def _poison_coat(ruleset: Ruleset) -> object:
    enc = duel(ruleset)
    return of_kind(outcome(enc, cmd.ApplyPoison("a", "blade")), ev.CoatingApplied)


def _preparation(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (1, 1)), creature(ruleset, "b", (5, 5), Side.FOE), start=False)
    enc.apply(cmd.BeginPreparation(Side.PARTY))
    return of_kind(outcome(enc, cmd.PrepareAction("a", "hide behind the cart")), ev.PreparationTaken)


CONDITIONS: dict[str, tuple[str, Any]] = {
    **every(NOT_TACTICAL[:2] + ("tactical_d10",), "ac_ignoring_types", "sonic", _hit_by(DamageType.LIGHT, ac=30)),
    **every(NOT_TACTICAL, "type_effects", "true", _hit_by(DamageType.FIRE)),
    "tactical_d10.type_effects": ("false", _hit_by(DamageType.FIRE)),
    "tactical_d10.effect_level": ("2", _hit_by(DamageType.FIRE)),
    **every(NOT_TACTICAL, "effect_level", "2", played_with(_hit_by(DamageType.FIRE), type_effects=True)),
    **every(ALL, "burning_step", "2", _turn_start_damage("burning", 2, turns=2)),
    **every(ALL, "poison_step", "2", _turn_start_damage("poisoned", 2, turns=2)),
    **every(ALL, "bleeding_step", "0", _turn_start_damage("bleeding", 2, turns=2)),
    **every(ALL, "extinguish_base", "5", _extinguish),
    "equestria.extinguish_stat": ("STR", _extinguish),
    "srd35.extinguish_stat": ("STR", _extinguish),
    "tactical_d10.extinguish_stat": ("MUSCLES", _extinguish),
    "power_roll.extinguish_stat": ("AGILITY", _extinguish),
    "equestria.theft_stat": ("STR", _theft),
    "srd35.theft_stat": ("STR", _theft),
    "tactical_d10.theft_stat": ("MUSCLES", _theft),
    "power_roll.theft_stat": ("MIGHT", _theft),
    **every(ALL, "theft_min_dex", "3", _theft),
    **every(ALL, "weapon_poison_rounds", "30", _poison_coat),
    **every(ALL, "preparation_bonus", "2", _preparation),
}
PROBES.update(MODIFIERS)
PROBES.update(CONDITIONS)


# -- sight, sizes, falls, shields ------------------------------------------------------------
def _readout(rows: str, viewer: tuple[int, int], target: tuple[int, int], *others: tuple[tuple[int, int], Side], **target_kw: Any):
    def probe(ruleset: Ruleset) -> object:
        from core.board.battlefield import readout
        from core.board.grid import from_text

        a = creature(ruleset, "a", viewer)
        b = creature(ruleset, "b", target, Side.FOE, **target_kw)
        rest = tuple(creature(ruleset, f"o{n}", cell, side) for n, (cell, side) in enumerate(others))
        seen = readout(from_text(rows).grid, a, b, (a, b, *rest), ruleset.settings)
        return seen.sight.visible, seen.sight.cover, seen.flanks

    return probe


def _players_view(ruleset: Ruleset) -> object:
    """The party's view of a foe at 9/20 HP 6 cells away (health band, cells seen)."""
    from core.combat.visibility import visible_to

    enc = encounter(ruleset, creature(ruleset, "a", (1, 1)), creature(ruleset, "b", (7, 1), Side.FOE, hp=9))
    view = visible_to(enc.state, ruleset)
    return view.bands, len(view.seen)


def _mount_huge(ruleset: Ruleset) -> object:
    enc = encounter(ruleset, creature(ruleset, "a", (2, 2)), creature(ruleset, "h", (3, 2), size=Size.HUGE))
    return outcome(enc, cmd.Mount("a", "h"))


def _flier_grappled(ruleset: Ruleset) -> object:
    """A flier 3 cells up is grappled (speed 0): does it fall (PR-MOV-5)? Played with ``prone_flier_falls`` on."""
    from core.values.mobility import Layer

    if not ruleset.settings.prone_flier_falls:
        ruleset = ruleset.with_house_rules({**ruleset.house_rules(), "prone_flier_falls": True})
    enc = duel(ruleset, b={"layer": Layer.AIR, "altitude": 3, "conditions": ("flying",)})
    return tuple(type(e).__name__ for e in enc.apply(cmd.AddCondition("b", Condition("grappled", 1))))


def _flier_prone(ruleset: Ruleset) -> object:
    from core.values.mobility import Layer

    enc = duel(ruleset, b={"layer": Layer.AIR, "altitude": 3, "conditions": ("flying",)})
    return tuple(type(e).__name__ for e in enc.apply(cmd.AddCondition("b", Condition("prone", 1))))


def _fall_damage(ruleset: Ruleset) -> object:
    from core.combat.maneuvers.commands import Fall

    enc = duel(ruleset)
    return damage(outcome(enc, Fall("b", 6)))


def _shielded(ruleset: Ruleset) -> object:
    """b carries a "buckler" and a "shield": the cover it has against a's attack (TAC-DMG-2). Played with half shield cover."""
    from core.values.combatant import Inventory

    if ruleset.settings.shield_cover == "none":
        ruleset = ruleset.with_house_rules({**ruleset.house_rules(), "shield_cover": "half"})
    return rolled(attack(ruleset, b={"inventory": Inventory(quick=("buckler",))}))


def _shield_cover(ruleset: Ruleset) -> object:
    from core.values.combatant import Inventory

    return rolled(attack(ruleset, b={"inventory": Inventory(quick=("shield",))}))


def _second_weapon(ruleset: Ruleset) -> object:
    """a attacks with a blade, then with a club in the same turn (EQ-ACT-6)."""
    enc = duel(ruleset)
    outcome(enc, cmd.Attack("a", "b", weapon("1d4")))
    from core.combat.attacks import Weapon, WeaponDamage

    return rolled(outcome(enc, cmd.Attack("a", "b", Weapon("club", (WeaponDamage("1d6"),)))))


def _cone_cells(shape: str):
    def probe(ruleset: Ruleset) -> int:
        from core.board.geometry.templates import Template

        return len(Template.start(shape, (10, 10), ruleset.settings).cells((10, 10), Grid.filled(21, 21)))

    return probe


def _diagonal_cost(ruleset: Ruleset) -> object:
    from tests.core.house_rule_probe_support import moved

    return moved(ruleset, (5, 5))  # 3 diagonal steps


def _corner(ruleset: Ruleset) -> object:
    """From (1, 1) to (0, 0) past one wall, and between two walls (SRD-MOV-3)."""
    from tests.core.house_rule_probe_support import path_cost

    return (path_cost(ruleset, "...\n#..\n...\n", (0, 0), start=(1, 1)),
            path_cost(ruleset, ".#.\n#..\n...\n", (0, 0), start=(1, 1)))


SIGHT: dict[str, tuple[str, Any]] = {
    **every(ALL, "bloodied_percent", "40", _players_view),
    **every(ALL, "sight_range", "3", _players_view),
    "equestria.size_categories": ("tiny, medium, huge, colossal", _mount_huge),
    **{f"{r}.size_categories": ("medium, huge", _mount_huge) for r in ("srd35", "tactical_d10", "power_roll")},  # a coarser ladder: huge is 1 step up
    **every(ALL, "speed_zero_conditions", "iced", _flier_grappled),
    **every(NOT_TACTICAL[:2] + ("tactical_d10",), "prone_flier_falls", "true", _flier_prone),
    "power_roll.prone_flier_falls": ("false", _flier_prone),
    **every(ALL, "fall_damage_type", "true", _fall_damage),
    **every(ALL, "shield_word", "buckler", _shielded),
    **every(NOT_TACTICAL, "shield_cover", "half", _shield_cover),
    "tactical_d10.shield_cover": ("three-quarters", _shield_cover),
    **every(("srd35", "tactical_d10", "power_roll"), "several_weapons", "true", _second_weapon),
    "equestria.several_weapons": ("false", _second_weapon),
    **every(ALL, "small_cone_length", "4", _cone_cells("small_cone")),
    **every(ALL, "large_cone_length", "5", _cone_cells("large_cone")),
    **every(ALL, "cone_angle", "60", _cone_cells("small_cone")),
    **every(ALL, "creature_cover", "three-quarters", _readout("........", (1, 0), (5, 0), ((3, 0), Side.FOE))),
    **every(ALL, "flank_exact_middle", "false", _readout("........", (1, 0), (3, 0), ((6, 0), Side.PARTY))),
    **every(ALL, "eye_height", "2", _readout("..%.....", (0, 0), (4, 0))),
    **every(ALL, "burrowed_cover", "three-quarters", _readout("........", (1, 0), (4, 0), layer=__import__("core.values.mobility", fromlist=["Layer"]).Layer.BURROWED)),
    **every(("equestria", "tactical_d10", "power_roll"), "corner", "any", _corner),
    "srd35.corner": ("any", _corner),
    "equestria.diagonal": ("alternate", _diagonal_cost),
    "srd35.diagonal": ("same", _diagonal_cost),
    "tactical_d10.diagonal": ("alternate", _diagonal_cost),
    "power_roll.diagonal": ("alternate", _diagonal_cost),
}
PROBES.update(SIGHT)
