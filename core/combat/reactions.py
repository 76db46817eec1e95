"""Reactions and catching (rule EQ-ACT-4): dodge and block declared after
an attack hits and before its damage is rolled, and throwing an item to
someone who may catch it.

Handlers of :class:`core.combat.commands.DefendedAttack` and
:class:`core.combat.commands.ThrowItem`. The stats, the shield requirement and
the action kinds are the ruleset's capability :attr:`Ruleset.reactions`
(a :class:`ReactionRules` filled from its settings ``dodge_stat``,
``block_stat``, ``block_min_str``, ``throw_stat``, ``catch_stat``,
``throw_action``; the shield is ``shield_word``); a ruleset without it refuses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Inventory
from core.errors import IllegalCommand
from core.combat.economy import spend_kind
from core.combat.resolution import attack
from core.combat.mounted.moves import dodge

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table, TableView

Result = tuple[Any, tuple[ev.Event, ...]]
REACTIONS = ("dodge", "block")


@dataclass(frozen=True)
class ReactionRules:
    """The capability :attr:`Ruleset.reactions` (EQ-ACT-4, EQ-ACT-9): the
    stat a dodge and a block roll, the least block stat a block needs, the
    stats of throwing and catching an item, and the action kind a throw spends."""

    dodge_stat: str
    block_stat: str
    block_min_str: int
    throw_stat: str
    catch_stat: str
    throw_action: str


def _settings(enc: TableView) -> ReactionRules:
    rules = enc.ruleset.reactions
    if rules is None:
        raise IllegalCommand(f"{enc.ruleset.id} has no dodge, block or catch reactions", "EQ-ACT-4")
    return rules


def has_shield(who: Any, settings: Any) -> bool:
    """Whether ``who`` carries a shield (an inventory item named with ``shield_word``)."""
    word = settings.shield_word.lower()  # CommonSettings
    return any(word in item.lower() for item in who.inventory.quick + who.inventory.slow)


def reaction_refusal(enc: TableView, defender: Any, how: str) -> str | None:
    """Why ``defender`` cannot ``how`` (dodge / block) now, or ``None`` (EQ-ACT-2, EQ-ACT-4)."""
    s = _settings(enc)
    if how not in REACTIONS:
        return f"a reaction to a hit is {' or '.join(REACTIONS)}, not {how!r}"
    kind = enc.ruleset.off_turn_kinds[0] if enc.ruleset.off_turn_kinds else "reaction"
    state = getattr(enc, "state", None)
    if how == "dodge" and state is not None:  # EQ-MNT-4: a rider's dodge is its mount's, with the mount's reaction
        found = dodge(state, enc.ruleset, defender)
        if found is not None:
            defender = found[0]
    try:
        enc.ruleset.check_spend(defender, kind)
    except IllegalCommand as problem:
        return str(problem)
    if how == "block":
        if not has_shield(defender, enc.ruleset.settings):
            return f"{defender.name} has no shield to block with (EQ-ACT-4)"
        strength = defender.stat(s.block_stat)
        if strength < s.block_min_str:
            return f"blocking needs {s.block_stat} {s.block_min_str:+d}, {defender.name} has {strength:+d} (EQ-ACT-4)"
    return None


def defended_attack(enc: Table, state: EncounterState, command: cmd.DefendedAttack) -> Result:
    """EQ-ACT-4: the attack; if it hits, the target spends its reaction on a
    dodge (DEX check) or block (STR check, shield, STR >= +1) before the
    damage; success takes no damage. Refused up front when the target
    cannot react, so nothing is rolled."""
    s = _settings(enc)
    attack_command = command.attack
    defender = state.combatant(attack_command.target)
    refusal = reaction_refusal(_Seen(enc, state), defender, command.how)
    if refusal is not None:
        raise IllegalCommand(refusal, "EQ-ACT-4")
    kind = enc.ruleset.off_turn_kinds[0] if enc.ruleset.off_turn_kinds else "reaction"
    stat = s.dodge_stat if command.how == "dodge" else s.block_stat


    mounted = dodge(state, enc.ruleset, defender) if command.how == "dodge" else None  # EQ-MNT-4

    def react(now: Any) -> tuple[Any, tuple[ev.Event, ...], bool]:
        found: list[ev.Event] = []
        spender = mounted[0].id if mounted is not None else defender.id
        if now.round > 0:
            now, spent = spend_kind(enc, now, spender, kind)
            found.extend(spent)
        who = now.combatant(defender.id)
        value, label, rule = (mounted[1], mounted[2], "EQ-MNT-4") if mounted is not None else (who.stat(stat), stat, "EQ-ACT-4")
        check = enc.ruleset.roll_check(enc.rng, value, purpose=f"{command.how} ({rule})")
        found.append(ev.CheckRolled(who.id, who.name, label, check, now.round, now.current))
        avoided = check.tier.succeeded
        found.append(ev.Maneuvered(who.id, who.name, rule, command.how, "no damage" if avoided else "the hit lands", check))
        return now, tuple(found), avoided

    return attack(enc, state, attack_command, before_damage=react)


class _Seen:
    """The encounter as :func:`reaction_refusal` reads it, at ``state``."""

    def __init__(self, enc: TableView, state: EncounterState) -> None:
        self.ruleset, self.state = enc.ruleset, state


def throw_item(enc: Table, state: EncounterState, command: cmd.ThrowItem) -> Result:
    """EQ-ACT-4 quick action: the thrower's DEX check; on a success and if
    the catcher tries, it spends its reaction on a DEX check; a caught item
    moves to its belt, else it drops next to the catcher (EQ-ACT-9)."""
    s = _settings(enc)
    thrower, catcher = state.combatant(command.thrower), state.combatant(command.catcher)
    item = command.item.strip()
    if not item:
        raise IllegalCommand("name the item thrown", "EQ-ACT-4")
    if thrower.id == catcher.id:
        raise IllegalCommand(f"{thrower.name} cannot throw to itself", "EQ-ACT-4")
    kind = enc.ruleset.off_turn_kinds[0] if enc.ruleset.off_turn_kinds else "reaction"
    if command.catch:
        refusal = None
        try:
            enc.ruleset.check_spend(catcher, kind)
        except IllegalCommand as problem:
            refusal = str(problem)
        if refusal is not None:
            raise IllegalCommand(f"{refusal}: it cannot catch (throw without a catch)", "EQ-ACT-4")
    events: list[ev.Event] = []
    if state.round > 0:
        state, spent = spend_kind(enc, state, thrower.id, s.throw_action)
        events.extend(spent)
    throw = enc.ruleset.roll_check(enc.rng, thrower.stat(s.throw_stat), purpose=f"throw {item} to {catcher.name} (EQ-ACT-4)")
    events.append(ev.CheckRolled(thrower.id, thrower.name, s.throw_stat, throw, state.round, state.current))
    caught = False
    if not throw.tier.succeeded:
        events.append(ev.Maneuvered(thrower.id, thrower.name, "EQ-ACT-9", f"throws {item}", "a failed throw goes elsewhere (GM)", throw, catcher.id, catcher.name))
    elif command.catch:
        if state.round > 0:
            state, spent = spend_kind(enc, state, catcher.id, kind)
            events.extend(spent)
        who = state.combatant(catcher.id)
        check = enc.ruleset.roll_check(enc.rng, who.stat(s.catch_stat), purpose=f"catch {item} (EQ-ACT-4)")
        events.append(ev.CheckRolled(who.id, who.name, s.catch_stat, check, state.round, state.current))
        caught = check.tier.succeeded
        events.append(ev.Maneuvered(who.id, who.name, "EQ-ACT-4", f"catches {item}", "caught" if caught else "dropped next to it", check, thrower.id, thrower.name))
    else:
        events.append(ev.Maneuvered(thrower.id, thrower.name, "EQ-ACT-4", f"throws {item}", "it lands next to the catcher", throw, catcher.id, catcher.name))
    if caught:
        state = _hand_over(state, thrower.id, catcher.id, item)
    else:
        state = _hand_over(state, thrower.id, None, item)
    return state, tuple(events)


def _hand_over(state: EncounterState, giver: str, taker: str | None, item: str) -> Any:
    """Move ``item`` out of ``giver``'s inventory (if listed) into ``taker``'s belt."""
    who = state.combatant(giver)
    inv = who.inventory
    if item in inv.quick:
        index = inv.quick.index(item)
        state = state.replace_combatant(replace(who, inventory=Inventory(inv.quick[:index] + inv.quick[index + 1:], inv.slow)))
    elif item in inv.slow:
        index = inv.slow.index(item)
        state = state.replace_combatant(replace(who, inventory=Inventory(inv.quick, inv.slow[:index] + inv.slow[index + 1:])))
    if taker is not None:
        other = state.combatant(taker)
        state = state.replace_combatant(replace(other, inventory=Inventory(other.inventory.quick + (item,), other.inventory.slow)))
    return state


HANDLERS = {cmd.ThrowItem: throw_item, cmd.DefendedAttack: defended_attack}
