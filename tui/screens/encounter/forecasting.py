"""The skirmish forecast on the GM's screen (``F``), the tactics it plays
each creature by, and the replay of this fight.

``F`` turns the forecast on (it is off until asked: it keeps worker
processes busy, at the lowest priority, after every action) and opens it
in full; from then on the tracker's title ends with the party's chance
(``win 72%``), updated after every action, and the forecast restarts from
each new state (:class:`tui.forecast_runner.ForecastRunner`, in processes
of its own). Its worker processes start once a session, a moment after
the screen's first frame (:meth:`Forecasting.warm_up`, in a real terminal),
and wait at the lowest priority: ``F`` then finds them loaded.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its
context: :class:`tui.screens.encounter.context.ScreenContext`).
"""

from __future__ import annotations

import random

from rich.text import Text

from typing import TYPE_CHECKING, Any

from core.combat.tactics import SetTactics
from core.values.tactics import to_text
from saves.branch_notes import note_dropped
from saves.errors import SaveError
from saves.session import Session
from tui.rendering.text import clean
from tui.screens.encounter.context import ScreenContext
from tui.screens.prompt import PromptScreen
from tui.widgets.creature_sheet import CreatureSheet
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker

if TYPE_CHECKING:
    from tui.forecast_runner import ForecastRunner, Reading
    from tui.screens.forecast import ForecastScreen

MOST_FIGHTS = 20_000
"""Fights played for one state at most (as :data:`tui.forecast_runner.MOST_FIGHTS`)."""


class Forecasting:
    """``Forecasting(ctx, seeds=None)``: ``seeds`` (a ``random.Random``) seeds each forecast."""

    def __init__(self, ctx: ScreenContext, seeds: random.Random | None = None) -> None:
        self.ctx = ctx
        self.runner: ForecastRunner | None = None
        """The forecast's runner once ``F`` turned it on, else ``None``."""
        self._seeds = seeds
        self.ready: ForecastRunner | None = None
        """The runner :meth:`warm_up` started, its workers waiting, until ``F`` makes it :attr:`runner`."""
        self.most = MOST_FIGHTS
        """Fights played for one state at most (tests make it small)."""
        self._panel: Any = None  # the ForecastScreen on show
        self.branch: Any = None
        """The :class:`saves.branch.WhatIf` being played, or ``None`` (the real fight)."""
        self._real_text = ""  # the real fight's forecast when the branch began
        self._real_reading: Reading | None = None  # that forecast, whole: shown again at once when the branch is dropped

    @property
    def on(self) -> bool:
        return self.runner is not None

    def state_changed(self) -> None:
        """After every shown action: forecast the new state (when on)."""
        if self.runner is not None:
            self.runner.start(self.ctx.state, self.ctx.session.campaign.ruleset)

    def warm_up(self) -> None:
        """Start the forecast's workers before ``F`` (they load the rules at
        the lowest priority and wait; nothing is played until it is on)."""
        from tui.forecast_runner import ForecastRunner

        if self.runner is None and self.ready is None:
            self.ready = ForecastRunner(self._published, self._seeds, self.most)
            self.ready.warm_up()

    def close(self) -> None:
        """The screen is going: end the workers; a branch still open (a hang-up,
        SIGTERM: q asks first) is dropped, and the next start says so."""
        for runner in (self.runner, self.ready):
            if runner is not None:
                runner.close()
        if self.branch is not None:
            branch, self.branch = self.branch, None
            actions = branch.actions
            branch.drop()
            note_dropped(branch.real.path, actions)

    def _published(self, reading: Reading) -> None:
        self._show_note(reading.party_text())
        if self._panel is not None:
            self._panel.show_reading(reading)

    def _show_note(self, forecast: str) -> None:
        note = " ".join(part for part in ("WHAT-IF" if self.branch is not None else "", forecast) if part)
        self.ctx.query_one(InitiativeTracker).set_note(note)

    def action_forecast(self) -> None:
        from tui.forecast_runner import ForecastRunner  # the forecast (and the rules it plays) load when the GM first asks
        from tui.screens.forecast import ForecastScreen

        if self.runner is None:
            self.runner, self.ready = self.ready or ForecastRunner(self._published, self._seeds, self.most), None
            self.runner.most = self.most
            if self._seeds is not None:
                self.runner.seeds = self._seeds
            self.state_changed()
        selected = self.ctx.combatant(self.ctx.selected)
        branch = None if self.branch is None else (self._real_text, self.branch.actions)
        self._panel = ForecastScreen(lambda: self.ctx.state, self.runner.reading, selected.name if selected else "nobody", branch)
        self.ctx.ask(self._panel, self._chosen)

    def _chosen(self, choice: str | None) -> None:
        self._panel = None
        if choice == "tactics":
            self.action_tactics()
        elif choice == "replay":
            self.action_replay()
        elif choice == "what-if":
            self.begin_what_if()
        elif choice == "keep":
            self.end_what_if(keep=True)
        elif choice == "drop":
            self.end_what_if(keep=False)

    # -- what-if -------------------------------------------------------------------
    def begin_what_if(self) -> None:
        """Branch the fight here: play on a private copy (see :mod:`saves.branch`)."""
        from saves.branch import WhatIf  # the branch loads when the GM first asks for one

        if self.branch is not None:
            self.ctx.set_status("Already in a what-if: F then k keeps it, d drops it.", error=True)
            return
        session = self.ctx.session
        try:
            self.branch = WhatIf(session, session.encounter.rng)  # the same dice roll on
        except (SaveError, OSError) as problem:
            self.ctx.set_status(f"No what-if: {clean(str(problem))}", error=True)
            return
        self._real_reading = self.runner.reading if self.runner is not None else None
        self._real_text = self._real_reading.party_text() if self._real_reading is not None else ""
        selected = self.ctx.selected
        self.ctx.presenter.replace(self.branch.session)
        if selected is not None and self.ctx.state.has(selected):
            self.ctx.select(selected)  # the GM's selection stays as it was
        self._decorate(True)
        self.ctx.set_status("WHAT-IF: play on with every key; the real fight and the players' view wait. F then k keeps it, d drops it; q asks which.", hint=True)

    def end_what_if(self, keep: bool) -> None:
        """Make the branch the real fight (``keep``) or forget it."""
        branch = self.branch
        if branch is None:
            return
        try:
            kept = branch.keep() if keep else (branch.drop() or 0)
        except (SaveError, OSError) as problem:
            self.ctx.set_status(f"Could not keep the what-if: {clean(str(problem))}; it is still open.", error=True)
            return
        self.branch = None
        real = branch.real
        self.ctx.presenter.replace(Session(real.campaign, real.encounter.rng, real.eid) if keep else real)
        reading, self._real_reading = self._real_reading, None
        if not keep and reading is not None and reading.done and self.runner is not None:
            self.runner.show_again(reading)  # the real fight is as it was: so is its forecast, at once
        self._decorate(False)
        self.ctx.set_status(f"Kept the what-if: its {kept} actions are the real fight now (u undoes them one by one)." if keep
                            else "Dropped the what-if: back to the real fight, as it was.")

    def _decorate(self, on: bool) -> None:
        """Say WHAT-IF on every pane (and tint their borders) while in a branch."""
        for widget in (self.ctx.query_one(GridMap), self.ctx.query_one(CreatureSheet), self.ctx.query_one(DiceLog)):
            widget.border_subtitle = "WHAT-IF" if on else ""
            widget.set_class(on, "-what-if")
        tracker = self.ctx.query_one(InitiativeTracker)
        tracker.set_class(on, "-what-if")
        self._show_note(self.runner.reading.party_text() if self.runner is not None and self.runner.reading else "")

    def action_tactics(self) -> None:
        creature = self.ctx.combatant(self.ctx.selected)
        if creature is None:
            self.ctx.set_status("Select a creature first (tracker), then set its tactics.", error=True)
            return
        title = Text("Tactics of ") + Text(clean(creature.name), style="bold") + Text(" in the forecast (approach, hold, flee below N, focus NAME, gm)")
        self.ctx.ask(PromptScreen(title, "flee below 5", value=to_text(creature.tactics)), lambda text: self._set(creature.id, text))

    def _set(self, creature_id: str, text: str) -> None:
        self.ctx.run_command(SetTactics(creature_id, text))

    def action_replay(self) -> None:
        """The replay of this fight as it stands in the campaign file (read-only)."""
        from saves.replay import FightRecord  # the replay loads when the GM first asks
        from tui.screens.replay import ReplayScreen

        session = self.ctx.session
        try:
            record = FightRecord(session.path, session.eid)
        except SaveError as problem:
            self.ctx.set_status(f"No replay: {clean(str(problem))}", error=True)
            return
        self.ctx.app.push_screen(ReplayScreen(record))
