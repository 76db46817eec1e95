"""Moving while prone (RULES.md Revision 3): a prone creature crawls in every
ruleset (TAC-MOV-2 +2 per cell, PR-MOV-3 +1, srd35 5 ft as a move action,
equestria DEFAULT +1 as PR-MOV-3), and srd35 stands up as a move action."""

from __future__ import annotations

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.errors import IllegalCommand
from core.offers.base import find, offers
from core.rulesets.srd35 import commands as sc
from core.values.conditions import Condition
from tests.core.reach_helpers import creature, encounter, of

PRONE = (Condition("prone"),)


@pytest.mark.parametrize(("ruleset", "stats", "cells", "spent"), [
    ("tactical_d10", {}, 1, 3),  # TAC-MOV-2: a step 1 MP + crawl 2 = 3 MP
    ("power_roll", {"SPEED": 5}, 2, 4),  # PR-MOV-3: +1 per cell, a cell costs 2
    ("equestria", {}, 3, 6),  # DEFAULT as PR-MOV-3: 2 a cell of 6
    ("srd35", {"SPEED": 30}, 1, 6),  # Revision 3: 5 ft as a move action, the whole move of 6 squares
])
def test_a_prone_creature_crawls_at_its_rulesets_cost(ruleset, stats, cells, spent):
    enc = encounter(ruleset, creature("h", stats, position=(2, 2), conditions=PRONE), fight=True)
    before = enc.state.combatant("h").budget.movement
    enc.apply(cmd.Move("h", (2 + cells, 2)))
    assert before - enc.state.combatant("h").budget.movement == spent


def test_srd35_a_prone_creature_crawls_only_5_ft_and_stands_up_with_its_move_action():
    enc = encounter("srd35", creature("h", {"SPEED": 30}, position=(2, 2), conditions=PRONE), fight=True)
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.Move("h", (4, 2)))
    assert "5 ft" in str(refused.value) and enc.state.combatant("h").position == (2, 2)
    offer = find(offers(enc.state, enc.ruleset, "h"), "stand-up")
    assert offer is not None and offer.allowed
    events = enc.apply(offer.command(None))
    stood = enc.state.combatant("h")
    assert not stood.conditions and stood.budget.left("move") == 0 and stood.budget.movement == 0
    assert of(events, ev.ConditionRemoved)[0].condition == "prone"
    with pytest.raises(IllegalCommand):
        enc.apply(sc.StandUp("h"))  # not prone any more


@pytest.mark.parametrize(("light", "weather", "stats", "torch", "spent"), [
    ("day", "clear", {}, False, 2),
    ("darkness", "clear", {}, False, 4),  # each square costs 2
    ("darkness", "clear", {"DARKVISION": 1}, False, 2),
    ("darkness", "clear", {}, True, 2),  # it carries a torch (EQ-VIS-2)
    ("day", "fog", {}, False, 4),
])
def test_srd35_poor_visibility_hampers_movement_like_difficult_terrain(light, weather, stats, torch, spent):
    """Seed 002 (RULES.md Revision 3, DEFAULT): in darkness or thick fog each
    square costs 2 for a creature that cannot see it: 2 squares cost 4 of 6."""
    import random

    from core.board.grid import Grid
    from core.board.vision import Conditions, LightSource
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.rulesets import get

    sources = (LightSource("torch", carrier="h"),) if torch else ()
    hero = creature("h", {"SPEED": 30, **stats}, position=(2, 2))
    state = EncounterState("t", Grid.filled(12, 12), (hero,), vision=Conditions(light, weather, sources))
    enc = Encounter(state, get("srd35"), random.Random(1))
    enc.apply(cmd.StartCombat(starter="h"))
    enc.apply(cmd.Move("h", (4, 2)))
    assert 6 - enc.state.combatant("h").budget.movement == spent
