"""Offers of the maneuvers (jumps, falls, teleport, squeezing,
burrowing, climbing, reactions, weapon areas), built from the ruleset's
components. :func:`generic` is part of every ruleset's offers; the
others are called from the ruleset's :meth:`Ruleset.extra_offers`.

Each offer builds one command of :mod:`core.combat.commands`; an offer that needs
a cell (``Need.CELL``) gets it from the map cursor in the TUI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.errors import IllegalCommand
from core.values.mobility import Layer, MoveType
from core.dice.notation import damage_and_words, parse_attack
from core.offers.offer import Group, Need, Offer, OfferContext
from core.offers.attacks import attack_command
from core.combat.reactions import reaction_refusal
from core.combat.maneuvers.falls import fall_height

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset

DIRECTION_WORDS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}


def parse_direction(word: str, rule: str) -> tuple[int, int]:
    """``n``, ``ne`` ... ``nw`` -> a direction (dx, dy); y grows downward (the map as drawn)."""
    found = DIRECTION_WORDS.get(word.strip().lower())
    if found is None:
        raise IllegalCommand(f"a direction is one of {', '.join(DIRECTION_WORDS)}, not {word!r}", rule)
    return found


def _cell_words(words: list[str], rule: str) -> tuple[tuple[int, int], list[str]]:
    numbers = [w for w in words if w.lstrip("-").isdigit()]
    if len(numbers) < 2:
        raise IllegalCommand("give the cell as two numbers: x y", rule)
    rest = list(words)
    rest.remove(numbers[0])
    rest.remove(numbers[1])
    return (int(numbers[0]), int(numbers[1])), rest


# -- every ruleset -------------------------------------------------------------------------
def generic(c: OfferContext) -> tuple[Offer, ...]:
    """Falling (every ruleset has a fall rule) and teleport (a creature with a teleport speed)."""
    found: list[Offer] = []
    actor, target = c.actor, c.target
    who = target or actor
    if who is not None and who.position is not None:
        height = fall_height(c.state, c.ruleset, who)
        default = f" (empty: {height} cells, from where it is)" if height is not None else ""
        rule = c.ruleset.falling.rule
        found.append(c.offer(
            "fall", f"{who.name} falls", Group.MOVEMENT, lambda text, w=who.id: _fall(w, text), check=False, rule=rule,
            needs=Need.TEXT, prompt=f"height in cells{default}", example=str(height or 6), target=who.id,
        ))
    if actor is not None and actor.position is not None and actor.speed_of(MoveType.TELEPORT):
        rule = "PR-TEL-1" if MoveType.BURROW in c.ruleset.movement.moves else c.ruleset.movement.budget_rule
        found.append(c.offer(
            "teleport", f"{actor.name} teleports", Group.MOVEMENT, lambda cell, a=actor.id: cmd.Teleport(a, tuple(cell)), check=False,
            rule=rule, needs=Need.CELL, actor=actor.id,
        ))
    return tuple(found)


def _fall(who: str, text: str, **extra: Any) -> cmd.Fall:
    words = text.split()
    if not words:
        return cmd.Fall(who, **extra)
    if len(words) != 1 or not words[0].isdigit() or len(words[0]) > 4:
        raise IllegalCommand(f"a fall height is a whole number of cells, not {text.strip()!r}")
    return cmd.Fall(who, int(words[0]), **extra)


# -- jumps ------------------------------------------------------------------------------------
def jumps(c: OfferContext) -> tuple[Offer, ...]:
    """The jump offers of the ruleset's jump capability (EQ-MOV-6, TAC-MOV-3, PR-MOV-4)."""
    actor, rule = c.actor, c.ruleset.jump
    if actor is None or rule is None:
        return ()
    refusal = None if actor.position is not None else f"{actor.name} is not on the map"
    if refusal is None and actor.layer is not Layer.GROUND:
        refusal = f"{actor.name} is not on the ground ({actor.layer.value})"
    return tuple(
        c.offer(way.id, f"{actor.name}: {way.label}", Group.MOVEMENT, lambda cell, a=actor.id, g=dict(way.given): cmd.Jump(a, tuple(cell), **g),
                check=False, rule=rule.rule, spends=way.spends, needs=Need.CELL, actor=actor.id, refusal=refusal)
        for way in rule.offers
    )


def squeezing(c: OfferContext) -> tuple[Offer, ...]:
    """SRD-MOV-8: start or stop squeezing."""
    actor = c.actor
    if actor is None or "squeezing" not in c.ruleset.conditions:
        return ()
    on = not any(x.name == "squeezing" for x in actor.conditions)
    label = "squeeze through a narrow space (x2 cost, -4 attacks and AC)" if on else "stop squeezing"
    found = [c.offer("squeeze", f"{actor.name}: {label}", Group.MOVEMENT, lambda _, a=actor.id, o=on: cmd.Squeeze(a, o), rule="SRD-MOV-8", actor=actor.id)]
    if c.fighting:
        found.append(c.offer(
            "minimum-move", f"{actor.name}: minimum move, 1 square whatever it costs (full round, provokes)", Group.MOVEMENT,
            lambda cell, a=actor.id: cmd.MinimumMove(a, tuple(cell)), check=False, rule="SRD-MOV-10", spends=("full_round",),
            needs=Need.CELL, actor=actor.id,
        ))
    return tuple(found)


# -- power_roll ---------------------------------------------------------------------------------
def power_roll(c: OfferContext) -> tuple[Offer, ...]:
    """Burrowing (PR-BUR-1..4), climbing a creature (PR-CLB-1), teleporting
    another (PR-TEL-2), landing on a creature (PR-FALL-2)."""
    actor, other = c.actor, c.other
    if actor is None:
        return ()
    found: list[Offer] = []
    name = actor.name
    for down in (True, False):
        way = "down" if down else "up"
        found.append(c.offer(f"dig.{way}", f"{name}: dig {way} (burrowers, size cells)", Group.MOVEMENT,
                             lambda _, a=actor.id, d=down: cmd.Dig(a, d), rule="PR-BUR-1", spends=("maneuver",), actor=actor.id))
        found.append(c.offer(f"dig-earth.{way}", f"{name}: Dig Earth {way} 1 cell (Might roll)", Group.MOVEMENT,
                             lambda _, a=actor.id, d=down: cmd.DigEarth(a, d), rule="PR-BUR-3", spends=("maneuver",), actor=actor.id))
    if other is None:
        return tuple(found)
    o = other.name
    found += [
        c.offer("climb", f"{name} climbs {o} (unwilling: Might/Agility roll)", Group.MOVEMENT,
                lambda _, a=actor.id, t=other.id: cmd.ClimbCreature(a, t), rule="PR-CLB-1", actor=actor.id, target=other.id),
        c.offer("climb.willing", f"{name} climbs {o}, who lets it", Group.MOVEMENT,
                lambda _, a=actor.id, t=other.id: cmd.ClimbCreature(a, t, True), rule="PR-CLB-1", actor=actor.id, target=other.id),
        c.offer("shake-off", f"{name} shakes {o} off", Group.ACTION,
                lambda _, a=actor.id, t=other.id: cmd.ShakeOff(a, t), rule="PR-CLB-1", spends=("main",), actor=actor.id, target=other.id),
        c.offer("pull-out", f"{name} pulls {o} out of the ground", Group.MOVEMENT,
                lambda _, a=actor.id, t=other.id: cmd.PullOut(a, t), rule="PR-BUR-4", spends=("maneuver",), actor=actor.id, target=other.id),
        c.offer("forced", f"{name} force-moves {o} (push, pull, slide)", Group.MOVEMENT, lambda text, a=actor.id, t=other.id: _forced(t, text, a),
                check=False, rule="PR-BUR-2", needs=Need.TEXT, actor=actor.id, target=other.id, example="push 3",
                prompt=f"push N (away from {name}), pull N (toward it), slide N n/ne/e/se/s/sw/w/nw; 'down' for a push downward (a fall, PR-FALL-4)"),
        c.offer("teleport.other", f"{name} teleports {o}", Group.ACTION, lambda text, a=actor.id, t=other.id: _teleport_other(a, t, text),
                check=False, rule="PR-TEL-2", needs=Need.TEXT, prompt="destination x y, the effect's distance, 'stand' to get it up",
                example="5 4 3", actor=actor.id, target=other.id),
        c.offer("fall.onto", f"{name} falls onto {o}", Group.MOVEMENT, lambda text, a=actor.id, t=other.id: _fall(a, text, onto=t),
                check=False, rule="PR-FALL-2", needs=Need.TEXT, prompt="height in cells (empty: from where it is)", example="4",
                actor=actor.id, target=other.id),
    ]
    return tuple(found)


def _forced(target: str, text: str, source: str = "") -> cmd.ForcedMove:
    """``push 3``, ``pull 2``, ``slide 2 ne``, ``3 down`` (seed 004's forced movement, PR-BUR-2, PR-FALL-4)."""
    words = text.lower().split()
    down = "down" in words
    numbers = [w for w in words if w.isdigit() and len(w) <= 4]
    if not numbers:
        raise IllegalCommand("how many cells?", "PR-BUR-2")
    kind = next((w for w in words if w in ("push", "pull", "slide")), "push")
    direction = next((w for w in words if w in ("n", "ne", "e", "se", "s", "sw", "w", "nw")), "")
    if kind == "slide" and not direction:
        raise IllegalCommand("slide which way? n, ne, e, se, s, sw, w or nw", "PR-BUR-2")
    return cmd.ForcedMove(target, int(numbers[0]), down, kind, source if kind != "slide" else "", direction)


def _teleport_other(actor: str, target: str, text: str) -> cmd.Teleport:
    words = text.lower().split()
    stand = "stand" in words
    words = [w for w in words if w != "stand"]
    cell, rest = _cell_words(words, "PR-TEL-2")
    if len(rest) != 1 or not rest[0].isdigit() or len(rest[0]) > 4:
        raise IllegalCommand("give the effect's distance in cells after the cell", "PR-TEL-2")
    return cmd.Teleport(actor, cell, target, int(rest[0]), stand)


# -- equestria ------------------------------------------------------------------------------------
def equestria(c: OfferContext) -> tuple[Offer, ...]:
    """EQ-ACT-4 reactions (dodge, block, catch), EQ-FALL-2 controlled fall,
    EQ-MNT-6 thrown from a mount."""
    actor, other = c.actor, c.other
    if actor is None:
        return ()
    found: list[Offer] = []
    s = c.ruleset.settings
    found.append(c.offer("fall.controlled", f"{actor.name} falls, with Acrobatics", Group.MOVEMENT,
                         lambda text, a=actor.id: _fall(a, text, controlled=True), check=False, rule="EQ-FALL-2",
                         needs=Need.TEXT, prompt="height in cells (empty: from where it is); success falls 4 less", example="6", actor=actor.id))
    if actor.mounted_on is not None:
        found.append(c.offer("fall.thrown", f"{actor.name} is thrown from its mount (a fall of {s.thrown_rider_fall})", Group.MOVEMENT,
                             lambda _, a=actor.id: cmd.Fall(a, s.thrown_rider_fall, cause="thrown from its mount (EQ-MNT-6)"),
                             rule="EQ-MNT-6", actor=actor.id))
    if other is None:
        return tuple(found)

    attacker_refusal = None
    if c.fighting and c.ruleset.attack_kind:  # the attack itself first: the attacker's action (EQ-ACT-1)
        try:
            c.ruleset.check_spend(actor, c.ruleset.attack_kind)
        except IllegalCommand as problem:
            attacker_refusal = str(problem)
    for how, stat in (("dodge", s.dodge_stat), ("block", s.block_stat)):
        refusal = attacker_refusal or (reaction_refusal(_Probe(c.ruleset, c.state), other, how) if c.fighting else None)
        found.append(c.offer(
            f"attack.{how}", f"{actor.name} attacks {other.name}, who {'dodges' if how == 'dodge' else 'blocks'} if hit ({stat} check)",
            Group.ACTION, lambda text, a=actor.id, t=other.id, h=how: cmd.DefendedAttack(attack_command(c.state, c.ruleset, a, t, text), h),
            check=False, rule="EQ-ACT-4", spends=("full", "reaction"), needs=Need.TEXT,
            prompt="weapon damage (empty = unarmed), as for an attack", example="1d6 slashing", actor=actor.id, target=other.id, refusal=refusal,
        ))
    found.append(c.offer(
        "throw", f"{actor.name} throws an item to {other.name}", Group.ACTION, lambda text, a=actor.id, t=other.id: _throw(a, t, text),
        check=False, rule="EQ-ACT-4", spends=(s.throw_action,), needs=Need.TEXT,
        prompt="the item, and 'nocatch' if it does not try to catch", example="rope", actor=actor.id, target=other.id,
    ))
    return tuple(found)


class _Probe:
    """The part of an encounter :func:`core.combat.reactions.reaction_refusal` reads."""

    def __init__(self, ruleset: Ruleset, state: EncounterState) -> None:
        self.ruleset, self.state = ruleset, state  # the state: a rider dodges with its mount's reaction (EQ-MNT-4)


def _throw(actor: str, target: str, text: str) -> cmd.ThrowItem:
    words = text.split()
    catch = "nocatch" not in (w.lower() for w in words)
    item = " ".join(w for w in words if w.lower() != "nocatch")
    if not item:
        raise IllegalCommand("name the item", "EQ-ACT-4")
    return cmd.ThrowItem(actor, target, item, catch)


# -- tactical_d10 --------------------------------------------------------------------------------
def weapon_areas(c: OfferContext) -> tuple[Offer, ...]:
    """TAC-ATK-2/3 area swings, the explosive epicentre and the spear wall (TAC-DMG-2)."""
    actor = c.actor
    if actor is None:
        return ()
    a = actor.id
    return (
        c.offer("attack.area", f"{actor.name}: area swing (damage split among those hit)", Group.ACTION,
                lambda text: _area(a, text), check=False, rule="TAC-ATK-2", spends=("action",), needs=Need.TEXT,
                prompt="weapon damage and a direction (n ne e se s sw w nw), 'left' for chopping's other side",
                example="1d8 bludgeoning e", actor=a),
        c.offer("attack.explosive", f"{actor.name}: explosive attack at an epicentre", Group.ACTION,
                lambda text: _explosive(a, text), check=False, rule="TAC-DMG-2", spends=("action",), needs=Need.TEXT,
                prompt="explosive damage, then 'at' the epicentre x y, rN for the radius", example="2d6 explosive at 5 4 r1", actor=a),
        c.offer("spear-wall", f"{actor.name}: spear wall", Group.ACTION, lambda text: _spear_wall(a, text), check=False,
                rule="TAC-DMG-2", spends=("action",), needs=Need.TEXT, prompt="piercing weapon damage and the direction it faces",
                example="1d8 piercing n", actor=a),
    )


def _weapon_and_words(text: str, rule: str) -> tuple[Any, list[str]]:
    parts, words = damage_and_words(text)
    if not parts:
        raise IllegalCommand("type the weapon's damage, e.g. 1d8 bludgeoning", rule)
    weapon = parse_attack(" + ".join(f"{p.expression} {p.damage_type.value}" for p in parts)).weapon
    return weapon, words


def _area(attacker: str, text: str) -> cmd.AreaAttack:
    weapon, words = _weapon_and_words(text, "TAC-ATK-2")
    side = -1 if "left" in (w.lower() for w in words) else 1
    words = [w for w in words if w.lower() not in ("left", "right")]
    if len(words) != 1:
        raise IllegalCommand("give one direction: n ne e se s sw w nw", "TAC-ATK-2")
    return cmd.AreaAttack(attacker, weapon, parse_direction(words[0], "TAC-ATK-2"), side)


def _explosive(attacker: str, text: str) -> cmd.AreaAttack:
    damage, at, where = text.lower().partition(" at ")
    if not at:
        raise IllegalCommand("write the damage, then 'at x y', e.g. '2d6 explosive at 5 4 r1'", "TAC-DMG-2")
    weapon, words = _weapon_and_words(damage, "TAC-DMG-2")
    if words:
        raise IllegalCommand(f"did not understand {words[0]!r}", "TAC-DMG-2")
    words = where.split()
    radius = 1
    for word in list(words):
        if word.lower().startswith("r") and word[1:].isdigit() and len(word) <= 3:
            radius = int(word[1:])
            words.remove(word)
    cell, rest = _cell_words(words, "TAC-DMG-2")
    if rest:
        raise IllegalCommand(f"did not understand {rest[0]!r}", "TAC-DMG-2")
    return cmd.AreaAttack(attacker, weapon, epicentre=cell, radius=radius)


def _spear_wall(combatant: str, text: str) -> cmd.SpearWall:
    weapon, words = _weapon_and_words(text, "TAC-DMG-2")
    if len(words) != 1:
        raise IllegalCommand("give the direction it faces: n ne e se s sw w nw", "TAC-DMG-2")
    return cmd.SpearWall(combatant, weapon, parse_direction(words[0], "TAC-DMG-2"))
