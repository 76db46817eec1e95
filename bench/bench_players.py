"""What a player's request costs the GM's process (tui/player_requests.py).

    python -m bench players [--quick]

Requests are read and answered on the GM's event loop, between its
frames: each one is time the GM's keys wait. On the demo (Character 1's
turn, approve mode, its invite code), in turns, A B A B ...:

A. a request checked to the end: a move of Character 1, parsed, its code
   and nonce checked, turned into the GM's commands and dry-run on a copy
   of the fight (what apply would refuse is refused before the GM is
   asked), then put to the GM (here: refused at once, as Esc would);
B. a line of garbage, refused as it is read (the flood's usual cost).

Goals: A's p95 <= 16 ms (one frame at 60 Hz: the GM's next frame is late
by at most one for a request) and B's p95 <= 1 ms (a flood of 1000 lines
a second costs the GM's loop at most a frame's worth each second, before
the connection is closed after 64 refusals in a row). Medians judge when
the runs are fewer than ``bench.common.TAIL_RUNS``.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import Row, Sample, ms, tail_or_median  # noqa: E402
from core.combat import commands as cmd  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.invites import invite  # noqa: E402
from saves.session import Session, create_demo  # noqa: E402
from tui.player_requests import RequestServer  # noqa: E402
from tui.presenter import EncounterPresenter  # noqa: E402

CHECKED_LIMIT, GARBAGE_LIMIT = 0.016, 0.001


def measure(runs: int) -> tuple[Sample, Sample]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "demo.json"
        create_demo(path, random.Random(1)).close()
        presenter = EncounterPresenter(Session(Campaign.open(path), random.Random(2)))
        presenter.submit(cmd.NextTurn())  # the boar's turn ends: Character 1's begins
        me = presenter.state.combatant(presenter.state.current)
        assert me.position is not None
        code = invite(path, me.name)
        server = RequestServer(presenter, trust=False)  # ask: refused at once (the default), as the GM's Esc
        x, y = me.position

        def move_to(cell: tuple[int, int]) -> bytes:
            return json.dumps({"id": uuid.uuid4().hex, "as": me.name, "code": code, "act": "move", "to": list(cell)}).encode()

        near = [(x + dx, y + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1))]
        cell = next(c for c in near if server.handle(move_to(c), lambda doc: None, "bench")["status"] == "waiting")  # a legal step
        checked, garbage = [], []
        try:
            for n in range(runs + 1):
                line = move_to(cell)
                t0 = time.perf_counter()
                answer = server.handle(line, lambda doc: None, "bench")
                t1 = time.perf_counter()
                refused = server.handle(b"\xff garbage", lambda doc: None, "bench")
                t2 = time.perf_counter()
                assert answer["status"] == "waiting" and refused["status"] == "refused", (answer, refused)
                if n:  # the first of each warms up
                    checked.append(t1 - t0)
                    garbage.append(t2 - t1)
        finally:
            presenter.session.close()
    return Sample.of(checked), Sample.of(garbage)


def rows(quick: bool = False) -> list[Row]:
    runs = 20 if quick else 200
    checked, garbage = measure(runs)
    by = tail_or_median(runs)
    judged = (checked.p95, garbage.p95) if by == "p95" else (checked.median, garbage.median)
    return [
        Row("a player's request checked, dry-run and put to the GM", f"{by} <= {ms(CHECKED_LIMIT)}",
            f"median {ms(checked.median)}, p95 {ms(checked.p95)} ({checked.runs} runs, A B interleaved)", judged[0] <= CHECKED_LIMIT),
        Row("a line of garbage refused", f"{by} <= {ms(GARBAGE_LIMIT)}",
            f"median {ms(garbage.median)}, p95 {ms(garbage.p95)} ({garbage.runs} runs, A B interleaved)", judged[1] <= GARBAGE_LIMIT),
    ]


if __name__ == "__main__":
    for row in rows("--quick" in sys.argv):
        print(row)
