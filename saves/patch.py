"""Reversible changes between two JSON documents (undo steps).

A change is ``{"p": path, "o": old, "n": new}``: ``path`` is a list of keys
(str) and indexes (int) from the root; ``o`` / ``n`` are absent when the key
did not / does not exist. In a list (schema 4, :mod:`saves.migrations`) an
index without ``o`` inserts ``n`` there (at most the list's length: the end)
and one without ``n`` takes the item out, so a list that grew or shrank at
its end, or a kept window moved on by one, is recorded as the items that
came and went, not as the whole list before and after (a state's ``acted``
and its turn boundaries, which grow with every turn and with the crowd).
:func:`diff` finds the smallest such list between two documents;
:func:`apply` plays it forward or backward. Applying checks that the
document holds what the change expects, so a hand-edited file shows up as
:class:`PatchError` instead of a silently wrong state.

Documents are treated as immutable: :func:`apply` copies only the
containers along each changed path (cost: size of the change, not of the
document).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress
from operator import is_not
from typing import Any

Change = dict[str, Any]


class PatchError(ValueError):
    """A change does not fit the document it is applied to."""


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(a[i], b[i]) for i in unshared(a, b))
    return a == b


def unshared(a: Sequence[Any], b: Sequence[Any]) -> Iterator[int]:
    """The indexes at which two lists (or tuples) of one length hold
    different objects (found in C: a crowd's unchanged combatants cost no
    Python step)."""
    return compress(range(len(a)), map(is_not, a, b))


def diff(old: Any, new: Any) -> list[Change]:
    """Changes that turn ``old`` into ``new`` (empty when they are equal)."""
    out: list[Change] = []
    diff_into(old, new, [], out)
    return out


def diff_into(old: Any, new: Any, path: list, out: list[Change]) -> None:
    """Append to ``out`` the changes that turn ``old`` into ``new``, the
    documents found at ``path`` (a list of keys and indexes from the root)."""
    if _same(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old.keys() | new.keys():
            if key not in new:
                out.append({"p": path + [key], "o": old[key]})
            elif key not in old:
                out.append({"p": path + [key], "n": new[key]})
            else:
                diff_into(old[key], new[key], path + [key], out)
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new) and slid(old, new):
            out.append({"p": path + [0], "o": old[0]})  # the oldest goes, the rest move up one place
            out.append({"p": path + [len(old) - 1], "n": new[-1]})
            return
        if len(old) == len(new):
            for index in unshared(old, new):  # shared (unchanged) documents are skipped, e.g. most combatants of a turn
                diff_into(old[index], new[index], path + [index], out)
            return
        if _grew_or_shrank_at_end(old, new):
            if len(new) > len(old):
                out.extend({"p": path + [index], "n": new[index]} for index in range(len(old), len(new)))
            else:
                out.extend({"p": path + [index], "o": old[index]} for index in reversed(range(len(new), len(old))))
            return
    out.append({"p": path, "o": old, "n": new})


def slid(old: Any, new: Any) -> bool:
    """``new`` is ``old`` moved on by one item (a kept window, such as a
    state's last 64 turn boundaries): the very documents, one place on.
    Compared index by index, every pair would differ and the change would
    be a deep diff of each (about 80 KB of changes in memory per turn on a
    full window); the item that went and the one that came share the
    documents instead."""
    return len(old) > 1 and old[1] is not new[1] and all(a is b for a, b in zip(old[1:], new[:-1]))


def _grew_or_shrank_at_end(old: list, new: list) -> bool:
    """One of ``old`` and ``new`` is the other with items added at its end,
    and fewer items came or went than stayed (else one change replacing
    the list is shorter)."""
    short, long = (old, new) if len(old) < len(new) else (new, old)
    return 0 < len(long) - len(short) <= len(short) and all(_same(a, b) for a, b in zip(short, long))


_ABSENT = object()


def apply(doc: Any, changes: list[Change], forward: bool = True) -> Any:
    """``doc`` with ``changes`` applied (``forward``) or reverted; raises :class:`PatchError`."""
    before, after = ("o", "n") if forward else ("n", "o")
    ordered = changes if forward else list(reversed(changes))
    for change in ordered:
        if not isinstance(change, dict) or not isinstance(change.get("p"), list):
            raise PatchError(f"malformed change {change!r:.80}")
        doc = _set(doc, change["p"], change.get(before, _ABSENT), change.get(after, _ABSENT))
    return doc


def _set(node: Any, path: list, expected: Any, value: Any) -> Any:
    if not path:
        if expected is _ABSENT or not _same(node, expected):
            raise PatchError("the document does not hold what the change expects")
        if value is _ABSENT:
            raise PatchError("cannot delete the root")
        return value
    key, rest = path[0], path[1:]
    if isinstance(node, dict) and isinstance(key, str):
        copy = dict(node)
        if not rest:
            current = node.get(key, _ABSENT)
            if (current is _ABSENT) != (expected is _ABSENT) or (current is not _ABSENT and not _same(current, expected)):
                raise PatchError(f"key {key!r} does not hold what the change expects")
            if value is _ABSENT:
                del copy[key]
            else:
                copy[key] = value
            return copy
        if key not in node:
            raise PatchError(f"missing key {key!r}")
        copy[key] = _set(node[key], rest, expected, value)
        return copy
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and not rest and (expected is _ABSENT or value is _ABSENT):
        return _insert_or_take_out(node, key, expected, value)
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node):
        items = list(node)
        items[key] = _set(node[key], rest, expected, value)
        return items
    raise PatchError(f"path step {key!r:.40} does not fit the document")


def _insert_or_take_out(node: list, index: int, expected: Any, value: Any) -> list:
    """``node`` with ``value`` inserted at ``index`` (``expected`` absent) or
    the item ``expected`` at ``index`` taken out (``value`` absent)."""
    if expected is _ABSENT and value is _ABSENT:
        raise PatchError(f"index {index} neither holds nor gets an item")
    items = list(node)
    if expected is _ABSENT:
        if not 0 <= index <= len(node):
            raise PatchError(f"index {index} is beyond the list's end ({len(node)} items)")
        items.insert(index, value)
        return items
    if not 0 <= index < len(node) or not _same(node[index], expected):
        raise PatchError(f"index {index} does not hold what the change expects")
    del items[index]
    return items
