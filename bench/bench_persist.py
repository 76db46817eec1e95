"""Persisting one action, each side in a process of its own, against the floor.

    python -m bench persist [--quick]      (or: python bench/bench_persist.py [--actions N])

Three worker processes (``python -m bench.bench_persist --worker ...``), so
that no side shares an interpreter (its memory, its garbage collections,
its background folds) with another:

- two GM sessions, on campaigns made by ``bench/gen_campaign.py`` (the demo
  fight grown to 10 000 and to 100 log lines), writing as the app does
  (``Campaign.write_beside``: the journal's writer thread); each times
  ``Session.commit`` of the next action of a plan (damage, heal, a roll,
  next turn) until the step is durable (``Campaign.flush`` returned: the
  writer's fsync done), real folds of the journal included, and reports
  the bytes the action added to its journal. The commit is split where
  the rules hand the action to the campaign (``Campaign.record_step``
  entered, with the new state and its log entries): before, the rules'
  apply (not persistence: shown apart); from there to durable, the
  persistence of the applied action (encoding the state and its undo
  diff, the in-memory record, the queue, the writer's wake-up, encoding
  the journal line, its append and fsync, the wake-up back);
- the floor: a process that appends that many bytes to a file of its own in
  the same folder (opened once, ``O_APPEND``, as the journal is) and fsyncs.

They are driven in turns, action by action: 10 000-line session, floor
(with the bytes that session just wrote), 100-line session. Rows:

- persisting one applied action on the 10 000-line campaign, from the
  campaign getting it to its durability, / the floor: goal <= 1.5 (the
  row also shows the rules' apply before it, and when the commit
  returned: queued for the writer, the frame may be drawn);
- one whole action (apply included) until durable, 10 000 log lines / 100: goal <= 2.

Verdicts on the median (p95 and the number of runs shown).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, Row, Sample, ms, ratio_row  # noqa: E402

FLOOR_LIMIT, LINES_LIMIT = 1.5, 2.0


def session_worker(path: Path) -> None:
    """Per line on stdin: commit the next action; print ``seconds_to_durable
    bytes_appended seconds_to_return seconds_of_apply`` (durable and return
    counted from the campaign getting the applied action, see the module
    docstring; the whole commit to durable is their sum with the apply)."""
    from core.combat import commands as cmd
    from saves.campaign import Campaign
    from saves.reading import journal_path
    from saves.session import Session

    session = Session(Campaign.open(path), random.Random(3))
    session.campaign.write_beside()  # as the app writes: the journal's own thread, group commit
    journal = journal_path(path)
    handed: list[float] = []
    record_step = session.campaign.record_step

    def timed_record_step(*args, **kwargs):  # the real method, its start noted: where the rules hand over
        handed.append(time.perf_counter())
        return record_step(*args, **kwargs)

    session.campaign.record_step = timed_record_step  # type: ignore[method-assign]
    target = session.encounter.state.combatants[0].id
    plan = [cmd.Damage(target, 1), cmd.Heal(target, 1), cmd.RollDice("1d20+2 attack"), cmd.NextTurn()]
    try:
        for n, _ in enumerate(sys.stdin):
            before = _size(journal)
            handed.clear()
            start = time.perf_counter()
            session.commit(plan[n % len(plan)])
            returned = time.perf_counter()  # applied and queued: the frame may be drawn (marked SAVING if it lags)
            durable = session.campaign.flush()  # until the writer's fsync returned: the step is on disk
            elapsed = time.perf_counter()
            if not durable or session.unsaved is not None:
                raise SystemExit(f"not saved: {session.unsaved}")
            if len(handed) != 1:
                raise SystemExit(f"the action reached the campaign {len(handed)} times")
            after = _size(journal)  # none yet: an upgraded file was written whole
            print(elapsed - handed[0], max(1, after - before if after >= before else after), returned - handed[0], handed[0] - start,
                  flush=True)  # smaller: a fold restarted it
    finally:
        session.close()


def _size(path: Path) -> int:
    """Bytes in ``path``, 0 when there is none (a fold renames the journal beside the game)."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def floor_worker(path: Path) -> None:
    """Per line ``N`` on stdin: append N bytes to ``path`` and fsync; print the seconds."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for line in sys.stdin:
            data = b"x" * (int(line) - 1) + b"\n"
            start = time.perf_counter()
            os.write(fd, data)
            os.fsync(fd)
            print(time.perf_counter() - start, flush=True)
    finally:
        os.close(fd)


class Worker:
    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.bench_persist", "--worker", *args], cwd=ROOT, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line: str) -> list[str]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"the worker {self.proc.args[-2:]} ended (exit {self.proc.wait()})")
        return answer.split()

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait(60)


def rows(quick: bool = False, actions: int | None = None) -> list[Row]:
    from bench.gen_campaign import generate

    actions = actions or (200 if quick else 2000)
    os.environ.setdefault("ENCOUNTER_HOME", tempfile.mkdtemp(prefix="encounter-bench-home-"))
    folder = Path(tempfile.mkdtemp(prefix="bench-persist-"))
    big_path, small_path = generate(folder / "big.json", 10_000, 1), generate(folder / "small.json", 100, 1)
    big, small, floor = Worker("session", str(big_path)), Worker("session", str(small_path)), Worker("floor", str(folder / "floor.bin"))
    persist_t, big_t, small_t, floor_t, returned_t, apply_t = [], [], [], [], [], []
    try:
        for n in range(actions + 4):
            seconds, size, returned, applied = big.ask("go")
            floor_seconds = floor.ask(size)[0]
            small_seconds, _, _, small_applied = small.ask("go")
            if n >= 4:  # warm-up: the first actions import the handlers
                persist_t.append(float(seconds))
                big_t.append(float(seconds) + float(applied))
                returned_t.append(float(returned))
                apply_t.append(float(applied))
                floor_t.append(float(floor_seconds))
                small_t.append(float(small_seconds) + float(small_applied))
    finally:
        for worker in (big, small, floor):
            worker.close()
    p, a, b, c = Sample.of(persist_t), Sample.of(big_t), Sample.of(floor_t), Sample.of(small_t)
    r, x = Sample.of(returned_t), Sample.of(apply_t)
    floor_row = ratio_row("persist one applied action (10 000 log lines), campaign to durable / append the same bytes with fsync", p, b, FLOOR_LIMIT,
                          labels=("to durable", "floor"))
    floor_row = floor_row._replace(measured=floor_row.measured[:-1] + f"; the commit returned, queued, {ms(r.median)} / p95 {ms(r.p95)} after the campaign got it; "
                                   f"before it the rules' apply {ms(x.median)} / p95 {ms(x.p95)}, not counted)")
    return [
        floor_row,
        ratio_row("persist: one whole action until durable, 10 000 log lines / 100", a, c, LINES_LIMIT, labels=("10 000 lines", "100 lines")),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="actions timed per campaign (default 2000)")
    parser.add_argument("--worker", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, path = args.worker
        (session_worker if kind == "session" else floor_worker)(Path(path))
        return 0
    for row in rows(actions=args.actions):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
