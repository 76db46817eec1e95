"""Memory of a long session: after 5 000 actions / after 100, same campaign (goal <= 1.2).

    python -m bench memory [--quick]      (or: python bench/bench_memory.py)

One Session on a copy of the demo campaign plays the GM's common actions in
turns (damage, heal, a roll, next turn; ``Session.commit``, real fsyncs and
folds of the journal included), in a fresh interpreter of its own (so no
other bench's memory counts). The verdict is the process's resident memory
(``VmRSS``) after a full garbage collection, after 100 actions and after
5 000 (``--quick``: 1 000, said in the row); the row also shows the Python
memory each action leaves alive (``tracemalloc`` is not used: it would
inflate both). The process holds the engine and the saves, not the TUI, so
the denominator is smaller than the app's: harsher, never flattering.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import tempfile
import subprocess
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, Row, kb  # noqa: E402
from core.combat import commands as cmd  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.session import Session, create_demo  # noqa: E402

GOAL = 1.2
SHORT = 100


def alive() -> int:
    """Resident bytes of this process (``/proc/self/status`` VmRSS) after a full collection."""
    gc.collect()
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def measure(long: int) -> tuple[int, int]:
    """(resident bytes after ``SHORT`` actions, after ``long``), in this process."""
    os.environ.setdefault("ENCOUNTER_HOME", tempfile.mkdtemp(prefix="encounter-bench-home-"))
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as folder:
        path = Path(folder) / "demo.json"
        create_demo(path, random.Random(1)).close()
        session = Session(Campaign.open(path), random.Random(3))
        try:
            target = session.encounter.state.combatants[0].id
            plan = [cmd.Damage(target, 1), cmd.Heal(target, 1), cmd.RollDice("1d20+2 attack"), cmd.NextTurn()]
            short = 0
            for n in range(long):
                session.commit(plan[n % len(plan)])
                assert session.unsaved is None, "an action was not saved"
                if n + 1 == SHORT:
                    short = alive()
            end = alive()
        finally:
            session.close()
    return short, end


def rows(quick: bool = False) -> list[Row]:
    long = 1000 if quick else 5000
    child = subprocess.run([sys.executable, "-m", "bench.bench_memory", "--child", str(long)], cwd=ROOT,
                           capture_output=True, text=True, check=True, timeout=1800)
    short, end = map(int, child.stdout.split())
    value = end / short
    measured = (f"{value:.2f} (resident {kb(end)} after {long} actions / {kb(short)} after {SHORT}, "
                f"{(end - short) / (long - SHORT) / 1024:.1f} KB per action; one session in its own process, after gc.collect)")
    return [Row(f"memory after {long} actions / after {SHORT}, same campaign", f"<= {GOAL:g}", measured, value <= GOAL)]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        print(*measure(int(sys.argv[2])))
        raise SystemExit(0)
    for row in rows(quick="--quick" in sys.argv):
        print(" | ".join(map(str, row)))
