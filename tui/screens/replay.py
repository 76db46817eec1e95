"""A fight replayed from its campaign file, step by step, read-only.

:class:`ReplayScreen` shows one :class:`saves.replay.FightRecord` with the
GM's own widgets: the tracker, the map and the log up to the step on show,
and a status line saying where the replay is. Keys: Right/Space the next
action, Left the previous one, ``]``/``[`` the next/previous round,
Home/End the start/end; Escape (or the App's ``q``) leaves. With
``autoplay`` seconds it steps forward on its own and calls ``on_end`` after
the last step (``encounter replay --cast``). Nothing here can change the
campaign: the record was read once, read-only.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from saves.replay import FightRecord
from saves.records import LogEntry
from tui.rendering.text import clean
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine


class ReplayScreen(Screen):
    """``ReplayScreen(record, autoplay=None, on_end=None)``: step through ``record``."""

    DEFAULT_CSS = """
    ReplayScreen #body { height: 1fr; }
    ReplayScreen #side { width: 30; height: 1fr; }
    ReplayScreen InitiativeTracker { height: 1fr; border: round $primary; border-title-align: left; }
    ReplayScreen DiceLog { display: block; height: 1fr; border: round $primary; border-title-align: left; }
    ReplayScreen GridMap { width: 1fr; border: round $warning; border-title-align: left; }
    ReplayScreen StatusLine { height: 2; }
    """
    BINDINGS = [
        Binding("right,space,l", "step(1)", "Next", id="replay-next", priority=True),
        Binding("left,h", "step(-1)", "Back", id="replay-back", priority=True),
        Binding("right_square_bracket", "round(1)", "Next round", id="replay-next-round", priority=True),
        Binding("left_square_bracket", "round(-1)", "Round back", id="replay-previous-round", priority=True),
        Binding("home", "jump(0)", "Start", id="replay-start", priority=True),
        Binding("end", "jump(-1)", "End", id="replay-end", priority=True),
        Binding("escape", "leave", "Leave", id="replay-leave", priority=True),
    ]

    def __init__(self, record: FightRecord, autoplay: float | None = None, on_end: Callable[[], None] | None = None, standalone: bool = False) -> None:
        super().__init__()
        self.standalone = standalone
        """Escape ends the App (``encounter replay``) rather than closing this screen."""
        self.record = record
        self.autoplay = autoplay
        self.on_end = on_end
        self.number = 0
        """The step on show (0 = before the first action)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="side"):
                yield InitiativeTracker(id="replay-tracker")
                yield DiceLog(id="replay-log")
            yield GridMap(id="replay-map")
        yield StatusLine(id="replay-status")

    def on_mount(self) -> None:
        self.query_one(DiceLog).styles.display = "block"  # the App's stylesheet hides the GM's log on narrow screens; here it is the story
        title = f"{clean(self.record.title)}: {clean(self.record.encounter_name)} \u2014 REPLAY (read-only)"
        self.query_one(GridMap).border_title = Text(title)
        self.show_step(0)
        if self.autoplay is not None:
            self.set_interval(self.autoplay, self._advance)

    def _advance(self) -> None:
        if self.number >= len(self.record) - 1:
            if self.on_end is not None:
                self.on_end()
            return
        self.show_step(self.number + 1)

    def entries_to(self, number: int) -> list[LogEntry]:
        """The log lines of steps 1..``number``."""
        out: list[LogEntry] = []
        for k in range(1, number + 1):
            out.extend(self.record.step(k).entries)
        return out

    def show_step(self, number: int) -> None:
        """Show step ``number`` (clamped to the fight's steps)."""
        self.number = max(0, min(number, len(self.record) - 1))
        step = self.record.step(self.number)
        state = step.state
        self.query_one(InitiativeTracker).show(state, state.current, tuple((k.id, k.letter) for k in self.record.ruleset.tracked_kinds))
        self.query_one(GridMap).show(state, state.current, None)
        self.query_one(DiceLog).load(self.entries_to(self.number))
        last = len(self.record) - 1
        where = "before the first action" if self.number == 0 else f"action {self.number} of {last}"
        turn = f", {clean(state.combatant(state.current).name)}'s turn" if state.current and state.has(state.current) else ""
        keys = "" if self.autoplay is not None else " \u2192/Space next, \u2190 back, ] [ rounds, Home End, Esc leaves."  # playing itself (a recording): no keys
        self.query_one(StatusLine).show(Text(f"Replay, round {state.round}{turn}: {where}.{keys}"))

    def action_step(self, delta: int) -> None:
        self.show_step(self.number + delta)

    def action_round(self, direction: int) -> None:
        self.show_step(self.record.next_round(self.number, forward=direction > 0))

    def action_jump(self, where: int) -> None:
        self.show_step(len(self.record) - 1 if where < 0 else where)

    def action_leave(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.app.pop_screen()
