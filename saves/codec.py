"""Converters between core values and JSON documents.

Core types never save themselves; this codec walks their type hints.
Frozen dataclasses become objects, enums their value, tuples lists,
mappings objects. Events and commands, stored where any of several kinds
may appear, carry a ``"$type"`` tag naming their class.

``to_document(value)`` and ``from_document(document, Type)`` are inverse
for every type used in encounter state, commands and events.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import types
import typing
import weakref
from collections.abc import Mapping
from functools import cache
from typing import Any

from core.combat import events, turn_commands
from core.combat.command_base import Command
from core.errors import EncounterError, RulesError
from saves import records  # saves-level log records (Undone, Redone)
from core.combat import registry
from core.rulesets import known_ids, ruleset_class

TAG = "$type"


class CodecError(EncounterError):
    """A document does not have the shape its type needs. Not a ``ValueError``:
    the loaders catch it by name (or as any failure of an untrusted file) and
    turn it into a :class:`~saves.errors.CorruptSave`."""


def _tagged_class(tag: str) -> type | None:
    """The event or command class named ``tag``: the turns' events and
    commands first; the events of actions, of the map and of the maneuvers,
    then the core's other commands (:mod:`core.combat.commands`) and the
    generic command families (:data:`core.combat.registry.FAMILIES`) are
    imported only for a tag not among those before them, and every known
    ruleset's own ``command_modules`` only for a tag not among those, so a
    campaign that never used a tool opens without loading its rules."""
    return _core_tagged().get(tag) or _event_family_class(tag) or _family_tagged().get(tag) or _ruleset_tagged().get(tag)


@cache
def _core_tagged() -> dict[str, type]:
    return _tagged_in(events, records, turn_commands)


def _event_family_class(tag: str) -> type | None:
    """The event class ``tag`` of the event modules (:data:`core.combat.registry.EVENT_MODULES`),
    each imported only when the ones before it do not define ``tag``: a log line of
    an action decodes without loading the map's or the maneuvers' events, nor any command family."""
    for path in registry.EVENT_MODULES:
        found = _event_module_tagged(path).get(tag)
        if found is not None:
            return found
    return None


@cache
def _event_module_tagged(path: str) -> dict[str, type]:
    return _tagged_in(importlib.import_module(path))


@cache
def _family_tagged() -> dict[str, type]:
    from core.combat import commands  # the core's commands: with the first decoded command other than a turn's (start-up)

    registry.load(registry.COMMAND_MODULES + registry.FAMILIES)
    found = _tagged_in(commands)
    for name, cls in _tagged_below().items():
        found.setdefault(name, cls)
    return found


@cache
def _ruleset_tagged() -> dict[str, type]:
    for ruleset_id in known_ids():
        cls = ruleset_class(ruleset_id)
        if cls is not None:
            registry.load(cls.command_modules)
    return _tagged_below()


def _tagged_below() -> dict[str, type]:
    """Every event and command dataclass defined by now, by class name."""
    found: dict[str, type] = {}
    stack: list[type] = [events.Event, Command]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if dataclasses.is_dataclass(cls):
            found.setdefault(cls.__name__, cls)
    return found


def _tagged_in(*modules) -> dict[str, type]:
    """The event and command dataclasses of ``modules``, by class name."""
    found: dict[str, type] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, (events.Event, Command)) and dataclasses.is_dataclass(value):
                found[value.__name__] = value
    return found


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _frozen(cls: type[Any]) -> bool:
    """Whether the dataclass ``cls`` is frozen (its values never change)."""
    return bool(cls.__dataclass_params__.frozen)


# Documents of frozen values, by identity: an unchanged combatant converts
# once, and the undo diff sees the very same document (saves/patch.py treats
# documents as immutable, so sharing them is safe). Held weakly: an entry goes
# when its value does, so a long session's memory stays flat (only the values
# still alive, those of the states kept, have entries).
_MEMO: dict[int, tuple[weakref.ref[Any], Any]] = {}
# The way back, by the document's identity: a document an undo restores
# (saves/patch.py shares what did not change) decodes to the very value it
# came from, so an unchanged map is the same Grid object and keeps its caches
# (the flattened map of core/board/movement/layout.py, the map pane's cells).
# Also weak on the value: the entry goes with it.
_DECODED: dict[int, tuple[Any, weakref.ref[Any]]] = {}


def _forget(table: dict[int, Any], key: int, index: int) -> Any:
    """A weakref callback dropping ``table[key]`` when its entry still holds
    that reference at ``index`` (not a newer entry under a reused id)."""

    def gone(ref: weakref.ref[Any]) -> None:
        entry = table.get(key)
        if entry is not None and entry[index] is ref:
            table.pop(key, None)

    return gone


def _remember(doc: Any, value: Any) -> None:
    key = id(doc)
    _DECODED[key] = (doc, weakref.ref(value, _forget(_DECODED, key, 1)))


_PLAIN = (type(None), bool, int, float, str)
PLAIN_TYPES = _PLAIN
"""The types whose values are their own documents (exactly these, no subclass)."""
# Documents of tuples whose items are all plain or frozen values (a state's
# combatants, its turn boundaries), by identity, holding the tuple itself
# (a tuple takes no weak reference): an unchanged tuple converts once, and
# the undo diff finds the very same list at once. Bounded: each entry keeps
# its items alive, so only the tuples of the last few actions are kept.
_TUPLES: dict[int, tuple[tuple[Any, ...], list[Any]]] = {}
_TUPLES_MAX = 128


@cache
def _shape(cls: type) -> tuple[tuple[str, ...], str | None, bool] | None:
    """``(field names, "$type" tag or None, frozen)`` of a dataclass ``cls``;
    ``None`` for any other type. Found once per class: the walk of a state
    (about 130 values an action, most of them memoized) asked
    ``dataclasses`` for them at each value."""
    if not dataclasses.is_dataclass(cls):
        return None
    tag = cls.__name__ if issubclass(cls, (events.Event, Command)) else None
    return tuple(f.name for f in dataclasses.fields(cls)), tag, _frozen(cls)


def dataclass_fields(cls: type) -> tuple[str, ...] | None:
    """The names of the fields of the dataclass ``cls``, in the order its
    documents list them; ``None`` for any other type."""
    shape = _shape(cls)
    return None if shape is None else shape[0]


def _frozen_value(value: Any) -> bool:
    """Whether ``value``'s document can never change: a frozen dataclass, or a tuple kept in :data:`_TUPLES`."""
    if type(value) is tuple:
        known = _TUPLES.get(id(value))
        return known is not None and known[0] is value
    shape = _shape(type(value))  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
    return shape is not None and shape[2]


def to_document(value: Any) -> Any:
    """A JSON-ready copy of ``value`` (shared, never to be mutated)."""
    cls = type(value)
    if cls in _PLAIN:
        return value
    shape = _shape(cls)  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
    if shape is not None:
        key = id(value)
        memo = _MEMO.get(key)
        if memo is not None and memo[0]() is value:
            return memo[1]
        names, tag, frozen = shape
        doc = {name: to_document(getattr(value, name)) for name in names}
        if tag is not None:
            doc[TAG] = tag
        if frozen:
            _MEMO[key] = (weakref.ref(value, _forget(_MEMO, key, 0)), doc)
            _remember(doc, value)
        return doc
    if isinstance(value, (bool, int, float, str)):  # a subclass (a str enum): as it always was
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if cls is tuple:
        known = _TUPLES.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        items = [to_document(v) for v in value]
        if all(type(v) in _PLAIN or _frozen_value(v) for v in value):
            if len(_TUPLES) >= _TUPLES_MAX:
                _TUPLES.clear()
            _TUPLES[id(value)] = (value, items)
        return items
    if isinstance(value, (tuple, list)):
        return [to_document(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_document(v) for k, v in value.items()}
    raise CodecError(f"cannot store a {type(value).__name__}")


def from_document(doc: Any, hint: Any) -> Any:
    """Rebuild a value of type ``hint`` from ``doc``; raises :class:`CodecError`."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return doc
    if origin in (typing.Union, types.UnionType):
        if doc is None and type(None) in args:
            return None
        errors = []
        for option in args:
            if option is type(None):
                continue
            try:
                return from_document(doc, option)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError("; ".join(errors) or f"no type fits {doc!r}")
    if hint is type(None):
        if doc is not None:
            raise CodecError(f"expected null, got {doc!r}")
        return None
    if hint is bool:
        if not isinstance(doc, bool):
            raise CodecError(f"expected true/false, got {doc!r}")
        return doc
    if hint is int:
        if isinstance(doc, bool) or not isinstance(doc, int):
            raise CodecError(f"expected a whole number, got {doc!r}")
        return doc
    if hint is float:
        if isinstance(doc, bool) or not isinstance(doc, (int, float)):
            raise CodecError(f"expected a number, got {doc!r}")
        return float(doc)
    if hint is str:
        if not isinstance(doc, str):
            raise CodecError(f"expected text, got {doc!r}")
        return doc
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(doc)
        except ValueError:
            raise CodecError(f"{doc!r} is not a {hint.__name__}") from None
    if origin is tuple or origin is list:
        if not isinstance(doc, list):
            raise CodecError(f"expected a list, got {type(doc).__name__}")
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(doc):
                raise CodecError(f"expected {len(args)} items, got {len(doc)}")
            return tuple(from_document(d, a) for d, a in zip(doc, args))
        item = args[0] if args else Any
        items = [from_document(d, item) for d in doc]
        return tuple(items) if origin is tuple else items
    if origin in (dict, Mapping) or origin is typing.get_origin(Mapping[str, int]):
        if not isinstance(doc, dict):
            raise CodecError(f"expected an object, got {type(doc).__name__}")
        value_hint = args[1] if len(args) == 2 else Any
        return {str(k): from_document(v, value_hint) for k, v in doc.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(doc, hint)
    raise CodecError(f"no converter for {hint!r}")


def _dataclass(doc: Any, cls: type[Any]) -> Any:
    if not isinstance(doc, dict):
        raise CodecError(f"expected a {cls.__name__} object, got {type(doc).__name__}")
    if issubclass(cls, (events.Event, Command)):
        tagged = _tagged_class(str(doc.get(TAG, "")))
        if tagged is None or not issubclass(tagged, cls):
            raise CodecError(f"unknown {cls.__name__} type {doc.get(TAG)!r}")
        cls = tagged
    known = _DECODED.get(id(doc))
    if known is not None and known[0] is doc:
        alive = known[1]()
        if type(alive) is cls:
            return alive
    hints = _hints(cls)  # type: ignore[arg-type]  # a class is hashable; mypy takes type[X] for not (python/mypy#11470)
    kwargs = {}
    for field in dataclasses.fields(cls):
        if field.name in doc:
            try:
                kwargs[field.name] = from_document(doc[field.name], hints[field.name])
            except CodecError as exc:
                raise CodecError(f"{cls.__name__}.{field.name}: {exc}") from None
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise CodecError(f"{cls.__name__} lacks {field.name!r}")
    try:
        value = cls(**kwargs)
    except (TypeError, ValueError, RulesError) as exc:
        raise CodecError(f"{cls.__name__}: {exc}") from None
    if _frozen(cls) and not issubclass(cls, events.Event):  # log lines decode once
        _remember(doc, value)
    return value
