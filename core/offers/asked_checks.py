"""Offers of the GM asking a player for a check, for the ``.`` menu (EQ-CHK-1).

For the selected party member (else whose turn it is): ``ask-check``
(``DEX`` or ``DEX 14``: the stat and, if not the ruleset's, the
difficulty), which that character's player sees in ``encounter play`` and
may roll out of its turn (:class:`core.combat.player_turns.AskCheck`), and
``ask-check.withdraw`` for each ask still open; before combat, while a
party member has no initiative, ``ask-initiative``: its players roll their
own (EQ-INIT-1, :class:`core.combat.player_turns.AskInitiative`), and the
GM's start of combat rolls for whoever has not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.combat.player_turns import AnswerAsk, AskCheck, AskInitiative, asked_checks
from core.errors import IllegalCommand
from core.offers.offer import Group, Need
from core.values.combatant import Side

if TYPE_CHECKING:
    from core.offers.offer import Offer, OfferContext


def read_ask(stats: tuple[str, ...], combatant: str, text: str) -> AskCheck:
    """``"DEX"`` / ``"dex 14"`` -> :class:`AskCheck` of one of ``stats``; raises :class:`IllegalCommand`."""
    words = text.split()
    if not 1 <= len(words) <= 2:
        raise IllegalCommand(f"type a stat ({', '.join(stats)}) and, if not the ruleset's, a difficulty: DEX 14", "EQ-CHK-1")
    stat = next((s for s in stats if s.lower() == words[0].lower()), None)
    if stat is None:
        raise IllegalCommand(f"no stat {words[0]!r}; it has {', '.join(stats) or 'none'}", "EQ-CHK-1")
    if len(words) == 2 and not words[1].lstrip("-").isdigit():
        raise IllegalCommand(f"a difficulty is a whole number, not {words[1]!r}", "EQ-CHK-1")
    return AskCheck(combatant, stat, int(words[1]) if len(words) == 2 else None)


def ask_offers(c: OfferContext) -> tuple[Offer, ...]:
    """The GM's asks: the players' own initiative (before combat); of the target's (else the actor's) player a check, and withdrawing each open one."""
    found: list[Offer] = []
    if not c.fighting and any(m.side is Side.PARTY and m.initiative is None for m in c.state.combatants):
        found.append(c.offer(
            "ask-initiative", "Ask the players to roll their own initiative (start combat rolls for who has not)", Group.TURN,
            lambda _: AskInitiative(), rule="EQ-INIT-1",
        ))
    who = c.target or c.actor
    if who is None or who.side is not Side.PARTY or not who.stats:
        return tuple(found)
    stats = tuple(who.stats)
    found.append(c.offer(
        "ask-check", f"Ask {who.name}'s player for a check (rolled from its own terminal)", Group.SCENE,
        lambda text, t=who.id: read_ask(stats, t, text), check=False, rule="EQ-CHK-1", needs=Need.TEXT,
        prompt="the stat, then a difficulty if not the ruleset's", example=f"{stats[0]} 14", target=who.id,
    ))
    for stat in asked_checks(who):
        found.append(c.offer(
            "ask-check.withdraw", f"Withdraw the {stat} check asked of {who.name}", Group.SCENE,
            lambda _, t=who.id, s=stat: AnswerAsk(t, s), rule="EQ-CHK-1", target=who.id,
        ))
    return tuple(found)
