"""Style changes only: the cells look the same as Textual writes them.

Both writings of random styled segments are replayed on a model terminal
that keeps, per cell, the character and the attributes, colour and
background the SGR codes set; they must agree cell for cell in what shows
(a blank shows only its background, unless it is underlined, reversed,
struck, framed or overlined), and ours is never longer.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import Color, ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from tui.terminal import sgr

SEQUENCE = re.compile(r"\x1b\[([0-9;]*)m")
OFF = {"22": {"1", "2"}, "23": {"3"}, "24": {"4", "21"}, "25": {"5", "6"}, "27": {"7"}, "28": {"8"}, "29": {"9"}, "54": {"51", "52"}, "55": {"53"}}


def apply_codes(state: tuple, codes: list[str]) -> tuple:
    """The ``(attributes, fg, bg)`` a terminal has after SGR ``codes`` from ``state``."""
    attrs, fg, bg = set(state[0]), state[1], state[2]
    i = 0
    while i < len(codes):
        code = codes[i]
        if code in ("38", "48"):
            width = 2 if codes[i + 1] == "5" else 4
            value = ";".join(codes[i : i + width + 1])
            fg, bg = (value, bg) if code == "38" else (fg, value)
            i += width + 1
            continue
        n = int(code)
        if n == 0:
            attrs, fg, bg = set(), None, None
        elif code in OFF:
            attrs -= OFF[code]
        elif n == 39:
            fg = None
        elif n == 49:
            bg = None
        elif 30 <= n <= 37 or 90 <= n <= 97:
            fg = code
        elif 40 <= n <= 47 or 100 <= n <= 107:
            bg = code
        else:
            attrs.add(code)
        i += 1
    return frozenset(attrs), fg, bg


RESET = (frozenset(), None, None)


def replay(output: str) -> list[tuple]:
    """Cells ``(char, (attributes, fg, bg))`` a terminal shows after ``output``."""
    state = RESET
    cells = []
    at = 0
    for match in SEQUENCE.finditer(output + "\x1b[m"):
        cells.extend((c, state) for c in output[at : match.start()])
        at = match.end()
        state = apply_codes(state, match.group(1).split(";") if match.group(1) else ["0"])
    return cells


def shown(cells: list[tuple]) -> list[tuple]:
    """What each cell of :func:`replay` shows: a blank only its background
    unless an attribute shows on it (``sgr.SHOWN_ON_BLANKS``)."""
    return [(char, state) if char != " " or state[0] & sgr.SHOWN_ON_BLANKS else (char, state[2]) for char, state in cells]


_colours = st.one_of(
    st.none(),
    st.integers(0, 15).map(Color.from_ansi),
    st.integers(16, 255).map(Color.from_ansi),
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)).map(lambda rgb: Color.from_rgb(*rgb)),
)
_styles = st.one_of(
    st.none(),
    st.builds(Style, bold=st.booleans(), dim=st.booleans(), italic=st.booleans(), underline=st.booleans(),
              reverse=st.booleans(), strike=st.booleans(), color=_colours, bgcolor=_colours),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.text("ab ", min_size=1, max_size=3), _styles), min_size=1, max_size=8),
       st.sampled_from([ColorSystem.STANDARD, ColorSystem.EIGHT_BIT, ColorSystem.TRUECOLOR]))
def test_only_the_changes_look_the_same_as_textuals_full_styles(pieces, system):
    segments = [Segment(text, style) for text, style in pieces]
    theirs = "".join(text if style is None else Strip.render_style(style, text, system) for text, style in pieces)
    ours = sgr.render(segments, system)
    assert shown(replay(ours)) == shown(replay(theirs))
    assert len(ours) <= len(theirs) + len("\x1b[0m")


def test_a_footer_key_costs_fewer_bytes():
    key, label = Style(bold=True, color=Color.from_ansi(9), bgcolor=Color.from_ansi(8)), Style(color=Color.from_ansi(15), bgcolor=Color.from_ansi(8))
    ours = sgr.render([Segment("n ", key), Segment("Next", label)], ColorSystem.EIGHT_BIT)
    assert ours == "\x1b[1;91;100mn \x1b[22;97mNext\x1b[0m"


def test_blanks_change_only_the_background():
    """A blank after a bold grey dot on black, in green: the colour and
    bold it does not show are left on, only the background changes."""
    dot, shaded = Style(bold=True, color=Color.from_ansi(244), bgcolor=Color.from_ansi(234)), Style(color=Color.from_ansi(16), bgcolor=Color.from_ansi(112))
    ours = sgr.render([Segment("\u00b7", dot), Segment("  ", shaded), Segment("x", shaded)], ColorSystem.EIGHT_BIT)
    assert ours == "\x1b[1;38;5;244;48;5;234m\u00b7\x1b[48;5;112m  \x1b[22;38;5;16mx\x1b[0m"
    underlined = Style(underline=True, bgcolor=Color.from_ansi(112))
    assert sgr.render([Segment("\u00b7", dot), Segment("  ", underlined)], ColorSystem.EIGHT_BIT).endswith("\x1b[0;4;48;5;112m  \x1b[0m")
