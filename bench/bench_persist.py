"""Time to persist one action, with 100 vs 10 000 log entries in the campaign.

    python bench/bench_persist.py [--actions N] [--dir FOLDER]

Builds two campaigns (the demo fight plus dice rolls until the log holds
100 and 10 000 entries; fsync is skipped while building), then times
``Session.apply`` on each for N actions (damage, heal, dice, next turn),
real fsyncs included and compactions amortised in the mean. Prints the
mean and median per action and the ratio big/small (target: <= 2).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import commands as cmd  # noqa: E402
from saves import journal  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.session import Session, create_demo  # noqa: E402


def build(folder: Path, entries: int) -> Path:
    path = folder / f"bench-{entries}.json"
    create_demo(path, random.Random(1)).close()
    real_fsync = journal.os.fsync
    journal.os.fsync = lambda fd: None  # building only: the measurement below fsyncs for real
    try:
        session = Session(Campaign.open(path), random.Random(2))
        while len(session.log) < entries:
            session.apply(cmd.RollDice("3d6 filler"))
        session.close()
    finally:
        journal.os.fsync = real_fsync
    return path


def measure(path: Path, actions: int) -> list[float]:
    session = Session(Campaign.open(path), random.Random(3))
    target = session.encounter.state.combatants[0].id
    plan = [cmd.Damage(target, 1), cmd.Heal(target, 1), cmd.RollDice("1d20+2 attack"), cmd.NextTurn()]
    times = []
    for i in range(actions):
        start = time.perf_counter()
        session.apply(plan[i % len(plan)])
        times.append(time.perf_counter() - start)
        assert session.unsaved is None
    session.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="actions timed per campaign (default 2000)")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaign files (default: a temporary one)")
    args = parser.parse_args()
    os.environ.setdefault("ENCOUNTER_HOME", tempfile.mkdtemp(prefix="encounter-bench-home-"))
    folder = Path(tempfile.mkdtemp(prefix="encounter-bench-", dir=args.dir))
    results = {}
    for entries in (100, 10_000):
        path = build(folder, entries)
        size = path.stat().st_size
        times = measure(path, args.actions)
        results[entries] = (statistics.fmean(times), statistics.median(times))
        print(f"{entries:>6} log entries ({size / 1024:,.0f} KiB file): mean {results[entries][0] * 1e3:.3f} ms, median {results[entries][1] * 1e3:.3f} ms per action")
    ratio = results[10_000][0] / results[100][0]
    print(f"ratio 10 000 / 100 (mean, compactions included): {ratio:.2f}  (target <= 2)")
    print(f"ratio 10 000 / 100 (median): {results[10_000][1] / results[100][1]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
