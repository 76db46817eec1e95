"""The import contracts of pyproject.toml ``[tool.importlinter]`` hold
(layers tui -> saves -> core; the engine never imports a ruleset package;
the apply path never imports the offers; opening a campaign, the first frame
and a ruleset's package import what they defer only where its contract lists
the import with its reason)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (the test extra)")
def test_lint_imports_keeps_every_contract():
    done = subprocess.run([str(LINT), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "broken" in done.stdout and " 0 broken" in done.stdout
