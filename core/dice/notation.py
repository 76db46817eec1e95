"""What a GM types, read once, in core: checks, amounts, damage and weapons.

One parser per notation, used by every dialog and by the offers that build
commands from typed text (:mod:`core.offers.base`). Each raises
:class:`NotationError` (a :class:`~core.errors.RulesError`) with a message
saying what to type instead.

- check: ``STR 14 adv theft`` -> :class:`CheckRequest`
- amount: ``7`` or ``2d6+1`` -> an int or a dice expression
- damage: ``2d6 fire + 3 piercing`` -> :class:`~core.combat.attacks.WeaponDamage`
  parts; a part without a type is bludgeoning (one DEFAULT for weapons and
  damage without an attack alike)
- attack: damage parts plus ``adv``, ``dis``, ``ranged``, ``offhand``,
  ``+N`` to hit, ``override`` -> :class:`AttackRequest`
"""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.attacks import UNARMED, Weapon, WeaponDamage
from core.dice.checks import Advantage
from core.combat.damage import DamageType
from core.dice.rolls import parse
from core.values import limits as lim
from core.errors import DiceError, NotationError
from core.dice.modifiers import Reach

UNTYPED_DAMAGE = DamageType.BLUDGEONING
"""DEFAULT type of a damage part typed without one (TAC-DMG-1 needs a type)."""


@dataclass(frozen=True)
class CheckRequest:
    """``STR 14 adv`` -> stat ``STR``, difficulty 14, advantage."""

    stat: str
    difficulty: int | None
    advantage: Advantage
    purpose: str = ""


def parse_check(text: str, stat_names: tuple[str, ...]) -> CheckRequest:
    """Read ``STAT [DIFFICULTY] [adv|dis] [what for]`` (any order after the
    stat, case-insensitive; a unique prefix of the stat is enough). Other
    words say what the check is for: ``DEX theft`` applies rule EQ-DAY-2.
    Difficulty 1..100."""
    words = text.split()
    if not words:
        raise NotationError(f"type a stat: {', '.join(stat_names)}")
    wanted = words[0].upper()
    matches = [s for s in stat_names if s.upper().startswith(wanted)]
    exact = [s for s in stat_names if s.upper() == wanted]
    if exact:
        stat = exact[0]
    elif len(matches) == 1:
        stat = matches[0]
    elif matches:
        raise NotationError(f"{words[0]!r} could be {' or '.join(matches)}: type more letters")
    else:
        raise NotationError(f"unknown stat {words[0]!r}; use one of {', '.join(stat_names)}")
    difficulty: int | None = None
    advantage = disadvantage = False
    purpose: list[str] = []
    for word in words[1:]:
        low = word.lower()
        if low in ("adv", "advantage", "+"):
            advantage = True
        elif low in ("dis", "disadvantage", "-"):
            disadvantage = True
        elif low.lstrip("-").isdigit():
            if not lim.is_whole(low.lstrip("-")):
                raise NotationError("difficulty must be between 1 and 100")
            difficulty = int(low)
            if not 1 <= difficulty <= 100:
                raise NotationError("difficulty must be between 1 and 100")
        else:
            purpose.append(word)
    return CheckRequest(stat, difficulty, Advantage.combine(advantage, disadvantage), " ".join(purpose))


def parse_amount(text: str) -> int | str:
    """A whole number of hit points (>= 1), or a dice expression to roll
    (returned as text, checked to parse)."""
    value = text.strip()
    if not value:
        raise NotationError("type a number, e.g. 7, or dice, e.g. 2d6+1")
    if value.startswith("-"):
        raise NotationError("amounts cannot be negative; to heal use h, to damage use d")
    if value.lstrip("+").isdigit():
        if not lim.is_whole(value.lstrip("+")):
            raise NotationError(f"type a whole number of at most {lim.MAX_NUMBER_DIGITS} digits 0-9, e.g. 7")
        amount = int(value)
        if amount == 0:
            raise NotationError("0 changes nothing")
        return amount
    if any(ch.isdigit() for ch in value) and "d" in value.lower():
        _dice(value)
        return value
    raise NotationError(f"{value!r} is not a number; type e.g. 7 or 2d6+1")


def _dice(word: str) -> None:
    try:
        parse(word, allow_comments=False)
    except DiceError as problem:
        raise NotationError(str(problem)) from None


def _damage_type(word: str) -> DamageType | None:
    return next((t for t in DamageType if t.value == word.lower()), None)


def parse_damage(text: str) -> tuple[WeaponDamage, ...]:
    """Read damage parts: ``2d6 fire``, ``3 piercing + 2 slashing``, ``5``
    (untyped: :data:`UNTYPED_DAMAGE`). At least one part."""
    parts, rest = damage_and_words(text)
    if rest:
        raise NotationError(f"did not understand {rest[0]!r}: write damage like '2d6 fire' or '3 piercing + 2 slashing'")
    if not parts:
        raise NotationError("type damage like '2d6 fire' or '3 piercing + 2 slashing'")
    return parts


def damage_and_words(text: str) -> tuple[tuple[WeaponDamage, ...], list[str]]:
    """Damage parts and the other words of ``text``, in order: ``"1d6
    hands caught the string"`` -> ``((1d6 untyped,), ["hands", "caught",
    ...])``. For entries that mix damage with words of their own (a
    mishap, a fall); raises :class:`NotationError` for bad dice."""
    tokens = text.replace(",", " ").split()
    parts: list[WeaponDamage] = []
    words: list[str] = []
    index = 0
    while index < len(tokens):
        word = tokens[index]
        low = word.lower()
        if low in ("+", "and"):
            pass
        elif any(ch.isdigit() for ch in low) and not (low[:1] in "+-" and lim.is_whole(low[1:])):
            _dice(word)
            damage_type = UNTYPED_DAMAGE
            named = _damage_type(tokens[index + 1]) if index + 1 < len(tokens) else None
            if named is not None:
                damage_type = named
                index += 1
            parts.append(WeaponDamage(word, damage_type))
        else:
            words.append(word)
        index += 1
    return tuple(parts), words


@dataclass(frozen=True)
class AttackRequest:
    """``3 piercing + 2 slashing +1 adv ranged`` -> a weapon, advantage and options."""

    weapon: Weapon
    advantage: Advantage
    off_hand: bool = False
    override: bool = False


ATTACK_WORDS = "adv, dis, ranged, offhand, long, metal, +N to hit, override"


def parse_attack(text: str) -> AttackRequest:
    """Read a weapon typed as damage parts and options.

    ``1d6 slashing``, ``3 piercing + 2 slashing``, ``1d8 +1 adv``, ``1d4
    fire ranged``; empty (or ``unarmed``) is an unarmed strike (EQ-ACT-5).
    """
    parts, words = damage_and_words(text)
    bonus = 0
    advantage = disadvantage = off_hand = override = long = metal = False
    reach = Reach.MELEE
    for word in words:
        low = word.lower()
        if low in ("adv", "advantage"):
            advantage = True
        elif low in ("dis", "disadvantage"):
            disadvantage = True
        elif low in ("ranged", "range", "shoot"):
            reach = Reach.RANGED
        elif low in ("offhand", "off-hand"):
            off_hand = True
        elif low in ("override", "force"):
            override = True
        elif low == "unarmed":
            pass
        elif low in ("long", "polearm"):
            long = True
        elif low == "metal":  # TAC-EFF-3: corrosion lowers a metal weapon's to-hit
            metal = True
        elif low[:1] in "+-" and lim.is_whole(low[1:]):
            bonus += int(low)
        else:
            raise NotationError(f"did not understand {word!r}: write damage like '1d6 slashing' and options {ATTACK_WORDS}")
    name = " + ".join(f"{p.expression} {p.damage_type.value}" for p in parts) if parts else UNARMED.name
    weapon = Weapon(name, parts, bonus=bonus, reach=reach, long=long, metal=metal) if parts or bonus or reach is not Reach.MELEE or long or metal else UNARMED
    return AttackRequest(weapon, Advantage.combine(advantage, disadvantage), off_hand, override)
