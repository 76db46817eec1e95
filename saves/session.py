"""A running session: one encounter of a campaign, ready to play.

:meth:`Session.commit` applies a command to the encounter and writes it to
the campaign's journal: before returning, or, once the campaign writes
beside the UI (:meth:`saves.campaign.Campaign.write_beside`, the app's
way), on the journal's own thread; :attr:`Session.saving` is then true
until the fsync returned, and the UI marks an action saved only after. :meth:`Session.undo` / :meth:`Session.redo` move through the
encounter's whole history (unlimited, persisted: still there after
reopening) and log an ``Undone`` / ``Redone`` line. If the disk refuses,
the new state stays in memory, :attr:`Session.unsaved` says why, and the
next action (or :meth:`retry_save`) writes everything queued.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from core.combat.demo import DEMO_NAME, demo_encounter, state_from_map
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import RulesError
from core.board.grid import TextMap
from core.board.vision import Conditions
from core.rulesets.base import Ruleset
from saves import paths
from saves.sanitize import clean_name
from saves.campaign import Campaign, LogEntry, make_entries
from saves.errors import ReadOnlySave, SaveWriteFailed
from core.combat.turn_commands import StartCombat

if TYPE_CHECKING:
    from core.combat import commands as cmd
    from core.combat.event_base import Event
    from saves.history import LogView


class Session:
    """``Session(campaign, rng, eid)``: encounter ``eid`` (default: the
    campaign's current one). ``rng`` rolls the dice (default: the system's)."""

    what_if = False
    """Whether this session plays a what-if branch (:class:`saves.branch.BranchSession`):
    the players' feed and the players' requests wait for the real fight."""

    def __init__(self, campaign: Campaign, rng: random.Random | None = None, eid: int | None = None) -> None:
        self.campaign = campaign
        self.eid = campaign.current_eid if eid is None else eid
        self.encounter = Encounter(campaign.load_state(self.eid), campaign.ruleset, rng or random.SystemRandom())
        self.log: LogView = campaign.load_log(self.eid)

    @property
    def path(self) -> Path:
        return self.campaign.path

    @property
    def unsaved(self) -> SaveWriteFailed | None:
        """Why the last write failed, or ``None`` when everything is on disk."""
        return self.campaign.unsaved

    @property
    def saving(self) -> bool:
        """Something shown is not on disk yet (being written beside the UI, or refused: :attr:`unsaved`)."""
        return self.campaign.saving

    @property
    def read_only(self) -> ReadOnlySave | None:
        """Why this session cannot change anything (campaign open elsewhere), or ``None``."""
        return self.campaign.read_only

    @property
    def can_undo(self) -> bool:
        return self.campaign.can_undo(self.eid)

    @property
    def can_redo(self) -> bool:
        return self.campaign.can_redo(self.eid)

    def commit(self, command: cmd.Command) -> list[LogEntry]:
        """Apply ``command`` to the encounter (:meth:`core.combat.encounter.Encounter.apply`)
        and write it to disk (or queue it for the journal's writer, see
        :attr:`saving`); returns the new log entries.

        Raises :class:`core.errors.RulesError` if the rules refuse and
        :class:`ReadOnlySave` in a read-only session (nothing changes). If
        saving fails the action still happened in memory (see :attr:`unsaved`).
        """
        return self.commit_all([command])

    def commit_all(self, commands: Sequence[cmd.Command], label: str = "") -> list[LogEntry]:
        """Apply ``commands`` and write them as one undoable step: all of
        them, or none if the rules refuse one (the refusal is raised)."""
        if self.read_only is not None:
            raise self.read_only
        before = self.encounter.state
        new_events: list[Event] = []
        try:
            for command in commands:
                new_events.extend(self.encounter.apply(command))
            self._house_rules(new_events, back=False)  # a house rule changed in play: saved with the campaign before the step
        except RulesError:
            self.encounter.state = before
            raise
        first_seq = self.campaign.encounter(self.eid).next_seq  # not self.log[-1]: that may read the history back
        entries = make_entries(self.encounter.state, new_events, first_seq)
        self.log.extend(entries)
        label = label or ", ".join(dict.fromkeys(type(c).__name__ for c in commands))
        self.campaign.record_step(self.eid, self.encounter.state, entries, label)
        return entries

    def undo(self) -> list[LogEntry]:
        """Restore the exact state before the last step; returns the ``Undone`` log line.
        Raises :class:`core.errors.IllegalCommand` when there is nothing to undo."""
        state, entries = self.campaign.undo(self.eid)
        self._house_rules(self._step_events(entries), back=True)
        return self._arrive(state, entries)

    def redo(self) -> list[LogEntry]:
        """Restore the exact state after the last undone step; returns the ``Redone`` line."""
        state, entries = self.campaign.redo(self.eid)
        self._house_rules(self._step_events(entries), back=False)
        return self._arrive(state, entries)

    def _house_rules(self, events: Sequence[Event], back: bool) -> None:
        """Play the house-rule changes among ``events`` (taken back when
        ``back``) on the campaign's house rules and the encounter's ruleset
        (:func:`core.combat.house_rules.house_rules_after`); none: nothing."""
        if not any(type(e).__name__ == "HouseRuleChanged" for e in events):
            return
        from core.combat.house_rules import house_rules_after  # loads with the first house rule changed in play

        overrides = house_rules_after(self.campaign.ruleset, events, back)
        if overrides is not None:
            self.campaign.set_house_rules(overrides)
            self.encounter.ruleset = self.campaign.ruleset

    def _step_events(self, entries: Sequence[LogEntry]) -> list[Event]:
        """The events of the step an ``Undone``/``Redone`` entry names, when
        that step changed a house rule (its label says so), else none."""
        marker = entries[-1].event if entries else None
        if marker is None or "ChangeHouseRule" not in getattr(marker, "label", ""):
            return []
        first, last = getattr(marker, "first_seq", 0), getattr(marker, "last_seq", 0)
        found: list[Event] = []
        for index in range(len(self.log) - 1, -1, -1):
            entry = self.log[index]
            if entry.seq < first:
                break
            if entry.seq <= last:
                found.append(entry.event)
        return found[::-1]

    def _arrive(self, state: EncounterState, entries: list[LogEntry]) -> list[LogEntry]:
        self.encounter.state = state
        self.log.extend(entries)
        return entries

    def add_from_bestiary(self, template: str, count: int = 1, together: bool = False) -> list[LogEntry]:
        """Add ``count`` creatures of bestiary ``template`` (``Boar 1..3``,
        stable ids ``boar-1``...) as one undoable step (a
        :class:`core.combat.add_group.AddGroup`); off the map until moved. A
        template with ``hp_dice`` rolls each one's hit points. ``together``:
        one initiative roll for the group on consecutive values; else each
        rolls its own, now during combat or when combat starts
        (:class:`core.combat.groups.GroupInitiative`)."""
        from core.combat.add_group import AddGroup  # not before the first frame, see TYPE_CHECKING above
        from core.combat.groups import GroupInitiative

        model = self.campaign.bestiary()[template]
        model = replace(model, name=clean_name(model.name) or "Creature")
        mode = GroupInitiative.GROUP if together else GroupInitiative.EACH
        return self.commit_all([AddGroup(model, count, model.hp_dice, mode)], label=f"Add {count} {template}")

    def retry_save(self) -> bool:
        """Write everything not yet on disk; True when saved."""
        return self.campaign.flush()

    def close(self) -> None:
        self.campaign.close()


def create_campaign(path: Path, name: str, ruleset: Ruleset, text_map: TextMap, rng: random.Random, roster: dict | None = None,
                    vision: Conditions | None = None) -> Campaign:
    """A new campaign file at ``path`` from a text map: every token becomes
    a combatant (named, sided and statted by ``roster``, see
    :mod:`core.dice.roster`), initiative rolled, round 1; ``vision``: the
    light and its sources (a Universal VTT map's lights)."""
    state = state_from_map(name, text_map, roster)
    if vision is not None:
        state = replace(state, vision=vision)
    encounter = Encounter(state, ruleset, rng)
    first = encounter.apply(StartCombat()) if encounter.state.combatants else ()
    return Campaign.create(path, name, ruleset, encounter.state, first)


def create_demo(path: Path, rng: random.Random, name: str = DEMO_NAME) -> Campaign:
    """The demo fight (seed 003 map, two characters and a boar, round 1) as
    a new campaign at ``path``."""
    encounter, first = demo_encounter(rng)
    return Campaign.create(path, name, encounter.ruleset, replace(encounter.state), first)


def open_default(rng: random.Random) -> Campaign:
    """The last campaign opened, else the demo (created on first start)."""
    last = paths.last_campaign()
    if last is not None:
        return Campaign.open(last)
    demo = paths.demo_path()
    if demo.exists():
        return Campaign.open(demo)
    return create_demo(demo, rng)
