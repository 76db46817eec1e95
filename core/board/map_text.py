"""An encounter written as a map file: the text map and its roster.

The result reads back with :func:`core.dice.roster.read_map_file` (``encounter
new --map``, "New encounter from a map file") into the same terrain, the
same token cells and the same roster: name, side, hit points (the maximum,
with the dice they were rolled from), AC and the ruleset's stats of every
combatant on the map. A token standing
on other terrain than open ground gets ``on TERRAIN`` at the end of its
roster line. What a text map cannot hold is said in comment lines under the
roster (and in :attr:`MapExport.notes`): combatants off the map or sharing a
cell (a rider on its mount), heights of cells, footprints other than the
size's (a size is written as ``size large``), reminders, the light and its
sources (the note is what to type in the Light and weather form), lines
that would not read back. :func:`encounter_from_map` is the way back into a campaign.
Pure: no file is written here (see :mod:`saves.map_files`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from core.values.combatant import ActionBudget, Combatant, Side
from core.combat.demo import state_from_map
from core.combat.state import EncounterState
from core.errors import MapFormatError
from core.board.edges import to_text as edge_to_text
from core.board.vision import Conditions
from core.board.grid import GROUND, Grid, TextMap, Token, is_token_glyph, to_text
from core.values.mobility import Size
from core.dice.roster import RosterEntry, parse_roster, read_map_file
from core.dice.notation import saved_attacks_text

LEGENDS = ("emoji", "ascii")


@dataclass(frozen=True)
class MapExport:
    """``text``: the whole map file (map, blank line, roster); ``notes``:
    one sentence per thing the text map could not keep (also written as
    comments in ``text``); ``tokens``: combatant id -> its glyph in the file."""

    text: str
    notes: tuple[str, ...]
    tokens: dict[str, str]


def _spare_glyphs(legend: str) -> Iterator[str]:
    """Single letters a token may take, ASCII first; then (more than 61
    tokens) Greek and Cyrillic letters, then CJK ideographs: all read as
    tokens by :func:`core.board.grid.from_text`."""
    for code in [*range(0x41, 0x5B), *range(0x61, 0x7B), *range(0x30, 0x3A), *range(0x391, 0x3AA), *range(0x3B1, 0x3CA), *range(0x410, 0x450), *range(0x4E00, 0x4F00)]:
        glyph = chr(code)
        if is_token_glyph(glyph):
            yield glyph


def _glyph_fits(glyph: str, legend: str) -> bool:
    if not glyph or not is_token_glyph(glyph):
        return False
    return glyph.isascii() if legend == "ascii" else True


def roster_line(glyph: str, entry: RosterEntry) -> str:
    """One roster line: ``A Aria party hp 12 ac 3 DEX 2 on water``; ``dice
    2d8+2`` after the HP when they were rolled from dice."""
    words = [glyph, entry.name, entry.side.value, "hp", str(entry.hp)]
    if entry.hp_dice:
        words += ["dice", entry.hp_dice]
    if entry.ac:
        words += ["ac", str(entry.ac)]
    for stat, value in entry.stats.items():
        words += [stat, str(value)]
    if entry.size is not Size.MEDIUM:
        words += ["size", entry.size.value]
    if entry.attacks:
        words += ["attacks", saved_attacks_text(entry.attacks)]
    if entry.terrain is not None:
        words += ["on", entry.terrain]
    return " ".join(words)


def _entry(combatant: Combatant, ruleset, terrain: str) -> RosterEntry:
    stats = {name: int(combatant.stats[name]) for name in ruleset.stat_names if name in combatant.stats}
    return RosterEntry(combatant.name, combatant.side, combatant.hp_max, combatant.ac, stats, None if terrain == GROUND.id else terrain, combatant.hp_dice, combatant.size, combatant.attacks)


def _reads_back(line: str, glyph: str, entry: RosterEntry, ruleset) -> bool:
    try:
        return parse_roster(line, 1, ruleset).get(glyph) == entry
    except MapFormatError:
        return False


def export_map(state, ruleset, legend: str = "emoji", title: str = "") -> MapExport:
    """The map file of ``state`` (an :class:`~core.combat.state.EncounterState`)
    under ``ruleset`` (its stats are written): the map in the ``"emoji"`` or
    ``"ascii"`` legend (rule TAC-MAP-1), a blank line, the roster in the
    tokens' reading order, then comments. ``title`` goes in the first
    comment. Raises ``ValueError`` for another legend."""
    if legend not in LEGENDS:
        raise ValueError(f"unknown legend {legend!r}: use 'emoji' or 'ascii'")
    grid = state.grid
    placed: dict[tuple[int, int], Combatant] = {}
    covered: dict[tuple[int, int], Combatant] = {}  # every cell of a placed footprint (EQ-SIZE-1)
    notes: list[str] = []
    left_out: list[tuple[str, RosterEntry]] = []
    for combatant in state.combatants:
        cell = combatant.position
        if cell is None or not grid.contains(cell):
            left_out.append(("not on the map", _entry(combatant, ruleset, GROUND.id)))
        elif combatant.defeated:  # a map starts a fight: the fallen would stand up again at full HP
            left_out.append(("defeated", _entry(combatant, ruleset, GROUND.id)))
        elif any(spot in covered for spot in _map_cells(combatant)):
            holder = next(covered[spot] for spot in _map_cells(combatant) if spot in covered)
            left_out.append((f"shares a cell with {holder.name}", _entry(combatant, ruleset, GROUND.id)))
        elif not all(grid.contains(spot) and (spot == cell or not grid.terrain(spot).blocks_movement) for spot in _map_cells(combatant)):
            left_out.append(("does not fit its footprint on the map", _entry(combatant, ruleset, GROUND.id)))
        else:
            placed[cell] = combatant
            covered.update((spot, combatant) for spot in _map_cells(combatant))
    order = sorted(placed, key=lambda c: (c[1], c[0]))
    wanted = {cell: placed[cell].glyph for cell in order}
    used = {g for g in wanted.values() if _glyph_fits(g, legend)}
    spare = (g for g in _spare_glyphs(legend) if g not in used)
    glyphs: dict[tuple[int, int], str] = {}
    taken: set[str] = set()
    for cell in order:
        glyph = wanted[cell]
        if not _glyph_fits(glyph, legend) or glyph in taken:
            glyph = next(spare)
        glyphs[cell] = glyph
        taken.add(glyph)
    if legend == "ascii" and not all(g.isascii() for g in glyphs.values()):
        notes.append("more tokens than ASCII letters: some are written with other letters")
    rows = tuple(tuple(GROUND.id if (x, y) in glyphs else t for x, t in enumerate(row)) for y, row in enumerate(grid.rows))
    body = to_text(TextMap(Grid(rows), tuple(Token(glyphs[c], c) for c in order)), legend)
    if legend == "ascii":  # to_text re-letters non-ASCII tokens; ours are chosen already
        body = _retoken(body, glyphs, grid.width)
    lines: list[str] = []
    ids: dict[str, str] = {}
    for cell in order:
        combatant, glyph = placed[cell], glyphs[cell]
        entry = _entry(combatant, ruleset, grid.rows[cell[1]][cell[0]])
        line = roster_line(glyph, entry)
        if _reads_back(line, glyph, entry, ruleset):
            lines.append(line)
        else:
            lines.append(f"# {line}")
            notes.append(f"{combatant.name}: the roster line would not read back (a name with roster words, or too long); written as a comment")
        ids[combatant.id] = glyph
        if combatant.footprint is not None and combatant.footprint != combatant.size.default_footprint:
            notes.append(f"{combatant.name}'s footprint of {combatant.footprint[0]}x{combatant.footprint[1]} cells is not kept: a text map gives it its size's ({combatant.size.value})")
    for why, entry in left_out:
        notes.append(f"{entry.name} {why}: written as a comment")
        lines.append(f"# {why}: {roster_line('', entry).strip()}")
    if any(c.hp < c.hp_max or c.conditions for c in placed.values()):
        notes.append("creatures start fresh from a text map: current hit points and conditions are not kept")
    if any(c.reminders for c in placed.values()):  # no place for them in a roster line
        notes.append("reminders are not kept in a text map")
    if grid.elevation and any(any(r) for r in grid.elevation):
        notes.append("the heights of cells are not kept in a text map")
    if grid.depths:
        notes.append("the water depths painted on cells are not kept in a text map (the house rules' depths stand)")
    if grid.ceiling is not None:
        notes.append(f"the ceiling ({grid.ceiling} cells) is not kept in a text map")
    if state.vision != Conditions():
        notes.append(_vision_note(state))
    lines += edge_to_text(grid.edges)  # thin walls, doors, windows: the same words in both legends
    header = f"# {title}" if title else "#"
    header += f" (ruleset {ruleset.id}): encounter new CAMPAIGN.json --map THIS_FILE --ruleset {ruleset.id}"
    comments = [header] + [f"# {note}" for note in notes if "written as a comment" not in note]
    return MapExport(body + "\n" + "\n".join(comments + lines) + "\n", tuple(notes), ids)


def _vision_note(state: EncounterState) -> str:
    """The note of an encounter's light, weather and light sources (EQ-VIS-1..2),
    which a text map does not hold, ending with the text of the Light and
    weather form (``L``, :func:`core.dice.vision_notation.parse_vision`) that
    sets them again: ``darkness clear; torch 3,4; lantern Boar``."""
    vision = state.vision
    names = {c.id: c.name for c in state.combatants}
    parts = [f"{vision.light} {vision.weather}"]
    for source in vision.sources:
        if source.cell is not None:
            parts.append(f"{source.kind} {source.cell[0]},{source.cell[1]}")
        else:
            parts.append(f"{source.kind} {names.get(source.carrier or '', source.carrier)}")
    count = len(vision.sources)
    lights = f" and its {count} light source{'s' if count != 1 else ''} are" if count else " is"
    return f"the light{lights} not kept in a text map; to set them again in the new encounter, press L and type: {'; '.join(parts)}"


def _map_cells(combatant: Combatant) -> tuple[tuple[int, int], ...]:
    """The cells a map file places ``combatant`` on: its size's footprint
    from its cell (what :func:`core.dice.roster.place_footprints` reads back)."""
    return replace(combatant, footprint=None).cells


def _retoken(body: str, glyphs: dict[tuple[int, int], str], width: int) -> str:
    """Put the chosen token letters back into an ASCII map (one character a cell)."""
    rows = [list(line) for line in body.rstrip("\n").split("\n")]
    for (x, y), glyph in glyphs.items():
        rows[y][x] = glyph
    return "\n".join("".join(r) for r in rows) + "\n"


def encounter_from_map(text: str, name: str, ruleset, party: tuple[Combatant, ...] = ()) -> tuple[EncounterState, int]:
    """A new encounter (round 0, no initiative yet) from a map file's
    ``text``: one combatant per token. A party-side roster name that names a
    member of ``party`` brings that member (HP, conditions, sheet) onto the
    token's cell; the other members join off the map. Returns ``(state,
    number of members who joined off the map)``. Raises
    :class:`~core.errors.MapFormatError` naming the line."""
    text_map, roster = read_map_file(text, ruleset)
    state = state_from_map(name, text_map, roster)
    members = {m.name: m for m in party}
    used: set[str] = set()
    combatants: list[Combatant] = []
    taken_ids = {m.id for m in party}
    for c in state.combatants:
        member = members.get(c.name) if c.side is Side.PARTY else None
        if member is not None and member.id not in used:
            used.add(member.id)
            combatants.append(replace(member, position=c.position, initiative=None, budget=ActionBudget(), mounted_on=None))
            continue
        new_id, number = c.id, 1
        while new_id in taken_ids:
            number += 1
            new_id = f"{c.id}-{number}"
        taken_ids.add(new_id)
        combatants.append(replace(c, id=new_id))
    off = [replace(m, position=None, initiative=None, budget=ActionBudget(), mounted_on=None) for m in party if m.id not in used]
    return EncounterState(name, state.grid, tuple(combatants + off)), len(off)
