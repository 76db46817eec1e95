"""House-rule probes of the settings that were literals in code (issue 26):
each probe plays something with a ruleset's settings and returns what a GM
would see; the walker (tests/core/house_rule_probes_*.py) asserts
``probe(default) != probe(changed)``.

``PROBES = {"<ruleset>.<field>": (text typed in House rules, probe)}``.
"""

from __future__ import annotations

import random
from typing import Any

from core.board.grid import BOULDER, DEEP_WATER, TREE, WATER, Grid
from core.values.combatant import Combatant, Side
from core.values.mobility import Layer, Size


def tie_reading(ruleset: Any) -> int:
    """EQ-INIT-2: three creatures on a 1-sided die roll 1, 1, 0: the value
    the one that rolled 0 ends with (DEFAULT (a): 0; reading (b): -1)."""
    from core.combat.initiative import roll_initiatives

    s = ruleset.settings
    rolled = roll_initiatives({"a": 0, "b": 0, "c": -1}, random.Random(3), 1, (), s.rolloff_die, s.initiative_tie_reading)
    return next(r.value for r in rolled if r.key == "c")


def boulder_at_the_archer(ruleset: Any) -> str:
    """EQ-COV-1: the cover a target has behind a boulder next to the archer (DEFAULT (b): none)."""
    from core.board.battlefield import readout

    grid = Grid.filled(10, 5).with_terrain((3, 2), BOULDER)
    archer = Combatant("a", "Archer", Side.PARTY, {}, 10, 10, position=(2, 2))
    target = Combatant("t", "Target", Side.FOE, {}, 10, 10, position=(7, 2))
    return readout(grid, archer, target, (archer, target), ruleset.settings).sight.cover.value


def through_a_window(ruleset: Any) -> tuple[bool, str]:
    """(sight, cover) through a window on a cell side (DEFAULT: seen, full cover)."""
    from core.board.edges import Feature, Side as Edge
    from core.board.geometry.sight import SightSettings, cover_between, line_of_sight

    grid = Grid.filled(6, 3).with_edges({((2, 1), Edge.EAST): Feature.WINDOW})
    eyes = SightSettings.of(ruleset.settings)
    return line_of_sight(grid, (0, 1), (4, 1), settings=eyes), cover_between(grid, (0, 1), (4, 1), settings=eyes).value


def fall_into_water(ruleset: Any) -> int:
    """PR-FALL: the damage of a 6-cell fall into a water cell (liquid >= 1 deep lands softer)."""
    from core.board.water import water_depth

    grid = Grid.filled(3, 3).with_terrain((1, 1), WATER)
    return ruleset.fall(6, 0, water_depth(grid, (1, 1), ruleset.settings)).damage


def fall_into_deep_water(ruleset: Any) -> int:
    """PR-FALL-1 where only liquid at least 5 deep softens a fall (a house rule
    ``fall_liquid_min_depth`` 5): the damage of a 6-cell fall into deep water
    (DEFAULT 4 deep: 12, the full fall)."""
    from dataclasses import replace

    from core.board.water import water_depth

    deep = type(ruleset)(replace(ruleset.settings, fall_liquid_min_depth=5))
    grid = Grid.filled(3, 3).with_terrain((1, 1), DEEP_WATER)
    return deep.fall(6, 0, water_depth(grid, (1, 1), deep.settings)).damage


def dive_in_water(ruleset: Any) -> object:
    """EQ-MOV-7: a swimmer at the surface of a water cell dives 3: the altitude
    it reaches, or the refusal (DEFAULT 1 deep: "only 1 deep")."""
    return dive_in_deep_water(ruleset, WATER, 0)


def dive_in_deep_water(ruleset: Any, terrain: Any = DEEP_WATER, altitude: int = -3) -> object:
    """EQ-MOV-7: a swimmer 3 down in deep water dives again: the altitude it
    reaches, or the refusal (DEFAULT depth 4: "only 4 deep")."""
    from core.combat import commands as cmd
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.errors import EncounterError

    grid = Grid.filled(5, 5, terrain)
    layer = Layer.UNDERWATER if altitude else Layer.GROUND
    swimmer = Combatant("s", "Swimmer", Side.PARTY, {}, 10, 10, position=(2, 2), layer=layer, altitude=altitude)
    enc = Encounter(EncounterState("dive", grid, (swimmer,)), ruleset, random.Random(1))
    try:
        enc.apply(cmd.ChangeAltitude("s", "dive"))
    except EncounterError as refusal:
        return str(refusal)
    return enc.state.combatant("s").altitude


def seat_of_a_large_mount(ruleset: Any) -> tuple[int, int]:
    """EQ-MNT-9: the rider's cell within a 2x2 mount (DEFAULT rearward: (1, 1))."""
    from core.combat.mounted.seats import seat_offset

    horse = Combatant("h", "Horse", Side.PARTY, {}, 10, 10, size=Size.LARGE)
    return seat_offset(horse, rounding=ruleset.settings.seat_rounding)


def walk_through_a_tree(ruleset: Any) -> object:
    """TAC-MAP-1: the MP of a walk of 2 cells straight through a tree, or the refusal (DEFAULT: it blocks)."""
    from core.board.movement import find_path
    from core.errors import EncounterError

    grid = Grid.filled(3, 1).with_terrain((1, 0), TREE)
    mover = Combatant("m", "Mover", Side.PARTY, {}, 10, 10, position=(0, 0))
    try:
        return find_path(grid, ruleset, mover, (mover,), (2, 0)).cost
    except EncounterError as refusal:
        return str(refusal)


def _ruleset(rid: str) -> Any:
    from core.rulesets import get

    return get(rid)


_ALL = ("equestria", "srd35", "tactical_d10", "power_roll")
PROBES = {
    **{f"{r}.initiative_tie_reading": ("after_winner", tie_reading) for r in _ALL},
    **{f"{r}.cover_next_to_attacker": ("true", boulder_at_the_archer) for r in _ALL},
    **{f"{r}.window_blocks_sight": ("true", through_a_window) for r in _ALL},
    **{f"{r}.window_cover": ("half", through_a_window) for r in _ALL},
    "power_roll.water_depth": ("0", fall_into_water),
    "power_roll.deep_water_depth": ("6", fall_into_deep_water),
    "equestria.water_depth": ("3", dive_in_water),
    "equestria.deep_water_depth": ("6", dive_in_deep_water),
    **{f"{r}.seat_rounding": ("forward", seat_of_a_large_mount) for r in _ALL},
    "tactical_d10.obstacle_crossing": ("tree 3", walk_through_a_tree),
}
