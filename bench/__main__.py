"""``python -m bench [NAME ...] [--quick]``: run the benches, print one table.

NAME picks benches by module name (``reach``, ``tui`` ...); default: all.
``--quick`` asks each bench for fewer runs (a smoke test, not a verdict).
Exit status 0 when every goal passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys
import time
import traceback

from bench.common import Row

# Order: engine first, then the app in a terminal. A module that is missing,
# or has no ``rows()``, is a FAIL row saying so: a bench that cannot run
# counts as failed, never as skipped.
BENCHES = (
    "bench.bench_turns",
    "bench.bench_reach",
    "bench.bench_map",
    "bench.bench_open",
    "bench.bench_memory",
    "bench.bench_stall",
    "bench.bench_persist",
    "bench.bench_tui",
    "bench.bench_log",
    "bench.bench_bytes",
    "bench.bench_watch",
    "bench.bench_players",
    "bench.bench_forecast",
)


def run(module_name: str, quick: bool) -> list[Row]:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return [Row(module_name.removeprefix("bench."), "runs", "cannot run: the module does not exist", False)]
        raise
    rows = getattr(module, "rows", None)
    if rows is None:
        return [Row(module_name.removeprefix("bench."), "runs", "cannot run: the module has no rows()", False)]
    kwargs = {"quick": quick} if "quick" in inspect.signature(rows).parameters else {}
    return [Row(*row) for row in rows(**kwargs)]


def table(rows: list[Row]) -> str:
    head = ("goal", "target", "measured", "")
    cells = [head] + [(r.name, r.goal, r.measured, "PASS" if r.passed else "FAIL") for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(3)]
    lines = []
    for n, c in enumerate(cells):
        lines.append(f"| {c[0]:<{widths[0]}} | {c[1]:<{widths[1]}} | {c[2]:<{widths[2]}} | {c[3]:<4} |")
        if n == 0:
            lines.append(f"|{'-' * (widths[0] + 2)}|{'-' * (widths[1] + 2)}|{'-' * (widths[2] + 2)}|------|")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="benches to run (e.g. reach tui); default all")
    parser.add_argument("--quick", action="store_true", help="fewer runs: a smoke test")
    args = parser.parse_args()
    chosen = [m for m in BENCHES if not args.names or any(m.endswith(f"bench_{n}") or m.endswith(n) for n in args.names)]
    rows: list[Row] = []
    started = time.perf_counter()
    for name in chosen:
        t0 = time.perf_counter()
        try:
            got = run(name, args.quick)
        except Exception:  # noqa: BLE001 - one broken bench must not hide the others
            traceback.print_exc()
            got = [Row(name.removeprefix("bench."), "runs", "crashed (traceback above)", False)]
        rows.extend(got)
        if got:
            print(f"{name}: {len(got)} rows in {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    print(table(rows))
    print(f"\n{sum(r.passed for r in rows)}/{len(rows)} PASS in {time.perf_counter() - started:.0f} s, one run on {_machine()}")
    return 0 if rows and all(r.passed for r in rows) else 1


def _machine() -> str:
    import os
    import platform

    return f"{platform.machine()} x{os.cpu_count()} cores, Python {platform.python_version()}"


if __name__ == "__main__":
    raise SystemExit(main())
