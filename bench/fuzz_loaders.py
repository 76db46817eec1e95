"""Loader fuzz at scale: ``python bench/fuzz_loaders.py --cases 10000``.

Mutated campaign files, journals, import files and keys.json, and pipes,
devices, folders and links in their place (tests/saves/loader_fuzz.py), each
under two alarms (2 s of CPU, 10 s of waiting); the cases over 2 s of wall
clock are counted too (a loaded machine makes some). Prints the outcomes,
the uncaught exceptions, hangs and modified originals (all must be 0) and
the first failures; exit status 1 when any is not 0. The test suite runs a few hundred of the same cases.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.saves.loader_fuzz import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=20, help="failures to print")
    args = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="encounter-fuzz-") as work:
        tally = run(args.cases, args.seed, Path(work))
    elapsed = time.perf_counter() - start
    print(f"cases {tally.cases} in {elapsed:.0f} s (seed {args.seed})")
    print("outcomes " + ", ".join(f"{k} {v}" for k, v in sorted(tally.outcomes.items())))
    print(f"uncaught exceptions {tally.uncaught}, hangs (over 2 s of CPU or 10 s of waiting) {tally.hangs}, modified originals {tally.modified}")
    print(f"cases over 2 s of wall clock {tally.over_two_seconds}; slowest {tally.slowest[0]:.2f} s: {tally.slowest[1][:160]}")
    for failure in tally.failures[: args.show]:
        print("---", failure)
    return 1 if tally.uncaught or tally.hangs or tally.modified else 0


if __name__ == "__main__":
    raise SystemExit(main())
