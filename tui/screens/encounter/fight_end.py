"""The end of a fight at the table: when a command leaves every foe (or
every party member) down, the GM is offered End combat at once (Enter
ends it, EQ-SIT-3: all sides agree; Esc or "Not now" plays on). The rule
that the fight is decided is the core's (:mod:`core.combat.fight_end`).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.combat.turn_commands import EndCombat
from core.combat import events as ev
from saves.campaign import LogEntry
from tui.rendering.describe import describe
from tui.screens.choice import ChoiceScreen
from tui.screens.encounter.context import ScreenContext

END, LATER = "end", "later"


def offer_end_of_combat(ctx: ScreenContext, entries: Sequence[LogEntry]) -> None:
    """Ask whether to end combat when ``entries`` hold a ``FightDecided``
    (keys typed ahead were meant for the main screen: those read are
    dropped, those that come while it is drawn are held, and said)."""
    decided = [e.event for e in entries if isinstance(e.event, ev.FightDecided)]
    if not decided or not ctx.is_on_top() or ctx.state.round == 0:
        return
    title = describe(decided[-1])
    dropped = ctx.drop_typed_ahead()  # and the question holds the keys that come after it opened (its title counts both)
    end_now = ctx.session.encounter.ruleset.cite_text("End combat now (EQ-SIT-3: all sides agree)")  # another ruleset's DEFAULT, said so (RULES.md Revision 3)
    options = [(END, end_now), (LATER, "Not now: . then End combat ends it later")]

    def chosen(choice: str) -> None:
        if choice == END:
            ctx.run_command(EndCombat())
        else:
            ctx.set_status("The fight goes on; . then End combat ends it.")

    ctx.ask(ChoiceScreen(title, options, hold_keys=True, ignored=dropped), chosen)
