"""One damage, healing or condition for several creatures, and every
condition duration the core has (rules TAC-DMG-1,
EQ-GEN-4, TAC-EFF-1)."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.values.conditions import Boundary, Condition, Duration
from core.combat.damage import DamageType as T
from core.combat.demo import seed_map_text
from core.combat.durations import CHOICES, Until, make, words
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import from_text
from core.combat.several_targets import ConditionMany, DamageMany, HealMany, ManyTargeted
from core.dice.notation import parse_damage
from core.rulesets import get

GRID = from_text(seed_map_text()).grid


class Rigged(random.Random):
    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):
        return self.faces.pop(0) - 1


def wolves(rng=None) -> Encounter:
    plain = Combatant("w1", "Wolf 1", Side.FOE, {}, 12, 12)
    armoured = Combatant("w2", "Wolf 2", Side.FOE, {}, 12, 12, armour={"fire": 2})
    resistant = Combatant("w3", "Wolf 3", Side.FOE, {}, 12, 12, resistances=("fire",))
    dead = Combatant("w4", "Wolf 4", Side.FOE, {}, 0, 12, dead=True)
    hero = Combatant("h", "Hero", Side.PARTY, {"DEX": 1}, 10, 10)
    return Encounter(EncounterState("t", GRID, (plain, armoured, resistant, dead, hero)), get("tactical_d10"), rng or random.Random(1))


def test_tac_dmg_1_one_roll_for_all_each_through_its_own_armour_and_resistance():
    """rule TAC-DMG-1: 2d6 fire shows 3 + 5 = 8, rolled once: 8, 8 - 2 armour, 8 * 50% resistance."""
    enc = wolves(Rigged(3, 5))
    events = enc.apply(DamageMany(("w1", "w2", "w3", "w4"), dice=parse_damage("2d6 fire"), source="2d6 fire"))
    assert [enc.state.combatant(i).hp for i in ("w1", "w2", "w3")] == [4, 6, 8]
    header = events[0]
    assert isinstance(header, ManyTargeted) and header.names == ("Wolf 1", "Wolf 2", "Wolf 3") and header.passed_over == ("Wolf 4",)
    assert len([e for e in events if isinstance(e, ev.DiceRolled)]) == 1
    assert enc.state.combatant("w4").hp == 0


def test_heal_many_rolls_once_and_never_passes_the_maximum():
    enc = wolves(Rigged(4))
    enc.apply(DamageMany(("w1", "w2"), parts=(), dice=parse_damage("5 true"), source="5"))
    enc.apply(HealMany(("w1", "w2", "w4"), "1d6"))
    assert [enc.state.combatant(i).hp for i in ("w1", "w2")] == [11, 11]
    enc.apply(HealMany(("w1", "w2"), 9))
    assert [enc.state.combatant(i).hp for i in ("w1", "w2")] == [12, 12]


def test_tac_eff_1_condition_many_runs_each_ones_interactions():
    """rule TAC-EFF-1: wet removes burning, on each creature."""
    enc = wolves()
    enc.apply(cmd.AddCondition("w1", Condition("burning", 2)))
    enc.apply(ConditionMany(("w1", "w2"), Condition("wet", 1)))
    assert [c.name for c in enc.state.combatant("w1").conditions] == ["wet"]
    assert [c.name for c in enc.state.combatant("w2").conditions] == ["wet"]


@pytest.mark.parametrize("targets, words_", [((), "at least one"), (("w1", "w1"), "each creature once"), (("w4",), "dead")])
def test_bad_target_lists_change_nothing(targets, words_):
    enc = wolves()
    before = enc.state
    with pytest.raises(IllegalCommand, match=words_):
        enc.apply(HealMany(targets, 3))
    assert enc.state == before


# -- durations ------------------------------------------------------------------------------
def fight() -> Encounter:
    enc = wolves(random.Random(2))
    enc.apply(cmd.StartCombat())
    return enc


def test_every_duration_kind_is_offered():
    assert {c.until for c in CHOICES} == set(Until)


def test_durations_of_any_creature_turn_expire_at_that_boundary():
    enc = fight()
    current = enc.state.current
    other = next(c.id for c in enc.state.order() if c.id != current and not c.dead)
    assert make(enc.state, Until.END_OF_TURN, current) == Duration(Boundary.END, current, 1)
    assert make(enc.state, Until.END_OF_NEXT_TURN, current) == Duration(Boundary.END, current, 2)
    assert make(enc.state, Until.END_OF_NEXT_TURN, other) == Duration(Boundary.END, other, 1)
    assert make(enc.state, Until.START_OF_NEXT_TURN, other) == Duration(Boundary.START, other, 1)
    assert make(enc.state, Until.ROUNDS, other, 3) == Duration(Boundary.START, other, 3)
    assert make(enc.state, Until.REMOVED) == Duration()
    enc.apply(cmd.AddCondition("w1", Condition("prone", 1, make(enc.state, Until.END_OF_TURN, current))))
    enc.apply(cmd.NextTurn())
    assert enc.state.combatant("w1").conditions == ()


def test_durations_in_words_name_the_anchor():
    enc = fight()
    current = enc.state.combatant(enc.state.current)
    assert words(make(enc.state, Until.END_OF_TURN, current.id), enc.state) == f"until the end of {current.name}'s turn"
    assert words(make(enc.state, Until.END_OF_NEXT_TURN, current.id), enc.state) == f"until the end of {current.name}'s next turn"
    assert words(make(enc.state, Until.ROUNDS, current.id, 2), enc.state) == f"2 rounds (to the start of {current.name}'s turn)"
    assert words(Duration(), enc.state) == "until removed"
    events = enc.apply(cmd.AddCondition("w1", Condition("prone", 1, make(enc.state, Until.START_OF_NEXT_TURN, "w2"))))
    assert events[0].until == "until the start of Wolf 2's next turn"


def test_a_duration_without_its_creature_or_rounds_is_refused():
    enc = fight()
    with pytest.raises(IllegalCommand):
        make(enc.state, Until.ROUNDS, "w1", 0)
    with pytest.raises(IllegalCommand):
        make(enc.state, Until.END_OF_TURN, "")
    with pytest.raises(IllegalCommand):
        make(enc.state, Until.END_OF_TURN, "nobody")
