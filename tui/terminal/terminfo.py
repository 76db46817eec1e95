"""What the terminal's terminfo entry says about erasing.

One question only: does the terminal erase with the current background
colour (terminfo's boolean ``bce``, "back_color_erase")? Then a run of
blanks in one background can be sent as one erase (``ESC [ n X``) rather
than as n spaces (:mod:`tui.terminal.erase`). xterm, VTE, kitty, Alacritty
and the Linux console say yes; GNU screen and tmux's own entries say no, and
there the blanks are written as spaces, as before.

The compiled entry is read directly (``term(5)``: a 12-byte header of six
little-endian shorts, the names, then one byte per boolean; ``bce`` is
boolean 28 in the standard order), not through :mod:`curses`, whose C
library costs a millisecond or more to load at start-up.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

BCE = 28
"""Index of ``bce`` (back_color_erase) among terminfo's standard booleans."""

MAGICS = (0o432, 0o1036)
"""The legacy and the extended-number format's magic numbers."""

SYSTEM_DIRS = ("/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo")


def entry_dirs(environ: dict | os._Environ) -> list[Path]:
    """The folders searched for a compiled entry, in terminfo(5)'s order:
    ``$TERMINFO``, ``~/.terminfo``, ``$TERMINFO_DIRS`` (an empty part: the
    system folders), then the system folders."""
    dirs: list[str] = []
    if environ.get("TERMINFO"):
        dirs.append(environ["TERMINFO"])
    if environ.get("HOME"):
        dirs.append(os.path.join(environ["HOME"], ".terminfo"))
    for part in environ.get("TERMINFO_DIRS", "").split(":") if environ.get("TERMINFO_DIRS") else ():
        dirs.extend([part] if part else SYSTEM_DIRS)
    dirs.extend(SYSTEM_DIRS)
    return [Path(folder) for folder in dirs]


def entry_bytes(term: str, environ: dict | os._Environ) -> bytes | None:
    """The compiled entry of ``term`` (``<dir>/x/xterm``, or ``<dir>/78/xterm``
    as macOS names it), ``None`` if there is none."""
    if not term or "/" in term or term.startswith("."):
        return None
    for folder in entry_dirs(environ):
        for sub in (term[0], f"{ord(term[0]):02x}"):
            try:
                return (folder / sub / term).read_bytes()
            except OSError:
                continue
    return None


def has_boolean(entry: bytes, index: int) -> bool:
    """Whether the compiled ``entry`` sets standard boolean ``index``; a
    malformed entry sets none."""
    if len(entry) < 12:
        return False
    magic, names_size, booleans, _numbers, _strings, _table = struct.unpack("<6h", entry[:12])
    if magic not in MAGICS or names_size < 0 or index >= booleans:
        return False
    at = 12 + names_size + index
    return at < len(entry) and entry[at] == 1


def erases_with_background(environ: dict | os._Environ | None = None) -> bool:
    """Whether the terminal ``$TERM`` names erases with the current
    background colour (``bce``); ``False`` when it is unknown."""
    environ = os.environ if environ is None else environ
    entry = entry_bytes(environ.get("TERM", ""), environ)
    return entry is not None and has_boolean(entry, BCE)
