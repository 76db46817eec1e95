"""The rule systems a campaign can pick, by id.

``get("equestria", {"default_difficulty": 10})`` returns the ruleset with a
campaign's house rules applied. The four seed systems: ``equestria``,
``srd35``, ``tactical_d10``, ``power_roll``.
"""

from __future__ import annotations

import importlib
from typing import Any

from core.errors import RulesError
from core.rulesets.base import Ruleset

# id -> class name in the module core.rulesets.<id>. A campaign plays one
# ruleset: each module is imported when first asked for, not before the
# first frame (~4 ms of dataclass creation each). RULESETS loads them all.
_CLASS_NAMES: dict[str, str] = {"equestria": "Equestria", "srd35": "Srd35", "tactical_d10": "TacticalD10", "power_roll": "PowerRoll"}
RULESET_IDS: tuple[str, ...] = tuple(_CLASS_NAMES)
PLANNED: tuple[str, ...] = ()
DEFAULT_RULESET = "equestria"


def ruleset_class(ruleset_id: str) -> type[Ruleset] | None:
    """The class of ruleset ``ruleset_id`` (its module imported now), or ``None``."""
    name = _CLASS_NAMES.get(ruleset_id)
    return None if name is None else getattr(importlib.import_module(f"{__name__}.{ruleset_id}"), name)


def get(ruleset_id: str, house_rules: dict[str, Any] | None = None) -> Ruleset:
    """The ruleset ``ruleset_id`` with ``house_rules`` applied.

    Raises :class:`RulesError` for an unknown id or a bad override.
    """
    cls = ruleset_class(ruleset_id)
    if cls is None:
        if ruleset_id in PLANNED:
            raise RulesError(f"ruleset {ruleset_id!r} is not available yet; available: {', '.join(RULESET_IDS)}")
        raise RulesError(f"unknown ruleset {ruleset_id!r}; available: {', '.join(RULESET_IDS)}")
    ruleset = cls()
    if house_rules:
        ruleset = ruleset.with_house_rules(house_rules)
    return ruleset


def __getattr__(name: str) -> Any:
    """``RULESETS`` (id -> class, every ruleset imported) and the classes by name."""
    if name == "RULESETS":
        value: Any = {rid: ruleset_class(rid) for rid in RULESET_IDS}
    elif name in _CLASS_NAMES.values():
        value = ruleset_class(next(rid for rid, cls_name in _CLASS_NAMES.items() if cls_name == name))
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = ["Ruleset", "RULESETS", "RULESET_IDS", "DEFAULT_RULESET", "get"]
