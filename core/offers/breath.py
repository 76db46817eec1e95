"""Offers of held breath for the ``.`` menu (rule EQ-BRE-1).

For the selected creature (or whose turn it is) that has the ruleset's ТЕЛ
stat and breathes air, where the house rule ``energy_and_breath`` offers
it (equestria's own; :mod:`core.rulesets.campaign_tools`): hold its breath (rest, light or heavy activity,
with the seconds each gives) or breathe again (with the ЭНЕР still due).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.campaign.breath import Activity, BreathSettings, breath_seconds
from core.campaign.energy import Breathe, HoldBreath
from core.errors import IllegalCommand
from core.offers.offer import Group, Need
from core.rulesets.campaign_tools import tool_on

if TYPE_CHECKING:
    from core.offers.offer import Offer, OfferContext


def _activity(text: str) -> Activity:
    word = (text.strip().lower() or "heavy").split()[0]
    aliases = {"combat": "heavy", "swim": "light", "swimming": "light", "walk": "light", "still": "rest"}
    try:
        return Activity(aliases.get(word, word))
    except ValueError:
        raise IllegalCommand(f"activity is rest, light or heavy (combat), not {word!r}", "EQ-BRE-1") from None


def breath_offers(c: OfferContext) -> tuple[Offer, ...]:
    """``breath.hold`` or ``breath.breathe`` for the target (else the actor)."""
    who = c.target or c.actor
    settings = c.ruleset.settings_for(BreathSettings)
    if not tool_on(c.ruleset, "energy"):
        return ()  # EQ-BRE-1 is equestria's: a house rule elsewhere (core.rulesets.campaign_tools)
    if who is None or who.breathing != "air" or settings.body_stat not in c.ruleset.stat_names or settings.body_stat not in who.stats:
        return ()
    if who.breath is not None:
        return (c.offer("breath.breathe", f"{who.name} breathes again", Group.SCENE, lambda _, t=who.id: Breathe(t), rule="EQ-BRE-1", target=who.id),)
    body = who.stat(settings.body_stat)
    spans = ", ".join(f"{a.value} {breath_seconds(body, a, settings)} s" for a in Activity)
    return (c.offer(
        "breath.hold", f"{who.name} holds its breath ({spans})", Group.SCENE, lambda text, t=who.id: HoldBreath(t, _activity(text)),
        probe="heavy", rule="EQ-BRE-1", needs=Need.TEXT, prompt="activity: rest, light (swim, walk) or heavy (combat)", example="heavy", target=who.id,
    ),)
