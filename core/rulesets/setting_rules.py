"""The rule ID a ruleset setting sets, read off its line in the settings
dataclass (``torch: tuple[int, int] = (6, 12)  # EQ-VIS-2 DEFAULT``): the first
rule ID of the comment, for the log line of a house-rule change
(:mod:`core.combat.house_rules`). ``""`` when the line names none."""

from __future__ import annotations

import dataclasses
import inspect
import re
from typing import Any

_ID = re.compile(r"\b(?:EQ|SRD|TAC|PR)-[A-Z]+-\d+\b")


_READ: dict[str, dict[str, str]] = {}


def _comments(owner: type) -> dict[str, str]:
    """Field name -> the comment on its line, for ``owner`` and its bases (read once a class)."""
    key = f"{owner.__module__}.{owner.__qualname__}"
    if key in _READ:
        return _READ[key]
    found: dict[str, str] = {}
    for cls in reversed(owner.__mro__):
        if not dataclasses.is_dataclass(cls):
            continue
        try:
            lines = inspect.getsource(cls).splitlines()
        except (OSError, TypeError):  # no source (a frozen build): no rule IDs
            continue
        for line in lines:
            match = re.match(r"^\s+(\w+):[^=#]*=[^#]*#\s*(.*)$", line)
            if match:
                found[match.group(1)] = match.group(2)
    _READ[key] = found
    return found


def setting_rule(settings: Any, name: str) -> str:
    """The rule ID setting ``name`` of ``settings`` cites first (``EQ-VIS-2``), or ``""``."""
    found = _ID.search(_comments(type(settings)).get(name, ""))
    return found.group(0) if found else ""
