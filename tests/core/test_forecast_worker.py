"""The forecast's worker process (core.forecast.worker) loads the rules a
played-out fight needs before its first job."""

from __future__ import annotations

import subprocess
import sys

from core.combat.registry import FAMILIES


def test_load_rules_loads_every_generic_handler_and_the_dice_parser():
    """In a fresh interpreter, as the worker starts: nothing of them before, all of them after."""
    probe = (
        "import sys\n"
        "from core.forecast import worker\n"
        f"wanted = {list(FAMILIES)!r} + ['d20', 'lark']\n"
        "print(sorted(m for m in wanted if m in sys.modules))\n"
        "worker.load_rules()\n"
        "print(sorted(m for m in wanted if m not in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    before, missing = result.stdout.splitlines()
    assert before == "[]"
    assert missing == "[]"
