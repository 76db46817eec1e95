"""Opening a campaign with a long history against opening a new one.

    python -m bench open [--quick]      (or: python bench/bench_open.py [--runs N] [--dir FOLDER])

Two campaigns made by ``bench/gen_campaign.py``: 100 000 log lines over
200 encounters, and 100 log lines in one. Each is opened by the real
program under a pseudo-terminal at 80x24 (see ``bench/bench_tui.py``),
the two alternately (A B A B ...), N times each. Measured: start to first
frame (the first read that completes "Round" on screen, from just before
``fork``) and the program's resident memory once the screen is quiet
(VmRSS). Goals: time ratio <= 1.1, memory ratio <= 1.1.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import Row, Sample, interleaved, ratio_row  # noqa: E402
from bench.gen_campaign import generate  # noqa: E402
from bench.terminal import encounter_argv, start  # noqa: E402


def cache_folder() -> Path:
    """A folder for the generated campaigns, kept between runs while the
    generator and the save format stay the same."""
    root = Path(__file__).resolve().parents[1]
    sources = [root / "bench" / "gen_campaign.py", *sorted((root / "saves").glob("*.py"))]
    digest = hashlib.sha1(b"".join(p.read_bytes() for p in sources)).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"encounter-bench-{digest}"
    folder.mkdir(exist_ok=True)
    return folder


def campaigns(folder: Path) -> tuple[Path, Path]:
    """``(big, small)`` in ``folder``, generated when missing."""
    big, small = folder / "history-100000.json", folder / "history-100.json"
    if not big.exists():
        generate(big, 100_000, 200)
    if not small.exists():
        generate(small, 100, 1)
    return big, small


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def open_once(path: Path, home: Path, memory: list[int]) -> float:
    """Seconds to the first frame; appends the settled RSS (KiB) to ``memory``."""
    with start(encounter_argv(path), home, (80, 24)) as proc:
        seen = proc.wait_for(b"Round", timeout=120) - proc.started
        proc.read_until_quiet(0.5)
        memory.append(rss_kib(proc.pid))
        proc.send(b"q")
        proc.wait(30)
    return seen


def rows(quick: bool = False, runs: int | None = None, folder: Path | None = None) -> list[Row]:
    runs = runs or (3 if quick else 7)
    big, small = campaigns(folder or cache_folder())
    home = (folder or cache_folder()) / "home"  # its bytecode cache kept, as an installed program's is
    home.mkdir(exist_ok=True)
    big_rss: list[int] = []
    small_rss: list[int] = []
    big_t, small_t = interleaved(lambda: open_once(big, home, big_rss), lambda: open_once(small, home, small_rss), runs)
    labels = ("100 000 lines", "100 lines")
    memory = ratio_row("open: memory, 100 000 log lines / 100", Sample.of(big_rss[1:]), Sample.of(small_rss[1:]), 1.1,  # [1:]: not the warm-up's
                       labels=labels, unit=lambda kib: f"{kib / 1024:.1f} MiB")
    return [ratio_row("open: first frame, 100 000 log lines / 100", big_t, small_t, 1.1, labels=labels), memory]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="opens of each campaign (default 7)")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaigns (kept: reused next time)")
    args = parser.parse_args()
    for row in rows(runs=args.runs, folder=args.dir):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
