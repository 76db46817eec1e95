"""The ``srd35`` ruleset (seed 002): d20 + modifier against a difficulty,
speed in feet (1 cell = 5 ft), move / double move / run (SRD-MOV-9),
armour and load (SRD-MOV-13), attacks of opportunity, Tumble and Overrun
(SRD-MOV-16), Escape Artist (SRD-MOV-17): see :mod:`core.rulesets.srd35.maneuvers`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.dice.checks import Tier
from core.values.combatant import ActionBudget, Combatant
from core.errors import IllegalCommand
from core.board.movement.fall_settings import DiceFallSettings
from core.board.vision import VisionSettings, sees
from core.values.mobility import Layer
from core.rulesets.srd35.movement import SrdMovement, SrdMovementSettings
from core.rulesets.base import ActionKind, Ruleset, equal_hits_half
from core.rulesets.campaign_tools import CampaignToolSettings, lighting
from core.rulesets.common import AcAttackSettings, CommonSettings
from core.board.water import WATER_SETTINGS
from core.board.edges import DoorSettings

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table


@dataclass(frozen=True)
class Srd35Settings(CommonSettings, CampaignToolSettings, AcAttackSettings, DoorSettings, SrdMovementSettings, DiceFallSettings):
    """Every DEFAULT of ``srd35``: these fields, the movement ones
    (:class:`SrdMovementSettings`), falling (:class:`DiceFallSettings`) and
    the shared ones. DEFAULT marks what seed 002 (a movement chapter) leaves open."""

    door_action: str = "move"  # Revision 3 Doors: srd35 a move action (DEFAULT)
    break_action: str = "standard"  # DEFAULT: breaking a door is a standard action
    break_difficulty: int = 17  # Revision 3 Doors: default difficulty 15 + 2 (DEFAULT)
    stats: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")  # SRD-STAT-1 (modifiers, DEFAULT)
    theft_stat: str = ""  # EQ-DAY-2 is equestria's, not on RULES.md Revision 3's list of borrowed rules: no theft rule here (a house rule names a stat, DEX say)
    extinguish_stat: str = "CON"  # TAC-EFF-1 DEFAULT here: the Body check is srd35's Constitution (there is no BODY)
    default_difficulty: int = 15  # DEFAULT
    default_ac: int = 10  # SRD-STAT-1: AC 10 before armour and modifiers, for creatures with none set
    attack_natural_hit: int = 20  # DEFAULT (d20 SRD): natural 20 always hits
    attack_natural_miss: int = 1  # DEFAULT (d20 SRD): natural 1 always misses
    initiative_stat: str = "DEX"  # DEFAULT (d20 SRD)
    fall_dice_cap: int = 20  # DEFAULT (d20 SRD: at most 20d6)
    # SRD-MOV-16: procedures not in the seed, DEFAULT d20 SRD
    opportunity_attacks: int = 1  # DEFAULT (d20 SRD): one attack of opportunity a round
    tumble_stat: str = "DEX"  # DEFAULT (d20 SRD Tumble): DEX + ranks (typed as a bonus)
    tumble_dc_threatened: int = 15  # DEFAULT (d20 SRD): past threatened squares without provoking
    tumble_dc_through: int = 25  # DEFAULT (d20 SRD): through an enemy's squares
    poor_visibility_doublings: int = 1  # DEFAULT (seed 002, RULES.md Revision 3): darkness or thick fog hampers movement, each square costs 2
    hampering_weathers: tuple[str, ...] = ("fog",)  # DEFAULT: the weather that counts as thick fog (EQ-VIS-1's names)
    light_and_weather: bool = True  # EQ-VIS-1..2 DEFAULT here (RULES.md Revision 3, seed 002: moves in darkness or thick fog are hampered, so the scene has a light and a weather; key L)
    tumble_doublings: int = 1  # DEFAULT (d20 SRD): tumbling at half speed, each square costs 2
    size_reach: tuple[tuple[str, int], ...] = (("large", 2), ("huge", 3), ("gargantuan", 4), ("colossal", 6))  # DEFAULT (d20 SRD): natural reach of tall creatures, squares (SRD-MOV-16 threatens)
    overrun_kind: str = "standard"  # DEFAULT (d20 SRD): a standard action during a move
    overrun_stat: str = "STR"  # DEFAULT (d20 SRD)
    overrun_defence_stats: tuple[str, ...] = ("STR", "DEX")  # DEFAULT (d20 SRD): the defender's better
    overrun_size_bonus: int = 4  # DEFAULT (d20 SRD): +4 per size above Medium, -4 per size below
    overrun_max_larger: int = 1  # DEFAULT (d20 SRD): a defender at most one size larger
    # SRD-MOV-17
    escape_artist_stat: str = "DEX"  # DEFAULT (d20 SRD Escape Artist): DEX + ranks (typed as a bonus)
    escape_artist_dc: int = 30  # DEFAULT (d20 SRD): through a space narrower than half one's own
    split_move: bool = False  # SRD-MOV-9 DEFAULT (d20 SRD; seed 002 is silent): a move action's movement stops for good when another action is taken


class Srd35(Ruleset):
    """Rules SRD-* of ``RULES.md``."""

    id = "srd35"
    name = "d20 SRD 3.5 (seed 002)"
    command_modules = ("core.rulesets.srd35.commands", "core.rulesets.srd35.maneuvers", "core.rulesets.srd35.passing")  # SRD-MOV: burden, body, 5-ft step, attacks of opportunity; tumble, overrun, squeezing
    stat_blocks = True  # d20 SRD stat blocks import (core.dice.creature_import)
    rule_prefix = "SRD"
    event_rules = {"Moved": "SRD-MOV-2", "FullActionExchanged": "SRD-MOV-9", "ActionSpent": "SRD-MOV-9"}  # the log's rule IDs: a move costs by the d20 diagonals; a double move spends the standard action on movement; the standard and move actions
    offer_rules = {"exchange": "SRD-MOV-9"}  # seed 002: «используя оба своих действия для движения», the standard action traded for a move
    Settings = Srd35Settings
    skill_settings = ("speed_stat",)  # SRD-MOV-1: SPEED (feet) on the sheet, as movement reads it
    check_sides = 20
    initiative_sides = 20
    attack_stat = "STR"
    ranged_attack_stat = "DEX"  # d20 SRD: ranged attack rolls add DEX
    kinds = (
        ActionKind("standard", "Standard action", "S", rule="SRD-MOV-9"),
        ActionKind("move", "Move action", "M", rule="SRD-MOV-9"),
        ActionKind("double_move", "Double move (standard + move: 2x speed)", rule="SRD-MOV-9"),
        ActionKind("run", "Run (full round: 4x speed, 3x in heavy armour)", rule="SRD-MOV-9"),
        ActionKind("full_round", "Full-round action", rule="SRD-MOV-9"),
        ActionKind("aoo", "Attack of opportunity (reaction, one a round)", off_turn=True, rule="SRD-MOV-16"),
    )
    retired_settings = frozenset((*WATER_SETTINGS, "break_fumble_damage"))  # no rule here reads a water depth or a fumble (srd35 checks never fail critically); an older version offered them
    renamed_settings = {"feet_per_cell": "feet_per_square", "double_move_multiplier": "double_move"}
    attack_kind = "standard"
    tiers = (Tier.FAILURE, Tier.SUCCESS)
    condition_names = (
        "burning", "poisoned", "frozen", "iced", "corrosion", "bleeding", "stunned", "dazed", "blinded",
        "prone", "crouched", "grappled", "slowed", "weakened", "invisible", "hidden", "flying", "wet",
        "falling", "squeezing", "squeezing tightly",
    )

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """A check: d20 + modifier >= difficulty succeeds; no criticals on checks."""
        return Tier.SUCCESS if total >= difficulty else Tier.FAILURE

    def attack_tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """An attack: total >= AC hits; DEFAULT natural 20 always hits (critical), natural 1 always misses."""
        s = self.settings
        if natural >= s.attack_natural_hit:
            return Tier.CRITICAL_SUCCESS
        if natural <= s.attack_natural_miss:
            return Tier.CRITICAL_FAILURE
        return equal_hits_half(s, Tier.SUCCESS if total >= difficulty else Tier.FAILURE, total, difficulty)  # half_on_equal: a house rule

    def initiative_modifier(self, combatant: Combatant) -> int:
        return combatant.stat(self.settings.initiative_stat)

    def speed_cells(self, combatant: Combatant) -> int:
        """Rules SRD-MOV-1, SRD-MOV-13: land speed in feet (bonuses, then armour
        and load; see :meth:`SrdMovement.land_speed`) / 5 ft per square."""
        return self.movement.land_speed(combatant)[0] // self.settings.feet_per_square

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        """One standard and one move action; movement = one move (speed)."""
        speed = self.speed_cells(combatant)
        actions = {"standard": 1, "move": 1, "aoo": self.settings.opportunity_attacks}  # SRD-MOV-16: its AoO until its next turn
        return ActionBudget(actions=actions, movement=speed, movement_max=speed)

    def spend(self, combatant: Combatant, kind: str, override: bool = False) -> ActionBudget:
        """Rule SRD-MOV-9: ``double_move`` (standard + move) -> 2 x speed;
        ``run`` (full round) -> 4 x speed (3 x with stat ``HEAVY_ARMOUR`` > 0);
        ``full_round`` -> only a 5-ft step; ``standard``/``move`` one each.
        The 5-ft step itself is a move (:class:`core.rulesets.srd35.commands.FiveFootStep`,
        offered as ``five-foot-step``), not an action spent without moving."""
        if kind not in self.action_kinds:
            raise IllegalCommand(f"srd35 has no {kind!r} action; use one of {', '.join(self.action_kinds)}")
        budget = combatant.budget
        if kind in ("standard", "move", "aoo"):
            if budget.left(kind) <= 0 and not override:
                trade = "; trade the standard action for a move first" if kind == "move" and budget.left("standard") > 0 else ""
                raise IllegalCommand(f"{combatant.name} has no {kind} action left this turn{trade}", "SRD-MOV-9")
            spent = budget.spend(kind) if budget.left(kind) > 0 else budget
            return spent if kind == "aoo" else self._movement_after(combatant, budget, spent)
        moving_on = kind == "double_move" and "moved" in budget.marks and budget.left("standard") > 0  # the move under way is its first half
        if (budget.left("standard") <= 0 or budget.left("move") <= 0) and not override and not moving_on:
            raise IllegalCommand(f"{kind.replace('_', ' ')} needs both the standard and the move action", "SRD-MOV-9")
        stepped = "stepped" in budget.marks  # SRD-MOV-9, Revision 3: a round with a 5-ft step has no other movement
        if stepped and kind in ("double_move", "run") and not override:
            raise IllegalCommand(f"{combatant.name} took a 5-ft step this round: no other movement, a {kind.replace('_', ' ')} included", "SRD-MOV-9")
        speed = self.speed_cells(combatant)
        used = 1 if stepped else budget.movement_max - budget.movement
        if kind == "run" and used > 0 and not override:  # a run is a full-round action: the whole round's movement
            raise IllegalCommand(f"{combatant.name} already moved {used} square(s) this turn; a run is a full-round action", "SRD-MOV-9")
        if kind in ("double_move", "run"):
            from core.rulesets.srd35.movement import Pace

            pace = Pace.DOUBLE if kind == "double_move" else Pace.RUN
            total = self.movement.allowance(speed, pace, heavy_armour=self.movement.runs_heavy(combatant))
        else:  # full_round
            if used > 1 and not override:
                raise IllegalCommand(f"{combatant.name} moved {used} squares; a full-round action allows only a 5-ft step", "SRD-MOV-9")
            total = max(used, 1)
        actions = {k: 0 if k in ("standard", "move") else v for k, v in budget.actions.items()}

        return replace(budget, actions=actions, movement=max(0, total - used), movement_max=total)

    def exchange(self, combatant: Combatant) -> tuple[str, str, int]:
        """d20 SRD: a standard action may be taken as a move action (DEFAULT)."""
        return ("standard", "move", 1)

    def exchanged(self, combatant: Combatant, budget: ActionBudget) -> ActionBudget:
        """SRD-MOV-9, seed 002 («используя оба своих действия для движения»):
        the standard action taken as a move brings one more move of
        movement (its speed in squares), going on from the movement left."""
        speed = self.speed_cells(combatant)
        return replace(budget, movement=budget.movement + speed, movement_max=budget.movement_max + speed)

    def _movement_after(self, combatant: Combatant, before: ActionBudget, after: ActionBudget) -> ActionBudget:
        """SRD-MOV-9: the movement left once a standard or move action is
        spent on something other than moving. Movement is one move (speed
        squares) per move action not yet begun, plus what is left of the
        move action under way; a move action spent otherwise (opening a
        door) takes its move, and another action ends the move under way
        (DEFAULT d20 SRD; house rule ``split_move`` keeps it)."""
        speed = self.speed_cells(combatant)
        under_way = max(0, before.movement - speed * before.left("move"))
        kept = speed * after.left("move") + (under_way if self.settings.split_move else 0)
        return replace(after, movement=min(before.movement, kept))

    def movement_model(self) -> type[SrdMovement]:
        return SrdMovement

    @cached_property
    def movement(self) -> SrdMovement:
        """The SRD movement model (land speed, paces), reading these settings."""
        return self.movement_model()(self.settings)

    def attack_difficulty(self, target: Combatant) -> int:
        """AC (or ``default_ac``); SRD-MOV-17: squeezing tightly loses its DEX bonus to AC."""
        ac = super().attack_difficulty(target)
        if any(c.name == "squeezing tightly" for c in target.conditions):
            ac -= max(0, target.stat("DEX"))
        return ac

    def attack_refusal(self, attacker: Combatant) -> str | None:
        """SRD-MOV-17: no attacks while squeezing tightly."""
        if any(c.name == "squeezing tightly" for c in attacker.conditions):
            return f"{attacker.name} is squeezing through a space narrower than half its own: no attacks (SRD-MOV-17)"
        return None

    def move_doublings(self, mover: Combatant) -> int:
        """SRD-MOV-8: a squeezing creature pays ``squeeze_doublings`` more (each
        square costs 2); SRD-MOV-16: tumbling (DEFAULT d20 SRD) goes at half speed."""
        s = self.settings
        squeezing = s.squeeze_doublings if any(c.name == "squeezing" for c in mover.conditions) else 0
        return squeezing + (s.tumble_doublings if "tumbling" in mover.budget.marks else 0)

    def sight_doublings(self, state: EncounterState, mover: Combatant) -> int:
        """Seed 002, RULES.md Revision 3 (DEFAULT): poor visibility hampers
        movement like difficult terrain: in the encounter's ``hampering_weathers``
        (fog), or where the mover does not see the next square clearly (darkness
        without darkvision or a light, EQ-VIS-1..2), each square costs 2."""
        s = self.settings
        if not s.poor_visibility_doublings or mover.position is None or mover.layer is not Layer.GROUND:
            return 0
        vision = lighting(self, state.vision)  # a clear day when the house rule light_and_weather is off
        if vision.weather in s.hampering_weathers:
            return s.poor_visibility_doublings
        seen = sees(mover, mover, vision, state.combatants, self.settings_for(VisionSettings))
        near = seen is not None and seen.clear >= 1
        return 0 if near else s.poor_visibility_doublings

    def squeeze_shape(self, state: EncounterState, who: Combatant, command: Any) -> tuple[Combatant, str]:
        """SRD-MOV-8, SRD-MOV-17: how ``who`` squeezes (a wide creature in a 1-square passage)."""
        from core.rulesets.srd35.passing import squeeze_shape

        return squeeze_shape(state, who, command)

    def move_notes(self, state: EncounterState, mover: Combatant, path: Any) -> tuple[str, ...]:
        """SRD-MOV-16: who the move gives an attack of opportunity (in combat)."""
        from core.rulesets.srd35.maneuvers import provokers

        if state.round <= 0 or mover.position is None:
            return ()
        found = provokers(state, self, mover, (mover.position, *path.cells[:-1]))
        return (f"provokes attacks of opportunity from {', '.join(o.name for o in found)} (SRD-MOV-16)",) if found else ()

    def after_move(self, enc: Table, state: EncounterState, before: Combatant, path: Any) -> tuple[Any, tuple[Any, ...]]:
        """SRD-MOV-16: log who the move provoked and remember it for their attacks of opportunity."""
        from core.rulesets.srd35.maneuvers import after_move

        return after_move(enc, state, before, path)

    def extra_offers(self, context: Any) -> tuple[Any, ...]:
        """SRD-MOV-8, -10: squeezing, minimum move; SRD-MOV-13..17: see :mod:`core.rulesets.srd35.offers`."""
        from core.offers.maneuvers import squeezing
        from core.rulesets.srd35.offers import srd_offers

        return squeezing(context) + srd_offers(context)
