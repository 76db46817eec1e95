"""What follows a critical (rules EQ-CHK-6, EQ-CHK-7, EQ-GEN-5).

After a check or attack that comes out a critical failure (the encounter's
:attr:`last_roll`, see :mod:`core.values.last_roll`) the GM may set a *mishap*:
harm to the actor or one of its allies (the arrow hits the ally next to the
target, the archer scratches itself), dealt through the ordinary damage
pipeline; a mishap to the hands always strikes an off hand. For a simple,
insignificant action the GM may instead treat the critical failure as a
plain failure or as flavour only. A critical success earns a GM-set bonus,
with damage to a creature if the GM says so. Each consumes the roll, so it
is offered once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.values import limits as lim
from core.dice.checks import Tier
from core.errors import IllegalCommand
from core.combat.limbs import off_hand
from core.combat.resolution import deal_damage
from core.combat.damage import DamagePart

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def _words(text: str) -> str:
    text = " ".join(text.split())
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise IllegalCommand("the description cannot hold control characters")
    if len(text) > lim.MAX_NOTES:
        raise IllegalCommand(f"the description is longer than {lim.MAX_NOTES} characters")
    return text


def _critical(state: EncounterState, combatant_id: str, tier: Tier, rule: str) -> Any:
    """The last roll if it is ``combatant_id``'s of ``tier``; refused otherwise."""
    who = state.combatant(combatant_id)
    last = state.last_roll
    if last is None or last.combatant != combatant_id or last.tier is not tier:
        words = "critical failure" if tier is Tier.CRITICAL_FAILURE else "critical success"
        raise IllegalCommand(f"{who.name}'s last roll was not a {words}: nothing to follow up", rule)
    return last


def _damage(enc: Table, state: EncounterState, target_id: str, damage: tuple, source: str) -> Result:
    if not damage:
        return state, ()
    fixed = tuple(p for p in damage if p.expression.isdigit())

    parts = tuple(DamagePart(int(p.expression), p.damage_type) for p in fixed)
    dice = tuple(p for p in damage if not p.expression.isdigit())
    return deal_damage(enc, state, cmd.DealDamage(target_id, parts, source=source, dice=dice))


def mishap(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.Mishap` (EQ-CHK-6, EQ-GEN-5):
    refused unless the actor's last roll was a critical failure, and when
    the victim is neither the actor nor on its side."""
    last = _critical(state, command.combatant, Tier.CRITICAL_FAILURE, "EQ-CHK-6")
    actor, victim = state.combatant(command.combatant), state.combatant(command.victim)
    if victim.id != actor.id and victim.side is not actor.side:
        raise IllegalCommand(f"a mishap harms {actor.name} or its allies, not {victim.name}", "EQ-CHK-6")
    what = _words(command.what)
    where = f" to {victim.name}'s {off_hand(victim)}" if command.hands else ""
    rule = "EQ-CHK-6, EQ-GEN-5" if command.hands else "EQ-CHK-6"
    after = f" after {last.purpose}" if last.purpose else ""
    outcome = what or ("harm" if command.damage else "harm without damage")
    events: list[ev.Event] = [ev.Maneuvered(actor.id, actor.name, rule, f"critical failure{after}: mishap{where}", outcome, None, victim.id, victim.name)]
    state = replace(state, last_roll=None)
    state, dealt = _damage(enc, state, victim.id, command.damage, f"mishap of {actor.name}")
    return state, (*events, *dealt)


def soften(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.SoftenCritical` (EQ-CHK-7)."""
    last = _critical(state, command.combatant, Tier.CRITICAL_FAILURE, "EQ-CHK-7")
    actor = state.combatant(command.combatant)
    how = "flavour only" if command.flavour else "a plain failure"
    what = _words(command.what)
    after = f" ({last.purpose})" if last.purpose else ""
    event = ev.Maneuvered(actor.id, actor.name, "EQ-CHK-7", f"critical failure{after} of a simple action", how + (f": {what}" if what else ""))
    return replace(state, last_roll=None), (event,)


def bonus(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.CriticalBonus` (EQ-CHK-6):
    refused unless the actor's last roll was a critical success; damage
    needs a ``target``."""
    last = _critical(state, command.combatant, Tier.CRITICAL_SUCCESS, "EQ-CHK-6")
    actor = state.combatant(command.combatant)
    what = _words(command.what)
    if command.damage and command.target is None:
        raise IllegalCommand("bonus damage needs a creature to take it: select one", "EQ-CHK-6")
    if not what and not command.damage:
        raise IllegalCommand("say what the bonus is, or give its damage", "EQ-CHK-6")
    target = state.combatant(command.target) if command.target is not None else None
    after = f" ({last.purpose})" if last.purpose else ""
    event = ev.Maneuvered(
        actor.id, actor.name, "EQ-CHK-6", f"critical success{after}: bonus", what or "damage",
        None, target.id if target else "", target.name if target else "",
    )
    state = replace(state, last_roll=None)
    dealt: tuple = ()
    if target is not None:
        state, dealt = _damage(enc, state, target.id, command.damage, f"critical bonus of {actor.name}")
    return state, (event, *dealt)
