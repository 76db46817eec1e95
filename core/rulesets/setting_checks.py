"""What a row or table house rule must mean before play takes it.

The house-rules form reads a typed value by its shape
(:mod:`core.dice.setting_notation`: two whole numbers for the torch, a
table of ``name number`` entries ...); these checks say whether the value
makes sense for the rule it sets: a torch whose bright range passes its
dim one (``12, 6``) or that lights nothing (``0, 0``, EQ-VIS-2), a travel
divisor of 0 (EQ-TRV-1), a size that is not one. Every row and table
setting of every ruleset has its check in :data:`ROW_CHECKS` (a test walks
them); :func:`row_refusal` is what
:meth:`core.rulesets.base.Ruleset.house_rule_refusal` asks. A check is
``(ruleset, name, value) -> reason or None``; a refused value changes nothing.
A word setting that names one of a few things (the action kind a door
spends, a damage type, a sense) has its check in :data:`WORD_CHECKS`
(:func:`word_refusal`): ``door_action = banana`` is refused in the form, not
when a door is opened.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from core.board.vision import WEATHERS
from core.dice.setting_notation import DICE
from core.values.damage_types import DamageType
from core.values.mobility import Size

RowCheck = Callable[[Any, str, tuple[Any, ...]], "str | None"]
"""``(ruleset, setting name, value) -> why it is refused, or None``."""

SIZE_NAMES = tuple(size.value for size in Size)
CROSSABLE = ("tree", "wall")  # TAC-MAP-1: the obstacles with no movement in the seed (DEFAULT: they block)
WEIGHTS = ("light", "medium", "heavy")  # SRD-MOV-13: armour and loads (d20 SRD)
ALIGNMENT = re.compile(r"[a-z][a-z -]{0,29}")  # as the sheet takes one (core.combat.sheet, TAC-DMG-2)
SENSE = re.compile(r"[a-z][a-z -]{0,19}")  # as the sheet takes a main sense (core.combat.sheet, TAC-POS-6)
SHEET_NAME = re.compile(r"[A-Z][A-Z0-9_]{0,19}")  # a value on the sheet, in capitals as the stats are (RIDING)


def _numbers(value: tuple[Any, ...]) -> list[int]:
    return [x for x in value if isinstance(x, int) and not isinstance(x, bool)]


def sight_ranges(lights: bool) -> RowCheck:
    """EQ-VIS-1, EQ-VIS-2: ``(clear, poor)`` sight in cells; clear sight
    never reaches farther than poor sight; a light source (``lights``:
    torch, lantern) lights at least its dim cell."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        clear, poor = value
        if clear < 0 or poor < 0:
            return f"{name} is cells of sight (clear, poor): not negative"
        if clear > poor:
            return f"{name} is (bright, dim) cells: the bright range {clear} cannot reach farther than the dim one {poor} (EQ-VIS-2)"
        if lights and poor < 1:
            return f"a {name} at {clear}, {poor} lights no cell: give it a dim range of at least 1 (EQ-VIS-2)"
        return None
    return check


def at_least(least: int, rule: str, what: str = "each number") -> RowCheck:
    """Every number of the row (or table) at least ``least``."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        flat = [x for entry in value for x in (entry if isinstance(entry, tuple) else (entry,))]
        low = [x for x in _numbers(tuple(flat)) if x < least]
        if low:
            return f"{name}: {what} is at least {least} ({rule}), not {low[0]}"
        return None
    return check


def not_falling(rule: str, what: str) -> RowCheck:
    """A row by rising result or size whose numbers never fall (hero bonus by tier)."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        numbers = _numbers(value)
        if any(b < a for a, b in zip(numbers, numbers[1:])):
            return f"{name} is by {what}: a later place cannot hold less than an earlier one ({rule})"
        return None
    return check


def rising(rule: str) -> RowCheck:
    """Thresholds that rise strictly (EQ-ACT-5: stat +1 -> 1d4, +4 -> 1d6)."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        numbers = _numbers(value)
        if any(b <= a for a, b in zip(numbers, numbers[1:])):
            return f"{name} are thresholds: each higher than the one before ({rule})"
        return None
    return check


def names_in(known: Callable[[Any], tuple[str, ...]], what: str, rule: str, unique: bool = True) -> RowCheck:
    """Names each of which is one of ``known(ruleset)``, none twice."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        names = [entry[0] if isinstance(entry, tuple) else entry for entry in value]
        allowed = known(ruleset)
        unknown = [n for n in names if n not in allowed]
        if unknown:
            return f"{name} names {what}: {', '.join(allowed)} (not {', '.join(map(str, unknown))}) ({rule})"
        if unique and len(set(names)) != len(names):
            return f"{name} names each of its {what} once ({rule})"
        return None
    return check


def at_least_entries(least: int, what: str, rule: str) -> RowCheck:
    """A row of at least ``least`` entries (a size ladder of one size tells no sizes apart)."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        if len(value) < least:
            return f"{name} names at least {least} {what} ({rule}), not {len(value)}"
        return None
    return check


def distinct(what: str, rule: str) -> RowCheck:
    """Free names (classes, terrains), none twice and none blank."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        names = [entry[0] if isinstance(entry, tuple) else entry for entry in value]
        if any(not str(n).strip() for n in names):
            return f"{name} names {what}: an entry is blank ({rule})"
        if len(set(names)) != len(names):
            return f"{name} names each of its {what} once ({rule})"
        return None
    return check


def alignments(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
    """TAC-DMG-2: alignments as a sheet holds them (words: chaotic evil)."""
    bad = [a for a in value if not ALIGNMENT.fullmatch(a)]
    if bad:
        return f"{name} names alignments in words, e.g. chaotic evil (not {bad[0]!r}) (TAC-DMG-2)"
    return distinct("alignments", "TAC-DMG-2")(ruleset, name, value)


def same_count(other: str, offset: int, rule: str) -> RowCheck:
    """A row whose length follows another setting's (``unarmed_dice``: one
    more than ``unarmed_thresholds``)."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        want = len(getattr(ruleset.settings, other)) + offset
        if len(value) != want:
            return f"{name} holds {want} entries, as {other} has {len(getattr(ruleset.settings, other))} ({rule})"
        return None
    return check


def encumbered(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
    """SRD-MOV-13: ``(speed, speed when slowed)`` in feet; slowed is never faster, speeds once each."""
    for speed, slowed in value:
        if not 0 <= slowed <= speed:
            return f"{name}: a speed {speed} slowed to {slowed} would not be slowed (0 to {speed}) (SRD-MOV-13)"
    if len({speed for speed, _ in value}) != len(value):
        return f"{name} gives each speed once (SRD-MOV-13)"
    return None


def dice_or_none(rule: str) -> RowCheck:
    """Dice by place (``4d6``), ``-`` (empty) where a place deals nothing."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        bad = [x for x in value if x and not DICE.match(str(x))]
        if bad:
            return f"{name} holds dice such as 2d6 or - for none (not {bad[0]!r}) ({rule})"
        return None
    return check


def every(*checks: RowCheck) -> RowCheck:
    """The first refusal of ``checks``, in order."""
    def check(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
        return next((r for c in checks if (r := c(ruleset, name, value)) is not None), None)
    return check


def _sheet(ruleset: Any) -> tuple[str, ...]:
    return tuple(ruleset.sheet_names)


ROW_CHECKS: dict[str, RowCheck] = {
    # sight (EQ-VIS-1, EQ-VIS-2): (clear, poor) cells
    **dict.fromkeys(("day", "night", "darkness", "fog", "downpour"), sight_ranges(lights=False)),
    **dict.fromkeys(("torch", "lantern"), sight_ranges(lights=True)),
    # mass combat, travel, training, breath
    "hero_bonus": not_falling("EQ-WAR-2", "result, worst first"),
    "hero_damage": dice_or_none("EQ-WAR-2"),
    "terrain_divisor": every(at_least(1, "EQ-TRV-1", "a divisor"), distinct("terrains", "EQ-TRV-1")),
    "road_terrains": distinct("terrains", "EQ-TRV-1"),
    "days_per_trick": at_least(1, "EQ-ANI-1", "a trick's days"),
    "seconds_per_body": at_least(1, "EQ-BRE-1", "a Body point's seconds"),
    # sizes and bodies
    "size_reach": every(names_in(lambda r: SIZE_NAMES, "sizes", "SRD-MOV-4"), at_least(1, "EQ-MAP-3", "a reach")),
    "size_categories": every(names_in(lambda r: SIZE_NAMES, "sizes", "SRD-MOV-4"), at_least_entries(2, "sizes", "EQ-SIZE-1")),
    "body_heights": at_least(1, "EQ-MAP-3", "a body's height"),
    # attacks and damage
    "unarmed_dice": same_count("unarmed_thresholds", 1, "EQ-ACT-5"),
    "unarmed_thresholds": every(rising("EQ-ACT-5"), same_count("unarmed_dice", -1, "EQ-ACT-5")),
    **dict.fromkeys(("holy_bonus_alignments", "necrotic_bonus_alignments"), alignments),
    **dict.fromkeys(("armour_ignoring_types", "ac_ignoring_types"),
                    names_in(lambda r: tuple(t.value for t in DamageType), "damage types", "TAC-DMG-2")),
    "speed_zero_conditions": names_in(lambda r: tuple(r.condition_names), "conditions", "PR-MOV-5"),
    "stats": distinct("stats", "EQ-STAT-1"),
    # srd35 loads and armour (SRD-MOV-13)
    "encumbered_speeds": encumbered,
    **dict.fromkeys(("slowing_armour", "slowing_loads", "heavy_loads_run"), names_in(lambda r: WEIGHTS, "weights", "SRD-MOV-13")),
    **dict.fromkeys(("bonus_lost_in_heavy_armour", "bonus_lost_in_armour"), distinct("classes", "SRD-MOV-13")),
    "hampering_weathers": names_in(lambda r: tuple(w for w in WEATHERS if w != "clear"), "weathers", "EQ-VIS-1"),
    "overrun_defence_stats": names_in(_sheet, "stats", "SRD-MOV-16"),
    # jumps
    "jump_mp": at_least(1, "TAC-MOV-3", "a jump's MP"),
    "jump_difficulty": every(at_least(1, "TAC-MOV-3", "a difficulty"), not_falling("TAC-MOV-3", "cells cleared")),
    "jump_tier_bonus": not_falling("PR-MOV-4", "tier"),
    "obstacle_crossing": every(names_in(lambda r: CROSSABLE, "obstacles", "TAC-MAP-1"), at_least(1, "TAC-MAP-1", "a crossing's MP")),
}
"""Setting name -> its check; every row and table setting has one."""


def row_refusal(ruleset: Any, name: str, value: tuple[Any, ...]) -> str | None:
    """Why row or table ``value`` for setting ``name`` makes no sense
    (:data:`ROW_CHECKS`), or ``None``; a setting with no check here is refused
    outright, so a new row setting cannot slip in unchecked."""
    check = ROW_CHECKS.get(name)
    if check is None:
        return f"{name} has no check of what it means: it cannot be changed here yet"
    return check(ruleset, name, value)


WordCheck = Callable[[Any, str, str], "str | None"]
"""``(ruleset, setting name, word) -> why it is refused, or None``."""


def one_of(known: Callable[[Any], tuple[str, ...]], what: str, rule: str, empty: str = "") -> WordCheck:
    """A word that is one of ``known(ruleset)``; ``empty`` (when given) says
    what an empty word means, and then it is taken."""
    def check(ruleset: Any, name: str, value: str) -> str | None:
        allowed = known(ruleset)
        if value in allowed or (empty and value == ""):
            return None
        blank = f", or empty for {empty}" if empty else ""
        return f"{name} names {what}: one of {', '.join(allowed)}{blank} (not {value!r}) ({rule})"
    return check


def matching(pattern: re.Pattern[str], what: str, rule: str) -> WordCheck:
    """A free word of the form the sheet takes (a sense: ``hearing``)."""
    def check(ruleset: Any, name: str, value: str) -> str | None:
        if pattern.fullmatch(value):
            return None
        return f"{name} names {what} (not {value!r}) ({rule})"
    return check


def dice_or_empty(rule: str) -> WordCheck:
    """Dice (``1d6``), or empty where nothing is rolled."""
    def check(ruleset: Any, name: str, value: str) -> str | None:
        if value == "" or DICE.match(value):
            return None
        return f"{name} is dice such as 1d6, or empty for none (not {value!r}) ({rule})"
    return check


def _kinds(ruleset: Any) -> tuple[str, ...]:
    return tuple(ruleset.action_kinds)


def _action(rule: str, empty: str = "") -> WordCheck:
    return one_of(_kinds, "the action kind it spends", rule, empty)


WORD_CHECKS: dict[str, WordCheck] = {
    # the action kind a rule spends (a ruleset's kinds: equestria full, quick, reaction)
    "door_action": _action("Revision 3 Doors", empty="none: door_movement MP instead, or nothing"),
    "break_action": _action("Revision 3 Doors"),
    "takeoff_action": _action("EQ-MOV-3"),
    "dive_action": _action("EQ-MOV-7"),
    "throw_action": _action("EQ-ACT-4"),
    "dig_action": _action("PR-BUR-1"),
    "shake_off_action": _action("PR-CLB-1"),
    "overrun_kind": _action("SRD-MOV-16"),
    # names of a fixed list
    "fall_damage_type": one_of(lambda r: tuple(t.value for t in DamageType), "a damage type", "EQ-FALL-1"),
    "break_fumble_damage": dice_or_empty("EQ-CHK-3"),
    # free words of the sheet's form
    "sight_sense": matching(SENSE, "a sense as a sheet's main sense is written, e.g. sight, hearing", "TAC-POS-6"),
    "shield_word": matching(re.compile(r"\S.{0,29}"), "the word an inventory item named as a shield holds, e.g. shield", "EQ-ACT-4"),
}
"""Word setting name -> its check, beside the stats and skills (every
``..._stat`` names one of the ruleset's sheet values; a skill setting names
a sheet value, in capitals), the sizes and
:data:`core.rulesets.house_rules.SETTING_CHOICES`."""


def word_refusal(ruleset: Any, name: str, value: str) -> str | None:
    """Why word ``value`` for setting ``name`` makes no sense
    (:data:`WORD_CHECKS`; a skill setting: a sheet name in capitals), or ``None``."""
    check = WORD_CHECKS.get(name)
    if check is not None:
        return check(ruleset, name, value)
    if name in ruleset.skill_settings and not SHEET_NAME.fullmatch(value):
        return f"{name} names a value on the sheet, in capitals like {getattr(ruleset.Settings(), name)} (not {value!r})"
    return None
