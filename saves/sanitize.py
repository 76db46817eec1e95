"""Untrusted text made inert: control characters and escape sequences removed.

Campaign files and imports may have been edited by hand or come from
someone else. Every string read from them (names, notes, dict keys, log
text) goes through :func:`clean_text` before it reaches the program:
terminal escape sequences (CSI, OSC, two-byte ESC), C0 controls other than
newline and tab, DEL, C1 controls, line/paragraph separators and bidi
overrides are removed. :func:`clean_document` applies it to a whole JSON
document, and refuses a number that is not finite (``NaN``, ``Infinity``:
not JSON, RFC 8259; Python's reader takes them, our writer, ``orjson``,
would write them as ``null``, :mod:`saves.texts`).
"""

from __future__ import annotations

import math
import re
from typing import Any

_UNSAFE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI ... final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC ... BEL or ST
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x1b[ -~]?"  # two-byte escapes, or a lone ESC
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
    r"|[\ud800-\udfff]"  # lone surrogates (only a JSON \\ud800 escape makes one): not text
)
_SURROGATE = re.compile(r"[\ud800-\udfff]")

MAX_DEPTH = 100  # nesting of a JSON document (a campaign needs about 12)
MAX_TEXT = 100_000  # characters in one string (notes included)


class UnsafeDocument(ValueError):
    """A document :func:`clean_document` refuses: nested deeper than
    :data:`MAX_DEPTH`, a string longer than :data:`MAX_TEXT` characters or
    holding a lone surrogate, a number that is not finite. ``str()`` says which, for a message naming the file."""


def clean_text(value: str) -> str:
    """``value`` without escape sequences and control characters (newline and tab kept)."""
    if _UNSAFE.search(value) is None:
        return value
    return _UNSAFE.sub("", value)


def clean_name(value: str) -> str:
    """A one-line name: :func:`clean_text`, whitespace runs folded to one space, stripped."""
    return " ".join(clean_text(value).split())


def clean_document(doc: Any, _depth: int = 0) -> Any:
    """A copy of a JSON document with every string (keys too) cleaned; unchanged parts are shared.
    Raises :class:`UnsafeDocument` (too deep, a too long string, a lone surrogate, NaN or Infinity)."""
    if isinstance(doc, str):
        return _clean_string(doc)
    if _depth >= MAX_DEPTH:
        if isinstance(doc, (dict, list)):
            raise UnsafeDocument(f"is nested more than {MAX_DEPTH} levels deep")
        return doc
    if isinstance(doc, dict):
        return {_clean_string(k) if isinstance(k, str) else k: clean_document(v, _depth + 1) for k, v in doc.items()}
    if isinstance(doc, list):
        return [clean_document(v, _depth + 1) for v in doc]
    if type(doc) is float and not math.isfinite(doc):
        raise UnsafeDocument(f"holds a number that is not finite ({doc})")
    return doc


def _clean_string(value: str) -> str:
    if len(value) > MAX_TEXT:
        raise UnsafeDocument(f"holds a text of {len(value)} characters (at most {MAX_TEXT})")
    if _UNSAFE.search(value) is None:
        return value
    if _SURROGATE.search(value) is not None:
        raise UnsafeDocument("holds broken text (a lone surrogate such as \\ud800)")
    return _UNSAFE.sub("", value)
