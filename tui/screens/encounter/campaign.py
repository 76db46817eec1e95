"""Encounters of the campaign (key ``k``) and its bestiary (the ``.`` menu).

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`). A campaign holds many
encounters (planned, running, finished); the party carries on between them
(finishing an encounter copies the party's HP and conditions back), and
bestiary templates add numbered creatures (``Boar 1..3``) with stable ids.
"""

from __future__ import annotations


from rich.text import Text

from core.values import limits as lim
from core.combat.groups import GroupInitiative
from core.combat.state import EncounterState
from core.errors import EncounterError, RulesError
from core.campaign.party import bestiary_template, party_for_new_encounter
from core.dice.setting_notation import format_setting
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.presenter import Outcome
from tui.screens.encounter.context import ScreenContext
from tui.screens.encounter.map_files import MapFiles
from core.combat.add_group import AddGroup
from core.offers.offer import refuse_as_applied  # the dialogs' check; the offer builders load with the first offers


class CampaignChanges:
    """``CampaignChanges(ctx, map_files)``: the campaign's encounters (k:
    switch, new, finish; a new one from a map file through ``map_files``),
    its bestiary and house rules, each changed through the presenter."""

    def __init__(self, ctx: ScreenContext, map_files: MapFiles) -> None:
        self.ctx = ctx
        self.map_files = map_files

    def action_encounters(self) -> None:
        campaign = self.ctx.session.campaign
        options = []
        for eid in sorted(campaign.data.encounters):
            data = campaign.encounter(eid)
            marker = "> " if eid == self.ctx.session.eid else "  "
            options.append((f"open:{eid}", f"{marker}{clean(data.name)} ({data.status})"))
        options.append(("new", "New encounter on this map with the party"))
        options.append(("from-map", "New encounter from a map file (its roster; the party joins)"))
        if campaign.encounter(self.ctx.session.eid).status != "finished":
            options.append(("finish", "Finish this encounter (the party keeps its HP and conditions)"))
        self.ctx.ask(ChoiceScreen(Text("Encounters of ") + user_text(campaign.name, "bold"), options, initial=f"open:{self.ctx.session.eid}"), self._encounter_chosen)

    def _encounter_chosen(self, choice: str) -> None:
        try:
            if choice.startswith("open:"):
                self.switch_to(self.ctx.presenter.open_encounter(int(choice[5:])))
            elif choice == "finish":
                self.ctx.ask(
                    ChoiceScreen("Finish this encounter? The party's HP and conditions go back to the campaign.", [("no", "No, keep playing"), ("yes", "Yes, finish it")]),
                    self._finish,
                )
            elif choice == "new":
                self._new_encounter()
            elif choice == "from-map":
                self.map_files.new_encounter_from_map()
        except EncounterError as problem:
            self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)

    def _finish(self, answer: str) -> None:
        if answer != "yes":
            self.ctx.set_status("Kept running.")
            return
        outcome = self.ctx.presenter.finish_encounter()
        if not outcome.ok:
            self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
            return
        self.ctx.reload_views()  # the title says "(finished)"
        self.ctx.set_status("Encounter finished; the party carries its HP and conditions into the next one.")

    def _new_encounter(self) -> None:
        def answer(name: str | None) -> None:
            if not name or not name.strip():
                self.ctx.set_status("Cancelled.")
                return
            party = party_for_new_encounter(self.ctx.state.combatants)
            state = EncounterState(name.strip(), self.ctx.state.grid, party)
            if not self.switch_to(self.ctx.presenter.add_encounter(name.strip(), state)):
                return
            self.ctx.set_status("New encounter: add foes (+ or from the bestiary in the . menu), place them (P), then start combat (. menu).", hint=True)

        self.ctx.ask(PromptScreen("Name of the new encounter", value=f"Encounter {len(self.ctx.session.campaign.data.encounters) + 1}"), answer)

    def switch_to(self, outcome: Outcome) -> bool:
        """After the presenter opened an encounter (the screen shows it from
        scratch, its current combatant selected): its name in the status
        line; or the refusal, and False."""
        if not outcome.ok:
            self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
            return False
        session = self.ctx.session
        self.ctx.set_status(Text("Encounter: ") + user_text(session.campaign.encounter(session.eid).name, "bold"))
        return True

    # -- bestiary ----------------------------------------------------------------
    def action_save_template(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        template = bestiary_template(target)
        outcome = self.ctx.presenter.save_to_bestiary([template])
        if not outcome.ok:
            self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
            return
        self.ctx.set_status(Text("Saved to the bestiary as ") + user_text(template.name, "bold") + Text("."))

    def action_add_from_bestiary(self) -> None:
        templates = self.ctx.session.campaign.bestiary()
        if not templates:
            self.ctx.set_status("The bestiary is empty: select a creature and save it there first (. menu).", error=True)
            return
        options = [(name, f"{clean(name)}  HP {clean(t.hp_dice) or t.hp_max}") for name, t in sorted(templates.items())]

        def chosen(name: str) -> None:

            def add(count: int, together: bool) -> None:
                outcome = self.ctx.presenter.add_from_bestiary(name, count, together)
                if not outcome.ok:
                    self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
                    return
                self.ctx.set_status(f"Added {count} x {clean(name)}: place them on the map with P.")

            def answer(value: str) -> None:
                if not lim.is_whole(value.strip()) or not 1 <= int(value) <= lim.MAX_GROUP:
                    self.ctx.set_status(f"Refused: how many, 1 to {lim.MAX_GROUP}.", error=True)
                    return
                count = int(value)
                if count == 1:
                    add(1, self.ctx.state.round > 0)
                    return
                later = "" if self.ctx.state.round > 0 else " when combat starts"
                options = [(mode.value, mode.label_in(self.ctx.session.encounter.ruleset) + (later if mode is GroupInitiative.EACH else "")) for mode in GroupInitiative]
                self.ctx.ask(ChoiceScreen(Text(f"Initiative for {count} x ") + user_text(name, "bold"), options), lambda key: add(count, key == GroupInitiative.GROUP.value))

            def preview(value: str) -> Text:
                if not lim.is_whole(value.strip()):
                    raise ValueError(f"how many, 1 to {lim.MAX_GROUP}")
                count = int(value)
                template = templates[name]
                refuse_as_applied(self.ctx.state, self.ctx.session.encounter.ruleset, AddGroup(template, count, template.hp_dice))
                return Text(f"adds {count} x ") + user_text(name, "bold") + Text(f", HP {clean(template.hp_dice)} each" if template.hp_dice else "")

            self.ctx.ask(PromptScreen(Text("How many ") + user_text(name, "bold") + Text("?"), value="1", hint=preview), answer)

        self.ctx.ask(ChoiceScreen("Add from the bestiary", options), chosen)

    # -- house rules ----------------------------------------------------------------
    def action_house_rules(self) -> None:
        """List every setting of the ruleset (DEFAULTs and the campaign's
        overrides; numbers, rows and tables alike) and change one through
        a form that reads it by its shape (:meth:`core.rulesets.base.Ruleset.read_house_rule`)."""
        ruleset = self.ctx.session.encounter.ruleset
        rows = []
        table = ruleset.settings_and_defaults()
        defaults = {name: default for name, _value, default in table}
        for name, value, default in table:
            mark = "" if value == default else f"  (house rule; default {format_setting(default)})"
            rows.append((name, f"{name} = {format_setting(value)}{mark}"))

        def chosen(name: str) -> None:
            current = ruleset.setting(name)
            shape = ruleset.setting_shape(name)

            def preview(text: str) -> Text:
                try:
                    overrides = ruleset.read_house_rule(name, text)  # raises: the form shows why
                except RulesError as refusal:  # another seed's rule ID said as the DEFAULT it is here (RULES.md Revision 3)
                    raise RulesError(ruleset.cite_text(str(refusal))) from None
                value = overrides.get(name, defaults[name])
                return Text(f"{name} becomes {format_setting(value)}")

            def answer(text: str) -> None:
                from core.combat.house_rules import ChangeHouseRule  # a step of the history: u undoes it, ^R redoes it

                outcome = self.ctx.presenter.submit(ChangeHouseRule(name, text))
                if not outcome.ok:
                    self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
                    return
                self.ctx.presenter.refresh()  # to every subscriber: the players' feed carries the new rules at once
                self.ctx.refresh_views()
                now = self.ctx.session.encounter.ruleset
                self.ctx.set_status(f"House rule: {name} = {format_setting(now.setting(name))} (saved with the campaign; u undoes it).")

            title = f"{name} (now {format_setting(current)}; default {format_setting(defaults[name])}): type {shape.describe()}, or default"
            self.ctx.ask(PromptScreen(title, value=format_setting(current), hint=preview), answer)

        self.ctx.ask(ChoiceScreen(f"House rules of {ruleset.id}: the seeds' gaps and their DEFAULTs", rows), chosen)
