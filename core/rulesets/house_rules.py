"""A ruleset's house rules: its settings as a campaign overrides them.

:class:`HouseRules` is the part of :class:`core.rulesets.base.Ruleset` that
reads, checks and applies them: the form's path (:meth:`HouseRules.read_house_rule`,
by the setting's shape, :mod:`core.dice.setting_notation`), what would break
play (:meth:`HouseRules.house_rule_refusal`, rows and tables by
:mod:`core.rulesets.setting_checks`), and the overrides themselves
(:meth:`HouseRules.with_house_rules`, :meth:`HouseRules.house_rules`). An
unknown name or a value of the wrong type is refused; a renamed or retired
one of an older campaign still loads.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar, Self

from core.dice.setting_notation import Shape, parse_setting, shape_of
from core.errors import RulesError
from core.rulesets.setting_checks import row_refusal, word_refusal
from core.values.mobility import Size

SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "diagonal": ("same", "alternate"),  # the movement models' diagonal rule (EQ-MOV-2, SRD-MOV-2)
    "corner": ("one", "both", "any"),  # which walls stop a diagonal past a corner (SRD-MOV-3)
    **dict.fromkeys(("creature_cover", "burrowed_cover", "shield_cover", "window_cover"), ("none", "quarter", "half", "three-quarters", "full")),  # EQ-COV-2 grades
    "initiative_tie_reading": ("step_down", "after_winner"),  # EQ-INIT-2 readings (a) and (b)
    "seat_rounding": ("rearward", "forward"),  # EQ-MNT-9: where the centre of an even footprint rounds
    "opposed_tie": ("reroll", "none"),  # EQ-WAR-1: equal battle totals are re-rolled, or nobody loses
}
"""Settings that name one of a few rules, and the names they take."""

SIZE_SETTINGS = ("size_reach", "size_categories", "obstacle_size", "enter_squares_size")
"""Settings that name sizes of :class:`core.values.mobility.Size`."""
SIZE_NAMES = tuple(size.value for size in Size)
SIGNED_MODIFIERS = ("cover_quarter", "melee_vs_crouched", "melee_vs_prone", "ranged_vs_prone", "slowed_melee",
                    "slowed_ranged_per_mp", "preparation_bonus")
"""Modifiers to a roll whose DEFAULT is 0 in some ruleset: a house rule may make them a penalty (quarter cover -1)."""


class HouseRules:
    """The house rules of a ruleset (mixed into :class:`core.rulesets.base.Ruleset`,
    which gives ``id``, ``Settings``, ``settings`` and ``sheet_names``)."""

    renamed_settings: ClassVar[dict[str, str]] = {}
    """Old setting name -> its name now, so house rules saved by an older version still load."""
    retired_settings: ClassVar[frozenset[str]] = frozenset()
    """Settings an older version offered here that no rule of this ruleset
    reads: a saved house rule of one still loads and is dropped (it changed nothing)."""

    if TYPE_CHECKING:
        id: ClassVar[str]
        Settings: ClassVar[type]
        settings: Any

        def __init__(self, settings: Any | None = None) -> None: ...

        @property
        def sheet_names(self) -> tuple[str, ...]: ...

    def with_house_rules(self, overrides: dict[str, Any]) -> Self:
        """A copy with some settings replaced; raises :class:`RulesError`
        naming an unknown setting or a value of the wrong type."""
        fields = {f.name: f for f in dataclasses.fields(self.settings)}
        clean: dict[str, Any] = {}
        for key, value in overrides.items():
            key = self.renamed_settings.get(key, key)
            if key in self.retired_settings and key not in fields:
                continue
            if key not in fields:
                raise RulesError(f"{self.id} has no setting {key!r}")
            current = getattr(self.settings, key)
            if isinstance(current, bool) != isinstance(value, bool) or not isinstance(value, type(current)):
                if isinstance(current, tuple) and isinstance(value, list):
                    value = _tuples(value)  # a saved row or table comes back as lists
                else:
                    raise RulesError(f"setting {key!r} needs a {type(current).__name__}, got {value!r}")
            clean[key] = value
        return type(self)(dataclasses.replace(self.settings, **clean))

    def house_rule_refusal(self, name: str, value: Any) -> str | None:
        """Why setting ``name`` to ``value`` would break play, or ``None``:
        a count, distance or bonus whose DEFAULT is not negative must not be
        (movement points -3), a die needs a side (``fall_die`` 0 rolled
        ``3d0``), a ``..._stat`` names a stat or skill of this ruleset, a
        row or table means what its rule needs (a torch's bright range within
        its dim one: :mod:`core.rulesets.setting_checks`)."""
        default = getattr(self.Settings(), name, None)
        if isinstance(value, bool) or isinstance(default, bool):
            return None
        if name in SIZE_SETTINGS:
            named = [value] if isinstance(value, str) else [e[0] if isinstance(e, tuple) else e for e in value]
            unknown = [n for n in named if n not in SIZE_NAMES]
            if unknown:
                return f"{name} names sizes: {', '.join(SIZE_NAMES)} (not {', '.join(map(str, unknown))})"
        if isinstance(value, tuple) and isinstance(default, tuple):
            return _row_refusal(name, value, default) or row_refusal(self, name, value)
        if name in SETTING_CHOICES and value not in SETTING_CHOICES[name]:
            return f"{name} is one of {', '.join(SETTING_CHOICES[name])}"
        if isinstance(value, int) and isinstance(default, int):
            if ("die" in name.split("_") or name.endswith("_sides")) and value < 1:
                return f"{name} is a die: at least 1 side"
            if name.endswith("_turns") and default >= 1 and value < 1:
                return f"{name} lasts at least 1 turn (its DEFAULT is {default})"
            if default >= 0 and value < 0 and name not in SIGNED_MODIFIERS:
                return f"{name} cannot be negative (its DEFAULT is {default})"
        if isinstance(value, str) and name.endswith("_stat") and value != default and value not in self.sheet_names:
            return f"{name} names a stat: one of {', '.join(self.sheet_names)}"
        if isinstance(value, str) and value != default:
            return word_refusal(self, name, value)
        return None

    def setting(self, name: str) -> Any:
        """The value of setting ``name`` in this campaign (its house rule, or
        the DEFAULT); raises :class:`RulesError` when the ruleset has none."""
        if name not in {f.name for f in dataclasses.fields(self.settings)}:
            raise RulesError(f"{self.id} has no setting {name!r}")
        return getattr(self.settings, name)

    def settings_and_defaults(self) -> list[tuple[str, Any, Any]]:
        """Every setting as ``(name, value now, DEFAULT)``, in the order of
        the ruleset's settings (what the House rules list shows)."""
        defaults = type(self.settings)()
        return [(f.name, getattr(self.settings, f.name), getattr(defaults, f.name)) for f in dataclasses.fields(self.settings)]

    def setting_shape(self, name: str) -> Shape:
        """The :class:`core.dice.setting_notation.Shape` of setting ``name``
        (what the house-rules form reads: a number, a row, a table ...)."""
        field = next((f for f in dataclasses.fields(self.settings) if f.name == name), None)
        if field is None:
            raise RulesError(f"{self.id} has no setting {name!r}")
        return shape_of(field.type, getattr(self.settings, name))

    def read_house_rule(self, name: str, text: str) -> dict[str, Any]:
        """The campaign's house rules after the GM types ``text`` for
        setting ``name`` in the house-rules form: read by the setting's
        shape (:func:`core.dice.setting_notation.parse_setting`), checked by
        :meth:`house_rule_refusal` and :meth:`with_house_rules`; ``default``
        puts the DEFAULT back. Raises :class:`RulesError` (a
        :class:`~core.errors.NotationError` for what cannot be read), and
        then nothing changes."""
        shape = self.setting_shape(name)
        current = getattr(self.settings, name)
        if text.strip().lower() == "default":
            value = getattr(self.Settings(), name)
        else:
            value = parse_setting(text, current, shape, name)
            refusal = self.house_rule_refusal(name, value)
            if refusal is not None:
                raise RulesError(refusal)
        overrides = dict(self.house_rules())
        overrides[name] = value
        return self.with_house_rules(overrides).house_rules()

    def house_rules(self) -> dict[str, Any]:
        """The settings that differ from this ruleset's defaults."""
        defaults = self.Settings()
        return {
            f.name: getattr(self.settings, f.name)
            for f in dataclasses.fields(self.settings)
            if getattr(self.settings, f.name) != getattr(defaults, f.name)
        }


def _tuples(value: Any) -> Any:
    """A saved value with every list made a tuple again (rows and tables)."""
    return tuple(_tuples(x) for x in value) if isinstance(value, (list, tuple)) else value


def _row_refusal(name: str, value: tuple[Any, ...], default: tuple[Any, ...]) -> str | None:
    """Why a row or table ``value`` would break play: a number that is
    never negative by DEFAULT must not be, a table's numbers likewise."""
    def numbers(row: tuple[Any, ...]) -> list[int]:
        flat = [x for entry in row for x in (entry if isinstance(entry, tuple) else (entry,))]
        return [x for x in flat if isinstance(x, int) and not isinstance(x, bool)]

    if numbers(default) and min(numbers(default)) >= 0 and numbers(value) and min(numbers(value)) < 0:
        return f"{name} cannot hold a negative number (its DEFAULT is {default})"
    return None
