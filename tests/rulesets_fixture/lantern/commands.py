"""LAN-RAL-1: the rally, lantern's own command, its event, its handler
(``HANDLERS``, read through ``Lantern.command_modules``) and its offer."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from core.combat.commands import Command
from core.combat.events import Event
from core.errors import IllegalCommand


@dataclass(frozen=True)
class Rally(Command):
    """LAN-RAL-1: ``combatant`` spends its deed to win back ``rally_hp`` HP (up to its maximum)."""

    combatant: str


@dataclass(frozen=True)
class Rallied(Event):
    combatant: str
    name: str
    healed: int
    hp: int


def rally(enc: Any, state: Any, command: Rally) -> tuple[Any, tuple[Event, ...]]:
    """Handler of :class:`Rally`."""
    who = state.combatant(command.combatant)
    if who.defeated:
        raise IllegalCommand(f"{who.name} is down and cannot rally", "LAN-RAL-1")
    budget = enc.ruleset.spend(who, "deed") if state.round > 0 else who.budget
    hp = min(who.hp_max, who.hp + enc.ruleset.settings.rally_hp)
    state = state.replace_combatant(replace(who, hp=hp, budget=budget))
    return state, (Rallied(who.id, who.name, hp - who.hp, hp),)


HANDLERS = {Rally: rally}


def rally_offers(context: Any) -> tuple[Any, ...]:
    """The rally of the creature whose turn it is."""
    from core.offers.base import Group

    actor = context.actor
    if actor is None:
        return ()
    return (
        context.offer("rally", f"{actor.name}: rally", Group.ACTION, lambda _, a=actor.id: Rally(a),
                      rule="LAN-RAL-1", spends=("deed",), actor=actor.id),
    )
