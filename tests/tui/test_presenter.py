"""The presenter outside Textual (tui/presenter.py): apply, refuse, undo,
redo, and one published view per change."""

from __future__ import annotations

import dataclasses
import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tests.core.test_purity import _imported_after
from tui.presenter import EncounterPresenter, EncounterView


@pytest.fixture
def presenter(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(3)).close()
    session = Session(Campaign.open(path), random.Random(4))
    yield EncounterPresenter(session)
    session.close()


def test_presenter_and_player_source_import_neither_textual_nor_rich():
    loaded = _imported_after(["tui.presenter", "tui.player_source"])
    assert "core" in loaded and "saves" in loaded  # the check itself works
    assert not loaded & {"textual", "rich"}, loaded & {"textual", "rich"}


def test_apply_publishes_one_frozen_view_with_the_new_entries(presenter):
    seen: list[EncounterView] = []
    presenter.subscribe(seen.append)
    first = presenter.session.encounter.state.current
    outcome = presenter.submit(cmd.NextTurn())
    assert outcome.ok and outcome.turn_changed and outcome.entries
    [view] = seen
    assert view.state is presenter.session.encounter.state and view.state.current != first
    assert view.entries == outcome.entries and view.turn_changed and not view.reloaded
    assert view.title and view.file_name == "demo.json" and view.read_only is None and view.unsaved is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.title = "other"  # type: ignore[misc]


def test_refusal_changes_nothing_and_publishes_nothing(presenter):
    seen: list[EncounterView] = []
    presenter.subscribe(seen.append)
    before, log_length = presenter.session.encounter.state, len(presenter.session.log)
    outcome = presenter.submit(cmd.Damage("nobody-here", 5))
    assert not outcome.ok and "nobody-here" in outcome.refusal and outcome.entries == ()
    assert presenter.session.encounter.state is before and len(presenter.session.log) == log_length
    assert seen == []


def test_undo_restores_the_state_and_redo_puts_it_back(presenter):
    target = presenter.session.encounter.state.order()[0].id
    before = presenter.session.encounter.state
    presenter.submit(cmd.Damage(target, 3))
    after = presenter.session.encounter.state
    assert after != before
    assert presenter.undo().ok and presenter.session.encounter.state == before
    assert presenter.redo().ok and presenter.session.encounter.state == after


def test_nothing_to_undo_is_a_refusal_not_an_exception(presenter):
    seen: list[EncounterView] = []
    presenter.subscribe(seen.append)
    presenter.submit(cmd.NextTurn())
    while presenter.session.can_undo:
        presenter.undo()
    seen.clear()
    assert presenter.undo().refusal
    assert presenter.redo().ok  # the history is still there to redo
    assert len(seen) == 1


def test_each_subscriber_is_called_once_per_change_until_it_unsubscribes(presenter):
    calls_a: list[EncounterView] = []
    calls_b: list[EncounterView] = []
    stop_a = presenter.subscribe(calls_a.append)
    presenter.subscribe(calls_b.append)
    presenter.submit(cmd.NextTurn())
    assert len(calls_a) == len(calls_b) == 1
    stop_a()
    presenter.submit(cmd.NextTurn())
    presenter.unsubscribe(calls_b.append)  # not the same bound method object: still removed (equal)
    presenter.submit(cmd.NextTurn())
    assert len(calls_a) == 1 and len(calls_b) == 2


def test_replace_publishes_a_reloaded_view_of_the_new_session(presenter):
    seen: list[EncounterView] = []
    presenter.subscribe(seen.append)
    session = Session(presenter.session.campaign, random.Random(5))
    presenter.replace(session)
    assert presenter.session is session
    [view] = seen
    assert view.reloaded and view.entries == ()


def test_a_finished_encounter_says_so_in_its_title(presenter):
    """A try-out went back to a finished encounter and kept playing it with
    nothing on screen saying it was over."""
    campaign = presenter.session.campaign
    assert "(finished)" not in presenter.view().title
    campaign.set_encounter(presenter.session.eid, status="finished")
    assert presenter.view().title.endswith(" (finished)")


def test_the_first_turn_of_a_new_campaign_is_timed_from_when_it_was_opened(tmp_path):
    """A campaign's first turn is rolled unstamped when the file is made; the
    presenter times it from the opening, so the log has a turn time for it
    (and the recap's table names whoever had it), once, and after an undo again."""
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(3)).close()
    session = Session(Campaign.open(path), random.Random(4))
    ticks = iter([1000.0, 1040.0, 1065.0, 1070.0])
    presenter = EncounterPresenter(session, clock=lambda: next(ticks))
    first = presenter.state.current
    presenter.submit(cmd.NextTurn())  # 1040: the first turn took 40 s
    presenter.submit(cmd.NextTurn())  # 1065: the second 25 s
    timed = [(e.event.combatant, e.event.seconds) for e in presenter.session.log if isinstance(e.event, ev.TurnTimed)]
    assert timed[0] == (first, 40.0) and [s for _, s in timed] == [40.0, 25.0]
    presenter.undo()
    presenter.undo()
    presenter.submit(cmd.NextTurn())  # 1070: back on the first turn, still timed from the opening
    timed = [e.event.seconds for e in presenter.session.log if isinstance(e.event, ev.TurnTimed)]
    assert timed == [40.0, 25.0, 70.0]  # the log keeps the undone lines (the recap leaves them out)
    session.close()
