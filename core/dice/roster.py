"""Who the tokens on a text map are: an optional roster under the map.

A map file may go on, after a blank line, with one line per token::

    A Aria party hp 12 DEX 2 STR 1
    B Brute foe hp 20 STR 3 ac 5
    🐗 Boar foe hp 16 STR 3

The first word is the token's glyph as drawn on the map; the words up to a
side (``party``, ``foe``, ``neutral``), ``hp``, ``ac`` or a stat (capital
letters followed by a number) are the name; a bare number right after the
side is the HP (``Wolf foe 9``, as the add dialog takes it). A line may end
with ``on TERRAIN`` (a terrain id of :data:`core.board.grid.TERRAINS`, e.g.
``on water``): the token stands on that terrain, not on open ground (how
:mod:`core.board.map_text` writes a creature standing in water). ``size
large`` (any :class:`core.values.mobility.Size`) gives the creature its
size's footprint (EQ-SIZE-1: large 2x2, huge 3x3 cells), its token on the
footprint's top-left cell; the map may draw the token on every cell of
the footprint (``BB`` over ``BB``), which is then one creature. A footprint
that runs off the map, onto a wall or onto another creature is refused,
naming the token, its cell and why. Lines starting
with ``#`` are comments. Tokens without a line become foes named after
their glyph with 10 HP. Stats must be the ruleset's (``STR`` is not a
``tactical_d10`` stat); names, line lengths and the number of lines are
bounded by :mod:`core.values.limits`. Errors are :class:`~core.errors.MapFormatError`
with the file's line, or :class:`~core.errors.CreatureFormatError` for one
creature typed in a dialog.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.values import limits as lim
from core.values.combatant import Combatant, Side
from core.values.mobility import Size, footprint_offsets
from core.errors import CreatureFormatError, MapFormatError
from core.board.edges import from_text as edge_from_text, is_edge_line
from core.board.grid import TERRAINS, Cell, Grid, TextMap, Token, from_text, split_glyphs
from core.combat.groups import hp_dice_range, is_hp_dice
from core.errors import IllegalCommand, NotationError
from core.dice.notation import parse_saved_attacks
from core.values.attacks import SavedAttack

STAT = re.compile(r"^[A-Z][A-Z_]{0,15}$")
NUMBER = re.compile(rf"^[+-]?\d{{1,{lim.MAX_NUMBER_DIGITS}}}$")
LONG_NUMBER = re.compile(rf"^[+-]?\d{{{lim.MAX_NUMBER_DIGITS + 1},}}$")  # over the digits limit: refused naming it
DEFAULT_HP = 10
SIDES = ("party", "foe", "neutral")


@dataclass(frozen=True)
class RosterEntry:
    """Name, side, hit points, AC and stats of one token."""

    name: str
    side: Side = Side.FOE
    hp: int = DEFAULT_HP
    ac: int = 0
    stats: dict[str, int] = field(default_factory=dict)
    terrain: str | None = None  # a terrain id under the token (``on water``); None: open ground
    hp_dice: str = ""  # HP as dice ("2d8+2"), read only when asked for (parse_creature's ``dice``)
    size: Size = Size.MEDIUM  # ``size large``: its footprint on the map (EQ-SIZE-1)
    attacks: tuple[SavedAttack, ...] = ()  # the saved attacks after ``attacks`` (core.dice.notation.parse_saved_attacks)

    def combatant(self, cid: str, glyph: str = "") -> Combatant:
        """The creature this line describes, at full HP, off the map: the one
        reading of a line for the map's roster, the add dialog and the
        bestiary (its size EQ-SIZE-1, HP dice, AC, stats, attacks)."""
        return Combatant(cid, self.name, self.side, dict(self.stats), self.hp, self.hp, glyph=glyph, ac=self.ac,
                         hp_dice=self.hp_dice, size=self.size, attacks=self.attacks)


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


def stats_text(ruleset) -> str:
    """``"its stats: MUSCLES, BODY, BRAIN, TONGUE"``."""
    return ruleset.sheet_names_text()


def parse_creature(text: str, ruleset=None, dice: bool = False) -> RosterEntry:
    """One creature as typed: ``Wolf foe 9 DEX 2`` (name, then any of a side,
    HP as a bare number after the side or ``hp N``, ``ac N``, ``STAT N``,
    ``dice 2d8+2``: the dice its HP were rolled from, kept in ``hp_dice``
    with ``hp`` as given, as an exported map writes them, ``size large``: a
    size of :class:`core.values.mobility.Size`, EQ-SIZE-1), and last
    ``attacks NAME: WEAPON; NAME: WEAPON``: its saved attacks
    (:func:`core.dice.notation.parse_saved_attacks`, e.g. ``attacks Bite:
    1d6 piercing; Javelin: 1d4 piercing range 6``).

    ``ruleset`` (anything with ``id`` and ``stat_names``), when given,
    refuses stats it does not have. ``dice``: HP may be dice (``Wolf foe
    2d8+2``, checked by :func:`core.combat.groups.hp_dice_range`), kept in
    ``hp_dice`` with the lowest roll as ``hp``. Raises :class:`CreatureFormatError`.
    """
    def hp_word(word: str) -> tuple[int, str] | None:
        if NUMBER.match(word):
            return _hp(int(word)), ""
        if dice and is_hp_dice(word):
            try:
                return hp_dice_range(word)[0], word
            except IllegalCommand as problem:
                raise CreatureFormatError(str(problem)) from None
        return None

    if len(text) > lim.MAX_ROSTER_LINE:
        raise CreatureFormatError(f"the line has {len(text)} characters; at most {lim.MAX_ROSTER_LINE}")
    words = text.split()
    attacks: tuple[SavedAttack, ...] = ()
    tail = next((i for i, w in enumerate(words) if i > 0 and w.lower() == "attacks"), None)
    if tail is not None:
        try:
            attacks = parse_saved_attacks(" ".join(words[tail + 1:]), tuple(ruleset.stat_names) if ruleset is not None else ())
        except NotationError as problem:
            raise CreatureFormatError(f"attacks: {problem}") from None
        words = words[:tail]
    name_words: list[str] = []
    side, hp, ac, stats = Side.FOE, DEFAULT_HP, 0, {}
    hp_dice = ""
    size, seen_size = Size.MEDIUM, False
    seen_side = False
    index = 0
    while index < len(words):
        word = words[index]
        low = word.lower()
        following = words[index + 1] if index + 1 < len(words) else ""
        if LONG_NUMBER.match(following) and (low in SIDES or low in ("hp", "ac") or STAT.match(word)):
            raise CreatureFormatError(f"{_short(word)} {_short(following)}: a number has at most {lim.MAX_NUMBER_DIGITS} digits")
        if low in SIDES and not seen_side:
            side, seen_side = Side(low), True
            read = hp_word(following)
            if read is not None:  # "Wolf foe 9": the HP
                hp, hp_dice = read
                index += 1
        elif low == "hp" and (read := hp_word(following)) is not None:
            hp, hp_dice = read
            index += 1
        elif low == "dice" and is_hp_dice(following) and not hp_dice:  # "hp 13 dice 2d8+2": the HP as rolled, and its dice
            try:
                hp_dice_range(following)
            except IllegalCommand as problem:
                raise CreatureFormatError(str(problem)) from None
            hp_dice = following
            index += 1
        elif low == "size" and following and not seen_size:
            size, seen_size = _size(following), True
            index += 1
        elif low == "ac" and NUMBER.match(following):
            ac = int(following)
            index += 1
        elif STAT.match(word) and NUMBER.match(following):
            if ruleset is not None and word not in ruleset.sheet_names:
                raise CreatureFormatError(f"{word} is not a stat of {ruleset.id} ({stats_text(ruleset)})")
            stats[word] = int(following)
            index += 1
        elif not (seen_side or stats or hp != DEFAULT_HP or hp_dice or ac or seen_size):
            name_words.append(word)
        else:
            raise CreatureFormatError(f"did not understand {_short(word)!r} (after the name come: party/foe/neutral, hp N, ac N, size large, STAT N, then attacks NAME: WEAPON; ...)")
        index += 1
    name = " ".join(name_words)
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise CreatureFormatError("control character in a name")
    if len(name) > lim.MAX_NAME:
        raise CreatureFormatError(f"the name {_short(name)!r} has {len(name)} characters; at most {lim.MAX_NAME}")
    return RosterEntry(name, side, hp, ac, stats, hp_dice=hp_dice, size=size, attacks=attacks)


SIZE_WORDS = ", ".join(s.value for s in Size)


def _size(word: str) -> Size:
    try:
        return Size(word.lower())
    except ValueError:
        raise CreatureFormatError(f"{_short(word)!r} is not a size (the sizes: {SIZE_WORDS})") from None


def _hp(value: int) -> int:
    if not 1 <= value <= lim.MAX_HP:
        raise CreatureFormatError(f"hp must be at least 1 and at most {lim.MAX_HP:,}, not {value}")
    return value


def _short(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_roster(text: str, first_line: int = 1, ruleset=None) -> dict[str, RosterEntry]:
    """Roster lines -> {glyph: entry}; ``ruleset`` as in :func:`parse_creature`.
    Raises :class:`MapFormatError` naming the line."""
    roster: dict[str, RosterEntry] = {}
    for offset, raw in enumerate(text.split("\n")):
        number = first_line + offset
        line = raw.strip()
        if not line or line.startswith("#") or is_edge_line(line):  # edge lines: read_map_file
            continue
        if len(roster) >= lim.MAX_COMBATANTS:
            raise MapFormatError(f"more than {lim.MAX_COMBATANTS} roster lines (MAX_COMBATANTS)", number)
        glyph = split_glyphs(line[: lim.MAX_GLYPH_CHARS + 1])[0]
        rest, terrain = _terrain_suffix(line[len(glyph):])
        try:
            entry = parse_creature(rest, ruleset)
        except CreatureFormatError as problem:
            raise MapFormatError(f"{glyph}: {problem.reason}", number) from None
        if glyph in roster:
            raise MapFormatError(f"{glyph} is listed twice", number)
        roster[glyph] = RosterEntry(entry.name or f"Creature {glyph}", entry.side, entry.hp, entry.ac, entry.stats, terrain, entry.hp_dice, entry.size, entry.attacks)
    return roster


def _terrain_suffix(text: str) -> tuple[str, str | None]:
    """``"Aria party on water"`` -> ``("Aria party", "water")``; a line
    without ``on TERRAIN`` at its end is returned as it is."""
    words = text.split()
    if len(words) >= 2 and words[-2].lower() == "on" and words[-1].lower() in TERRAINS:
        return " ".join(words[:-2]), words[-1].lower()
    return text, None


def read_map_file(text: str, ruleset=None) -> tuple[TextMap, dict[str, RosterEntry]]:
    """A map file: the map, then (optionally) its roster. Every roster glyph
    must stand on the map; with ``ruleset``, every stat must be one of its
    stats. Limits: :mod:`core.values.limits` (checked before the text is split)."""
    if len(text) > lim.MAX_MAP_TEXT:
        raise MapFormatError(f"the text has {len(text):,} characters; a map file may have {lim.MAX_MAP_TEXT:,}")
    map_text, roster_text, first_line = split_map(text)
    text_map = from_text(map_text)
    roster = parse_roster(roster_text, first_line, ruleset)
    on_map = {t.glyph for t in text_map.tokens}
    for glyph in roster:
        if glyph not in on_map:
            raise MapFormatError(f"the roster names {glyph}, which is not on the map")
    grid = text_map.grid
    for token in text_map.tokens:  # "on water": every token of that glyph stands in water
        terrain = roster[token.glyph].terrain if token.glyph in roster else None
        if terrain is not None:
            grid = grid.with_terrain(token.cell, TERRAINS[terrain])
    edges = [e for number, line in _edge_lines(roster_text, first_line) for e in edge_from_text(line, number)]
    if edges:
        grid = Grid(grid.rows, grid.elevation, grid.ceiling, tuple(edges), grid.depths)
    tokens = place_footprints(grid, text_map.tokens, roster)
    if grid is not text_map.grid or tokens != text_map.tokens:
        text_map = TextMap(grid, tokens)
    return text_map, roster


def _edge_lines(text: str, first_line: int) -> list[tuple[int, str]]:
    """``(line number, line)`` of the ``edge ...`` lines under a map
    (:mod:`core.board.edges`)."""
    return [(first_line + offset, raw.strip()) for offset, raw in enumerate(text.split("\n")) if is_edge_line(raw.strip())]


def place_footprints(grid: Grid, tokens: tuple[Token, ...], roster: dict[str, RosterEntry]) -> tuple[Token, ...]:
    """The tokens of a map, one per creature: a creature of a size bigger
    than one cell (EQ-SIZE-1, its roster line's ``size``) covers its
    footprint from its token's cell (the top-left one, tokens read in
    reading order); tokens of the same glyph inside that footprint are the
    footprint drawn, not other creatures. Raises :class:`MapFormatError`
    (the map's line of the token) when a footprint runs off the map, onto
    terrain that blocks movement or onto another creature."""
    at = {token.cell: token for token in tokens}
    covered: dict[Cell, Token] = {}
    kept: list[Token] = []
    for token in tokens:
        if token.cell in covered and covered[token.cell].glyph == token.glyph:
            continue  # a cell of a footprint already placed
        entry = roster.get(token.glyph)
        size = entry.size if entry is not None else Size.MEDIUM
        width, height = size.default_footprint
        x, y = token.cell
        name = f" {entry.name}" if entry is not None else ""
        who = f"{token.glyph}{name} ({size.value}, {max(1, width)}x{max(1, height)} cells) at ({x}, {y})"
        for dx, dy in footprint_offsets((width, height)):
            cell = (x + dx, y + dy)
            if not grid.contains(cell):
                raise MapFormatError(f"{who} does not fit: ({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map", y + 1)
            holder = covered.get(cell) or (at[cell] if cell in at and at[cell].glyph != token.glyph else None)
            if holder is not None:
                raise MapFormatError(f"{who} does not fit: ({cell[0]}, {cell[1]}) is taken by {holder.glyph} at ({holder.cell[0]}, {holder.cell[1]})", y + 1)
            terrain = grid.terrain(cell)
            if terrain.blocks_movement and cell != token.cell:  # the token's own cell is as its ``on TERRAIN`` says
                raise MapFormatError(f"{who} does not fit: ({cell[0]}, {cell[1]}) is a {terrain.name}", y + 1)
        for dx, dy in footprint_offsets((width, height)):
            covered[(x + dx, y + dy)] = token
        kept.append(token)
    return tuple(kept)


def parse_group(text: str, ruleset=None) -> tuple[int, RosterEntry]:
    """``(count, entry)`` from ``4 Wolf foe 2d8+2 DEX 2``: an optional count
    (1 to ``MAX_GROUP``) first, then one creature as :func:`parse_creature`
    reads it with HP as a number or dice. Raises :class:`CreatureFormatError`."""
    words = text.split()
    count = 1
    if len(words) > 1 and words[0].isascii() and words[0].isdigit():
        if not lim.is_whole(words[0]) or not 1 <= int(words[0]) <= lim.MAX_GROUP:
            raise CreatureFormatError(f"add 1 to {lim.MAX_GROUP} creatures at once, not {_short(words[0])}")
        count = int(words[0])
        text = text.split(None, 1)[1]
    return count, parse_creature(text, ruleset, dice=True)
