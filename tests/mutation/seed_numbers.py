"""Change each seed number the rules use, one at a time, and show a test failing.

A seed number is a settings field whose DEFAULT comes from a seed: its line
in a settings dataclass's comment starts with a rule ID not marked DEFAULT
(``pass_size_steps: int = 3  # SRD-MOV-4: ...``; not ``torch ... # EQ-VIS-2 DEFAULT``). For each one (each entry
of a row of numbers on its own), :func:`mutations` makes a mutant: a whole
number +1 (``torch`` ``(6, 12)`` -> ``(7, 12)``, then ``(6, 13)``). The
mutant is put in place in this process (the dataclass's default, its
subclasses that inherit it and every function default holding such
settings) and the tests that cite the rule ID run against it
(``pytest -x``, in this process, so the import cost is paid once); the
mutant is *caught* when a test fails. Run::

    python -m tests.mutation.seed_numbers            # every seed number
    python -m tests.mutation.seed_numbers pass_size_steps recovery_loser

It prints one line a mutant and exits 1 when one survived. The test
``tests/test_seed_mutations.py`` runs a few; the whole run is CI's
(``.ci/mutation``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import io
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")
ID = re.compile(r"\b(?:EQ|SRD|TAC|PR)-[A-Z]+-\d+\b")
LINE = re.compile(r"^\s+(\w+): ([^=]+?) = (.+?)\s+#\s*(.*)$")


@dataclass(frozen=True)
class Mutant:
    """Settings class ``owner``'s field ``name`` set to ``value`` (its
    DEFAULT ``default``), a number of rule ``rule``."""

    owner: type
    name: str
    default: Any
    value: Any
    rule: str

    def __str__(self) -> str:
        return f"{self.owner.__name__}.{self.name} {self.default!r} -> {self.value!r} ({self.rule})"


def settings_classes() -> list[type]:
    """Every settings dataclass of the four rulesets (their bases included), each once."""
    from core.rulesets import get

    found: dict[type, None] = {}
    for rid in RULESETS:
        for cls in type(get(rid).settings).__mro__:
            if dataclasses.is_dataclass(cls):
                found[cls] = None
    return list(found)


def seed_numbers(cls: type) -> Iterator[tuple[str, Any, str]]:
    """``(field, DEFAULT, rule ID)`` of each number ``cls`` declares from a seed."""
    own = cls.__dict__.get("__annotations__", {})
    for line in inspect.getsource(cls).splitlines():
        match = LINE.match(line)
        if match is None or match.group(1) not in own:
            continue
        name, _, _, comment = match.groups()
        rules = ID.findall(comment)
        if not rules or not re.match(rf"(?:Rules? )?{rules[0]}", comment) or f"{cls.__name__}.{name}" in UNUSED:
            continue  # a rule only mentioned, or a number no rule reads
        if "DEFAULT" in comment and name not in SEED_ENTRIES:
            continue  # a DEFAULT the product chose where the seed is silent
        default = cls.__dataclass_fields__[name].default
        if _numbers(default):
            yield name, default, rules[0]


def _numbers(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, tuple) and bool(value) and all(isinstance(x, int) and not isinstance(x, bool) for x in value)


UNUSED = {
    "PowerRollSettings.default_difficulty": "PR-ROLL-1: tiers come from the total alone; 12 only fills the interface's difficulty",
}
"""Seed numbers that no rule reads (changing them cannot show), with why."""

SEED_ENTRIES = {"body_heights": (4,)}
"""Rows where only some entries are the seed's (EQ-MAP-3: a medium creature
is 2 tall; the other sizes' heights are DEFAULTs): their places."""


def mutations(names: tuple[str, ...] = ()) -> list[Mutant]:
    """One :class:`Mutant` per seed number (per entry of a row), or only of fields ``names``."""
    found = []
    for cls in settings_classes():
        for name, default, rule in seed_numbers(cls):
            if names and name not in names:
                continue
            if isinstance(default, int):
                found.append(Mutant(cls, name, default, default + 1, rule))
                continue
            for i in SEED_ENTRIES.get(name, range(len(default))):
                found.append(Mutant(cls, name, default, default[:i] + (default[i] + 1,) + default[i + 1:], rule))
    return found


@contextlib.contextmanager
def mutated(mutant: Mutant) -> Iterator[None]:
    """``mutant`` in place while the block runs, the DEFAULT back after."""
    undo: list[Any] = []
    classes = [mutant.owner] + _subclasses(mutant.owner)
    for cls in classes:
        if cls is not mutant.owner and mutant.name in cls.__dict__.get("__annotations__", {}):
            continue  # it declares its own DEFAULT
        field = cls.__dataclass_fields__[mutant.name]
        undo.append((setattr, field, "default", field.default))
        field.default = mutant.value
        undo.append((setattr, cls, mutant.name, cls.__dict__.get(mutant.name, mutant.default)))
        setattr(cls, mutant.name, mutant.value)
        init = cls.__init__
        names = [p.name for p in inspect.signature(init).parameters.values() if p.default is not inspect.Parameter.empty]
        if mutant.name in names and init.__defaults__ is not None:
            undo.append((setattr, init, "__defaults__", init.__defaults__))
            defaults = list(init.__defaults__)
            defaults[names.index(mutant.name)] = mutant.value
            init.__defaults__ = tuple(defaults)
    patched = tuple(c for c in classes)
    for function in _functions():
        if function.__defaults__ and any(isinstance(d, patched) for d in function.__defaults__):
            undo.append((setattr, function, "__defaults__", function.__defaults__))
            function.__defaults__ = tuple(_mutated_value(d, patched, mutant) for d in function.__defaults__)
        if function.__kwdefaults__ and any(isinstance(d, patched) for d in function.__kwdefaults__.values()):
            undo.append((setattr, function, "__kwdefaults__", function.__kwdefaults__))
            function.__kwdefaults__ = {k: _mutated_value(d, patched, mutant) for k, d in function.__kwdefaults__.items()}
    try:
        yield
    finally:
        for setter, target, attribute, value in reversed(undo):
            setter(target, attribute, value)


def _mutated_value(value: Any, patched: tuple[type, ...], mutant: Mutant) -> Any:
    if isinstance(value, patched) and getattr(value, mutant.name) == mutant.default:
        return dataclasses.replace(value, **{mutant.name: mutant.value})
    return value


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub] + _subclasses(sub)
    return out


def _functions() -> Iterator[Any]:
    for module_name, module in list(sys.modules.items()):
        if module is None or module_name.split(".")[0] not in ("core", "saves", "tui"):
            continue
        for value in list(vars(module).values()):
            if inspect.isfunction(value):
                yield value
            elif inspect.isclass(value) and value.__module__ == module_name:
                yield from (v for v in vars(value).values() if inspect.isfunction(v))


def tests_citing(rule: str) -> list[str]:
    """Test files that cite ``rule`` (``SRD-MOV-4``, or ``srd_mov_4`` in a name), core's first."""
    from tests.rules_coverage import cited

    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if "mutation" in path.parts or path.name == "test_rule_ids_cited.py":
            continue
        if rule in cited(path.read_text(encoding="utf-8")):
            found.append(path)
    found.sort(key=lambda p: (p.parts[len(TESTS.parts)] != "core", str(p)))
    return [str(p) for p in found]


def run(mutant: Mutant) -> tuple[bool, str]:
    """``(caught, what)``: run the tests citing the mutant's rule against it."""
    import pytest

    files = tests_citing(mutant.rule)
    if not files:
        return False, "no test cites the rule"
    failed: list[str] = []

    class Report:
        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.failed and not failed:
                failed.append(report.nodeid)

    with mutated(mutant), contextlib.redirect_stdout(io.StringIO()):
        code = pytest.main(["-q", "-x", "-p", "no:cacheprovider", *files], plugins=[Report()])
    for name in [n for n in sys.modules if n.startswith("tests.") and not n.startswith("tests.mutation")]:
        del sys.modules[name]  # a test module's constants were made under this mutant: import it afresh
    if code == 1 and failed:
        return True, failed[0].split("/")[-1]
    if code == 0:
        return False, f"survived {len(files)} file(s)"
    return False, f"pytest exit {int(code)}"


def main(argv: list[str]) -> int:
    chosen = mutations(tuple(argv))
    start = time.monotonic()
    survived = 0
    for mutant in chosen:
        caught, what = run(mutant)
        survived += not caught
        print(f"{'caught  ' if caught else 'SURVIVED'} {mutant}: {what}", flush=True)
    print(f"{len(chosen) - survived} of {len(chosen)} seed numbers caught in {time.monotonic() - start:.0f} s")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
