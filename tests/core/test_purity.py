"""core/ imports neither textual, rich nor tinydb; saves/ does not import textual."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import core
import saves

ROOT = Path(__file__).resolve().parents[2]


def _modules(package) -> list[str]:
    return [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def _imported_after(modules: list[str]) -> set[str]:
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def test_core_imports_no_ui_or_storage():
    modules = _modules(core)
    assert "core.combat.encounter" in modules and "core.dice.rolls" in modules
    loaded = _imported_after(modules)
    assert not loaded & {"textual", "rich", "tinydb"}, loaded & {"textual", "rich", "tinydb"}


def test_saves_imports_no_textual():
    loaded = _imported_after(_modules(saves))
    assert "tinydb" in loaded  # the check itself works: saves does use tinydb
    assert "textual" not in loaded
