"""The forecast's memo (core.forecast.memo) changes no fight, only its speed.

Every played-out fight of a forecast starts from the same state; the memo
gives back the tactics' answers (which attack, which cell) it saw before.
A fight played with the memo must end exactly as the same fight (same
dice) played without it, in every ruleset, on the demo map with its
saved attacks, moves and cover.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from core.board.grid import from_text
from core.combat.demo import demo_roster, seed_map_text, state_from_map
from core.combat.encounter import Encounter
from core.combat import commands as cmd
from core.forecast.memo import Memo, creature_key
from core.forecast.odds import play_many
from core.forecast.skirmish import play_out
from core.rulesets import get

RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")


def demo_state(ruleset_id: str):
    ruleset = get(ruleset_id)
    state = state_from_map("Demo", from_text(seed_map_text()), demo_roster(ruleset.stat_names))
    table = Encounter(state, ruleset, random.Random(1))
    table.apply(cmd.StartCombat())
    return table.state, ruleset


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_fights_with_the_memo_end_as_without_it(ruleset_id):
    state, ruleset = demo_state(ruleset_id)
    memo = Memo(state)
    for seed in range(6):
        assert play_out(state, ruleset, random.Random(seed), memo=memo) == play_out(state, ruleset, random.Random(seed)), seed
    assert memo.hits > 0  # the later fights were answered from the memo


@settings(max_examples=8, deadline=None)
@given(seeds=st.lists(st.integers(0, 10**6), min_size=2, max_size=4))
@example(seeds=[1, 465275])  # a fight where Character 2 had fallen between Character 1 and the boar: no cover (EQ-COV-2)
@example(seeds=[0, 999999])
def test_a_warm_memo_never_changes_an_ending(seeds):
    """Whatever fights warmed it, the memo gives the ending the rules give."""
    state, ruleset = demo_state("equestria")
    memo = Memo(state)
    for seed in seeds:
        play_out(state, ruleset, random.Random(seed), memo=memo)
    last = seeds[-1] + 1
    assert play_out(state, ruleset, random.Random(last), memo=memo) == play_out(state, ruleset, random.Random(last))


def test_a_creatures_key_leaves_out_only_how_many_hit_points_it_has():
    state, _ = demo_state("equestria")
    boar = state.combatants[-1]
    assert creature_key(boar) is not None  # the demo's creatures can be remembered at all
    assert creature_key(replace(boar, hp=1)) == creature_key(boar)
    assert creature_key(replace(boar, hp=0)) != creature_key(boar)  # down: it gives no cover (EQ-COV-2), it is no one's foe
    assert creature_key(replace(boar, position=(0, 0))) != creature_key(boar)
    assert creature_key(replace(boar, stats={**boar.stats, "STR": 9})) != creature_key(boar)


def test_a_state_on_another_map_is_not_remembered():
    state, _ = demo_state("equestria")
    memo = Memo(state)
    other = replace(state, grid=from_text("....\n....").grid)
    assert memo.state_key(state) is not None and memo.state_key(other) is None
    asked = []
    for _ in range(2):
        memo.recall("q", other, lambda: asked.append(1))
    assert len(asked) == 2 and memo.hits == 0


def test_a_long_forecast_keeps_only_a_fight_or_so_of_creature_values_alive(monkeypatch):
    """The identity cache of creature values is bounded (a fight makes new
    values at every change); the answers stay, and so do the endings."""
    monkeypatch.setattr("core.forecast.memo.CREATURES_SEEN", 64)
    state, ruleset = demo_state("equestria")
    memo = Memo(state)
    for seed in range(12):
        assert play_out(state, ruleset, random.Random(seed), memo=memo) == play_out(state, ruleset, random.Random(seed)), seed
        assert len(memo._creatures) <= 64
    assert memo.hits > memo.misses  # still answered from memory


def test_batches_sharing_a_memo_add_up_to_one_run():
    state, ruleset = demo_state("equestria")
    memo = Memo(state)
    halves = play_many(state, ruleset, seed=2, runs=3, memo=memo) + play_many(state, ruleset, seed=2, runs=3, first=3, memo=memo)
    assert halves == play_many(state, ruleset, seed=2, runs=6)


def test_the_worker_runs_at_the_lowest_priority():
    """The forecast's process takes only the time the UI leaves (SCHED_IDLE on Linux, else nice 19)."""
    probe = "import os; from core.forecast.worker import lowest_priority; got = lowest_priority(); " \
            "print(got, os.sched_getscheduler(0) == os.SCHED_IDLE if got == 'idle' else os.nice(0))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60).stdout.split()
    assert out in (["idle", "True"], ["nice", "19"])
