"""One skirmish played out to its end by the real rules.

:func:`play_out` takes an encounter as it stands (positions, hit points,
conditions, budgets, the map) and plays the rest of it through
:meth:`core.combat.encounter.Encounter.apply`, on its own copy (states are
immutable values: nothing is shared with the table), with the dice of the
``rng`` it is given. Each creature follows its tactics
(:mod:`core.values.tactics`):

- it picks a target: its focus while that one stands, else the nearest foe
  on the map (cells between their nearest cells, ties by id); a creature
  the GM hides from the players' view (``Combatant.hidden``) fights all the
  same: the GM knows it is there;
- it attacks with the attack that :data:`Chooser` picks (by default
  :func:`best_saved`: its best saved attack by expected damage, or its
  unarmed strike, EQ-ACT-5) if the target is in its reach, else moves first to
  the reachable cell nearest the target (cheapest among equals) and then
  attacks if it can;
- ``hold`` never moves; ``flee below N`` moves to the reachable cell
  farthest from every foe once its hit points are N or fewer;
- a creature that no attack of its can target from where it stands (full
  cover, EQ-COV-2) moves next to its target first;
- a refused command (no action left, out of reach) is simply not taken.

With a :class:`~core.forecast.memo.Memo` (``play_many`` makes one per
forecast), the answers to "which attack" and "which cell" are remembered
across fights; the commands are applied all the same.

The fight ends when one side has nobody standing (hit points above 0), or
after ``max_rounds`` rounds (undecided). Neutral creatures take no part.
A creature whose tactics are ``gm`` makes the fight unforeseeable:
:func:`unforeseeable` names them and the forecast declines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core.board.battlefield import cells_apart, melee_reach
from core.combat import commands as cmd
from core.combat.encounter import Encounter
from core.dice.modifiers import Reach
from core.offers.attacks import attack_command
from core.offers.base import move_reach
from core.offers.saved_attacks import expected_damage, saved_attack_command
from core.errors import RulesError
from core.forecast.dice_watch import WatchedDice
from core.forecast.memo import Memo
from core.values.combatant import Combatant, Side
from core.values.mobility import footprint_offsets
from core.values.tactics import Plan

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Events
    from core.rulesets.base import Ruleset

MAX_ROUNDS = 30
"""Rounds after which a played-out fight counts as undecided."""

Chooser = Callable[["EncounterState", "Ruleset", str, str], "cmd.Attack | None"]
"""``(state, ruleset, attacker id, target id) -> the Attack to make`` (or
``None``: it has none against that target)."""


@dataclass(frozen=True)
class Ending:
    """How one played-out fight ended: the ``winner`` side (``None``:
    undecided after the round limit), the ids of party members ``down``
    (0 hit points or dead) at the end, the ``rounds`` it lasted from the
    round it started in (1 = it ended in the starting round), and its
    dice's ``controls`` (``(feature, value)`` pairs in name order,
    :mod:`core.forecast.dice_watch`; ``None`` when its dice were not watched)."""

    winner: Side | None
    down: frozenset[str]
    rounds: int
    controls: tuple[tuple[str, int], ...] | None = None


def standing(state: EncounterState, side: Side) -> tuple[Combatant, ...]:
    """Creatures of ``side`` with hit points above 0 that are not dead."""
    return tuple(c for c in state.combatants if c.side is side and c.hp > 0 and not c.dead)


def unforeseeable(state: EncounterState) -> tuple[str, ...]:
    """Names of the fighting creatures whose tactics are "as the GM decides"."""
    return tuple(c.name for c in state.combatants if c.side is not Side.NEUTRAL and c.tactics.plan is Plan.GM and c.hp > 0)


def unarmed(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str) -> cmd.Attack:
    """The unarmed attack (EQ-ACT-5) with cover and flanking from the map."""
    return attack_command(state, ruleset, attacker_id, target_id, "")


def best_saved(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str) -> cmd.Attack | None:
    """The attack a creature makes by its tactics: of its saved attacks
    (``core.offers.saved_attacks``; none: the unarmed strike, EQ-ACT-5), the
    one with the highest expected damage among those that reach the target
    from where it stands; when none does, the best of all, which it then
    moves to make. Equal ones: the first on the sheet."""
    attacker = state.combatant(attacker_id)
    if not attacker.attacks:
        return unarmed(state, ruleset, attacker_id, target_id)
    target = state.combatant(target_id)
    apart = cells_apart(attacker, target)
    best: tuple[bool, Fraction, int] | None = None
    chosen: cmd.Attack | None = None
    for number, attack in enumerate(attacker.attacks):
        try:
            command = saved_attack_command(state, ruleset, attacker_id, target_id, attack)
            damage = expected_damage(state, ruleset, command)
        except RulesError:
            continue
        reaches = apart is not None and apart <= _weapon_reach(ruleset, attacker, command)
        rank = (reaches, damage, -number)
        if best is None or rank > best:
            best, chosen = rank, command
    return chosen


def _weapon_reach(ruleset: Ruleset, actor: Combatant, attack: cmd.Attack) -> int:
    """Cells within which ``attack`` strikes: the melee reach (the weapon's
    own or the creature's), or the weapon's range (any distance without one)."""
    if attack.weapon.reach is Reach.MELEE:
        return max(melee_reach(ruleset.settings, actor), attack.weapon.reach_cells)
    return attack.weapon.range_cells or 10**6


def winner(state: EncounterState) -> Side | None:
    """The side still standing when the other has nobody, else ``None``."""
    party, foes = standing(state, Side.PARTY), standing(state, Side.FOE)
    if party and not foes:
        return Side.PARTY
    if foes and not party:
        return Side.FOE
    return None


def over(state: EncounterState) -> bool:
    """Whether one side has nobody standing."""
    return not standing(state, Side.PARTY) or not standing(state, Side.FOE)


def play_out(state: EncounterState, ruleset: Ruleset, rng: random.Random, choose: Chooser = best_saved, max_rounds: int = MAX_ROUNDS,
             record: list[cmd.Command] | None = None, memo: Memo | None = None) -> Ending:
    """Play ``state`` to its end (see the module docstring); pure given ``rng``.
    ``record``, when given, receives every command applied, in order (the
    same commands on ``Encounter(state, ruleset, rng)`` with the same dice
    replay the fight: the bench's baseline). ``memo``: answers remembered
    from other fights of ``state`` (the same ending with or without). With
    :class:`~core.forecast.dice_watch.WatchedDice` (its features cleared
    first), each command's dice are watched under who acts on whom, and the
    ending has their controls."""
    table = Encounter(state, ruleset, rng)
    if record is not None:
        table = _Recording(state, ruleset, rng, record)
    if isinstance(rng, WatchedDice):
        rng.features.clear()
    if table.state.round == 0:
        _watch(table, "start")
        table.apply(cmd.StartCombat())
    first = table.state.round
    turns = 0
    limit = max_rounds * max(1, len(table.state.combatants)) + 1
    while not over(table.state) and table.state.round - first < max_rounds and turns < limit:
        current = table.current
        if current is not None and current.hp > 0 and not current.dead and current.side is not Side.NEUTRAL:
            take_turn(table, current.id, choose, memo)
        if over(table.state):
            break
        _watch(table, f"turn>{table.state.current}")
        table.apply(cmd.NextTurn())
        turns += 1
    end = table.state
    down = frozenset(c.id for c in end.combatants if c.side is Side.PARTY and (c.hp <= 0 or c.dead))
    controls = None
    if isinstance(rng, WatchedDice):
        rng.watch("")
        controls = tuple(sorted(rng.features.items()))
    return Ending(winner(end), down, min(end.round - first + 1, max_rounds), controls)


def _watch(table: Encounter, label: str) -> None:
    """The dice of the next command belong to ``label`` (when they are watched)."""
    rng = table.rng
    if isinstance(rng, WatchedDice):
        rng.watch(label)


class _Recording(Encounter):
    """An encounter that lists each command it applied."""

    def __init__(self, state: EncounterState, ruleset: Ruleset, rng: random.Random, record: list[cmd.Command]) -> None:
        super().__init__(state, ruleset, rng)
        self.record = record

    def apply(self, command: cmd.Command) -> Events:
        events = super().apply(command)
        self.record.append(command)
        return events


def take_turn(table: Encounter, actor_id: str, choose: Chooser, memo: Memo | None = None) -> None:
    """One creature's turn by its tactics: maybe a move, then maybe an attack."""
    state = table.state
    actor = state.combatant(actor_id)
    foes = _foes(state, actor)
    if not foes or actor.position is None:
        return
    plan = actor.tactics.plan
    if plan is Plan.FLEE and actor.hp <= actor.tactics.below:
        _move_to(table, actor_id, foes, away=True, memo=memo)
        return
    target = _target(actor, foes)
    attack = _choose(table, choose, actor_id, target.id, memo)
    if attack is None:  # no attack can target it from here (full cover, EQ-COV-2): closer, then try again
        if plan is Plan.HOLD:
            return
        _move_to(table, actor_id, (target,), away=False, within=1, memo=memo)
        attack = _choose(table, choose, actor_id, target.id, memo)
        if attack is None:
            return
    elif not _in_reach(table, actor, target, attack) and plan is not Plan.HOLD:
        _move_to(table, actor_id, (target,), away=False, within=_reach_of(table, table.state.combatant(actor_id), attack), memo=memo)
        attack = _choose(table, choose, actor_id, target.id, memo)  # cover and flanking from where it stands now
        if attack is None:
            return
    _watch(table, f"{attack.attacker}>{attack.target}")
    try:
        table.apply(attack)
    except RulesError:
        return


def _foes(state: EncounterState, actor: Combatant) -> tuple[Combatant, ...]:
    other = Side.FOE if actor.side is Side.PARTY else Side.PARTY
    return tuple(c for c in standing(state, other) if c.position is not None)  # hidden ones too: only the players' view lacks them


def _target(actor: Combatant, foes: tuple[Combatant, ...]) -> Combatant:
    wanted = actor.tactics.target.casefold() if actor.tactics.plan is Plan.FOCUS else ""
    for foe in foes:
        if wanted and wanted in (foe.id.casefold(), foe.name.casefold()):
            return foe
    if len(foes) == 1:
        return foes[0]
    return min(foes, key=lambda foe: (cells_apart(actor, foe) or 0, foe.id))


def _choose(table: Encounter, choose: Chooser, actor_id: str, target_id: str, memo: Memo | None = None) -> cmd.Attack | None:
    state, ruleset = table.state, table.ruleset

    def answer() -> cmd.Attack | None:
        try:
            return choose(state, ruleset, actor_id, target_id)
        except RulesError:
            return None

    return answer() if memo is None else memo.recall(("attack", choose, actor_id, target_id), state, answer)


def _reach_of(table: Encounter, actor: Combatant, attack: cmd.Attack) -> int:
    return _weapon_reach(table.ruleset, actor, attack)


def _in_reach(table: Encounter, actor: Combatant, target: Combatant, attack: cmd.Attack) -> bool:
    apart = cells_apart(actor, target)
    return apart is not None and apart <= _reach_of(table, actor, attack)


def _move_to(table: Encounter, actor_id: str, foes: tuple[Combatant, ...], *, away: bool, within: int = 1, memo: Memo | None = None) -> None:
    """Move to the reachable cell nearest ``foes`` (stopping ``within`` cells
    of them is enough) or, ``away``, farthest from them; cheapest among equals."""
    state = table.state
    targets = tuple(cell for foe in foes for cell in foe.cells)

    def answer() -> tuple[int, int] | None:
        return _destination(state, table.ruleset, actor_id, targets, away=away, within=within)

    best = answer() if memo is None else memo.recall(("move", actor_id, targets, away, within), state, answer)
    if best is None:
        return
    _watch(table, f"{actor_id}>move")
    try:
        table.apply(cmd.Move(actor_id, best))
    except RulesError:
        return


def _destination(state: EncounterState, ruleset: Ruleset, actor_id: str, targets: tuple[tuple[int, int], ...], *, away: bool,
                 within: int) -> tuple[int, int] | None:
    """The cell :func:`_move_to` goes to, or ``None`` (no move: nowhere better)."""
    actor = state.combatant(actor_id)
    try:
        reach = move_reach(state, ruleset, actor_id)
    except RulesError:
        return None
    here = actor.position
    assert here is not None
    offsets = tuple(footprint_offsets(actor.space))

    def apart(cell: tuple[int, int]) -> int:
        return min(max(abs(cell[0] + dx - tx), abs(cell[1] + dy - ty)) for dx, dy in offsets for tx, ty in targets)

    costs = reach.costs
    if not costs:
        return None
    if away:
        best = max(costs, key=lambda cell: (apart(cell), -costs[cell], cell))
        better = apart(best) > apart(here)
    else:
        best = min(costs, key=lambda cell: (max(apart(cell), within), costs[cell], cell))
        better = apart(best) < apart(here)
    if not better or best == here:
        return None
    return best
