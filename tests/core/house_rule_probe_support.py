"""Small plays shared by the house-rule probes (``house_rule_probes_*.py``).

Each returns what a GM would see: the events of a command (their fields as
the log shows them), a path's cost or the refusal's message, a number of
an offer. Nothing here asserts; the walk in ``test_house_rules_walk.py``
compares a probe's result under the DEFAULT and under the house rule.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from core.board.grid import Grid, from_text
from core.board.movement.api import find_path
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.attacks import Weapon, WeaponDamage
from core.combat.damage import DamageType
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import EncounterError
from core.rulesets.base import Ruleset
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition

RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")


def creature(ruleset: Ruleset, cid: str, cell: tuple[int, int] | None, side: Side = Side.PARTY,
             stats: Mapping[str, int] | None = None, conditions: Iterable[str | tuple[str, int]] = (), **kw: Any) -> Combatant:
    """A creature with every stat of ``ruleset`` at 1 (``stats`` override), HP 20/20, at ``cell``, its turn's
    actions fresh (a reaction ready off its turn)."""
    values = dict.fromkeys(ruleset.stat_names, 1)
    values.update(stats or {})
    conds = tuple(Condition(c, 1) if isinstance(c, str) else c if isinstance(c, Condition) else Condition(*c) for c in conditions)
    made = Combatant(cid, cid.upper(), side, values, kw.pop("hp", 20), kw.pop("hp_max", 20), position=cell,
                     conditions=conds, **kw)
    return made if "budget" in kw else replace(made, budget=ruleset.fresh_budget(made))


def encounter(ruleset: Ruleset, *combatants: Combatant, grid: Grid | None = None, seed: int = 5,
              start: bool = True) -> Encounter:
    """An encounter of ``combatants`` on ``grid`` (10x8 ground), started with the first one's turn."""
    enc = Encounter(EncounterState("probe", grid or Grid.filled(10, 8), tuple(combatants)), ruleset, random.Random(seed))
    if start:
        enc.apply(cmd.StartCombat(starter=combatants[0].id))
    return enc


def duel(ruleset: Ruleset, a: Mapping[str, Any] | None = None, b: Mapping[str, Any] | None = None,
         grid: Grid | None = None, seed: int = 5) -> Encounter:
    """``a`` (party, at 2,2) and ``b`` (foe, at 3,2) next to each other, ``a``'s turn."""
    a_kw = {"cell": (2, 2), **(a or {})}
    b_kw = {"cell": (3, 2), "side": Side.FOE, **(b or {})}
    return encounter(ruleset, creature(ruleset, "a", **a_kw), creature(ruleset, "b", **b_kw), grid=grid, seed=seed)


def outcome(enc: Encounter, command: cmd.Command) -> object:
    """The events ``command`` gives (as a tuple), or the refusal's message: what the log shows."""
    try:
        return tuple(enc.apply(command))
    except EncounterError as refusal:
        return f"refused: {refusal}"


def attack(ruleset: Ruleset, a: Mapping[str, Any] | None = None, b: Mapping[str, Any] | None = None,
           seed: int = 5, grid: Grid | None = None, **attack_kw: Any) -> object:
    """``a`` attacks ``b`` (adjacent unless placed): the attack's events or the refusal."""
    enc = duel(ruleset, a, b, grid, seed)
    return outcome(enc, cmd.Attack("a", "b", **{"spend_action": False, **attack_kw}))


def weapon(expression: str = "2d6", kind: DamageType = DamageType.SLASHING, **kw: Any) -> Weapon:
    return Weapon("blade", (WeaponDamage(expression, kind),), **kw)


def rolled(events: object) -> object:
    """The attack roll of ``events``: (total, modifiers, defence, advantage reasons, hit) or the refusal."""
    if isinstance(events, str):
        return events
    roll = next(e for e in events if isinstance(e, ev.AttackRolled))  # type: ignore[union-attr]
    return (roll.result.total, tuple((m.value, m.reason) for m in roll.result.modifiers), roll.defence,
            roll.advantage_reasons, roll.disadvantage_reasons, roll.result.tier, roll.hit)


def damage(events: object) -> object:
    """The damage outcomes of ``events`` (or the refusal)."""
    if isinstance(events, str):
        return events
    return tuple((e.outcome, e.hp) for e in events if isinstance(e, ev.DamageTaken))  # type: ignore[union-attr]


def of_kind(events: object, kind: type) -> object:
    """The events of ``kind`` (or the refusal)."""
    if isinstance(events, str):
        return events
    return tuple(e for e in events if isinstance(e, kind))  # type: ignore[union-attr]


def path_cost(ruleset: Ruleset, rows: str, goal: tuple[int, int], start: tuple[int, int] = (0, 0),
              others: Iterable[Combatant] = (), move: Any = None, **mover_kw: Any) -> object:
    """The cost of the cheapest path from ``start`` to ``goal`` on the ASCII map ``rows``, or the refusal's message."""
    grid = from_text(rows).grid
    mover = creature(ruleset, "m", start, **mover_kw)
    try:
        return find_path(grid, ruleset, mover, (mover, *others), goal, move=move).cost
    except EncounterError as refusal:
        return f"refused: {refusal}"


def moved(ruleset: Ruleset, goal: tuple[int, int], rows: str | None = None, start: tuple[int, int] = (2, 2),
          others: Iterable[Combatant] = (), **mover_kw: Any) -> object:
    """``m`` moves to ``goal`` in play (``Encounter.apply``): the Moved event's cost and what is left, or the refusal."""
    grid = from_text(rows).grid if rows else None
    enc = encounter(ruleset, creature(ruleset, "m", start, **mover_kw), *others, grid=grid)
    events = outcome(enc, cmd.Move("m", goal))
    if isinstance(events, str):
        return events
    return tuple((e.cost, e.path) for e in events if isinstance(e, ev.Moved)), enc.state.combatant("m").budget


def every(rids: Iterable[str], name: str, text: str, probe: Any) -> dict[str, tuple[str, Any]]:
    """The same probe of setting ``name`` for each ruleset of ``rids``."""
    return {f"{rid}.{name}": (text, probe) for rid in rids}


def played_with(probe: Any, **needed: Any) -> Any:
    """``probe`` played with the house rules ``needed`` too (where the ruleset's DEFAULT leaves the probed rule off:
    blunt trauma's damage needs blunt trauma on); a setting already changed by the walk is kept."""
    def with_needed(ruleset: Ruleset) -> object:
        rules = {**needed, **ruleset.house_rules()}
        return probe(ruleset.with_house_rules(rules))

    return with_needed
