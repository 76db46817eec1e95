"""Log lines for groups: hit points rolled, one initiative for a
group, and one action on several creatures."""

from __future__ import annotations

from rich.text import Text

from core.combat.add_group import GroupInitiativeRolled, HitPointsRolled
from core.combat.several_targets import ManyTargeted
from tui.rendering.lines import styled, describe, roll_text
from tui.rendering.text import clean


def names_text(names: tuple[str, ...], limit: int = 6) -> str:
    """``Wolf 1, Wolf 2, Wolf 3``; past ``limit`` names, ``and N more``."""
    shown = [clean(n) for n in names[:limit]]
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


@describe.register
def _(event: HitPointsRolled) -> Text:
    text = styled((clean(event.name), "bold"), " joins the encounter, hit points ")
    text.append_text(roll_text(event.roll))
    return text


@describe.register
def _(event: GroupInitiativeRolled) -> Text:
    text = styled((names_text(event.names), "bold"), " initiative as a group ")
    if event.roll is not None:
        text.append_text(roll_text(event.roll))
    else:
        text.append("after their summoner")
    values = ", ".join(map(str, event.values))
    text.append(f" -> {values}", style="bold")
    text.append(f" (consecutive turns, {event.rule})", style="italic")
    return text


@describe.register
def _(event: ManyTargeted) -> Text:
    text = styled((clean(event.what), "bold"), f" to {len(event.names)}: ", (names_text(event.names), "bold"))
    if event.passed_over:
        text.append(f" (passed over, dead: {names_text(event.passed_over)})", style="italic")
    return text
