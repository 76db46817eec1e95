"""The odds map: the exact chance to hit a target from every cell a creature
can reach, with cover, flanking, range, height and the target's
slowing terrain counted by the same code as the attack preview.

:func:`odds_map` places the attacker in each cell in turn (a query: the
encounter never changes) and plans the attack from there
(:func:`core.combat.attacks.plan_attack` over :func:`core.board.battlefield.attack_situation`);
the figure per cell is the probability of the ruleset's ``hit_tiers``
(a hit, TAC-ATK-1 half hits included; tier 2 or better for power rolls),
with every tier's probability kept. Exact fractions, not sampling.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from core.combat.attacks import Weapon, plan_attack
from core.board.battlefield import attack_situation, cells_apart, melee_refusal
from core.dice.checks import Modifier
from core.errors import IllegalCommand
from core.board.grid import Cell, Cover
from core.dice.modifiers import Reach

if TYPE_CHECKING:
    from core.combat.state import EncounterState


@dataclass(frozen=True)
class CellOdds:
    """The attack from one cell: ``hit`` probability (0 when refused),
    ``tiers`` (label, probability) pairs, the ``modifiers`` with reasons,
    or the ``refusal`` (out of reach, no line of sight)."""

    hit: Fraction
    tiers: tuple[tuple[str, Fraction], ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    refusal: str | None = None
    attack: str = ""  # the saved attack these odds are of, when several were weighed (core.offers.saved_attacks.saved_odds_map)
    expected_damage: Fraction = Fraction(0)  # its mean hit points from this cell (saved_odds_map only)


def odds_map(state: EncounterState, ruleset: Any, attacker_id: str, target_id: str, weapon: Weapon, cells: Iterable[Cell]) -> dict[Cell, CellOdds]:
    """``cell -> CellOdds`` for ``attacker_id`` striking ``target_id`` with
    ``weapon`` from each of ``cells`` (x, y). Raises :class:`IllegalCommand`
    when the target is the attacker or is not on the map."""
    attacker, target = state.combatant(attacker_id), state.combatant(target_id)
    if attacker.id == target.id:
        raise IllegalCommand("pick another creature as the target of the odds map")
    if target.position is None:
        raise IllegalCommand(f"{target.name} is not on the map")
    others = tuple(c for c in state.combatants if c.id != attacker.id)
    found: dict[Cell, CellOdds] = {}
    for given in cells:
        cell = cast(Cell, tuple(given))  # a cell may come as a list [x, y]
        there = replace(attacker, position=cell)
        if weapon.reach is Reach.MELEE:
            problem = melee_refusal(ruleset.settings, there, target, weapon.reach_cells)
            if problem is not None:
                found[cell] = CellOdds(Fraction(0), refusal=str(problem))
                continue
        apart = cells_apart(there, target)
        if weapon.reach is Reach.RANGED and weapon.range_cells and apart is not None and apart > weapon.range_cells:
            found[cell] = CellOdds(Fraction(0), refusal=f"{apart} cells: beyond the range of {weapon.name} ({weapon.range_cells})")
            continue
        situation = attack_situation(state.grid, there, target, others + (there,), weapon.reach, ruleset=ruleset)
        if situation.cover is Cover.FULL:
            found[cell] = CellOdds(Fraction(0), refusal=f"no line of sight to {target.name} (EQ-COV-2)")
            continue
        plan = plan_attack(ruleset, there, target, weapon, situation)
        chances = ruleset.check_odds(plan.total_modifier, plan.difficulty, plan.advantage, attack=True)
        hit = sum((Fraction(p) for tier, p in chances.items() if tier in ruleset.hit_tiers), Fraction(0))
        found[cell] = CellOdds(hit, tuple((t.value, Fraction(p)) for t, p in chances.items()), plan.modifiers)
    return found


def best_cells(odds: dict[Cell, CellOdds], share: Fraction = Fraction(1, 4)) -> frozenset[Cell]:
    """The cells with the highest chance to hit; none when nothing can hit,
    or when more than ``share`` of the cells tie for it (then no cell
    stands out: moving changes little)."""
    top = max((o.hit for o in odds.values()), default=Fraction(0))
    best = frozenset(c for c, o in odds.items() if top > 0 and o.hit == top)
    return best if len(best) <= share * len(odds) else frozenset()
