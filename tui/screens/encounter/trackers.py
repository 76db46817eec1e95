"""Keys ``R`` (reminders) and ``U`` (limited uses) of the selected
creature, and the one-key offer of a reminder's check when it fires.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`). Both menus list the core's
offers (:mod:`core.offers.trackers`: ids ``reminder.*`` and ``use.*``), the
same ones the ``.`` menu and the palette list; this module decides no rule.
"""

from __future__ import annotations

from rich.text import Text

from core.offers import base as core_offers
from core.offers.trackers import REMINDER_PREFIX, USE_PREFIX
from core.combat.trackers.events import ReminderFired
from tui.rendering.describe import describe
from tui.screens.choice import ChoiceScreen
from tui.rendering.text import clean
from tui.screens.encounter.context import ScreenContext
from tui.rendering.offers import offer_label

LATER = "later"


class TrackerMenus:
    """``TrackerMenus(ctx)``: reminders (R) and limited uses (U) of
    the selected creature, and the offer of a fired reminder's check; the
    offers are taken through ``ctx.more``."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx

    def action_reminders(self) -> None:
        """``R``: add, roll or remove a reminder of the selected creature."""
        self._tracker_menu(REMINDER_PREFIX, "Reminders of {name}: add one, roll a due check, remove one")

    def action_limited_uses(self) -> None:
        """``U``: add, spend, restore or remove a limited use of the selected creature."""
        self._tracker_menu(USE_PREFIX, "Limited uses of {name}: spend, add, restore, remove")

    def _tracker_menu(self, prefix: str, title: str) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        found = [o for o in self.ctx.more.current_offers() if o.id.startswith(prefix)]
        ordered = [o for o in found if o.allowed] + [o for o in found if not o.allowed]
        options = [(o.id, offer_label(o)) for o in ordered]
        self.ctx.ask(ChoiceScreen(Text(title.format(name=clean(target.name))), options), self._tracker_chosen)

    def _tracker_chosen(self, offer_id: str) -> None:
        offer = core_offers.find(self.ctx.more.current_offers(), offer_id)
        if offer is None:
            self.ctx.set_status("That action is no longer possible.", error=True)
            return
        self.ctx.more.take_offer(offer)

    def show_reminders(self, entries) -> None:
        """After a command: the reminders it fired take the status line, and
        their due checks are offered at once (Enter rolls the first)."""
        fired = [entry.event for entry in entries if isinstance(entry.event, ReminderFired)]
        if not fired:
            return
        status = describe(fired[-1])
        if len(fired) > 1:
            status.append(f"  (+{len(fired) - 1} more in the log)")
        self.ctx.set_status(status)
        options: list[tuple[str, str]] = []
        ruleset = self.ctx.session.encounter.ruleset
        for event in fired:
            if not event.reminder.due or not self.ctx.state.has(event.combatant):
                continue
            found = core_offers.offers(self.ctx.state, ruleset, None, event.combatant)
            roll = core_offers.find(found, f"{REMINDER_PREFIX}roll.{event.reminder.id}")
            if roll is not None and roll.allowed and all(key != f"{event.combatant} {roll.id}" for key, _ in options):
                options.append((f"{event.combatant} {roll.id}", offer_label(roll)))
        if not options or not self.ctx.is_on_top():
            return
        options.append((LATER, "Not now: R or . rolls it later"))
        title = describe(fired[-1])
        # A question the GM did not ask for: keys typed ahead (``n d 5 Enter``)
        # were meant for the main screen, not for its filter. They are dropped.
        dropped = self.ctx.drop_typed_ahead()
        if dropped:
            title.append(f"  ({dropped} key{'s' if dropped != 1 else ''} typed ahead ignored)", style="italic")
        self.ctx.ask(ChoiceScreen(title, options), self._reminder_roll_chosen)

    def _reminder_roll_chosen(self, choice: str) -> None:
        if choice == LATER:
            self.ctx.set_status("The check stays due: R (on that creature) or . rolls it.")
            return
        bearer, _, offer_id = choice.partition(" ")
        found = core_offers.offers(self.ctx.state, self.ctx.session.encounter.ruleset, None, bearer)
        offer = core_offers.find(found, offer_id)
        if offer is None:
            self.ctx.set_status("That check is no longer due.", error=True)
            return
        self.ctx.more.take_offer(offer)
