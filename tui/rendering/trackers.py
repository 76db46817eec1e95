"""Log lines of the GM's reminders, limited uses and creatures' tactics.

Registered on :func:`tui.rendering.lines.describe` when imported (by :mod:`tui.rendering.describe`)."""

from __future__ import annotations

from rich.text import Text

from core.combat.tactics import TacticsSet
from core.combat.trackers import events as tev
from core.values.tactics import to_text as tactics_text
from core.values.trackers import When
from tui.rendering.lines import bold_name as _bold, describe, roll_text
from tui.rendering.text import clean



def _check_words(reminder) -> str:
    """``DEX check vs 12`` (``DEX check`` at the ruleset's default difficulty)."""
    return f"{reminder.stat} check" + (f" vs {reminder.difficulty}" if reminder.difficulty is not None else "")


def _check(reminder) -> str:
    return f" ({_check_words(reminder)})" if reminder.stat else ""


def _when(reminder, anchor_name: str) -> str:
    if reminder.when is When.DAMAGE:
        return "when damaged"
    if reminder.when is When.ROUNDS:
        return f"in {reminder.rounds} round{'s' if reminder.rounds != 1 else ''}, at the start of {clean(anchor_name)}'s turn"
    return f"at the {'start' if reminder.when is When.START else 'end'} of {clean(anchor_name)}'s turn"


@describe.register
def _(event: tev.ReminderAdded) -> Text:
    text = Text("Reminder on ") + _bold(event.name)
    text.append(f" {_when(event.reminder, event.anchor_name)}: {clean(event.reminder.text)}{_check(event.reminder)}")
    return text


@describe.register
def _(event: tev.ReminderRemoved) -> Text:
    text = Text("Reminder off ") + _bold(event.name) + Text(f": {clean(event.reminder.text)}")
    if event.reason:
        text.append(f" ({clean(event.reason)})", style="italic")
    return text


@describe.register
def _(event: tev.ReminderFired) -> Text:
    text = Text()
    text.append("Reminder", style="bold reverse")
    text.append(" ")
    text.append_text(_bold(event.name))
    text.append(f" ({clean(event.why)}): {clean(event.reminder.text)}")
    if event.reminder.stat:
        text.append(f" \u2014 {_check_words(event.reminder)} due (R or . rolls it)", style="bold")
    return text


@describe.register
def _(event: tev.UseAdded) -> Text:
    return _bold(event.name) + Text(f" gets {clean(event.use.name)}: {event.use.summary}")


@describe.register
def _(event: tev.UseChanged) -> Text:
    verb = "spends" if event.delta < 0 else "gets back"
    count = abs(event.delta)
    text = _bold(event.name) + Text(f" {verb} {count} use{'s' if count != 1 else ''} of {clean(event.use.name)}: {event.use.summary}")
    if event.reason and event.reason != "spent":
        text.append(f" ({clean(event.reason)})", style="italic")
    return text


@describe.register
def _(event: tev.UseRemoved) -> Text:
    return _bold(event.name) + Text(f" no longer tracks {clean(event.use.name)}")


@describe.register
def _(event: tev.UseRecharged) -> Text:
    use = event.use
    span = f"{use.recharge_low}" if use.recharge_low == use.recharge_high else f"{use.recharge_low}-{use.recharge_high}"
    text = _bold(event.name) + Text(f" recharge {clean(use.name)} ({span}): ")
    text.append_text(roll_text(event.roll))
    text.append(": recharged" if event.recharged else ": not yet", style="green" if event.recharged else "")
    return text


@describe.register
def _(event: TacticsSet) -> Text:
    text = _bold(event.name)
    text.append(f" now fights by '{tactics_text(event.tactics)}' in the forecast (was '{tactics_text(event.before)}').")
    return text
