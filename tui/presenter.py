"""The encounter outside Textual: one presenter owns the session, applies
commands, undo and redo, and publishes an immutable view to its subscribers.

Screens (the GM's, a players' view, a test) subscribe and render each view
they are sent; none of them touches the session to change the fight. A
refusal (:class:`core.errors.EncounterError`: the rules' and the save's errors)
never reaches a subscriber: it comes back as an :class:`Outcome` whose
``refusal`` says why, and nothing is published. This module imports neither
textual nor rich (``tests/tui/test_presenter.py`` checks it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from core.combat.turn_commands import TurnChange
from core.errors import EncounterError
from saves.session import Session
from tui.publisher import Publisher

if TYPE_CHECKING:
    from core.combat import commands as cmd
    from core.combat.state import EncounterState
    from core.values.combatant import Combatant
    from core.rulesets import Ruleset
    from saves.campaign import LogEntry


@dataclass(frozen=True)
class EncounterView:
    """What a screen shows of the encounter at one moment.

    ``state`` (an immutable :class:`core.combat.state.EncounterState`) and
    ``ruleset`` as they are now; ``tracked_kinds``: ``((kind id, letter),
    ...)`` of the ruleset's tracked resources; ``title``: the campaign's
    name, then ``": "`` and the encounter's when they differ, and
    ``" (finished)"`` for a finished encounter (raw text: a screen escapes
    it); ``file_name`` of the campaign. ``read_only`` and ``unsaved`` give
    why the session cannot write or why its last write failed (``None``:
    all well). ``entries`` are the log entries this change
    added (empty for a plain refresh), ``turn_changed`` whether the round or
    whose turn it is changed, ``reloaded`` that the session itself was
    replaced (another encounter): show the session's whole log."""

    state: EncounterState
    ruleset: Ruleset
    tracked_kinds: tuple[tuple[str, str], ...]
    title: str
    file_name: str
    read_only: str | None
    unsaved: str | None
    entries: tuple[LogEntry, ...] = ()
    turn_changed: bool = False
    reloaded: bool = False


@dataclass(frozen=True)
class Outcome:
    """What one submit, undo or redo did: the new log ``entries`` and whether
    the turn changed, or the ``refusal`` (a sentence) and nothing changed."""

    entries: tuple[LogEntry, ...] = ()
    refusal: str | None = None
    turn_changed: bool = False

    @property
    def ok(self) -> bool:
        return self.refusal is None


Subscriber = Callable[[EncounterView], None]


class EncounterPresenter(Publisher[EncounterView]):
    """``EncounterPresenter(session, clock)``: the one place a command reaches the
    session (which saves it: before returning, or on the journal's writer
    beside the UI, :attr:`saves.session.Session.saving` until it is on disk;
    the screen's SAVING mark, ``tui/screens/encounter/saving_mark.py``) and a view leaves it. ``clock()``
    gives the wall-clock time in seconds (default :func:`time.time`; tests
    pass a fake): it stamps every turn change (:class:`core.combat.commands.TurnChange`)
    so that the log times the turns."""

    def __init__(self, session: Session, clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self._session = session
        self.clock = clock
        """Seconds now (wall clock), read once per turn change submitted."""
        self._opened_on = self._unstamped_turn()

    def _unstamped_turn(self) -> tuple[float, int, str] | None:
        """``(seconds now, round, combatant id)`` when the encounter opens on
        a turn begun without a stamp (a new campaign's first turn): that turn
        is timed from now (``TurnChange.since``); None otherwise."""
        state = self._session.encounter.state
        if state.turn_at is not None or state.current is None or state.round == 0:
            return None
        return float(self.clock()), state.round, state.current

    @property
    def session(self) -> Session:
        """The session of the encounter shown (read it; change it through :meth:`submit` and the other changes here)."""
        return self._session

    @property
    def state(self) -> EncounterState:
        """The encounter's state now (immutable; read it)."""
        return self._session.encounter.state

    # -- views ---------------------------------------------------------------
    def view(self, entries: Sequence[LogEntry] = (), turn_changed: bool = False, reloaded: bool = False) -> EncounterView:
        """The view of the encounter now (a plain refresh unless told what changed)."""
        session = self._session
        campaign = session.campaign
        encounter = campaign.encounter(session.eid)
        title = campaign.name if encounter.name == campaign.name else f"{campaign.name}: {encounter.name}"
        if encounter.status == "finished":  # it still takes corrections; the title says it is over
            title += " (finished)"
        unsaved, read_only = session.unsaved, session.read_only
        return EncounterView(
            state=session.encounter.state,
            ruleset=session.encounter.ruleset,
            tracked_kinds=tuple((k.id, k.letter) for k in session.encounter.ruleset.tracked_kinds),
            title=title,
            file_name=session.path.name,
            read_only=None if read_only is None else str(read_only),
            unsaved=None if unsaved is None else unsaved.reason,
            entries=tuple(entries),
            turn_changed=turn_changed,
            reloaded=reloaded,
        )

    def refresh(self) -> EncounterView:
        """Publish the view now, with nothing new in the log (after a change
        outside the encounter's history: house rules, the light)."""
        view = self.view()
        self._publish(view)
        return view

    def replace(self, session: Session) -> EncounterView:
        """Show another session (another encounter of the campaign): its
        whole log is published (``reloaded``)."""
        self._session = session
        self._opened_on = self._unstamped_turn()
        view = self.view(reloaded=True)
        self._publish(view)
        return view

    # -- changes ---------------------------------------------------------------
    def submit(self, command: cmd.Command) -> Outcome:
        """Commit ``command`` (apply and save: :meth:`saves.session.Session.commit`)
        and publish the new view; a refusal comes back as the outcome's ``refusal``.
        A turn change without a stamp gets the clock's time now."""
        if isinstance(command, TurnChange) and command.at is None:
            command = replace(command, at=float(self.clock()))
        opened, state = self._opened_on, self.state
        if isinstance(command, TurnChange) and opened is not None and state.turn_at is None and opened[1:] == (state.round, state.current):
            command = replace(command, since=opened[0])
        return self._run(lambda: self._session.commit(command))

    def submit_all(self, commands: Sequence[cmd.Command], label: str = "") -> Outcome:
        """Commit ``commands`` as one undoable step (all or none:
        :meth:`saves.session.Session.commit_all`), as :meth:`submit` does one."""
        return self._run(lambda: self._session.commit_all(commands, label))

    def undo(self) -> Outcome:
        """Take back the last step (refused when there is none)."""
        return self._run(self._session.undo)

    def redo(self) -> Outcome:
        """Put back the last undone step (refused when there is none)."""
        return self._run(self._session.redo)

    def add_from_bestiary(self, template: str, count: int = 1, together: bool = False) -> Outcome:
        """Add ``count`` creatures of the bestiary's ``template`` (one
        initiative for them all when ``together``), as one step of the history."""
        return self._run(lambda: self._session.add_from_bestiary(template, count, together))

    # -- the campaign around the encounter (saved at once; not in its history) ----
    def open_encounter(self, eid: int) -> Outcome:
        """Show the campaign's encounter ``eid`` (it becomes the current one):
        its whole log is published. A damaged encounter is refused before it
        becomes current."""
        campaign = self._session.campaign
        try:
            session = Session(campaign, self._session.encounter.rng, eid)  # decodes it
            if eid != campaign.current_eid:
                campaign.set_current(eid)
        except EncounterError as refusal:
            return Outcome(refusal=str(refusal))
        self.replace(session)
        return Outcome()

    def add_encounter(self, name: str, state: EncounterState) -> Outcome:
        """Add a running encounter ``name`` starting from ``state`` to the
        campaign and show it (:meth:`open_encounter`)."""
        try:
            eid = self._session.campaign.add_encounter(name, state, status="running")
        except EncounterError as refusal:
            return Outcome(refusal=str(refusal))
        return self.open_encounter(eid)

    def finish_encounter(self) -> Outcome:
        """Mark the encounter shown finished (it still takes corrections)."""
        return self._campaign_change(lambda campaign: campaign.set_encounter(self._session.eid, status="finished"))

    def save_to_bestiary(self, templates: Sequence[Combatant]) -> Outcome:
        """Put ``templates`` in the campaign's bestiary (one of the same name is replaced)."""
        if len(templates) == 1:
            return self._campaign_change(lambda campaign: campaign.put_template(templates[0]))
        return self._campaign_change(lambda campaign: campaign.put_templates(list(templates)))

    def set_house_rules(self, overrides: dict[str, object]) -> Outcome:
        """Save the campaign's house rules (setting name -> value) and play
        the encounter shown by them from now on."""
        outcome = self._campaign_change(lambda campaign: campaign.set_house_rules(overrides))
        if outcome.ok:
            self._session.encounter.ruleset = self._session.campaign.ruleset
        return outcome

    def retry_save(self) -> bool:
        """Try again to write what the disk refused; True once all is saved."""
        return self._session.retry_save()

    def _campaign_change(self, change: Callable[..., None]) -> Outcome:
        try:
            change(self._session.campaign)
        except EncounterError as refusal:
            return Outcome(refusal=str(refusal))
        return Outcome()

    def _run(self, step: Callable[[], list[LogEntry]]) -> Outcome:
        """Run one session ``step`` that returns its new log entries (commit,
        undo, redo, a bestiary add) and publish the result; a
        :class:`EncounterError` it raises becomes the
        outcome's ``refusal`` and nothing is published."""
        state = self._session.encounter.state
        turn_before = (state.round, state.current)
        try:
            entries = step()
        except EncounterError as refusal:  # another seed's rule ID said as the DEFAULT it is here (RULES.md Revision 3)
            return Outcome(refusal=self._session.encounter.ruleset.cite_text(str(refusal)))
        state = self._session.encounter.state
        turn_changed = turn_before != (state.round, state.current)
        self._publish(self.view(entries, turn_changed))
        return Outcome(tuple(entries), None, turn_changed)
