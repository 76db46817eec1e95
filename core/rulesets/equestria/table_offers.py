"""Equestria's offers for the GM's calls at the table: what
follows a critical (EQ-CHK-6, EQ-CHK-7, EQ-GEN-5), items in hand and the
creature's fore-limbs (EQ-ACT-7), a phrase (EQ-ACT-8) and the everyday
actions (EQ-DAY-1). Listed by :meth:`Equestria.extra_offers`."""

from __future__ import annotations

from typing import Any
from dataclasses import replace

from core.combat import commands as cmd
from core.rulesets.equestria import table_calls as tc
from core.dice.checks import Tier
from core.errors import IllegalCommand
from core.combat.everyday import EVERYDAY
from core.combat.limbs import limbs_free
from core.dice.notation import NotationError, damage_and_words
from core.offers.offer import Group, Need

_HANDS = ("hands", "hand", "hooves", "hoof")
_TWO = ("2", "two-handed", "two-hooved", "twohanded")


def _damage_and_text(text: str) -> tuple[tuple, bool, str]:
    """``1d6 piercing hands the arrow grazes it`` -> (damage, hands, words)."""
    try:
        parts, words = damage_and_words(text)
    except NotationError as problem:
        raise IllegalCommand(str(problem)) from None
    hands = any(w.lower() in _HANDS for w in words)
    rest = [w for w in words if w.lower() not in _HANDS]
    return parts, hands, " ".join(rest)


def mishap_command(actor_id: str, victim_id: str, text: str) -> tc.Mishap:
    parts, hands, words = _damage_and_text(text)
    return tc.Mishap(actor_id, victim_id, parts, hands, words)


def bonus_command(actor_id: str, target_id: str | None, text: str) -> tc.CriticalBonus:
    parts, _, words = _damage_and_text(text)
    return tc.CriticalBonus(actor_id, words, target_id if parts else None, parts)


def wield_command(actor_id: str, text: str) -> tc.Wield:
    """``spear`` (one-handed) or ``bow 2`` / ``bow two-handed`` (EQ-ACT-7)."""
    words = text.split()
    limbs = 1
    if words and words[-1].lower() in _TWO:
        limbs = 2
        words.pop()
    if not words:
        raise IllegalCommand("name the item, then 2 if it is two-handed", "EQ-ACT-7")
    return tc.Wield(actor_id, " ".join(words), limbs)


def _number(text: str, what: str, rule: str) -> int:
    value = text.strip()
    if not value.isdigit() or len(value) > 2:
        raise IllegalCommand(f"type {what} as a whole number, e.g. 2", rule)
    return int(value)


def table_offers(context: Any) -> tuple[Any, ...]:
    """Offers of :mod:`core.rulesets.equestria.table_calls` for ``context.actor`` (out of
    combat, when nobody has the turn: the selected creature)."""

    if context.actor is None and context.target is not None:
        context = replace(context, actor=context.target)
    actor, state = context.actor, context.state
    if actor is None:
        return ()
    name = actor.name
    found = list(_critical(context, Group, Need)) if state.last_roll is not None else []
    found.append(context.offer(
        "say", f"{name}: say a phrase (free)", Group.ACTION, lambda text, a=actor.id: tc.SayPhrase(a, text), check=False,
        rule="EQ-ACT-8", needs=Need.TEXT, prompt="What it says or shouts (advised: at most 8 words)", example="Behind you, Applejack!",
        actor=actor.id,
    ))
    refusal = None if limbs_free(actor) else f"{name}'s {actor.fore_limbs} fore-limb(s) are full: let go of something first (EQ-ACT-7)"
    found.append(context.offer(
        "wield", f"{name}: take an item in hand ({limbs_free(actor)} of {actor.fore_limbs} fore-limbs free)", Group.ACTION,
        lambda text, a=actor.id: wield_command(a, text), check=False, rule="EQ-ACT-7", needs=Need.TEXT,
        prompt="The item, then 2 if it is two-handed", example="spear 2", actor=actor.id, refusal=refusal,
    ))
    for held in actor.held:
        found.append(context.offer(
            f"let-go.{held.item}", f"{name}: let go of {held.item}", Group.ACTION,
            lambda _, a=actor.id, i=held.item: tc.LetGo(a, i), rule="EQ-ACT-7", actor=actor.id,
        ))
    found.append(context.offer(
        "fore-limbs", f"{name}: set its fore-limbs (now {actor.fore_limbs})", Group.SCENE,
        lambda text, a=actor.id: cmd.EditCombatant(a, cmd.SheetChanges(fore_limbs=_number(text, "the fore-limbs", "EQ-ACT-7"))),
        check=False, rule="EQ-ACT-7", needs=Need.TEXT, prompt="Limbs that hold weapons and shields (normally 2)", example="2", actor=actor.id,
    ))
    if not context.fighting:
        for kind in EVERYDAY:
            found.append(context.offer(
                f"everyday.{kind}", f"{name}: {kind} (everyday)", Group.SCENE,
                lambda text, a=actor.id, k=kind: tc.EverydayAction(a, k, text), check=False, rule="EQ-DAY-1",
                needs=Need.TEXT, prompt=_PROMPTS[kind], example=_EXAMPLES[kind], actor=actor.id,
            ))
    return tuple(found)


_PROMPTS = {
    "rest": "How long, doing what (no long trips or work meanwhile)",
    "inventory": "What it takes out, uses, changes or puts away",
    "interact": "What it does with which object",
    "talk": "With whom, about what",
    "travel": "Where to, how",
}
_EXAMPLES = {
    "rest": "2 hours, mending armour", "inventory": "puts on the raincoat", "interact": "opens the cellar hatch",
    "talk": "asks the innkeeper about the caravan", "travel": "to Ponyville by the river road",
}


def _critical(context: Any, Group: Any, Need: Any) -> tuple[Any, ...]:
    actor, other, last = context.actor, context.other, context.state.last_roll
    if last.combatant != actor.id or not last.critical:
        return ()
    name = actor.name
    if last.tier is Tier.CRITICAL_SUCCESS:
        to = f" (damage to {other.name})" if other is not None else ""
        return (context.offer(
            "critical.bonus", f"Critical success of {name}: the GM's bonus{to}", Group.ACTION,
            lambda text, a=actor.id, t=(other.id if other else None): bonus_command(a, t, text), check=False,
            rule="EQ-CHK-6", needs=Need.TEXT, prompt="The bonus in words, and damage to the selected creature if any",
            example="the door falls on the guard 1d6", actor=actor.id, target=other.id if other else None,
        ),)
    victim = other if other is not None and other.side is actor.side else actor
    return (
        context.offer(
            "critical.mishap", f"Critical failure of {name}: a mishap to {victim.name}", Group.ACTION,
            lambda text, a=actor.id, v=victim.id: mishap_command(a, v, text), check=False, rule="EQ-CHK-6",
            needs=Need.TEXT, prompt="Damage (empty: none), 'hands' if it strikes the hands, what happened",
            example="1d6 piercing the arrow hits the ally", actor=actor.id, target=victim.id,
        ),
        context.offer(
            "critical.plain", f"Critical failure of {name}: a simple action, just a failure", Group.ACTION,
            lambda _, a=actor.id: tc.SoftenCritical(a, False), rule="EQ-CHK-7", actor=actor.id,
        ),
        context.offer(
            "critical.flavour", f"Critical failure of {name}: flavour only", Group.ACTION,
            lambda text, a=actor.id: tc.SoftenCritical(a, True, text), check=False, rule="EQ-CHK-7", needs=Need.TEXT,
            prompt="How it looked (may be empty)", example="trips over its own tail", actor=actor.id,
        ),
    )
