"""Every setting that names a stat names one of its ruleset's own (issue 26: srd35's
``extinguish_stat`` was BODY, a stat srd35 lacks, so TAC-EFF-1's check rolled a bare
1d20 + 0 for every creature). A stat setting (``..._stat``, ``..._stats``, a skill
setting) names a stat or a skill of the ruleset's sheet, or ``""``: that rule is not
one of this ruleset's (EQ-DAY-2 theft outside equestria) until a house rule names a stat."""

from __future__ import annotations

import dataclasses

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.rulesets import get
from tests.core.house_rule_probe_support import RULESETS, duel, of_kind, outcome


def _stat_settings(rid: str) -> list[tuple[str, object]]:
    ruleset = get(rid)
    return [(f.name, getattr(ruleset.settings, f.name)) for f in dataclasses.fields(ruleset.settings)
            if f.name.endswith(("_stat", "_stats")) or f.name in ruleset.skill_settings]


@pytest.mark.parametrize("rid", RULESETS)
def test_every_stat_setting_names_a_stat_or_skill_of_its_ruleset(rid):
    ruleset = get(rid)
    assert _stat_settings(rid), rid
    wrong = [(name, value) for name, value in _stat_settings(rid)
             for named in ([value] if isinstance(value, str) else list(value)) if named and named not in ruleset.sheet_names]
    assert wrong == []


@pytest.mark.parametrize(("rid", "stat"), [("srd35", "CON"), ("power_roll", "MIGHT"), ("tactical_d10", "BODY")])
def test_tac_eff_1_putting_out_burning_is_a_body_check_against_4_plus_n_with_the_rulesets_own_body(rid, stat):
    """TAC-EFF-1: a Body check against 4 + N; burning 2 at the start of its turn burns, then is 3: against 7.
    srd35 rolls CON, power_roll MIGHT, as their Body."""
    ruleset = get(rid)
    enc = duel(ruleset, a={"conditions": (("burning", 2),), "stats": {**dict.fromkeys(ruleset.stat_names, 0), stat: 3}})
    checks = of_kind(outcome(enc, cmd.Extinguish("a")), ev.CheckRolled)
    assert [(e.stat, e.result.difficulty, e.result.modifier) for e in checks] == [(stat, 7, 3)]  # type: ignore[union-attr]
