"""The travel planner (rules EQ-TRV-1, EQ-TRV-2): a group's pace, legs with
terrain and weather, km a day and days for each, the whole journey, what
splitting the group would give, and the energy (ЭНЕР) an interruption costs;
the pace in each ruleset's own words and unit (its move stat, or a speed).

Keys: ``g`` the group (name and ДВИЖ of each), ``l`` the legs, Esc back.
Planning changes nothing in the campaign; with an ``apply`` callback (the
app's), ``i`` interrupts the journey (each traveller that is a combatant
loses the GM's ЭНЕР, EQ-TRV-2) and ``d`` marches: the in-game clock moves
on by the journey's days.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from core.errors import RulesError
from core.campaign.travel import Leg, TravelSettings, interruption_cost, plan, split
from core.campaign.travel_settings import march_reason
from tui.screens.prompt import PromptScreen
from tui.rendering.text import cited, clean
from core.dice.travel_notation import LEGS_HELP, group_help, parse_group, parse_legs
from core.rulesets.campaign_tools import ENERGY, pace_name, pace_text
from tui.rendering.describe import describe
from core.campaign.breath_turns import InterruptTravel
from core.campaign.timekeeping import AdvanceClock
from core.values.clock import DAY


class TravelScreen(Screen[None]):
    """``TravelScreen(group, legs)``: start with ``group`` (name -> ДВИЖ, EQ-TRV-1) and ``legs``;
    ``ruleset`` (optional) says every rule ID shown as it cites it ("DEFAULT, as in" the seed's ruleset and the ID)
    and names the pace in its own words and unit (:func:`core.rulesets.campaign_tools.pace_text`: MOVE 6,
    speed 6 squares (30 ft)); without one it is ``pace``."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="travel-back"),
        Binding("g", "travel_group", "Group", id="travel-group"),
        Binding("l", "travel_legs", "Legs", id="travel-legs"),
        Binding("i", "travel_interrupt", "Interrupt", id="travel-interrupt"),
        Binding("d", "travel_march", "March", id="travel-march"),
    ]

    DEFAULT_CSS = """
    TravelScreen #travel-plan { height: 1fr; border: round $accent; padding: 0 1; }
    TravelScreen #travel-status { height: 1; padding: 0 1; }
    TravelScreen #travel-status.error { color: $text-error; text-style: bold; }
    TravelScreen #travel-keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, group: dict[str, int] | None = None, legs: list[Leg] | None = None, settings: TravelSettings = TravelSettings(),
                 apply=None, ids: dict[str, str] | None = None, ruleset: Any = None) -> None:
        super().__init__()
        self._ruleset = ruleset
        self._apply = apply  # command -> log entries, or the refusal as text (the app's session)
        self._ids = dict(ids or {})  # traveller name -> combatant id
        self.group: dict[str, int] = dict(group or {})
        self.legs: list[Leg] = list(legs or [])
        self.settings = settings
        self.plan = None
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="travel-plan")
            yield Static(id="travel-status")
            yield Static(Text("g group   l legs   i interrupt (energy)   d march (clock)   Esc back"), id="travel-keys")

    def on_mount(self) -> None:
        self.query_one("#travel-plan", Static).border_title = cited(Text("Travel planner (EQ-TRV-1..2)"), self._ruleset).plain
        self.refresh_plan()

    @property
    def _pace_name(self) -> str:
        return pace_name(self._ruleset) if self._ruleset is not None else "pace"

    def _pace(self, move: int) -> str:
        """``move`` in the ruleset's words: ``MOVE 6``, ``speed 6 squares (30 ft)``."""
        return pace_text(self._ruleset, move) if self._ruleset is not None else f"pace {move}"

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        status = self.query_one("#travel-status", Static)
        if error and hasattr(self.app, "drop_typed_ahead"):
            self.app.drop_typed_ahead()  # keys typed after a refused one were meant for it
        status.set_class(error, "error")
        status.update(cited(Text(message), self._ruleset))

    def refresh_plan(self) -> None:
        pane = self.query_one("#travel-plan", Static)
        group_line = Text("Group: " + (", ".join(f"{clean(n)} {self._pace(m)}" for n, m in self.group.items()) or "nobody yet (g)"))
        if not self.group or not self.legs:
            self.plan = None
            pane.update(Group(group_line, Text("Legs: none yet (l)" if not self.legs else ""), Text("g sets the group, l the legs.", style="italic")))
            self.say("g: the group; l: the legs (terrain km weather; ...).")
            return
        try:
            journey = plan(self.group, self.legs, self.settings)
            apart = split(self.group, self.legs, self.settings) if len(self.group) > 1 else {}
        except RulesError as refusal:
            self.plan = None
            pane.update(Group(group_line, cited(Text(f"Cannot plan: {refusal}", style="bold"), self._ruleset)))
            self.say(f"Refused: {refusal}", error=True)
            return
        self.plan = journey
        table = Table(box=None, padding=(0, 1), header_style="bold")
        for name, justify in (("#", "right"), ("terrain", "left"), ("weather", "left"), ("km", "right"), ("km/day", "right"), ("days", "right")):
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for index, leg in enumerate(journey.legs, 1):
            days = leg.days
            shown = str(days.numerator) if days.denominator == 1 else f"{float(days):.1f}"
            table.add_row(str(index), clean(leg.leg.terrain), leg.leg.weather, str(leg.leg.km), str(leg.km_per_day), shown)
        pace = Text(f"Pace: {self._pace(journey.move)} ({clean(journey.slowest)}, the slowest; EQ-TRV-1)")
        total = Text(f"Total: {journey.km} km in {journey.days} day{'s' if journey.days != 1 else ''} (a started day's march takes the whole day, EQ-TRV-2)", style="bold")
        parts = [group_line, pace, table, total]
        if apart:
            parts.append(Text("Split up: " + ", ".join(f"{clean(n)} {p.days} days" for n, p in apart.items()) + " (EQ-TRV-2)"))
        parts.append(Text(f"An interruption (a fight, exploring) costs each traveller {interruption_cost(None, self.settings)} {ENERGY} (EQ-TRV-2, the GM may set another)."))
        pane.update(Group(*(cited(part, self._ruleset) if isinstance(part, Text) else part for part in parts)))
        self.say(f"{journey.km} km: {journey.days} days at {self._pace(journey.move)}.")

    def action_back(self) -> None:
        self.dismiss(None)

    def action_travel_group(self) -> None:
        value = ", ".join(f"{n} {m}" for n, m in self.group.items())
        self.app.push_screen(PromptScreen(f"The group: {group_help(self._pace_name)}", "Ayla 3, Pony 2", value=value, hint=self._group_hint, ruleset=self._ruleset), self._group)

    def _group_hint(self, text: str) -> Text:
        """The group's pace as typed; raises (the dialog keeps the text) for a group the planner refuses."""
        group = parse_group(text, self._pace_name)
        if self.legs:
            plan(group, self.legs, self.settings)
        slowest = min(group, key=group.get)
        return Text(f"{len(group)} travelling at {clean(slowest)}'s {self._pace(group[slowest])} (the slowest, EQ-TRV-1)")

    def _group(self, text: str | None) -> None:
        if text is None:
            self.say("Cancelled.")
            return
        try:
            group = parse_group(text, self._pace_name)
            if self.legs:
                plan(group, self.legs, self.settings)
        except RulesError as problem:
            self.say(f"Refused: {problem}", error=True)
            return
        self.group = group
        self.refresh_plan()

    def action_travel_legs(self) -> None:
        value = "; ".join(f"{leg.terrain} {leg.km}" + ("" if leg.weather == "clear" else f" {leg.weather}") for leg in self.legs)
        self.app.push_screen(PromptScreen(f"The legs: {LEGS_HELP}", "forest 21 rain; road 30", value=value, hint=self._legs_hint, ruleset=self._ruleset), self._legs)

    def _legs_hint(self, text: str) -> Text:
        """The journey as typed; raises (the dialog keeps the text) for legs the planner refuses."""
        journey = plan(self.group or {"anyone": 1}, parse_legs(text), self.settings)
        return Text(f"{journey.km} km: {journey.days} day{'s' if journey.days != 1 else ''}")

    def _legs(self, text: str | None) -> None:
        if text is None:
            self.say("Cancelled.")
            return
        try:
            legs = parse_legs(text)
            plan(self.group or {"anyone": 1}, legs, self.settings)  # the rules refuse before anything changes
        except RulesError as problem:
            self.say(f"Refused: {problem}", error=True)
            return
        self.legs = legs
        self.refresh_plan()

    # -- into play: the app applies these through its session -----------------
    def _run(self, command) -> None:
        result = self._apply(command)
        if isinstance(result, str):
            self.say(f"Refused: {clean(result)}", error=True)
            return
        self.say(" ".join(describe(entry.event).plain for entry in result[:2]) or "Done.")

    def action_travel_interrupt(self) -> None:
        if self._apply is None:
            self.say("Planning only: open the planner from the encounter (J) to apply it.", error=True)
            return
        travellers = [self._ids[n] for n in self.group if n in self._ids]
        if not travellers:
            self.say("None of the group is a combatant of this encounter: nobody to take energy from.", error=True)
            return
        default = interruption_cost(None, self.settings)
        self.app.push_screen(PromptScreen(f"Interrupted journey (EQ-TRV-2): {ENERGY} each traveller loses, then why", f"{default} ambush", value=str(default), ruleset=self._ruleset),
                             lambda text: self._interrupted(text, travellers))

    def _interrupted(self, text: str | None, travellers: list[str]) -> None:
        if text is None:
            self.say("Cancelled.")
            return
        amount, _, reason = text.strip().partition(" ")
        if not amount.isdigit():
            self.say("Refused: start with the energy each traveller loses (a number), then why.", error=True)
            return
        self._run(InterruptTravel(tuple(travellers), int(amount), reason.strip()))

    def action_travel_march(self) -> None:
        if self._apply is None:
            self.say("Planning only: open the planner from the encounter (J) to apply it.", error=True)
            return
        if self.plan is None:
            self.say("No journey planned yet: g the group, l the legs.", error=True)
            return
        days = self.plan.days
        self._run(AdvanceClock(days * DAY, march_reason(self.plan.km, days)))
