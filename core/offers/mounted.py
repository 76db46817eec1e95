"""Offers and previews of mounted combat (EQ-MNT-1..9) and falling objects
(EQ-FALL-1), for a ruleset with the mounted DEFAULTs (equestria).

A Riding check owed (a hurt mount, a rider or mount moved or knocked down)
is offered at once, whoever's turn it is, with its odds in the label;
the rider's own checks, regaining control, the mount's initiative, a
passenger, calling a bolted animal back and dropping an object are
offered when they apply. :func:`details` gives the exact odds for
:func:`core.offers.base.preview`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat.mounted import commands as mc
from core.dice.checks import check_expression
from core.errors import IllegalCommand
from core.combat.mounted.riding import rider_of, riding_modifiers, thrown_height
from core.offers.offer import Group, Need, Offer, OfferContext

if TYPE_CHECKING:
    from core.combat.state import EncounterState

RIDING_WORDS = {"noreins": "no_reins", "no-reins": "no_reins", "frightened": "frightened", "scared": "frightened"}
RIDING_PROMPT = "Enter to roll; or type noreins (-3), frightened (-6 untrained animal)"
_WHY = {"control": "keep control of {mount} ({cause})", "seat": "stay on {mount} (moved or knocked down)"}


def _options(text: str, rule: str) -> dict[str, bool]:
    found = {"no_reins": False, "frightened": False}
    for word in str(text or "").lower().replace(",", " ").split():
        if word not in RIDING_WORDS:
            raise IllegalCommand(f"did not understand {word!r}: type noreins, frightened, or nothing", rule)
        found[RIDING_WORDS[word]] = True
    return found


def _chance(ruleset: Any, modifier: int, difficulty: int) -> str:
    odds = ruleset.check_odds(modifier, difficulty)
    won = sum((p for tier, p in odds.items() if tier.succeeded), Fraction(0))
    return f"{round(float(won) * 100)}%"


def _riding(c: OfferContext, who: Any, why: str, due: bool) -> Offer:
    s = c.ruleset.settings
    base, mods, _ = riding_modifiers(c.state, s, who)
    chance = _chance(c.ruleset, base + sum(m.value for m in mods), s.riding_difficulty)
    rule = "EQ-MNT-8" if who.passenger else ("EQ-MNT-1" if why == "control" else "EQ-MNT-5")
    mount = c.state.combatant(who.mounted_on).name
    words = _WHY[why].format(mount=mount, cause="it was hurt" if due else "a fright, a refused order")
    label = f"{'Due: ' if due else ''}{who.name}: Riding check to {words} ({chance})"
    return c.offer(f"ride.check.{why}" + (".due" if due else ""), label, Group.ACTION,
                   lambda text, w=who.id, y=why: mc.RidingCheck(w, y, **_options(text, rule)), check=False, rule=rule,
                   needs=Need.TEXT, prompt=RIDING_PROMPT, example="noreins", actor=who.id, target=who.mounted_on)


def offers(c: OfferContext) -> tuple[Offer, ...]:
    """The mounted offers of ``c`` (empty in a ruleset without the rules)."""
    s = c.ruleset.riding
    if s is None:
        return ()
    found: list[Offer] = []
    for who in c.state.combatants:  # owed now, whoever's turn it is (EQ-MNT-1, EQ-MNT-5)
        if who.riding_due in _WHY and who.mounted_on is not None:
            found.append(_riding(c, who, who.riding_due, due=True))
    actor, other = c.actor, c.other
    if actor is not None and actor.mounted_on is not None and c.state.has(actor.mounted_on):
        mount = c.state.combatant(actor.mounted_on)
        if not actor.riding_due:
            for why in (("seat",) if actor.passenger else ("control", "seat")):
                found.append(_riding(c, actor, why, due=False))
        if not actor.control_lost and not actor.passenger:
            found.append(c.offer(
                "ride.refuse", f"{mount.name} refuses an order: {actor.name} loses control (EQ-MNT-6)", Group.ACTION,
                lambda _, a=actor.id: mc.RefuseOrder(a), rule="EQ-MNT-6", actor=actor.id, target=mount.id,
            ))
        if actor.control_lost:
            base, mods, _ = riding_modifiers(c.state, s, actor)
            chance = _chance(c.ruleset, base + sum(m.value for m in mods), s.riding_difficulty)
            found.append(c.offer(
                "ride.regain", f"{actor.name}: regain control of {mount.name} (Riding, a maneuver; {chance})", Group.ACTION,
                lambda text, a=actor.id: mc.RegainControl(a, **_options(text, "EQ-MNT-6")), check=False, rule="EQ-MNT-6",
                spends=("movement",), needs=Need.TEXT, prompt=RIDING_PROMPT, example="", actor=actor.id, target=mount.id,
                refusal=c.refusal_of(mc.RegainControl(actor.id)),
            ))
        if not actor.passenger and mount.initiative is not None and actor.initiative is not None and mount.initiative > actor.initiative:
            found.append(c.offer(
                "ride.initiative", f"{actor.name} and {mount.name} act at {mount.name}'s initiative {mount.initiative} (EQ-MNT-1)", Group.TURN,
                lambda _, a=actor.id, m=mount.id: cmd.SwapInitiative(a, m), rule="EQ-MNT-1", actor=actor.id, target=mount.id,
            ))
    if actor is None or other is None:
        return tuple(found)
    if other.bolted:
        found.append(c.offer(
            "ride.callback", f"{actor.name} calls {other.name} back (an animal skill check)", Group.ACTION,
            lambda text, a=actor.id, t=other.id: mc.CallBack(a, t, text.strip()), check=False, rule="EQ-MNT-7",
            needs=Need.TEXT, prompt=f"the animal skill (empty: {s.riding_skill})", example=s.riding_skill, actor=actor.id, target=other.id,
        ))
    if actor.mounted_on is None and rider_of(c.state, other.id) is not None:
        found.append(c.offer(
            "ride.passenger", f"{actor.name} climbs on {other.name} behind its rider", Group.MOVEMENT,
            lambda _, a=actor.id, t=other.id: mc.MountBehind(a, t), rule="EQ-MNT-8", actor=actor.id, target=other.id,
        ))
    found.append(c.offer(
        "drop", f"An object falls on {other.name} (large, or an item {actor.name} drops)", Group.ACTION,
        lambda text, a=actor.id, t=other.id: drop_command(a, t, text), check=False, rule="EQ-FALL-1", needs=Need.TEXT,
        prompt="large|item, the height in cells; aware + dodge|block if it may avoid it", example="item 6 aware dodge",
        actor=actor.id, target=other.id,
    ))
    return tuple(found)


def drop_command(dropper: str, target: str, text: str) -> mc.DropObject:
    """``large 6`` / ``item 6 aware dodge`` -> :class:`~core.combat.mounted.commands.DropObject` (EQ-FALL-1)."""
    large, height, aware, defence = True, None, False, ""
    for word in str(text or "").lower().split():
        if word in ("large", "item"):
            large = word == "large"
        elif word.isdigit() and len(word) <= 4:
            height = int(word)
        elif word in ("aware", "unaware"):
            aware = word == "aware"
        elif word in ("dodge", "block"):
            defence = word
        else:
            raise IllegalCommand(f"did not understand {word!r}: large|item, a height, aware|unaware, dodge|block", "EQ-FALL-1")
    if height is None:
        raise IllegalCommand("give the height of the fall in cells, e.g. 'large 6'", "EQ-FALL-1")
    return mc.DropObject(target, height, large, None if large else dropper, aware, defence)


def details(state: EncounterState, ruleset: Any, command: Any) -> dict[str, Any] | None:
    """Preview fields (exact odds, modifiers with reasons) of a mounted or
    falling-object command, or ``None`` when ``command`` is not one."""
    s = ruleset.settings
    if isinstance(command, (mc.RidingCheck, mc.RegainControl)):
        who = state.combatant(command.rider)
        base, mods, label = riding_modifiers(state, s, who, command.no_reins, command.frightened)
        total = base + sum(m.value for m in mods)
        if isinstance(command, mc.RegainControl):
            what = "crit: calmed, maneuver back; success: calmed; failure: thrown, it bolts"
        elif command.why == "control":
            what = "failure: control lost (EQ-MNT-6)"
        else:
            what = f"failure: falls off within 1 cell, a fall of {thrown_height(s, state.combatant(who.mounted_on))}"  # type: ignore[arg-type]  # an unmounted rider raises UnknownCombatant, as it always did
        return _check(ruleset, total, s.riding_difficulty, mods, (f"{label} {base:+d}", what))
    if isinstance(command, mc.CallBack):
        who = state.combatant(command.caller)
        skill = (command.skill or s.riding_skill).strip().upper()
        return _check(ruleset, who.stat(skill), s.riding_difficulty, (), (f"{skill} {who.stat(skill):+d}", f"failure: retry in {s.callback_retry_minutes} minutes"))
    if isinstance(command, mc.DropObject):
        fall = ruleset.fall(max(0, command.height))
        damage = fall.dice or str(fall.damage)
        if command.large or command.dropper is None:
            return {"notes": (f"{damage} {s.fall_damage_type} (as a fall of {command.height})",)}
        dropper, target = state.combatant(command.dropper), state.combatant(command.target)
        return _check(ruleset, dropper.stat(s.dropping_skill), ruleset.attack_difficulty(target), (),
                      (f"{s.dropping_skill} {dropper.stat(s.dropping_skill):+d}", f"a hit deals {damage} {s.fall_damage_type}"))
    return None


def _check(ruleset: Any, modifier: int, difficulty: int, modifiers: tuple, notes: tuple[str, ...]) -> dict[str, Any]:
    odds = ruleset.check_odds(modifier, difficulty)
    return {
        "odds": tuple((tier.value, Fraction(p)) for tier, p in odds.items()), "modifiers": modifiers,
        "expression": check_expression(ruleset.check_sides, modifier, count=ruleset.check_count), "difficulty": difficulty, "notes": notes,
    }
