"""Probes of mounted combat (EQ-MNT-1..9, EQ-FALL-1; equestria's
``MountedSettings``). Format: ``house_rule_probes_shared``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.mounted.commands import CallBack, DropObject, MountBehind, RidingCheck
from core.combat.mounted.moves import dodge
from core.combat.mounted.riding import charge_bonus, thrown_height
from core.rulesets.base import Ruleset
from core.values.combatant import Side
from core.values.mobility import Size
from tests.core.house_rule_probe_support import creature, encounter, of_kind, outcome

STATS = {"STR": 1, "DEX": 1, "BODY": 1, "INT": 1, "CHA": 1, "RIDING": 4, "DROPPING": 3}


def _ridden(ruleset: Ruleset, mount: bool = True, **rider: Any):
    """Rider a (RIDING 4) next to a huge horse h, a foe b two cells off, a passenger p; a mounted when ``mount``."""
    a = creature(ruleset, "a", (2, 2), stats={**STATS, **rider.pop("stats", {})}, **rider)
    h = creature(ruleset, "h", (3, 2), size=Size.HUGE, stats={"STR": 3, "DEX": 1, "BODY": 3, "INT": -2, "CHA": 0})
    b = creature(ruleset, "b", (7, 2), Side.FOE, stats={**STATS, "STR": 8})
    p = creature(ruleset, "p", (2, 3), stats={**STATS, "STR": 0})
    enc = encounter(ruleset, a, h, b, p, seed=6)
    if mount:
        enc.apply(cmd.Mount("a", "h"))
    return enc


def _checks(events: object) -> object:
    if isinstance(events, str):
        return events
    return tuple((e.stat, e.result.modifier, e.result.modifiers, e.result.difficulty, e.result.tier)  # type: ignore[union-attr]
                 for e in of_kind(events, ev.CheckRolled))


def _riding_check(**kw: Any):
    def probe(ruleset: Ruleset) -> object:
        enc = _ridden(ruleset)
        events = outcome(enc, RidingCheck("a", **kw))
        if isinstance(events, str):
            return events
        return tuple((type(e).__name__, getattr(e, "result", getattr(e, "check", None))) for e in events)

    return probe


def _passenger(ruleset: Ruleset) -> object:
    enc = _ridden(ruleset)
    behind = outcome(enc, MountBehind("p", "h"))
    return behind, _checks(outcome(enc, RidingCheck("p"))), _checks(outcome(enc, RidingCheck("a")))


def _mounting(ruleset: Ruleset) -> object:
    enc = _ridden(ruleset, mount=False)
    enc.apply(cmd.Mount("a", "h"))
    return enc.state.combatant("a").budget.movement


def _charge(ruleset: Ruleset) -> object:
    enc = _ridden(ruleset)
    rider = replace(enc.state.combatant("a"), charge_round=enc.state.round,
                    charge_path=((1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)))
    return charge_bonus(enc.state, ruleset.riding, rider, enc.state.combatant("b"))


def _mounted_dodge(ruleset: Ruleset) -> object:
    enc = _ridden(ruleset)
    return dodge(enc.state, ruleset, enc.state.combatant("a"))[1:]  # type: ignore[index]


def _thrown(ruleset: Ruleset) -> int:
    enc = _ridden(ruleset)
    return thrown_height(ruleset.settings, enc.state.combatant("h"))


def _call_back(ruleset: Ruleset) -> object:
    """The first of 10 seeds where the call fails: what the log says (EQ-MNT-7)."""
    for seed in range(10):
        enc = _ridden(ruleset, mount=False)
        enc.state = enc.state.replace_combatant(replace(enc.state.combatant("h"), bolted=True))
        enc.rng.seed(seed)
        events = outcome(enc, CallBack("a", "h"))
        found = of_kind(events, ev.Maneuvered)
        if not isinstance(found, str) and found and "again" in found[0].outcome:  # type: ignore[union-attr]
            return found
    return "no failed call"


def _drop(ruleset: Ruleset) -> object:
    enc = _ridden(ruleset, mount=False)
    return _checks(outcome(enc, DropObject("b", 3, large=False, dropper="a")))


PROBES: dict[str, tuple[str, Any]] = {
    "equestria.riding_skill": ("DEX", _riding_check()),
    "equestria.riding_difficulty": ("15", _riding_check()),
    "equestria.no_reins_penalty": ("-4", _riding_check(no_reins=True)),
    "equestria.frightened_penalty": ("-5", _riding_check(frightened=True)),
    "equestria.passenger_penalty": ("-2", _passenger),
    "equestria.passenger_stat": ("DEX", _passenger),
    "equestria.charge_cells": ("1", _charge),
    "equestria.charge_damage": ("2", _charge),
    "equestria.mounting_costs_movement": ("false", _mounting),
    "equestria.mount_average_height": ("3", _thrown),
    "equestria.thrown_rider_fall": ("6", _thrown),
    "equestria.mounted_dodge_base": ("4", _mounted_dodge),
    "equestria.mounted_dodge_divisor": ("1", _mounted_dodge),
    "equestria.callback_retry_minutes": ("10", _call_back),
    "equestria.dropping_skill": ("DEX", _drop),
}
