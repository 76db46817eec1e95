"""Copies of frozen dataclass values with some fields changed.

:func:`replace` is :func:`dataclasses.replace`, only faster for the plain
frozen values the rules copy at every step (``Combatant`` has ~60 fields,
``EncounterState`` ~22; a played-out fight copies them tens of thousands of
times, ``core.forecast``). ``dataclasses.replace`` reads every field one by
one and calls the generated ``__init__``, which sets each field through
``object.__setattr__``; a plain value has nothing in its ``__init__`` but
those assignments, so its copy is its field values (one ``dict`` copy) with
the changed ones set. The result is equal, hashes alike and pickles to the
same bytes (the same ``__dict__``, in field order).

A class with more than assignments in its ``__init__`` (a
``__post_init__``, an ``InitVar``, a field with ``init=False``, its own
``__init__``, ``__slots__``) goes through ``dataclasses.replace``
unchanged. A name that is not a field is refused as ``dataclasses.replace``
refuses it (:class:`TypeError`). Values cached on an instance
(``functools.cached_property``, e.g. ``EncounterState``'s indexes) belong
to the old value and are not copied, except those its class names in
``__carried__`` (cached name -> the one field it is derived from): those
go along when that field is left as it was (not in ``changes``, or given
the very same object).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_PLAIN: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}
"""Class -> its field names in order (and as a set), when a copy may skip ``__init__``; ``None`` when not."""


def _plain_fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.init or not params.frozen or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    init = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    if code is None or code.co_filename != "<string>":  # not the __init__ that dataclass generated
        return None
    every = getattr(cls, dataclasses._FIELDS)  # type: ignore[attr-defined]  # all fields, InitVars and ClassVars too
    names = tuple(f.name for f in dataclasses.fields(cls))
    if len(every) != len(names) or not all(f.init for f in dataclasses.fields(cls)):
        return None
    return names, frozenset(names)


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the dataclass value ``obj`` with ``changes`` (field name ->
    value) set: what ``dataclasses.replace(obj, **changes)`` returns."""
    cls = type(obj)
    try:
        plain = _PLAIN[cls]
    except KeyError:
        plain = _PLAIN[cls] = _plain_fields(cls)
    if plain is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names, known = plain
    if not known.issuperset(changes):
        unknown = next(name for name in changes if name not in known)
        raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument {unknown!r}")
    old = obj.__dict__
    values = old.copy()
    if len(values) != len(names):  # something cached on it besides the fields: left behind, unless carried
        carried = getattr(cls, "__carried__", None) or {}
        kept: dict[str, Any] = {}
        for extra in old.keys() - known:
            del values[extra]
            field = carried.get(extra)
            if field is not None and (field not in changes or changes[field] is old.get(field)):
                kept[extra] = old[extra]
        if len(values) != len(names):  # a field missing (an old pickle): by name, in field order, as dataclasses.replace
            values = {name: getattr(obj, name) for name in names}
        if kept:
            values.update(changes)
            values.update(kept)  # after the fields: the same field order as a fresh copy
            new = object.__new__(cls)
            object.__setattr__(new, "__dict__", values)
            return new
    values.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", values)  # the copy is its __dict__: not copied again
    return new
