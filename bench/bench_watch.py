"""The players' view in a terminal (issue 12): what a watcher costs.

``encounter watch`` runs under a pty at 120x40 while the GM's Session (this
process) applies ``n``; for each turn change it measures the bytes the
watcher writes and the delay from the GM's apply returning (the action is
on disk) to the watcher's last byte of that frame; then 5 s idle. The GM's
own apply is timed in the same loop (the two interleave by nature: apply,
then the watcher's frame), so the ratio compares like with like on one
machine in one run. Goals: bytes per GM ``n`` p95 <= 3 KB; idle 0 B; the
watcher's frame within 10x the GM's apply at p95 (it debounces file
events by 50 ms and rereads the campaign).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from bench.common import Row, Sample
from bench.terminal import settled, start

from core import commands as cmd
from saves.campaign import Campaign
from saves.session import Session, create_demo


def measure(runs: int, idle: float) -> tuple[Sample, Sample, Sample, int]:
    """(bytes per n, watcher delay s, GM apply s, idle bytes)."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        path = home / "demo.json"
        create_demo(path, random.Random(1)).close()
        watcher = start([sys.executable, "-m", "tui.cli", "watch", str(path)], home, (120, 40))
        try:
            settled(watcher, b"players' view")
            session = Session(Campaign.open(path), random.Random(2))
            sizes, delays, applies = [], [], []
            for _ in range(runs):
                mark = watcher.mark()
                began = time.perf_counter()
                session.apply(cmd.NextTurn())
                saved = time.perf_counter()
                watcher.wait_for(b"turn", since=mark)
                watcher.read_until_quiet(0.3)
                times = watcher.times_since(mark)
                sizes.append(len(watcher.output_since(mark)))
                delays.append(max(times) - saved)
                applies.append(saved - began)
            session.close()
            watcher.read_until_quiet(0.5)
            mark = watcher.mark()
            watcher.read_for(idle)
            quiet = len(watcher.output_since(mark))
        finally:
            watcher.close()
    return Sample.of(sizes), Sample.of(delays), Sample.of(applies), quiet


def rows(quick: bool = False) -> list[Row]:
    runs, idle = (5, 1.0) if quick else (20, 5.0)
    sizes, delays, applies, quiet = measure(runs, idle)
    ratio = delays.p95 / applies.p95 if applies.p95 else float("inf")
    return [
        Row("watcher bytes per GM n at 120x40 (p95)", "<= 3072 B", f"{sizes.p95:.0f} B (median {sizes.median:.0f}, {sizes.runs} runs)", sizes.p95 <= 3072),
        Row("watcher idle bytes", f"0 B in {idle:.0f} s", f"{quiet} B", quiet == 0),
        Row("watcher frame / GM apply (p95)", "<= 10", f"{ratio:.1f} ({delays.p95 * 1000:.0f} ms / {applies.p95 * 1000:.1f} ms, median {delays.median * 1000:.0f} ms)", ratio <= 10),
    ]


if __name__ == "__main__":
    for row in rows(quick="--quick" in sys.argv):
        print(" | ".join(map(str, row)))
