"""Shared setup of the reach tests: an encounter of one ruleset
on an open map, commands applied through the public API."""

from __future__ import annotations

import random

from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.rulesets import get


def creature(cid: str, stats: dict, position=(2, 2), side: Side = Side.PARTY, hp: int = 60, **extra) -> Combatant:
    return Combatant(cid, cid.upper(), side, stats, hp, hp, position=position, **extra)


def encounter(ruleset_id: str, *combatants: Combatant, seed: int = 1, grid: Grid | None = None, house: dict | None = None, fight: bool = False) -> Encounter:
    grid = grid or Grid.filled(12, 12)
    enc = Encounter(EncounterState("t", grid, combatants), get(ruleset_id, house), random.Random(seed))
    if fight:
        from core.combat import commands as cmd

        enc.apply(cmd.StartCombat(starter=combatants[0].id))
    return enc


def of(events, kind):
    """The events of type ``kind``."""
    return [e for e in events if isinstance(e, kind)]


def damage_to(events, cid: str) -> int:
    """HP lost by ``cid`` in ``events``."""
    return -sum(e.delta for e in events if isinstance(e, ev.HitPointsChanged) and e.combatant == cid)
