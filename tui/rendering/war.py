"""Log lines of mass combat (rules EQ-WAR-1..4): every check and die shown.

Registered on :func:`tui.rendering.lines.describe` when imported (by :mod:`tui.rendering.describe`)."""

from __future__ import annotations

from rich.text import Text

from core.campaign.war import events as wev
from core.campaign.war.battle import EndKind
from tui.rendering.lines import bold_name as _bold, TIER_STYLE, check_text, describe, roll_text
from tui.rendering.text import clean



@describe.register
def _(event: wev.BattleSetUp) -> Text:
    a, b = event.names
    text = Text("Battle: ") + _bold(a) + Text(f" {event.soldiers[0]:,} -> {event.points[0]} BP vs ") + _bold(b)
    text.append(f" {event.soldiers[1]:,} -> {event.points[1]} BP")
    if event.heroes:
        text.append(f"; heroes {', '.join(clean(h) for h in event.heroes)}")
    return text


@describe.register
def _(event: wev.HeroFought) -> Text:
    text = Text(f"Battle round {event.round}: ") + _bold(event.hero) + Text(f" ({clean(event.army)}) ")
    text.append_text(check_text(event.check))
    text.append(f"; side +{event.bonus}")
    if event.damage is not None:
        text.append(", takes ")
        text.append_text(roll_text(event.damage))
        text.append(" true damage")
    else:
        text.append(", unhurt")
    return text


@describe.register
def _(event: wev.BattleCheckRolled) -> Text:
    text = Text(f"Battle round {event.round}: Strategy ")
    for index, check in enumerate(event.checks):
        if index:
            text.append(" vs " if index % 2 else "; tie, again: ")
        text.append(f"{clean(event.names[index % 2])} ")
        text.append_text(roll_text(check.roll))
    if event.loser is None:
        text.append("; a tie: nobody loses")
    else:
        text.append("; ")
        text.append_text(_bold(event.names[event.loser]))
        text.append(f" loses 1 BP ({event.points[0]}-{event.points[1]})")
    return text


@describe.register
def _(event: wev.MoraleChecked) -> Text:
    text = _bold(event.army) + Text(" morale ")
    text.append_text(check_text(event.check))
    text.append(": ")
    text.append(event.outcome, style=TIER_STYLE.get(event.check.tier, ""))
    return text


@describe.register
def _(event: wev.RetreatOrdered) -> Text:
    return _bold(event.army) + Text(f" orders a retreat ({event.rounds} more round{'s' if event.rounds != 1 else ''})")


@describe.register
def _(event: wev.BattleEnded) -> Text:
    if event.kind is EndKind.DRAW:
        return Text(f"Battle over after round {event.round}: both armies withdrew")
    how = {EndKind.DESTROYED: "has no battle points left", EndKind.RETREAT: "retreats", EndKind.ROUT: "routs"}[event.kind]
    return Text(f"Battle over after round {event.round}: ") + _bold(event.loser) + Text(f" {how}; ") + _bold(event.winner) + Text(" wins")


@describe.register
def _(event: wev.BattleRecovered) -> Text:
    text = _bold(event.army) + Text(" aftermath: ")
    if event.roll is not None:
        text.append_text(roll_text(event.roll))
        text.append(f", regains {event.regained} on 1-{event.threshold}; ")
    text.append(f"{event.points} BP, {event.percent:g}% lost ({event.soldiers_lost:,} soldiers)")
    return text


@describe.register
def _(event: wev.BattleCleared) -> Text:
    return Text(f"Battle of {clean(event.names[0])} and {clean(event.names[1])} put away")


# -- energy and held breath (EQ-STAT-1, EQ-BRE-1) -------------------------------------
from core.campaign import energy_events as eev  # noqa: E402


@describe.register
def _(event: eev.EnergyChanged) -> Text:
    text = _bold(event.name) + Text(f" energy {event.delta:+d} -> {event.energy}/{event.energy_max}")
    if event.reason:
        text.append(f" ({clean(event.reason)})", style="italic")
    return text


@describe.register
def _(event: eev.BreathHeld) -> Text:
    return _bold(event.name) + Text(f" holds its breath ({event.activity.value}): {event.seconds} s, {event.rounds} round{'s' if event.rounds != 1 else ''}")


@describe.register
def _(event: eev.BreathTaken) -> Text:
    lost = f", {event.energy_lost} energy lost" if event.energy_lost else ""
    return _bold(event.name) + Text(f" breathes again after {event.seconds} s{lost}")


# -- light and weather (EQ-VIS-1..2) -------------------------------------------------------
from core.campaign import lighting as vis  # noqa: E402


@describe.register
def _(event: vis.VisionChanged) -> Text:
    text = Text(f"Light: {event.light}, weather: {event.weather}")
    if event.sources:
        text.append("; " + ", ".join(clean(s) for s in event.sources))
    return text
