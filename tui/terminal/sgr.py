"""A run of styled cells written with only the style changes between them.

Textual writes every segment as ``ESC[<codes>m text ESC[0m``: the full
style, then a reset, whatever the segment before it was. A footer key
("n Next") costs 28 bytes of codes for 6 characters that way. Here each
segment says only what changes from the one before (``ESC[22;97m``:
not bold any more, white), or the reset and its full style when that is
shorter; a run ends with a reset, so the terminal is left as Textual
leaves it (:func:`render_from` leaves the style on, for the frame diff's
runs one after another: the update ends reset). The cells look exactly the same (``tests/tui/test_sgr.py``
replays both on a model terminal); only fewer bytes reach it
(``bench/bench_bytes.py``).
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

# Attribute code -> the code that turns it off (22 turns off both bold and dim).
OFF = {"1": "22", "2": "22", "3": "23", "4": "24", "21": "24", "5": "25", "6": "25", "7": "27", "8": "28", "9": "29",
       "51": "54", "52": "54", "53": "55"}

SHOWN_ON_BLANKS = frozenset({"4", "7", "9", "21", "51", "52", "53"})
"""Attributes a blank shows (underline, reverse, strike, double underline,
framed, encircled, overline); the others (bold, dim, italic, blink,
conceal) and the foreground colour change only how a character is drawn.
"""

Parsed = tuple[frozenset, str | None, str | None]
"""``(attribute codes, foreground codes, background codes)`` of an SGR code list."""


@lru_cache(maxsize=4096)
def parse(ansi: str) -> Parsed | None:
    """``"1;91;100"`` -> ``({"1"}, "91", "100")``; ``None`` for codes this does not know."""
    attrs: set[str] = set()
    fg = bg = None
    codes = ansi.split(";") if ansi else []
    i = 0
    while i < len(codes):
        code = codes[i]
        if code in ("38", "48"):
            width = {"5": 2, "2": 4}.get(codes[i + 1] if i + 1 < len(codes) else "", 0)
            if not width or i + width >= len(codes):
                return None
            colour = ";".join(codes[i : i + width + 1])
            i += width + 1
            if code == "38":
                fg = colour
            else:
                bg = colour
            continue
        if code in OFF:
            attrs.add(code)
        elif code.isdigit() and (30 <= int(code) <= 37 or 90 <= int(code) <= 97):
            fg = code
        elif code.isdigit() and (40 <= int(code) <= 47 or 100 <= int(code) <= 107):
            bg = code
        else:
            return None
        i += 1
    return frozenset(attrs), fg, bg


@lru_cache(maxsize=16384)
def change(before: str, after: str) -> str:
    """The escape sequence that takes the terminal from style ``before`` to
    ``after`` (SGR code lists; ``""``: no style, just reset)."""
    full = f"\x1b[0;{after}m" if after else "\x1b[0m"
    if not before:
        return f"\x1b[{after}m" if after else ""
    old, new = parse(before), parse(after)
    if old is None or new is None:
        return full
    offs = {OFF[code] for code in old[0] - new[0]}
    codes = sorted(offs) + sorted(code for code in new[0] if code not in old[0] or OFF[code] in offs)
    if new[1] != old[1]:
        codes.append(new[1] or "39")
    if new[2] != old[2]:
        codes.append(new[2] or "49")
    delta = f"\x1b[{';'.join(codes)}m" if codes else ""
    return delta if len(delta) <= len(full) else full


@lru_cache(maxsize=16384)
def for_blanks(current: str, after: str) -> str:
    """The style (SGR codes) to write blanks of style ``after`` in, on a
    terminal in style ``current``: a blank shows only its background, so
    the foreground and the attributes it does not show may stay as they
    are (``"1;38;5;240;48;5;233"``, blanks on 112: ``"1;38;5;240;48;5;112"``,
    sent as ``ESC[48;5;112m``), when that change is shorter than the one to
    ``after``. ``after`` itself when it has an attribute a blank shows
    (:data:`SHOWN_ON_BLANKS`) or codes this does not know."""
    old, new = parse(current), parse(after)
    if old is None or new is None or new[0] & SHOWN_ON_BLANKS:
        return after
    codes = sorted(old[0] - SHOWN_ON_BLANKS, key=int)
    blank = ";".join([*codes, *(colour for colour in (old[1], new[2]) if colour)])
    return blank if len(change(current, blank)) < len(change(current, after)) else after


def render(pieces, color_system: ColorSystem) -> str:
    """``pieces`` of text with their style (a Rich ``Style``, ``None``, or
    its SGR codes as a string; Segments too, with no control codes) as
    terminal sequences, ending reset."""
    text, current = render_from("", pieces, color_system)
    return text + change(current, "")


def render_from(current: str, pieces, color_system: ColorSystem) -> tuple[str, str]:
    """:func:`render` of ``pieces`` on a terminal whose style is ``current``
    (SGR codes; ``""``: reset), not reset at the end: ``(sequences, the
    style they leave)``. Runs written one after another at other places
    (cursor moves keep the style) then say only what changes between them."""
    out: list[str] = []
    for text, style, *_ in pieces:
        if isinstance(style, Style) and style._link:  # a link: written as Textual writes it (it ends reset)
            out.append(change(current, ""))
            out.append(Strip.render_style(style, text, color_system))
            current = ""
            continue
        ansi = style if isinstance(style, str) else ansi_of(style, color_system)
        if not text.strip(" "):  # blanks (or none: the style an erase needs): only their background counts
            ansi = for_blanks(current, ansi)
        out.append(change(current, ansi))
        out.append(text)
        current = ansi
    return "".join(out), current


def ansi_of(style: Style | None, color_system: ColorSystem) -> str:
    """The SGR codes of ``style`` as Textual writes them (``""`` for none)."""
    if style is None:
        return ""
    ansi = style._ansi
    return ansi if ansi is not None else Strip.render_ansi(style, color_system)
