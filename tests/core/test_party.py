"""The party between encounters and the bestiary's templates (core/campaign/party.py).
No rule ID: the seeds say nothing of campaigns; these are the app's DEFAULTs."""

from __future__ import annotations

from core.campaign.party import bestiary_template, between_encounters, party_after, party_for_new_encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.values.combatant import ActionBudget, Combatant, Side
from core.values.conditions import Condition


def _c(cid: str, name: str, side: Side = Side.PARTY, **kw) -> Combatant:
    return Combatant(cid, name, side, {"DEX": 2}, kw.pop("hp", 7), kw.pop("hp_max", 14), **kw)


def test_a_member_keeps_hp_and_place_and_loses_initiative_budget_and_mount():
    rider = _c("a", "Ayla", position=(2, 3), initiative=15, budget=ActionBudget(movement=1), mounted_on="h")
    carried = between_encounters(rider)
    assert (carried.hp, carried.position) == (7, (2, 3))
    assert carried.initiative is None and carried.budget == ActionBudget() and carried.mounted_on is None


def test_a_new_encounter_starts_with_the_party_side_only_in_order():
    fighters = (_c("a", "Ayla", position=(1, 1)), _c("b", "Boar", Side.FOE), _c("c", "Brom", position=(2, 1)))
    assert [c.id for c in party_for_new_encounter(fighters)] == ["a", "c"]
    assert party_for_new_encounter(fighters)[0].position == (1, 1)


def test_a_finished_encounter_hands_back_its_party_off_the_map():
    state = EncounterState("Ford", Grid.filled(5, 5), (_c("a", "Ayla", position=(1, 1)), _c("d", "Dog", Side.NEUTRAL), _c("b", "Boar", Side.FOE)))
    back = party_after(state, {"d": True})
    assert [c.id for c in back] == ["a", "d"] and all(c.position is None for c in back)


def test_a_template_is_the_creature_unnumbered_at_full_health():
    boar = _c("boar-2", "Boar 2", Side.FOE, position=(3, 3), initiative=9, hp_temp=2, dead=True, conditions=(Condition("prone"),))
    template = bestiary_template(boar)
    assert template.name == "Boar" and template.hp == 14 and template.hp_temp == 0 and not template.dead
    assert template.position is None and template.initiative is None and template.conditions == ()
    assert bestiary_template(_c("x", "12")).name == "12"  # a name that is only a number stays
