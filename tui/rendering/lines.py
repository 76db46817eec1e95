"""The registry of log lines: :func:`describe` (one ``Text`` per event,
names shown literally) and the pieces every line module builds with.

The line modules (:mod:`tui.rendering.describe` for the engine's events,
``combat`` for the actions', ``maneuvers``, ``groups``, ``trackers``, and the campaign tools'
``war`` and ``campaign_time``) register on :func:`describe`; this module
imports none of them. Import :mod:`tui.rendering.describe` to have every
line."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import singledispatch

from rich.text import Text

from core.combat import events as ev
from core.dice.checks import Tier
from core.dice.rolls import DiceRoll
from core.values.conditions import Boundary, Condition
from tui.rendering.text import clean

TIER_STYLE = {
    Tier.CRITICAL_FAILURE: "bold red",
    Tier.FAILURE: "red",
    Tier.HALF: "yellow",
    Tier.SUCCESS: "green",
    Tier.CRITICAL_SUCCESS: "bold green",
    Tier.TIER_1: "red",
    Tier.TIER_2: "yellow",
    Tier.TIER_3: "green",
}


def modifiers_text(modifiers) -> Text:
    """`` (+2 flanking, -1 half cover)``: each modifier with its reason."""
    if not modifiers:
        return Text("")
    return Text(" (" + ", ".join(f"{m.value:+d} {clean(m.reason)}" for m in modifiers) + ")", style="italic")


def check_text(result, against: bool = True) -> Text:
    """``1d20+2 [13] = 15 (+2 STR) vs 12: success``; without ``against``
    (a tier from the total alone, PR-ROLL-1) ``2d10+2 [9] = 11 (+2 MIGHT): tier 1``."""
    text = roll_text(result.roll)
    text.append_text(modifiers_text(result.modifiers))
    text.append(f" vs {result.difficulty}: " if against else ": ")
    text.append(result.tier.value, style=TIER_STYLE.get(result.tier, ""))
    return text


def with_rule(text: Text, rule: str) -> Text:
    """``text`` and `` · EQ-INIT-2`` (dim) when ``rule`` is set and ``text`` does not name it yet."""
    if not rule or any("-" in word and word in text.plain for word in rule.split()):
        return text
    out = text.copy()
    out.append(f" \u00b7 {rule}", style="bright_black")
    return out


def bold_name(text: str) -> Text:
    """User text (a name) in bold inside a plain line, escapes shown (``Text()``
    first: ``Text(style=..) + x`` would make all of the line bold)."""
    out = Text()
    out.append(clean(text), style="bold")
    return out


def styled(*parts: str | tuple[str, str]) -> Text:
    """One line from plain strings and ``(text, style)`` pairs."""
    text = Text()
    for part in parts:
        if isinstance(part, tuple):
            text.append(part[0], style=part[1])
        else:
            text.append(part)
    return text


def roll_text(roll: DiceRoll) -> Text:
    """``2d20kh1+2 [13, 4] = 15``: the expression, every die (dropped ones
    dim and struck through) and the total."""
    text = Text(clean(roll.expression))
    if roll.dice:
        text.append(" [")
        for index, die in enumerate(roll.dice):
            if index:
                text.append(", ")
            text.append(str(die.value), style="bold" if die.kept else "bright_black strike")
        text.append("]")
    text.append(" = ")
    text.append(str(roll.total), style="bold")
    return text


def condition_text(condition: Condition) -> str:
    """``burning 2 (3 rounds)``."""
    text = f"{clean(condition.name)} {condition.level}"
    duration = condition.duration
    if duration.boundary is not Boundary.NEVER and duration.count:
        text += f" ({duration.count} round{'s' if duration.count != 1 else ''})"
    return text


def percent(probability: float) -> str:
    """``54%``, or one decimal under 1% so that rare outcomes do not read as impossible."""
    value = probability * 100
    if 0 < value < 1:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


_loaders: list[Callable[[], None]] = []
_lines_of: dict[str, str] = {}  # an event's module -> the line module that registers its lines


def load_on_first_miss(loader: Callable[[], None]) -> None:
    """Run ``loader`` (it imports line modules, which register here) the
    first time an event has no line yet and no :func:`lines_for` names its
    module: lines a campaign may never need (the campaign tools') stay
    unloaded until then (about 45 ms of start-up)."""
    _loaders.append(loader)


def lines_for(event_module: str, line_module: str) -> None:
    """The lines of the events defined in ``event_module`` (a dotted path)
    are registered by ``line_module``, imported with the first such event
    :func:`describe` is asked for (a family's lines load with its events)."""
    _lines_of[event_module] = line_module


def load_every_line() -> None:
    """Import every line module named to :func:`lines_for` and run every
    :func:`load_on_first_miss` loader (for a check that every event has a line)."""
    for line_module in set(_lines_of.values()):
        importlib.import_module(line_module)
    _lines_of.clear()
    while _loaders:
        _loaders.pop()()


@singledispatch
def describe(event: ev.Event) -> Text:
    """A one-line description of ``event``."""
    line_module = _lines_of.pop(type(event).__module__, None)
    if line_module is not None:
        importlib.import_module(line_module)
        return describe(event)
    if _loaders:
        loaders = list(_loaders)
        _loaders.clear()
        for load in loaders:
            load()
        return describe(event)
    return Text(type(event).__name__)


def action_phrase(kind: str) -> str:
    """``quick`` -> ``a quick action``, ``action`` -> ``an action``,
    ``reaction`` -> ``a reaction``: an action kind of any ruleset in words."""
    name = clean(kind).replace("_", " ")
    noun = name if name.endswith("action") or name == "maneuver" else f"{name} action"
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def human_label(label: str) -> str:
    """``RollDice`` -> ``roll dice``: a command's name in plain words."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", clean(label)).lower()
