"""The module graph of core/, saves/ and tui/ has no cycle, and no module
takes a private name from another.

Built from ``ast``: top-level and function-local imports count (a deferred
import is still a dependency), ``if TYPE_CHECKING:`` blocks do not; ``from
pkg import name`` is an edge to ``pkg.name`` when that is a module. A
package's face (``__init__``) importing its own submodules is not a cycle.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "saves", "tui")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


@cache
def _imports(path: Path) -> list[ast.Import | ast.ImportFrom]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(sub) for node in ast.walk(tree) if _type_checking(node) for sub in ast.walk(node)}
    return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in skipped]


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if path.name != "__init__.py":
        parts = parts[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def _known(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


@cache
def _edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, path in MODULES.items():
        for node in _imports(path):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = _base(module, path, node)
                targets = [base, *(f"{base}.{a.name}" for a in node.names)]
            for target in filter(None, map(_known, targets)):
                if target != module and not target.startswith(module + "."):
                    edges[module].add(target)
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    cycles = [c for c in _cycles(_edges()) if c[0].split(".")[0] == package]
    assert cycles == [], "\n".join(" <-> ".join(c) for c in cycles)


def test_the_graph_sees_function_local_imports():
    edges = _edges()
    assert "core.combat.trackers.reminders" in edges["core.combat.encounter"]  # imported inside an after-apply hook


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_a_private_name_from_another(package):
    taken = []
    for module, path in MODULES.items():
        if module.split(".")[0] != package:
            continue
        for node in _imports(path):
            if isinstance(node, ast.ImportFrom):
                taken += [f"{module}: from {node.module} import {a.name}" for a in node.names if a.name.startswith("_")]
            else:
                taken += [f"{module}: import {a.name}" for a in node.names if any(p.startswith("_") for p in a.name.split("."))]
    assert taken == []
