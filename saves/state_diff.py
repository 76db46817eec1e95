"""An undo step's changes found from the two states themselves.

:func:`saves.patch.diff` compares two whole documents; an action's state
shares every value it did not change with the state before it (frozen
dataclasses, ``dataclasses.replace``), so the changes can be found by
walking the two values down to what is not the same object: the fields of
a dataclass of one type one by one, a tuple of one length item by item.
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

from typing import Any

from saves.codec import dataclass_fields, to_document
from saves.patch import Change, diff_into, slid


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
        names = dataclass_fields(cls)
        if names is not None:
            for name in names:  # most fields are the very same object: compared here, not in a call each
                a, b = getattr(old, name), getattr(new, name)
                if a is not b:
                    _walk(a, b, path + [name], out)
            return
        if cls is tuple and len(old) == len(new) and not slid(old, new):
            for index, (a, b) in enumerate(zip(old, new)):
                if a is not b:
                    _walk(a, b, path + [index], out)
            return
    diff_into(to_document(old), to_document(new), path, out)
