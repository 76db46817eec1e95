"""What a creature can do now, and what a command would do: offers and previews.

Like python-chess's ``legal_moves``, these are side-effect free queries the
UI renders without deciding any rule itself:

- :func:`offers` lists every action the ruleset has for a combatant now
  (allowed or not, and why not), each able to build its command from what
  the GM types (:meth:`Offer.command`);
- :func:`preview` says what a command would do before anything is rolled:
  the odds of each outcome with every modifier and its reason, the path
  and cost of a move, or the refusal :meth:`Encounter.apply` would raise.

A ruleset adds its own offers through :meth:`Ruleset.extra_offers`; the
generic ones (turns, attacks, checks, hit points, movement points, mounts)
are built here from the ruleset's components (its action kinds, MP actions,
exchange), so no ruleset id is named.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from core.dice.checks import Modifier
from core.values.combatant import Side
from core.errors import IllegalCommand, RulesError
from core.offers.offer import Builder, Group, Need, Offer, OfferContext, dry_run, refuse_as_applied, typed_damage  # the values, in their own module
from core.combat import commands as cmd
from core.combat.several_targets import DamageMany, HealMany
from core.combat.encounter import Encounter
from core.board import movement  # the search loads with the first move's reach (core.board.movement's lazy exports)

if TYPE_CHECKING:
    from core.combat import commands as cmd
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset


def rolls_dice(command: cmd.Command) -> bool:
    """Whether ``command`` may roll dice when applied: every command but
    damage and healing given as numbers (for one target or several, typed or not),
    revival, a set initiative and temporary HP."""
    if isinstance(command, (DamageMany, cmd.DealDamage)):
        return bool(command.dice)
    if isinstance(command, (HealMany, cmd.Damage, cmd.Heal)):
        return isinstance(command.amount, str)
    return not isinstance(command, (cmd.Damage, cmd.Heal, cmd.Revive, cmd.SetInitiative, cmd.GrantTemporaryHitPoints))


def would_do(state: EncounterState, ruleset: Ruleset, command: cmd.Command) -> tuple[Any, ...]:
    """The events ``command`` would cause in ``state`` now, as
    :meth:`Encounter.apply` would return them (its after-apply hooks, such
    as "when damaged" reminders, included); nothing changes. Raises what
    ``apply`` raises (a :class:`RulesError`), and :class:`IllegalCommand`
    for a command that may roll dice (:func:`rolls_dice`): a preview never
    rolls, as a roll shown before it is made would be a fake one."""
    if rolls_dice(command):
        raise IllegalCommand(f"no preview for {type(command).__name__}")
    return Encounter(state, ruleset, random.Random(0)).apply(command)


def offers(state: EncounterState, ruleset: Ruleset, actor_id: str | None = None, target: str | None = None) -> tuple[Offer, ...]:
    """Every action of ``ruleset`` for ``actor_id`` (default: whose turn it
    is) with ``target`` selected, allowed or not (see :attr:`Offer.refusal`),
    then the ruleset's own (:meth:`Ruleset.extra_offers`); offers owed now
    (id ending ``.due``, e.g. a Riding check after a hurt mount) come first.
    No side effects."""
    from core.offers import common as offers_common

    actor_id = state.current if actor_id is None else actor_id
    ids = {c.id: c for c in state.combatants}
    context = OfferContext(state, ruleset, ids.get(actor_id) if actor_id else None, ids.get(target) if target else None)
    from core.offers.breath import breath_offers  # EQ-BRE-1
    from core.offers.asked_checks import ask_offers  # EQ-CHK-1: a check asked of a player

    found = offers_common.generic(context) + tuple(ruleset.extra_offers(context)) + breath_offers(context) + ask_offers(context)
    found = tuple(_cited(o, ruleset) for o in found)
    return tuple(o for o in found if o.id.endswith(".due")) + tuple(o for o in found if not o.id.endswith(".due"))  # owed now: first


def _cited(offer: Offer, ruleset: Ruleset) -> Offer:
    """``offer`` with another seed's rule IDs said as the DEFAULTs they are
    here ("DEFAULT, as in equestria EQ-COV-2", RULES.md Revision 3)."""
    cite = ruleset.cite_text
    return replace(offer, label=cite(offer.label), rule=cite(offer.rule), prompt=cite(offer.prompt),
                   refusal=None if offer.refusal is None else cite(offer.refusal))


def find(found: tuple[Offer, ...], offer_id: str) -> Offer | None:
    """The offer ``offer_id`` among ``found``, or ``None``."""
    return next((o for o in found if o.id == offer_id), None)


# -- previews ---------------------------------------------------------------------
@dataclass(frozen=True)
class Preview:
    """What ``command`` would do, before any die is rolled.

    ``refusal`` (the message :meth:`Encounter.apply` would raise) or
    ``None``; ``odds``: (outcome label, exact probability) pairs summing to 1;
    ``modifiers`` with their reasons; ``expression`` of the roll and the
    ``difficulty`` it is against; for a move, ``path`` (cells) and ``cost``
    in ``unit``; ``notes`` anything else worth saying."""

    command: cmd.Command
    refusal: str | None = None
    odds: tuple[tuple[str, Fraction], ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    expression: str = ""
    difficulty: int | None = None
    path: tuple[tuple[int, int], ...] = ()
    cost: int | None = None
    unit: str = ""
    notes: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def preview(state: EncounterState, ruleset: Ruleset, command: cmd.Command) -> Preview:
    """The :class:`Preview` of ``command``: exact odds for attacks, checks,
    contests and extinguishing, path and cost for moves, and for every
    command the refusal it would meet. Side-effect free."""
    from core.offers import common as offers_common

    shown = offers_common.preview_details(state, ruleset, command)
    cite = ruleset.cite_text  # another seed's rule IDs as the DEFAULTs they are here (RULES.md Revision 3)
    shown = {**shown, "notes": tuple(cite(n) for n in shown.get("notes", ()))}
    if "refusal" in shown:  # decided while computing the details (a move's path and budget)
        return Preview(command, **{**shown, "refusal": None if shown["refusal"] is None else cite(shown["refusal"])})
    problem = dry_run(state, ruleset, command)
    return Preview(command, None if problem is None else str(problem), **shown)


def preview_move(state: EncounterState, ruleset: Ruleset, reach: Any, mover_id: str, cell: tuple[int, int]) -> Preview:
    """The :class:`Preview` of moving ``mover_id`` to ``cell`` within a
    ``reach`` already computed by :func:`move_reach` (no new search: a
    cursor can follow it). Notes say the movement left after, or "free
    before combat"; an unreached cell is refused with why."""
    from core.offers import common as offers_common

    mover = state.combatant(mover_id)
    command = cmd.Move(mover_id, cast(tuple[int, int], tuple(cell)))  # the cell may come as a list [x, y]
    budget = offers_common.move_budget(state, mover)
    from core.combat.mounted.moves import mount_budget, moves_mount

    if moves_mount(state, mover):  # EQ-MNT-3: the ride moves at the mount's ДВИЖ
        try:
            budget = mount_budget(state, mover)
        except RulesError as problem:
            return Preview(command, str(problem))
    unit = ruleset.movement.unit
    if tuple(cell) == mover.position:
        return Preview(command, f"{mover.name} is already there")
    try:
        path = reach.path(tuple(cell))
    except RulesError as problem:
        left = () if budget is None else (f"{budget} {unit} left",)
        return Preview(command, str(problem), unit=unit, notes=left)
    after = "free before combat" if budget is None else f"{budget - path.cost} left after"
    return Preview(command, None, path=path.cells, cost=path.cost, unit=unit, notes=(after, *ruleset.move_notes(state, mover, path)))


def move_reach(state: EncounterState, ruleset: Ruleset, mover_id: str) -> Any:
    """Where ``mover_id`` can move now (a :class:`core.board.movement.Reach`):
    within the movement left in combat, anywhere reachable before combat
    (free movement, DEFAULT); the diagonal count goes on (SRD-MOV-2)."""
    from core.offers import common as offers_common
    from core.combat.move_options import move_options

    mover = state.combatant(mover_id)
    from core.combat.mounted.moves import moves_mount, reach as ride_reach

    if moves_mount(state, mover):  # EQ-MNT-3: where the mount can carry it (raises when it will not go)
        return ride_reach(state, ruleset, mover)
    budget = offers_common.move_budget(state, mover)
    return movement.reach(state.grid, ruleset, mover, state.combatants, budget, options=move_options(state, mover, ruleset))


__all__ = ["Builder", "Group", "Need", "Offer", "OfferContext", "Preview", "dry_run", "find", "offers", "preview", "rolls_dice", "Side", "typed_damage", "would_do"]
