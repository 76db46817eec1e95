"""House rule probes of the players' rules: ``PROBES = {"<ruleset>.<field>": (changed_text, probe)}``;
``probe(ruleset)`` plays something with that ruleset's settings and returns what a GM would see
(the walker asserts ``probe(default) != probe(changed)``)."""

from __future__ import annotations

import random

from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.dice.typed_dice import TypedDice
from core.errors import IllegalCommand
from core.offers.player_requests import parse_request, request_commands
from core.values.combatant import Combatant, Side


def typed_check(ruleset) -> str:
    """A player sends a check with a typed 7: the GM's log of its roll, or the refusal it meets."""
    stat = ruleset.sheet_names[0] if ruleset.sheet_names else "DEX"
    hero = Combatant("a", "Ayla", Side.PARTY, {stat: 0}, 10, 10, position=(1, 1))
    enc = Encounter(EncounterState("t", Grid.filled(4, 4), (hero,)), ruleset, TypedDice((7,), random.Random(1)))
    try:
        commands, _ = request_commands(enc.state, ruleset, parse_request({"as": "a", "act": "check", "stat": stat, "dice": [7]}))
    except IllegalCommand as refusal:
        return f"refused: {refusal}"
    return f"rolled {[e for c in commands for e in enc.apply(c)][0].result.roll.dice}"


PROBES = {f"{rid}.physical_dice": ("true", typed_check) for rid in ("equestria", "srd35", "tactical_d10", "power_roll")}
