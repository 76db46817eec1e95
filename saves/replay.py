"""A fight read back step by step from its campaign file, for a replay.

:class:`FightRecord` opens a campaign read-only (it writes nothing: not the
file, its journal, backups or lock) and holds one encounter's undo steps
as they stand: step 0 is the encounter before its first recorded action,
step ``k`` the state after the ``k``-th action still applied (undone
actions that were not redone are not part of the fight). Each state is
rebuilt from the encounter's current document by playing the steps'
changes backwards once, then forwards as asked (:mod:`saves.patch`); the
log entries of each step are the lines that action wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.combat.state import EncounterState
from saves import patch
from saves.campaign import Campaign
from saves.errors import CorruptSave
from saves.layout import EncounterData, clean_state
from saves.reading import decode_state
from saves.records import LogEntry


@dataclass(frozen=True)
class Step:
    """One step of a fight: its ``number`` (0 = before the first action),
    what it was (``label``), the ``state`` after it and the log ``entries``
    it wrote."""

    number: int
    label: str
    state: EncounterState
    entries: tuple[LogEntry, ...]


class FightRecord:
    """``FightRecord(path, eid=None)``: encounter ``eid`` (default: the
    current one) of the campaign at ``path``, read-only. Raises
    :class:`~saves.errors.SaveError` subclasses for a file that cannot be
    read (missing, corrupt, newer)."""

    def __init__(self, path: Path | str, eid: int | None = None) -> None:
        campaign = Campaign.open(path, read_only=True)
        try:
            self.path = campaign.path
            self.title = campaign.name
            self.ruleset = campaign.ruleset
            self._enc = campaign.encounter(eid)
            self.encounter_name = self._enc.name
            self._docs = self._documents(self._enc)
            entries = list(self._enc.entries)
        finally:
            campaign.close(fold_journal=False)
        self._by_seq = {entry.seq: entry for entry in entries}
        self._states: dict[int, EncounterState] = {}

    def _documents(self, enc: EncounterData) -> list[Any]:
        """The state document of every step, 0..head (the current one last)."""
        doc = clean_state(enc)
        docs = [doc]
        for n in range(enc.head, 0, -1):
            step = enc.steps[n - 1]
            try:
                doc = patch.apply(doc, step["changes"], forward=False)
            except patch.PatchError as exc:
                raise CorruptSave(Path(self.path), f"holds a damaged undo step {step['n']} ({exc})") from None
            docs.append(doc)
        docs.reverse()
        return docs

    def __len__(self) -> int:
        """Steps in the fight, step 0 included."""
        return len(self._docs)

    def step(self, number: int) -> Step:
        """Step ``number`` (0 .. len - 1); raises :class:`IndexError` outside."""
        if not 0 <= number < len(self._docs):
            raise IndexError(f"step {number} is outside 0..{len(self._docs) - 1}")
        state = self._states.get(number)
        if state is None:
            data = EncounterData(self._enc.eid, self._enc.name, self._enc.status, self._docs[number])
            state = self._states[number] = decode_state(data, Path(self.path))
        if number == 0:
            return Step(0, "start", state, ())
        info = self._enc.steps[number - 1]
        first, last = int(info["first_seq"]), int(info["last_seq"])
        entries = tuple(self._by_seq[seq] for seq in range(first, last + 1) if seq in self._by_seq)
        return Step(number, str(info.get("label") or ""), state, entries)

    def round_of(self, number: int) -> int:
        """The round the fight was in after step ``number``."""
        return self.step(number).state.round

    def next_round(self, number: int, forward: bool = True) -> int:
        """The first step of the next (or, not ``forward``, the current or
        previous) round from step ``number``; the last (first) step when none."""
        here = self.round_of(number)
        if forward:
            for k in range(number + 1, len(self)):
                if self.round_of(k) > here:
                    return k
            return len(self) - 1
        start = self.round_start(number)
        if start < number:
            return start
        return self.round_start(start - 1) if start > 0 else 0

    def round_start(self, number: int) -> int:
        """The first step of the round step ``number`` is in."""
        here = self.round_of(number)
        while number > 0 and self.round_of(number - 1) == here:
            number -= 1
        return number
