"""JSON text of the documents an action adds, encoded once.

An action's undo step and log entries are encoded when its journal line is
written (:func:`saves.journal.encode_line`, on the thread that plays the
game, a fraction of a millisecond). A fold later writes the same documents
into the history segment (:mod:`saves.fold`): it takes their text from
here instead of encoding them again, so the fold, which runs beside the
game, holds Python's interpreter lock for string joins only (encoding a
fold's ~1 MB of steps again held it for 40-80 ms, a stall the GM felt,
``bench/bench_stall.py``).

Texts are kept by the document's identity (documents are immutable once
recorded, see :mod:`saves.patch`) until a fold takes them (:func:`take`);
a document without a kept text is simply encoded (same bytes).
"""

from __future__ import annotations

import json
from typing import Any

_KEPT: dict[int, tuple[Any, str]] = {}
_KEPT_MAX = 200_000  # documents not folded yet (a fold that keeps failing): then encoded again


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def dumps(value: Any) -> str:
    """The one canonical JSON text of the campaign's files (sorted keys, no
    spaces, UTF-8 kept): ``json.dumps`` with those options, its encoder
    made once (``json.dumps`` builds one per call, a third of the cost of
    an action's small documents)."""
    return _ENCODER.encode(value)


def keep(doc: Any) -> str:
    """``dumps(doc)``, kept for :func:`take` (by identity)."""
    text = dumps(doc)
    if len(_KEPT) >= _KEPT_MAX:
        _KEPT.clear()
    _KEPT[id(doc)] = (doc, text)
    return text


def take(doc: Any) -> str:
    """``dumps(doc)``: the kept text (forgotten now) or a fresh encoding."""
    kept = _KEPT.pop(id(doc), None)
    if kept is not None and kept[0] is doc:
        return kept[1]
    return dumps(doc)


def forget(doc: Any) -> None:
    """Drop the kept text of ``doc`` (a fold wrote it by other means)."""
    kept = _KEPT.get(id(doc))
    if kept is not None and kept[0] is doc:
        del _KEPT[id(doc)]


def record_text(record: dict[str, Any]) -> str:
    """``dumps(record)`` with the texts of its ``step`` and ``log``
    documents kept (a journal record of an action); the same bytes."""
    if not all(isinstance(key, str) for key in record):
        return dumps(record)
    parts = []
    for key in sorted(record):
        value = record[key]
        if key == "step" and isinstance(value, dict):
            text = keep(value)
        elif key == "log" and isinstance(value, list) and all(isinstance(d, dict) for d in value):
            text = "[" + ",".join(keep(d) for d in value) + "]"
        else:
            text = dumps(value)
        parts.append(dumps(key) + ":" + text)
    return "{" + ",".join(parts) + "}"
