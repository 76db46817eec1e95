"""``--glyphs ascii``: nothing but ASCII reaches the terminal.

The ASCII glyph theme is for terminals that are not UTF-8, where any other
byte is garbage: so with it the whole screen is ASCII, not only the map.
``app.tcss`` gives the panes and dialogs ASCII borders (``.-ascii``), and
every frame the App writes goes through :func:`to_ascii` at the one place
all output passes, the driver's ``write`` (Textual has no output filter of
its own): HP bars, rulers, arrows, ellipses, Textual's own input and
scrollbar edges and names typed with other letters all become ASCII of the
same width, so the layout Textual computed stays aligned.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rich.cells import cell_len

ASCII_CLASS = "-ascii"
"""The App's CSS class while the ASCII theme is on."""

_LIKE = {
    "-": "\u2500\u2501\u2504\u2505\u2508\u2509\u2550\u254c\u254d\u2574\u2576\u2578\u257a\u2012\u2013\u2014\u2015\u2212\u2594\u2581\u23af",
    "|": "\u2502\u2503\u2506\u2507\u250a\u250b\u2551\u254e\u254f\u2575\u2577\u2579\u257b\u258e\u258a\u258f\u2595\u2590\u258c\u23b8\u23b9",
    "+": "\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u256d\u256e\u256f\u2570\u250f\u2513\u2517\u251b\u2554\u2557\u255a\u255d\u2552\u2555\u2558\u255b\u2553\u2556\u2559\u255c",
    "#": "\u2588\u2589\u258b\u258d\u2593\u2592\u2580\u2582\u2583\u2585\u2586\u2587\u25a0\u25ae",
    ".": "\u00b7\u2022\u2219\u22c5\u2026\u2591",  # light shade: the empty part of an HP bar
    "=": "\u2584",  # the HP bar under a large token: not the wall's #
    "^": "\u2191\u25b2\u25b3\u2303",
    "v": "\u2193\u25bc\u25bd",
    "<": "\u2190\u25c0\u2039\u00ab",
    ">": "\u2192\u25b6\u203a\u00bb\u279c",
    "o": "\u25cf\u25cb\u25c9\u2b24",
    "&": "\u2663\u2660",
    "~": "\u2248\u223c",
    "x": "\u00d7\u2715\u2717",
    "'": "\u2018\u2019",
    '"': "\u201c\u201d",
    " ": "\u00a0\u2002\u2003\u2009",
}
_ASCII_FOR = {ch: ascii_char for ascii_char, chars in _LIKE.items() for ch in chars}
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


@lru_cache(maxsize=4096)
def ascii_char(ch: str) -> str:
    """``ch`` (one code point) as ASCII of the same terminal width: a look-
    alike (``─`` ``-``, ``…`` ``.``, ``é`` ``e``), else ``?``; nothing for a
    zero-width mark (a joiner, a variation selector, an accent)."""
    width = cell_len(ch)
    if width == 0:
        return ""
    like = _ASCII_FOR.get(ch)
    if like is None:
        plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        like = plain[:1] if plain[:1].isprintable() and plain[:1] else "?"
    return (like * width)[:width] if like in "-|#=~. " else like.ljust(width)


def to_ascii(text: str) -> str:
    """``text`` with every non-ASCII character replaced (see :func:`ascii_char`);
    escape sequences are ASCII and pass unchanged."""
    if text.isascii():
        return text
    return _NON_ASCII.sub(_ascii_run, text)


def _ascii_run(match: re.Match) -> str:
    # A run is measured whole: a joined emoji is one glyph of width 2, not three.
    run = match.group()
    width = cell_len(run)
    return "".join(ascii_char(ch) for ch in run)[:width].ljust(width)


def filter_output(app) -> None:
    """Route what ``app``'s driver writes through :func:`to_ascii` while the
    App has the ``-ascii`` class. Call once the driver exists (on mount)."""
    driver = app._driver
    if driver is None or getattr(driver, "_ascii_filtered", False):
        return
    write = driver.write

    def ascii_write(data: str) -> None:
        write(to_ascii(data) if app.has_class(ASCII_CLASS) else data)

    driver.write = ascii_write
    driver._ascii_filtered = True
