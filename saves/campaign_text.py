"""The campaign file's text as a fold writes it, an encounter at a time.

Encounter states are immutable documents shared from one step to the next:
their text (and that of their fields, the map) is kept by identity, so a
fold encodes only what changed, and what is big (a map and its rows) is
built from the texts of its items, so that no single encoding call runs
long (a paced fold's slices, :meth:`saves.fold_plan.Plan.pace`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from saves import texts
from saves.fold_plan import Plan
from saves.migrations import SCHEMA_VERSION
from saves.state_texts import StateText

# Bounded by the length of the texts kept, not their number: each fold adds
# the text of the states it wrote (tens of KB each), so a count would let a
# long session keep every state it ever folded.
_TEXTS: dict[int, tuple[Any, str]] = {}
_TEXTS_SIZE = 20_000
_TEXTS_CHARS = 8 << 20
_kept_chars = [0]
_USED: set[int] = set()  # the keys of _TEXTS the fold being written used
_BIG = 64  # a list or object with more items is encoded an item at a time
_dumps = texts.dumps


def _text(value: Any, depth: int, pace: Callable[[], None]) -> str:
    """JSON of ``value`` (the same bytes as ``_dumps``). A state (depth 0)
    and its fields (depth 1) are kept by identity; a state, and what is
    big down to depth 2 (a map and its rows), is built from the texts of
    its items, so that no single encoding call runs long (a paced fold's
    slices)."""
    if not isinstance(value, (dict, list)):
        return _dumps(value)
    if depth <= 1:
        known = _TEXTS.get(id(value))
        if known is not None and known[0] is value:
            _USED.add(id(value))
            return known[1]
    pace()
    if depth == 0 or (depth <= 2 and _big(value)):
        if isinstance(value, list):
            text = "[" + ",".join(_text(v, depth + 1, pace) for v in value) + "]"
        elif all(isinstance(k, str) for k in value):
            text = "{" + ",".join(_dumps(k) + ":" + _text(value[k], depth + 1, pace) for k in sorted(value)) + "}"
        else:
            text = _dumps(value)
    else:
        text = _dumps(value)
    if depth <= 1:
        if len(_TEXTS) > _TEXTS_SIZE or _kept_chars[0] > _TEXTS_CHARS:
            _TEXTS.clear()
            _kept_chars[0] = 0
        _TEXTS[id(value)] = (value, text)
        _USED.add(id(value))
        _kept_chars[0] += len(text)
    return text


def _keep_only_used_texts() -> None:
    """After a fold wrote the campaign file: forget the texts of the states
    and fields it did not use (replaced since: they would never be asked
    for again, and each entry keeps its old document alive too)."""
    for key in [key for key in _TEXTS if key not in _USED]:
        del _TEXTS[key]
    _USED.clear()
    _kept_chars[0] = sum(len(text) for _, text in _TEXTS.values())


def _big(value: dict | list) -> bool:
    """More than :data:`_BIG` items, or an item that has (a map's rows)."""
    items = value.values() if isinstance(value, dict) else value
    return len(value) > _BIG or any(isinstance(v, (dict, list)) and len(v) > _BIG for v in items)


def file_pieces(plan: Plan, length: int, added: dict[int, list[list[int]]]) -> Iterator[bytes]:
    """The campaign file's text, UTF-8, an encounter at a time (see :func:`saves.storage.atomic_write`)."""
    meta = dict(plan.meta, schema=SCHEMA_VERSION, journal_seq=plan.seq, history_length=length)
    party = {str(i): {"pid": pid, "combatant": doc} for i, (pid, doc) in enumerate(plan.party.items(), 1)}
    bestiary = {str(i): {"name": name, "template": doc} for i, (name, doc) in enumerate(plan.bestiary.items(), 1)}
    yield f'{{"bestiary":{_text(bestiary, 2, plan.pace)},"encounters":{{'.encode("utf-8")
    for i, part in enumerate(plan.parts, 1):
        head = _dumps({"eid": part.eid, "name": part.name, "status": part.status, "head": part.head, "history": part.index + added.get(part.eid, []),
                       "step_count": part.step_count, "log_count": part.log_count, "last_seq": part.last_seq})
        yield f'{"," if i > 1 else ""}"{i}":{head[:-1]},"state":'.encode("utf-8")
        yield part.state.text if isinstance(part.state, StateText) else _text(part.state, 0, plan.pace).encode("utf-8")  # never opened: as it was read
        yield b"}"
        plan.pace()
    yield f'}},"log":{{}},"meta":{{"1":{_dumps(meta)}}},"party":{_text(party, 2, plan.pace)},"steps":{{}}}}'.encode("utf-8")
    _keep_only_used_texts()
