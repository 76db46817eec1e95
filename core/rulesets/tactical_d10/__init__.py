"""The ``tactical_d10`` ruleset (seed 003): 1d10 + attribute, AC, MP."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from core.dice.checks import Tier
from core.values.combatant import ActionBudget, Combatant
from core.errors import IllegalCommand
from core.board.movement.fall_settings import DiceFallSettings
from core.rulesets.tactical_d10.movement import TacticalMovement, TacticalMovementSettings
from core.rulesets.base import ActionKind, Ruleset
from core.rulesets.campaign_tools import CampaignToolSettings, MassBattleSettings
from core.rulesets.common import AcAttackSettings, CommonSettings
from core.board.water import WATER_SETTINGS
from core.board.edges import DoorFumbleSettings, DoorSettings
from core.combat import commands as cmd

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table


@dataclass(frozen=True)
class TacticalSettings(CommonSettings, CampaignToolSettings, MassBattleSettings, AcAttackSettings, DoorSettings, DoorFumbleSettings, TacticalMovementSettings, DiceFallSettings):
    """Every DEFAULT of ``tactical_d10``: these fields, the movement ones
    (:class:`TacticalMovementSettings`, MP costs of TAC-MOV-1..3 included),
    falling (:class:`DiceFallSettings`) and the shared ones. Every value names
    its rule; DEFAULT marks a gap in seed 003."""

    door_action: str = ""  # Revision 3 Doors: tactical_d10 spends 1 MP instead (DEFAULT)
    door_movement: int = 1  # Revision 3 Doors: 1 MP (DEFAULT)
    break_action: str = "action"  # DEFAULT: breaking a door is the turn's action
    break_stat: str = "MUSCLES"  # Revision 3 Doors: the strength check (TAC-STAT-1 Muscles)
    break_difficulty: int = 8  # Revision 3 Doors: default difficulty 6 + 2 (DEFAULT)
    break_fumble_damage: str = ""  # DEFAULT: only equestria's seed hurts the kicker (EQ-CHK-3)
    stats: tuple[str, ...] = ("MUSCLES", "BODY", "BRAIN", "TONGUE")  # TAC-STAT-1
    theft_stat: str = ""  # EQ-DAY-2 is equestria's: no stat, no theft rule here (a house rule names one, BODY say)
    default_difficulty: int = 6  # DEFAULT: the middle of the jump difficulties 4/6/8 (TAC-MOV-3)
    default_ac: int = 6  # DEFAULT: AC of a creature with none set (the seed's example AC 6, TAC-ATK-1)
    critical_success_natural: int = 10  # TAC-ATK-1 DEFAULT
    critical_failure_natural: int = 1  # TAC-ATK-1 DEFAULT
    check_meets_difficulty: bool = True  # DEFAULT: a plain check succeeds when total >= difficulty
    initiative_stat: str = "BODY"  # DEFAULT: seed 003 has no initiative rule
    attack_stat: str = "MUSCLES"  # TAC-ATK-1
    defend_stat: str = "BODY"  # TAC-ACT-2
    defend_least_reduction: int = 1  # TAC-ACT-2 DEFAULT (a), Revision 3: "but not less than 1" bounds the reduction (0 for reading (b))
    defend_least_damage: int = 0  # TAC-ACT-2 DEFAULT (Revision 3): damage may fall to 0 (1 for reading (b))
    zero_hp_dead: bool = True  # TAC-HP-1
    half_on_equal: bool = True  # TAC-ATK-1
    type_effects: bool = True  # TAC-DMG-2
    # TAC-ACT-1 throw (RULES.md Revision 3): 1d10 + Muscles against a DEFAULT difficulty
    throw_stat: str = "MUSCLES"  # Revision 3
    throw_difficulty: int = 6  # DEFAULT (Revision 3)
    throw_easy_cells: int = 5  # DEFAULT (Revision 3): +1 per 2 cells beyond 5
    throw_step_cells: int = 2  # DEFAULT (Revision 3)
    # TAC-ACT-2
    shove_penalty_per_cell: int = -2
    trip_penalty: int = -4
    trip_penalty_grappled: int = -2
    contest_tie_defender_wins: bool = True  # DEFAULT
    shield_cover: str = "half"  # TAC-DMG-2 DEFAULT: a shield gives half cover (the seed's boulder grade), chopping ignores it
    spear_wall_turns: int = 1  # TAC-DMG-2 DEFAULT: a spear wall lasts until the start of the wielder's next turn (N: its N-th next turn)
    spear_wall_strikes_once: bool = True  # TAC-DMG-2 DEFAULT: it strikes the first enemy that dashes in, then ends (False: every one while it lasts)
    tripped_stand_at_turn_start: bool = True  # TAC-ACT-3 DEFAULT: a tripped creature stands at its turn's start, paying stand_mp
    # TAC-POS-1..5: seed 003's position modifiers (off in the other rulesets, RULES.md Revision 3)
    posture_cover: bool = True  # TAC-POS-1: crouched turns half cover full, prone quarter
    melee_vs_crouched: int = 2  # TAC-POS-1
    melee_vs_prone: int = 4  # TAC-POS-1
    ranged_vs_prone: int = -2  # TAC-POS-1
    flanking_advantage: bool = True  # TAC-POS-2
    slowed_melee: int = 1  # TAC-POS-3
    slowed_ranged_per_mp: int = 1  # TAC-POS-3: 2-MP cell +2
    unnoticed_auto_critical: bool = True  # TAC-POS-4
    moving_ac: int = 2  # TAC-POS-5
    moving_ac_mounted: int = 4  # TAC-POS-5
    invisible_attacker_advantage: bool = True  # TAC-POS-4: an invisible (not hidden) attacker is detected by other senses
    sight_sense: str = "sight"  # TAC-POS-6: the advantage needs a target whose main sense is this
    # TAC-OPT-1: optional test mechanics, house-rule switches (off by default)
    opt_crouched_jump: bool = False
    crouched_jump_easier: int = 1  # TAC-OPT-1: jump difficulty -1 from a crouch
    opt_shove_while_grappling: bool = False
    opt_dash_attack: bool = False  # TAC-OPT-1: + floor(Body / 2) damage on the turn after a dash
    opt_dash_shove: bool = False
    dash_shove_cells: int = 1  # TAC-OPT-1
    opt_dash_jump: bool = False
    dash_jump_cells: int = 1  # TAC-OPT-1
    opt_dash_long_pierce: bool = False  # TAC-OPT-1: a long piercing weapon also hits the creature behind
    opt_shield_wall: bool = False
    shield_wall_size: int = 3  # TAC-OPT-1: three (or more) shields in a row
    shield_wall_bonus: int = 1  # TAC-OPT-1


class TacticalD10(Ruleset):
    """Rules TAC-* of ``RULES.md``."""

    id = "tactical_d10"
    name = "Tactical d10 (seed 003)"
    command_modules = ("core.rulesets.tactical_d10.weapon_areas", "core.rulesets.tactical_d10.throws")  # TAC-DMG-1, -2: area attacks, spear walls; TAC-ACT-1 throw
    rule_prefix = "TAC"
    event_rules = {"AttackRolled": "TAC-ATK-1", "TurnStarted": "TAC-ACT-1", "ActionSpent": "TAC-ACT-1"}  # the log's rule IDs
    Settings = TacticalSettings
    check_sides = 10
    initiative_sides = 10
    kinds = (
        ActionKind("action", "Action", "A", rule="TAC-ACT-1"),
        ActionKind("reaction", "Reaction", "R", off_turn=True, rule="TAC-ACT-1"),
    )
    attack_kind = "action"
    attack_tiers = (Tier.CRITICAL_FAILURE, Tier.FAILURE, Tier.HALF, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)
    hit_tiers = (Tier.HALF, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)  # TAC-ATK-1: equal to AC hits for half
    movement_actions = {
        "crouch": "crouch_mp", "prone": "prone_mp", "stand": "stand_mp",
        "draw_quick": "draw_quick_mp", "draw_slow": "draw_slow_mp",
        "pick_up": "pick_up_mp", "minor": "minor_mp",
    }
    retired_settings = frozenset(WATER_SETTINGS)  # no rule here reads a water depth (an older version offered them)
    renamed_settings = {
        "crouch_cost": "crouch_mp", "prone_cost": "prone_mp", "stand_cost": "stand_mp",
        "draw_quick_cost": "draw_quick_mp", "draw_slow_cost": "draw_slow_mp",
        "pick_up_cost": "pick_up_mp", "minor_cost": "minor_mp", "step_cost": "cell_cost",
    }
    condition_names = (
        "burning", "poisoned", "frozen", "iced", "corrosion", "bleeding", "stunned", "dazed", "blinded",
        "prone", "crouched", "grappled", "slowed", "weakened", "invisible", "hidden", "flying", "wet",
        "dodging", "defending", "moving",
        "falling", "spear wall",
    )

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """A plain 1d10 + attribute check (DEFAULT crits on natural 1 / 10)."""
        s = self.settings
        if natural <= s.critical_failure_natural:
            return Tier.CRITICAL_FAILURE
        if natural >= s.critical_success_natural:
            return Tier.CRITICAL_SUCCESS
        if total > difficulty or (s.check_meets_difficulty and total == difficulty):
            return Tier.SUCCESS
        return Tier.FAILURE

    def attack_tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """Rule TAC-ATK-1: total > AC hits, total = AC hits for half, below
        misses; DEFAULT natural 10 critical success, natural 1 critical failure."""
        s = self.settings
        if natural <= s.critical_failure_natural:
            return Tier.CRITICAL_FAILURE
        if natural >= s.critical_success_natural:
            return Tier.CRITICAL_SUCCESS
        if total > difficulty:
            return Tier.SUCCESS
        if total == difficulty and s.half_on_equal:
            return Tier.HALF
        return Tier.FAILURE

    @property
    def attack_stat(self) -> str:  # type: ignore[override]
        """TAC-ATK-1: the attack's stat (setting ``attack_stat``, Muscles)."""
        return str(self.settings.attack_stat)

    @property
    def defend_stat(self) -> str:  # type: ignore[override]
        """TAC-ACT-2: the stat of Defend (setting ``defend_stat``, Body)."""
        return str(self.settings.defend_stat)

    def initiative_modifier(self, combatant: Combatant) -> int:
        return combatant.stat(self.settings.initiative_stat)

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        """Rules TAC-MOV-1, TAC-ACT-1: 5 MP (or stat ``MP``), one action, one reaction."""
        mp = self.movement_speed(combatant)
        return ActionBudget(actions={"action": 1, "reaction": 1}, movement=mp, movement_max=mp)

    def check_spend(self, combatant: Combatant, kind: str) -> None:
        if combatant.budget.left(kind) <= 0:
            raise IllegalCommand(f"{combatant.name} has no {kind} left this turn", "TAC-ACT-1")

    def exchange(self, combatant: Combatant) -> tuple[str, str, int]:
        raise IllegalCommand("tactical_d10 has no action exchange; use dash to double MP", "TAC-ACT-2")

    @cached_property
    def jump(self) -> Any:
        """Capability: Tactical's jump (:mod:`core.rulesets.tactical_d10.jump`)."""
        from core.rulesets.tactical_d10.jump import TacticalJump

        return TacticalJump()

    def movement_model(self) -> type[TacticalMovement]:
        return TacticalMovement

    def turn_started(self, encounter: Any, state: EncounterState, combatant_id: str) -> tuple[Any, tuple[Any, ...]]:
        """Rule TAC-ACT-3: a tripped creature stands up, paying ``stand_mp``."""
        from core.rulesets.tactical_d10.options import stand_up_tripped

        return stand_up_tripped(encounter, state, combatant_id)

    def after_move(self, enc: Table, state: EncounterState, before: Combatant, path: Any) -> tuple[Any, tuple[Any, ...]]:
        """Rule TAC-DMG-2: the spear walls ``before`` moved through strike it."""
        from core.rulesets.tactical_d10.weapon_areas import spear_wall_strikes

        return spear_wall_strikes(enc, state, before.id, path.cells)

    @property
    def senses(self) -> Any:
        """Capability: TAC-POS-4, TAC-POS-6 (settings ``sight_sense``, ``invisible_attacker_advantage``)."""
        from core.board.senses import SenseRules

        return SenseRules(self.settings.sight_sense, self.settings.invisible_attacker_advantage)

    def shield_wall(self, target: Combatant, combatants: Any) -> tuple[Any, ...]:
        """TAC-OPT-1 (switch ``opt_shield_wall``)."""
        from core.rulesets.tactical_d10.options import shield_wall_modifier

        return shield_wall_modifier(self.settings, target, combatants)

    def defence(self, target: Combatant) -> tuple[int, int]:
        """TAC-ACT-2 Defend: damage taken - floor(Body / 2), the reduction at
        least ``defend_least_reduction`` (1) and the damage left at least
        ``defend_least_damage`` (0): Body 1 against 5 damage leaves 4."""
        s = self.settings
        return max(s.defend_least_reduction, target.stat(s.defend_stat) // 2), s.defend_least_damage

    def damage_bonus(self, attacker: Combatant) -> int:
        """TAC-OPT-1 (switch ``opt_dash_attack``): floor(Body / 2) more on the turn after a dash."""
        from core.rulesets.tactical_d10.options import dash_attack_bonus

        return dash_attack_bonus(self.settings, attacker)

    def after_hit(self, enc: Table, state: EncounterState, attacker: Combatant, target: Combatant, weapon: Any, damage: Any) -> tuple[Any, tuple[Any, ...]]:
        """TAC-OPT-1 (switch ``opt_dash_long_pierce``): a long piercing weapon hits the creature behind too."""
        from core.rulesets.tactical_d10.options import long_pierce

        return long_pierce(enc, state, attacker, target, weapon, damage)

    def after_shove(self, state: EncounterState, attacker: Combatant, target: Combatant, cells: int) -> tuple[Any, ...]:
        """TAC-OPT-1 (switches ``opt_dash_shove``, ``opt_shove_while_grappling``)."""
        from core.rulesets.tactical_d10.options import after_shove

        return after_shove(self.settings, state, attacker, target, cells)

    def extra_offers(self, context: Any) -> tuple[Any, ...]:
        """TAC-ACT-2: dash, dodge, defend, and the contests against another creature; TAC-ACT-1 throw."""
        from core.offers.offer import Group, Need

        from core.offers.maneuvers import weapon_areas

        actor, other = context.actor, context.other
        if actor is None:
            return (_main_sense_offer(context),) if context.target is not None else ()
        found = list(weapon_areas(context)) + [_main_sense_offer(context)]
        if not context.fighting:
            return tuple(found)
        found += [
            context.offer(
                f"tactical.{action}", f"{actor.name}: {action}", Group.ACTION,
                lambda _, a=actor.id, x=action: cmd.TakeAction(a, x), rule="TAC-ACT-2", spends=(self.attack_kind,), actor=actor.id,
            )
            for action in ("dash", "dodge", "defend")
        ]
        found.append(context.offer(
            "tactical.throw", f"{actor.name}: throw something at a cell (1d10 + Muscles vs 6, +1 per 2 cells beyond 5)", Group.ACTION,
            lambda cell, a=actor.id: _throw(a, cell), check=False, rule="TAC-ACT-1", needs=Need.CELL, spends=(self.attack_kind,), actor=actor.id,
        ))
        if other is not None:
            found += [
                context.offer(
                    f"contest.{action}", f"{actor.name} tries to {action} {other.name}", Group.ACTION,
                    lambda _, a=actor.id, t=other.id, x=action: cmd.Contest(a, t, x), rule="TAC-ACT-2",
                    spends=(self.attack_kind,), actor=actor.id, target=other.id,
                )
                for action in ("grapple", "shove", "trip", "disarm")
            ]
        return tuple(found)


def _throw(thrower: str, cell: Any) -> Any:
    from core.rulesets.tactical_d10.throws import Throw

    return Throw(thrower, tuple(cell))


def _main_sense_offer(context: Any) -> Any:
    """TAC-POS-6: set the creature's main sense (sheet field ``main_sense``)."""
    from core.offers.offer import Group, Need

    actor = context.actor or context.target
    return context.offer(
        "main-sense", f"{actor.name}: set its main sense (now {actor.main_sense})", Group.SCENE,
        lambda text, a=actor.id: cmd.EditCombatant(a, cmd.SheetChanges(main_sense=text)), check=False, rule="TAC-POS-6",
        needs=Need.TEXT, prompt="sight, hearing, smell, ... (an invisible attacker gains advantage only against sight)",
        example="hearing", actor=actor.id,
    )
