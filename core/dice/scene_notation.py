"""The one line a GM types for a scene event (:class:`core.values.scene_events.SceneEvent`).

``COUNT NAME[: TEXT]`` then options after ``;``, in any order:

- ``2d6 fire`` (a dice expression, optionally ``dice 2d6 fire``): rolled when it fires;
- ``area radius 2 at C4``: the area it covers, as free text;
- ``round 3`` or ``from round 3``: the first round it fires in (DEFAULT 1);
- ``once``: only in that round; ``every round``: every round from it (DEFAULT);
- ``secret``: kept off the players' view.

``20 Lair action: roots grab; 2d6 bludgeoning; area radius 2 at C4`` and
``30 Wolves arrive: 4 wolves at the north gate; round 3; once``.
"""

from __future__ import annotations

import re

from core.errors import NotationError
from core.values.limits import MAX_NUMBER_DIGITS
from core.values.scene_events import SceneEvent

EXAMPLE = "20 Lair action: roots grab; 2d6 bludgeoning; round 2; once"
_HEAD = re.compile(r"^\s*([+-]?\d{1,%d})\s+([^:;]+?)\s*(?::\s*(.*))?$" % MAX_NUMBER_DIGITS)
_ROUND = re.compile(r"^(?:from\s+)?round\s+(\d{1,%d})$" % MAX_NUMBER_DIGITS, re.IGNORECASE)
_DICE = re.compile(r"^\d*d\d+", re.IGNORECASE)


def parse_scene_event(text: str, scene_id: str) -> SceneEvent:
    """The scene event ``text`` describes, with id ``scene_id``; raises
    :class:`NotationError` saying what to type (the rules check the rest:
    a free count, the dice, the lengths; :mod:`core.combat.scene_events`)."""
    head, *options = text.split(";")
    found = _HEAD.match(head)
    if not found:
        raise NotationError(f"type the count, then the name: {EXAMPLE}")
    count, name, said = int(found.group(1)), found.group(2).strip(), (found.group(3) or "").strip()
    dice = area = ""
    first_round, repeats, secret = 1, True, False
    for option in (o.strip() for o in options):
        lower = option.lower()
        round_match = _ROUND.match(option)
        if not option:
            continue
        if lower == "once":
            repeats = False
        elif lower in ("every round", "repeats", "each round"):
            repeats = True
        elif lower == "secret":
            secret = True
        elif round_match:
            first_round = int(round_match.group(1))
        elif lower.startswith("area "):
            area = option[5:].strip()
        elif lower.startswith("dice "):
            dice = option[5:].strip()
        elif _DICE.match(option):
            dice = option
        else:
            raise NotationError(f"{option!r} is not an option: dice (2d6 fire), area ..., round N, once, every round, secret")
    return SceneEvent(scene_id, name, count, said, dice, area, first_round, repeats, secret)


def scene_event_line(event: SceneEvent) -> str:
    """The line :func:`parse_scene_event` reads back as ``event`` (to edit it)."""
    parts = [f"{event.initiative} {event.name}" + (f": {event.text}" if event.text else "")]
    if event.dice:
        parts.append(event.dice if _DICE.match(event.dice) else f"dice {event.dice}")
    if event.area:
        parts.append(f"area {event.area}")
    if event.first_round > 1:
        parts.append(f"round {event.first_round}")
    if not event.repeats:
        parts.append("once")
    if event.secret:
        parts.append("secret")
    return "; ".join(parts)
