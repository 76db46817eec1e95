"""A running session: one encounter bound to its campaign file.

:meth:`Session.apply` applies a command to the encounter and writes the
result to disk before returning, so the UI only ever shows what is saved.
If the disk refuses, the new state stays in memory, ``unsaved`` is set, and
the next action writes everything again.
"""

from __future__ import annotations

import random
from pathlib import Path

from core import commands as cmd
from core.demo import DEMO_NAME, demo_encounter, state_from_map
from core.encounter import Encounter
from core.grid import TextMap
from core.rulesets.base import Ruleset
from saves import paths
from saves.campaign import Campaign, LogEntry, make_entries
from saves.errors import SaveWriteFailed


class Session:
    """``Session(campaign, rng)``: the campaign's encounter, ready to play."""

    def __init__(self, campaign: Campaign, rng: random.Random | None = None) -> None:
        self.campaign = campaign
        self.encounter = Encounter(campaign.load_state(), campaign.ruleset, rng or random.SystemRandom())
        self.log: list[LogEntry] = campaign.load_log()
        self.unsaved: SaveWriteFailed | None = None
        self._pending: list[LogEntry] = []

    @property
    def path(self) -> Path:
        return self.campaign.path

    def apply(self, command: cmd.Command) -> list[LogEntry]:
        """Apply ``command`` and save. Returns the new log entries.

        Raises :class:`core.errors.RulesError` if the rules refuse (nothing
        changes). If saving fails the action still happened in memory:
        ``unsaved`` holds the error, the entries come back all the same, and
        the next action (or :meth:`retry_save`) writes them.
        """
        new_events = self.encounter.apply(command)
        first_seq = (self.log[-1].seq if self.log else 0) + 1
        entries = make_entries(self.encounter.state, new_events, first_seq)
        self.log.extend(entries)
        self._pending.extend(entries)
        self.retry_save()
        return entries

    def retry_save(self) -> bool:
        """Write the current state and every entry not yet on disk; True when saved."""
        try:
            self.campaign.record(self.encounter.state, self._pending)
        except SaveWriteFailed as exc:
            self.unsaved = exc
            return False
        self._pending.clear()
        self.unsaved = None
        return True


def create_campaign(path: Path, name: str, ruleset: Ruleset, text_map: TextMap, rng: random.Random) -> Campaign:
    """A new campaign file at ``path`` from a text map: every token becomes
    a combatant, initiative rolled, round 1."""
    encounter = Encounter(state_from_map(name, text_map), ruleset, rng)
    first = encounter.apply(cmd.StartCombat()) if encounter.state.combatants else ()
    return Campaign.create(path, name, ruleset, encounter.state, first)


def create_demo(path: Path, rng: random.Random, name: str = DEMO_NAME) -> Campaign:
    """The demo fight (seed 003 map, two characters and a boar, round 1) as
    a new campaign at ``path``."""
    encounter, first = demo_encounter(rng)
    return Campaign.create(path, name, encounter.ruleset, encounter.state, first)


def open_default(rng: random.Random) -> Campaign:
    """The last campaign opened, else the demo (created on first start)."""
    last = paths.last_campaign()
    if last is not None:
        return Campaign.open(last)
    demo = paths.demo_path()
    if demo.exists():
        return Campaign.open(demo)
    return create_demo(demo, rng)
