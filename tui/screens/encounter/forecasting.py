"""The skirmish forecast on the GM's screen (``F``), the tactics it plays
each creature by, and the replay of this fight.

``F`` turns the forecast on (it is off until asked: it keeps a second
process busy after every action) and opens it in full; from then on the
tracker's title ends with the party's chance (``win 72%``), updated after
every action, and the forecast restarts from each new state
(:class:`tui.forecast_runner.ForecastRunner`, in its own process).

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its
context: :class:`tui.screens.encounter.context.ScreenContext`).
"""

from __future__ import annotations

import random

from rich.text import Text

from typing import TYPE_CHECKING, Any

from core.combat.tactics import SetTactics
from core.values.tactics import to_text
from saves.errors import SaveError
from tui.rendering.text import clean
from tui.screens.encounter.context import ScreenContext
from tui.screens.prompt import PromptScreen
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
        self.most = MOST_FIGHTS
        """Fights played for one state at most (tests make it small)."""
        self._panel: Any = None  # the ForecastScreen on show

    @property
    def on(self) -> bool:
        return self.runner is not None

    def state_changed(self) -> None:
        """After every shown action: forecast the new state (when on)."""
        if self.runner is not None:
            self.runner.start(self.ctx.state, self.ctx.session.campaign.ruleset)

    def close(self) -> None:
        if self.runner is not None:
            self.runner.close()

    def _published(self, reading: Reading) -> None:
        tracker = self.ctx.query_one(InitiativeTracker)
        tracker.set_note(reading.party_text())
        if self._panel is not None:
            self._panel.show_reading(reading)

    def action_forecast(self) -> None:
        from tui.forecast_runner import ForecastRunner  # the forecast (and the rules it plays) load when the GM first asks
        from tui.screens.forecast import ForecastScreen

        if self.runner is None:
            self.runner = ForecastRunner(self._published, self._seeds, self.most)
            self.state_changed()
        selected = self.ctx.combatant(self.ctx.selected)
        self._panel = ForecastScreen(lambda: self.ctx.state, self.runner.reading, selected.name if selected else "nobody")
        self.ctx.ask(self._panel, self._chosen)

    def _chosen(self, choice: str | None) -> None:
        self._panel = None
        if choice == "tactics":
            self.action_tactics()
        elif choice == "replay":
            self.action_replay()

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
