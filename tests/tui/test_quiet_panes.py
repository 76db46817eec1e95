"""Panes that repaint only what changed ("calm on the wire").

A next-turn key must not re-lay out or wholly repaint the tracker, the
sheet, the log or the map: those repaints were most of a key's bytes over
SSH. The tests spy on ``refresh`` rather than count bytes, so they say
which pane broke the rule.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rich.console import Console
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip

from saves.campaign import Campaign
from saves.session import Session, demo_encounter
from tests.tui.helpers import crowd_campaign, demo_app
from tui.app import EncounterApp
from tui.widgets.creature_sheet import CreatureSheet
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import NO_BREAK, LinePane, StatusLine, changed_span, text_lines

PANES = (InitiativeTracker, CreatureSheet, DiceLog, GridMap, StatusLine)


def test_changed_span_is_the_columns_that_differ():
    old = text_lines(Text("HP ") + Text("10/12", style="green") + Text(" bar"), 20)[0]
    new = text_lines(Text("HP ") + Text("11/12", style="green") + Text(" bar"), 20)[0]
    assert changed_span(old, new) == (3, 8)
    assert changed_span(old, old) is None
    assert changed_span(None, new) == (0, 20)


def test_text_lines_wraps_a_long_line_at_spaces_but_never_at_a_no_break_space_and_keeps_a_line_that_fits():
    text = Text(f"Initiative 12   at{NO_BREAK}(10,{NO_BREAK}14)\nHP ") + Text("10/12", style="green")
    lines = text_lines(text, 20)
    assert [line.text for line in lines] == ["Initiative 12".ljust(20), "at (10, 14)".ljust(20), "HP 10/12".ljust(20)]
    assert [(seg.text, seg.style.color.name if seg.style and seg.style.color else None) for seg in lines[2]][1] == ("10/12", "green")
    assert [line.text for line in text_lines(Text("a b c d"), 3)] == ["a b", "c d"]


PIECES = ["a", "bb", "ccc", "Ayla", "Бром", NO_BREAK, " ", "  ", "\n", "long-word-here", "日本", "x\ty", f"(1,{NO_BREAK}2)"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(["", "bold", "red", "italic bright_black"])), max_size=14),
       st.integers(1, 40), st.booleans())
def test_text_lines_are_richs_own_wrap_and_render(pieces, width, wrap):
    """The lines a pane shows are Rich's (its wrap, or a cut at each newline, then its render),
    a no-break space written as a space that no line breaks at; a line made before is the same."""
    text = Text()
    for piece, style in pieces:
        text.append(piece, style=style)
    held = wrap and NO_BREAK in text.plain
    reference = text.copy()
    if held:
        reference.plain = reference.plain.replace(NO_BREAK, "\u2800")
    lines = reference.wrap(Console(width=1000, color_system=None), width) if wrap else reference.split("\n", allow_blank=True)
    if held:
        for line in lines:
            line.plain = line.plain.replace("\u2800", " ")
    expected = [Strip(list(line.render(Console(width=1000, color_system=None)))).crop_extend(0, width, None) for line in lines]
    assert text_lines(text, width, wrap) == expected
    assert text_lines(text.copy(), width, wrap) == expected


def test_a_sheet_shown_again_shows_what_changed_since_and_not_what_was_added_to_it_last_time():
    """The sheet's text is made again only when the combatant (or whose turn, or its trackers) changed:
    a combatant hurt while another was shown shows its new HP; a Mounted line shown once does not stay."""
    encounter, _ = demo_encounter(random.Random(1))
    first, second = encounter.state.combatants[:2]
    sheet = CreatureSheet()
    sheet.show(first, encounter.ruleset, True)
    shown = sheet.render().plain
    assert shown.splitlines()[1].startswith("HP 14/14")
    sheet.show(second, encounter.ruleset, False)
    sheet.show(replace(first, hp=3), encounter.ruleset, True)
    assert sheet.render().plain.splitlines()[1].startswith("HP 3/14")
    sheet.show(first, encounter.ruleset, True, riding="Ayla rides Boar")
    assert sheet.render().plain.endswith("Mounted: Ayla rides Boar")
    sheet.show(first, encounter.ruleset, True)
    assert sheet.render().plain == shown


def spy_refreshes(app, monkeypatch) -> list[tuple[str, tuple, dict]]:
    calls: list[tuple[str, tuple, dict]] = []
    for pane in PANES:
        widget = app.query_one(pane)
        original = widget.refresh

        def spy(*regions, _name=pane.__name__, _original=original, **options):
            calls.append((_name, regions, options))
            return _original(*regions, **options)

        monkeypatch.setattr(widget, "refresh", spy)
    return calls


async def test_next_turn_repaints_cells_not_panes(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")  # the first key also brings Undo into the footer
        await pilot.pause()
        calls = spy_refreshes(app, monkeypatch)
        await pilot.press("n")  # the last turn of round 1 (a new round retitles the tracker: all of it repaints)
        await pilot.pause()
        whole = [(name, options) for name, regions, options in calls if not regions or options.get("layout")]
        assert whole == []
        assert {name for name, _, _ in calls} >= {"InitiativeTracker", "CreatureSheet", "DiceLog", "GridMap", "StatusLine"}
    app.presenter.session.campaign.close()


async def test_map_repaints_only_the_cells_of_the_tokens_that_changed(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        calls = spy_refreshes(app, monkeypatch)
        await pilot.press("n")
        await pilot.pause()
        regions = [region for name, found, _ in calls if name == "GridMap" for region in found]
        cell_width = app.query_one(GridMap).cell_size[0]
        assert len(regions) == 2  # the marker leaves one token and reaches the next
        assert all(isinstance(r, Region) and r.width == cell_width for r in regions)
    app.presenter.session.campaign.close()


async def test_the_log_jumps_half_a_page_when_full_and_stops_following_when_scrolled_back(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.query_one(DiceLog)
        while len(log.wrapped) <= log.content_size.height:
            await pilot.press("n")
            await pilot.pause()
        height = log.content_size.height
        top = log.top
        assert len(log.wrapped) - top == (height + 1) // 2  # the newest line half way down
        await pilot.press("n")
        await pilot.pause()
        assert log.top == top  # lines added below: nothing moved
        log.focus()
        await pilot.press("home")  # look back to the first line
        assert log.top == 0 and log.border_subtitle == f"\u2193{log.lines_below()} more (End)" and log.lines_below() > 0
        await pilot.press("n")
        await pilot.pause()
        assert log.top == 0  # looking back: new lines do not move the view
        await pilot.press("end")
        assert not log.border_subtitle and log.top == len(log.wrapped) - height
    app.presenter.session.campaign.close()


async def test_tracker_scrolls_by_half_pages_and_selects_by_keys_and_clicks(tmp_path):
    path = crowd_campaign(tmp_path / "crowd.json", 40)
    app = EncounterApp(Session(Campaign.open(path), random.Random(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        tracker = app.query_one(InitiativeTracker)
        order = [c.id for c in app.presenter.state.order()]
        assert tracker.row_count == 40 and tracker.first_row == 0
        rows = tracker.content_size.height - 1
        last = app.presenter.state.combatant(order[-1])
        assert last.name in tracker.row_cells(order[-1])[2].plain  # a row out of view: its cells made when asked
        with pytest.raises(KeyError):
            tracker.row_cells("nobody")
        assert tracker.border_subtitle == f"\u2193{40 - rows}"
        tracker.focus()
        for _ in range(rows):
            await pilot.press("down")
        await pilot.pause()
        assert app.encounter_screen.selected == order[rows]
        assert tracker.first_row == rows - rows // 2  # jumped: the selection is half way down
        await pilot.press("end")
        await pilot.pause()
        assert app.encounter_screen.selected == order[-1] and tracker.first_row == 40 - rows
        await pilot.press("home")
        await pilot.pause()
        assert app.encounter_screen.selected == order[0] and tracker.first_row == 0
        await pilot.click(InitiativeTracker, offset=(6, 2 + 3))  # below the border and the header: the fourth row
        await pilot.pause()
        assert app.encounter_screen.selected == order[3]
    app.presenter.session.campaign.close()


async def test_a_turn_keeps_the_trackers_rows_and_a_new_initiative_makes_them_anew(tmp_path):
    """The order's ids unchanged (a next turn in a crowd): the tracker keeps
    its rows, no pass over the crowd; an initiative changed: rows made anew,
    in the new order."""
    from core.combat import commands as cmd

    path = crowd_campaign(tmp_path / "crowd.json", 40)
    app = EncounterApp(Session(Campaign.open(path), random.Random(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        tracker = app.query_one(InitiativeTracker)
        rows = tracker._order
        await pilot.press("n")
        await pilot.pause()
        assert tracker._order is rows and tracker.row_count == 40
        last = app.presenter.state.order()[-1]
        assert app.encounter_screen.run_command(cmd.SetInitiative(last.id, 99)) is not None
        await pilot.pause()
        assert tracker._order is not rows and tracker._order == [c.id for c in app.presenter.state.order()]
        assert tracker._order[0] == last.id
    app.presenter.session.campaign.close()


async def test_a_pane_that_grows_is_laid_out_again():
    class Pane(LinePane):
        DEFAULT_CSS = "Pane { height: auto; }"

    from textual.app import App

    class Host(App):
        def compose(self):
            yield Pane()

    async with Host().run_test(size=(40, 10)) as pilot:
        pane = pilot.app.query_one(Pane)
        pane.set_lines(text_lines(Text("one\ntwo"), 40))
        await pilot.pause()
        assert pane.size.height == 2
        pane.set_lines(text_lines(Text("one"), 40))
        await pilot.pause()
        assert pane.size.height == 1


async def test_the_map_centres_the_current_combatant_when_its_turn_starts_out_of_view(tmp_path):
    path = crowd_campaign(tmp_path / "crowd.json", 40)
    app = EncounterApp(Session(Campaign.open(path), random.Random(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        grid_map = app.query_one(GridMap)
        await pilot.press("n")  # the first status line settles the pane's height
        await pilot.pause()
        scrolled = 0
        for _ in range(12):
            before = grid_map.scroll_offset
            await pilot.press("n")
            await pilot.pause()
            x, y = app.presenter.session.encounter.current.position
            view_w, view_h = grid_map.scrollable_content_region.width - 3, grid_map.scrollable_content_region.height - 1
            left, top = grid_map.scroll_offset
            assert left <= 2 * x < left + view_w and top <= y < top + view_h  # in view
            if top != before.y:  # scrolled down or up: centred, unless at an edge
                scrolled += 1
                assert abs((y - top) - view_h // 2) <= 1 or top in (0, grid_map.max_scroll_y)
            if left != before.x:  # scrolled sideways: likewise
                scrolled += 1
                assert abs((2 * x + 1 - left) - view_w // 2) <= 2 or left in (0, grid_map.max_scroll_x)
        assert scrolled  # the 40x30 field does not fit: some turns had to scroll
    app.presenter.session.campaign.close()


async def test_the_log_shown_after_the_sheet_shows_the_newest_lines(tmp_path):
    """80x24: ``l`` (log), ``l`` (sheet), three turns, ``l``: the log
    follows what happened while it was hidden."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(DiceLog)
        await pilot.press("l", "l")
        for _ in range(12):
            await pilot.press("n")
        await pilot.press("l")
        await pilot.pause()
        assert log.content_size.height and log.top + log.content_size.height >= len(log.wrapped)
        assert not log.border_subtitle
    app.presenter.session.campaign.close()


async def test_widening_with_the_log_toggled_shows_sheet_and_log(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")  # narrow: the log takes the sheet's place
        await pilot.pause()
        assert not app.query_one(CreatureSheet).size.height
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert app.query_one(CreatureSheet).size.height and app.query_one(DiceLog).size.height
    app.presenter.session.campaign.close()


async def test_a_sheet_taller_than_its_pane_says_how_many_lines_are_cut(tmp_path):
    from dataclasses import replace

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.query_one(CreatureSheet)
        assert not sheet.border_subtitle
        wordy = replace(app.presenter.session.encounter.current, notes="a long note " * 40)
        sheet.show(wordy, app.presenter.session.encounter.ruleset, True)
        await pilot.pause()
        cut = len(sheet.shown_lines) - sheet.content_size.height
        assert cut > 0 and sheet.border_subtitle == f"\u2193{cut} more"
    app.presenter.session.campaign.close()
