"""Map glyph themes: how each terrain and token looks in a small cell (two
columns), and how that glyph fills a bigger one (:func:`cell_text`).

Three themes: ``ascii`` (for terminals that are not UTF-8), ``unicode``
(the default) and ``emoji``, limited to emoji that common terminals draw
two columns wide (Emoji_Presentation characters from Unicode 6.0 or
earlier; ``tests/tui/test_glyphs.py`` checks the set). Terrain is told
apart by background colour as well as glyph, using the 16 ANSI colours so
the map reads the same with ``TERM=xterm`` and ``xterm-256color``.
"""

from __future__ import annotations

import locale
import sys
from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style

from core.board.terrain import TERRAINS
from core.values.combatant import Combatant, Side
from tui.rendering.text import clean

TERRAIN_STYLE: dict[str, Style] = {
    "wall": Style(color="bright_black", bgcolor="white"),
    "ground": Style(color="bright_black"),
    "tree": Style(color="black", bgcolor="green"),
    "boulder": Style(color="bright_white", bgcolor="bright_black"),
    "rock": Style(color="black", bgcolor="yellow"),
    "water": Style(color="bright_white", bgcolor="blue"),
    "deep_water": Style(color="bright_blue", bgcolor="blue", bold=True),
    "chasm": Style(color="bright_black", bgcolor="black"),
    "glass": Style(color="bright_cyan"),
    "bush": Style(color="green", bold=True),
    "swamp": Style(color="bright_green", bgcolor="yellow"),
}
UNKNOWN_STYLE = Style(color="bright_white", bgcolor="magenta")

SIDE_STYLE = {
    Side.PARTY: Style(color="black", bgcolor="bright_cyan", bold=True),
    Side.FOE: Style(color="bright_white", bgcolor="#d70000", bold=True),  # not "red": Textual makes it its theme's #f4005f, magenta in 16 colours
    Side.NEUTRAL: Style(color="black", bgcolor="#d700d7", bold=True),  # "bright_magenta" became the same #f4005f as foes
}

# Emoji allowed in the emoji theme: one code point, Emoji_Presentation,
# Unicode 6.0 or earlier, so that terminals agree they are two columns.
SAFE_EMOJI_RANGES = ((0x1F300, 0x1F320), (0x1F330, 0x1F335), (0x1F337, 0x1F37C), (0x1F380, 0x1F393), (0x1F3A0, 0x1F3C4), (0x1F3C6, 0x1F3CA), (0x1F3E0, 0x1F3F0), (0x1F400, 0x1F43E), (0x1F442, 0x1F4F7), (0x1F4F9, 0x1F4FC), (0x1F500, 0x1F53D), (0x1F550, 0x1F567), (0x1F5FB, 0x1F640), (0x1F645, 0x1F64F), (0x1F680, 0x1F6C5))
SAFE_EMOJI_SINGLES = frozenset({0x2B1B, 0x2B1C, 0x26AB, 0x26AA, 0x2B50, 0x26A1, 0x26BD, 0x26C4, 0x26D4, 0x26EA, 0x26F2, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x274C})


def is_safe_emoji(glyph: str) -> bool:
    """One code point in the safe set (optionally with U+FE0F)."""
    core_glyph = glyph.replace("\ufe0f", "")
    if len(core_glyph) != 1:
        return False
    code = ord(core_glyph)
    return code in SAFE_EMOJI_SINGLES or any(lo <= code <= hi for lo, hi in SAFE_EMOJI_RANGES)


@dataclass(frozen=True)
class GlyphTheme:
    """Two-column text per terrain id. Tokens are the creatures' initials in
    every theme (an emoji token made every creature a face: nobody could
    tell who was who)."""

    name: str
    terrain: dict[str, str]
    unknown: str
    marks: tuple[str, str, str] = ("\u2022", "\u25cb", "\u25c9")
    """One-column marks on a small token: under conditions, hidden from the
    players, both (see :meth:`marked_token`)."""

    def token(self, combatant: Combatant) -> str:
        """Exactly two columns for a combatant's token."""
        return fit(combatant.initials, ascii_only=self.name == "ascii")

    def marked_token(self, combatant: Combatant, large: bool = False) -> str:
        """The token with its marks for the GM: a small cell (two columns)
        keeps the first letter of its initials and puts a mark beside it when
        the creature is under conditions or hidden from the players; a large
        cell (four columns) keeps the whole token between two badges: the
        hidden mark on the left, on the right the first letter of its one
        condition or how many it has (``+`` for more than 9)."""
        conditions, hidden = len(combatant.conditions), combatant.hidden
        token = self.token(combatant)
        if large:
            left = self.marks[1] if hidden else " "
            if conditions == 1:
                right = _one_column(combatant.conditions[0].name.upper(), self.name == "ascii")
            else:
                right = " " if not conditions else str(conditions) if conditions <= 9 else "+"
            return f"{left}{token}{right}"
        if not conditions and not hidden:
            return token
        mark = self.marks[2] if conditions and hidden else self.marks[1] if hidden else self.marks[0]
        return _one_column(combatant.initials, self.name == "ascii") + mark


def _one_column(value: str, ascii_only: bool) -> str:
    """The first character of ``value`` when it takes one column, else ``?``."""
    first = fit(value, ascii_only)[0]
    return first if cell_len(first) == 1 and first != " " else "?"


@lru_cache(maxsize=4096)
def fit(value: str, ascii_only: bool = False) -> str:
    """``value`` cut or padded to exactly two terminal columns. Kept for the last 4 096 (a map row of a
    crowd draws a token a cell, each the same few initials, at every frame that repaints the row)."""
    out = ""
    for ch in clean(value):
        if ascii_only and not ch.isascii():
            ch = "?"
        if cell_len(out + ch) > 2:
            break
        out += ch
    return out + " " * (2 - cell_len(out))


THEMES: dict[str, GlyphTheme] = {
    "unicode": GlyphTheme(
        "unicode",
        {"wall": "\u2593\u2593", "ground": "\u00b7 ", "tree": "\u2663 ", "boulder": "\u25cf ", "rock": "\u25b2 ", "water": "\u2248\u2248",
         "deep_water": "\u224b\u224b", "chasm": "\u25bd ", "glass": "||", "bush": "\u2660 ", "swamp": "\u2234 "},
        "??",
    ),
    "ascii": GlyphTheme(
        "ascii",
        {"wall": "##", "ground": ". ", "tree": "&&", "boulder": "o ", "rock": "^^", "water": "~~",
         "deep_water": "==", "chasm": "::", "glass": "||", "bush": "%%", "swamp": ",,"},
        "??",
        marks=("*", "?", "!"),
    ),
    "emoji": GlyphTheme(
        "emoji",
        {terrain.id: terrain.map_emoji for terrain in TERRAINS.values()},  # one table with the text maps' (README, "Map glyphs")
        "\u2753",
    ),
}
THEME_ORDER = ("unicode", "ascii", "emoji")


def default_theme_name() -> str:
    """``unicode`` on a UTF-8 terminal, else ``ascii``."""
    encoding = (getattr(sys.stdout, "encoding", None) or locale.getpreferredencoding(False) or "").lower()
    return "unicode" if "utf" in encoding else "ascii"


def mark_line(height: int) -> int:
    """The line of a cell ``height`` lines tall that carries its mark or
    token (and the row ruler's number): the first of 1 or 2, the middle one
    of 3, the second of 4."""
    return (height - 1) // 2


def cell_text(text: str, width: int, height: int, sub: int) -> str:
    """A two-column glyph drawn on line ``sub`` of a cell ``width`` columns
    by ``height`` lines: solid fills (walls, water) repeat over the whole
    cell; a mark sits in the middle of the :func:`mark_line`, the other
    lines blank."""
    if width == 2 and height == 1:
        return text
    if len(text) == 2 and text[0] == text[1] and text[0] != " ":
        return (text * width)[:width]
    if sub != mark_line(height):
        return " " * width
    left = (width - 2) // 2
    return " " * left + text + " " * (width - 2 - left)


def hp_segment(combatant: Combatant, token_style: Style, width: int = 4) -> Segment:
    """``width`` columns under a large token: its hit points as a bar on the
    token's colour (green, yellow, red as they fall; grey when down)."""
    hp_max = max(1, combatant.hp_max)
    filled = max(0, min(width, round(width * combatant.hp / hp_max)))
    if combatant.hp > 0 and filled == 0:
        filled = 1
    ratio = combatant.hp / hp_max
    colour = "bright_black" if combatant.hp <= 0 else "red" if ratio <= 0.25 else "yellow" if ratio <= 0.5 else "green"
    base = Style(bgcolor=token_style.bgcolor)
    return Segment("\u2584" * filled + " " * (width - filled), base + Style(color=colour))
