"""The rule systems a campaign can pick, by id: one plug-in module each.

A ruleset is one module ``core.rulesets.<id>`` defining one
:class:`~core.rulesets.base.Ruleset` subclass whose ``id`` is the module's
name. That class is the whole plug-in: its one ``Settings`` dataclass holds
every DEFAULT (checks, economy, movement, falling), and its components
(checks, initiative, turn economy with its action kinds, movement model,
falling, conditions, extra offers and their commands) hang off it. Nothing
else in ``core/`` or ``tui/`` names a ruleset: adding a fifth one is adding
one module here (or calling :func:`register` with a class, as tests do).

``get("equestria", {"default_difficulty": 10})`` returns the ruleset with a
campaign's house rules applied. Modules load on first use, so opening a
campaign imports only its own ruleset.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from core.errors import RulesError
from core.rulesets.base import Ruleset

_NOT_RULESETS = frozenset({"base", "common"})
DEFAULT_RULESET = "equestria"

_REGISTERED: dict[str, type[Ruleset]] = {}


def _discover() -> tuple[str, ...]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in _NOT_RULESETS and not m.name.startswith("_"))
    return tuple(sorted(names, key=lambda name: name != DEFAULT_RULESET))


RULESET_IDS: tuple[str, ...] = _discover()
"""Ids of the ruleset modules in this package, the default first (modules are not imported)."""


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Make ``cls`` available under ``cls.id`` (a ruleset defined outside this
    package, e.g. by a test or a house-rules pack). Returns ``cls``."""
    if not cls.id:
        raise RulesError(f"{cls.__name__} has no id")
    _REGISTERED[cls.id] = cls
    return cls


def known_ids() -> tuple[str, ...]:
    """Every ruleset id: this package's modules, then registered ones."""
    return RULESET_IDS + tuple(rid for rid in _REGISTERED if rid not in RULESET_IDS)


def ruleset_class(ruleset_id: str) -> type[Ruleset] | None:
    """The class of ruleset ``ruleset_id`` (its module imported now), or ``None``."""
    cls = _REGISTERED.get(ruleset_id)
    if cls is not None or ruleset_id not in RULESET_IDS:
        return cls
    module = importlib.import_module(f"{__name__}.{ruleset_id}")
    found = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Ruleset) and v.id == ruleset_id]
    if len(found) != 1:
        raise RulesError(f"module core.rulesets.{ruleset_id} must define one Ruleset with id {ruleset_id!r}")
    _REGISTERED[ruleset_id] = found[0]
    return found[0]


def get(ruleset_id: str, house_rules: dict[str, Any] | None = None) -> Ruleset:
    """The ruleset ``ruleset_id`` with ``house_rules`` applied.

    Raises :class:`RulesError` for an unknown id or a bad override.
    """
    cls = ruleset_class(ruleset_id)
    if cls is None:
        raise RulesError(f"unknown ruleset {ruleset_id!r}; available: {', '.join(known_ids())}")
    ruleset = cls()
    if house_rules:
        ruleset = ruleset.with_house_rules(house_rules)
    return ruleset


def __getattr__(name: str) -> Any:
    """``RULESETS``: id -> class, every ruleset imported."""
    if name == "RULESETS":
        return {rid: ruleset_class(rid) for rid in known_ids()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Ruleset", "RULESETS", "RULESET_IDS", "DEFAULT_RULESET", "get", "register", "known_ids"]
