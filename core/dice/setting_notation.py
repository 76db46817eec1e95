"""Reading the value a GM types for a house rule (a ruleset setting).

One parser per shape of setting, the shape read from the settings field's
annotation (:func:`shape_of`):

- ``bool``: ``true``/``false`` (also ``yes``/``no``, ``on``/``off``, any case)
- ``int``: a whole number
- ``str``: the text as typed (stripped)
- a row of numbers (``tuple[int, ...]``, ``tuple[int, int]``): ``6, 12``
  (commas or spaces); a fixed row (``tuple[int, int]``: torch 6/12) takes
  exactly its count, a free row keeps its DEFAULT's count (the hero bonus
  by round, body heights by size: each place means something)
- a row of names (``tuple[str, ...]``): ``penetrating, true`` (commas: a
  name may hold a space, ``chaotic evil``); ``-`` is an empty entry, ``none``
  an empty row; rows whose places mean something (stats, sizes, dice by
  step) keep their count, and dice entries must be dice (``4d6``)
- a table (``tuple[tuple[str, int], ...]``, ``tuple[tuple[int, int], ...]``):
  ``large 2, huge 3`` (entries by commas, each entry its two values);
  ``none`` is an empty table

:func:`format_setting` writes a value the way its parser reads it back.
Whether the ruleset accepts the value is its own question
(:meth:`core.rulesets.base.Ruleset.house_rule_refusal`).
Raises :class:`~core.errors.NotationError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import NotationError

TRUE_WORDS = ("true", "yes", "on")
FALSE_WORDS = ("false", "no", "off")
EMPTY_WORDS = ("none", "()", "")
EMPTY_ENTRY = "-"
POSITIONAL_NAMES = ("stats", "hero_damage", "unarmed_dice")
"""Rows of names whose places mean something (a stat block, dice by step): a
house rule changes their entries, not their count. The size ladder
(``size_categories``) may be shorter or longer: a size it does not list
counts as the next one up (:func:`core.board.battlefield.size_category`)."""
DICE = re.compile(r"^\d*d\d+([+-]\d+)?$", re.IGNORECASE)


@dataclass(frozen=True)
class Shape:
    """The shape of a setting: ``kind`` one of ``bool``, ``int``, ``str``,
    ``row`` (a tuple of ``items``), ``table`` (a tuple of tuples, each of
    ``items``); ``count`` the fixed length of a row (``None``: free)."""

    kind: str
    items: tuple[str, ...] = ()
    count: int | None = None

    def describe(self) -> str:
        """What to type, for a prompt: ``two whole numbers, e.g. 6, 12``."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return "a whole number"
        if self.kind == "str":
            return "text"
        if self.kind == "table":
            entry = " ".join("name" if item == "str" else "number" for item in self.items)
            return f"entries '{entry}' separated by commas, or none"
        what = "whole numbers" if self.items == ("int",) else "names"
        count = f"{self.count} " if self.count else ""
        return f"{count}{what} separated by commas"


def shape_of(annotation: object, default: object = None) -> Shape:
    """The :class:`Shape` of a settings field from its annotation text
    (``"tuple[int, int]"``); ``default`` gives it when the annotation is
    not text (a field declared without ``from __future__ import annotations``)."""
    text = annotation if isinstance(annotation, str) else _annotation_of(default)
    text = text.replace(" ", "")
    if text in ("bool", "int", "str"):
        return Shape(text)
    match = re.fullmatch(r"tuple\[(.*)\]", text)
    if match is None:
        raise NotationError(f"a setting of type {annotation} cannot be typed")
    inner = match.group(1)
    table = re.fullmatch(r"tuple\[(.*)\],\.\.\.", inner)
    if table is not None:
        return Shape("table", tuple(table.group(1).split(",")))
    parts = inner.split(",")
    if parts[-1] == "...":
        return Shape("row", (parts[0],))
    if len(set(parts)) != 1:
        raise NotationError(f"a setting of type {annotation} cannot be typed")
    return Shape("row", (parts[0],), len(parts))


def _annotation_of(value: object) -> str:
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return "tuple[" + "tuple[" + ",".join(type(x).__name__ for x in value[0]) + "],...]"
        return f"tuple[{type(value[0]).__name__ if value else 'str'},...]"
    return type(value).__name__


def parse_setting(text: str, current: object, shape: Shape | None = None, name: str = "") -> object:
    """``text`` as a value of the setting's shape (``shape``, else read off
    ``current``): ``"on"`` for a bool -> ``True``; ``" 12 "`` for an int ->
    ``12``; ``"6, 12"`` for ``tuple[int, int]`` -> ``(6, 12)``; ``"large 2,
    huge 3"`` for a table -> ``(("large", 2), ("huge", 3))``. ``name`` (the
    setting's) tells whether a row of names keeps its count (:data:`POSITIONAL_NAMES`)."""
    shape = shape or shape_of(_annotation_of(current))
    raw = text.strip()
    if shape.kind == "bool":
        if raw.lower() not in TRUE_WORDS + FALSE_WORDS:
            raise NotationError("type true or false")
        return raw.lower() in TRUE_WORDS
    if shape.kind == "int":
        return _whole(raw)
    if shape.kind == "str":
        return raw
    if shape.kind == "table":
        return _table(raw, shape)
    return _row(raw, shape, current, name)


def _whole(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise NotationError(f"{word!r} is not a whole number: type a whole number") from None


def _row(raw: str, shape: Shape, current: object, name: str) -> tuple[object, ...]:
    numbers = shape.items == ("int",)
    if raw.lower() in EMPTY_WORDS:
        words: list[str] = []
    elif numbers:
        words = [w for w in re.split(r"[,\s]+", raw) if w]
    else:
        words = [w.strip() for w in raw.split(",")]
    count = shape.count
    if count is None and isinstance(current, tuple) and (numbers or name in POSITIONAL_NAMES):
        count = len(current)
    if count is not None and len(words) != count:
        what = "whole numbers" if numbers else "names"
        raise NotationError(f"type {count} {what} separated by commas, got {len(words)}")
    if numbers:
        return tuple(_whole(w) for w in words)
    values = tuple("" if w == EMPTY_ENTRY else w for w in words)
    if any(not v for v in values) and not (isinstance(current, tuple) and "" in current):
        raise NotationError("an entry is empty: type a name between the commas")
    if isinstance(current, tuple) and any(isinstance(c, str) and DICE.match(c) for c in current):
        for value in values:
            if value:
                _dice(value)
    return values


def _dice(word: str) -> None:
    """A dice entry of a row (``4d6``, ``d8+1``), read without the dice parser
    (the first frame does not load it): at least one die of at least one side."""
    match = DICE.match(word)
    if not match:
        raise NotationError(f"{word!r} is not dice; type e.g. 2d6")
    count, sides = word.lower().split("d", 1)
    if (count and int(count) < 1) or int(re.split(r"[+-]", sides)[0]) < 1:
        raise NotationError(f"{word!r} rolls no die; type e.g. 2d6")


def _table(raw: str, shape: Shape) -> tuple[tuple[object, ...], ...]:
    if raw.lower() in EMPTY_WORDS:
        return ()
    entries = []
    for entry in raw.split(","):
        words = entry.split()
        if len(words) != len(shape.items):
            example = " ".join("name" if item == "str" else "number" for item in shape.items)
            raise NotationError(f"each entry is '{example}': {entry.strip()!r} is not")
        entries.append(tuple(_whole(w) if item == "int" else w for w, item in zip(words, shape.items)))
    return tuple(entries)


def format_setting(value: object) -> str:
    """``value`` as its parser reads it back: ``6, 12``; ``large 2, huge 3``;
    ``none`` for an empty row or table; ``true``/``false``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        if not value:
            return "none"
        if isinstance(value[0], tuple):
            return ", ".join(" ".join(str(x) for x in entry) for entry in value)
        return ", ".join(EMPTY_ENTRY if x == "" else str(x) for x in value)
    return str(value)
