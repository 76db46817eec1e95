"""Every setting of every ruleset is a house rule a GM can type.

The walk: for each field of each ruleset's settings, a different value is
written as the house-rules form shows it (:func:`format_setting`), read
back through the form's own path (:meth:`Ruleset.read_house_rule`), saved
as a document and loaded again, and a short fight is played under it
(start, move, attack, the next turns): no traceback, only refusals.
The probes: every field of every ruleset has a probe in a module
``tests/core/house_rule_probes_*.py`` (``PROBES = {"<ruleset>.<field>":
(changed_text, probe)}``): ``changed_text`` is typed through the form's path
and ``probe(ruleset)`` plays something under the settings and returns what a
GM sees; the walk asserts the probe sees the change. A field without a probe
is listed in ``house_rule_probes_missing.txt`` and that list only shrinks.
A field the walk cannot change with a sure-valid value is re-typed as it
is (names: the stat block, sizes, armour weights, action kinds):
:data:`RETYPED` lists the shapes and why.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pathlib
import random

import pytest

from core.combat import commands as cmd
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.combat.damage import DamageType
from core.dice.setting_notation import DICE, format_setting
from core.errors import EncounterError, NotationError, RulesError
from core.rulesets import get
from core.rulesets.base import Ruleset
from core.rulesets.house_rules import SETTING_CHOICES
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


FREE_WORDS = {"shield_word": "", "sight_sense": "Sight!"}
"""Word settings a GM names freely (an item's word, a main sense): only what the sheet could never hold is refused."""


def _word_fields():
    return [(rid, f.name) for rid in RULESETS for f in dataclasses.fields(get(rid).settings)
            if isinstance(getattr(get(rid).settings, f.name), str)]


@pytest.mark.parametrize(("rid", "name"), _word_fields())
def test_a_word_setting_takes_only_what_its_rule_can_use(rid, name):
    # Revision 3 Doors: equestria's door_action = banana was saved, then every door refused
    ruleset = get(rid)
    assert ruleset.house_rule_refusal(name, getattr(ruleset.settings, name)) is None
    with pytest.raises(RulesError, match=f"^{name} "):
        ruleset.read_house_rule(name, FREE_WORDS.get(name, "banana"))
    assert ruleset.house_rules() == {}


def test_a_door_action_names_one_of_the_rulesets_action_kinds():
    ruleset = get("equestria")
    with pytest.raises(RulesError, match=r"door_action names the action kind it spends: one of full, quick, reaction.*'banana'"):
        ruleset.read_house_rule("door_action", "banana")
    assert ruleset.read_house_rule("door_action", "full") == {"door_action": "full"}


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
    with pytest.raises(RulesError, match="size_categories names at least 2 sizes"):
        ruleset.read_house_rule("size_categories", "medium")


# -- probes: the changed value seen in play ----------------------------------------------
PROBE_DIR = pathlib.Path(__file__).parent
MISSING_FILE = PROBE_DIR / "house_rule_probes_missing.txt"


def collect_probes() -> dict[str, tuple[str, object]]:
    """Every ``PROBES`` of ``tests/core/house_rule_probes_*.py``, by ``"<ruleset>.<field>"`` (a key twice is an error)."""
    probes: dict[str, tuple[str, object]] = {}
    for path in sorted(PROBE_DIR.glob("house_rule_probes_*.py")):
        module = importlib.import_module(f"tests.core.{path.stem}")
        for key, entry in module.PROBES.items():
            assert key not in probes, f"{key} has a probe in two modules ({path.name})"
            probes[key] = entry
    return probes


ALL_PROBES = collect_probes()


def _missing_listed() -> set[str]:
    lines = MISSING_FILE.read_text(encoding="utf-8").splitlines() if MISSING_FILE.exists() else []
    keys = (line.split("#", 1)[0].strip() for line in lines)
    return {key for key in keys if key}


@pytest.mark.parametrize("key", sorted(ALL_PROBES))
def test_a_house_rule_typed_in_the_form_is_seen_in_play(key):
    rid, name = key.split(".", 1)
    text, probe = ALL_PROBES[key]
    base = get(rid)
    assert name in {f.name for f in dataclasses.fields(base.settings)}, f"{key}: no such setting"
    ruled = get(rid, json.loads(json.dumps(to_document(base.read_house_rule(name, text)))))
    assert getattr(ruled.settings, name) != getattr(base.settings, name), f"{key}: {text!r} is the DEFAULT"
    assert probe(ruled) != probe(base), key


def test_every_field_of_every_ruleset_has_a_probe():
    """The fields with no probe are exactly those listed in house_rule_probes_missing.txt (the list only shrinks)."""
    missing = {f"{rid}.{name}" for rid, name in _fields()} - set(ALL_PROBES)
    listed = _missing_listed()
    assert sorted(missing - listed) == [], "a field with no probe: add one to a house_rule_probes_*.py module"
    assert sorted(listed - missing) == [], "probed (or gone) now: take it off house_rule_probes_missing.txt"


@pytest.mark.parametrize(("rid", "name", "saved"), [
    ("srd35", "water_depth", 2), ("tactical_d10", "deep_water_depth", 6),  # no dive, no fall into liquid
    ("power_roll", "half_on_equal", True), ("power_roll", "critical_damage_percent", 150),  # a power roll: no AC, no critical
    ("power_roll", "ac_ignoring_types", ["sonic"]), ("power_roll", "break_fumble_damage", "1d6"),
    ("srd35", "break_fumble_damage", "1d6"),  # srd35 checks never fail critically
])
def test_a_setting_no_rule_of_the_ruleset_reads_is_not_offered_and_an_older_campaigns_still_loads(rid, name, saved):
    """Each house rule changes play (the probes); one that could not is no setting of that ruleset.
    A campaign saved when it was one loads without it, and undoing its old change is no step."""
    from core.combat.house_rules import HouseRuleChanged, house_rules_after

    assert name not in {f.name for f in dataclasses.fields(get(rid).settings)}
    with pytest.raises(RulesError, match=f"{rid} has no setting '{name}'"):
        get(rid).read_house_rule(name, format_setting(saved))
    assert get(rid, {name: saved, "skip_defeated": False}).house_rules() == {"skip_defeated": False}
    assert house_rules_after(get(rid), [HouseRuleChanged(name, "1", "2")]) is None


@pytest.mark.parametrize("rid", ["equestria", "srd35"])
def test_half_on_equal_as_a_house_rule_halves_a_hit_that_equals_the_ac(rid):
    """The tactical_d10 reading borrowed by a house rule: a total equal to the AC is a half hit, off by DEFAULT."""
    from core.dice.checks import Tier

    assert get(rid).attack_tier(11, 12, 12) is Tier.SUCCESS
    ruled = get(rid, get(rid).read_house_rule("half_on_equal", "true"))
    assert ruled.attack_tier(11, 12, 12) is Tier.HALF
    assert ruled.attack_tier(11, 13, 12) is Tier.SUCCESS
    assert Tier.HALF in ruled.hit_tiers
