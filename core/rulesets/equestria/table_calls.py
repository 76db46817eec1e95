"""Commands of the GM's calls at the table:
what follows a critical (EQ-CHK-6, EQ-CHK-7, EQ-GEN-5), items in hand
(EQ-ACT-7), a short phrase (EQ-ACT-8) and everyday actions (EQ-DAY-1).

Handlers live in :mod:`core.combat.maneuvers.mishaps`, :mod:`core.combat.limbs` and
:mod:`core.combat.everyday`; ``HANDLERS`` maps each command to its handler.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.attacks import WeaponDamage
from core.combat import everyday, limbs
from core.combat.commands import Command
from core.combat.maneuvers import mishaps


@dataclass(frozen=True)
class Mishap(Command):
    """EQ-CHK-6: after ``combatant``'s critical failure, GM-set harm to
    ``victim`` (itself or an ally): ``damage`` through the damage pipeline
    (may be empty: harm without hit points), ``hands`` when it strikes the
    hands (EQ-GEN-5: always an off hand), ``what`` happened in words."""

    combatant: str
    victim: str
    damage: tuple[WeaponDamage, ...] = ()
    hands: bool = False
    what: str = ""


@dataclass(frozen=True)
class SoftenCritical(Command):
    """EQ-CHK-7: for a simple, insignificant action the GM treats
    ``combatant``'s critical failure as a plain failure, or (``flavour``) as
    colour only; ``what`` says how it looked."""

    combatant: str
    flavour: bool = False
    what: str = ""


@dataclass(frozen=True)
class CriticalBonus(Command):
    """EQ-CHK-6: the GM-set bonus of ``combatant``'s critical success:
    ``what`` in words, and ``damage`` to ``target`` if any (the seed's door
    kicked onto the foe behind it)."""

    combatant: str
    what: str = ""
    target: str | None = None
    damage: tuple[WeaponDamage, ...] = ()


@dataclass(frozen=True)
class Wield(Command):
    """EQ-ACT-7: ``combatant`` takes ``item`` in hand; it takes ``limbs``
    fore-limbs (one-handed 1, two-handed 2)."""

    combatant: str
    item: str
    limbs: int = 1


@dataclass(frozen=True)
class LetGo(Command):
    """EQ-ACT-7: ``combatant`` stops holding ``item`` (its limbs are free again)."""

    combatant: str
    item: str


@dataclass(frozen=True)
class SayPhrase(Command):
    """EQ-ACT-8: ``combatant`` says or shouts ``text`` (logged; over the
    settings ``phrase_max_words`` / ``phrase_max_sounds`` it is warned of,
    never refused: the GM sets the limit)."""

    combatant: str
    text: str


@dataclass(frozen=True)
class EverydayAction(Command):
    """EQ-DAY-1: ``combatant`` rests, handles its inventory, interacts,
    talks or travels (``kind``); ``text`` says how (a rest: how long, doing what)."""

    combatant: str
    kind: str
    text: str = ""


HANDLERS = {
    Mishap: mishaps.mishap,
    SoftenCritical: mishaps.soften,
    CriticalBonus: mishaps.bonus,
    Wield: limbs.wield,
    LetGo: limbs.let_go,
    SayPhrase: everyday.say_phrase,
    EverydayAction: everyday.everyday_action,
}
"""Command type -> handler ``(encounter, state, command) -> (state, events)``."""
