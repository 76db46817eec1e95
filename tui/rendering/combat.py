"""Log lines for the events of actions (:mod:`core.combat.action_events`):
hit points, attacks, damage, conditions, the economy, rolls and checks.
They register on :func:`~tui.rendering.lines.describe` with the first such
event (:func:`~tui.rendering.lines.lines_for` in :mod:`tui.rendering.describe`)."""

from __future__ import annotations

from rich.text import Text

from core.combat import events as ev
from core.values.kinds import mp_action_words
from tui.rendering.lines import action_phrase, check_text, condition_text, describe, modifiers_text, roll_text, styled
from tui.rendering.text import clean


def _name(value: str) -> tuple[str, str]:
    return (clean(value), "bold")


@describe.register
def _(event: ev.HitPointsChanged) -> Text:
    if event.requested < 0:
        word, style = f"takes {-event.requested} damage", "red"
    elif event.requested == 0:  # a hit whose damage came to 0 (armour, resistance)
        word, style = "loses no HP", ""
    elif event.delta != event.requested:
        word, style = f"heals {event.delta} (of {event.requested})", "green"
    else:
        word, style = f"heals {event.requested}", "green"
    return styled((clean(event.name), "bold"), " ", (word, style), f" -> HP {event.hp}/{event.hp_max}")


@describe.register
def _(event: ev.Defeated) -> Text:
    return styled((clean(event.name), "bold"), (" is defeated", "bold red"))


@describe.register
def _(event: ev.Moved) -> Text:
    x, y = event.path[-1]
    return styled(
        (clean(event.name), "bold"),
        f" moves to ({x}, {y}): {event.cost} movement, {event.movement_left} left",
    )


@describe.register
def _(event: ev.ActionSpent) -> Text:
    return styled((clean(event.name), "bold"), f" uses {action_phrase(event.kind)} ({event.left} left)")


@describe.register
def _(event: ev.FullActionExchanged) -> Text:
    return styled((clean(event.name), "bold"), f" trades the {clean(event.given)} action for {event.quick_gained} {clean(event.gained)} action(s)")


@describe.register
def _(event: ev.DiceRolled) -> Text:
    who = (clean(event.name) + ": ") if event.name else ""
    purpose = f"{clean(event.purpose)} " if event.purpose else ""
    text = styled(who, ("roll ", "dim"), purpose)
    text.append_text(roll_text(event.roll))
    if event.roll.comment and event.roll.comment != event.purpose:
        text.append(f"  {clean(event.roll.comment)}", style="italic")
    return text


@describe.register
def _(event: ev.CheckRolled) -> Text:
    result = event.result
    purpose = f" ({clean(result.purpose)})" if result.purpose else ""
    text = styled((clean(event.name), "bold"), f" {event.stat} check{purpose} ")
    text.append_text(check_text(result))
    return text


@describe.register
def _(event: ev.CombatantAdded) -> Text:
    return styled((clean(event.name), "bold"), " joins the encounter")


@describe.register
def _(event: ev.CombatantRemoved) -> Text:
    return styled((clean(event.name), "bold"), " leaves the encounter")


@describe.register
def _(event: ev.AttackRolled) -> Text:
    text = styled(_name(event.attacker_name), " attacks ", _name(event.target_name), f" with {clean(event.weapon.name)}: ")
    text.append_text(check_text(event.result, event.beats_a_number))
    reasons = [f"advantage: {clean(r)}" for r in event.advantage_reasons] + [f"disadvantage: {clean(r)}" for r in event.disadvantage_reasons]
    if reasons:
        text.append(" [" + "; ".join(reasons) + "]", style="italic")
    text.append_text(modifiers_text(event.defence))
    text.append(" hit" if event.hit else " miss", style="bold green" if event.hit else "bold red")
    return text


@describe.register
def _(event: ev.DamageTaken) -> Text:
    outcome = event.outcome
    text = styled(_name(event.name), " takes ", (str(outcome.total), "bold red"), " damage")
    parts = ", ".join(f"{p.final} {p.damage_type.value}" for p in outcome.parts if p.final or p.rolled)
    if parts:
        text.append(f" ({parts})")
    if event.rolls:
        text.append(" rolled ")
        for index, dice_roll in enumerate(event.rolls):
            if index:
                text.append(" + ")
            text.append_text(roll_text(dice_roll))
    text.append_text(modifiers_text(outcome.steps))
    if outcome.blunt_trauma:
        text.append(" blunt trauma (EQ-GEN-4)", style="italic")
    if event.from_temp:
        text.append(f", {event.from_temp} absorbed by temporary HP")
    text.append(f" -> HP {event.hp}/{event.hp_max}" + (f" +{event.hp_temp} temp" if event.hp_temp else ""))
    return text


@describe.register
def _(event: ev.Died) -> Text:
    return styled(_name(event.name), (" dies", "bold red"))


@describe.register
def _(event: ev.Revived) -> Text:
    return styled(_name(event.name), (" is revived", "bold green"), f" with {event.hp} HP")


@describe.register
def _(event: ev.TemporaryHitPoints) -> Text:
    return styled(_name(event.name), f" has {event.hp_temp} temporary HP")


@describe.register
def _(event: ev.ConditionAdded) -> Text:
    if event.until:
        lasting = clean(event.until)
        lasting = f"for {lasting}" if lasting[:1].isdigit() else lasting  # "bleeding 2 for 3 rounds", not "bleeding 2 3 rounds"
        text = styled(_name(event.name), " is ", (f"{clean(event.condition.name)} {event.condition.level}", "bold magenta"), f" {lasting}")
    else:
        text = styled(_name(event.name), " is ", (condition_text(event.condition), "bold magenta"))
    if event.notes:
        text.append(" (" + "; ".join(clean(n) for n in event.notes) + ")", style="italic")
    return text


@describe.register
def _(event: ev.ConditionRemoved) -> Text:
    reason = f" ({clean(event.reason)})" if event.reason else ""
    return styled(_name(event.name), f" is no longer {clean(event.condition)}{reason}")


@describe.register
def _(event: ev.ConditionExpired) -> Text:
    return styled(_name(event.name), f": {clean(event.condition.name)} expires")


@describe.register
def _(event: ev.ConditionTriggered) -> Text:
    change = f", now {event.new_level}" if event.new_level != event.level else ""
    return styled(_name(event.name), f" {clean(event.condition)} {event.level}: ", (f"{event.damage} damage", "red"), change)


@describe.register
def _(event: ev.BudgetLimited) -> Text:
    return styled(_name(event.name), ": " + "; ".join(clean(n) for n in event.notes))


@describe.register
def _(event: ev.MovementActionSpent) -> Text:
    override = " (GM override)" if event.overridden else ""
    return styled(_name(event.name), f": {clean(mp_action_words(event.action)[0])}, {event.cost} MP, {event.movement_left} left{override}")


@describe.register
def _(event: ev.OverrideUsed) -> Text:
    return styled(("GM override", "bold yellow"), " for ", _name(event.name), f": {clean(event.refusal)}")


@describe.register
def _(event: ev.ContestRolled) -> Text:
    text = styled(_name(event.attacker_name), f" {clean(event.action)} ", _name(event.target_name), ": ")
    text.append_text(roll_text(event.attack.roll))
    text.append_text(modifiers_text(event.attack.modifiers))  # "(-4 trip)": every modifier with its reason
    text.append(" vs ")
    text.append_text(roll_text(event.defence.roll))
    text.append_text(modifiers_text(event.defence.modifiers))
    text.append(" success" if event.success else " fails", style="bold green" if event.success else "bold red")
    return text


@describe.register
def _(event: ev.ActionTaken) -> Text:
    detail = f": {clean(event.detail)}" if event.detail else ""
    return styled(_name(event.name), f" takes the {clean(event.action)} action{detail}")


@describe.register
def _(event: ev.Mounted) -> Text:
    return styled(_name(event.rider_name), " mounts ", _name(event.mount_name), " (one shared turn, EQ-MNT-1)")


@describe.register
def _(event: ev.Dismounted) -> Text:
    return styled(_name(event.rider_name), " dismounts ", _name(event.mount_name))


@describe.register
def _(event: ev.PreparationTaken) -> Text:
    bonus = f" (+{event.bonus} granted)" if event.bonus else ""
    return styled(_name(event.name), f" prepares: {clean(event.description)}{bonus}")


@describe.register
def _(event: ev.CoatingApplied) -> Text:
    return styled(_name(event.name), f" coats {clean(event.weapon)} with poison {event.level} ({event.rounds} rounds, one hit)")


@describe.register
def _(event: ev.CoatingEnded) -> Text:
    return styled(_name(event.name), f": the poison on {clean(event.weapon)} ends ({clean(event.reason)})")
