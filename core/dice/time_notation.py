"""Parsing what the GM types on the time screen (key ``T``): spans of
time, animals to train, ruses and their uses. Parsers raise
:class:`~core.errors.NotationError` with the expected form; the rules
themselves are the core's (:mod:`core.campaign.timekeeping`, :mod:`core.campaign.training_commands`)."""

from __future__ import annotations

import re

from core.campaign.timekeeping import parse_span
from core.errors import NotationError, RulesError
from core.campaign.training_commands import RUSE_CHECKS, StartTraining, UseRuse

SPAN_HELP = "a span and why: 10m, 2h 30m, 3d, 5r (rounds of 10 s), 45s; then a reason (rest, travel)"
TRAIN_HELP = "ANIMAL [ИНТ] [sapient]: TRICK [by TRAINER]; ИНТ from the sheet when the animal is a combatant"
RUSE_HELP = "a name; 'bought NAME' for one bought as an ability (never wears out)"
USE_HELP = "NAME [: none|user|victim|contest] [by USER] [on VICTIM] [vs DIFFICULTY]"
_SPAN_WORD = re.compile(r"^\d{1,7}[srmhd]$", re.IGNORECASE)


def parse_advance(text: str) -> tuple[int, str]:
    """``"2h 30m rest"`` -> ``(9000, "rest")``."""
    words = text.split()
    count = 0
    while count < len(words) and _SPAN_WORD.match(words[count]):
        count += 1
    if count == 0:
        raise NotationError(f"start with a span of time: {SPAN_HELP}")
    try:
        seconds = parse_span(" ".join(words[:count]))
    except RulesError as problem:
        raise NotationError(str(problem)) from None
    return seconds, " ".join(words[count:])


def parse_training(text: str) -> StartTraining:
    """``"Rex 2: fetch by Ayla"`` -> ``StartTraining("Rex", "fetch", 2, "Ayla")``."""
    if ":" not in text:
        raise NotationError(f"type {TRAIN_HELP}")
    left, right = (part.strip() for part in text.split(":", 1))
    words = left.split()
    sapient = bool(words) and words[-1].lower() == "sapient"
    if sapient:
        words = words[:-1]
    intelligence = None
    if len(words) > 1 and re.fullmatch(r"-?\d{1,3}", words[-1]):
        intelligence = int(words[-1])
        words = words[:-1]
    trick, _, trainer = right.partition(" by ")
    if not words or not trick.strip():
        raise NotationError(f"type {TRAIN_HELP}")
    return StartTraining(" ".join(words), trick.strip(), intelligence, trainer.strip(), sapient)


def parse_ruse(text: str) -> tuple[str, bool]:
    """``"bought trojan horse"`` -> ``("trojan horse", True)``."""
    words = text.split()
    bought = len(words) > 1 and words[0].lower() == "bought"
    name = " ".join(words[1:] if bought else words)
    if not name:
        raise NotationError(f"type {RUSE_HELP}")
    return name, bought


def parse_use(text: str, ids: dict[str, str]) -> UseRuse:
    """``"sand: contest by Ayla on Boar vs 14"`` -> a :class:`UseRuse`;
    ``ids`` maps combatant names (any case) to ids."""
    rest = text.strip()
    found: dict[str, str] = {}
    for key in ("vs", "on", "by"):  # from the end: names may hold spaces
        head, sep, tail = rest.rpartition(f" {key} ")
        if sep:
            found[key], rest = tail.strip(), head.strip()
    name, _, check = rest.partition(":")
    check = check.strip().lower() or ("user" if "by" in found and "on" not in found else "victim" if "on" in found and "by" not in found else "contest" if found.keys() & {"by", "on"} == {"by", "on"} else "none")
    if not name.strip():
        raise NotationError(f"type {USE_HELP}")
    if check not in RUSE_CHECKS:
        raise NotationError(f"the check is one of {', '.join(RUSE_CHECKS)}: {USE_HELP}")
    lowered = {n.casefold(): i for n, i in ids.items()}
    people = {}
    for key, role in (("by", "user"), ("on", "victim")):
        if key in found:
            if found[key].casefold() not in lowered:
                raise NotationError(f"no combatant named {found[key]!r}")
            people[role] = lowered[found[key].casefold()]
    difficulty = None
    if "vs" in found:
        if not found["vs"].isdigit():
            raise NotationError(f"the difficulty is a number, not {found['vs']!r}")
        difficulty = int(found["vs"])
    return UseRuse(name.strip(), check, people.get("user"), people.get("victim"), difficulty)
