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
- attack: damage parts plus a stat, ``+N`` to hit, ``ranged`` / ``range N``,
  ``reach N``, ``offhand``, ``long``, ``metal``, ``tiers A/B/C``, ``adv``,
  ``dis``, ``override`` -> :class:`AttackRequest` (and back: :func:`attack_text`)
"""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.attacks import UNARMED, Weapon, WeaponDamage
from core.dice.checks import Advantage
from core.combat.damage import DamageType
from core.dice.rolls import parse
from core.values import limits as lim
from core.errors import DiceError, NotationError
from core.values.attacks import SavedAttack
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


ATTACK_WORDS = "a stat (DEX), +N to hit, ranged, range N, reach N, offhand, long, metal, tiers A/B/C, adv, dis, override"
MAX_CELLS = 999
"""Longest reach or range a weapon may name, in cells."""

_MELEE_WORDS = ("melee",)
_RANGED_WORDS = ("ranged", "range", "shoot")


def _cells(word: str, value: str | None) -> int:
    if value is None or not lim.is_whole(value) or not 1 <= int(value) <= MAX_CELLS:
        raise NotationError(f"'{word}' takes a number of cells from 1 to {MAX_CELLS}, e.g. '{word} 2'")
    return int(value)


def _tiers(value: str | None) -> tuple[str, ...]:
    """``3/6/9`` or ``1d6/2d6/3d6``: the damage of tiers 1, 2 and 3 (PR-ROLL-1)."""
    parts = (value or "").split("/")
    if len(parts) != 3 or not all(parts):
        raise NotationError("'tiers' takes the damage of tiers 1, 2 and 3 joined by '/', e.g. 'tiers 3/6/9' (PR-ROLL-1)")
    for part in parts:
        _dice(part)
    return tuple(parts)


def parse_attack(text: str, stat_names: tuple[str, ...] = ()) -> AttackRequest:
    """Read a weapon typed as damage parts and options.

    ``1d6 slashing``, ``3 piercing + 2 slashing``, ``1d8 +1 adv``, ``1d6
    piercing DEX range 16``, ``1d8 slashing reach 2 long metal``; empty
    (or ``unarmed``) is an unarmed strike (EQ-ACT-5). A word that is one of
    ``stat_names`` (any case) is the stat the attack rolls with (else the
    ruleset's attack stat, EQ-ACT-4). ``reach N`` / ``range N`` are cells;
    ``range`` makes the attack ranged. ``tiers A/B/C`` is power-roll tier
    damage (PR-ROLL-1); ``metal`` for corrosion (TAC-EFF-3); ``long`` for
    polearms (TAC-OPT-1). :func:`attack_text` writes the same text back.
    """
    tokens = text.replace(",", " ").split()
    kept: list[str] = []
    reach_cells = range_cells = 0
    tier_damage: tuple[str, ...] = ()
    ranged = melee = False
    index = 0
    while index < len(tokens):  # words that take a value first: their numbers are not damage
        low = tokens[index].lower()
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if low == "reach":
            reach_cells = _cells("reach", following)
            index += 2
            continue
        if low == "range" and following is not None and lim.is_whole(following):
            range_cells = _cells("range", following)
            ranged = True
            index += 2
            continue
        if low == "tiers":
            tier_damage = _tiers(following)
            index += 2
            continue
        kept.append(tokens[index])
        index += 1
    parts, words = damage_and_words(" ".join(kept))
    bonus = 0
    stat = ""
    advantage = disadvantage = off_hand = override = long = metal = False
    stats = {name.lower(): name for name in stat_names}
    for word in words:
        low = word.lower()
        if low in ("adv", "advantage"):
            advantage = True
        elif low in ("dis", "disadvantage"):
            disadvantage = True
        elif low in _RANGED_WORDS:
            ranged = True
        elif low in _MELEE_WORDS:
            melee = True
        elif low in ("offhand", "off-hand"):
            off_hand = True
        elif low in ("override", "force"):
            override = True
        elif low == "unarmed":
            pass
        elif low in ("long", "polearm"):
            long = True
        elif low == "metal":
            metal = True
        elif low in stats:
            if stat and stat != stats[low]:
                raise NotationError(f"an attack rolls with one stat: {stat} or {stats[low]}?")
            stat = stats[low]
        elif low[:1] in "+-" and lim.is_whole(low[1:]):
            bonus += int(low)
        else:
            raise NotationError(f"did not understand {word!r}: write damage like '1d6 slashing' and options {ATTACK_WORDS}")
    if ranged and (melee or reach_cells):
        raise NotationError("an attack is melee (reach N) or ranged (range N), not both")
    if abs(bonus) > 100:
        raise NotationError("a bonus to hit is between -100 and +100")
    name = " + ".join(f"{p.expression} {p.damage_type.value}" for p in parts) if parts else UNARMED.name
    weapon = Weapon(
        name, parts, bonus=bonus, stat=stat, reach=Reach.RANGED if ranged else Reach.MELEE, metal=metal,
        tier_damage=tier_damage, long=long, reach_cells=reach_cells, range_cells=range_cells,
    )
    return AttackRequest(weapon, Advantage.combine(advantage, disadvantage), off_hand, override)


def attack_text(request: AttackRequest) -> str:
    """The text :func:`parse_attack` reads back as ``request`` (its
    ``to_text``): ``"1d6 piercing + 1 fire DEX +1 range 16 offhand adv"``;
    ``"unarmed"`` for a plain unarmed strike."""
    weapon = request.weapon
    words = [" + ".join(f"{p.expression} {p.damage_type.value}" for p in weapon.damage)] if weapon.damage else []
    if weapon.stat:
        words.append(weapon.stat)
    if weapon.bonus:
        words.append(f"{weapon.bonus:+d}")
    if weapon.range_cells:
        words.append(f"range {weapon.range_cells}")
    elif weapon.reach is Reach.RANGED:
        words.append("ranged")
    if weapon.reach_cells:
        words.append(f"reach {weapon.reach_cells}")
    words += [word for word, on in (("long", weapon.long), ("metal", weapon.metal), ("offhand", request.off_hand)) if on]
    if weapon.tier_damage:
        words.append("tiers " + "/".join(weapon.tier_damage))
    if request.advantage is not Advantage.NONE:
        words.append("adv" if request.advantage is Advantage.ADVANTAGE else "dis")
    if request.override:
        words.append("override")
    return " ".join(words) or "unarmed"


MAX_ATTACKS = 12
"""Saved attacks on one sheet."""


def parse_saved_attack(text: str, stat_names: tuple[str, ...] = ()) -> SavedAttack:
    """A saved attack as a sheet line: ``NAME: WEAPON [uses ABILITY]``.

    ``Shortbow: 1d6 piercing DEX range 16``, ``Fire breath: 2d6 fire range 6
    uses Fire Breath`` (each attack spends a use of the creature's limited
    use ``Fire Breath``), ``Claws: 1d4 slashing`` ; without a colon the
    weapon names itself (``1d6 piercing``). The weapon is checked with
    :func:`parse_attack`; raises :class:`NotationError`."""
    line = " ".join(text.split())
    name, colon, weapon = line.partition(":")
    if not colon:
        name, weapon = "", line
    name, weapon = name.strip(), weapon.strip()
    uses = ""
    words = weapon.split()
    lowered = [w.lower() for w in words]
    if "uses" in lowered:
        at = lowered.index("uses")
        uses, weapon = " ".join(words[at + 1:]), " ".join(words[:at])
        if not uses:
            raise NotationError("'uses' takes the name of a limited use, e.g. 'uses Fire Breath'")
    if not weapon and not name:
        raise NotationError("write an attack as NAME: WEAPON, e.g. 'Shortbow: 1d6 piercing DEX range 16'")
    request = parse_attack(weapon, stat_names)
    for what, value in (("an attack's name", name), ("a limited use's name", uses)):
        if len(value) > lim.MAX_NAME or any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in value) or any(ch in value for ch in ";|"):
            raise NotationError(f"{what} has at most {lim.MAX_NAME} printable characters, without ';' or '|'")
    return SavedAttack(name or request.weapon.name, attack_text(request), uses)


def saved_attack_text(attack: SavedAttack) -> str:
    """The sheet line :func:`parse_saved_attack` reads back as ``attack``."""
    return f"{attack.name}: {attack.weapon}" + (f" uses {attack.uses}" if attack.uses else "")


def parse_saved_attacks(text: str, stat_names: tuple[str, ...] = ()) -> tuple[SavedAttack, ...]:
    """Several saved attacks joined by ``;`` (a roster line's ``attacks``
    tail): ``Bite: 1d6 piercing; Javelin: 1d4 piercing range 6``."""
    found = tuple(parse_saved_attack(part, stat_names) for part in text.split(";") if part.strip())
    if len(found) > MAX_ATTACKS:
        raise NotationError(f"a sheet holds at most {MAX_ATTACKS} attacks")
    names = [a.name.casefold() for a in found]
    twice = next((a.name for a in found if names.count(a.name.casefold()) > 1), None)
    if twice is not None:
        raise NotationError(f"two attacks are named {twice!r}: give each its own name")
    return found


def saved_attacks_text(attacks: tuple[SavedAttack, ...]) -> str:
    """The ``;``-joined lines :func:`parse_saved_attacks` reads back."""
    return "; ".join(saved_attack_text(a) for a in attacks)
