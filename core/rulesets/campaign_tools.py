"""Seed 001's campaign tools and the house rule that offers each one.

Light and weather (key ``L``, EQ-VIS-1..2), the travel planner (``J``,
EQ-TRV-1..2), the in-game clock with animals in training and ruses (``T``,
EQ-ANI-1, EQ-TRK-1), mass battle (``W``, EQ-WAR-1..4) and energy with held breath
(``N`` and the ``.`` menu's breath offers, EQ-STAT-1, EQ-BRE-1) are
equestria's rules. RULES.md Revision 3 ("Rules one seed has and the others borrow")
lists none of them as a DEFAULT of another ruleset, so elsewhere each is a
house rule, off by DEFAULT: a bool setting (:class:`CampaignToolSettings`,
:class:`MassBattleSettings`) of every ruleset's settings, on in equestria.
One reading: srd35's own DEFAULT of seed 002 (moves in darkness or thick
fog are hampered) needs the scene's light and weather, so
``light_and_weather`` is on in srd35 too. srd35 and power_roll have no
mass battle at all: EQ-WAR-1's checks need four grades (critical failure,
failure, success, critical success) and theirs have other tiers
(:mod:`core.campaign.war.commands` refuses), so no house rule of theirs
offers one; tactical_d10 and equestria hold :class:`MassBattleSettings`.

With the light off, a fight reads a clear day with no light sources
(:func:`lighting`), whatever the encounter holds: no poor sight (EQ-VIS-1's
-3), nobody beyond sight, no hampered moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.board.vision import Conditions
from core.campaign.travel_settings import TravelSettings


@dataclass(frozen=True)
class CampaignToolSettings:
    """The house rules that offer light and weather, travel and the clock (all rulesets)."""

    light_and_weather: bool = False  # EQ-VIS-1..2 (equestria on; srd35 on, its seed 002 DEFAULT reads darkness and fog): key L, and attacks and moves read the light; off: a clear day
    travel_planner: bool = False  # EQ-TRV-1..2 (equestria on): key J, the travel planner
    campaign_clock: bool = False  # EQ-ANI-1, EQ-TRK-1 (equestria on): key T, the in-game clock, animals in training and ruses
    energy_and_breath: bool = False  # EQ-STAT-1, EQ-BRE-1 (equestria on): key N and the . menu's held breath, ЭНЕР and held breath


@dataclass(frozen=True)
class MassBattleSettings:
    """The house rule that offers mass battle: rulesets whose checks have EQ-WAR-1's four grades (equestria, tactical_d10)."""

    mass_battle: bool = False  # EQ-WAR-1..4 (equestria on): key W, mass battle of two armies


@dataclass(frozen=True)
class CampaignTool:
    """One tool: the ``setting`` that offers it, its ``key``, a ``label`` for
    people and the ``rules`` it plays (rule IDs of seed 001)."""

    setting: str
    key: str
    label: str
    rules: str


TOOLS: dict[str, CampaignTool] = {
    "vision": CampaignTool("light_and_weather", "L", "Light and weather", "EQ-VIS-1..2"),
    "travel": CampaignTool("travel_planner", "J", "The travel planner", "EQ-TRV-1..2"),
    "time": CampaignTool("campaign_clock", "T", "The in-game clock, training and ruses", "EQ-ANI-1, EQ-TRK-1"),
    "battle": CampaignTool("mass_battle", "W", "Mass battle", "EQ-WAR-1..4"),
    "energy": CampaignTool("energy_and_breath", "N", "Energy and held breath", "EQ-STAT-1, EQ-BRE-1"),
}
"""The tools by the id of their key's action (``tui/keys.py``)."""


def tool_on(ruleset: Any, tool: str) -> bool:
    """Whether the campaign of ``ruleset`` (a :class:`core.rulesets.base.Ruleset`) offers ``tool`` (a key of :data:`TOOLS`)."""
    return bool(getattr(ruleset.settings, TOOLS[tool].setting, False))


def tool_refusal(ruleset: Any, tool: str) -> str | None:
    """Why ``tool`` cannot be opened in this campaign, naming its house rule
    and how to turn it on; ``None`` when it is on."""
    if tool_on(ruleset, tool):
        return None
    found = TOOLS[tool]
    if not hasattr(ruleset.settings, found.setting):
        return f"{found.label} ({found.key}, as in equestria {found.rules}) is no rule of {ruleset.id}, and no house rule of it offers it."
    what = found.label[0].lower() + found.label[1:]
    return (f"{found.key} is off in {ruleset.id}: turn {found.setting} on in House rules (. then House rules, type true) "
            f"for {what}, a house rule as in equestria {found.rules}.")  # what to do first: it shows at 80 columns


def pace_name(ruleset: Any) -> str:
    """The ruleset's own name for the number EQ-TRV-1 multiplies (10 x it km
    a day): equestria's move stat (``MOVE``, ДВИЖ of EQ-STAT-1, from
    :class:`core.campaign.travel_settings.TravelSettings`), elsewhere ``speed``
    (its walking speed, the DEFAULT of EQ-STAT-1 when a sheet has no ДВИЖ)."""
    stat = ruleset.settings_for(TravelSettings).move_stat
    return stat if stat in ruleset.sheet_names else "speed"


def pace_text(ruleset: Any, move: int) -> str:
    """A traveller's pace ``move`` in the ruleset's own words and unit:
    equestria ``MOVE 6``; srd35 ``speed 6 squares (30 ft)`` (``feet_per_square``,
    SRD-MOV-1); tactical_d10 ``speed 5 MP``; power_roll ``speed 5 squares``."""
    name = pace_name(ruleset)
    if name != "speed":
        return f"{name} {move}"
    unit = ruleset.movement.unit
    feet = getattr(ruleset.settings, "feet_per_square", 0)
    return f"speed {move} {unit}" + (f" ({move * feet} ft)" if feet else "")


ENERGY = "energy"
"""ЭНЕР of EQ-STAT-1 in every ruleset's English text (its house rule ``energy_and_breath`` elsewhere)."""


def lighting(ruleset: Any, conditions: Conditions) -> Conditions:
    """The light, weather and light sources a fight of ``ruleset`` reads:
    the encounter's ``conditions`` with ``light_and_weather`` on, else a clear
    day with no light sources (EQ-VIS-1..2 not in play)."""
    return conditions if tool_on(ruleset, "vision") else Conditions()
