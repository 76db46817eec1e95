"""Offers of srd35's movement details: armour and load
(SRD-MOV-13), bodies that are obstacles (SRD-MOV-15), attacks of
opportunity, the 5-ft step, Tumble and Overrun (SRD-MOV-16), Escape
Artist (SRD-MOV-17). Called from the srd35 ruleset's ``extra_offers``;
each builds one command of :mod:`core.rulesets.srd35.commands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.combat import commands as cmd
from core.rulesets.srd35 import commands as sc
from core.errors import IllegalCommand
from core.offers.offer import Group, Need, Offer, OfferContext
from core.offers.attacks import attack_command
from core.rulesets.srd35.maneuvers import opportunity_refusal, step_refusal

if TYPE_CHECKING:
    from core.rulesets.srd35.movement import SrdMovement

_BONUS_HELP = "the skill's ranks and bonuses as +N (empty: none)"


def _bonus(text: str, rule: str) -> int:
    word = text.strip()
    if not word:
        return 0
    body = word[1:] if word[:1] in "+-" else word
    if not body.isdigit() or len(body) > 3:
        raise IllegalCommand(f"a bonus is a number like +5, not {word!r}", rule)
    return int(word)


def parse_burden(who: str, text: str) -> sc.SetBurden:
    """``armour none|light|medium|heavy``, ``load light|medium|heavy`` and
    bonuses ``type+feet`` (``enhancement+30``; ``type+0`` removes it), in any order."""
    words = text.lower().split()
    if not words:
        raise IllegalCommand("write e.g. 'armour heavy load medium barbarian+10'", "SRD-MOV-13")
    armour = load = None
    bonuses: dict[str, int] = {}
    while words:
        word = words.pop(0)
        if word in ("armour", "armor", "load"):
            if not words:
                raise IllegalCommand(f"{word} what? (none, light, medium, heavy)", "SRD-MOV-13")
            value = words.pop(0)
            value = "" if value == "none" else value
            if word == "load":
                load = value
            else:
                armour = value
        elif "+" in word:
            kind, _, feet = word.partition("+")
            if not feet.isdigit() or len(feet) > 3:
                raise IllegalCommand(f"a speed bonus is type+feet (enhancement+30), not {word!r}", "SRD-MOV-13")
            bonuses[kind] = int(feet)
        else:
            raise IllegalCommand(f"did not understand {word!r}: armour X, load X or type+feet", "SRD-MOV-13")
    return sc.SetBurden(who, armour, load, bonuses or None)


def _overrun(attacker: str, defender: str, text: str) -> sc.Overrun:
    avoid, mine, theirs = False, 0, 0
    for word in text.lower().split():
        if word == "avoid":
            avoid = True
        elif word.startswith("d") and len(word) > 1:
            theirs = _bonus(word[1:], "SRD-MOV-16")
        else:
            mine = _bonus(word, "SRD-MOV-16")
    return sc.Overrun(attacker, defender, avoid, mine, theirs)


def srd_offers(c: OfferContext) -> tuple[Offer, ...]:
    """The offers of SRD-MOV-13, -15, -16, -17 for the actor and the selected target."""
    actor, other = c.actor, c.other
    found: list[Offer] = []
    who = c.target or actor
    if who is not None:
        feet, how = cast("SrdMovement", c.ruleset.movement).land_speed(who)  # the srd35 ruleset's
        found.append(c.offer(
            "burden", f"{who.name}: armour, load and speed bonuses (land speed {feet} ft)", Group.MOVEMENT,
            lambda text, w=who.id: parse_burden(w, text), check=False, rule="SRD-MOV-13", needs=Need.TEXT,
            prompt=f"{how}. armour none|light|medium|heavy, load light|medium|heavy, bonuses type+feet",
            example="armour heavy barbarian+10", target=who.id,
        ))
    if c.target is not None:
        t = c.target
        found.append(c.offer(
            "body", f"{t.name}: body is {t.body or 'ordinary'} (obstacle when helpless / fills its squares)", Group.MOVEMENT,
            lambda text, w=t.id: sc.SetBody(w, "" if text.strip().lower() in ("", "none") else text.strip().lower()), check=False,
            rule="SRD-MOV-15", needs=Need.TEXT, prompt="obstacle (helpless: each square costs 2), fills (no tumbling through) or none",
            example="obstacle", target=t.id,
        ))
    if actor is None:
        return tuple(found)
    a = actor.id
    squeezing = any(x.name == "squeezing" for x in actor.conditions)
    if not squeezing and max(actor.space) > 1:
        for along, words in (("ns", "north-south"), ("ew", "east-west")):
            found.append(c.offer(
                f"squeeze.{along}", f"{actor.name}: squeeze into a 1-square passage running {words} (half its width, x2 cost, -4)",
                Group.MOVEMENT, lambda _, w=along: cmd.Squeeze(a, True, w), rule="SRD-MOV-17", actor=a,
            ))
    if any(x.name == "prone" for x in actor.conditions):
        found.append(c.offer(
            "stand-up", f"{actor.name}: stand up (a move action; prone, it crawls 5 ft a move)", Group.MOVEMENT,
            lambda _: sc.StandUp(a), rule="SRD-MOV-9", actor=a,
        ))
    if c.fighting:
        found.append(c.offer(
            "five-foot-step", f"{actor.name}: 5-ft step (1 square, provokes nothing, no other movement)", Group.MOVEMENT,
            lambda cell: sc.FiveFootStep(a, tuple(cell)), check=False, rule="SRD-MOV-16", needs=Need.CELL, actor=a,
            refusal=step_refusal(actor),
        ))
        found.append(c.offer(
            "tumble", f"{actor.name}: Tumble past threatened squares (DC {c.ruleset.settings.tumble_dc_threatened}, half speed)",
            Group.MOVEMENT, lambda text: sc.Tumble(a, None, _bonus(text, "SRD-MOV-16")), check=False, rule="SRD-MOV-16",
            needs=Need.TEXT, prompt=_BONUS_HELP, example="+5", actor=a,
        ))
    found.append(c.offer(
        "escape-artist", f"{actor.name}: squeeze through less than half its space (Escape Artist DC {c.ruleset.settings.escape_artist_dc})",
        Group.MOVEMENT, lambda text: sc.EscapeArtist(a, _bonus(text, "SRD-MOV-17")), check=False, rule="SRD-MOV-17",
        needs=Need.TEXT, prompt=_BONUS_HELP, example="+8", actor=a,
    ))
    if other is None:
        return tuple(found)
    o = other.id
    if c.fighting:
        found.append(c.offer(
            "tumble.through", f"{actor.name}: Tumble through {other.name}'s squares (DC {c.ruleset.settings.tumble_dc_through})",
            Group.MOVEMENT, lambda text: sc.Tumble(a, o, _bonus(text, "SRD-MOV-16")), check=False, rule="SRD-MOV-16",
            needs=Need.TEXT, prompt=_BONUS_HELP, example="+5", actor=a, target=o,
        ))
        found.append(c.offer(
            "aoo", f"{other.name} makes an attack of opportunity on {actor.name} (reaction)", Group.ACTION,
            lambda text: sc.OpportunityAttack(attack_command(c.state, c.ruleset, o, a, text)), check=False, rule="SRD-MOV-16",
            spends=("aoo",), needs=Need.TEXT, prompt="weapon damage (empty = unarmed), as for an attack", example="1d8 slashing",
            actor=o, target=a, refusal=opportunity_refusal(c, c.state, other, actor),
        ))
    found.append(c.offer(
        "overrun", f"{actor.name} overruns {other.name} (standard action during the move)", Group.MOVEMENT,
        lambda text: _overrun(a, o, text), check=False, rule="SRD-MOV-16", spends=(c.ruleset.settings.overrun_kind,),
        needs=Need.TEXT, prompt="'avoid' if it lets it pass; +N its bonus, d+N the defender's (stability +4)", example="d+4",
        actor=a, target=o,
    ))
    return tuple(found)
