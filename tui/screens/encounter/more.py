"""The "more" menu (key ``.``): every offer of the ruleset for the current
combatant and the selected one (see :mod:`core.offers.base`) that has no key of
its own, plus the GM's tools (bestiary, house rules, map size).

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`). The menu renders offers: their
labels, rule IDs and, for refused ones, why; it decides no rule itself.
"""

from __future__ import annotations

from rich.text import Text

from core.offers import base as core_offers
from core.errors import IllegalCommand, RulesError
from core.offers.base import Need, Offer
from tui.rendering.describe import preview_text
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean
from tui.rendering.offers import offer_label
from tui.screens.encounter.context import ScreenContext
from tui.screens.encounter.campaign import CampaignChanges
from tui.screens.encounter.map_files import MapFiles
from tui.screens.encounter.map_modes import MapModes
from tui.screens.encounter.recap import RecapExport
from core.combat import commands as cmd

KEYED_OFFERS = frozenset({"next-turn", "previous-turn", "attack", "check", "move", "delay"})
"""Offers reached by a key of their own (see tui/keys.py), not listed under ``.``."""

GM_TOOLS: tuple[tuple[str, str], ...] = (
    ("tool:template", "Save the selected combatant to the bestiary"),
    ("tool:bestiary", "Add creatures from the bestiary"),
    ("tool:import", "Import creatures into the bestiary from a file (roster lines or d20 SRD stat blocks)"),
    ("tool:house", "House rules: change a ruleset setting for this campaign"),
    ("tool:resize", "Resize the map"),
    ("tool:recap", "Recap of this fight for session notes: copy it, or save it as Markdown"),
)


class MoreMenu:
    """``MoreMenu(ctx, map_modes, campaign, map_files, recap)``: the ``.``
    menu and taking any offer (at once, after a dialog with its preview, or
    through a map cursor of ``map_modes``); the GM's tools in the menu are
    the other parts' (``campaign``, ``map_files``, ``recap``)."""

    def __init__(self, ctx: ScreenContext, map_modes: MapModes, campaign: CampaignChanges, map_files: MapFiles, recap: RecapExport) -> None:
        self.ctx = ctx
        self.map_modes = map_modes
        self.campaign = campaign
        self.map_files = map_files
        self.recap = recap

    def current_offers(self) -> tuple[Offer, ...]:
        """The offers for whose turn it is, with the selected combatant as target."""
        return core_offers.offers(self.ctx.state, self.ctx.session.encounter.ruleset, None, self.ctx.selected)

    def menu_offers(self) -> tuple[Offer, ...]:
        """Offers of the ``.`` menu: those without a key of their own; action
        kinds counted in the tracker are under ``a``."""
        tracked = {f"spend.{k.id}" for k in self.ctx.session.encounter.ruleset.tracked_kinds}
        return tuple(o for o in self.current_offers() if o.id not in KEYED_OFFERS and o.id not in tracked)

    def options(self) -> list[tuple[str, str]]:
        found = self.menu_offers()
        ordered = [o for o in found if o.allowed] + [o for o in found if not o.allowed]  # what can be done now first
        options = [(f"offer:{o.id}", offer_label(o)) for o in ordered]
        options += [(key, label) for key, label in GM_TOOLS if key != "tool:template" or self.ctx.combatant(self.ctx.selected) is not None]
        return options

    def action_more(self) -> None:
        self.ctx.ask(ChoiceScreen("More actions", self.options()), self.chosen)

    def chosen(self, choice: str) -> None:
        kind, _, arg = choice.partition(":")
        if kind == "offer":
            offer = core_offers.find(self.current_offers(), arg)
            if offer is None:
                self.ctx.set_status("That action is no longer possible.", error=True)
            else:
                self.take_offer(offer)
        elif choice == "tool:template":
            self.campaign.action_save_template()
        elif choice == "tool:bestiary":
            self.campaign.action_add_from_bestiary()
        elif choice == "tool:import":
            self.map_files.action_import_creatures()
        elif choice == "tool:house":
            self.campaign.action_house_rules()
        elif choice == "tool:recap":
            self.recap.action_recap()
        elif choice == "tool:resize":
            self.ctx.ask(PromptScreen(f"New size: width height (cells), now {self.ctx.state.grid.width}x{self.ctx.state.grid.height}"), self._resize)

    def take_offer(self, offer: Offer) -> None:
        """Do ``offer``: at once, or after asking for its text (with a live
        preview of the command) or, for a cell, through the map."""
        if offer.refusal is not None:
            self.ctx.set_status(f"Refused: {clean(offer.refusal)}", error=True)
            self.ctx.app.bell()
            return
        if offer.needs is Need.CELL:
            if offer.id == "move":  # the move tool also shows the reach and the path
                self.map_modes.action_move()
            else:
                self.map_modes.pick_offer_cell(offer)
            return
        if offer.needs is Need.NOTHING:
            self.ctx.run_command(offer.command())
            return
        ruleset = self.ctx.session.encounter.ruleset

        def hint(value: str) -> Text:
            if offer.id == "attack" and offer.actor is not None:
                self.map_modes.last_weapons[offer.actor] = value  # the odds map of its next move uses it, rolled or not
            command = offer.command(value)  # bad text raises: shown, and Enter keeps the dialog
            shown = core_offers.preview(self.ctx.state, ruleset, command)
            if shown.refusal is not None:  # what apply would refuse: Enter keeps the dialog and the text
                refused = IllegalCommand(shown.refusal)
                refused.shown = preview_text(shown)  # the odds stay in view with the reason
                raise refused
            return preview_text(shown)

        def answer(value: str) -> None:
            try:
                command = offer.command(value)
            except RulesError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            self.ctx.run_command(command)

        title = Text(clean(offer.label)) + Text(f": {offer.prompt}")
        self.ctx.ask(PromptScreen(title, placeholder=offer.example, hint=hint), answer)

    def _resize(self, text: str) -> None:
        words = text.replace("x", " ").split()
        if len(words) != 2 or not all(w.isascii() and w.isdigit() and len(w) <= 6 for w in words):
            self.ctx.set_status("Refused: type two whole numbers, e.g. '30 20'.", error=True)
            return
        self.ctx.run_command(cmd.ResizeMap(int(words[0]), int(words[1])))
