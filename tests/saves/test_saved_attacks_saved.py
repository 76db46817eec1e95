"""Saved attacks survive the file: the encounter, the bestiary and the
party keep them (the codec is generic), and a weapon with reach and range
in an attack event reads back."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.dice.notation import parse_attack
from core.values.attacks import SavedAttack
from saves.campaign import Campaign
from saves.codec import from_document, to_document
from saves.session import Session, create_demo


def test_the_bestiary_the_party_and_the_encounter_keep_saved_attacks(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    attacks = (SavedAttack("Tusks", "1d8 piercing"), SavedAttack("Charge", "2d6 piercing +1 reach 2", "Charge"))
    session.commit(cmd.EditCombatant(boar.id, cmd.SheetChanges(attacks=attacks)))
    changed = session.encounter.state.combatant(boar.id)
    session.campaign.put_template(changed)
    session.campaign.put_party_member(changed)
    session.close()
    reopened = Campaign.open(path)
    assert reopened.load_state().combatant(boar.id).attacks == changed.attacks == attacks
    assert reopened.bestiary()["Boar"].attacks == attacks
    assert reopened.party()[boar.id].attacks == attacks
    reopened.close()


def test_a_weapon_with_reach_range_and_a_stat_reads_back_from_its_document():
    weapon = parse_attack("1d8 slashing DEX +1 reach 2 long metal", ("STR", "DEX")).weapon
    bow = parse_attack("1d6 piercing range 16").weapon
    for value in (weapon, bow, cmd.Attack("a", "b", bow, uses="Arrows")):
        assert from_document(to_document(value), type(value)) == value
