"""The mutation check of the seeds' numbers (tests/mutation/seed_numbers.py).

Here: the list of seed numbers is what it should be, and a sample of the
numbers that once broke no test (SRD-MOV-4's "3 sizes apart", EQ-WAR-3's "the
loser regains on 1-2", TAC-POS-5's mounted +4, 0 outside tactical_d10) are
caught, run as CI runs the whole check
(``python -m tests.mutation.seed_numbers``, ``.ci/mutation``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.mutation.seed_numbers import UNUSED, mutations

ROOT = Path(__file__).resolve().parents[1]


def test_the_seed_numbers_are_the_settings_that_cite_a_seed_rule():
    found = {f"{m.owner.__name__}.{m.name}": m for m in mutations()}
    assert found["SrdMovementSettings.pass_size_steps"].default == 3 and found["SrdMovementSettings.pass_size_steps"].rule == "SRD-MOV-4"
    assert found["WarSettings.recovery_loser"].value == 3
    assert "VisionSettings.torch" not in found  # EQ-VIS-2 DEFAULT: the product's number, not the seed's
    assert not set(UNUSED) & set(found)
    assert len(found) >= 100


def test_three_sizes_apart_the_loser_regaining_on_1_2_and_the_mounted_dash_are_caught():
    run = subprocess.run(
        [sys.executable, "-m", "tests.mutation.seed_numbers", "pass_size_steps", "recovery_loser", "moving_ac_mounted"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 of 4 seed numbers caught" in run.stdout  # moving_ac_mounted: CommonSettings' 0 and TacticalSettings' 4
