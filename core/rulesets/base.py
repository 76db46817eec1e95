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

from fractions import Fraction

from core.checks import Advantage, CheckResult, Modifier, Tier, roll_check, tier_odds
from core.combatant import ActionBudget, Combatant
from core.conditions import ConditionSpec, catalogue_for
from core.errors import IllegalCommand, RulesError
from core.grid import Terrain

FOUR_TIERS = (Tier.CRITICAL_FAILURE, Tier.FAILURE, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)


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
    check_count: ClassVar[int] = 1
    tiers: ClassVar[tuple[Tier, ...]] = FOUR_TIERS
    attack_tiers: ClassVar[tuple[Tier, ...]] = FOUR_TIERS

    @property
    def default_difficulty(self) -> int:
        return int(self.settings.default_difficulty)

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        raise NotImplementedError

    def attack_tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """Tier of an attack roll against ``difficulty`` (AC or difficulty); default: :meth:`tier`."""
        return self.tier(natural, total, difficulty)

    def roll_check(
        self,
        rng: random.Random,
        modifier: int,
        difficulty: int | None = None,
        advantage: Advantage = Advantage.NONE,
        *,
        modifiers: tuple[Modifier, ...] = (),
        purpose: str = "",
        attack: bool = False,
    ) -> CheckResult:
        """Roll a check with this ruleset's dice and tier rule; ``attack``
        grades with :meth:`attack_tier`. ``modifiers`` carry their reasons."""
        target = self.default_difficulty if difficulty is None else difficulty
        rule = self.attack_tier if attack else self.tier
        return roll_check(rng, self.check_sides, modifier, target, rule, advantage,
                          count=self.check_count, modifiers=modifiers, purpose=purpose)

    def check_odds(
        self, modifier: int, difficulty: int | None = None, advantage: Advantage = Advantage.NONE, *, attack: bool = False
    ) -> dict[Tier, Fraction]:
        """Exact chance of each tier (exactly the ruleset's tiers, summing to 1) before rolling."""
        target = self.default_difficulty if difficulty is None else difficulty
        rule = self.attack_tier if attack else self.tier
        return tier_odds(self.check_sides, modifier, target, rule, advantage,
                         count=self.check_count, tiers=self.attack_tiers if attack else self.tiers)

    # -- attacks and damage ---------------------------------------------------
    attack_stat: ClassVar[str] = ""
    defend_stat: ClassVar[str] = ""

    ranged_attack_stat: ClassVar[str] = ""  # "" = the same stat as melee

    def attack_difficulty(self, target: Combatant) -> int:
        """What an attack roll is compared with: the target's AC, or the
        setting ``default_ac`` when the creature has none set (AC 0)."""
        return target.ac or int(getattr(self.settings, "default_ac", 0))

    def unarmed_damage(self, stat_value: int) -> str:
        """Rule EQ-ACT-5: dice of an unarmed (or improvised) strike by the used
        stat: <= 0 -> 1d2, +1..+3 -> 1d4, >= +4 -> 1d6 (settings ``unarmed_*``)."""
        s = self.settings
        index = sum(1 for threshold in s.unarmed_thresholds if stat_value >= threshold)
        return s.unarmed_dice[index]

    # -- conditions -------------------------------------------------------------
    condition_names: ClassVar[tuple[str, ...]] = ()

    @property
    def conditions(self) -> dict[str, ConditionSpec]:
        """This ruleset's condition catalogue by name."""
        return catalogue_for(self.condition_names)

    # -- initiative -----------------------------------------------------------
    initiative_sides: ClassVar[int] = 20

    def initiative_modifier(self, combatant: Combatant) -> int:
        raise NotImplementedError

    # -- turn economy -------------------------------------------------------
    off_turn_kinds: ClassVar[tuple[str, ...]] = ("reaction",)
    attack_kind: ClassVar[str] = ""
    action_kinds: ClassVar[tuple[str, ...]] = ()
    movement_actions: ClassVar[dict[str, str]] = {}
    """MP action name -> settings field with its cost (TAC-MOV-2)."""

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        raise NotImplementedError

    def movement_speed(self, combatant: Combatant) -> int:
        """Movement per turn in this ruleset's unit, for the way the creature
        moves now (flying, swimming, burrowing or on foot), from the
        ruleset's movement model (EQ-MOV-1, TAC-MOV-1, SRD-MOV-1, PR-MOV-1)."""
        from core.mobility import Layer, MoveType
        from core.movement import model_for

        model = model_for(self)
        move = {Layer.AIR: MoveType.FLY, Layer.UNDERWATER: MoveType.SWIM, Layer.BURROWED: MoveType.BURROW}.get(combatant.layer, MoveType.WALK)
        try:
            return int(model.speed(combatant, move))
        except IllegalCommand:
            return int(model.speed(combatant, MoveType.WALK))

    def check_spend(self, combatant: Combatant, kind: str) -> None:
        """Raise :class:`IllegalCommand` if ``combatant`` cannot spend ``kind`` now."""
        if combatant.budget.left(kind) <= 0:
            raise IllegalCommand(f"{combatant.name} has no {kind} action left this turn")

    def spend(self, combatant: Combatant, kind: str, override: bool = False) -> ActionBudget:
        """The budget after spending one ``kind``; refused with the rule unless
        ``override`` (a GM override: the count never drops below 0)."""
        if kind not in self.action_kinds:
            raise IllegalCommand(f"{self.id} has no {kind!r} action; use one of {', '.join(self.action_kinds)}")
        if not override:
            self.check_spend(combatant, kind)
        budget = combatant.budget
        if budget.left(kind) <= 0:
            return budget
        return budget.spend(kind)

    def movement_action_cost(self, action: str) -> int:
        """MP an MP action costs (TAC-MOV-2); refused where the ruleset has none."""
        field = self.movement_actions.get(action)
        if field is None:
            known = ", ".join(self.movement_actions) or "none"
            raise IllegalCommand(f"{self.id} has no movement action {action!r} (known: {known})", "TAC-MOV-2")
        return int(getattr(self.settings, field))

    def exchange(self, combatant: Combatant) -> tuple[str, str, int]:
        """The exchange this ruleset allows: (kind given, kind gained, count)."""
        return ("full", "quick", self.exchange_quick_actions(combatant))

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
