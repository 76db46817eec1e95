"""mypy passes on core/ and saves/ with the configuration in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_error_on_core_and_saves() -> None:
    # The files to check, the strictness and the per-library exceptions are
    # all in [tool.mypy]; the test only runs it from the project root.
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, (
        f"mypy found errors (exit {result.returncode}):\n{result.stdout}{result.stderr}"
    )
