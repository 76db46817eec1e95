"""Editing a creature sheet: validated, logged, undoable; ids never change."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Inventory, Side
from core.combat.demo import demo_encounter
from core.errors import IllegalCommand
from core.values.mobility import Size


@pytest.fixture
def demo():
    encounter, _ = demo_encounter(random.Random(7))
    return encounter


def boar(encounter):
    return next(c for c in encounter.state.combatants if c.name == "Boar")


def test_rename_keeps_the_id_and_logs_the_old_name(demo):
    before = boar(demo)
    [event] = demo.apply(cmd.EditCombatant(before.id, cmd.SheetChanges(name="Grey Boar")))
    assert event == ev.SheetEdited(before.id, "Grey Boar", ("name Boar -> Grey Boar",), "Boar")
    assert demo.state.combatant(before.id).name == "Grey Boar"


def test_stats_hp_armour_speeds_inventory(demo):
    target = boar(demo)
    changes = cmd.SheetChanges(
        stats={"STR": 4}, hp_max=20, hp_temp=3, ac=7, armour={"slashing": -2}, speeds={"walk": 8},
        size=Size.LARGE, resistances=("fire",), inventory=Inventory(("tusk oil",), ("rope",)), side=Side.NEUTRAL,
    )
    [event] = demo.apply(cmd.EditCombatant(target.id, changes))
    after = demo.state.combatant(target.id)
    assert after.stat("STR") == 4 and after.stat("DEX") == target.stat("DEX")
    assert (after.hp_max, after.hp, after.hp_temp, after.ac) == (20, target.hp, 3, 7)
    assert after.armour == {"slashing": -2} and after.speeds["walk"] == 8 and after.size is Size.LARGE
    assert after.inventory == Inventory(("tusk oil",), ("rope",))
    assert "STR +3 -> +4" in event.changes and "max HP 16 -> 20" in event.changes


def test_lowering_max_hp_lowers_hp(demo):
    target = boar(demo)
    demo.apply(cmd.EditCombatant(target.id, cmd.SheetChanges(hp_max=5)))
    assert demo.state.combatant(target.id).hp == 5


@pytest.mark.parametrize(
    "changes, needle",
    [
        (cmd.SheetChanges(name="   "), "empty"),
        (cmd.SheetChanges(name="Orc\x1b[31m"), "control"),
        (cmd.SheetChanges(name="x" * 61), "longer"),
        (cmd.SheetChanges(hp_max=0), "maximum HP"),
        (cmd.SheetChanges(hp=99), "HP must be between"),
        (cmd.SheetChanges(hp_temp=-1), "temporary HP"),
        (cmd.SheetChanges(stats={"str": 1}), "not a stat name"),
        (cmd.SheetChanges(armour={"cheese": 1}), "unknown damage type"),
        (cmd.SheetChanges(speeds={"warp": 3}), "unknown movement type"),
        (cmd.SheetChanges(resistances=("cheese",)), "unknown damage type"),
        (cmd.SheetChanges(inventory=Inventory(("",), ())), "item"),
        (cmd.SheetChanges(), "nothing to change"),
    ],
)
def test_bad_edits_change_nothing(demo, changes, needle):
    before = demo.state
    with pytest.raises(IllegalCommand) as caught:
        demo.apply(cmd.EditCombatant(boar(demo).id, changes))
    assert needle in str(caught.value)
    assert demo.state is before


def test_edit_is_undoable(tmp_path):
    """One undo step of the campaign's history (the encounter keeps none of its own)."""
    from saves.campaign import Campaign
    from saves.session import Session, create_demo

    create_demo(tmp_path / "c.json", random.Random(7)).close()
    session = Session(Campaign.open(tmp_path / "c.json"), random.Random(7))
    before = session.encounter.state
    session.commit(cmd.EditCombatant(boar(session.encounter).id, cmd.SheetChanges(name="Grey Boar", stats={"STR": 1})))
    session.undo()
    assert session.encounter.state == before
    session.close()
