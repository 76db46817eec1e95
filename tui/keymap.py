"""Reading the user's ``keys.json``: action id -> key, checked before use.

The file is untrusted: it is read by :func:`saves.files.read_regular`
(a FIFO, device or folder is refused at once; it would hang or flood the
start), refused over ``MAX_KEYMAP_BYTES`` and when nested deeper
than ``MAX_KEYMAP_DEPTH`` (limits in :mod:`core.values.limits`). Each entry is
then checked on its own: an unknown action id, a value that is not a key
name, a key kept for the app (Ctrl+C, Tab, arrows...) or a key another
action already uses (unless that action is rebound too) is refused with a
message and that action keeps its default key. Everything from the file
that a message shows is escaped: an escape sequence in it never reaches
the terminal.
"""

from __future__ import annotations

import json
import os
import unicodedata
from functools import lru_cache
from pathlib import Path

import platformdirs

from textual.keys import ASCII_KEY_NAMES, KEY_NAME_REPLACEMENTS, Keys

from core.values import limits as lim
from saves.files import MAX_SMALL_FILE_BYTES, read_regular
from tui.keys import ACTIONS

MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")
RESERVED = {
    "ctrl+c": "quits", "ctrl+q": "quits", "ctrl+p": "opens the command palette",
    "tab": "moves between panes", "shift+tab": "moves between panes", "escape": "closes dialogs",
    "enter": "answers dialogs", "up": "selects", "down": "selects", "pageup": "pages",
    "pagedown": "pages", "home": "pages", "end": "pages",
}
EXTRA_IDS = {"interrupt-quit": "ctrl+c"}  # bindings() adds it beside ACTIONS


def keymap_path() -> Path:
    """``$ENCOUNTER_HOME/keys.json`` when that is set, else ``keys.json`` in
    the user config folder (``~/.config/encounter`` on Linux)."""
    home = os.environ.get("ENCOUNTER_HOME")
    folder = Path(home).expanduser() if home else Path(platformdirs.user_config_dir("encounter", appauthor=False))
    return folder / "keys.json"


def shown(value: object, limit: int = 24) -> str:
    """``value`` quoted for a message: every unprintable character (escape
    sequences, bidi controls, lone surrogates) as ``\\uXXXX``, cut to ``limit``."""
    text = value if isinstance(value, str) else json.dumps(value)
    out = []
    for ch in text[: limit + 1]:
        code = ord(ch)
        out.append(ch if ch.isprintable() and not 0xD800 <= code <= 0xDFFF else f"\\u{code:04x}")
    body = "".join(out)
    if len(text) > limit:
        body = body[: limit - 3] + "..."
    return f"'{body}'"


def character_key(character: str) -> str:
    """The key name Textual gives a printable ``character`` (``"+"`` ->
    ``"plus"``): its Unicode name in snake case, as Textual's own (private)
    conversion spells it from the public tables of :mod:`textual.keys`."""
    if character.isalnum():
        key = character
    else:
        try:
            key = unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
        except ValueError:
            key = ASCII_KEY_NAMES.get(character, character)
    return KEY_NAME_REPLACEMENTS.get(key, key)


@lru_cache(maxsize=1)
def _key_names() -> frozenset[str]:
    names = {k.value for k in Keys} | {"space"}
    names |= {character_key(chr(c)) for c in range(33, 127)}
    return frozenset(names)


def normalise(keys: str) -> str:
    """``"+, ctrl+r"`` -> ``"plus,ctrl+r"``; raises ``ValueError`` naming a
    part that is not a key name."""
    out = []
    for part in keys.split(","):
        part = part.strip()
        if not part:
            raise ValueError("an empty key")
        if len(part) == 1:
            if not part.isprintable() or part.isspace() or 0xD800 <= ord(part) <= 0xDFFF:
                raise ValueError(f"{shown(part)} is not a key name")
            out.append(character_key(part))
            continue
        *mods, base = part.split("+")
        if len(base) == 1 and base.isprintable() and not base.isspace():
            base = character_key(base)
        if any(m not in MODIFIERS for m in mods) or base not in _key_names():
            raise ValueError(f"{shown(part)} is not a key name (e.g. x, P, space, f2, ctrl+r)")
        out.append("+".join([*mods, base]))
    return ",".join(out)


def _read(path: Path) -> str | None:
    """The text of ``path``; ``None`` when there is no file. Raises
    ``ValueError`` with the reason it is refused (a pipe, device or folder
    at once, see :func:`saves.files.read_regular`; over ``MAX_KEYMAP_BYTES``)."""
    try:
        data = read_regular(path, MAX_SMALL_FILE_BYTES)
    except OSError as exc:
        raise ValueError(exc.strerror or type(exc).__name__) from None
    if data is None:
        return None
    if len(data) > lim.MAX_KEYMAP_BYTES:
        raise ValueError(f"larger than {lim.MAX_KEYMAP_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None


def _depth(text: str) -> int:
    """Deepest nesting of JSON brackets in ``text`` (strings skipped), in one pass."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_keymap(path: Path) -> tuple[dict[str, str], list[str]]:
    """Read a key map file; returns ``(keymap, problems)``: the bindings
    that apply (id -> Textual key names) and one message per refusal.

    A missing file is an empty map; nothing here is fatal.
    """
    where = shown(str(path), 80)
    try:
        text = _read(path)
        if text is None:
            return {}, []
        if _depth(text) > lim.MAX_KEYMAP_DEPTH:
            raise ValueError(f"nested deeper than {lim.MAX_KEYMAP_DEPTH} levels")
        data = json.loads(text)
    except RecursionError:
        return {}, [f"key map {where} ignored: nested too deeply"]
    except ValueError as exc:
        return {}, [f"key map {where} ignored: {shown(str(exc), 120)[1:-1]}"]
    if not isinstance(data, dict):
        return {}, [f"key map {where} ignored: expected an object of action id -> key"]
    defaults = {a.id: a.key for a in ACTIONS} | EXTRA_IDS
    wanted: dict[str, str] = {}
    problems: list[str] = []
    for action_id, key in data.items():
        if action_id not in defaults:
            problems.append(f"key map: unknown action {shown(action_id)} (the ids are in tui/keys.py)")
        elif not isinstance(key, str) or not key.strip():
            problems.append(f"key map: key for {action_id} must be text")
        elif len(key) > lim.MAX_KEY_NAME:
            problems.append(f"key map: keys for {action_id} longer than {lim.MAX_KEY_NAME} characters")
        else:
            try:
                keys = normalise(key)
            except ValueError as exc:
                problems.append(f"key map: {action_id}: {exc}")
                continue
            kept = next((k for k in keys.split(",") if k in RESERVED), None)
            if kept is not None:
                problems.append(f"key map: {shown(kept)} {RESERVED[kept]}; {action_id} stays on {defaults[action_id]}")
            else:
                wanted[action_id] = keys
    problems += _drop_conflicts(wanted, defaults)
    return wanted, problems


def _drop_conflicts(wanted: dict[str, str], defaults: dict[str, str]) -> list[str]:
    """Remove from ``wanted`` every binding whose key another action holds
    (after the whole map is applied, so a swap is fine); the dropped action
    goes back to its default key, which may free or take another."""
    problems: list[str] = []
    while True:
        holders: dict[str, list[str]] = {}
        for action_id, default in defaults.items():
            for key in wanted.get(action_id, default).split(","):
                holders.setdefault(key, []).append(action_id)
        clash = next(((key, ids) for key, ids in holders.items() if len(ids) > 1 and any(i in wanted for i in ids)), None)
        if clash is None:
            return problems
        key, ids = clash
        loser = next(i for i in ids if i in wanted)
        other = next(i for i in ids if i != loser)
        problems.append(f"key map: {shown(key)} for {loser} is already {other}'s key; {loser} stays on {defaults[loser]}")
        del wanted[loser]
