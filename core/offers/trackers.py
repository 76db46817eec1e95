"""Offers of the GM's reminders and limited uses for the
selected creature (else whose turn it is): the ``.`` menu, the palette and
the keys ``R`` (ids ``reminder.*``) and ``U`` (ids ``use.*``) list them.

Each offer builds its command from what the GM types (read by
:func:`core.combat.trackers.reminders.parse_text` and :func:`core.combat.trackers.uses.parse_use`); a due
reminder check is offered with its exact odds (the ruleset's
``check_odds``, as the check preview).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from core.dice.checks import Advantage
from core.offers.offer import Group, Need, Offer, OfferContext
from core.combat.trackers.reminders import AddReminder, RemoveReminder, RollReminder, parse_text
from core.values.trackers import Reminder, When
from core.combat.trackers.sheet import when_text  # the sheet's words, shared with the previews
from core.combat.trackers.uses import RemoveUse, RestoreUse, SpendUse, parse_use
from core.dice.checks import check_expression
from core.combat.trackers.uses import AddUse, check_use

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset

REMINDER_PREFIX = "reminder."
USE_PREFIX = "use."


def check_text(ruleset: Ruleset, state: EncounterState, bearer_id: str, reminder: Reminder) -> str:
    """``BODY +2 vs 12: success 55%, failure 45%``: the check a reminder
    asks for with its exact odds (the ruleset's ``check_odds``), or ""."""
    if not reminder.stat:
        return ""
    value = state.combatant(bearer_id).stat(reminder.stat)
    difficulty = ruleset.default_difficulty if reminder.difficulty is None else reminder.difficulty
    chances = ruleset.check_odds(value, difficulty, Advantage.NONE)
    odds = ", ".join(f"{tier.value} {round(float(p) * 100)}%" for tier, p in chances.items() if p)
    return f"{reminder.stat} {value:+d} vs {difficulty}: {odds}"


def preview_tracker(state: EncounterState, ruleset: Ruleset, command) -> dict | None:
    """Preview fields (see :class:`core.offers.base.Preview`) of adding a
    reminder (when it fires, and its check's exact odds) or a limited use
    (its uses); ``None`` for other commands. Raises what the command's
    checks raise (:class:`~core.errors.RulesError`)."""
    if isinstance(command, AddUse):
        use = check_use(command)
        return {"notes": (f"{state.combatant(command.combatant).name}: {use.name} {use.summary}",)}
    if not isinstance(command, AddReminder):
        return None
    bearer = state.combatant(command.combatant)
    anchor = bearer.id if command.when is When.DAMAGE or not command.anchor else command.anchor
    reminder = Reminder("?", command.text, command.when, anchor, command.rounds, command.stat, command.difficulty)
    shown: dict = {"notes": (f"{bearer.name}, {when_text(state, reminder)}: {' '.join(command.text.split())}",)}
    if command.stat and command.stat in ruleset.stat_names:
        value = bearer.stat(command.stat)
        difficulty = ruleset.default_difficulty if command.difficulty is None else command.difficulty
        chances = ruleset.check_odds(value, difficulty, Advantage.NONE)
        shown["notes"] = (f"{shown['notes'][0]}; then a {command.stat} check",)
        shown["odds"] = tuple((tier.value, Fraction(p)) for tier, p in chances.items())
        shown["expression"] = check_expression(ruleset.check_sides, value, Advantage.NONE, ruleset.check_count)
        shown["difficulty"] = difficulty
    return shown


def tracker_offers(c: OfferContext) -> tuple[Offer, ...]:
    """Reminders then limited uses of the selected creature (else the actor).
    Reminders are offered at the start and end of the bearer's turn, of the
    current creature's (``reminder.start-current``), then of every other
    combatant's in turn order (``reminder.start-of.<id>``, ``end-of.<id>``)."""
    bearer = c.target or c.actor
    if bearer is None:
        return ()
    return _reminders(c, bearer) + _uses(c, bearer)


def _reminders(c: OfferContext, bearer) -> tuple[Offer, ...]:
    found: list[Offer] = []
    stats = c.ruleset.stat_names
    example_check = f"{stats[-1]} {c.ruleset.default_difficulty}" if stats else ""
    prompt = "what to remind of, then '| STAT DIFFICULTY' for a check (optional)"
    name = bearer.name

    def adder(offer_id: str, label: str, when: When, anchor: str, example: str, rounds: bool = False) -> Offer:
        def build(text: str, w=when, a=anchor, r=rounds, b=bearer.id) -> AddReminder:
            count, what, stat, difficulty = parse_text(text, stats, rounds=r)
            return AddReminder(b, what, w, a, count, stat, difficulty)

        return c.offer(
            offer_id, label, Group.SCENE, build, check=False, needs=Need.TEXT,
            prompt=("N rounds, then " if rounds else "") + prompt, example=example, target=bearer.id,
        )

    for reminder in bearer.reminders:
        if reminder.due and reminder.stat:
            found.append(c.offer(
                f"{REMINDER_PREFIX}roll.{reminder.id}", f"Roll the reminder's check of {name} ({reminder.text}): "
                f"{check_text(c.ruleset, c.state, bearer.id, reminder)}", Group.SCENE,
                lambda _, b=bearer.id, r=reminder.id: RollReminder(b, r), target=bearer.id,
            ))
    found.append(adder(f"{REMINDER_PREFIX}start", f"Remind at the start of {name}'s turn", When.START, bearer.id, f"save ends | {example_check}"))
    found.append(adder(f"{REMINDER_PREFIX}end", f"Remind at the end of {name}'s turn", When.END, bearer.id, "the shield spell ends"))
    actor = c.actor
    if c.fighting and actor is not None and actor.id != bearer.id:
        found.append(adder(f"{REMINDER_PREFIX}start-current", f"Remind (on {name}) at the start of {actor.name}'s turn", When.START, actor.id, "the fire spreads"))
        found.append(adder(f"{REMINDER_PREFIX}end-current", f"Remind (on {name}) at the end of {actor.name}'s turn", When.END, actor.id, "the held door gives way"))
    # Any other creature's turn (a GM's try-out found only the current one
    # offered), in turn order after the current creature's.
    for other in c.state.order():
        if other.id != bearer.id and not (c.fighting and actor is not None and other.id == actor.id):
            found.append(adder(f"{REMINDER_PREFIX}start-of.{other.id}", f"Remind (on {name}) at the start of {other.name}'s turn", When.START, other.id, "the fire spreads"))
            found.append(adder(f"{REMINDER_PREFIX}end-of.{other.id}", f"Remind (on {name}) at the end of {other.name}'s turn", When.END, other.id, "the held door gives way"))
    clock = actor if c.fighting and actor is not None else bearer
    found.append(adder(
        f"{REMINDER_PREFIX}rounds", f"Remind about {name} after N rounds (at the start of {clock.name}'s turn)", When.ROUNDS, clock.id,
        "3 the potion wears off", rounds=True,
    ))
    found.append(adder(f"{REMINDER_PREFIX}damage", f"Remind when {name} takes damage (a check offered)", When.DAMAGE, bearer.id, f"concentration | {example_check}"))
    for reminder in bearer.reminders:
        found.append(c.offer(
            f"{REMINDER_PREFIX}remove.{reminder.id}", f"Remove {name}'s reminder: {reminder.text} ({when_text(c.state, reminder)})", Group.SCENE,
            lambda _, b=bearer.id, r=reminder.id: RemoveReminder(b, r), target=bearer.id,
        ))
    return tuple(found)


def _uses(c: OfferContext, bearer) -> tuple[Offer, ...]:
    found: list[Offer] = []
    name = bearer.name
    for index, use in enumerate(bearer.uses):
        found.append(c.offer(
            f"{USE_PREFIX}spend.{index}", f"Spend a use of {use.name} ({name}: {use.summary})", Group.ACTION,
            lambda _, b=bearer.id, u=use.name: SpendUse(b, u), actor=bearer.id,
        ))
    found.append(c.offer(
        f"{USE_PREFIX}add", f"Add a limited use to {name} (per encounter, day, round or recharge)", Group.ACTION,
        lambda text, b=bearer.id: parse_use(b, text), check=False, needs=Need.TEXT,
        prompt="NAME N/encounter, N/day, N/round, or NAME recharge LOW-HIGH [on 1dN]", example="Fire Breath recharge 5-6", target=bearer.id,
    ))
    for index, use in enumerate(bearer.uses):
        found.append(c.offer(
            f"{USE_PREFIX}restore.{index}", f"Restore every use of {use.name} ({name}: {use.summary})", Group.ACTION,
            lambda _, b=bearer.id, u=use.name: RestoreUse(b, u), target=bearer.id,
        ))
    for index, use in enumerate(bearer.uses):
        found.append(c.offer(
            f"{USE_PREFIX}remove.{index}", f"Remove {use.name} from {name}'s limited uses", Group.ACTION,
            lambda _, b=bearer.id, u=use.name: RemoveUse(b, u), target=bearer.id,
        ))
    return tuple(found)
