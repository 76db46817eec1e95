"""An undo step's changes found from the two states themselves.

:func:`saves.patch.diff` compares two whole documents; an action's state
shares every value it did not change with the state before it (frozen
dataclasses, ``dataclasses.replace``), so the changes can be found by
walking the two values down to what is not the same object: the fields of
a dataclass of one type (read in one call, compared in C), a tuple of one
length item by item, down to a number or a text, compared as it is (its
own document); a tuple of one length moved on by one item (a kept window,
the state's last 64 turn boundaries) is the item that went and the one
that came (:func:`saves.patch.slid`), as the documents' diff records it,
with no conversion of the window (64 memoized documents an action).
Where the shape itself changes (a tuple that grew, a value of another
type, a mapping), both sides are converted (:func:`saves.codec.to_document`,
memoized for frozen values) and :func:`saves.patch.diff` finds the changes
of that part alone. The result is the same list of changes (in field order
where the documents' diff goes by key), applied by :func:`saves.patch.apply`
to the document of the old state it gives the document of the new one;
the cost is that of what changed (a few fields of one creature), not of
the state (about 130 values, a conversion and a walk of each).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import Any

from saves.codec import PLAIN_TYPES as _PLAIN, dataclass_fields, to_document
from saves.patch import Change, diff_into, slid, unshared


def state_changes(old: Any, new: Any) -> list[Change]:
    """The changes that turn ``to_document(old)`` into ``to_document(new)``
    (empty when the documents are equal); ``old`` and ``new`` are values
    the codec converts (an :class:`~core.combat.state.EncounterState`)."""
    out: list[Change] = []
    if old is not new:
        _walk(old, new, [], out)
    return out


def _walk(old: Any, new: Any, path: list, out: list[Change]) -> None:
    cls = type(old)
    if type(new) is cls:
        if cls in _PLAIN:  # a number, a text, None: its own document (most changes: hit points, a round, a cursor)
            if old != new:
                out.append({"p": path, "o": old, "n": new})
            return
        fields = _fields(cls)  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
        if fields is not None:
            names, values_of = fields
            olds, news = values_of(old), values_of(new)
            for index in unshared(olds, news):  # most fields are the very same object: skipped in C
                _walk(olds[index], news[index], path + [names[index]], out)
            return
        if cls is tuple and len(old) == len(new):
            if not slid(old, new):
                for index in unshared(old, new):
                    _walk(old[index], new[index], path + [index], out)
                return
            if old != new:  # a kept window moved on by one: what the documents' diff records, without converting the window
                out.append({"p": path + [0], "o": to_document(old[0])})
                out.append({"p": path + [len(old) - 1], "n": to_document(new[-1])})
                return
    diff_into(to_document(old), to_document(new), path, out)


@cache
def _fields(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]] | None:
    """``(field names, a function giving a value's fields as a tuple in
    that order)`` of the dataclass ``cls`` (:func:`operator.attrgetter`:
    a Combatant's ~55 fields read in one call), ``None`` for any other type."""
    names = dataclass_fields(cls)
    if names is None:
        return None
    if len(names) > 1:
        return names, attrgetter(*names)
    return names, lambda value: tuple(getattr(value, name) for name in names)  # attrgetter of one name gives no tuple
