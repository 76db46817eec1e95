"""Time to persist one action, with 100 vs 10 000 log entries in the campaign.

    python -m bench persist [--quick]      (or: python bench/bench_persist.py [--actions N])

Two campaigns made by ``bench/gen_campaign.py`` (the demo fight grown to
100 and to 10 000 log lines), both open at once; ``Session.commit`` is timed
on one then the other, action by action (A B A B ...: damage, heal, dice,
next turn), real fsyncs included, folds of the journal (in the
background) included. Goal: median ratio 10 000 / 100 <= 2 (p95 shown).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import Row, interleaved, ratio_row  # noqa: E402
from bench.gen_campaign import generate  # noqa: E402
from core.combat import commands as cmd  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.session import Session  # noqa: E402


def player(path: Path):
    """A function applying the next action of the plan to the campaign at ``path``; returns its seconds."""
    session = Session(Campaign.open(path), random.Random(3))
    target = session.encounter.state.combatants[0].id
    plan = [cmd.Damage(target, 1), cmd.Heal(target, 1), cmd.RollDice("1d20+2 attack"), cmd.NextTurn()]
    count = [0]

    def one() -> float:
        command = plan[count[0] % len(plan)]
        count[0] += 1
        start = time.perf_counter()
        session.commit(command)
        elapsed = time.perf_counter() - start
        assert session.unsaved is None
        return elapsed

    return session, one


def rows(quick: bool = False, actions: int | None = None) -> list[Row]:
    actions = actions or (200 if quick else 2000)
    os.environ.setdefault("ENCOUNTER_HOME", tempfile.mkdtemp(prefix="encounter-bench-home-"))
    folder = Path(tempfile.mkdtemp(prefix="bench-persist-"))
    big_session, big = player(generate(folder / "big.json", 10_000, 1))
    small_session, small = player(generate(folder / "small.json", 100, 1))
    try:
        big_t, small_t = interleaved(big, small, actions, warmup=4)
    finally:
        big_session.close()
        small_session.close()
    return [ratio_row("persist: one action, 10 000 log lines / 100", big_t, small_t, 2, labels=("10 000 lines", "100 lines"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="actions timed per campaign (default 2000)")
    args = parser.parse_args()
    for row in rows(actions=args.actions):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
