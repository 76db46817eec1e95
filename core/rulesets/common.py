"""Settings every ruleset shares: combat resolution DEFAULTs as data.

Each ruleset's ``Settings`` dataclass inherits :class:`CommonSettings` and
overrides what its seed says; a campaign may override any field as a house
rule. Values name the rule they come from; DEFAULT marks a gap in the seeds
filled by the product. Where a seed of one ruleset is silent on a modifier
another seed defines (e.g. cover for ``tactical_d10``), the other seed's
number is the DEFAULT.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AcAttackSettings:
    """What an attack against an armour class (AC) reads: equestria, srd35 and
    tactical_d10 inherit these; power_roll does not (PR-ROLL-1: a power roll
    is graded by its total alone, has no AC to beat or ignore and no
    critical). Read them where ``isinstance(settings, AcAttackSettings)``."""

    half_on_equal: bool = False  # TAC-ATK-1 (True in tactical_d10)
    critical_damage_percent: int = 100  # DEFAULT: the seeds give crits no extra damage
    ac_ignoring_types: tuple[str, ...] = ("sonic", "light")  # TAC-DMG-2


AC_ATTACK_SETTINGS = ("half_on_equal", "critical_damage_percent", "ac_ignoring_types")
"""The fields of :class:`AcAttackSettings`: house rules an older power_roll campaign may still carry."""


@dataclass(frozen=True)
class CommonSettings:
    skip_defeated: bool = True  # DEFAULT: creatures at 0 HP get no turn
    reroll_initiative_each_round: bool = False  # DEFAULT off; house rule: every round begins with everyone's initiative rolled again (EQ-INIT-1, ties by EQ-INIT-2)
    physical_dice: bool = False  # DEFAULT off (the GM's process rolls every die); house rule: a player may type the results of its own physical dice for its own roll, checked against the dice and logged as typed (encounter play)
    melee_reach: int = 1  # DEFAULT: a melee attack reaches adjacent cells (diagonals too)
    size_reach: tuple[tuple[str, int], ...] = ()  # DEFAULT: no longer reach by size (srd35 sets the d20 SRD's: Large 2, Huge 3 ...)
    bloodied_percent: int = 50  # DEFAULT: players see a foe "bloodied" at or below this share of its HP, else "hurt" (core.combat.visibility)
    sight_range: int = 0  # cells a creature sees in the players' view; 0 = the whole map (EQ-VIS-1: 1 km on a clear day)
    size_categories: tuple[str, ...] = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")  # SRD-MOV-4 d20 ladder (equestria: EQ-SIZE-1's four)
    mount_size_steps: int = 2  # EQ-MNT-1: a mount is at least 2 size categories larger than its rider (DEFAULT in every ruleset)
    body_heights: tuple[int, ...] = (1, 1, 1, 1, 2, 3, 4, 6, 8)  # EQ-MAP-3, EQ-MOV-4: cells tall by size FINE..COLOSSAL (medium 2, large 3, huge 4 DEFAULT); melee reaches up to it
    # -- hit points ---------------------------------------------------------
    zero_hp_dead: bool = False  # TAC-HP-1 (True only in tactical_d10); else "defeated"
    blunt_trauma: bool = False  # EQ-GEN-4 (True in equestria)
    blunt_trauma_damage: int = 1  # EQ-GEN-4
    # -- attacks --------------------------------------------------------------
    unarmed_dice: tuple[str, ...] = ("1d2", "1d4", "1d6")  # EQ-ACT-5
    unarmed_thresholds: tuple[int, ...] = (1, 4)  # EQ-ACT-5: stat >= +1 -> 1d4, >= +4 -> 1d6
    # -- modifiers with reasons ----------------------------------------------
    cover_quarter: int = 0  # DEFAULT: quarter cover only matters when prone (TAC-POS-1)
    cover_half: int = -1  # EQ-COV-2
    cover_three_quarters: int = -4  # EQ-COV-2
    off_hand_penalty: int = -4  # EQ-GEN-2
    extra_weapon_step: int = -2  # EQ-ACT-6: 2nd weapon -2, 3rd -4
    several_weapons: bool = False  # EQ-ACT-6 (equestria on): each one-handed weapon attacks in the same action; a house rule elsewhere
    poor_visibility_penalty: int = -3  # EQ-VIS-1
    # Seed 003's position modifiers belong to tactical_d10 only (RULES.md Revision 3,
    # "Rules one seed has and the others borrow"): off here, a house rule elsewhere.
    posture_cover: bool = False  # TAC-POS-1 (tactical_d10 on): crouched turns half cover full, prone quarter
    melee_vs_crouched: int = 0  # TAC-POS-1 (tactical_d10 +2)
    melee_vs_prone: int = 0  # TAC-POS-1 (tactical_d10 +4)
    ranged_vs_prone: int = 0  # TAC-POS-1 (tactical_d10 -2)
    flanking_advantage: bool = False  # TAC-POS-2 (tactical_d10 on)
    slowed_melee: int = 0  # TAC-POS-3 (tactical_d10 +1)
    slowed_ranged_per_mp: int = 0  # TAC-POS-3 (tactical_d10 +1 per MP)
    unnoticed_auto_critical: bool = False  # TAC-POS-4 (tactical_d10 on)
    moving_ac: int = 0  # TAC-POS-5 (tactical_d10 +2)
    moving_ac_mounted: int = 0  # TAC-POS-5 (tactical_d10 +4)
    # -- damage types (TAC-DMG-1, TAC-DMG-2) ----------------------------------
    resistance_percent: int = 50  # DEFAULT: a resisted type deals half (round down)
    weakness_percent: int = 150  # DEFAULT: a weakness adds half (the seed's +50% of holy/necrotic)
    alignment_bonus_percent: int = 50  # TAC-DMG-2
    holy_bonus_alignments: tuple[str, ...] = ("chaotic evil",)  # TAC-DMG-2
    necrotic_bonus_alignments: tuple[str, ...] = ("lawful good",)  # TAC-DMG-2
    armour_ignoring_types: tuple[str, ...] = ("penetrating", "true")  # TAC-DMG-2
    type_effects: bool = False  # TAC-DMG-2 on-hit effects (True in tactical_d10)
    # -- conditions (TAC-EFF-1..4) -------------------------------------------
    burning_step: int = 1  # TAC-EFF-1: N, then N+1
    extinguish_base: int = 4  # TAC-EFF-1: Body check vs 4 + N
    extinguish_stat: str = "BODY"  # TAC-EFF-1
    poison_step: int = 1  # TAC-EFF-4
    bleeding_step: int = -1  # DEFAULT: bleeding N deals N at turn start, then N-1
    effect_level: int = 1  # DEFAULT: level of burning/frozen/poisoned/dazed/blinded a hit gives (TAC-DMG-2)
    # -- everyday (EQ-DAY-2, EQ-DAY-3) ---------------------------------------
    theft_min_dex: int = 2  # EQ-DAY-2
    theft_stat: str = "DEX"  # EQ-DAY-2
    weapon_poison_rounds: int = 60  # EQ-DAY-3: 10 minutes of 10-second rounds
    preparation_bonus: int = 0  # EQ-SIT-2: GM-granted bonus, DEFAULT none
    # -- falls, squeezing --------------------------------------------
    fall_damage_type: str = "bludgeoning"  # EQ-FALL-1 DEFAULT: falls deal bludgeoning damage
    prone_flier_falls: bool = False  # PR-MOV-5 (True in power_roll): a flier knocked prone or at speed 0 falls unless it hovers
    speed_zero_conditions: tuple[str, ...] = ("grappled", "iced")  # PR-MOV-5: conditions that set speed 0 (TAC-ACT-2, TAC-EFF-2)
    squeeze_penalty: int = -4  # SRD-MOV-8: to attacks and to AC while squeezing
    shield_word: str = "shield"  # DEFAULT: an inventory item named with this word is a shield (EQ-ACT-4 block, TAC-DMG-2)
    shield_cover: str = "none"  # TAC-DMG-2: cover a shield gives its bearer, which chopping ignores (DEFAULT none; tactical_d10 half)
    # -- areas (EQ-GEN-3) ------------------------------------------------------
    cone_angle: int = 90  # EQ-GEN-3 DEFAULT: one angle for both cones, in degrees
    small_cone_length: int = 3  # EQ-GEN-3 DEFAULT: cells
    large_cone_length: int = 6  # EQ-GEN-3 DEFAULT: cells
    # -- sight (core.board.geometry.sight.SightSettings) -------------------------------
    eye_height: int = 1  # DEFAULT: a medium creature is 2 tall (EQ-MAP-3), its eyes at 1
    creature_cover: str = "half"  # EQ-COV-2: a creature between, hostile or friendly, gives half cover
    burrowed_cover: str = "half"  # PR-BUR-1 DEFAULT grade
    flank_exact_middle: bool = True  # TAC-POS-2 "in the middle" (DEFAULT: at equal distance from both)
    cover_next_to_attacker: bool = False  # EQ-COV-1 DEFAULT (b): an obstacle next to the attacker, farther from the target, gives no cover (True: reading (a))
    window_blocks_sight: bool = False  # DEFAULT (EQ-MAP-4): a window on a cell side lets sight through
    window_cover: str = "full"  # DEFAULT (EQ-MAP-4, EQ-COV-2): a window covers as a glass wall does, seen but not shot through
    # -- mounts (EQ-MNT-9, in every ruleset) ---------------------------------
    seat_rounding: str = "rearward"  # EQ-MNT-9 DEFAULT: a mount of no 3-cell or 2-cell shape seats its rider at the centre rounding rearward ("forward": rounding forward)
    # -- initiative (EQ-INIT-2, in every ruleset) ------------------------------------
    rolloff_die: int = 20  # EQ-INIT-2 DEFAULT: tied creatures roll off on 1d20 each (re-rolling ties)
    initiative_tie_reading: str = "step_down"  # EQ-INIT-2 DEFAULT (a): a roll-off loser steps down to the next free value, past lower rollers ("after_winner": reading (b), slotted right after the winner, ahead of them)
