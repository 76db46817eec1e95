"""The players' view in a terminal: what a watcher costs.

    python -m bench watch [--quick]

Two programs run under ptys at 120x40 (``bench/terminal.py``), each on its
own copy of the demo campaign: the GM's app (``encounter PATH``) and a
players' view (``encounter watch PATH``) of the other copy, whose GM is a
Session in this process that writes the players' feed after each action,
as the GM's app does (the app holds its campaign's lock, so the two
cannot share one file; a watcher reads the feed and does not care who
writes it). In turns, A B
A B ... after one unrecorded turn of each:

A. the GM's key-to-frame: ``n`` typed into the GM's app, to the last byte
   of the frame it causes (the app applies the action, saves it and draws);
B. the watcher's delay: from the Session starting to apply ``NextTurn``
   (as the GM's app does after the key) and publishing the feed, to the
   last byte of the watcher's frame; and the bytes of that frame. This
   process reads the watcher's pty only once the feed is written, so a
   frame counts the whole apply and publish.

"Last byte" is the last chunk before the terminal has been quiet for
0.4 s. Then 5 s of idle on the watcher.

Goals:

- bytes a watcher receives per GM ``n`` at 120x40, p95 <= 3 KB (the issue:
  a player over SSH on a slow line);
- idle: 0 B (the issue: no polling loop);
- the watcher's delay over the GM's key-to-frame, median <= 2 (20 runs
  are too few for a verdict on a tail: the ratio of two p95s of so few
  runs swings by a factor of ten between runs; the p95s are shown, and
  judged, at <= 3, only with ``bench.common.TAIL_RUNS`` runs or more).
  The watcher draws the same widgets at the same size as the GM's app does
  for its key, plus noticing the change (inotify) and reading it from the
  journal; the players see a turn change at most about one more GM frame
  after the GM does (100 ms is where a person starts to notice a lag
  between two screens). The p95 allows for two shared cores scheduling two
  processes after one write.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import Row, Sample, kb, ms, tail_or_median  # noqa: E402
from bench.terminal import QUIET, encounter_argv, settled, start  # noqa: E402
from core.combat import commands as cmd  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.feed_writer import FeedWriter  # noqa: E402
from saves.session import Session, create_demo  # noqa: E402
from tests.tui.pty_terminal import PtyProcess  # noqa: E402

BYTES_LIMIT = 3072
MEDIAN_LIMIT, P95_LIMIT = 2.0, 3.0


def frame_after(proc: PtyProcess, mark: int, since: float) -> tuple[int, float]:
    """Wait for output after chunk ``mark``, read until quiet: ``(bytes,
    seconds from ``since`` to its last byte)``. Raises ``TimeoutError``
    when nothing comes within 10 s."""
    deadline = time.perf_counter() + 10
    while proc.mark() == mark:
        if time.perf_counter() > deadline:
            raise TimeoutError("no frame within 10 s")
        proc.read_for(0.01)
    proc.read_until_quiet(QUIET)
    return len(proc.output_since(mark)), proc.times_since(mark)[-1] - since


def gm_key(gm: PtyProcess) -> float:
    """A: seconds from ``n`` typed into the GM's app to its frame's last byte."""
    mark = gm.mark()
    sent = gm.send(b"n")
    return frame_after(gm, mark, sent)[1]


def publish(session: Session, feed: FeedWriter) -> None:
    """The players' feed of ``session``'s state, as the GM's app writes it after each saved action."""
    if not feed.publish(session.encounter.state, session.encounter.ruleset, "Demo", session.eid):
        raise RuntimeError(f"the feed was not written: {feed.problem}")


def watcher_frame(session: Session, feed: FeedWriter, watcher: PtyProcess) -> tuple[int, float]:
    """B: ``(bytes, seconds)`` from the GM's apply starting to the watcher's frame's last byte."""
    mark = watcher.mark()
    began = time.perf_counter()
    session.commit(cmd.NextTurn())
    publish(session, feed)
    return frame_after(watcher, mark, began)


def measure(runs: int, idle: float) -> tuple[Sample, Sample, Sample, int]:
    """(bytes per n, watcher delay s, GM key-to-frame s, idle bytes)."""
    with tempfile.TemporaryDirectory(prefix="bench-watch-") as tmp:
        home = Path(tmp)
        watched, played = home / "watched.json", home / "played.json"
        for path in (watched, played):
            create_demo(path, random.Random(1)).close()
        session = Session(Campaign.open(watched), random.Random(2))
        feed = FeedWriter(session.path)
        try:
            publish(session, feed)  # the feed exists before the watcher starts, as when the GM's app is open
            with start(encounter_argv(played), home, (120, 40)) as gm, \
                    start([sys.executable, "-m", "tui.cli.main", "watch", str(watched)], home, (120, 40)) as watcher:
                settled(gm, b"Round 1")
                settled(watcher, b"players' view")
                gm_key(gm)  # warm up
                watcher_frame(session, feed, watcher)
                sizes, delays, keys = [], [], []
                for _ in range(runs):
                    keys.append(gm_key(gm))
                    size, delay = watcher_frame(session, feed, watcher)
                    sizes.append(size)
                    delays.append(delay)
                watcher.read_until_quiet(0.5)
                mark = watcher.mark()
                watcher.read_for(idle)
                quiet = len(watcher.output_since(mark))
                gm.send(b"q")
                gm.wait(10)
        finally:
            session.close()
    return Sample.of(sizes), Sample.of(delays), Sample.of(keys), quiet


def rows(quick: bool = False) -> list[Row]:
    runs, idle = (5, 1.0) if quick else (20, 5.0)
    sizes, delays, keys, quiet = measure(runs, idle)
    median, p95 = delays.median / keys.median, delays.p95 / keys.p95
    tail = tail_or_median(runs) == "p95"
    verdict = median <= MEDIAN_LIMIT and (p95 <= P95_LIMIT or not tail)
    timing = (f"median {median:.2f}, p95 {p95:.2f} ({'both judged' if tail else 'median judged, p95 shown'}; watcher {ms(delays.median)} / p95 {ms(delays.p95)}, "
              f"GM {ms(keys.median)} / p95 {ms(keys.p95)}; {delays.runs}+{keys.runs} runs interleaved)")
    return [
        Row("watcher bytes per GM n at 120x40 (p95)", f"<= {kb(BYTES_LIMIT)}", f"{kb(sizes.p95)} (median {kb(sizes.median)}, {sizes.runs} runs)", sizes.p95 <= BYTES_LIMIT),
        Row("watcher idle bytes", f"0 B in {idle:g} s", f"{quiet} B", quiet == 0),
        Row("watcher frame from the GM's apply / GM's key-to-frame", f"median <= {MEDIAN_LIMIT:g}" + (f", p95 <= {P95_LIMIT:g}" if tail else ""), timing, verdict),
    ]


if __name__ == "__main__":
    for row in rows(quick="--quick" in sys.argv):
        print(" | ".join(map(str, row)))
