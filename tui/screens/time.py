"""Time (key ``T``): the encounter's in-game clock, the animals in training
(EQ-ANI-1) and the party's ruses (EQ-TRK-1).

Keys: ``a`` advance the clock (10m, 2h, 3d: trainings progress by the days
crossed, weapon poison dries), ``t`` put an animal in training, ``x`` take
a training off the list, ``r`` add a ruse, ``e`` use a ruse (the ИНТ check
and its odds shown as you type), ``u`` undo, Esc back. Every change goes
through the session (saved, logged, undoable), as on the battle screen.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from core.campaign.timekeeping import AdvanceClock, clock_label, now_seconds
from core.errors import NotationError, RulesError
from core.campaign.training import level
from core.campaign.training_commands import AddRuse, DropTraining
from core.offers.ruses import ruse_check
from tui.rendering.describe import describe
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean
from core.dice.time_notation import RUSE_HELP, SPAN_HELP, TRAIN_HELP, USE_HELP, parse_advance, parse_ruse, parse_training, parse_use

KEYS = "a advance  t train  x drop  r ruse  e use ruse  u undo  Esc back"


class TimeScreen(Screen[None]):
    """``TimeScreen(state, apply, ruleset, undo)``: ``state()`` the encounter
    state now, ``apply(command)`` the new log entries or the refusal as text.
    Every rule ID it shows is said as ``ruleset`` cites it (:meth:`core.rulesets.base.Ruleset.cite_text`:
    "DEFAULT, as in" the seed's ruleset, in another ruleset)."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="time-back"),
        Binding("a", "time_advance", "Advance", id="time-advance"),
        Binding("t", "time_train", "Train", id="time-train"),
        Binding("x", "time_drop", "Drop", id="time-drop"),
        Binding("r", "time_ruse", "Ruse", id="time-ruse"),
        Binding("e", "time_use", "Use ruse", id="time-use"),
        Binding("u", "time_undo", "Undo", id="time-undo"),
    ]

    DEFAULT_CSS = """
    TimeScreen #time-body { height: 1fr; border: round $accent; padding: 0 1; }
    TimeScreen #time-status { height: 1; padding: 0 1; }
    TimeScreen #time-status.error { color: $text-error; text-style: bold; }
    TimeScreen #time-keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, state: Callable[[], object], apply: Callable[[object], list | str], ruleset: object, undo: Callable[[], list | str] | None = None) -> None:
        super().__init__()
        self._state = state
        self._apply = apply
        self._ruleset = ruleset
        self._cite: Callable[[str], str] = getattr(ruleset, "cite_text", str)
        self._undo = undo
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="time-body"):
                yield Static(id="time-text")
            yield Static(id="time-status")
            yield Static(Text(KEYS), id="time-keys")

    def on_mount(self) -> None:
        self.refresh_time()
        self.say("a advances the clock; t puts an animal in training; r adds a ruse.")

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        status = self.query_one("#time-status", Static)
        if error and hasattr(self.app, "drop_typed_ahead"):
            self.app.drop_typed_ahead()  # keys typed after a refused one were meant for it
        status.set_class(error, "error")
        status.update(Text(self._cite(message)))

    def refresh_time(self) -> None:
        state = self._state()
        now = now_seconds(state)
        self.query_one("#time-body", VerticalScroll).border_title = f"Time: {clock_label(now)}"
        parts: list = [Text(f"{clock_label(now)}" + (f"  (round {state.round}: 10 s a round, added when the fight ends)" if state.round else ""), style="bold")]
        parts.append(Text(self._cite("Animals in training (EQ-ANI-1: a trick takes 30/15/5 days at ИНТ 1/2/3+)"), style="underline"))
        if state.trainings:
            table = Table(box=None, padding=(0, 1), header_style="bold")
            for name, justify in (("#", "right"), ("animal", "left"), ("ИНТ", "right"), ("trick", "left"), ("trainer", "left"), ("days", "right"), ("", "left")):
                table.add_column(name, justify=justify)  # type: ignore[arg-type]
            for index, training in enumerate(state.trainings, 1):
                done = training.done()
                table.add_row(
                    str(index), clean(training.animal), str(training.intelligence), clean(training.trick), clean(training.trainer) or "-",
                    f"{training.days}/{training.needed()}", Text("learned", style="bold green") if done else Text(level(training.intelligence), style="italic"),
                )
            parts.append(table)
        else:
            parts.append(Text("none (t adds one)", style="italic"))
        parts.append(Text(self._cite("Ruses (EQ-TRK-1: they work once, maybe twice, then word spreads)"), style="underline"))
        if state.ruses:
            for ruse in state.ruses:
                left = ruse.left()
                tail = "bought: never wears out" if left is None else ("word has spread" if left == 0 else f"{left} use{'s' if left != 1 else ''} left")
                parts.append(Text(f"  {clean(ruse.name)}: used {ruse.uses}, {tail}", style="dim" if left == 0 else ""))
        else:
            parts.append(Text("none (r adds one)", style="italic"))
        self.query_one("#time-text", Static).update(Group(*parts))

    def _run(self, command) -> None:
        result = self._apply(command)
        if isinstance(result, str):
            self.say(f"Refused: {result}", error=True)
            return
        self.refresh_time()
        lines = [describe(entry.event).plain for entry in result]
        self.say(" ".join(lines[-2:]) if lines else "Done.")

    def _ask(self, title: str, example: str, then, hint=None) -> None:
        """Ask for a line that ``then`` turns into a command; an entry it
        cannot read is refused as it is typed (the dialog keeps the text)."""
        self.app.push_screen(PromptScreen(title, example, hint=hint or (lambda text: _readable(then, text)), ruleset=self._ruleset),
                             lambda text: self._answered(text, then))

    def _answered(self, text: str | None, then) -> None:
        if text is None:
            self.say("Cancelled.")
            return
        try:
            command = then(text)
        except (NotationError, ValueError) as problem:
            self.say(f"Refused: {clean(str(problem))}", error=True)
            return
        self._run(command)

    # -- actions ------------------------------------------------------------------
    def action_back(self) -> None:
        self.dismiss(None)

    def action_time_advance(self) -> None:
        def build(text: str):
            seconds, reason = parse_advance(text)
            return AdvanceClock(seconds, reason)

        self._ask(f"Advance the clock: {SPAN_HELP}", "2h rest", build)

    def action_time_train(self) -> None:
        self._ask(f"Put an animal in training: {TRAIN_HELP}", "Rex 2: fetch by Ayla", parse_training)

    def action_time_drop(self) -> None:
        count = len(self._state().trainings)
        if not count:
            self.say("No animal is in training.", error=True)
            return

        def build(text: str):
            if not text.strip().isdigit() or not 1 <= int(text) <= count:
                raise ValueError(f"type a number from 1 to {count}")
            return DropTraining(int(text) - 1)

        self._ask(f"Take which training off the list (1-{count})?", "1", build)

    def action_time_ruse(self) -> None:
        def build(text: str):
            name, bought = parse_ruse(text)
            return AddRuse(name, bought)

        self._ask(f"A new ruse: {RUSE_HELP}", "sand in the eyes", build)

    def _ids(self) -> dict[str, str]:
        return {c.name: c.id for c in self._state().combatants}

    def _use_hint(self, text: str) -> Text:
        command = parse_use(text, self._ids())
        lines = ruse_check(self._state(), self._ruleset, command)
        return Text("\n".join(lines) if lines else "no ИНТ check: the use is counted")

    def action_time_use(self) -> None:
        if not self._state().ruses:
            self.say("No ruse yet: r adds one.", error=True)
            return
        example = f"{self._state().ruses[0].name}: user by NAME"
        self._ask(f"Use a ruse: {USE_HELP}", example, lambda text: parse_use(text, self._ids()), hint=self._use_hint)

    def action_time_undo(self) -> None:
        if self._undo is None:
            return
        try:
            result = self._undo()
        except RulesError as refusal:
            result = str(refusal)
        if isinstance(result, str):
            self.say(f"Refused: {clean(result)}", error=True)
            return
        self.refresh_time()
        self.say(describe(result[-1].event).plain if result else "Undone.")


def _readable(then, text: str) -> Text:
    """Hint of a time dialog: nothing when ``then`` reads ``text``; its
    :class:`NotationError` or ``ValueError`` (shown under the input, Enter
    refused) when not."""
    then(text)
    return Text("Enter: OK")
