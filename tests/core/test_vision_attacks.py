"""Vision changes the odds of an attack (rules EQ-VIS-1, EQ-VIS-2): a skirmish at night in fog."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.combat.demo import demo_encounter
from core.errors import IllegalCommand
from core.dice.modifiers import assemble
from core.offers.attacks import attack_command
from core.board.vision import LightSource
from core.campaign.lighting import SetVision


def _skirmish(distance: int):
    encounter, _ = demo_encounter(random.Random(3))
    state = encounter.state
    a, b = state.combatants[0], state.combatants[2]
    state = state.replace_combatant(replace(a, position=(5, 5)))
    state = state.replace_combatant(replace(b, position=(5 + distance, 5)))  # row 5 of the demo map is open
    encounter.state = state
    return encounter, a.id, b.id


def _mods(encounter, attacker, target):
    attack = attack_command(encounter.state, encounter.ruleset, attacker, target, "1d6 ranged")
    return attack.situation, assemble(encounter.ruleset.settings, attack.situation)


def test_eq_vis_1_night_in_fog_poor_sight_gives_minus_3_with_the_reason():
    encounter, a, b = _skirmish(10)
    situation, assembly = _mods(encounter, a, b)
    assert not situation.poor_visibility and not assembly.modifiers or all(m.rule != "EQ-VIS-1" for m in assembly.modifiers)
    encounter.apply(SetVision("night", "fog"))
    situation, assembly = _mods(encounter, a, b)
    vis = [m for m in assembly.modifiers if m.rule == "EQ-VIS-1"]
    assert [m.value for m in vis] == [-3] and "night" in vis[0].reason and "fog" in vis[0].reason


def test_eq_vis_1_beyond_poor_sight_the_target_counts_as_invisible():
    encounter, a, b = _skirmish(3)
    encounter.apply(SetVision("darkness"))  # no light: even 3 cells are beyond sight (DEFAULT 0/0)
    situation, assembly = _mods(encounter, a, b)
    assert situation.unseen and any("invisible" in reason for reason in assembly.disadvantage_reasons)


def test_eq_vis_2_a_torch_by_the_target_brings_it_back_into_clear_sight():
    encounter, a, b = _skirmish(8)
    encounter.apply(SetVision("darkness"))
    situation, _ = _mods(encounter, a, b)
    assert situation.unseen
    encounter.apply(SetVision("darkness", sources=(LightSource("torch", carrier=b),)))
    situation, _ = _mods(encounter, a, b)
    assert not situation.unseen and not situation.poor_visibility


def test_eq_vis_1_bad_conditions_are_refused_and_nothing_changes():
    encounter, a, b = _skirmish(3)
    before = encounter.state
    with pytest.raises(IllegalCommand):
        encounter.apply(SetVision("noon"))
    with pytest.raises(IllegalCommand):
        encounter.apply(SetVision("night", sources=(LightSource("torch", cell=(999, 999)),)))
    assert encounter.state is before


def test_eq_vis_1_the_preview_says_why_the_attack_rolls_with_disadvantage_before_the_roll():
    """Beyond sight the attack rolls 2d20kl1: the preview names why, as the
    log does after the roll (a GM saw the disadvantage with no reason)."""
    from core.offers.base import preview

    encounter, a, b = _skirmish(3)
    attack = attack_command(encounter.state, encounter.ruleset, a, b, "1d6 ranged")
    assert not any("disadvantage" in n for n in preview(encounter.state, encounter.ruleset, attack).notes)
    encounter.apply(SetVision("darkness"))
    attack = attack_command(encounter.state, encounter.ruleset, a, b, "1d6 ranged")
    shown = preview(encounter.state, encounter.ruleset, attack)
    assert "kl1" in shown.expression
    assert any("disadvantage: target counts as invisible" in n and "darkness" in n for n in shown.notes)
