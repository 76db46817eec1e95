"""What every ruleset provides, and how a campaign overrides its settings.

A ruleset is a small object built from data (its ``settings``, a frozen
dataclass of DEFAULTs from ``RULES.md``) and the methods that read them. A
campaign's house rules are a mapping of setting names to values applied by
:meth:`Ruleset.with_house_rules`; an unknown name or a value of the wrong
type is refused.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

from core.checks import Advantage, CheckResult, Tier, roll_check, tier_odds
from core.combatant import ActionBudget, Combatant
from core.errors import IllegalCommand, RulesError
from core.grid import Terrain


class Ruleset:
    """Base of the four rule systems; subclasses set ``id`` and ``Settings``."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    Settings: ClassVar[type] = object

    def __init__(self, settings: Any | None = None) -> None:
        self.settings = settings if settings is not None else self.Settings()

    # -- house rules ----------------------------------------------------
    def with_house_rules(self, overrides: dict[str, Any]) -> Ruleset:
        """A copy with some settings replaced; raises :class:`RulesError`
        naming an unknown setting or a value of the wrong type."""
        fields = {f.name: f for f in dataclasses.fields(self.settings)}
        clean: dict[str, Any] = {}
        for key, value in overrides.items():
            if key not in fields:
                raise RulesError(f"{self.id} has no setting {key!r}")
            current = getattr(self.settings, key)
            if isinstance(current, bool) != isinstance(value, bool) or not isinstance(value, type(current)):
                if isinstance(current, tuple) and isinstance(value, list):
                    value = tuple(value)
                else:
                    raise RulesError(f"setting {key!r} needs a {type(current).__name__}, got {value!r}")
            clean[key] = value
        return type(self)(dataclasses.replace(self.settings, **clean))

    def house_rules(self) -> dict[str, Any]:
        """The settings that differ from this ruleset's defaults."""
        defaults = self.Settings()
        return {
            f.name: getattr(self.settings, f.name)
            for f in dataclasses.fields(self.settings)
            if getattr(self.settings, f.name) != getattr(defaults, f.name)
        }

    # -- stats ------------------------------------------------------------
    @property
    def stat_names(self) -> tuple[str, ...]:
        return tuple(self.settings.stats)

    # -- checks -------------------------------------------------------------
    check_sides: ClassVar[int] = 20

    @property
    def default_difficulty(self) -> int:
        return int(self.settings.default_difficulty)

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        raise NotImplementedError

    def roll_check(
        self,
        rng: random.Random,
        modifier: int,
        difficulty: int | None = None,
        advantage: Advantage = Advantage.NONE,
    ) -> CheckResult:
        """Roll a check with this ruleset's die and tier rule."""
        target = self.default_difficulty if difficulty is None else difficulty
        return roll_check(rng, self.check_sides, modifier, target, self.tier, advantage)

    def check_odds(self, modifier: int, difficulty: int | None = None, advantage: Advantage = Advantage.NONE):
        target = self.default_difficulty if difficulty is None else difficulty
        return tier_odds(self.check_sides, modifier, target, self.tier, advantage)

    # -- initiative -----------------------------------------------------------
    initiative_sides: ClassVar[int] = 20

    def initiative_modifier(self, combatant: Combatant) -> int:
        raise NotImplementedError

    # -- turn economy -------------------------------------------------------
    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        raise NotImplementedError

    def check_spend(self, combatant: Combatant, kind: str) -> None:
        """Raise :class:`IllegalCommand` if ``combatant`` cannot spend ``kind`` now."""
        if combatant.budget.left(kind) <= 0:
            raise IllegalCommand(f"{combatant.name} has no {kind} action left this turn")

    def exchange_quick_actions(self, combatant: Combatant) -> int:
        """Quick actions one full action buys; rulesets without the exchange refuse."""
        raise IllegalCommand(f"{self.id} has no exchange of a full action for quick actions")

    # -- movement -------------------------------------------------------------
    def step_cost(self, combatant: Combatant, terrain: Terrain) -> int:
        """Movement a step into ``terrain`` costs ``combatant``; raises
        :class:`IllegalCommand` (with the rule) where it cannot enter."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.house_rules()!r}>"
