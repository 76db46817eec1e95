"""Editing a creature sheet: validated changes, one readable event.

Handler of :class:`core.combat.commands.EditCombatant`. Every value is checked
before anything changes; a refusal names the field. Names and notes may not
hold control characters (they reach terminals and files).
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.values import limits as lim
from core.values.combatant import Combatant, Inventory
from core.combat.damage import DamageType
from core.errors import IllegalCommand, NotationError
from core.dice.notation import parse_saved_attacks, saved_attacks_text
from core.values.attacks import SavedAttack
from core.values.mobility import MoveType

from core.combat.map_commands import EditCombatant, SheetChanges
from core.combat.limbs import MAX_FORE_LIMBS, limbs_in_use

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]

MAX_NAME = lim.MAX_NAME
MAX_NOTES = lim.MAX_NOTES
STAT_NAME = re.compile(r"^[A-Z][A-Z_]{0,15}$")
DAMAGE_TYPES = frozenset(t.value for t in DamageType)
MOVE_TYPES = frozenset(m.value for m in MoveType)


def _text(value: str, field: str, limit: int, allow_newlines: bool = False) -> str:
    bad = [ch for ch in value if (ord(ch) < 32 and not (allow_newlines and ch in "\n\t")) or 0x7F <= ord(ch) < 0xA0]
    if bad:
        raise IllegalCommand(f"{field} cannot hold control characters")
    if len(value) > limit:
        raise IllegalCommand(f"{field} is longer than {limit} characters")
    return value


def _number(value: int, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand(f"{field} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise IllegalCommand(f"{field} must be between {low} and {high}, not {value}")
    return value


def _types(values: tuple[str, ...], field: str) -> tuple[str, ...]:
    unknown = [v for v in values if v not in DAMAGE_TYPES]
    if unknown:
        raise IllegalCommand(f"{field}: unknown damage type {unknown[0]!r}; use one of {', '.join(sorted(DAMAGE_TYPES))}", "TAC-DMG-1")
    return tuple(dict.fromkeys(values))


def _attacks(attacks: tuple[SavedAttack, ...], ruleset: Any) -> tuple[SavedAttack, ...]:
    """Each saved attack read back through its notation (names and weapons
    checked, written the one way, :func:`core.dice.notation.saved_attacks_text`)."""
    stat_names = tuple(ruleset.stat_names) if ruleset is not None else ()
    try:
        return parse_saved_attacks(saved_attacks_text(tuple(a for a in attacks)), stat_names) if attacks else ()
    except NotationError as problem:
        raise IllegalCommand(f"attacks: {problem}") from None


def _validated(old: Combatant, c: SheetChanges, ruleset: Any = None) -> dict[str, Any]:
    new: dict[str, Any] = {}
    if c.name is not None:
        name = _text(c.name.strip(), "a name", MAX_NAME)
        if not name:
            raise IllegalCommand("a name cannot be empty")
        new["name"] = name
    if c.side is not None:
        new["side"] = c.side
    if c.stats is not None:
        stats = dict(old.stats)
        for key, value in c.stats.items():
            if not STAT_NAME.match(key):
                raise IllegalCommand(f"{key!r} is not a stat name (capital letters, e.g. STR)")
            if ruleset is not None and key not in ruleset.sheet_names:  # it would count as +0
                raise IllegalCommand(f"{key} is not a stat of {ruleset.id} ({ruleset.sheet_names_text()})")
            stats[key] = _number(value, key, -50, 100)
        new["stats"] = stats
    hp_max = _number(c.hp_max, "maximum HP", 1, 100_000) if c.hp_max is not None else old.hp_max
    if c.hp_max is not None:
        new["hp_max"] = hp_max
    if c.hp is not None:
        new["hp"] = _number(c.hp, "HP", 0, hp_max)
    elif old.hp > hp_max:
        new["hp"] = hp_max
    if c.hp_temp is not None:
        new["hp_temp"] = _number(c.hp_temp, "temporary HP", 0, 100_000)
    if c.ac is not None:
        new["ac"] = _number(c.ac, "AC", 0, 100)
    if c.speeds is not None:
        for key, value in c.speeds.items():
            if key not in MOVE_TYPES:
                raise IllegalCommand(f"unknown movement type {key!r}; use one of {', '.join(sorted(MOVE_TYPES))}", "PR-MOV-1")
            _number(value, f"{key} speed", 0, 1000)
        new["speeds"] = {**old.speeds, **c.speeds}
    if c.size is not None:
        new["size"] = c.size
    if c.armour is not None:
        for key, value in c.armour.items():
            if key != "any" and key not in DAMAGE_TYPES:
                raise IllegalCommand(f"armour: unknown damage type {key!r}", "TAC-DMG-1")
            _number(value, f"armour against {key}", -100, 100)
        new["armour"] = dict(c.armour)
    for field_name in ("resistances", "weaknesses", "immunities"):
        value = getattr(c, field_name)
        if value is not None:
            new[field_name] = _types(value, field_name)
    if c.notes is not None:
        new["notes"] = _text(c.notes, "notes", MAX_NOTES, allow_newlines=True)
    if c.inventory is not None:
        items = c.inventory.quick + c.inventory.slow
        for item in items:
            if not item.strip():
                raise IllegalCommand("an item needs a name")
            _text(item, "an item", MAX_NAME)
        new["inventory"] = Inventory(tuple(i.strip() for i in c.inventory.quick), tuple(i.strip() for i in c.inventory.slow))
    if c.fore_limbs is not None:
        new["fore_limbs"] = _number(c.fore_limbs, "fore-limbs", 0, MAX_FORE_LIMBS)
        if limbs_in_use(old) > c.fore_limbs:
            raise IllegalCommand(f"{old.name} holds items in {limbs_in_use(old)} limbs: let go of some first", "EQ-ACT-7")
    if c.attacks is not None:
        new["attacks"] = _attacks(c.attacks, ruleset)
    if c.main_sense is not None:
        sense = c.main_sense.strip().lower()
        if not re.fullmatch(r"[a-z][a-z -]{0,19}", sense):
            raise IllegalCommand("the main sense is a word, e.g. sight, hearing, smell", "TAC-POS-6")
        new["main_sense"] = sense
    return new


def _describe(old: Combatant, new: Combatant, keys: list[str]) -> tuple[str, ...]:
    out = []
    for key in keys:
        before, after = getattr(old, key), getattr(new, key)
        if before == after:
            continue
        if key == "stats":
            for stat in sorted(set(before) | set(after)):
                if before.get(stat) != after.get(stat):
                    out.append(f"{stat} {before.get(stat, 0):+d} -> {after.get(stat, 0):+d}")
        elif key == "inventory":
            out.append(f"inventory: belt {', '.join(after.quick) or '-'}; pack {', '.join(after.slow) or '-'}")
        elif key == "notes":
            out.append("notes changed")
        elif key == "attacks":
            out.append(f"attacks: {', '.join(a.name for a in after) or '-'}")
        else:
            shown = {"hp_max": "max HP", "hp": "HP", "hp_temp": "temporary HP", "ac": "AC", "fore_limbs": "fore-limbs", "main_sense": "main sense"}.get(key, key)
            fmt = (lambda v: v.value if hasattr(v, "value") else ", ".join(f"{k} {x}" for k, x in v.items()) if isinstance(v, dict) else ", ".join(v) if isinstance(v, tuple) else v)
            def show(value: Any) -> Any:
                text = fmt(value)
                return "-" if text in ("", None) else text

            out.append(f"{shown} {show(before)} -> {show(after)}")
    return tuple(out)


def edit(enc: Table, state: EncounterState, command: EditCombatant) -> Result:
    """Apply :class:`~core.combat.commands.EditCombatant`; refuses (naming the
    field) anything out of range, and a change that changes nothing."""
    old = state.combatant(command.combatant)
    new_values = _validated(old, command.changes, enc.ruleset)
    new = replace(old, **new_values)
    changes = _describe(old, new, [f.name for f in fields(SheetChanges) if f.name in new_values] + (["hp"] if "hp" in new_values else []))
    changes = tuple(dict.fromkeys(changes))
    if not changes:
        raise IllegalCommand("nothing to change")
    event = ev.SheetEdited(new.id, new.name, changes, old.name if old.name != new.name else "")
    return state.replace_combatant(new), (event,)


HANDLERS = {EditCombatant: edit}
