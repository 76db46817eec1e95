"""An offer and what it is computed for: the values every offers module
builds (:class:`Offer`, :class:`OfferContext`, :class:`Group`, :class:`Need`)
and :func:`dry_run`, the refusal :meth:`Encounter.apply` would raise.

The queries that list and preview them are :mod:`core.offers.base`; the
modules that build offers (``common``, ``maneuvers``, ``mounted``,
``trackers``, ``breath``, a ruleset's own) import only this one, so none of
them imports the module that assembles them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from core.values.combatant import Combatant
from core.errors import IllegalCommand, RulesError
from core.combat.encounter import Encounter
from core.combat import commands as cmd
from core.combat.damage import DamagePart
from core.dice.notation import parse_damage

if TYPE_CHECKING:
    from core.combat import commands as cmd
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset


class Group(Enum):
    """Where an offer belongs in menus and help."""

    TURN = "turn"
    ACTION = "action"
    MOVEMENT = "movement"
    HIT_POINTS = "hit points"
    SCENE = "scene"


class Need(Enum):
    """What the GM must give before the offer can build its command."""

    NOTHING = "nothing"
    TEXT = "text"  # typed text, read by the offer's notation (see core.dice.notation)
    CELL = "cell"  # a map cell (x, y)


class Builder(Protocol):
    """Builds an offer's command from what the GM gave (``None``, typed text
    or a cell). A protocol, not a ``Callable`` alias, so that the offers'
    ``lambda given, who=c.id: ...`` (defaults bind loop values) type-checks."""

    def __call__(self, given: Any, /) -> cmd.Command: ...


@dataclass(frozen=True)
class Offer:
    """One thing a combatant (or the GM) can do now.

    ``id`` is stable (``attack``, ``contest.grapple``, ``mp.crouch``) and
    names the action in key maps and tests; ``label`` is for people;
    ``rule`` the rule ID; ``spends`` what it uses up (``full``, ``2 MP``);
    ``needs`` what to ask for, with ``prompt`` and ``example`` for text;
    ``refusal`` (with ``refusal_rule``) says why it is not allowed now, or is
    ``None``. ``actor`` and ``target`` are combatant ids."""

    id: str
    label: str
    group: Group
    rule: str = ""
    spends: tuple[str, ...] = ()
    needs: Need = Need.NOTHING
    prompt: str = ""
    example: str = ""
    actor: str | None = None
    target: str | None = None
    refusal: str | None = None
    build: Builder | None = field(default=None, compare=False, repr=False)

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    def command(self, given: Any = None) -> cmd.Command:
        """The command of this offer with ``given`` (typed text for
        :attr:`Need.TEXT`, an (x, y) cell for :attr:`Need.CELL`).

        Raises :class:`IllegalCommand` with :attr:`refusal` when not allowed,
        and the notation's :class:`~core.errors.RulesError` for bad text."""
        if self.refusal is not None:
            raise IllegalCommand(self.refusal)
        if self.build is None:
            raise IllegalCommand(f"{self.label}: nothing to do")
        if self.needs is Need.TEXT:
            given = "" if given is None else str(given)
        elif self.needs is Need.CELL and given is None:
            raise IllegalCommand(f"{self.label}: pick a cell")
        return self.build(given)


@dataclass(frozen=True)
class OfferContext:
    """What offers are computed for: ``state`` and ``ruleset``, the ``actor``
    (default: whose turn it is) and the selected ``target`` (may be the actor)."""

    state: EncounterState
    ruleset: Ruleset
    actor: Combatant | None
    target: Combatant | None

    @property
    def other(self) -> Combatant | None:
        """The target when it is not the actor."""
        if self.target is None or (self.actor is not None and self.target.id == self.actor.id):
            return None
        return self.target

    @property
    def fighting(self) -> bool:
        return self.state.round > 0

    def refusal_of(self, command: cmd.Command) -> str | None:
        """What :meth:`Encounter.apply` would refuse ``command`` with, or ``None``."""
        problem = dry_run(self.state, self.ruleset, command)
        return None if problem is None else str(problem)

    def offer(self, offer_id: str, label: str, group: Group, build: Builder, *, probe: Any = None, check: bool = True, **fields: Any) -> Offer:
        """An :class:`Offer` whose refusal comes from dry-running its command
        (built from ``probe``) when ``check``; offers that need text or a
        cell pass ``check=False`` and set ``refusal`` themselves if they can."""
        refusal = fields.pop("refusal", None)
        fields["rule"] = self.ruleset.offer_rule(offer_id, fields.get("rule", ""))
        if refusal is None and check:
            try:
                refusal = self.refusal_of(build(probe))
            except RulesError as problem:
                refusal = str(problem)
        return Offer(offer_id, label, group, build=build, refusal=refusal, **fields)


def dry_run(state: EncounterState, ruleset: Ruleset, command: cmd.Command) -> RulesError | None:
    """The refusal of ``command`` in ``state``, or ``None`` if it would apply.

    Applies it to a throwaway encounter; dice it rolls there are never
    shown or kept (the real roll happens in :meth:`Encounter.apply`)."""
    try:
        Encounter(state, ruleset, random.Random(0)).apply(command)
    except RulesError as problem:
        problem.args = (ruleset.cite_text(str(problem)),)  # another seed's rule as the DEFAULT it is here (RULES.md Revision 3)
        return problem
    return None


def refuse_as_applied(state: EncounterState, ruleset: Ruleset, command: cmd.Command) -> None:
    """Raise the refusal :func:`dry_run` finds for ``command`` (what Enter
    would meet), so a dialog can show it as the GM types; nothing changes."""
    problem = dry_run(state, ruleset, command)
    if problem is not None:
        raise problem


def typed_damage(target_id: str, text: str) -> cmd.DealDamage:
    """``DealDamage`` from the GM's typed text (``8 slashing``, ``2d6 fire
    + 3``; an untyped number is :data:`core.dice.notation.UNTYPED_DAMAGE`),
    each part through armour and resistances (TAC-DMG-1); raises
    :class:`core.errors.NotationError` for text that is not damage."""
    parts = parse_damage(text)
    fixed = tuple(DamagePart(int(p.expression), p.damage_type) for p in parts if p.expression.isdigit())
    return cmd.DealDamage(target_id, fixed, source=text.strip(), dice=tuple(p for p in parts if not p.expression.isdigit()))
