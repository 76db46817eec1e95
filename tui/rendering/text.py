"""User text made safe to show: never parsed as markup, no control codes.

Names and notes come from the keyboard or from files. They are wrapped in
``rich.text.Text`` (which never parses markup) after every control
character, escape sequences included, is replaced by a visible ``\\xNN``.
"""

from __future__ import annotations

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
