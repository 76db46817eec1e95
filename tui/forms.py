"""Parsing what the GM types into dialogs. Errors are ``ValueError`` with a message."""

from __future__ import annotations

from dataclasses import dataclass

from core.checks import Advantage


@dataclass(frozen=True)
class CheckRequest:
    """``STR 14 adv`` -> stat ``STR``, difficulty 14, advantage."""

    stat: str
    difficulty: int | None
    advantage: Advantage


def parse_check(text: str, stat_names: tuple[str, ...]) -> CheckRequest:
    """Read ``STAT [DIFFICULTY] [adv|dis]`` (any order after the stat,
    case-insensitive; a unique prefix of the stat is enough)."""
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
    else:
        raise ValueError(f"unknown stat {words[0]!r}; use one of {', '.join(stat_names)}")
    difficulty: int | None = None
    advantage = disadvantage = False
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
            raise ValueError(f"did not understand {word!r}: write e.g. 'STR 14 adv'")
    return CheckRequest(stat, difficulty, Advantage.combine(advantage, disadvantage))


def parse_amount(text: str) -> int | str:
    """A whole number of hit points, or a dice expression to roll (returned as text)."""
    value = text.strip()
    if not value:
        raise ValueError("type a number, e.g. 7, or dice, e.g. 2d6+1")
    if value.lstrip("+-").isdigit():
        return int(value)
    if any(ch.isdigit() for ch in value) and "d" in value.lower():
        return value
    raise ValueError(f"{value!r} is not a number; type e.g. 7 or 2d6+1")
