"""A ruleset is one plug-in: one registered object, one settings object with
every DEFAULT, components that all read it."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from core.combat import commands as cmd
from core.dice.checks import Tier
from core.values.combatant import ActionBudget, Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import RulesError
from core.board.grid import Grid
from core.board.movement import fall, model_for
from core.rulesets.equestria.movement import EquestriaMovement, EquestriaMovementSettings
from core.board.movement.falling import DiceFallSettings
from core.offers.base import find, offers
from core.rulesets import RULESET_IDS, get, register
from core.rulesets.base import ActionKind, Ruleset
from core.rulesets.common import CommonSettings

CORE = Path(__file__).resolve().parents[2] / "core"


# -- a made-up fifth ruleset, defined here and nowhere else ------------------------------
@dataclasses.dataclass(frozen=True)
class CoinSettings(CommonSettings, EquestriaMovementSettings, DiceFallSettings):
    stats: tuple[str, ...] = ("NERVE", "LUCK")
    default_difficulty: int = 4
    walk_speed: int = 3
    fall_die: int = 4


class Coin(Ruleset):
    """Flip-a-d6: a check succeeds on total >= difficulty, 6 is critical."""

    id = "coin_d6"
    name = "Coin (a test ruleset)"
    Settings = CoinSettings
    check_sides = 6
    initiative_sides = 6
    attack_stat = "NERVE"
    attack_kind = "go"
    tiers = (Tier.FAILURE, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)
    attack_tiers = tiers
    kinds = (ActionKind("go", "Go", "G", rule="COIN-1"), ActionKind("duck", "Duck", "D", off_turn=True, rule="COIN-2"))

    def tier(self, natural, total, difficulty):
        if natural == 6:
            return Tier.CRITICAL_SUCCESS
        return Tier.SUCCESS if total >= difficulty else Tier.FAILURE

    def initiative_modifier(self, combatant):
        return combatant.stat("LUCK")

    def fresh_budget(self, combatant):
        speed = self.movement_speed(combatant)
        return ActionBudget(actions={"go": 1, "duck": 1}, movement=speed, movement_max=speed)

    def movement_model(self):
        return EquestriaMovement


def test_a_fifth_ruleset_is_one_class_registered_once_and_plays():
    register(Coin)
    ruleset = get("coin_d6", {"walk_speed": 4})
    a = Combatant("a", "Ann", Side.PARTY, {"NERVE": 1, "LUCK": 2}, 8, 8, position=(0, 0))
    b = Combatant("b", "Bob", Side.FOE, {"NERVE": 0, "LUCK": 0}, 8, 8, position=(1, 0))
    encounter = Encounter(EncounterState("t", Grid.filled(8, 3), (a, b)), ruleset, random.Random(3))
    encounter.apply(cmd.StartCombat())
    first = encounter.state.current
    found = {o.id: o for o in offers(encounter.state, ruleset, None, "b" if first == "a" else "a")}
    assert {"spend.go", "spend.duck", "attack", "check", "move", "next-turn"} <= set(found)
    assert found["spend.go"].rule == "COIN-1" and "exchange" not in found
    assert model_for(ruleset).speed(a, model_for(ruleset).default_move(a)) == 4  # the house rule reached movement
    assert ruleset.off_turn_kinds == ("duck",) and [k.letter for k in ruleset.tracked_kinds] == ["G", "D"]
    assert fall(ruleset, 6).dice == "3d4"  # its own falling DEFAULT
    encounter.apply(found["attack"].command("1d4"))
    assert encounter.state.combatant(first).budget.left("go") == 0
    encounter.apply(cmd.NextTurn())
    assert encounter.state.current != first


def _other(value):
    """Another value of the same type (tuples keep their length: some are one entry per tier)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, str)):
        return value + (1 if isinstance(value, int) else "x")
    return tuple(value[:-1]) + (_other(value[-1]),) if value else ("x",)


CHOICES = {"opposed_tie": "none"}
"""Settings that take one of a few words (anything else is refused): the other word."""


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_setting_can_be_house_ruled_and_every_component_sees_it(ruleset_id):
    ruleset = get(ruleset_id)
    for field in dataclasses.fields(ruleset.settings):
        value = getattr(ruleset.settings, field.name)
        if isinstance(value, bool):
            changed = not value
        elif isinstance(value, int):
            changed = value + 1
        elif field.name in CHOICES:
            changed = CHOICES[field.name]
        elif isinstance(value, str):
            changed = value + "x"
        else:
            changed = tuple(value[:-1]) + (_other(value[-1]),) if value else ("x",)
        house = ruleset.with_house_rules({field.name: changed})
        assert getattr(house.settings, field.name) == changed, field.name
        assert house.movement.settings is house.settings, "the movement model reads the ruleset's own settings"
        assert house.house_rules() == {field.name: changed}


# Fields no code reads yet: each would be a rule with no way in from play; none left.
NOT_YET_READ: set[tuple[str, str]] = set()


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_default_is_read_by_some_rule(ruleset_id):
    sources = [p.read_text() for p in CORE.rglob("*.py")]
    unread = set()
    for field in dataclasses.fields(get(ruleset_id).settings):
        pattern = re.compile(r"\." + field.name + r"\b|[\"']" + field.name + r"[\"']")
        if not any(pattern.search(text) for text in sources):
            unread.add((ruleset_id, field.name))
    assert unread == {entry for entry in NOT_YET_READ if entry[0] == ruleset_id}


def test_house_rules_saved_under_an_old_setting_name_still_load():
    assert get("tactical_d10", {"crouch_cost": 1}).settings.crouch_mp == 1
    assert get("srd35", {"feet_per_cell": 10}).settings.feet_per_square == 10


def test_unknown_settings_and_rulesets_are_refused_with_the_names_there_are():
    with pytest.raises(RulesError, match="no setting 'nope'"):
        get("equestria", {"nope": 1})
    with pytest.raises(RulesError, match="available: equestria"):
        get("chess")


def test_no_ruleset_is_named_outside_its_own_module_in_core():
    ids = "|".join(RULESET_IDS)
    offenders = []
    for path in CORE.rglob("*.py"):
        if path.parent.name == "rulesets" or path.name in ("demo.py",):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if re.search(rf"==\s*[\"']({ids})[\"']|[\"']({ids})[\"']\s*(==|in\b)", code):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert offenders == []
    assert not any(re.search(r"def step_cost\b|\.step_cost\(", p.read_text()) for p in CORE.rglob("*.py"))


def test_house_rules_that_would_break_play_are_named():
    """Movement points -3, a fall die of 0, a check stat no creature has."""
    from core.rulesets import get

    tactical = get("tactical_d10")
    assert "cannot be negative" in tactical.house_rule_refusal("movement_points", -3)
    assert "at least 1 side" in tactical.house_rule_refusal("fall_die", 0)
    assert tactical.house_rule_refusal("movement_points", 7) is None
    assert "names a stat" in get("srd35").house_rule_refusal("initiative_stat", "LUCK")
    assert get("srd35").house_rule_refusal("initiative_stat", "WIS") is None


def test_the_shipped_rulesets_are_the_entry_points_of_pyproject():
    """pyproject.toml's ``encounter.rulesets`` entry points name the same
    classes as :data:`core.rulesets.BUILT_IN` (the no-metadata fallback)."""
    import tomllib

    from core.rulesets import BUILT_IN, ENTRY_POINT_GROUP

    project = tomllib.loads((CORE.parent / "pyproject.toml").read_text())["project"]
    assert project["entry-points"][ENTRY_POINT_GROUP] == BUILT_IN


def test_without_package_metadata_the_shipped_rulesets_still_load(monkeypatch):
    import core.rulesets as rulesets

    monkeypatch.setattr(rulesets, "_SCANNED", {})  # no distribution declares the group
    assert rulesets.known_ids()[:len(RULESET_IDS)] == RULESET_IDS
    assert get("srd35").id == "srd35"


CAPABILITIES = ("jump", "falling", "riding", "reactions", "burrowing", "weakened_penalty", "stat_blocks")


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_capability_is_built_from_the_rulesets_own_settings(ruleset_id):
    ruleset = get(ruleset_id)
    having = {name for name in CAPABILITIES if getattr(ruleset, name) not in (None, False)}
    assert having == {
        "equestria": {"jump", "falling", "riding", "reactions"},
        "srd35": {"falling", "stat_blocks"},
        "tactical_d10": {"jump", "falling"},
        "power_roll": {"jump", "falling", "burrowing", "weakened_penalty"},
    }[ruleset_id]


@pytest.mark.parametrize("ruleset_id, capability, field", [
    ("equestria", "reactions", "dodge_stat"),
    ("equestria", "falling", "controlled_fall_reduction"),
    ("power_roll", "falling", "long_fall_first_round"),
    ("power_roll", "burrowing", "dig_action"),
    ("power_roll", "weakened_penalty", "weakened_penalty"),
])
def test_a_renamed_setting_fails_loudly_instead_of_turning_its_rule_off(ruleset_id, capability, field):
    """A capability reads its ruleset's fields directly: settings without
    one (a rename) raise when the capability is asked, never read as 'no rule'."""
    cls = type(get(ruleset_id))
    fields = [(f.name, f.type, dataclasses.field(default=f.default)) for f in dataclasses.fields(cls.Settings) if f.name != field]
    Renamed = dataclasses.make_dataclass("Renamed", fields, frozen=True)
    with pytest.raises(AttributeError, match=field):
        getattr(cls(Renamed()), capability)
