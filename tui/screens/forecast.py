"""The skirmish forecast in full (``F``): who is likely to win the rest of
this fight, each party member's chance to go down, the rounds left, each
with its 95% interval, and the creatures' tactics it assumed.

It shows the readings a :class:`tui.forecast_runner.ForecastRunner`
publishes, live while fights are still being played. Keys: ``t`` sets the
tactics of the creature selected on the GM's screen, ``r`` the replay of
this fight, Escape closes (the forecast keeps running for the tracker).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from core.combat.state import EncounterState
from core.forecast.odds import Estimate
from core.forecast.skirmish import MAX_ROUNDS
from core.values.combatant import Side
from core.values.tactics import APPROACH, to_text
from tui.forecast_runner import Reading
from tui.rendering.text import clean


def percent(estimate: Estimate) -> str:
    """``72% (69-75%)``."""
    return f"{round(100 * estimate.value)}% ({round(100 * estimate.low)}-{round(100 * estimate.high)}%)"


def forecast_text(reading: Reading | None, state: EncounterState) -> Text:
    """The whole forecast as lines of text."""
    out = Text()
    if reading is None:
        return Text("Starting the forecast\u2026")
    if reading.problem:
        return Text(f"No forecast: {clean(reading.problem)}", style="red")
    if reading.unforeseeable:
        names = ", ".join(clean(name) for name in reading.unforeseeable)
        return Text(f"Cannot guess: {names} fight{'s' if len(reading.unforeseeable) == 1 else ''} as the GM decides. "
                    "Give them tactics (t) to forecast.")
    if reading.ended:
        return Text("The fight is over: one side has nobody standing.")
    tally = reading.tally
    if tally.runs == 0:
        return Text("Playing the first fights\u2026")
    out.append(f"The rest of this fight, played {tally.runs} times by the rules:\n", style="bold")
    out.append(f"  Party wins   {percent(tally.chance(Side.PARTY))}\n")
    out.append(f"  Foes win     {percent(tally.chance(Side.FOE))}\n")
    undecided = tally.chance(None)
    if undecided.value:
        out.append(f"  Undecided    {percent(undecided)} after {MAX_ROUNDS} rounds\n")
    rounds = tally.expected_rounds()
    out.append(f"  Rounds       {rounds.value:.1f} ({rounds.low:.1f}-{rounds.high:.1f})\n")
    party = [c for c in state.combatants if c.side is Side.PARTY]
    if party:
        out.append("Chance to be down at the end:\n", style="bold")
        for member in party:
            out.append(f"  {clean(member.name)[:24]:<24} {percent(tally.chance_down(member.id))}\n")
    tactics = [(c.name, c.tactics) for c in state.combatants if c.tactics != APPROACH]
    out.append("Tactics: ", style="bold")
    if tactics:
        out.append("; ".join(f"{clean(name)}: {to_text(t)}" for name, t in tactics) + "; the others approach the nearest foe and use their best attack.\n")
    else:
        out.append("everyone approaches the nearest foe and uses its best attack.\n")
    if not reading.done:
        out.append("Not enough fights yet: the numbers are still moving.", style="yellow")
    elif not tally.settled():
        out.append(f"Stopped at {tally.runs} fights.", style="yellow")
    return out


class ForecastScreen(ModalScreen[str | None]):
    """``ForecastScreen(state_of, subscribe, unsubscribe, tactics_of)``:
    ``state_of()`` the encounter now; readings come through ``subscribe``;
    dismisses ``"tactics"`` or ``"replay"`` when the GM asks for them."""

    BINDINGS = [
        Binding("escape,F", "dismiss_none", "Close", id="forecast-close"),
        Binding("t", "choose('tactics')", "Tactics", id="forecast-tactics"),
        Binding("r", "choose('replay')", "Replay", id="forecast-replay"),
        Binding("w", "choose('what-if')", "What-if", id="forecast-what-if"),
        Binding("k", "choose('keep')", "Keep", id="forecast-keep"),
        Binding("d", "choose('drop')", "Drop", id="forecast-drop"),
    ]
    DEFAULT_CSS = """
    ForecastScreen { align: center middle; }
    ForecastScreen #forecast-box { width: 76; max-width: 100%; height: auto; max-height: 100%; border: round $primary; padding: 0 1; background: $surface; }
    ForecastScreen #forecast-keys { color: $text-muted; }
    """

    def __init__(self, state_of: Callable[[], EncounterState], reading: Reading | None, selected_name: str,
                 branch: tuple[str, int] | None = None) -> None:
        super().__init__()
        self.state_of = state_of
        self.reading = reading
        self.selected_name = selected_name
        self.branch = branch
        """``(the real fight's forecast text, actions played)`` while in a what-if, else ``None``."""

    def compose(self) -> ComposeResult:
        with Vertical(id="forecast-box"):
            if self.branch is not None:
                real, actions = self.branch
                yield Static(Text(f"WHAT-IF, {actions} action{'s' if actions != 1 else ''} in. The real fight: {real or 'no forecast'}.", style="bold yellow"), id="forecast-branch")
            yield Static(forecast_text(self.reading, self.state_of()), id="forecast-body")
            what_if = "k keep it  d drop it" if self.branch is not None else "w what-if"
            yield Static(Text(f"t tactics of {clean(self.selected_name)[:16]}  {what_if}  r replay  Esc close"), id="forecast-keys")

    def show_reading(self, reading: Reading) -> None:
        """Show a new reading (the runner publishes them)."""
        self.reading = reading
        try:
            body = self.query_one("#forecast-body", Static)
        except NoMatches:  # not composed yet, or closing: compose shows the newest reading
            return
        body.update(forecast_text(reading, self.state_of()))

    @property
    def body_text(self) -> str:
        """The forecast as shown (a test hook)."""
        return forecast_text(self.reading, self.state_of()).plain

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_choose(self, what: str) -> None:
        if (what in ("keep", "drop")) != (self.branch is not None) and what in ("keep", "drop", "what-if"):
            return  # keep and drop only in a what-if; a new what-if only outside one
        self.dismiss(what)
