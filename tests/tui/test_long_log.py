"""The log pane formats what it shows, not the whole history.

A pane given 20 000 entries wraps a screenful and a little around it; a
resize or a filter the same; looking back wraps what comes into view; Home
reaches the first line. Formatting is counted by spying on ``line_text``.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.combat import events as ev
from saves.records import LogEntry
from tests.tui.helpers import demo_app
from tui.widgets import dice_log
from tui.widgets.dice_log import DiceLog

COUNT = 20_000


class CountingLog(Sequence):
    """A long log that counts the entries read from it (as a lazily decoded one would decode them)."""

    def __init__(self, count: int) -> None:
        self.count, self.read = count, 0

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.count))]
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError(index)
        self.read += 1
        who = "c1" if index % 50 == 0 else "c2"
        return LogEntry(index + 1, 1 + index // 10, who, ev.TurnStarted(1 + index // 10, who, f"Fighter {index}"))


def spy(monkeypatch) -> list[int]:
    formatted: list[int] = []
    real = dice_log.line_text

    def counting(entry, ruleset=None):
        formatted.append(entry.seq)
        return real(entry, ruleset)

    monkeypatch.setattr(dice_log, "line_text", counting)
    return formatted


async def test_a_long_log_formats_a_screenful_on_load_resize_and_filter(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.query_one(DiceLog)
        formatted = spy(monkeypatch)
        history = CountingLog(COUNT)
        log.load(history)
        await pilot.pause()
        height = log.content_size.height
        assert 0 < len(formatted) <= 4 * height and history.read <= 8 * height
        assert formatted[0] == COUNT  # from the newest entry back
        assert log.top + height == len(log.wrapped)  # following: the newest line at the bottom
        formatted.clear()
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert 0 < len(formatted) <= 4 * log.content_size.height
        formatted.clear()
        log.set_filter("c1")
        assert 0 < len(formatted) <= 4 * log.content_size.height
        assert all(seq % 50 == 1 for seq in formatted)  # only c1's lines
    app.presenter.session.campaign.close()


async def test_looking_back_wraps_what_comes_into_view_and_home_reaches_the_first_line(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.query_one(DiceLog)
        log.load(CountingLog(2_000))
        await pilot.pause()
        formatted = spy(monkeypatch)
        log.focus()
        await pilot.press("pageup", "pageup", "pageup")
        height = log.content_size.height
        assert 0 < len(formatted) <= 4 * height
        shown = [line.text for line in log.shown_lines]
        assert "Fighter 1999" not in "".join(shown)  # looked back: the newest line is out of view
        await pilot.press("home")
        assert log.top == 0 and "Fighter 0" in log.shown_lines[0].text
        assert log.border_subtitle == f"\u2193{log.lines_below()} more (End)" and log.lines_below() >= 2_000 - 4 * height
        assert len(log.wrapped) <= 4 * height  # Home wraps the first lines, not the whole log
        for _ in range(20):  # on from the start: wraps what comes into view, forgets what is far behind
            await pilot.press("pagedown")
        first = log.wrapped[log.top][0]
        assert first >= 20 * (height // 2) // 2 and len(log.wrapped) <= 8 * height and log.first_wrapped > 0
        await pilot.press("end")
        assert not log.border_subtitle and "Fighter 1999" in "".join(line.text for line in log.shown_lines)
    app.presenter.session.campaign.close()


def test_following_a_long_session_keeps_a_bounded_number_of_wrapped_lines():
    log = DiceLog.detached(height=10)  # not mounted: a 10-line pane
    log.load([])
    for index in range(3_000):
        log.add([LogEntry(index + 1, 1, "c1", ev.TurnStarted(1, "c1", f"Fighter {index}"))])
    assert len(log.entries) == 3_000 and len(log.wrapped) <= 60
    assert len(log.newest(5)) == 5 and log.newest(1)[0].seq == 3_000


def test_a_filtered_log_keeps_the_undone_and_redone_lines():
    """`f` on a creature hid "Undone: Damage": the GM could not tell that
    the hit shown had been taken back."""
    from saves.records import Redone, Undone

    log = DiceLog.detached(height=10)
    log.load([
        LogEntry(1, 1, "c1", ev.HitPointsChanged("c2", "Boar", -3, -3, 13, 16)),
        LogEntry(2, 1, "c1", ev.TurnStarted(1, "c3", "Wolf")),
        LogEntry(3, 1, "c1", Undone(1, "Damage", 1, 1)),
        LogEntry(4, 1, "c1", Redone(1, "Damage", 1, 1)),
    ])
    log.set_filter("c2")
    assert [e.seq for e in log.visible()] == [1, 3, 4]


def test_a_filter_reads_a_bounded_window_of_a_long_log_and_page_up_reads_on():
    """`f` on a 100 000-line campaign read back until the pane was full
    (thousands of entries decoded: 29x the frame of a 100-line one); a
    filtered pane reads at most FILTER_SCAN entries per look."""
    history = CountingLog(COUNT)
    log = DiceLog.detached(height=10)
    log.load(history)
    history.read = 0
    log.set_filter("c1")  # c1 acts in one entry of 50
    assert history.read <= dice_log.FILTER_SCAN + 5  # (a few read twice), not the 20 000
    assert log.wrapped and {index % 50 for index, _ in log.wrapped} == {0}
    assert log.first_wrapped == COUNT - dice_log.FILTER_SCAN
    found = len(log.wrapped)
    history.read = 0
    log.action_look(-0.5)  # PgUp at the top: the next window
    assert history.read <= dice_log.FILTER_SCAN + 5 and len(log.wrapped) > found
    log.set_filter(None)  # every line again: the pane fills from the newest entries
    assert {index % 50 for index, _ in log.wrapped} != {0}
