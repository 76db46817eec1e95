"""What the status line says of a change: the words of the log entries
an action added (:func:`status_text`), as the encounter screen shows them
after each view the presenter publishes, behind what it says of saving
(:func:`saving_prefix`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from core.combat import events as ev
from saves.campaign import LogEntry
from tui.rendering.describe import describe
from tui.rendering.text import clean

if TYPE_CHECKING:
    from saves.session import Session


def status_text(entries: list[LogEntry], next_name: str | None = None) -> Text:
    """What the status line says of a change's ``entries``: the end of the
    fight when it was decided, else the scene events that fired, in order (a
    lair action or reinforcements must not hide behind the turn they came
    before), else the last line; a new turn adds who is next
    (``Turn: Boar · next: Aria``)."""
    decided = [e for e in entries if isinstance(e.event, ev.FightDecided)]
    if decided:
        return describe(decided[-1].event).append(". End combat: . then End combat")
    fired = [e for e in entries if isinstance(e.event, ev.SceneEventFired)]
    if fired:
        return Text(" \u00b7 ").join(describe(e.event) for e in fired)
    text = describe(entries[-1].event)
    if next_name and isinstance(entries[-1].event, ev.TurnStarted):
        text.append(f" \u00b7 next: {clean(next_name)}", style="bright_black")
    return text


def saving_prefix(session: Session, saving: bool) -> Text:
    """What starts the status line while the campaign is not plainly saved:
    ``NOT SAVED (reason)`` (a write refused), ``READ-ONLY`` (the
    campaign opened read-only), ``SAVING`` (``saving``: the journal's
    writer lags behind what the screen shows), else nothing."""
    if session.unsaved is not None:
        return Text(f"NOT SAVED ({clean(session.unsaved.reason)}) ", style="bold reverse")
    if session.read_only is not None:
        return Text("READ-ONLY ", style="bold reverse")
    return Text("SAVING ", style="bold") if saving else Text()
