"""The built-in demo: the battle map of seed 003 with its two characters and
the boar, ``equestria`` stats, initiative rolled, round 1."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from importlib import resources

from core.values.attacks import SavedAttack
from core.values.combatant import Combatant, Side
from core.values.mobility import Size
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import TextMap, from_text
from core.rulesets import get
from core.combat.turn_commands import StartCombat

DEMO_NAME = "Demo"

# Token glyph on the seed map -> (name, side, stats, max HP, saved attacks).
# Plausible equestria blocks: signed modifiers (rule EQ-STAT-1); the attacks
# name no stat, so each ruleset rolls them with its own attack stat (EQ-ACT-4).
_DEMO_CREATURES: dict[str, tuple[str, Side, dict[str, int], int, tuple[SavedAttack, ...]]] = {
    "\U0001f605": ("Character 1", Side.PARTY, {"STR": 1, "DEX": 2, "BODY": 1, "INT": 0, "CHA": 1}, 14,
                   (SavedAttack("Shortsword", "1d6 slashing"), SavedAttack("Shortbow", "1d6 piercing range 16"))),
    "\U0001f600": ("Character 2", Side.PARTY, {"STR": 0, "DEX": 1, "BODY": 0, "INT": 2, "CHA": 2}, 11,
                   (SavedAttack("Staff", "1d6 bludgeoning"), SavedAttack("Sling", "1d4 bludgeoning range 10"))),
    "\U0001f417": ("Boar", Side.FOE, {"STR": 3, "DEX": 0, "BODY": 2, "INT": -3, "CHA": -2}, 16,
                   (SavedAttack("Tusks", "1d8 piercing"),)),
}


def seed_map_text() -> str:
    """The seed 003 battle map (22 x 17 cells) in the emoji legend."""
    return resources.files("core.board.maps").joinpath("seed003_battle.txt").read_text(encoding="utf-8")


def demo_roster(stat_names: tuple[str, ...]) -> dict[str, tuple[str, Side, dict[str, int], int, tuple[SavedAttack, ...]]]:
    """The demo's creatures (two characters and a boar) for a ruleset with
    ``stat_names``: names, sides, HP and saved attacks as in the demo, and
    the stats the ruleset shares with equestria's (the rest 0 until the GM sets them)."""
    return {glyph: (name, side, {k: v for k, v in stats.items() if k in stat_names}, hp, attacks)
            for glyph, (name, side, stats, hp, attacks) in _DEMO_CREATURES.items()}


def state_from_map(name: str, text_map: TextMap, known: dict | None = None) -> EncounterState:
    """An encounter (round 0) with one combatant per token of ``text_map``.

    Tokens listed in ``known`` (glyph -> (name, side, stats, hp[, attacks]) or a
    :class:`core.dice.roster.RosterEntry`) get those; others become foes named
    after their glyph with 10 HP and zero stats. A name given to several
    tokens is numbered in map order (``Goblin 1``, ``Goblin 2``).
    """
    from core.dice.roster import RosterEntry

    known = known or {}
    state = EncounterState(name=name, grid=text_map.grid)
    combatants = []
    for number, token in enumerate(text_map.tokens, start=1):
        entry = known.get(token.glyph)
        ac, hp_dice, size = 0, "", Size.MEDIUM
        attacks: tuple[SavedAttack, ...] = ()
        if isinstance(entry, RosterEntry):
            label, side, stats, hp, ac, hp_dice, size, attacks = entry.name, entry.side, entry.stats, entry.hp, entry.ac, entry.hp_dice, entry.size, entry.attacks
        elif entry is not None:
            label, side, stats, hp = entry[:4]
            attacks = entry[4] if len(entry) > 4 else ()
        else:
            plain = token.glyph.isascii() and token.glyph.isalnum()
            label, side, stats, hp = (f"Creature {token.glyph}" if plain else f"Creature {number}"), Side.FOE, {}, 10
        combatants.append(
            Combatant(
                id=f"c{number}",
                name=label,
                side=side,
                stats=dict(stats),
                hp=hp,
                hp_max=hp,
                position=token.cell,
                glyph=token.glyph,
                ac=ac,
                hp_dice=hp_dice,
                size=size,
                attacks=tuple(attacks),
            )
        )
    labels = Counter(c.name for c in combatants)
    count: Counter[str] = Counter()
    for i, c in enumerate(combatants):  # two tokens of one roster line, or two lines of one name: Goblin 1, Goblin 2
        if labels[c.name] > 1:
            count[c.name] += 1
            combatants[i] = replace(c, name=f"{c.name} {count[c.name]}")
    return EncounterState(name=state.name, grid=state.grid, combatants=tuple(combatants))


def demo_encounter(rng: random.Random) -> tuple[Encounter, tuple]:
    """The demo fight, ready to play: returns the encounter and the events
    of rolling initiative (for the log)."""
    state = state_from_map(DEMO_NAME, from_text(seed_map_text()), _DEMO_CREATURES)
    encounter = Encounter(state, get("equestria"), rng)
    events = encounter.apply(StartCombat())
    return encounter, events
