"""Parsing what the GM types into the travel planner (rules EQ-TRV-1, EQ-TRV-2).
Errors are :class:`~core.errors.NotationError` with a message."""

from __future__ import annotations

from core.values import limits as lim
from core.campaign.travel import WEATHERS, Leg
from core.errors import NotationError

def group_help(pace: str = "pace") -> str:
    """How to type a group, naming its ``pace`` as the ruleset does
    (:func:`core.rulesets.campaign_tools.pace_name`: MOVE, speed)."""
    return f"name {pace}, name {pace}, ... (e.g. Ayla 3, Pony 2)"


GROUP_HELP = group_help()
LEGS_HELP = "terrain km [weather]; ... (e.g. forest 21 rain; road 30)"


def parse_group(text: str, pace: str = "pace") -> dict[str, int]:
    """``Ayla 3, Pony 2`` -> ``{"Ayla": 3, "Pony": 2}`` (each member's ДВИЖ,
    EQ-TRV-1); messages name it ``pace`` (the ruleset's MOVE or speed)."""
    group: dict[str, int] = {}
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        if len(words) < 2 or not words[-1].lstrip("+-").isdigit():
            raise NotationError(f"{part.strip()!r}: write a name, then its {pace}: {group_help(pace)}")
        if not lim.is_whole(words[-1].lstrip("+-")):
            raise NotationError(f"{pace} is a whole number of at most {lim.MAX_NUMBER_DIGITS} digits ({part.strip()})")
        move = int(words[-1])
        if move < 0:
            raise NotationError(f"{pace} cannot be negative ({part.strip()})")
        group[" ".join(words[:-1])] = move
    if not group:
        raise NotationError(f"name at least one traveller: {group_help(pace)}")
    return group


def parse_legs(text: str) -> list[Leg]:
    """``forest 21 rain; dense forest 5; road 30 snow`` -> legs: the words
    before the distance are the terrain, after it the weather (default clear).
    A leg without a terrain is kept with an empty one, for the rules to refuse (EQ-TRV-1)."""
    legs = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        numbers = [i for i, w in enumerate(words) if w.isdigit()]
        if not numbers:
            raise NotationError(f"{part.strip()!r}: how many km? {LEGS_HELP}")
        at = numbers[0]
        if not lim.is_whole(words[at]):
            raise NotationError(f"{part.strip()!r}: km is a whole number of at most {lim.MAX_NUMBER_DIGITS} digits")
        weather = " ".join(words[at + 1:]).lower() or "clear"
        if weather not in WEATHERS:
            raise NotationError(f"unknown weather {weather!r}: use {', '.join(WEATHERS)}")
        legs.append(Leg(" ".join(words[:at]).lower(), int(words[at]), weather))
    if not legs:
        raise NotationError(f"add at least one leg: {LEGS_HELP}")
    return legs
