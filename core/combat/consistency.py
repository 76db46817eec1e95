"""What no play can produce: the checks a state read from a file must pass.

A campaign file edited by hand (or damaged) can hold a combatant off the
map or with hit points outside ``0..hp_max``; the rules never make one, and
the map and the damage code rely on it. :func:`state_problems` names each
such fault so that the loader refuses the file instead of crashing later.
"""

from __future__ import annotations

from core.combat.state import EncounterState


def state_problems(state: EncounterState) -> list[str]:
    """The faults of ``state`` no rule produces, in words; empty when it is
    sound: combatant ids repeated, hit points outside ``0..hp_max`` or
    ``hp_max`` below 1, negative temporary hit points, a token's cells off
    the ``width`` x ``height`` map, a current turn of nobody, a negative round."""
    problems: list[str] = []
    seen: set[str] = set()
    grid = state.grid
    for c in state.combatants:
        name = f"{c.name!r}"
        if c.id in seen:
            problems.append(f"two combatants share the id {c.id!r}")
        seen.add(c.id)
        if c.hp_max < 1:
            problems.append(f"{name} has maximum hit points {c.hp_max} (at least 1)")
        elif not 0 <= c.hp <= c.hp_max:
            problems.append(f"{name} has hit points {c.hp} outside 0..{c.hp_max}")
        if c.hp_temp < 0:
            problems.append(f"{name} has temporary hit points {c.hp_temp} (at least 0)")
        off = [cell for cell in c.cells if not grid.contains(cell)]
        if off:
            problems.append(f"{name} stands at {off[0]}, off the {grid.width}x{grid.height} map")
    if state.current is not None and state.current not in seen:
        problems.append(f"the current turn is of {state.current!r}, who is not in the encounter")
    if state.round < 0:
        problems.append(f"the round is {state.round}")
    return problems
