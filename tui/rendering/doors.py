"""Log lines for doors and the brush on cell sides (:mod:`core.combat.door_commands`)."""

from __future__ import annotations

from rich.text import Text

from core.combat.door_commands import DoorChanged, DoorForced, EdgesPainted
from tui.rendering.lines import check_text, describe, styled
from tui.rendering.text import clean

_DONE = {"door open": "opens", "door closed": "closes", "door locked": "locks", "door broken": "breaks"}


def _where(cell, side) -> str:
    return f"the door on the {side.value} side of ({cell[0]}, {cell[1]})"


@describe.register
def _(event: DoorChanged) -> Text:
    verb = _DONE.get(event.new.value, "changes")
    if event.old.value == "door locked" and event.new.value == "door closed":
        verb = "unlocks"
    who = (clean(event.name), "bold") if event.name else "The GM"
    text = styled(who, f" {verb} {_where(event.cell, event.side)}")
    if event.spent:
        text.append(f", spending a {clean(event.spent)}" if "MP" not in event.spent else f", spending {clean(event.spent)}")
    return text


@describe.register
def _(event: DoorForced) -> Text:
    text = styled((clean(event.name), "bold"), f" tries to break in {_where(event.cell, event.side)}: ")
    text.append_text(check_text(event.check))
    text.append(": it gives way" if event.broken else ": it holds", style="green" if event.broken else "yellow")
    if event.hurt:
        text.append(f"; {clean(event.name)} takes {event.hurt} damage (EQ-CHK-3)", style="red")
    return text


@describe.register
def _(event: EdgesPainted) -> Text:
    what = "cleared" if event.feature is None else f"painted {event.feature.label}"
    return styled(f"Map: {event.count} cell side{'s' if event.count != 1 else ''} {what}")
