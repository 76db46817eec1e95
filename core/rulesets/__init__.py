"""The rule systems a campaign can pick, by id: one plug-in package each.

A ruleset is one package (``core.rulesets.<id>`` for the four shipped
here) defining one :class:`~core.rulesets.base.Ruleset` subclass whose
``id`` is the name it is registered under. That class is the whole
plug-in: its one ``Settings`` dataclass holds every DEFAULT (checks,
economy, movement, falling), and its components and typed capabilities
(checks, initiative, turn economy with its action kinds, movement model,
jump, falling, riding, reactions, stat blocks, extra offers and their
commands) hang off it. Nothing else in ``core/`` or ``tui/`` names a
ruleset.

Rulesets are found through the entry-point group ``encounter.rulesets``
(``[project.entry-points."encounter.rulesets"]`` in pyproject.toml: name =
the ruleset id, value = ``module:Class``), so a fifth ruleset may ship as
its own distribution; :func:`register` adds a class directly (tests, a
house-rules pack). Only names are read until a ruleset is used: opening a
campaign imports its own ruleset alone.

Fallback and start-up: the four shipped rulesets are also listed in
:data:`BUILT_IN` (the same ``module:Class`` values as pyproject.toml), so
they load without reading any package metadata (importing
``importlib.metadata`` and scanning costs about 45 ms, off the first
frame), and they still load when the metadata is missing (running from a
source tree that was never installed). The entry points are scanned,
once, only for an id that is neither registered nor built in, and by
:func:`known_ids`.

``get("equestria", {"default_difficulty": 10})`` returns the ruleset with a
campaign's house rules applied.
"""

from __future__ import annotations

import importlib
from typing import Any

from core.errors import RulesError
from core.rulesets.base import Ruleset

ENTRY_POINT_GROUP = "encounter.rulesets"
DEFAULT_RULESET = "equestria"

BUILT_IN: dict[str, str] = {
    "equestria": "core.rulesets.equestria:Equestria",
    "power_roll": "core.rulesets.power_roll:PowerRoll",
    "srd35": "core.rulesets.srd35:Srd35",
    "tactical_d10": "core.rulesets.tactical_d10:TacticalD10",
}
"""Ruleset id -> ``module:Class`` of the rulesets shipped in this package
(mirrors the entry points in pyproject.toml; a test keeps them equal)."""


def _default_first(names: Any) -> tuple[str, ...]:
    return tuple(sorted(sorted(names), key=lambda name: name != DEFAULT_RULESET))


RULESET_IDS: tuple[str, ...] = _default_first(BUILT_IN)
"""Ids of the rulesets shipped in this package, the default first (nothing imported)."""

_REGISTERED: dict[str, type[Ruleset]] = {}
_SCANNED: dict[str, str] | None = None


def entry_point_targets() -> dict[str, str]:
    """Ruleset id -> ``module:Class`` of every entry point in group
    ``encounter.rulesets`` of the installed distributions (read once; no
    ruleset module is imported). Empty when no metadata is found."""
    global _SCANNED
    if _SCANNED is None:
        from importlib.metadata import entry_points

        _SCANNED = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return _SCANNED


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Make ``cls`` available under ``cls.id`` (a ruleset defined outside an
    installed distribution, e.g. by a test). Returns ``cls``."""
    if not cls.id:
        raise RulesError(f"{cls.__name__} has no id")
    _REGISTERED[cls.id] = cls
    return cls


def known_ids() -> tuple[str, ...]:
    """Every ruleset id, the default first: the shipped ones, those of the
    entry points, then registered ones (reads the entry points once)."""
    found = _default_first(set(BUILT_IN) | set(entry_point_targets()))
    return found + tuple(rid for rid in _REGISTERED if rid not in found)


def _load(ruleset_id: str, target: str) -> type[Ruleset]:
    module_name, _, attribute = target.partition(":")
    try:
        cls = vars(importlib.import_module(module_name)).get(attribute)
    except ImportError as error:
        raise RulesError(f"ruleset {ruleset_id!r}: cannot import {module_name} ({error})") from error
    if not (isinstance(cls, type) and issubclass(cls, Ruleset) and cls.id == ruleset_id):
        raise RulesError(f"ruleset {ruleset_id!r}: {target} must name a Ruleset subclass with id {ruleset_id!r}")
    return cls


def ruleset_class(ruleset_id: str) -> type[Ruleset] | None:
    """The class of ruleset ``ruleset_id`` (its module imported now), or ``None``."""
    cls = _REGISTERED.get(ruleset_id)
    if cls is not None:
        return cls
    target = BUILT_IN.get(ruleset_id) or entry_point_targets().get(ruleset_id)
    if target is None:
        return None
    _REGISTERED[ruleset_id] = cls = _load(ruleset_id, target)
    return cls


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
    """``RULESETS``: id -> class, every known ruleset imported."""
    if name == "RULESETS":
        return {rid: ruleset_class(rid) for rid in known_ids()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Ruleset", "RULESETS", "RULESET_IDS", "BUILT_IN", "DEFAULT_RULESET", "ENTRY_POINT_GROUP",
           "entry_point_targets", "get", "register", "known_ids", "ruleset_class"]
