"""One registry of command families: each generic family declares
``HANDLERS``, a ruleset adds its own ``command_modules``, and a command of a
family the ruleset lacks is refused."""

from __future__ import annotations

import importlib
import random

import pytest

from core.board.grid import Grid
from core.combat import registry
from core.combat.encounter import Encounter, handlers, ruleset_handlers
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.rulesets import get, known_ids, ruleset_class
from saves.codec import from_document, to_document


def test_every_generic_family_declares_its_handlers():
    for path in registry.FAMILIES:
        assert isinstance(importlib.import_module(path).HANDLERS, dict), path


def test_the_encounter_handles_the_generic_families_and_its_rulesets_own():
    srd = ruleset_handlers(ruleset_class("srd35"))
    names = {c.__name__ for c in srd}
    assert {"Move", "Attack", "FiveFootStep"} <= names
    assert "FiveFootStep" not in {c.__name__ for c in handlers()}


def test_a_command_of_another_rulesets_family_is_refused_naming_the_ruleset():
    from core.rulesets.srd35.commands import FiveFootStep

    enc = Encounter(EncounterState("t", Grid.filled(5, 5)), get("equestria"), random.Random(1))
    with pytest.raises(IllegalCommand, match="equestria has no five foot step"):
        enc.apply(FiveFootStep("c1", (1, 1)))


def test_every_rulesets_command_tag_decodes():
    for rid in known_ids():
        for path in ruleset_class(rid).command_modules:
            for command in importlib.import_module(path).__dict__.get("HANDLERS", {}):
                assert command.__name__  # the class is tagged by name
    from core.rulesets.equestria.table_calls import SayPhrase

    phrase = SayPhrase("c1", "hello")
    assert from_document(to_document(phrase), type(phrase).__mro__[1]) == phrase
