"""Map glyph themes: every cell exactly two columns; the emoji theme only
uses emoji that common terminals draw two columns wide."""

from __future__ import annotations

import unicodedata

import pytest
from rich.cells import cell_len

from core.values.combatant import Combatant, Side
from tui.rendering.glyphs import SAFE_EMOJI_RANGES, SAFE_EMOJI_SINGLES, THEMES, fit, is_safe_emoji

# Emoji_Presentation code points added after Unicode 6.0 that we must not use
# (many terminals still draw them one column wide).
TOO_NEW = ["\U0001faa8", "\U0001f7eb", "\U0001f7e6", "\U0001f573", "\U0001f9d9", "\U0001fa9f"]


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_terrain_glyph_is_two_columns(name):
    theme = THEMES[name]
    for terrain, glyph in theme.terrain.items():
        assert cell_len(glyph) == 2, (name, terrain, glyph)
    assert cell_len(theme.unknown) == 2


def test_ascii_theme_is_ascii():
    assert all(g.isascii() for g in THEMES["ascii"].terrain.values())


def test_emoji_theme_uses_only_the_safe_set():
    for glyph in THEMES["emoji"].terrain.values():
        if glyph.strip() and not glyph.isascii():
            assert is_safe_emoji(glyph), glyph


def test_the_safe_set_is_wide_and_old():
    codes = list(SAFE_EMOJI_SINGLES) + [c for lo, hi in SAFE_EMOJI_RANGES for c in range(lo, hi + 1)]
    assert len(codes) > 300
    for code in codes:
        ch = chr(code)
        assert unicodedata.east_asian_width(ch) == "W", hex(code)
        assert cell_len(ch) == 2, hex(code)


@pytest.mark.parametrize("glyph", TOO_NEW)
def test_newer_emoji_are_refused(glyph):
    assert not is_safe_emoji(glyph)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name, glyph", [("Character 1", "\U0001f605"), ("\u6771\u4eac Tokyo", ""), ("Orc [/]", "\U0001faa8"), ("", ""), ("X", "X")])
def test_tokens_are_two_columns(theme, name, glyph):
    creature = Combatant("c1", name, Side.FOE, {}, 5, 5, glyph=glyph)
    token = THEMES[theme].token(creature)
    assert cell_len(token) == 2
    if theme == "ascii":
        assert token.isascii()


def test_fit_cuts_wide_characters_by_columns():
    assert fit("\u6771\u4eac") == "\u6771"
    assert cell_len(fit("a")) == 2


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_terrain_has_a_glyph_in_every_theme(name):
    from core.board.grid import TERRAINS
    from tui.rendering.glyphs import TERRAIN_STYLE

    assert set(THEMES[name].terrain) == set(TERRAINS)
    assert set(TERRAIN_STYLE) == set(TERRAINS)


def test_foes_are_red_and_neutrals_magenta_in_16_colours():
    """The README says foes' tokens are red; in 16 colours they were magenta
    (Textual turns the ANSI names into its theme's colours first: "red" and
    "bright_magenta" both became #f4005f, so neutrals looked like foes)."""
    from rich.color import ColorSystem
    from rich.segment import Segment
    from textual.app import App
    from textual.color import Color
    from textual.filter import ANSIToTruecolor
    from textual.strip import Strip

    from core.values.combatant import Side
    from tui.rendering.glyphs import SIDE_STYLE

    to_theme = ANSIToTruecolor(App().ansi_theme)

    def background_in_16(side: Side) -> str:
        (shown,) = to_theme.apply([Segment("Bo", SIDE_STYLE[side])], Color(0, 0, 0))
        return Strip.render_ansi(shown.style, ColorSystem.STANDARD).split(";")[-1]

    assert background_in_16(Side.FOE) in ("41", "101")  # red
    assert background_in_16(Side.NEUTRAL) in ("45", "105")  # magenta
    assert background_in_16(Side.PARTY) in ("46", "106")  # cyan


def test_the_readme_lists_the_glyphs_the_map_and_the_text_maps_use():
    """A try-out: emoji mode drew rock and boulder otherwise than the README
    and the exported maps said. One table (core's TERRAINS, which the emoji
    theme reads) and the README's rows of it, checked here."""
    from pathlib import Path

    from core.board.terrain import TERRAINS

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")

    def cell(glyph: str) -> str:
        glyph = glyph.rstrip()
        return f"`{glyph}`".replace("|", "\\|") if glyph else "(blank)"

    for terrain in TERRAINS.values():
        assert THEMES["emoji"].terrain[terrain.id] == terrain.map_emoji
        glyphs = (terrain.emoji, terrain.ascii, *(THEMES[name].terrain[terrain.id] for name in ("emoji", "unicode", "ascii")))
        row = f"| {terrain.name} | " + " | ".join(cell(g) for g in glyphs) + " |"
        assert row in readme, row


def test_creatures_are_told_apart_by_their_initials_in_every_theme():
    """Emoji tokens made every creature a face. Tokens are initials everywhere."""
    one = Combatant("c1", "Character 1", Side.PARTY, {}, 5, 5, glyph="\U0001f605")
    two = Combatant("c2", "Character 2", Side.PARTY, {}, 5, 5, glyph="\U0001f605")
    for theme in THEMES.values():
        assert theme.token(one) != theme.token(two) and theme.token(one) == fit(one.initials)
