"""Items in hand and the limbs they take (rules EQ-ACT-7, EQ-GEN-2, EQ-GEN-5).

A creature has ``fore_limbs`` for weapons, shields and other items (two
normally; the GM may set others on the sheet). A one-handed item takes one
limb, a two-handed one two; wielding more than the free limbs is refused.
The first limb is the leading one (EQ-GEN-2); the others are off hands, and
a mishap to the hands always strikes an off hand (EQ-GEN-5).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.values import limits as lim
from core.values.combatant import Combatant, Held
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

MAX_FORE_LIMBS = 8
"""Fore-limbs a sheet may give a creature (EQ-ACT-7)."""

Result = tuple[Any, tuple[ev.Event, ...]]


def limbs_in_use(creature: Combatant) -> int:
    """Fore-limbs its held items take (EQ-ACT-7)."""
    return sum(h.limbs for h in creature.held)


def limbs_free(creature: Combatant) -> int:
    """Fore-limbs not holding anything."""
    return max(0, creature.fore_limbs - limbs_in_use(creature))


def limb_of(creature: Combatant) -> list[str]:
    """What each fore-limb holds, leading limb first ("" = empty)."""
    found: list[str] = []
    for held in creature.held:
        found += [held.item] * held.limbs
    return (found + [""] * creature.fore_limbs)[: max(creature.fore_limbs, len(found))]


def off_hand(creature: Combatant) -> str:
    """Rule EQ-GEN-5: the limb a mishap to the hands strikes, in words: an
    off hand (fore-limb 2 of 2), with what it holds; a creature with one
    fore-limb has no off hand, and the mishap strikes that one."""
    limbs = limb_of(creature)
    if creature.fore_limbs <= 0:
        raise IllegalCommand(f"{creature.name} has no fore-limbs for a mishap to the hands", "EQ-GEN-5")
    index = 1 if creature.fore_limbs >= 2 else 0
    for i in range(1, creature.fore_limbs):  # an off hand holding something suffers most visibly
        if limbs[i]:
            index = i
            break
    which = f"off hand (fore-limb {index + 1} of {creature.fore_limbs})" if index else "its only fore-limb (no off hand)"
    holding = f", holding {limbs[index]}" if limbs[index] else ""
    return which + holding


def _item_name(text: str) -> str:
    item = text.strip()
    if not item:
        raise IllegalCommand("name the item", "EQ-ACT-7")
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in item):
        raise IllegalCommand("an item's name cannot hold control characters")
    if len(item) > lim.MAX_NAME:
        raise IllegalCommand(f"an item's name is longer than {lim.MAX_NAME} characters")
    return item


def wield(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.Wield` (EQ-ACT-7): refused
    when the item needs more limbs than are free, naming what is held."""
    creature = state.combatant(command.combatant)
    item = _item_name(command.item)
    if not 1 <= command.limbs <= MAX_FORE_LIMBS:
        raise IllegalCommand(f"an item takes 1 (one-handed) or 2 (two-handed) limbs, not {command.limbs}", "EQ-ACT-7")
    if any(h.item.lower() == item.lower() for h in creature.held):
        raise IllegalCommand(f"{creature.name} already holds {item}", "EQ-ACT-7")
    free = limbs_free(creature)
    if command.limbs > free:
        holding = ", ".join(f"{h.item} ({h.limbs})" for h in creature.held) or "nothing"
        raise IllegalCommand(
            f"{creature.name} has {creature.fore_limbs} fore-limb(s), {free} free (holding {holding}): "
            f"{item} needs {command.limbs}; let go of something first", "EQ-ACT-7",
        )
    held = replace(creature, held=creature.held + (Held(item, command.limbs),))
    hands = "two-handed" if command.limbs == 2 else f"{command.limbs} limb(s)" if command.limbs > 2 else "one-handed"
    event = ev.Maneuvered(creature.id, creature.name, "EQ-ACT-7", f"takes {item} in hand ({hands})", f"{limbs_free(held)} fore-limb(s) free")
    return state.replace_combatant(held), (event,)


def let_go(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.LetGo` (EQ-ACT-7)."""
    creature = state.combatant(command.combatant)
    wanted = command.item.strip().lower()
    kept = tuple(h for h in creature.held if h.item.lower() != wanted)
    if len(kept) == len(creature.held):
        holding = ", ".join(h.item for h in creature.held) or "nothing"
        raise IllegalCommand(f"{creature.name} does not hold {command.item.strip()!r} (holds {holding})", "EQ-ACT-7")
    freed = replace(creature, held=kept)
    event = ev.Maneuvered(creature.id, creature.name, "EQ-ACT-7", f"lets go of {command.item.strip()}", f"{limbs_free(freed)} fore-limb(s) free")
    return state.replace_combatant(freed), (event,)
