"""Documents written before commands carried their dice and before states
recorded turn boundaries still load."""

from __future__ import annotations

import json
import random

from core.combat import commands as cmd
from core.combat.damage import DamagePart, DamageType
from core.combat.demo import demo_encounter
from core.combat.state import EncounterState
from saves.codec import from_document, to_document


def test_old_damage_heal_and_typed_damage_documents_load():
    assert from_document({"$type": "Damage", "target": "b", "amount": 7}, cmd.Command) == cmd.Damage("b", 7)
    assert from_document({"$type": "Heal", "target": "b", "amount": 2}, cmd.Command) == cmd.Heal("b", 2)
    old = {"$type": "DealDamage", "target": "b", "parts": [{"amount": 3, "damage_type": "fire"}], "source": "trap"}
    assert from_document(old, cmd.Command) == cmd.DealDamage("b", (DamagePart(3, DamageType.FIRE),), "trap")


def test_dice_amounts_round_trip_as_text_and_numbers_as_numbers():
    for command in (cmd.Damage("b", "2d6+1"), cmd.Heal("b", 4), cmd.Heal("b", "1d4"), cmd.Damage("b", 3)):
        document = json.loads(json.dumps(to_document(command)))
        assert from_document(document, cmd.Command) == command


def test_an_old_state_document_without_turn_boundaries_loads():
    encounter, _ = demo_encounter(random.Random(3))
    document = json.loads(json.dumps(to_document(encounter.state)))
    document.pop("boundaries")
    loaded = from_document(document, EncounterState)
    assert loaded.boundaries == () and loaded.combatants == encounter.state.combatants
    encounter.apply(cmd.NextTurn())
    assert encounter.state.boundaries
    document = json.loads(json.dumps(to_document(encounter.state)))
    assert from_document(document, EncounterState) == encounter.state


def test_typed_kinds_round_trip_and_old_strings_decode_to_the_enums():
    """Contests, TAC-ACT-2 actions, MP actions and altitude moves are enums
    saved as the same strings as before."""
    from core.values.kinds import AltitudeMove, ContestKind, MpAction, TacticalAction

    old = [
        ({"$type": "Contest", "attacker": "a", "target": "b", "action": "shove", "cells": 2}, ContestKind.SHOVE),
        ({"$type": "TakeAction", "combatant": "a", "action": "dash"}, TacticalAction.DASH),
        ({"$type": "SpendMovement", "combatant": "a", "action": "crouch"}, MpAction.CROUCH),
        ({"$type": "ChangeAltitude", "combatant": "a", "how": "take_off"}, AltitudeMove.TAKE_OFF),
    ]
    for document, member in old:
        command = from_document(document, cmd.Command)
        value = getattr(command, "how", None) or command.action
        assert value is member
        again = json.loads(json.dumps(to_document(command)))
        field = "how" if "how" in document else "action"
        assert again[field] == document[field]  # the same string as before
        assert from_document(again, cmd.Command) == command


def test_an_unknown_kind_in_a_document_is_refused_by_the_codec():
    import pytest

    from saves.codec import CodecError

    with pytest.raises(CodecError):
        from_document({"$type": "Contest", "attacker": "a", "target": "b", "action": "tickle"}, cmd.Command)
