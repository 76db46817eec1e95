"""JSON text of the documents an action adds, encoded once.

An action's undo step and log entries are encoded when its journal line is
written (:func:`saves.journal.encode_line`, on the thread that plays the
game, a fraction of a millisecond). A fold later writes the same documents
into the history segment (:mod:`saves.fold`): it takes their text from
here instead of encoding them again, so the fold, which runs beside the
game, holds Python's interpreter lock for string joins only (encoding a
fold's ~1 MB of steps again held it for 40-80 ms, a stall the GM felt,
``bench/bench_stall.py``).

Texts are kept as UTF-8 bytes, as both files hold them, by the
document's identity (documents are immutable once recorded, see
:mod:`saves.patch`) until a fold takes them (:func:`take`); a document
without a kept text is simply encoded (the same bytes).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_KEPT: dict[int, tuple[Any, bytes]] = {}
_KEPT_MAX = 200_000  # documents not folded yet (a fold that keeps failing): then encoded again


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True)
_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def dumps(value: Any) -> str:
    """The one canonical JSON text of the campaign's files: sorted keys, no
    spaces, UTF-8 kept (:func:`dump_bytes`, decoded)."""
    return dump_bytes(value).decode("utf-8")


def dump_bytes(value: Any) -> bytes:
    """The UTF-8 bytes of ``value``'s canonical JSON text (sorted keys, no
    spaces, UTF-8 kept). Encoded by ``orjson`` (an action's journal line in
    a third to a half of ``json``'s time), the same text as ``json.dumps``
    with those options but for a float's exponent (``1.5e-7``, not
    ``1.5e-07``: the same number; the readers take both). What ``orjson``
    does not take (a number past 64 bits, a key that is not text, a
    subclass of ``str``, a dataclass, a lone surrogate) goes to ``json``,
    which writes it or raises as it always did. A NaN or an infinity,
    which ``orjson`` writes as ``null``, never reaches it: no play makes
    one and the readers refuse one in a file (:func:`saves.sanitize.clean_document`)."""
    try:
        return orjson.dumps(value, option=_ORJSON)
    except orjson.JSONEncodeError:
        return _ENCODER.encode(value).encode("utf-8")


def keep(doc: Any) -> bytes:
    """``dump_bytes(doc)``, kept for :func:`take` (by identity)."""
    return _kept(doc, dump_bytes(doc))


def _kept(doc: Any, text: bytes) -> bytes:
    """Keep ``text`` for :func:`take`: a copy of its own size (``orjson``'s
    own buffer, kept until a fold takes it, left the allocator's memory in
    pieces: ``bench memory`` 1.22 where a copy gives 1.12)."""
    text = bytes(memoryview(text))
    if len(_KEPT) >= _KEPT_MAX:
        _KEPT.clear()
    _KEPT[id(doc)] = (doc, text)
    return text


def take(doc: Any) -> bytes:
    """``dump_bytes(doc)``: the kept text (forgotten now) or a fresh encoding."""
    kept = _KEPT.pop(id(doc), None)
    if kept is not None and kept[0] is doc:
        return kept[1]
    return dump_bytes(doc)


def forget(doc: Any) -> None:
    """Drop the kept text of ``doc`` (a fold wrote it by other means)."""
    kept = _KEPT.get(id(doc))
    if kept is not None and kept[0] is doc:
        del _KEPT[id(doc)]


def record_bytes(record: dict[str, Any]) -> bytes:
    """``dump_bytes(record)`` (a journal record of an action) with the texts
    of its ``step`` and ``log`` documents kept for the fold: each encoded
    once, and put into the record's text as it is (``orjson.Fragment``).
    A record ``orjson`` does not take is written by ``json``, its parts too."""
    step, log = record.get("step"), record.get("log")
    if not isinstance(step, dict) and not isinstance(log, list):
        return dump_bytes(record)
    try:
        shown = dict(record)
        if isinstance(step, dict):
            shown["step"] = orjson.Fragment(_kept(step, orjson.dumps(step, option=_ORJSON)))
        if isinstance(log, list) and all(isinstance(d, dict) for d in log):
            shown["log"] = [orjson.Fragment(_kept(d, orjson.dumps(d, option=_ORJSON))) for d in log]
        return orjson.dumps(shown, option=_ORJSON)
    except orjson.JSONEncodeError:
        return _json_record(record)


def _json_record(record: dict[str, Any]) -> bytes:
    """:func:`record_bytes` by ``json`` alone: the texts of the parts joined
    (a record with a key that is not text: encoded whole)."""
    if not all(isinstance(key, str) for key in record):
        return _ENCODER.encode(record).encode("utf-8")
    parts = []
    for key in sorted(record):
        value = record[key]
        if key == "step" and isinstance(value, dict):
            text = _kept(value, _ENCODER.encode(value).encode("utf-8"))
        elif key == "log" and isinstance(value, list) and all(isinstance(d, dict) for d in value):
            text = b"[" + b",".join(_kept(d, _ENCODER.encode(d).encode("utf-8")) for d in value) + b"]"
        else:
            text = _ENCODER.encode(value).encode("utf-8")
        parts.append(_ENCODER.encode(key).encode("utf-8") + b":" + text)
    return b"{" + b",".join(parts) + b"}"
