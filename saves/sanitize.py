"""Untrusted text made inert: control characters and escape sequences removed.

Campaign files and imports may have been edited by hand or come from
someone else. Every string read from them (names, notes, dict keys, log
text) goes through :func:`clean_text` before it reaches the program:
terminal escape sequences (CSI, OSC, two-byte ESC), C0 controls other than
newline and tab, DEL, C1 controls, line/paragraph separators and bidi
overrides are removed. :func:`clean_document` applies it to a whole JSON
document.
"""

from __future__ import annotations

import re
from typing import Any

_UNSAFE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI ... final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC ... BEL or ST
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x1b[ -~]?"  # two-byte escapes, or a lone ESC
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)


def clean_text(value: str) -> str:
    """``value`` without escape sequences and control characters (newline and tab kept)."""
    if _UNSAFE.search(value) is None:
        return value
    return _UNSAFE.sub("", value)


def clean_name(value: str) -> str:
    """A one-line name: :func:`clean_text`, whitespace runs folded to one space, stripped."""
    return " ".join(clean_text(value).split())


def clean_document(doc: Any) -> Any:
    """A copy of a JSON document with every string (keys too) cleaned; unchanged parts are shared."""
    if isinstance(doc, str):
        return clean_text(doc)
    if isinstance(doc, dict):
        return {clean_text(k) if isinstance(k, str) else k: clean_document(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [clean_document(v) for v in doc]
    return doc
