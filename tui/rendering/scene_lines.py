"""Log lines of scene events, turn times and the end of a fight."""

from __future__ import annotations

from rich.text import Text

from core.combat import events as ev
from core.combat.fight_end import words
from core.combat.events import SceneEventAdded, SceneEventFired, SceneEventRemoved
from core.values.scene_events import SceneEvent
from tui.rendering.lines import describe, roll_text, styled
from tui.rendering.text import clean


def duration(seconds: float) -> str:
    """``42 s``, ``3 min 05 s``, ``1 h 02 min``: a wall-clock span in words."""
    whole = int(round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def scene_event_summary(event: SceneEvent) -> str:
    """``Lair action at 20, every round: roots grab (2d6) [radius 2 at C4]`` (plain, user text cleaned)."""
    text = f"{clean(event.name)} at {event.initiative}, {event.when()}"
    if event.text:
        text += f": {clean(event.text)}"
    if event.dice:
        text += f" ({clean(event.dice)})"
    if event.area:
        text += f" [{clean(event.area)}]"
    return text + (" (secret)" if event.secret else "")


@describe.register
def _(event: SceneEventAdded) -> Text:
    return styled("Scene event changed: " if event.edited else "Scene event added: ", (scene_event_summary(event.scene_event), "cyan"))


@describe.register
def _(event: SceneEventRemoved) -> Text:
    return styled("Scene event removed: ", (clean(event.name), "bold"))


@describe.register
def _(event: SceneEventFired) -> Text:
    scene = event.scene_event
    text = styled(("\u25c6 ", "cyan"), (clean(scene.name), "bold cyan"), f" (count {scene.initiative})")
    if scene.text:
        text.append(f": {clean(scene.text)}")
    if event.roll is not None:
        text.append(" ")
        text.append_text(roll_text(event.roll))
    if scene.area:
        text.append(f" [{clean(scene.area)}]", style="cyan")
    if event.again:
        text.append(f" (fired already in round {event.round}, before p: the same roll, not a new one)", style="bright_black")
    return text


@describe.register
def _(event: ev.TurnTimed) -> Text:
    return styled((clean(event.name), "bold"), f"'s turn took {duration(event.seconds)}")


@describe.register
def _(event: ev.FightDecided) -> Text:
    return styled((f"The fight is decided: {words(event.down)}", "bold yellow"), f" (round {event.round})")
