"""What every ruleset provides, and how a campaign overrides its settings.

A ruleset is one plug-in object built from data (its ``settings``: ONE
frozen dataclass holding every DEFAULT of ``RULES.md`` for it, movement and
falling included) and components that read it: checks and tiers,
initiative, the turn economy (:class:`ActionKind` with labels and tracker
letters), the movement model (:attr:`Ruleset.movement`), falling
(:meth:`Ruleset.fall`), the conditions catalogue, and the extra offers it
adds to :func:`core.offers.base.offers` (:meth:`Ruleset.extra_offers`). A
campaign's house rules are a mapping of setting names to values applied by
:meth:`Ruleset.with_house_rules` (:mod:`core.rulesets.house_rules`); every
component sees the override because they all read the one settings object.
"""

from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from fractions import Fraction

from core.dice.checks import Advantage, CheckResult, Modifier, Tier, roll_check, tier_odds
from core.values.combatant import ActionBudget, Combatant
from core.values.conditions import ConditionSpec, catalogue_for
from core.errors import IllegalCommand
from core.rulesets.capabilities import Capabilities
from core.rulesets.house_rules import HouseRules
from core.rulesets.common import AcAttackSettings
from core.values.mobility import Layer, MoveType

T = TypeVar("T", bound="DataclassInstance")  # a settings dataclass

RULE_PREFIXES = {"EQ": "equestria", "SRD": "srd35", "TAC": "tactical_d10", "PR": "power_roll"}
"""The ruleset each seed's rule IDs belong to (RULES.md: EQ-*, SRD-*, TAC-*, PR-*)."""
_RULE_ID = re.compile(r"\b(?:EQ|SRD|TAC|PR)-[A-Z]+-\d+\b")

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from core.board.movement.falling import Fall, FallingRules
    from core.board.movement.model import MovementModel

FOUR_TIERS = (Tier.CRITICAL_FAILURE, Tier.FAILURE, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)


_SETTINGS_VIEWS: dict[tuple[type, int], tuple[Any, Any]] = {}
"""(settings kind, id of a ruleset's settings) -> (those settings, kept alive; the view :meth:`Ruleset.settings_for` made of them)."""


@dataclass(frozen=True)
class ActionKind:
    """One kind of action of a ruleset's turn economy.

    ``id`` as spent by commands (``full``, ``standard``, ``main``...);
    ``label`` for people; ``letter`` in the tracker's Left column (upper
    case while left, lower once spent), ``""`` for kinds that are a way of
    spending others (srd35 ``run``) rather than a count of their own;
    ``off_turn``: may be spent outside one's own turn (a reaction);
    ``rule`` that defines it."""

    id: str
    label: str
    letter: str = ""
    off_turn: bool = False
    rule: str = ""


class Ruleset(Capabilities, HouseRules):
    """Base of the rule systems; a subclass sets ``id``, ``name``,
    ``Settings``, ``kinds`` and the methods its seed defines."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    Settings: ClassVar[type] = object
    command_modules: ClassVar[tuple[str, ...]] = ()
    """Dotted paths of the modules holding this ruleset's own commands, their
    events and a module-level ``HANDLERS`` (command class -> handler
    ``(encounter, state, command) -> (state, events)``)."""

    def __init__(self, settings: Any | None = None) -> None:
        self.settings = settings if settings is not None else self.Settings()

    def settings_for(self, kind: type[T]) -> T:
        """The settings ``kind`` of a campaign tool (mass combat
        :class:`core.campaign.war.battle.WarSettings`, travel, vision, breath, training) as
        this ruleset plays them: its own settings, house rules included,
        when the ruleset holds those fields (``equestria``, whose seeds they
        come from), else ``kind()``'s DEFAULTs; made once per settings object (both frozen)."""
        settings = self.settings
        key = (kind, id(settings))
        kept = _SETTINGS_VIEWS.get(key)
        if kept is not None and kept[0] is settings:  # settings are frozen: the same object gives the same view
            return kept[1]
        view = kind(**{f.name: getattr(settings, f.name) for f in dataclasses.fields(kind)}) if isinstance(settings, kind) else kind()
        if len(_SETTINGS_VIEWS) >= 256:
            _SETTINGS_VIEWS.clear()
        if all(getattr(getattr(c, "__dataclass_params__", None), "frozen", False) for c in (kind, type(settings))):  # neither changes: shared
            _SETTINGS_VIEWS[key] = (settings, view)
        return view

    # -- stats ------------------------------------------------------------
    @property
    def stat_names(self) -> tuple[str, ...]:
        return tuple(self.settings.stats)

    skill_settings: ClassVar[tuple[str, ...]] = ()
    """Settings naming a sheet value its rules read beside the stats (a
    skill such as Riding, darkvision): their values are :attr:`skill_names`."""

    @property
    def skill_names(self) -> tuple[str, ...]:
        """Sheet values the rules read beside the stat block (``RIDING``,
        ``DARKVISION`` in equestria), 0 when a creature lacks one; a
        roster or the sheet may set them as it sets stats."""
        names = (getattr(self.settings, name) for name in self.skill_settings)
        return tuple(dict.fromkeys(n for n in names if n and n not in self.stat_names))

    @property
    def sheet_names(self) -> tuple[str, ...]:
        """Every name a creature's sheet may hold a number for: stats, then skills."""
        return self.stat_names + self.skill_names

    def sheet_names_text(self) -> str:
        """``its stats: STR, DEX ...; skills: RIDING ...`` for refusals."""
        skills = f"; skills: {', '.join(self.skill_names)}" if self.skill_names else ""
        return f"its stats: {', '.join(self.stat_names)}{skills}"

    # -- checks -------------------------------------------------------------
    check_sides: int = 20
    check_count: int = 1
    """Dice of a check (``check_count`` d ``check_sides``); a ruleset whose
    dice are a DEFAULT sets them from its settings (power_roll's 2d10)."""
    tiers: ClassVar[tuple[Tier, ...]] = FOUR_TIERS
    attack_tiers: ClassVar[tuple[Tier, ...]] = FOUR_TIERS
    hit_tiers: ClassVar[tuple[Tier, ...]] = (Tier.HALF, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)  # HALF: house rule half_on_equal
    """Attack tiers that count as a hit where one figure is shown (the odds map)."""
    attacks_beat_a_number: ClassVar[bool] = True
    """Whether an attack rolls against a number (AC, a difficulty) a preview
    shows as ``vs N``; ``power_roll``'s tiers come from the total alone (PR-ROLL-1)."""

    @property
    def default_difficulty(self) -> int:
        return int(self.settings.default_difficulty)

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        raise NotImplementedError

    def attack_tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """Tier of an attack roll against ``difficulty`` (AC or difficulty); default: :meth:`tier`,
        and with the house rule ``half_on_equal`` (as in tactical_d10 TAC-ATK-1) a total equal to it hits for half."""
        return equal_hits_half(self.settings, self.tier(natural, total, difficulty), total, difficulty)

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
    kinds: ClassVar[tuple[ActionKind, ...]] = ()
    """The ruleset's action kinds, in the order the tracker shows them."""
    attack_kind: ClassVar[str] = ""
    movement_actions: ClassVar[dict[str, str]] = {}
    """MP action name -> settings field with its cost (TAC-MOV-2)."""

    @property
    def action_kinds(self) -> tuple[str, ...]:
        """Ids of :attr:`kinds`."""
        return tuple(k.id for k in self.kinds)

    @property
    def off_turn_kinds(self) -> tuple[str, ...]:
        """Kinds that may be spent outside one's own turn (EQ-ACT-1: the reaction)."""
        return tuple(k.id for k in self.kinds if k.off_turn)

    @property
    def tracked_kinds(self) -> tuple[ActionKind, ...]:
        """Kinds counted per turn, each with its tracker letter."""
        return tuple(k for k in self.kinds if k.letter)

    def kind(self, kind_id: str) -> ActionKind:
        """The :class:`ActionKind` ``kind_id``; raises :class:`IllegalCommand` naming the kinds there are."""
        for kind in self.kinds:
            if kind.id == kind_id:
                return kind
        raise IllegalCommand(f"{self.id} has no {kind_id!r} action; use one of {', '.join(self.action_kinds)}")

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        raise NotImplementedError

    def movement_speed(self, combatant: Combatant) -> int:
        """Movement per turn in this ruleset's unit, for the way the creature
        moves now (flying, swimming, burrowing or on foot), from the
        ruleset's movement model (EQ-MOV-1, TAC-MOV-1, SRD-MOV-1, PR-MOV-1)."""
        model = self.movement
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

    def condition_step(self, spec: Any) -> int:
        """How much a ticking condition's level changes a turn: the setting
        its catalogue entry names (``ConditionSpec.step``, e.g.
        ``bleeding_step``), 0 when it names none or this ruleset lacks it."""
        return int(getattr(self.settings, spec.step, 0)) if spec is not None and spec.step else 0

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

    def exchanged(self, combatant: Combatant, budget: ActionBudget) -> ActionBudget:
        """The budget after :meth:`exchange` traded one kind for another (the
        kinds already moved): unchanged, or what the ruleset adds (srd35: the
        move action's movement)."""
        return budget

    def exchange_quick_actions(self, combatant: Combatant) -> int:
        """Quick actions one full action buys; rulesets without the exchange refuse."""
        raise IllegalCommand(f"{self.id} has no exchange of a full action for quick actions")

    # -- movement and falling ---------------------------------------------------
    def movement_model(self) -> type[MovementModel]:
        """The class of this ruleset's movement model (imported on first use)."""
        raise NotImplementedError

    @cached_property
    def movement(self) -> MovementModel:
        """This ruleset's movement model, reading this ruleset's settings
        (so house rules reach it): costs, speeds, reach and paths."""
        return self.movement_model()(self.settings)

    @property
    def falling(self) -> FallingRules:
        """Capability: how falls go here beyond their damage (long falls,
        controlled falls, landing on a creature); default the dice of
        EQ-MOV-8 (settings ``fall_*``)."""
        from core.board.movement.falling import dice_falling

        return dice_falling(self.settings)

    def fall(self, height: int, agility: int = 0, liquid_depth: int = 0) -> Fall:
        """What a fall of ``height`` cells does (rule EQ-MOV-8 by default:
        1d6 per full 2 cells, settings ``fall_*``); ``agility`` and
        ``liquid_depth`` matter where the ruleset says (power_roll)."""
        from core.board.movement.falling import dice_fall

        return dice_fall(height, self.settings)

    # -- offers ---------------------------------------------------------------
    rule_prefix: ClassVar[str] = ""
    """The prefix of this ruleset's own rule IDs (``EQ``, ``SRD``...)."""
    offer_rules: ClassVar[dict[str, str]] = {}

    event_rules: ClassVar[dict[str, str]] = {}
    """Event class name -> this ruleset's own rule for events of that kind
    (the log line's rule ID, :func:`core.combat.event_rules.rule_of`), where
    the generic one is another seed's."""
    """Offer id -> this ruleset's own rule for it, where a generic offer
    cites another seed's rule."""

    def offer_rule(self, offer_id: str, generic: str) -> str:
        """The rule ID an offer cites here: the ruleset's own (:attr:`offer_rules`),
        else ``generic`` as :meth:`cite` shows it."""
        if offer_id in self.offer_rules:
            return self.offer_rules[offer_id]
        return self.cite(generic)

    def cite(self, rule: str) -> str:
        """``rule`` as a GM of this ruleset reads it: its own rule IDs as they
        are; another seed's as the DEFAULT it is here ("DEFAULT, as in
        equestria EQ-SIT-3"; RULES.md Revision 3)."""
        prefix = rule.split("-", 1)[0]
        if not rule or not self.rule_prefix or prefix == self.rule_prefix or prefix not in RULE_PREFIXES:
            return rule
        return f"DEFAULT, as in {RULE_PREFIXES[prefix]} {rule}"

    def cite_text(self, text: str) -> str:
        """``text`` (a refusal, a log line) with every rule ID of another seed
        said as :meth:`cite` says it."""
        for at, said in reversed(self.citations(text)):
            text = text[:at] + said + text[at:]
        return text

    def citations(self, text: str) -> tuple[tuple[int, str], ...]:
        """Where :meth:`cite_text` puts words into ``text``: (position, words)
        before each rule ID of another seed not said so already
        (``"DEFAULT, as in equestria "``); for a styled line to do the same."""
        if not self.rule_prefix or not text:
            return ()
        found = []
        run = ("", -1)  # the seed of the last rule ID and where it ended: "EQ-INIT-2, EQ-INIT-6" is said once
        for match in _RULE_ID.finditer(text):
            rule = match.group(0)
            seed = rule.split("-", 1)[0]
            cited = self.cite(rule)
            words = cited[: -len(rule)]
            same_run = run[0] == seed and text[run[1]:match.start()] in (", ", "/", " and ", " or ")
            if cited != rule and not same_run and not text[:match.start()].endswith(words.removeprefix("DEFAULT, ")):
                found.append((match.start(), words))
            run = (seed, match.end())
        return tuple(found)

    def extra_offers(self, context: Any) -> tuple[Any, ...]:
        """Offers only this ruleset has (see :mod:`core.offers.base`), for
        ``context`` (an :class:`core.offers.base.OfferContext`); default none."""
        return ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.house_rules()!r}>"


def equal_hits_half(settings: Any, tier: Tier, total: int, difficulty: int) -> Tier:
    """``tier`` of an attack, made HALF when it is a plain success whose ``total``
    equals ``difficulty`` and the setting ``half_on_equal`` is on (TAC-ATK-1, a house rule outside tactical_d10)."""
    half = isinstance(settings, AcAttackSettings) and settings.half_on_equal
    return Tier.HALF if tier is Tier.SUCCESS and total == difficulty and half else tier
