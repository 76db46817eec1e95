"""The lines a fold appends to the history segment (:mod:`saves.history`), and their writing.

A line is framed as the journal's (:mod:`saves.journal`: ``"<crc32> <json>\\n"``);
it is kept as pieces (the texts the journal kept, :mod:`saves.texts`),
checksummed piece by piece, never joined into one big string, so a paced
fold (:meth:`saves.fold_plan.Plan.pace`) never makes one long call.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable, Iterator
from typing import Any

from saves import texts
from saves.files import fsync_folder, kind_of, open_own
from saves.fold_plan import Plan
from saves.history import CHUNK, history_path

_PIECE = 1 << 16  # bytes per write at least, when pieces are small


def history_lines(plan: Plan) -> tuple[list[list[bytes]], int, dict[int, list[list[int]]]]:
    """The new history lines (each as its pieces of bytes), the history's new
    length, and the records added per encounter. The same bytes as encoding
    ``{"cid", "eid", "log", "prev", "steps"}`` with sorted keys."""
    added: dict[int, list[list[int]]] = {}
    lines: list[list[bytes]] = []
    position = plan.history_length
    cid = texts.dumps(plan.meta["cid"])
    for part in plan.parts:
        prev = part.index[-1][0] if part.index else -1
        for at in range(0, max(len(part.steps), len(part.log)), CHUNK):
            steps, log = part.steps[at : at + CHUNK], part.log[at : at + CHUNK]
            body = [f'{{"cid":{cid},"eid":{part.eid},"log":['.encode()]
            _add_texts(body, log, plan)
            body.append(f'],"prev":{prev},"steps":['.encode())
            _add_texts(body, steps, plan)
            body.append(b"]}")
            crc = 0
            for piece in body:
                crc = zlib.crc32(piece, crc)
            line = [b"%08x " % crc, *body, b"\n"]
            size = sum(map(len, line))
            added.setdefault(part.eid, []).append([position, len(log), part.dirty + at if steps else 0, len(steps)])
            prev = position
            position += size
            lines.append(line)
    return lines, position, added


def _add_texts(body: list[bytes], docs: list[dict[str, Any]], plan: Plan) -> None:
    for i, doc in enumerate(docs):
        if i:
            body.append(b",")
        body.append(texts.take(doc))
        plan.pace()


def write_history(plan: Plan, lines: list[list[bytes]]) -> None:
    """Append ``lines`` at ``plan.history_length`` (cutting off what a fold
    cut short left past it) and fsync; raises ``OSError``."""
    if not lines:
        return
    path = history_path(plan.path)
    existed = os.path.lexists(path)
    fd = open_own(path, os.O_WRONLY | os.O_CREAT, 0o600)  # never through a planted link
    try:
        info = os.fstat(fd)
        if kind_of(info.st_mode) is not None:
            raise OSError(0, f"{path.name} is {kind_of(info.st_mode)}, not a file; not written")
        size = info.st_size
        if size < plan.history_length:
            raise OSError(0, f"{path.name} is shorter than {plan.path.name} says; not written")
        if size > plan.history_length:
            os.ftruncate(fd, plan.history_length)  # what a fold cut short left: it belongs to nothing
        offset = plan.history_length
        for block in _blocks(piece for line in lines for piece in line):
            view = memoryview(block)
            while view:
                written = os.pwrite(fd, view, offset)
                view, offset = view[written:], offset + written
            plan.pace()
        os.fsync(fd)
    finally:
        os.close(fd)
    if not existed:
        fsync_folder(path.parent)


def _blocks(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """``pieces`` regrouped into blocks of at least :data:`_PIECE` bytes (the last may be shorter)."""
    group: list[bytes] = []
    size = 0
    for piece in pieces:
        group.append(piece)
        size += len(piece)
        if size >= _PIECE:
            yield group[0] if len(group) == 1 else b"".join(group)
            group, size = [], 0
    if group:
        yield b"".join(group)
