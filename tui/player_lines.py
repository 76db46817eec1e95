"""What a player's process may read of its own action's outcome: the log
lines and refusals the GM's process answers a request with
(:mod:`tui.player_requests`), told as the party knows the fight.

The GM's log says everything; a player's answer goes through the same
cut as the players' feed (:func:`core.combat.visibility.visible_to`): no
line of an event about a creature the character does not see, no exact
hit points of a creature outside the party (``-> HP 57/60``: the feed's
band tells how hurt it is), no defence or difficulty a roll was against
(``vs 14``), and the name of a creature the character does not see,
where a refusal gives one, becomes "a creature you do not see". Outside
Textual: no textual import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from core.combat.events import ActionSpent
from core.combat.visibility import visible_to
from core.values.combatant import Side
from tui.rendering.describe import describe

EXACT_HP = re.compile(r"\s*->\s*HP -?\d+/\d+")
AGAINST = re.compile(r" vs -?\d+(?=[:;,)\s]|$)")
UNSEEN = "a creature you do not see"


class PartyKnows:
    """``PartyKnows(state, ruleset, as_id=None)``: the creatures of
    ``state`` that the party (``as_id``: that member) sees, to tell lines and
    refusals by."""

    def __init__(self, state: Any, ruleset: Any, as_id: str | None = None) -> None:
        shown = visible_to(state, ruleset, Side.PARTY, as_id).state
        self.known = frozenset(c.id for c in shown.combatants)
        self.party = frozenset(c.id for c in state.combatants if c.side is Side.PARTY)
        self._unseen = sorted({c.name for c in state.combatants if c.id not in self.known and c.name}, key=len, reverse=True)

    def reason(self, text: str) -> str:
        """``text`` (a refusal) with the name of each creature not seen put as :data:`UNSEEN`."""
        for name in self._unseen:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", UNSEEN, text)
        return text

    def lines(self, events: Iterable[Any]) -> list[str]:
        """The log lines of ``events`` as the player may read them (see the
        module); the actions spent last (the tracker shows them too): the
        roll and what it did come first on the player's status line."""
        found = []
        for event in sorted(events, key=lambda e: isinstance(e, ActionSpent)):
            subject = getattr(event, "combatant", None) or getattr(event, "attacker", None)
            if isinstance(subject, str) and subject not in self.known:
                continue
            line = describe(event).plain
            if subject not in self.party:
                line = EXACT_HP.sub("", line)
            found.append(self.reason(AGAINST.sub("", line)))
        return found
