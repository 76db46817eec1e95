"""Every setting of every ruleset is a house rule a GM can type.

The walk: for each field of each ruleset's settings, a different value is
written as the house-rules form shows it (:func:`format_setting`), read
back through the form's own path (:meth:`Ruleset.read_house_rule`), saved
as a document and loaded again, and a short fight is played under it
(start, move, attack, the next turns): no traceback, only refusals.
The probes: for the rows and tables a GM could not change before (torch
6/12, fog, large creatures' reach, srd35 loads, hero bonus, days per
trick, jump MP) and the diagonal rule, the changed value is seen in play.
A field the walk cannot change with a sure-valid value is re-typed as it
is (names: the stat block, sizes, armour weights, action kinds):
:data:`RETYPED` lists the shapes and why.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from core.combat import commands as cmd
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.combat.damage import DamageType
from core.dice.setting_notation import DICE, format_setting
from core.errors import EncounterError, NotationError, RulesError
from core.rulesets import get
from core.rulesets.base import SETTING_CHOICES, Ruleset
from core.values.combatant import Combatant, Side
from core.board.grid import Grid
from saves.codec import to_document

RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")
DAMAGE_TYPES = tuple(t.value for t in DamageType)
RETYPED = "names that must match the sheet or another table (sizes, armour weights, action kinds, alignments, dice): re-typed unchanged"


def changed(ruleset: Ruleset, name: str) -> object:
    """A value of setting ``name`` other than its DEFAULT that play accepts (or the DEFAULT, re-typed: :data:`RETYPED`)."""
    value = getattr(ruleset.settings, name)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        if name in SETTING_CHOICES:
            return next(choice for choice in SETTING_CHOICES[name] if choice != value)
        others = [n for n in ruleset.sheet_names if n != value]
        if (name.endswith("_stat") or name in ruleset.skill_settings) and value in ruleset.sheet_names and others:
            return others[0]
        if value in ruleset.action_kinds:
            return next(kind for kind in ruleset.action_kinds if kind != value)
        if value in DAMAGE_TYPES:
            return next(t for t in DAMAGE_TYPES if t != value)
        if name == "shield_word":
            return "buckler"
        return value
    if value and isinstance(value[0], tuple):
        first = value[0]
        return ((first[0], first[1] + 1),) + value[1:]
    if value and all(isinstance(x, int) for x in value):
        return value[:-1] + (value[-1] + 1,)  # the last place: a row's numbers keep their order (core.rulesets.setting_checks)
    if name.endswith("_reach") and not value:
        return (("large", 2),)
    if value and DICE.match(value[0]):
        count, sides = value[0].split("d")
        return (f"{int(count) + 1}d{sides}",) + value[1:]
    if name.endswith("_types"):
        return value + (next(t for t in DAMAGE_TYPES if t not in value),)
    if name.endswith("_conditions"):
        return value + (next(c for c in ruleset.condition_names if c not in value),)
    if name.endswith("_alignments"):
        return value + ("neutral evil",)
    return value


def _fight(ruleset: Ruleset) -> Encounter:
    stats = dict.fromkeys(ruleset.stat_names, 1)
    a = Combatant("a", "A", Side.PARTY, stats, 20, 20, position=(2, 2))
    b = Combatant("b", "B", Side.FOE, stats, 20, 20, position=(5, 2))
    return Encounter(EncounterState("walk", Grid.filled(10, 8), (a, b)), ruleset, random.Random(5))


def _play(ruleset: Ruleset) -> None:
    enc = _fight(ruleset)
    for command in (cmd.StartCombat(starter="a"), cmd.Move("a", (4, 2)), cmd.Attack("a", "b", spend_action=False),
                    cmd.NextTurn(), cmd.Move("b", (5, 4)), cmd.NextTurn()):
        try:
            enc.apply(command)
        except EncounterError:
            pass  # a refusal is play going on


def _fields() -> list[tuple[str, str]]:
    return [(rid, f.name) for rid in RULESETS for f in dataclasses.fields(get(rid).settings)]


@pytest.mark.parametrize("rid", RULESETS)
def test_every_setting_is_typed_read_saved_and_played(rid):
    base = get(rid)
    for field in dataclasses.fields(base.settings):
        name = field.name
        value = changed(base, name)
        overrides = base.read_house_rule(name, format_setting(value))  # the form's path
        assert getattr(base.with_house_rules(overrides).settings, name) == value, name
        reloaded = get(rid, json.loads(json.dumps(to_document(overrides))))  # as the campaign file keeps it (saves.reading)
        assert getattr(reloaded.settings, name) == value, name
        _play(reloaded)
        assert base.read_house_rule(name, "default") == {}, name  # and back


def test_the_walk_changes_nearly_every_setting():
    kept = [(rid, name) for rid, name in _fields() if changed(get(rid), name) == getattr(get(rid).settings, name)]
    assert len(kept) <= 30, kept  # the names of RETYPED only


@pytest.mark.parametrize(("text", "message"), [
    ("6", "type 2 whole numbers"), ("6, twelve", "not a whole number"), ("6, -1", "cannot hold a negative"),
])
def test_a_torch_typed_wrong_is_refused_and_nothing_changes(text, message):
    ruleset = get("equestria")
    with pytest.raises(RulesError, match=message):
        ruleset.read_house_rule("torch", text)
    assert ruleset.house_rules() == {}


def test_a_table_typed_wrong_is_refused():
    ruleset = get("srd35")
    with pytest.raises(NotationError, match="each entry is 'name number'"):
        ruleset.read_house_rule("size_reach", "large 2, huge")
    with pytest.raises(NotationError, match="not dice"):
        get("equestria").read_house_rule("hero_damage", "4d6, 3d6, lots, -")
    with pytest.raises(RulesError, match="diagonal is one of same, alternate"):
        ruleset.read_house_rule("diagonal", "sideways")
    with pytest.raises(RulesError, match="names sizes: .* \\(not lrge\\)"):
        ruleset.read_house_rule("size_reach", "lrge 2")
    with pytest.raises(RulesError, match="names sizes"):
        ruleset.read_house_rule("obstacle_size", "enormous")


# -- probes: the changed value seen in play ----------------------------------------------
def _sighting(ruleset: Ruleset, weather: str, light: str, distance: int, torch: bool = False) -> str:
    from core.board.vision import Conditions, LightSource, VisionSettings, sighting

    sources = (LightSource("torch", cell=(0, 0)),) if torch else ()
    return sighting(distance, Conditions(light, weather, sources=sources) if weather else Conditions(light, sources=sources),
                    target_cells=((distance, 0),), settings=ruleset.settings_for(VisionSettings)).sighting.name


def _diagonal_cost(ruleset: Ruleset) -> int:
    enc = _fight(ruleset)
    enc.apply(cmd.StartCombat(starter="a"))
    from core.combat import events as ev

    return next(e for e in enc.apply(cmd.Move("a", (5, 5))) if isinstance(e, ev.Moved)).cost  # 3 diagonal steps


def _heavy_armour_feet(ruleset: Ruleset) -> int:
    mover = Combatant("a", "A", Side.PARTY, {}, 10, 10, armour_weight="heavy")
    return ruleset.movement.land_speed(mover)[0]


def _large_reach(ruleset: Ruleset) -> int:
    from core.board.battlefield import melee_reach
    from core.values.mobility import Size

    return melee_reach(ruleset.settings, Combatant("a", "A", Side.PARTY, {}, 10, 10, size=Size.LARGE))


def _hero_bonus(ruleset: Ruleset) -> tuple[int, ...]:
    from core.campaign.war.battle import WarSettings

    return ruleset.settings_for(WarSettings).hero_bonus


def _days_per_trick(ruleset: Ruleset) -> int:
    from core.campaign.training import TrainingSettings, days_per_trick

    return days_per_trick(1, ruleset.settings_for(TrainingSettings))


def _cone_cells(shape: str):
    def probe(ruleset: Ruleset) -> int:
        from core.board.geometry.templates import Template

        return len(Template.start(shape, (10, 10), ruleset.settings).cells((10, 10), Grid.filled(21, 21)))

    return probe


def _spear_wall(ruleset: Ruleset) -> tuple[int, bool]:
    """(turns the wall lasts, whether it still stands after striking a foe that dashed in)."""
    from dataclasses import replace

    from core.combat.attacks import Weapon, WeaponDamage
    from core.combat.damage import DamageType
    from core.rulesets.tactical_d10.weapon_areas import spear_wall_strikes, wall_cells
    from core.values.conditions import Condition

    enc = _fight(ruleset)
    enc.apply(cmd.StartCombat(starter="a"))
    enc.apply(cmd.SpearWall("a", Weapon("spear", (WeaponDamage("1", DamageType.PIERCING),)), (1, 0)))
    wielder = enc.state.combatant("a")
    wall = next(c for c in wielder.conditions if c.name == "spear wall")
    runner = replace(enc.state.combatant("b"), conditions=(Condition("moving", 1),))
    state, _ = spear_wall_strikes(enc, enc.state.replace_combatant(runner), "b", tuple(sorted(wall_cells(wielder, wall))))
    return wall.duration.count, any(c.name == "spear wall" for c in state.combatant("a").conditions)


def _cover_behind_a_creature(ruleset: Ruleset) -> str:
    from core.board.battlefield import readout

    a = Combatant("a", "A", Side.PARTY, {}, 10, 10, position=(1, 1))
    between = Combatant("m", "M", Side.FOE, {}, 10, 10, position=(3, 1))
    b = Combatant("b", "B", Side.FOE, {}, 10, 10, position=(5, 1))
    return readout(Grid.filled(8, 4), a, b, (a, between, b), ruleset.settings).sight.cover.value


def _rolloff_faces(ruleset: Ruleset) -> tuple[int, ...]:
    """Two creatures tied (a 1-sided initiative die): their roll-off faces (EQ-INIT-2)."""
    from core.combat.initiative import roll_initiatives

    rolled = roll_initiatives({"a": 0, "b": 0}, random.Random(4), 1, (), ruleset.settings.rolloff_die)
    return tuple(face for r in rolled for face in r.rolloff)


PROBES = {
    ("srd35", "rolloff_die", "4"): _rolloff_faces,
    ("equestria", "creature_cover", "three-quarters"): _cover_behind_a_creature,
    ("tactical_d10", "spear_wall_turns", "2"): lambda r: _spear_wall(r)[0],
    ("tactical_d10", "spear_wall_strikes_once", "false"): lambda r: _spear_wall(r)[1],
    ("power_roll", "power_roll_die_count", "3"): lambda r: r.roll_check(random.Random(1), 0).roll.expression,
    ("power_roll", "power_roll_die_sides", "6"): lambda r: tuple(r.check_odds(0).values()),
    ("equestria", "small_cone_length", "4"): _cone_cells("small_cone"),
    ("srd35", "large_cone_length", "5"): _cone_cells("large_cone"),
    ("power_roll", "cone_angle", "60"): _cone_cells("small_cone"),
    ("equestria", "torch", "7, 12"): lambda r: _sighting(r, "", "darkness", 7, torch=True),
    ("equestria", "fog", "1, 20"): lambda r: _sighting(r, "fog", "day", 25),
    ("equestria", "night", "50, 60"): lambda r: _sighting(r, "", "night", 80),
    ("equestria", "diagonal", "alternate"): _diagonal_cost,
    ("srd35", "diagonal", "same"): _diagonal_cost,
    ("tactical_d10", "diagonal", "alternate"): _diagonal_cost,
    ("power_roll", "diagonal", "alternate"): _diagonal_cost,
    ("srd35", "encumbered_speeds", "30 25"): _heavy_armour_feet,
    ("srd35", "size_reach", "large 1, huge 3"): _large_reach,
    ("equestria", "size_reach", "large 2"): _large_reach,
    ("equestria", "hero_bonus", "0, 1, 3, 4"): _hero_bonus,
    ("equestria", "days_per_trick", "20, 15, 5"): _days_per_trick,
    ("tactical_d10", "jump_mp", "3, 3, 4"): lambda r: r.movement.jump_option(1)[0],
}


@pytest.mark.parametrize(("rid", "name", "text"), list(PROBES))
def test_a_house_rule_typed_in_the_form_is_seen_in_play(rid, name, text):
    probe = PROBES[(rid, name, text)]
    base = get(rid)
    ruled = get(rid, base.read_house_rule(name, text))
    assert probe(ruled) != probe(base)
