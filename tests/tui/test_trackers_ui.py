"""Pilot tests at 80x24: reminders (key R) and limited uses (key U) of the
selected creature, the due check offered in one key, undo, bad input."""

from __future__ import annotations

from core.combat import events as ev
from core.combat.trackers import events as tev
from core.values.trackers import When
from tests.tui.helpers import demo_app, status_of, type_text
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.widgets.tracker_cells import tracker_badges


def _log_events(app, kind) -> list:
    return [e.event for e in app.presenter.session.log if isinstance(e.event, kind)]


async def test_u_adds_spends_restores_and_undo_gives_the_use_back(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        who = app.encounter_screen.selected
        await pilot.press("U")
        assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids == ["use.add"]
        await pilot.press("enter")
        await type_text(pilot, "Fire Breath recharge 5-6")
        await pilot.pause()
        assert "Fire Breath 1/1 recharge 5-6" in str(app.screen.query_one("#prompt-hint").render())
        await pilot.press("enter")
        (use,) = app.presenter.state.combatant(who).uses
        assert (use.name, use.uses, use.recharge_low, use.recharge_high) == ("Fire Breath", 1, 5, 6)
        assert tracker_badges(app.presenter.state.combatant(who)).plain == "FB1"  # compact, in the tracker's name column
        assert any("Fire Breath 1/1 recharge 5-6" in line for line in app.query_one("#sheet").render().plain.splitlines())
        await pilot.press("U")
        assert app.screen.option_ids[0] == "use.spend.0"  # what can be done now first: U Enter spends
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(who).uses[0].uses == 0
        assert "spends 1 use of Fire Breath" in status_of(app)
        spent = app.presenter.state
        await pilot.press("U")
        await type_text(pilot, "restore")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(who).uses[0].uses == 1
        await pilot.press("u")
        await pilot.pause()
        assert app.presenter.state == spent  # one key, one undo step, exactly as before


async def test_u_refuses_a_recharge_range_outside_the_die_and_changes_nothing(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before, log = app.presenter.state, len(app.presenter.session.log)
        await pilot.press("U", "enter")
        await type_text(pilot, "Fire Breath recharge 7-6")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)  # the dialog keeps the text
        assert "outside 1d6" in status_of(app)
        await pilot.press("escape")
        assert app.presenter.state == before and len(app.presenter.session.log) == log


async def test_the_more_menu_lists_spending_a_use(tmp_path):
    from core.combat.trackers.uses import AddUse
    from core.values.trackers import Per

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        app.encounter_screen.run_command(AddUse(app.encounter_screen.selected, "Fire Breath", Per.RECHARGE, 1, 6, 5, 6))
        await pilot.pause()
        labels = [o.label for o in app.encounter_screen.more.menu_offers()]
        assert any(label.startswith("Spend a use of Fire Breath") for label in labels)
        assert any(label.startswith("Remind when") for label in labels)


async def test_r_damage_reminder_fires_and_enter_rolls_its_check(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        who = app.encounter_screen.selected
        await pilot.press("R")
        await type_text(pilot, "damage")
        await pilot.press("enter")
        await type_text(pilot, "concentration | BODY 12")
        await pilot.pause()
        hint = str(app.screen.query_one("#prompt-hint").render())
        assert "vs 12" in hint and "%" in hint  # the check's odds before Enter
        await pilot.press("enter")
        (reminder,) = app.presenter.state.combatant(who).reminders
        assert (reminder.when, reminder.stat, reminder.difficulty) == (When.DAMAGE, "BODY", 12)
        await pilot.press("d")
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        assert "concentration" in status_of(app) and "Reminder" in status_of(app)
        assert isinstance(app.screen, ChoiceScreen)  # the check, offered at once
        await pilot.press("enter")  # one key rolls it
        await pilot.pause()
        (check,) = _log_events(app, ev.CheckRolled)
        assert check.combatant == who and check.result.purpose == "concentration" and check.result.difficulty == 12
        assert not app.presenter.state.combatant(who).reminders[0].due


async def test_r_start_of_turn_reminder_fires_once_after_p_then_n(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down")  # the creature after the current one
        await pilot.pause()
        who = app.encounter_screen.selected
        assert who != app.presenter.state.current
        await pilot.press("R")
        assert app.screen.option_ids[0] == "reminder.start"
        await pilot.press("enter")
        await type_text(pilot, "save ends")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(who).reminders[0].anchor == who
        await pilot.press("n")
        await pilot.pause()
        assert app.presenter.state.current == who and "save ends" in status_of(app)
        await pilot.press("p", "n")
        await pilot.pause()
        fired = _log_events(app, tev.ReminderFired)
        assert len(fired) == 2 and app.presenter.state.current == who  # once per n: p gave the first back
        await pilot.press("R")
        await type_text(pilot, "remove")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(who).reminders == ()


def test_every_tracker_event_has_a_log_line():
    from core.combat.trackers import events as tracker_events
    from core.combat.events import Event
    from tui.rendering.describe import describe, load_every_line

    load_every_line()  # the trackers' lines register with their first event (tui.rendering.lines.lines_for)
    kinds = [c for c in vars(tracker_events).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event]
    fallback = describe.dispatch(Event)
    assert len(kinds) == 7 and [k.__name__ for k in kinds if describe.dispatch(k) is fallback] == []


async def test_keys_typed_ahead_do_not_fall_into_a_reminders_check_question(tmp_path):
    """``d 3 Enter n`` in one read, where the damage fires a reminder with a
    check: the question the GM did not ask for opens clean (the ``n`` typed
    after it is ignored, and said so), not filtered by the typed-ahead keys."""
    from tests.tui.test_key_bursts import burst, settle

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        who = app.encounter_screen.selected
        await pilot.press("R")
        await type_text(pilot, "damage")
        await pilot.press("enter")
        await type_text(pilot, "concentration | BODY 12")
        await pilot.press("enter")
        await pilot.pause()
        burst(app, "d", "3", "enter", "n", "n")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert "typed ahead ignored" in str(app.screen.query_one("#prompt-title").render())
        assert app.presenter.state.current == who  # the n's did not end the turn behind the question


def _badged_campaign(path):
    """The demo with Character 1 renamed long, burning, with two limited
    uses and a start-of-turn reminder with a check that fired (due)."""
    import random

    from core.combat import commands as cmd
    from core.values.conditions import Condition
    from core.combat.trackers.uses import AddUse, Per
    from core.combat.trackers.reminders import AddReminder
    from saves.campaign import Campaign
    from saves.session import Session, create_demo

    create_demo(path, random.Random(3)).close()
    session = Session(Campaign.open(path), random.Random(4))
    session.commit(cmd.EditCombatant("c1", cmd.SheetChanges(name="Sir Reginald the Bold")))
    session.commit(cmd.AddCondition("c1", Condition("burning", level=2)))
    session.commit(AddUse("c1", "Fire Breath", Per.ENCOUNTER))
    session.commit(AddUse("c1", "Roar", Per.ENCOUNTER))
    session.commit(AddReminder("c1", "save ends", When.START, stat="BODY"))
    while session.encounter.state.current != "c1":
        session.commit(cmd.NextTurn())
    assert session.encounter.state.combatant("c1").reminders[0].due
    session.close()


async def test_badges_stay_visible_at_80_columns_and_the_name_is_cut_instead(tmp_path):
    """A GM's try-out saw ``R!`` hidden behind a cut name at 80x24: the due
    reminder shows first, then the other badges; the name gives way, with an ellipsis."""
    _badged_campaign(tmp_path / "demo.json")
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = app.query_one("#tracker").row_cells("c1")[2].plain
        assert "R!" in name and "\u2026" in name
        assert name.index("\u2026") < name.index("R!")  # the name is cut, not the badges
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        name = app.query_one("#tracker").row_cells("c1")[2].plain
        assert name.startswith(" Sir Re") and all(badge in name for badge in ("R!", "bur3", "FB1", "R1"))
