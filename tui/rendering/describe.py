"""Log lines for core events: one ``Text`` per event, names shown literally."""

from __future__ import annotations

import re
from functools import singledispatch

from rich.text import Text

from core.combat import events as ev
from core.dice.checks import Tier
from core.dice.rolls import DiceRoll
from saves.records import Redone, Undone, Unreadable
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


def check_text(result) -> Text:
    """``1d20+2 [13] = 15 (+2 STR) vs 12: success``."""
    text = roll_text(result.roll)
    text.append_text(modifiers_text(result.modifiers))
    text.append(f" vs {result.difficulty}: ")
    text.append(result.tier.value, style=TIER_STYLE.get(result.tier, ""))
    return text


def bold_name(text: str) -> Text:
    """User text (a name) in bold inside a plain line, escapes shown (``Text()``
    first: ``Text(style=..) + x`` would make all of the line bold)."""
    out = Text()
    out.append(clean(text), style="bold")
    return out


def _t(*parts: str | tuple[str, str]) -> Text:
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


def percent(probability: float) -> str:
    """``54%``, or one decimal under 1% so that rare outcomes do not read as impossible."""
    value = probability * 100
    if 0 < value < 1:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


@singledispatch
def describe(event: ev.Event) -> Text:
    """A one-line description of ``event``."""
    if _load_tool_lines():
        return describe(event)
    return Text(type(event).__name__)


_tool_lines_loaded = False


def _load_tool_lines() -> bool:
    """The campaign tools' log lines (mass combat, energy, breath, campaign
    time, training), imported the first time an event has no line
    here: True if that was now. Their modules register on :func:`describe`;
    a campaign that never used a tool starts without loading them (about 45 ms
    of start-up)."""
    global _tool_lines_loaded
    if _tool_lines_loaded:
        return False
    _tool_lines_loaded = True
    from tui.rendering import campaign_time as describe_time, war as describe_war  # noqa: F401

    return True


@describe.register
def _(event: ev.InitiativeRolled) -> Text:
    tail = f" (tie roll-off {', '.join(map(str, event.rolloff))})" if event.rolloff else ""
    text = _t((clean(event.name), "bold"), " initiative ")
    text.append_text(roll_text(event.roll))
    if event.value != event.roll.total:
        text.append(f" -> {event.value}", style="bold")
    text.append(tail)
    return text


@describe.register
def _(event: ev.RoundStarted) -> Text:
    return _t((f"-- Round {event.round} --", "bold reverse"))


@describe.register
def _(event: ev.TurnStarted) -> Text:
    return _t("Turn: ", (clean(event.name), "bold"))


@describe.register
def _(event: ev.TurnReturned) -> Text:
    return _t("Turn handed back to ", (clean(event.name), "bold"), f" (round {event.round})")


@describe.register
def _(event: ev.TurnEffectsUndone) -> Text:
    return _t((clean(event.name), "bold"), f": {clean(event.detail)} (turn handed back)")


@describe.register
def _(event: ev.HitPointsChanged) -> Text:
    if event.requested < 0:
        word, style = f"takes {-event.requested} damage", "red"
    elif event.delta != event.requested:
        word, style = f"heals {event.delta} (of {event.requested})", "green"
    else:
        word, style = f"heals {event.requested}", "green"
    return _t((clean(event.name), "bold"), " ", (word, style), f" -> HP {event.hp}/{event.hp_max}")


@describe.register
def _(event: ev.Defeated) -> Text:
    return _t((clean(event.name), "bold"), (" is defeated", "bold red"))


@describe.register
def _(event: ev.Moved) -> Text:
    x, y = event.path[-1]
    return _t(
        (clean(event.name), "bold"),
        f" moves to ({x}, {y}): {event.cost} movement, {event.movement_left} left",
    )


def action_phrase(kind: str) -> str:
    """``quick`` -> ``a quick action``, ``action`` -> ``an action``,
    ``reaction`` -> ``a reaction``: an action kind of any ruleset in words."""
    name = clean(kind).replace("_", " ")
    noun = name if name.endswith("action") or name == "maneuver" else f"{name} action"
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


@describe.register
def _(event: ev.ActionSpent) -> Text:
    return _t((clean(event.name), "bold"), f" uses {action_phrase(event.kind)} ({event.left} left)")


@describe.register
def _(event: ev.FullActionExchanged) -> Text:
    return _t((clean(event.name), "bold"), f" trades the full action for {event.quick_gained} quick action(s)")


@describe.register
def _(event: ev.DiceRolled) -> Text:
    who = (clean(event.name) + ": ") if event.name else ""
    purpose = f"{clean(event.purpose)} " if event.purpose else ""
    text = _t(who, ("roll ", "dim"), purpose)
    text.append_text(roll_text(event.roll))
    if event.roll.comment and event.roll.comment != event.purpose:
        text.append(f"  {clean(event.roll.comment)}", style="italic")
    return text


@describe.register
def _(event: ev.CheckRolled) -> Text:
    result = event.result
    purpose = f" ({clean(result.purpose)})" if result.purpose else ""
    text = _t((clean(event.name), "bold"), f" {event.stat} check{purpose} ")
    text.append_text(check_text(result))
    return text


@describe.register
def _(event: ev.CombatantAdded) -> Text:
    return _t((clean(event.name), "bold"), " joins the encounter")


@describe.register
def _(event: ev.CombatantRemoved) -> Text:
    return _t((clean(event.name), "bold"), " leaves the encounter")


@describe.register
def _(event: Undone) -> Text:
    return Text(f"Undone: {human_label(event.label)} (log lines {event.first_seq}-{event.last_seq})", style="italic")


@describe.register
def _(event: Redone) -> Text:
    return Text(f"Redone: {human_label(event.label)}", style="italic")


@describe.register
def _(event: Unreadable) -> Text:
    return Text(f"(a log line that cannot be read: {clean(event.reason)})", style="italic red")


def human_label(label: str) -> str:
    """``RollDice`` -> ``roll dice``: a command's name in plain words."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", clean(label)).lower()


# Combat resolution events live in their own module.
from tui.rendering import combat as describe_combat  # noqa: E402,F401
from tui.rendering import maneuvers as describe_maneuvers  # noqa: E402,F401


def preview_text(shown) -> Text:
    """A :class:`core.offers.base.Preview` as the lines under a dialog's input:
    the refusal, or the roll against its difficulty with every modifier and
    the chance of each outcome; a move's path cost."""
    text = Text()
    if shown.refusal is not None:
        text.append(clean(shown.refusal) + "\n", style="bold yellow")
    if shown.expression:
        if shown.notes or shown.modifiers:
            text.append(" ".join(clean(n) for n in shown.notes))
            text.append_text(modifiers_text(shown.modifiers))
            text.append(": ")
        text.append(shown.expression)
        if shown.difficulty is not None:
            text.append(f" vs {shown.difficulty}")
        text.append(":\n" if shown.modifiers else ": ")
    elif shown.notes:
        text.append(" ".join(clean(n) for n in shown.notes) + "\n")
    if shown.odds:
        text.append("  ".join(f"{label} {percent(float(p))}" for label, p in shown.odds))
    if shown.cost is not None:
        text.append(f"{len(shown.path) - 1} cells, {shown.cost} {shown.unit}")
    return text

# Groups, reminders and limited uses. The campaign tools' lines load on first use (_load_tool_lines).
from tui.rendering import groups as describe_groups  # noqa: E402,F401
from tui.rendering import trackers as describe_trackers  # noqa: E402,F401
