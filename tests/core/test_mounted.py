"""Mounted combat of seed 001 (rules EQ-MNT-1..9) and falling objects
(EQ-FALL-1), with the seed's numbers: -3 without a hand on the reins, -6
for a frightened untrained animal, -1 with a passenger, +1 melee damage
per 2 ДВИЖ toward the enemy, Dodge = half Riding + 5, thrown = a fall
from 5 m, a rider thrown lands within 1 m (1 cell)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from core.combat import commands as cmd
from core.combat.mounted import commands as mc
from core.offers import base as O
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import Grid
from core.values.mobility import Size
from core.combat.mounted.riding import charge_bonus, riding_modifiers, seat_offset, thrown_height
from core.rulesets import get


def _fight(seed: int = 3, riding: int = 4, **horse_fields) -> Encounter:
    knight = Combatant("k", "Knight", Side.PARTY, {"DEX": 1, "STR": 2, "RIDING": riding}, 20, 20, position=(1, 1), initiative=15)
    fields = {"size": Size.HUGE, "footprint": (3, 1), "speeds": {"walk": 8}, **horse_fields}
    horse = Combatant("h", "Horse", Side.PARTY, {"DEX": 1, "STR": 3}, 30, 30, position=(2, 1), initiative=10, **fields)
    orc = Combatant("o", "Orc", Side.FOE, {"DEX": 1, "STR": 1}, 15, 15, position=(11, 2), initiative=5)
    squire = Combatant("s", "Squire", Side.PARTY, {"DEX": 1, "STR": 1}, 10, 10, position=(1, 2), initiative=12)
    enc = Encounter(EncounterState("t", Grid.filled(20, 8), (knight, horse, orc, squire)), get("equestria"), random.Random(seed))
    enc.apply(cmd.StartCombat())
    return enc


def _mounted(seed: int = 3, **kw) -> Encounter:
    enc = _fight(seed, **kw)
    enc.apply(cmd.Mount("k", "h"))
    return enc


def test_eq_mnt_2_mounting_is_a_change_posture_maneuver_that_costs_the_movement():
    """EQ-MNT-2: mounting costs the rider's movement (DEFAULT); with none
    left it is refused; the rider then shares the mount's fresh ДВИЖ."""
    enc = _mounted()
    knight, horse = enc.state.combatant("k"), enc.state.combatant("h")
    assert knight.budget.movement == 0 and horse.budget.movement == 8
    with pytest.raises(IllegalCommand, match="EQ-MNT-2|change-posture"):
        enc.apply(cmd.Dismount("k"))


def test_eq_mnt_9_rider_sits_in_the_centre_of_a_3_cell_mount_and_rear_of_a_2_cell_one():
    """EQ-MNT-9: centre cell of a 3-cell mount, rear cell of a 2-cell one."""
    horse = Combatant("h", "Horse", Side.PARTY, {}, 1, 1, size=Size.HUGE, footprint=(3, 1))
    assert seat_offset(horse) == (1, 0)
    pony = Combatant("p", "Pony", Side.PARTY, {}, 1, 1, size=Size.LARGE, footprint=(1, 2))
    assert seat_offset(pony) == (0, 1)
    enc = _mounted()
    assert enc.state.combatant("k").position == (3, 1)


def test_eq_mnt_3_moving_the_rider_moves_the_mount_at_the_mounts_dvizh():
    """EQ-MNT-3: the rider moves on the mount's ДВИЖ (8), sparing its own."""
    enc = _mounted()
    enc.apply(cmd.Move("k", (10, 1)))
    knight, horse = enc.state.combatant("k"), enc.state.combatant("h")
    assert horse.position == (9, 1) and knight.position == (10, 1)
    assert horse.budget.movement == 1 and knight.budget.movement == 0
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.Move("k", (13, 1)))  # 3 more cells: the horse has 1 left


def test_eq_mnt_1_charge_adds_1_damage_per_2_dvizh_toward_the_enemy_shown_in_the_preview():
    """EQ-MNT-1: +1 melee damage per 2 ДВИЖ spent toward the enemy: 7 cells -> +3."""
    enc = _mounted()
    enc.apply(cmd.Move("k", (10, 1)))
    state = enc.state
    assert charge_bonus(state, enc.ruleset.settings, state.combatant("k"), state.combatant("o")) == (3, 7)
    attack = O.find(O.offers(state, enc.ruleset, None, "o"), "attack").command("1d6 slashing")
    assert attack.weapon.damage[0].expression == "1d6+3"
    shown = O.preview(state, enc.ruleset, attack)
    assert shown.allowed and any("mounted charge: +3 damage" in note and "EQ-MNT-1" in note for note in shown.notes)
    ranged = O.find(O.offers(state, enc.ruleset, None, "o"), "attack").command("1d6 piercing ranged")
    assert ranged.weapon.damage[0].expression == "1d6"


def test_eq_mnt_1_riding_check_penalties_reins_frightened_passenger():
    """EQ-MNT-1, EQ-MNT-8: -3 no hand on the reins, -6 frightened untrained, -1 passenger."""
    enc = _mounted()
    enc.apply(cmd.NextTurn())  # the squire's turn
    enc.apply(mc.MountBehind("s", "h"))
    state = enc.state
    base, mods, label = riding_modifiers(state, enc.ruleset.settings, state.combatant("k"), no_reins=True, frightened=True)
    assert (base, label) == (4, "RIDING")
    assert sorted(m.value for m in mods) == [-6, -3, -1]
    base, mods, label = riding_modifiers(state, enc.ruleset.settings, state.combatant("s"))
    assert base == 1 and label == "STR" and mods == ()  # EQ-MNT-8: the lower of the rider's Riding (4) and its STR (1)


def test_eq_mnt_1_a_hurt_mount_makes_a_riding_check_due_at_once_offered_with_odds():
    """EQ-MNT-1: damage to the mount -> a Riding check at once, offered with its odds."""
    enc = _mounted()
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.Damage("h", 3))
    assert enc.state.combatant("k").riding_due == "control"
    offer = O.find(O.offers(enc.state, enc.ruleset), "ride.check.control.due")
    assert offer is not None and "65%" in offer.label  # 1d20+4 vs 12: 13..20 with 20 and 1 -> 13/20
    shown = O.preview(enc.state, enc.ruleset, offer.command("noreins"))
    assert shown.expression == "1d20+1" and shown.difficulty == 12


def _roll_until(tier_wanted, build, apply_to=_mounted):
    for seed in range(200):
        enc = apply_to(seed)
        events = build(enc)
        checks = [e for e in events if type(e).__name__ == "CheckRolled"]
        if checks and tier_wanted(checks[0].result.tier):
            return enc, events
    raise AssertionError("no seed gave that tier")


def test_eq_mnt_6_failed_control_roll_means_lost_control_and_the_mount_will_not_go():
    """EQ-MNT-6: a failed control roll -> lost control; moving is refused until regained."""
    enc, events = _roll_until(lambda t: not t.succeeded, lambda e: e.apply(mc.RidingCheck("k", "control")))
    knight = enc.state.combatant("k")
    assert knight.control_lost and knight.riding_due == ""
    with pytest.raises(IllegalCommand, match="EQ-MNT-6|lost control"):
        enc.apply(cmd.Move("k", (6, 1)))


def _lost(seed: int) -> Encounter:
    enc = _mounted(seed)
    enc.state = enc.state.replace_combatant(__import__("dataclasses").replace(enc.state.combatant("k"), control_lost=True, budget=__import__("dataclasses").replace(enc.state.combatant("k").budget, movement=6)))
    return enc


def test_eq_mnt_6_regaining_control_crit_refunds_the_maneuver_success_spends_it():
    """EQ-MNT-6: critical success calms it and refunds the maneuver; success calms it, no refund."""
    from core.dice.checks import Tier

    enc, _ = _roll_until(lambda t: t is Tier.CRITICAL_SUCCESS, lambda e: e.apply(mc.RegainControl("k")), _lost)
    knight = enc.state.combatant("k")
    assert not knight.control_lost and knight.budget.movement == 6
    enc, _ = _roll_until(lambda t: t is Tier.SUCCESS, lambda e: e.apply(mc.RegainControl("k")), _lost)
    knight = enc.state.combatant("k")
    assert not knight.control_lost and knight.budget.movement == 0


def test_eq_mnt_6_total_loss_throws_the_rider_a_fall_from_5_m_and_eq_mnt_7_call_back():
    """EQ-MNT-6: failure = thrown, damage as a fall from 5 m (2d6 by EQ-MOV-8);
    EQ-MNT-7: the bolted animal is called back by an animal skill check,
    a failure says retry in 5 minutes."""
    enc, events = _roll_until(lambda t: not t.succeeded, lambda e: e.apply(mc.RegainControl("k")), _lost)
    knight, horse = enc.state.combatant("k"), enc.state.combatant("h")
    assert knight.mounted_on is None and horse.bolted
    fell = next(e for e in events if type(e).__name__ == "Fell")
    assert fell.height == 5 and fell.dice.expression == "2d6"
    assert min(max(abs(knight.position[0] - x), abs(knight.position[1] - y)) for x, y in horse.cells) == 1
    words = [e.outcome for e in enc.apply(mc.CallBack("k", "h")) if type(e).__name__ == "Maneuvered"]
    assert words == ["it comes back"] or "5 minutes" in words[0]


def test_eq_mnt_5_knocked_down_rider_fails_the_check_and_lands_within_1_cell():
    """EQ-MNT-5: knocked down -> a Riding check; failure falls off within 1 m (1 cell) of the mount."""
    def knock(enc):
        enc.apply(cmd.AddCondition("k", __import__("core.values.conditions", fromlist=["Condition"]).Condition("prone")))
        assert enc.state.combatant("k").riding_due == "seat"
        return enc.apply(mc.RidingCheck("k", "seat"))

    enc, events = _roll_until(lambda t: not t.succeeded, knock)
    knight, horse = enc.state.combatant("k"), enc.state.combatant("h")
    assert knight.mounted_on is None
    assert min(max(abs(knight.position[0] - x), abs(knight.position[1] - y)) for x, y in horse.cells) == 1


def test_eq_mnt_4_mounted_dodge_is_half_riding_plus_5_with_the_mounts_reaction():
    """EQ-MNT-4: 1d20 + floor(Riding/2) + 5 (Riding 5 -> +7), the mount's reaction."""
    for seed in range(50):
        enc = _mounted(seed, riding=5)
        enc.apply(cmd.Move("k", (10, 1)))
        enc.apply(cmd.NextTurn())
        enc.apply(cmd.NextTurn())  # the orc's turn
        attack = O.find(O.offers(enc.state, enc.ruleset, None, "k"), "attack.dodge").command("1d6")
        dodge = [e for e in enc.apply(attack) if type(e).__name__ == "CheckRolled"]
        if dodge:  # the hit landed: the dodge was rolled
            break
    assert dodge[0].result.roll.expression == "1d20+7" and dodge[0].stat.startswith("RIDING")
    assert enc.state.combatant("h").budget.left("reaction") == 0
    assert enc.state.combatant("k").budget.left("reaction") == 1


def test_eq_mnt_8_one_passenger_not_larger_than_the_rider():
    """EQ-MNT-8: one passenger of rider size or smaller behind the rider."""
    enc = _mounted()
    enc.apply(cmd.NextTurn())
    enc.apply(mc.MountBehind("s", "h"))
    squire = enc.state.combatant("s")
    assert squire.mounted_on == "h" and squire.passenger
    with pytest.raises(IllegalCommand, match="rides behind"):
        enc.apply(cmd.Move("s", (5, 5)))
    with pytest.raises(IllegalCommand, match="one only"):
        enc.apply(mc.MountBehind("o", "h"))


def test_eq_fall_1_large_object_deals_fall_damage_unaware_cannot_avoid_aware_may_dodge():
    """EQ-FALL-1: a large object falling 6 deals a fall's 3d6 (EQ-MOV-8);
    an unaware target cannot dodge; a dropped item needs the Dropping skill."""
    enc = _fight()
    events = enc.apply(mc.DropObject("o", 6, large=True))
    assert any(getattr(e, "source", "").startswith("falling object") for e in events)
    assert next(e for e in events if type(e).__name__ == "DamageTaken").rolls[0].expression == "3d6"
    with pytest.raises(IllegalCommand, match="unaware"):
        enc.apply(mc.DropObject("o", 6, large=True, defence="dodge"))
    with pytest.raises(IllegalCommand, match="Dropping"):
        enc.apply(mc.DropObject("o", 6, large=False))
    events = enc.apply(mc.DropObject("o", 4, large=False, dropper="k"))
    assert type(events[0]).__name__ == "CheckRolled" and events[0].stat == "DROPPING"
    command = O.find(O.offers(enc.state, enc.ruleset, None, "o"), "drop").command("item 4 aware dodge")
    assert command == mc.DropObject("o", 4, False, "k", True, "dodge")


def test_mounted_commands_are_saved_and_undone_by_the_codec():
    """EQ-MNT-1: a riding check survives the campaign's codec (saved)."""
    from saves.codec import from_document, to_document

    for command in (mc.RidingCheck("k", "control", True), mc.RegainControl("k"), mc.RefuseOrder("k"), mc.CallBack("k", "h"), mc.MountBehind("s", "h"), mc.DropObject("o", 6)):
        assert from_document(to_document(command), cmd.Command) == command


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 19), st.integers(0, 7))
def test_eq_mnt_9_riders_stay_on_their_seat_wherever_the_mount_goes(x, y):
    """EQ-MNT-9 invariant: after any legal move of the mount the rider is on its seat cell."""
    enc = _mounted()
    try:
        enc.apply(cmd.Move("h", (min(x, 17), y)))
    except IllegalCommand:
        return
    horse, knight = enc.state.combatant("h"), enc.state.combatant("k")
    assert knight.position == (horse.position[0] + 1, horse.position[1])


def test_eq_mnt_1_the_rider_may_take_the_mounts_initiative_for_the_shared_turn():
    """EQ-MNT-1: one shared turn; the rider picks either's РЕФ (here the initiative) for the order."""
    enc = _mounted()
    enc.state = enc.state.replace_combatant(__import__("dataclasses").replace(enc.state.combatant("h"), initiative=18))
    offer = O.find(O.offers(enc.state, enc.ruleset), "ride.initiative")
    assert offer is not None and "18" in offer.label
    enc.apply(offer.command())
    assert enc.state.combatant("k").initiative == 18


def test_eq_mnt_8_a_passengers_turn_is_its_own_not_the_mounts():
    """EQ-MNT-8: the passenger keeps its own turn; the mount's budget stays the rider's."""
    enc = _mounted()
    enc.apply(cmd.Move("k", (6, 1)))
    enc.apply(cmd.NextTurn())  # the squire
    enc.apply(cmd.Move("s", (4, 2)))
    enc.apply(mc.MountBehind("s", "h"))
    assert enc.state.combatant("h").budget.movement == 5
    enc.apply(cmd.NextTurn())  # the orc
    enc.apply(cmd.NextTurn())  # round 2: the knight, with the horse's fresh ДВИЖ
    enc.apply(cmd.Move("k", (8, 1)))
    assert enc.state.combatant("h").budget.movement == 6
    enc.apply(cmd.NextTurn())  # the squire's own turn: the horse's budget is not refreshed
    assert enc.state.current == "s" and enc.state.combatant("h").budget.movement == 6
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.SpendAction("h", "full"))  # not the horse's turn: the squire only rides behind


def test_eq_mnt_1_a_riding_check_is_one_undo_step_of_the_campaign(tmp_path):
    """EQ-MNT-1: logged with its dice and rule, saved, and undone in one step."""
    from saves.campaign import Campaign
    from saves.session import Session

    enc = _mounted()
    enc.apply(cmd.Damage("h", 2))
    Campaign.create(tmp_path / "c.json", "Ride", enc.ruleset, enc.state, ()).close()
    session = Session(Campaign.open(tmp_path / "c.json"), random.Random(1))
    before = session.encounter.state.combatant("k")
    entries = session.commit(mc.RidingCheck("k", "control"))
    assert any(type(e.event).__name__ == "Maneuvered" and e.event.rule in ("EQ-MNT-1", "EQ-MNT-6") and e.event.check for e in entries)
    assert session.encounter.state.combatant("k").riding_due == ""
    session.undo()
    assert session.encounter.state.combatant("k") == before
    session.campaign.close()


def test_eq_mnt_6_thrown_falls_5_m_adjusted_for_a_taller_or_shorter_mount():
    """EQ-MNT-6: as from 5 m, changed for a mount taller or shorter than average
    (DEFAULT: a huge mount, 4 tall, is average: 5; 6 tall -> 7; a large one, 3 tall -> 4)."""
    s = get("equestria").settings
    horse = Combatant("h", "Horse", Side.PARTY, {}, 1, 1, size=Size.HUGE)
    assert thrown_height(s, horse) == 5
    assert thrown_height(s, Combatant("e", "Elephant", Side.PARTY, {"HEIGHT": 6}, 1, 1, size=Size.HUGE)) == 7
    assert thrown_height(s, Combatant("p", "Pony", Side.PARTY, {}, 1, 1, size=Size.LARGE)) == 4


def test_eq_mnt_6_a_refused_order_means_lost_control_without_a_roll():
    """EQ-MNT-6: a refused order (an intelligent mount may refuse, EQ-MNT-3) = lost control."""
    enc = _mounted()
    events = enc.apply(O.find(O.offers(enc.state, enc.ruleset), "ride.refuse").command())
    assert enc.state.combatant("k").control_lost and not any(type(e).__name__ == "CheckRolled" for e in events)
    assert O.find(O.offers(enc.state, enc.ruleset), "ride.regain") is not None
    with pytest.raises(IllegalCommand, match="EQ-MNT-6"):
        enc.apply(mc.RefuseOrder("k"))
