"""A campaign file read with its encounters' states kept as JSON text.

A campaign of 200 encounters holds 200 states (about 10 KB of JSON each,
five times that as Python objects), of which a session decodes one, the
current encounter's. :func:`load_campaign_text` parses the file as
``json.loads`` does, but keeps each ``encounters.<id>.state`` object as a
:class:`StateText`: the exact characters of the file, checked to be a
JSON object (each is parsed and dropped at once, so no more than one is
held as objects while reading). :class:`saves.layout.EncounterData`
parses a state's text the first time it is asked for; a fold writes an
encounter never opened back as the text it was read as.

Anything the walk does not expect (a file another program wrote, spaces
where ours has none) is parsed by ``json.loads`` whole: the same result
and the same errors, only without the states kept as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # (text, index) -> (value, end); raises StopIteration or JSONDecodeError


class StateText:
    """``StateText(text)``: an encounter's state document as JSON ``text``
    (an object, UTF-8: a map's symbols would make a ``str`` of it four
    bytes a character), not decoded yet. Not a ``str``, so that it is never
    taken for a text value, nor written as one (``json.dumps`` refuses it)."""

    __slots__ = ("text",)

    def __init__(self, text: bytes) -> None:
        self.text = text

    def decode(self) -> dict[str, Any]:
        """The state document (a new object each call)."""
        doc = json.loads(self.text)
        if not isinstance(doc, dict):  # never: the walk kept only objects
            raise ValueError("an encounter state is not a JSON object")
        return doc


class _Unexpected(Exception):
    """The walk met a shape it does not handle: parse the file whole."""


def load_campaign_text(text: str) -> Any:
    """The JSON value of ``text`` (a campaign file), with each encounter's
    ``state`` object as a :class:`StateText`; raises what ``json.loads``
    raises on text that is not JSON."""
    try:
        if text.startswith("{"):
            value, end = _object(text, 0, lambda key, at: _table(text, at) if key == "encounters" else _scan(text, at))
            if end == len(text):
                return value
    except (_Unexpected, StopIteration, ValueError, RecursionError):
        pass
    return json.loads(text)


def _table(text: str, at: int) -> tuple[Any, int]:
    """The encounters table at ``text[at]``: ``{id: encounter, ...}``,
    each encounter's ``state`` object kept as its text."""
    if not text.startswith("{", at):
        return _scan(text, at)

    def member(key: str, start: int) -> tuple[Any, int]:
        value, end = _scan(text, start)
        if key == "state" and isinstance(value, dict):
            return StateText(text[start:end].encode("utf-8")), end  # parsed to check it, then dropped: the next state reuses its memory
        return value, end

    def encounter(_: str, start: int) -> tuple[Any, int]:
        return _object(text, start, member) if text.startswith("{", start) else _scan(text, start)

    return _object(text, at, encounter)


def _object(text: str, index: int, value_at: Callable[[str, int], tuple[Any, int]]) -> tuple[dict[str, Any], int]:
    """The object at ``text[index]`` (``{``) in the compact form our files
    use (no spaces), each member's value read by ``value_at(key, its
    index)``; ``(object, index past its })``."""
    out: dict[str, Any] = {}
    index += 1
    if text.startswith("}", index):
        return out, index + 1
    while True:
        if not text.startswith('"', index):
            raise _Unexpected
        key, index = _scan(text, index)
        if not text.startswith(":", index):
            raise _Unexpected
        out[key], index = value_at(key, index + 1)
        if text.startswith(",", index):
            index += 1
        elif text.startswith("}", index):
            return out, index + 1
        else:
            raise _Unexpected


def decoded(raw: Any) -> Any:
    """``raw`` (a file's value) with the states kept as text decoded: for the
    readers that take the whole file as documents (schema upgrades, a shape
    the layout cleans whole)."""
    table = raw.get("encounters") if isinstance(raw, dict) else None
    if not isinstance(table, dict) or not any(isinstance(d, dict) and isinstance(d.get("state"), StateText) for d in table.values()):
        return raw
    encounters = {k: dict(d, state=d["state"].decode()) if isinstance(d, dict) and isinstance(d.get("state"), StateText) else d for k, d in table.items()}
    return dict(raw, encounters=encounters)
