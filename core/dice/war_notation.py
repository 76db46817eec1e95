"""Parsing what the GM types to set up a mass battle (rules EQ-WAR-1, EQ-WAR-2).
Errors are :class:`~core.errors.NotationError` with a message."""

from __future__ import annotations

from dataclasses import dataclass

from core.values import limits as lim
from core.campaign.war.battle import Hero
from core.errors import NotationError

ARMY_HELP = "name soldiers [str N] [cha N] [mod N] [bp N] [leader NAME]"
HEROES_HELP = "name army(1/2 or its name) modifier; ... (empty: no heroes)"

_KEYS = {
    "str": "strategy", "strategy": "strategy", "tactics": "strategy", "tac": "strategy",
    "cha": "charisma", "char": "charisma", "charisma": "charisma", "хар": "charisma", "morale": "charisma",
    "mod": "modifier", "modifier": "modifier", "bp": "points", "points": "points",
}


@dataclass(frozen=True)
class ArmyRequest:
    """One army as typed: ``North 10000 str 2 cha 1 leader Kael``."""

    name: str
    soldiers: int
    strategy: int = 0
    charisma: int = 0
    modifier: int = 0
    points: int | None = None
    leader: str = ""


def _int(word: str, what: str) -> int:
    if not lim.is_whole(word.lstrip("+-")):
        raise NotationError(f"{what} needs a whole number of at most {lim.MAX_NUMBER_DIGITS} digits, not {word[:20]!r}")
    try:
        return int(word)
    except ValueError:
        raise NotationError(f"{what} needs a whole number, not {word!r}") from None


def parse_army(text: str) -> ArmyRequest:
    """Read ``name soldiers [str N] [cha N] [mod N] [bp N] [leader NAME]``:
    the words before the first number are the name. Raises :class:`NotationError`
    for no name, no soldiers, fewer than 1 soldier (EQ-WAR-1) or a word it
    does not know."""
    words = text.replace(",", " ").split()
    name: list[str] = []
    while words and not words[0].lstrip("+-").isdigit():
        name.append(words.pop(0))
    if not name:
        raise NotationError(f"start with the army's name, then its soldiers: {ARMY_HELP}")
    if not words:
        raise NotationError(f"how many soldiers has {' '.join(name)}? {ARMY_HELP}")
    soldiers = _int(words.pop(0), "soldiers")
    if soldiers <= 0:
        raise NotationError(f"an army needs at least 1 soldier, not {soldiers} (EQ-WAR-1)")
    values: dict[str, int | str] = {}
    while words:
        key = words.pop(0).lower()
        if key == "leader":
            values["leader"] = " ".join(words)
            break
        field = _KEYS.get(key)
        if field is None:
            raise NotationError(f"did not understand {key!r}: {ARMY_HELP}")
        if not words:
            raise NotationError(f"{key} needs a number")
        values[field] = _int(words.pop(0), key)
    if "points" in values and int(values["points"]) < 1:
        raise NotationError("an army needs at least 1 battle point (EQ-WAR-4)")
    return ArmyRequest(" ".join(name), soldiers, **values)  # type: ignore[arg-type]


def parse_heroes(text: str, armies: tuple[str, str]) -> tuple[Hero, ...]:
    """Read ``Ayla 2 +4; Brom North +3``: each hero's name, army (1, 2 or a
    prefix of its name) and check modifier (EQ-WAR-2). Empty: no heroes.
    Raises :class:`NotationError` for a hero without a side."""
    heroes = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        modifier = 0
        if len(words) >= 2 and words[-1].lstrip("+-").isdigit() and (words[-1][0] in "+-" or len(words) >= 3):
            modifier = int(words.pop())
        if len(words) < 2:
            raise NotationError(f"hero {' '.join(words) or '?'} has no side: write its name, then army 1 or 2 (EQ-WAR-2)")
        side_word = words.pop().lower()
        side = _side(side_word, armies)
        if side is None:
            raise NotationError(f"hero {' '.join(words)} has no side: {side_word!r} is neither 1, 2, {armies[0]} nor {armies[1]} (EQ-WAR-2)")
        heroes.append(Hero(" ".join(words), side, modifier))
    return tuple(heroes)


def _side(word: str, armies: tuple[str, str]) -> int | None:
    if word in ("1", "2"):
        return int(word) - 1
    matches = [i for i, name in enumerate(armies) if name.lower().startswith(word)]
    return matches[0] if len(matches) == 1 else None
