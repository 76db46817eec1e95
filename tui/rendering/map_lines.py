"""Log lines of the map, the sheet and secrecy (the events of
:mod:`core.combat.map_events`): registered on
:func:`tui.rendering.lines.describe` with the first of those events
(:func:`tui.rendering.lines.lines_for`)."""

from __future__ import annotations

from rich.text import Text

from core.combat import map_events as ev
from tui.rendering.lines import styled, describe
from tui.rendering.text import clean


def _name(value: str) -> tuple[str, str]:
    return (clean(value), "bold")


@describe.register
def _(event: ev.SheetEdited) -> Text:
    who = styled(_name(event.old_name), " is now ", _name(event.name)) if event.old_name else styled(_name(event.name))
    rest = [c for c in event.changes if not c.startswith("name ")]
    if rest:
        who.append(": " + "; ".join(clean(c) for c in rest))
    return who


@describe.register
def _(event: ev.Placed) -> Text:
    return styled(_name(event.name), f" is placed at ({event.cell[0]}, {event.cell[1]})")


@describe.register
def _(event: ev.TerrainPainted) -> Text:
    return styled(f"Map: {event.count} cell{'s' if event.count != 1 else ''} painted {clean(event.terrain)}")


@describe.register
def _(event: ev.GroundSet) -> Text:
    return styled(f"Map: {event.count} cell{'s' if event.count != 1 else ''} now stand{'s' if event.count == 1 else ''} {event.height} high")


@describe.register
def _(event: ev.WaterDepthSet) -> Text:
    cells = f"{event.count} water cell{'s' if event.count != 1 else ''}"
    if event.depth is None:
        return styled(f"Map: {cells} as deep as the house rules say ({event.now} cell{'s' if event.now != 1 else ''} here)")
    return styled(f"Map: {cells} now {event.depth} cell{'s' if event.depth != 1 else ''} deep")


@describe.register
def _(event: ev.CeilingSet) -> Text:
    return styled("Map: open sky, no ceiling" if event.ceiling is None else f"Map: the ceiling is {event.ceiling} cells high")


@describe.register
def _(event: ev.MapResized) -> Text:
    return styled(f"Map resized from {event.old_width}x{event.old_height} to {event.width}x{event.height}")


@describe.register
def _(event: ev.AltitudeChanged) -> Text:
    words = {"take_off": "takes off", "land": "lands", "dive": "dives"}.get(event.how, event.how)
    where = f"at height {event.altitude}" if event.altitude > 0 else f"at depth {-event.altitude}" if event.altitude < 0 else "on the ground"
    return styled(_name(event.name), f" {words}: now {where}")


@describe.register
def _(event: ev.HiddenChanged) -> Text:
    return styled(_name(event.name), " is hidden from the players" if event.hidden else " is shown to the players again")


@describe.register
def _(event: ev.SecretChanged) -> Text:
    what = "notes" if event.what == "notes" else f"condition {clean(event.what)}"
    return styled(_name(event.name), f": {what} {'secret from' if event.secret else 'shown to'} the players")
