"""The odds map (core/offers/odds_map.py): the chance to hit from every
reachable cell, by the attack preview's own rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.combat.attacks import UNARMED, Weapon, WeaponDamage
from core.values.combatant import Combatant, Side
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import from_text
from core.dice.modifiers import Reach
from core.offers.odds_map import best_cells, odds_map
from core.rulesets import get

# A boulder (half cover, EQ-COV-2) stands between row 1 and the target at (5, 3).
FIELD = from_text("\n".join([
    "........",
    "........",
    ".....o..",
    ".....T..",
    "........",
])).grid
BOW = Weapon("bow", (WeaponDamage("1d6"),), reach=Reach.RANGED)


def _state(ruleset_id="equestria"):
    archer = Combatant("a", "Archer", Side.PARTY, {"DEX": 2, "STR": 0}, 10, 10, position=(0, 3))
    target = Combatant("t", "Target", Side.FOE, {}, 10, 10, position=(5, 3))
    return EncounterState("field", FIELD, (archer, target)), get(ruleset_id)


def test_melee_odds_only_next_to_the_target_eq_act_4():
    state, ruleset = _state()
    found = odds_map(state, ruleset, "a", "t", UNARMED, [(4, 3), (2, 3)])
    assert found[(2, 3)].hit == 0 and "out of melee reach" in found[(2, 3)].refusal
    # STR 0 vs difficulty 12 on a d20 (EQ-CHK-2): naturals 12..19 succeed (8/20), 20 critically -> 9/20
    assert found[(4, 3)].hit == Fraction(9, 20)


def test_cover_lowers_the_odds_where_the_boulder_is_in_the_way_eq_cov_2():
    state, ruleset = _state()
    found = odds_map(state, ruleset, "a", "t", BOW, [(5, 0), (0, 3)])
    clear, covered = found[(0, 3)], found[(5, 0)]
    assert any("cover" in m.reason for m in covered.modifiers) and not any("cover" in m.reason for m in clear.modifiers)
    assert covered.hit < clear.hit and best_cells(found, share=Fraction(1, 2)) == {(0, 3)}
    assert best_cells(found | {(0, 2): found[(0, 3)]}) == frozenset()  # half the cells tie: none stands out


@pytest.mark.parametrize("ruleset_id", ["equestria", "srd35", "tactical_d10", "power_roll"])
def test_the_figure_is_the_attack_previews_own_odds(ruleset_id):
    state, ruleset = _state(ruleset_id)
    odds = odds_map(state, ruleset, "a", "t", BOW, [(0, 3)])[(0, 3)]
    assert sum(p for _, p in odds.tiers) == 1
    assert odds.hit == sum(p for label, p in odds.tiers if label in {t.value for t in ruleset.hit_tiers})


def test_no_target_no_map():
    state, ruleset = _state()
    with pytest.raises(IllegalCommand, match="another creature"):
        odds_map(state, ruleset, "a", "a", UNARMED, [(0, 0)])
