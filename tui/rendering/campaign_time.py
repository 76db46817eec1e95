"""Log lines of campaign time, training, ruses, breath in play and
interrupted travel (rules EQ-ANI-1, EQ-TRK-1, EQ-BRE-1, EQ-TRV-2).

Registered on :func:`tui.rendering.lines.describe` when imported (by :mod:`tui.rendering.describe`)."""

from __future__ import annotations

from rich.text import Text

from core.campaign import time_events as tev
from core.campaign.timekeeping import clock_label
from tui.rendering.lines import bold_name as _bold, describe
from tui.rendering.text import clean



@describe.register
def _(event: tev.ClockAdvanced) -> Text:
    text = Text(f"Time: {clock_label(event.before)} -> {clock_label(event.after)}")
    if event.reason:
        text.append(f" ({clean(event.reason)})", style="italic")
    return text


@describe.register
def _(event: tev.TrainingStarted) -> Text:
    by = f" by {clean(event.trainer)}" if event.trainer else ""
    return _bold(event.animal) + Text(f" (ИНТ {event.intelligence}) starts learning {clean(event.trick)}{by}: {event.needed} days [EQ-ANI-1]")


@describe.register
def _(event: tev.TrainingProgressed) -> Text:
    text = _bold(event.animal) + Text(f" trains {clean(event.trick)}: +{event.days} day{'s' if event.days != 1 else ''}, {event.done}/{event.needed}")
    if event.learned:
        text.append(" - learned! [EQ-ANI-1]", style="bold green")
    return text


@describe.register
def _(event: tev.TrainingDropped) -> Text:
    return _bold(event.animal) + Text(f": training in {clean(event.trick)} off the list after {event.done} days")


@describe.register
def _(event: tev.RuseAdded) -> Text:
    return Text("New ruse: ") + _bold(event.name) + Text(" (bought: never wears out)" if event.bought else " [EQ-TRK-1: twice, then word spreads]")


@describe.register
def _(event: tev.RuseUsed) -> Text:
    left = "bought" if event.left is None else ("word will spread: no more uses" if event.left == 0 else f"{event.left} left")
    return Text("Ruse ") + _bold(event.name) + Text(f" used ({event.uses}; {left}) [EQ-TRK-1]")


@describe.register
def _(event: tev.RuseDropped) -> Text:
    return Text("Ruse ") + _bold(event.name) + Text(" off the list")


@describe.register
def _(event: tev.BreathRunningOut) -> Text:
    if event.seconds > 0:
        return _bold(event.name) + Text(f": {event.seconds} s of air left - it runs out before its next turn [EQ-BRE-1]", style="bold red")
    return _bold(event.name) + Text(f" is out of air ({-event.seconds} s past; no energy tracked) [EQ-BRE-1]", style="bold red")


@describe.register
def _(event: tev.BreathingSet) -> Text:
    exempt = " (exempt from holding its breath, EQ-BRE-1)" if event.breathing != "air" else ""
    return _bold(event.name) + Text(f" breathes {event.breathing}{exempt}")


@describe.register
def _(event: tev.TravelInterrupted) -> Text:
    why = f" ({clean(event.reason)})" if event.reason else ""
    who = ", ".join(clean(n) for n in event.names) or "nobody"
    text = Text(f"Journey interrupted{why}: {who} -{event.amount} energy [EQ-TRV-2]")
    if event.skipped:
        text.append(f"; no energy tracked for {', '.join(clean(n) for n in event.skipped)}", style="italic")
    return text
