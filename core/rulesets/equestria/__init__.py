"""The ``equestria`` ruleset (seeds 000 and 001): 1d20 + current stat."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from core.dice.checks import Tier
from core.values import limits as lim
from core.values.combatant import ActionBudget, Combatant
from core.errors import IllegalCommand
from core.rulesets.equestria.movement_settings import EquestriaMovementSettings
from core.board.movement.fall_settings import DiceFallSettings
from core.campaign.breath import BreathSettings
from core.combat.mounted.settings import MountedSettings
from core.campaign.training import TrainingSettings
from core.campaign.travel_settings import TravelSettings
from core.board.vision import VisionSettings
from core.campaign.war.battle import WarSettings
from core.rulesets.base import ActionKind, Ruleset
from core.rulesets.campaign_tools import CampaignToolSettings, MassBattleSettings
from core.rulesets.common import AcAttackSettings, CommonSettings
from core.board.edges import DoorFumbleSettings, DoorSettings
from core.board.water import WaterSettings

if TYPE_CHECKING:
    from core.board.movement.falling import FallingRules
    from core.rulesets.equestria.movement import EquestriaMovement


@dataclass(frozen=True)
class EquestriaSettings(CommonSettings, CampaignToolSettings, MassBattleSettings, AcAttackSettings, DoorSettings, DoorFumbleSettings, EquestriaMovementSettings, DiceFallSettings, MountedSettings,
                        BreathSettings, TrainingSettings, TravelSettings, VisionSettings, WarSettings, WaterSettings):
    """Every DEFAULT of ``equestria``: these fields, the movement ones
    (:class:`EquestriaMovementSettings`), falling (:class:`DiceFallSettings`),
    the depth of water a dive goes down to (:class:`core.board.water.WaterSettings`, EQ-MOV-7),
    mounted combat (:class:`core.combat.mounted.settings.MountedSettings`), seed
    001's campaign tools (breath, training, travel, vision, mass combat:
    read through :meth:`Ruleset.settings_for`)
    and the shared ones (:class:`CommonSettings`). Every value names the
    rule it comes from; DEFAULT marks a gap in the seeds (house-rule material).
    """

    stats: tuple[str, ...] = ("STR", "DEX", "BODY", "INT", "CHA")  # EQ-STAT-1 DEFAULT block
    break_fumble_damage: str = "1d6"  # EQ-CHK-3: a critical failure: the kicker takes 1d6
    default_difficulty: int = 12  # EQ-CHK-2
    critical_failure_natural: int = 1  # EQ-CHK-2
    critical_success_natural: int = 20  # EQ-CHK-2
    initiative_stat: str = "DEX"  # EQ-INIT-1
    quick_action_min_dex: int = 0  # EQ-ACT-2
    reaction_min_dex: int = 1  # EQ-ACT-2
    exchange_one_quick_max_dex: int = 1  # EQ-ACT-3: DEX <= +1 -> 1 extra quick
    exchange_below_quick_dex: bool = True  # EQ-ACT-3 DEFAULT reading (a): at DEX < 0 the exchange still gives a usable quick action; False = (b) it gives none
    blunt_trauma: bool = True  # EQ-GEN-4
    several_weapons: bool = True  # EQ-ACT-6: each one-handed weapon attacks, the 2nd at -2, the 3rd at -4
    attack_difficulty: int = 12  # EQ-CHK-2: an attack is a check (DEFAULT: medium difficulty)
    size_categories: tuple[str, ...] = ("tiny", "medium", "large", "huge")  # EQ-SIZE-1, EQ-MNT-1: a medium rider needs a huge mount
    controlled_fall_reduction: int = 4  # EQ-FALL-2: 4 m = 4 height (units DEFAULT)
    controlled_fall_skill: str = "ACROBATICS"  # EQ-FALL-2 (0 when untrained, EQ-STAT-1)
    thrown_rider_fall: int = 5  # EQ-MNT-6: thrown off = a fall from 5 m
    dodge_stat: str = "DEX"  # EQ-ACT-4: dodge is a DEX check
    block_stat: str = "STR"  # EQ-ACT-4: block is a STR check
    block_min_str: int = 1  # EQ-ACT-4: blocking needs STR >= +1 and a shield
    throw_stat: str = "DEX"  # EQ-ACT-4: the thrower's DEX check
    catch_stat: str = "DEX"  # EQ-ACT-4: the catcher's DEX check
    throw_action: str = "quick"  # EQ-ACT-4: throwing an item is a quick action
    phrase_max_words: int = 8  # EQ-ACT-8: longer phrases are not advised (warned of, never refused)
    phrase_max_sounds: int = 50  # EQ-ACT-8 (sounds counted as letters: DEFAULT)
    light_and_weather: bool = True  # EQ-VIS-1..2: seed 001's own campaign tools (core.rulesets.campaign_tools)
    travel_planner: bool = True  # EQ-TRV-1..2
    campaign_clock: bool = True  # EQ-ANI-1, EQ-TRK-1
    energy_and_breath: bool = True  # EQ-STAT-1, EQ-BRE-1
    mass_battle: bool = True  # EQ-WAR-1..4


class Equestria(Ruleset):
    """Rules EQ-* of ``RULES.md``."""

    id = "equestria"
    name = "Equestria (seeds 000, 001)"
    command_modules = ("core.rulesets.equestria.table_calls",)  # criticals, limbs, phrases, everyday actions
    rule_prefix = "EQ"
    Settings = EquestriaSettings
    skill_settings = ("riding_skill", "controlled_fall_skill", "dropping_skill", "darkvision_stat", "move_stat")
    check_sides = 20
    initiative_sides = 20
    attack_stat = "STR"  # EQ-ACT-4: STR or DEX by the attack
    ranged_attack_stat = "DEX"  # DEFAULT: shooting and throwing use DEX
    kinds = (
        ActionKind("full", "Full action", "F", rule="EQ-ACT-1"),
        ActionKind("quick", "Quick action", "Q", rule="EQ-ACT-1"),
        ActionKind("reaction", "Reaction", "R", off_turn=True, rule="EQ-ACT-1"),
    )
    attack_kind = "full"  # EQ-ACT-4
    condition_names = (
        "burning", "poisoned", "frozen", "iced", "corrosion", "bleeding", "stunned", "dazed", "blinded",
        "prone", "crouched", "grappled", "slowed", "weakened", "invisible", "hidden", "flying", "wet",
        "falling",
    )

    def attack_difficulty(self, target: Combatant) -> int:
        """An equestria attack is a check against the GM's difficulty (setting
        ``attack_difficulty``), or the target's AC when it has one."""
        return target.ac or self.settings.attack_difficulty

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """Rule EQ-CHK-2: natural 1 fails critically whatever the modifier,
        natural 20 succeeds critically; otherwise total >= difficulty succeeds."""
        s = self.settings
        if natural <= s.critical_failure_natural:
            return Tier.CRITICAL_FAILURE
        if natural >= s.critical_success_natural:
            return Tier.CRITICAL_SUCCESS
        return Tier.SUCCESS if total >= difficulty else Tier.FAILURE

    def initiative_modifier(self, combatant: Combatant) -> int:
        """Rule EQ-INIT-1: 1d20 + current DEX."""
        return combatant.stat(self.settings.initiative_stat)

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        """Rules EQ-ACT-1, EQ-ACT-2: full action and movement always; quick
        action from DEX >= 0; reaction from DEX >= +1."""
        s = self.settings
        dex = combatant.stat("DEX")
        actions = {"full": 1}
        if dex >= s.quick_action_min_dex:
            actions["quick"] = 1
        if dex >= s.reaction_min_dex:
            actions["reaction"] = 1
        speed = self.movement_speed(combatant)
        return ActionBudget(actions=actions, movement=speed, movement_max=speed)

    def check_spend(self, combatant: Combatant, kind: str) -> None:
        s = self.settings
        dex = combatant.stat("DEX")
        if kind == "quick" and dex < s.quick_action_min_dex and combatant.budget.left("quick") <= 0:
            raise IllegalCommand(f"{combatant.name} has DEX {dex:+d}: no quick action", "EQ-ACT-2")
        if kind == "reaction" and dex < s.reaction_min_dex:
            raise IllegalCommand(f"{combatant.name} has DEX {dex:+d}: no reaction", "EQ-ACT-2")
        if combatant.budget.left(kind) <= 0:
            raise IllegalCommand(f"{combatant.name} has no {kind} action left this turn", "EQ-ACT-1")

    def exchange_quick_actions(self, combatant: Combatant) -> int:
        """Rule EQ-ACT-3: quick actions one full action buys (1, or 2 from DEX +2).
        Below the quick action's DEX (``quick_action_min_dex``) reading (a)
        still gives 1 (DEFAULT); reading (b), setting ``exchange_below_quick_dex``
        off, refuses the exchange."""
        s = self.settings
        dex = combatant.stat("DEX")
        if dex < s.quick_action_min_dex and not s.exchange_below_quick_dex:
            raise IllegalCommand(f"{combatant.name} has DEX {dex:+d}: no quick action to trade for (house rule, EQ-ACT-3 reading (b))", "EQ-ACT-3")
        return 1 if dex <= s.exchange_one_quick_max_dex else 2

    @cached_property
    def jump(self) -> Any:
        """Capability: Equestria's jump (:mod:`core.rulesets.equestria.jump`)."""
        from core.rulesets.equestria.jump import EquestriaJump

        return EquestriaJump()

    @property
    def riding(self) -> MountedSettings:
        """Capability: EQ-MNT-1..9 and EQ-FALL-1, read from these settings (house rules included)."""
        return self.settings

    @property
    def reactions(self) -> Any:
        """Capability: EQ-ACT-4 dodge and block, EQ-ACT-9 throwing and catching."""
        from core.combat.reactions import ReactionRules

        s = self.settings
        return ReactionRules(s.dodge_stat, s.block_stat, s.block_min_str, s.throw_stat, s.catch_stat, s.throw_action)

    @property
    def falling(self) -> FallingRules:
        """Capability: EQ-MOV-8's dice and 12 cells a round, and the controlled
        fall of EQ-FALL-2 (an Acrobatics check, success falls ``controlled_fall_reduction`` less)."""
        from core.board.movement.falling import dice_falling  # the rules of a fall: load with the first fall

        s = self.settings
        return replace(dice_falling(s), controlled_skill=s.controlled_fall_skill, controlled_reduction=s.controlled_fall_reduction)

    def movement_model(self) -> type[EquestriaMovement]:
        from core.rulesets.equestria.movement import EquestriaMovement  # the movement model: loads with the first move or turn

        return EquestriaMovement

    def extra_offers(self, context: Any) -> tuple[Any, ...]:
        """EQ-DAY-3: coat a weapon with poison; the table's calls of
        :mod:`core.rulesets.equestria.table_offers` (EQ-CHK-6/7, EQ-ACT-7/8, EQ-DAY-1)."""
        from core.offers.offer import Group, Need
        from core.offers.maneuvers import equestria
        from core.offers.mounted import offers as mounted_offers  # EQ-MNT-1..9, EQ-FALL-1
        from core.rulesets.equestria.table_offers import table_offers

        actor = context.actor
        if actor is None:
            return table_offers(context) + mounted_offers(context)  # out of combat: the selected creature's everyday actions
        return equestria(context) + mounted_offers(context) + (
            context.offer(
                "poison", f"{actor.name}: poison a weapon", Group.ACTION, lambda text, a=actor.id: poison_command(a, text),
                check=False, rule="EQ-DAY-3", needs=Need.TEXT, prompt="Which weapon (its name), and the poison level",
                example="dagger 2", actor=actor.id,
            ),
        ) + table_offers(context)


def poison_command(combatant_id: str, text: str) -> Any:
    """``dagger 2`` -> :class:`~core.combat.commands.ApplyPoison` (level 1 when not given)."""
    words = text.split()
    level = 1
    if len(words) > 1 and lim.is_whole(words[-1]):
        level = int(words.pop())
    if not words:
        raise IllegalCommand("name the weapon", "EQ-DAY-3")
    from core.combat.commands import ApplyPoison  # the core's commands: with the first command (start-up)

    return ApplyPoison(combatant_id, " ".join(words), level)
