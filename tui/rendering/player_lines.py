"""Log lines of the players' turns (rules EQ-CHK-1): what a player did
from ``encounter play`` and the checks and initiative rolls the GM asked of the players (EQ-INIT-1). Their
events are :mod:`core.combat.player_turns`' own; :mod:`tui.rendering.describe`
loads this module the first time an event has no line."""

from __future__ import annotations

from rich.text import Text

from core.combat.player_turns import CheckAsked, InitiativeAsked, PlayerActed
from tui.rendering.lines import describe, styled
from tui.rendering.text import clean


@describe.register
def _(event: PlayerActed) -> Text:
    how = "approved by the GM" if event.approved else "trusted"
    typed = f"; physical dice as typed by {clean(event.player)}: {' '.join(map(str, event.typed))}" if event.typed else ""
    return styled(("\u25b6 ", "bold cyan"), (clean(event.player), "bold cyan"), ", playing ", (clean(event.name), "bold"), f": {clean(event.what)} ({how}{typed})")


@describe.register
def _(event: CheckAsked) -> Text:
    against = "" if event.difficulty is None else f" against {event.difficulty}"
    return styled(("? ", "bold cyan"), "The GM asks ", (clean(event.name), "bold"), f"'s player for a {clean(event.stat)} check{against} (EQ-CHK-1)")


@describe.register
def _(event: InitiativeAsked) -> Text:
    names = ", ".join(clean(name) for name in event.names)
    return styled(("? ", "bold cyan"), "The GM asks the players of ", (names, "bold"), " to roll their own initiative; start combat rolls for who has not (EQ-INIT-1)")
