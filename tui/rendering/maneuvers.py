"""Log lines for jumps, falls and the other maneuvers."""

from __future__ import annotations

from rich.text import Text

from core.combat.maneuvers import events as ev
from tui.rendering.lines import styled, check_text, describe, roll_text
from tui.rendering.text import clean


def _name(value: str) -> tuple[str, str]:
    return (clean(value), "bold")


@describe.register
def _(event: ev.Jumped) -> Text:
    text = styled(_name(event.name), f" jumps ({event.rule}) from {event.start}")
    if event.landed == event.aimed:
        text.append(f" to {event.landed}, {event.distance} cell(s), spending {clean(event.spent)}")
    else:
        text.append(f" toward {event.aimed} but lands on {event.landed}, spending {clean(event.spent)}", style="yellow")
    if event.check is not None:
        text.append(": ")
        text.append_text(check_text(event.check))
    return text


@describe.register
def _(event: ev.Fell) -> Text:
    why = f" ({clean(event.cause)})" if event.cause else ""
    text = styled(_name(event.name), f" falls {event.height} cell(s){why} [{event.rule}]")
    if event.rounds_left:
        text.append(f": still falling, {event.rounds_left} more round(s)", style="yellow")
        return text
    if event.controlled is not None:
        text.append(": Acrobatics ")
        text.append_text(check_text(event.controlled))
    if event.effective_height != event.height:
        text.append(f"; counts as {event.effective_height}")
    if event.dice is not None:
        text.append("; ")
        text.append_text(roll_text(event.dice))
    text.append(f"; {event.damage} damage" if event.damage else "; no damage")
    if event.onto:
        text.append_text(styled(" and as much to ", _name(event.onto_name)))
    if event.landed is not None:
        text.append(f"; lands on {event.landed}")
    if event.prone:
        text.append(", prone", style="yellow")
    return text


@describe.register
def _(event: ev.Maneuvered) -> Text:
    text = styled(_name(event.name), f" {clean(event.what)}")
    if event.other_name and event.other_name not in event.what:
        text.append_text(styled(" (", _name(event.other_name), ")"))
    text.append(f" [{event.rule}]")
    if event.check is not None:
        text.append(": ")
        text.append_text(check_text(event.check))
    text.append(f" \u2192 {clean(event.outcome)}")
    return text
