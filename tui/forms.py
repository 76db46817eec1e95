"""Parsing what the GM types into dialogs. Errors are ``ValueError`` with a message."""

from __future__ import annotations

from dataclasses import dataclass

from core.attacks import Weapon
from core.checks import Advantage


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
    words say what the check is for: ``DEX theft`` applies rule EQ-DAY-2."""
    words = text.split()
    if not words:
        raise ValueError(f"type a stat: {', '.join(stat_names)}")
    wanted = words[0].upper()
    matches = [s for s in stat_names if s.upper().startswith(wanted)]
    exact = [s for s in stat_names if s.upper() == wanted]
    if exact:
        stat = exact[0]
    elif len(matches) == 1:
        stat = matches[0]
    elif matches:
        raise ValueError(f"{words[0]!r} could be {' or '.join(matches)}: type more letters")
    else:
        raise ValueError(f"unknown stat {words[0]!r}; use one of {', '.join(stat_names)}")
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
            difficulty = int(low)
            if not 1 <= difficulty <= 100:
                raise ValueError("difficulty must be between 1 and 100")
        else:
            purpose.append(word)
    return CheckRequest(stat, difficulty, Advantage.combine(advantage, disadvantage), " ".join(purpose))


def parse_amount(text: str) -> int | str:
    """A whole number of hit points, or a dice expression to roll (returned as text)."""
    value = text.strip()
    if not value:
        raise ValueError("type a number, e.g. 7, or dice, e.g. 2d6+1")
    if value.startswith("-"):
        raise ValueError("amounts cannot be negative; to heal use h, to damage use d")
    if value.lstrip("+").isdigit():
        amount = int(value)
        if amount == 0:
            raise ValueError("0 changes nothing")
        return amount
    if any(ch.isdigit() for ch in value) and "d" in value.lower():
        return value
    raise ValueError(f"{value!r} is not a number; type e.g. 7 or 2d6+1")


@dataclass(frozen=True)
class AttackRequest:
    """``3 piercing + 2 slashing +1 adv ranged`` -> a weapon, advantage and options."""

    weapon: Weapon
    advantage: Advantage
    off_hand: bool = False
    override: bool = False


ATTACK_WORDS = "adv, dis, ranged, offhand, +N to hit, override"


def parse_attack(text: str) -> AttackRequest:
    """Read a weapon typed as damage components and options.

    ``1d6 slashing``, ``3 piercing + 2 slashing``, ``1d8 +1 adv``, ``1d4
    fire ranged``; empty (or ``unarmed``) is an unarmed strike (EQ-ACT-5).
    A component without a type is bludgeoning. Raises ``ValueError``.
    """
    from core.attacks import UNARMED, Weapon, WeaponDamage
    from core.damage import DamageType
    from core.dice import DiceError, parse
    from core.modifiers import Reach

    types = {t.value: t for t in DamageType}
    tokens = text.replace(",", " ").split()
    parts: list[WeaponDamage] = []
    bonus = 0
    advantage = disadvantage = off_hand = override = False
    reach = Reach.MELEE
    index = 0
    while index < len(tokens):
        word = tokens[index]
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
        elif low in ("+", "and", "unarmed"):
            pass
        elif low[:1] in "+-" and low[1:].isdigit():
            bonus += int(low)
        elif any(ch.isdigit() for ch in low):
            try:
                parse(word, allow_comments=False)
            except DiceError as problem:
                raise ValueError(str(problem)) from None
            damage_type = DamageType.BLUDGEONING
            if index + 1 < len(tokens) and tokens[index + 1].lower() in types:
                damage_type = types[tokens[index + 1].lower()]
                index += 1
            parts.append(WeaponDamage(word, damage_type))
        else:
            raise ValueError(f"did not understand {word!r}: write damage like '1d6 slashing' and options {ATTACK_WORDS}")
        index += 1
    name = " + ".join(f"{p.expression} {p.damage_type.value}" for p in parts) if parts else UNARMED.name
    weapon = Weapon(name, tuple(parts), bonus=bonus, reach=reach) if parts or bonus or reach is not Reach.MELEE else UNARMED
    return AttackRequest(weapon, Advantage.combine(advantage, disadvantage), off_hand, override)
