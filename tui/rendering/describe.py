"""Log lines for the engine's events, and the face of every line: importing
this module registers the turns' lines (here) and the scene line module's on
:func:`describe`, and names the families' line modules (the actions' lines,
:mod:`tui.rendering.combat`, among them), which register with
their first event (:func:`~tui.rendering.lines.lines_for`; the campaign
tools' on the first event with no line). The registry and its building pieces are
:mod:`tui.rendering.lines`."""

from __future__ import annotations

from rich.text import Text

from core.combat import events as ev
from saves.records import Redone, Undone, Unreadable
from tui.rendering import scene_lines  # noqa: F401 (registers)
from tui.rendering.lines import (  # noqa: F401 (the names callers import from here)
    TIER_STYLE,
    action_phrase,
    bold_name,
    check_text,
    describe,
    human_label,
    lines_for,
    load_every_line,
    load_on_first_miss,
    modifiers_text,
    percent,
    roll_text,
    styled,
)
from tui.rendering.text import clean


def _load_tool_lines() -> None:
    """The campaign tools' log lines (mass combat, energy, breath, campaign
    time, training, house rules changed in play), the doors' and the players'
    turns' (their events are the door commands' and the players' commands'
    own: :mod:`core.combat.door_commands`, :mod:`core.combat.player_turns`):
    their modules register on :func:`describe` when first an event has no line."""
    from tui.rendering import campaign_time as time_lines, doors as door_lines, house_rules as house_rule_lines, war as war_lines  # noqa: F401 (deferred: start-up)
    from tui.rendering import player_lines  # noqa: F401 (deferred: start-up)


load_on_first_miss(_load_tool_lines)
# The families' lines load with their first event (start-up: the modules of
# their events, and of the commands that make them, stay unloaded until then).
lines_for("core.combat.action_events", "tui.rendering.combat")  # hit points, attacks, damage, conditions, the economy, rolls
lines_for("core.combat.map_events", "tui.rendering.map_lines")  # the map, the sheet, secrecy
lines_for("core.combat.maneuvers.events", "tui.rendering.maneuvers")  # jumps, falls, maneuvers
lines_for("core.combat.add_group", "tui.rendering.groups")  # a group's hit points and initiative
lines_for("core.combat.several_targets", "tui.rendering.groups")  # one action on several creatures
lines_for("core.combat.trackers.events", "tui.rendering.trackers")  # reminders, limited uses
lines_for("core.combat.tactics", "tui.rendering.trackers")  # a creature's tactics


@describe.register
def _(event: ev.InitiativeRolled) -> Text:
    tail = f" (tie roll-off {', '.join(map(str, event.rolloff))})" if event.rolloff else ""
    text = styled((clean(event.name), "bold"), " initiative ")
    text.append_text(roll_text(event.roll))
    if event.value != event.roll.total:
        text.append(f" -> {event.value}", style="bold")
    text.append(tail)
    return text


@describe.register
def _(event: ev.RoundStarted) -> Text:
    return styled((f"-- Round {event.round} --", "bold reverse"))


@describe.register
def _(event: ev.TurnStarted) -> Text:
    return styled("Turn: ", (clean(event.name), "bold"))


@describe.register
def _(event: ev.TurnReturned) -> Text:
    return styled("Turn handed back to ", (clean(event.name), "bold"), f" (round {event.round})")


@describe.register
def _(event: ev.TurnEffectsUndone) -> Text:
    return styled((clean(event.name), "bold"), f": {clean(event.detail)} (turn handed back)")


@describe.register
def _(event: ev.InitiativeSet) -> Text:
    rule = f" ({event.rule})" if event.rule else ""
    note = f": {clean(event.note)}" if event.note else ""
    return styled((clean(event.name), "bold"), f" initiative set to {event.value}{rule}{note}")



@describe.register
def _(event: ev.FirstTurnNextRound) -> Text:
    return styled((clean(event.name), "bold"), f" first acts in round {event.round} (its initiative has passed this round, EQ-INIT-5)")



@describe.register
def _(event: ev.TurnDelayed) -> Text:
    return styled((clean(event.name), "bold"), f" delays to initiative {event.value}")



@describe.register
def _(event: ev.PhaseChanged) -> Text:
    side = f" ({event.side.value} prepares)" if event.side is not None else ""
    return styled((f"-- {event.phase.value.capitalize()} --", "bold"), side)



@describe.register
def _(event: Undone) -> Text:
    return Text(f"Undone: {human_label(event.label)} (log lines {event.first_seq}-{event.last_seq})", style="italic")


@describe.register
def _(event: Redone) -> Text:
    return Text(f"Redone: {human_label(event.label)}", style="italic")


@describe.register
def _(event: Unreadable) -> Text:
    return Text(f"(a log line that cannot be read: {clean(event.reason)})", style="italic red")


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
