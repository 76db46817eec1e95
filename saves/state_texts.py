"""A campaign file read with its encounters' states kept as JSON text.

A campaign of 200 encounters holds 200 states (about 10 KB of JSON each,
five times that as Python objects), of which a session decodes one, the
current encounter's. :func:`load_campaign_text` parses the file as
``json.loads`` does, but keeps each ``encounters.<id>.state`` object as a
:class:`StateText`: the exact bytes of the file, checked to be a
JSON object (each is parsed and dropped at once, so no more than one is
held as objects while reading). :class:`saves.layout.EncounterData`
parses a state's text the first time it is asked for; a fold writes an
encounter never opened back as the bytes it was read as.

The walk reads the file's bytes as Latin-1, one character a byte, so that
a state's place in the walk is its place in the file and its bytes are a
slice of them (a map's emoji made the UTF-8 text four bytes a character,
and each state a copy of that cut out and encoded again: about a seventh
of the reading of a 200-encounter campaign). JSON's structure is ASCII, so
the walk sees the same structure, and the same errors, in either text; a
value outside the states whose bytes are not all ASCII (a name with an
accent or an emoji) is parsed again from its UTF-8 bytes. The whole file
is still decoded as UTF-8 first: a file that is not UTF-8 is refused as
before, whichever part of it is at fault.

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


def load_campaign_text(raw: bytes) -> Any:
    """The JSON value of ``raw`` (a campaign file's bytes, UTF-8), with each
    encounter's ``state`` object as a :class:`StateText`; raises what
    ``json.loads`` raises on bytes that are not UTF-8 JSON
    (:class:`UnicodeDecodeError`, :class:`json.JSONDecodeError`)."""
    raw.decode("utf-8")  # a file that is not UTF-8 is refused here, as json.loads of its text would refuse it
    try:
        if raw.startswith(b"{"):
            value, end = _Walk(raw).campaign()
            if end == len(raw):
                return value
    except (_Unexpected, StopIteration, ValueError, RecursionError):
        pass
    return json.loads(raw.decode("utf-8"))


class _Walk:
    """One walk of a campaign file's bytes ``raw``, read as Latin-1 (see the module docstring)."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.text = raw.decode("latin-1")  # a character a byte: offsets in the text are offsets in the file

    def campaign(self) -> tuple[Any, int]:
        return self._object(0, lambda key, at: self._table(at) if key == "encounters" else self._value(at))

    def _value(self, at: int) -> tuple[Any, int]:
        """The JSON value at ``text[at]`` and the index past it: as the
        Latin-1 text reads it when its bytes are ASCII, else parsed again
        from its UTF-8 bytes."""
        value, end = _scan(self.text, at)
        if isinstance(value, (str, dict, list)) and not self.raw[at:end].isascii():
            value = json.loads(self.raw[at:end].decode("utf-8"))
        return value, end

    def _table(self, at: int) -> tuple[Any, int]:
        """The encounters table at ``text[at]``: ``{id: encounter, ...}``,
        each encounter's ``state`` object kept as its bytes."""
        if not self.text.startswith("{", at):
            return self._value(at)

        def member(key: str, start: int) -> tuple[Any, int]:
            if key != "state":
                return self._value(start)
            value, end = _scan(self.text, start)
            if isinstance(value, dict):
                return StateText(self.raw[start:end]), end  # parsed to check it, then dropped: the next state reuses its memory
            return self._value(start)

        def encounter(_: str, start: int) -> tuple[Any, int]:
            return self._object(start, member) if self.text.startswith("{", start) else self._value(start)

        return self._object(at, encounter)

    def _object(self, index: int, value_at: Callable[[str, int], tuple[Any, int]]) -> tuple[dict[str, Any], int]:
        """The object at ``text[index]`` (``{``) in the compact form our files
        use (no spaces), each member's value read by ``value_at(key, its
        index)``; ``(object, index past its })``. A key that is not ASCII
        is a shape for ``json.loads``."""
        text = self.text
        out: dict[str, Any] = {}
        index += 1
        if text.startswith("}", index):
            return out, index + 1
        while True:
            if not text.startswith('"', index):
                raise _Unexpected
            key, index = _scan(text, index)
            if not key.isascii() or not text.startswith(":", index):
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
