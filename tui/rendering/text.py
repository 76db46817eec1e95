"""User text made safe to show: never parsed as markup, no control codes.

Names and notes come from the keyboard or from files. They are wrapped in
``rich.text.Text`` (which never parses markup) after every control
character, escape sequences included, is replaced by a visible ``\\xNN``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text


def clean(value: str) -> str:
    """``value`` with control characters shown as ``\\xNN`` escapes."""
    out = []
    for ch in value:
        code = ord(ch)
        if code < 32 or 0x7F <= code < 0xA0 or code in (0x2028, 0x2029) or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
            out.append(f"\\x{code:02x}")
        else:
            out.append(ch)
    return "".join(out)


def user_text(value: str, style: str = "") -> Text:
    """A ``Text`` of user-supplied ``value``, literal and control-free."""
    return Text(clean(value), style=style)


def shorten(name: str, width: int) -> str:
    """``name`` in at most ``width`` columns (one column a character, as
    names are checked to be), the part that tells creatures apart kept:
    the last word whole (``Character 1`` in 7: ``Char… 1``; in 3: ``C…1``)
    when there is room for it and one letter before it, else the start
    (``Hobgo…``). The one shortening of names in narrow columns."""
    if len(name) <= width:
        return name
    if width <= 1:
        return "\u2026"[:width]
    base, space, last = name.rpartition(" ")
    if space and base.strip() and len(last) + 3 <= width:
        return base[: width - 2 - len(last)].rstrip() + "\u2026 " + last
    if space and base.strip() and len(last) + 2 <= width:
        return base[: width - 1 - len(last)] + "\u2026" + last
    return name[: width - 1] + "\u2026"


def cited(text: Text, ruleset: Any) -> Text:
    """``text`` with another seed's rule IDs said as the DEFAULTs they are in
    ``ruleset`` (a :class:`core.rulesets.base.Ruleset`, or ``None``: as it is;
    :meth:`~core.rulesets.base.Ruleset.citations`: "DEFAULT, as in <the seed's ruleset>
    EQ-WAR-1"), styles kept."""
    said = ruleset.citations(text.plain) if ruleset is not None else ()
    if not said:
        return text
    pieces = text.divide([at for at, _ in said])
    out = pieces[0].copy()
    for piece, (_, words) in zip(pieces[1:], said):
        out.append(words)
        out.append_text(piece)
    return out
