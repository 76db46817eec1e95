"""The rule systems a campaign can pick, by id.

``get("equestria", {"default_difficulty": 10})`` returns the ruleset with a
campaign's house rules applied. The four seed systems: ``equestria``,
``srd35``, ``tactical_d10``, ``power_roll``.
"""

from __future__ import annotations

from typing import Any

from core.errors import RulesError
from core.rulesets.base import Ruleset
from core.rulesets.equestria import Equestria
from core.rulesets.power_roll import PowerRoll
from core.rulesets.srd35 import Srd35
from core.rulesets.tactical_d10 import TacticalD10

RULESETS: dict[str, type[Ruleset]] = {cls.id: cls for cls in (Equestria, Srd35, TacticalD10, PowerRoll)}
PLANNED: tuple[str, ...] = ()
DEFAULT_RULESET = Equestria.id


def get(ruleset_id: str, house_rules: dict[str, Any] | None = None) -> Ruleset:
    """The ruleset ``ruleset_id`` with ``house_rules`` applied.

    Raises :class:`RulesError` for an unknown id or a bad override.
    """
    cls = RULESETS.get(ruleset_id)
    if cls is None:
        if ruleset_id in PLANNED:
            raise RulesError(f"ruleset {ruleset_id!r} is not available yet; available: {', '.join(RULESETS)}")
        raise RulesError(f"unknown ruleset {ruleset_id!r}; available: {', '.join(RULESETS)}")
    ruleset = cls()
    if house_rules:
        ruleset = ruleset.with_house_rules(house_rules)
    return ruleset


__all__ = ["Ruleset", "RULESETS", "DEFAULT_RULESET", "get"]
