"""Who the tokens on a text map are: an optional roster under the map.

A map file may go on, after a blank line, with one line per token::

    A Aria party hp 12 DEX 2 STR 1
    B Brute foe hp 20 STR 3 ac 5
    🐗 Boar foe hp 16 STR 3

The first word is the token's glyph as drawn on the map; the words up to a
side (``party``, ``foe``, ``neutral``), ``hp``, ``ac`` or a stat (capital
letters followed by a number) are the name. Lines starting with ``#`` are
comments. Tokens without a line become foes named after their glyph with
10 HP. Errors are :class:`~core.errors.MapFormatError` with the file's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.combatant import Side
from core.errors import MapFormatError
from core.grid import TextMap, from_text, split_glyphs

STAT = re.compile(r"^[A-Z][A-Z_]{0,15}$")
NUMBER = re.compile(r"^[+-]?\d+$")
DEFAULT_HP = 10


@dataclass(frozen=True)
class RosterEntry:
    """Name, side, hit points, AC and stats of one token."""

    name: str
    side: Side = Side.FOE
    hp: int = DEFAULT_HP
    ac: int = 0
    stats: dict[str, int] = field(default_factory=dict)


def split_map(text: str) -> tuple[str, str, int]:
    """(map text, roster text, line number where the roster starts)."""
    lines = text.replace("\r\n", "\n").split("\n")
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    return "\n".join(lines[start:end]), "\n".join(lines[end:]), end + 1


def parse_roster(text: str, first_line: int = 1) -> dict[str, RosterEntry]:
    """Roster lines -> {glyph: entry}; raises :class:`MapFormatError`."""
    roster: dict[str, RosterEntry] = {}
    for offset, raw in enumerate(text.split("\n")):
        number = first_line + offset
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        glyph = split_glyphs(line)[0]
        words = line[len(glyph):].split()
        name_words: list[str] = []
        side, hp, ac, stats = Side.FOE, DEFAULT_HP, 0, {}
        index = 0
        while index < len(words):
            word = words[index]
            low = word.lower()
            following = words[index + 1] if index + 1 < len(words) else ""
            if low in ("party", "foe", "neutral"):
                side = Side(low)
            elif low in ("hp", "ac") and NUMBER.match(following):
                value = int(following)
                if low == "hp":
                    if value < 1:
                        raise MapFormatError(f"hp must be at least 1 for {glyph}", number)
                    hp = value
                else:
                    ac = value
                index += 1
            elif STAT.match(word) and NUMBER.match(following):
                stats[word] = int(following)
                index += 1
            elif not (side is not Side.FOE or stats or hp != DEFAULT_HP or ac):
                name_words.append(word)
            else:
                raise MapFormatError(f"did not understand {word!r} (after the name come: party/foe/neutral, hp N, ac N, STAT N)", number)
            index += 1
        if glyph in roster:
            raise MapFormatError(f"{glyph} is listed twice", number)
        name = " ".join(name_words) or f"Creature {glyph}"
        if any(ord(ch) < 32 for ch in name):
            raise MapFormatError("control character in a name", number)
        roster[glyph] = RosterEntry(name[:60], side, hp, ac, stats)
    return roster


def read_map_file(text: str) -> tuple[TextMap, dict[str, RosterEntry]]:
    """A map file: the map, then (optionally) its roster. Every roster glyph
    must stand on the map."""
    map_text, roster_text, first_line = split_map(text)
    text_map = from_text(map_text)
    roster = parse_roster(roster_text, first_line)
    on_map = {t.glyph for t in text_map.tokens}
    for glyph in roster:
        if glyph not in on_map:
            raise MapFormatError(f"the roster names {glyph}, which is not on the map")
    return text_map, roster
