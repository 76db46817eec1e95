"""The campaign tools beyond the skirmish, opened from the encounter: the
battle screen (key ``W``, rules EQ-WAR-1..4) and the travel planner
(key ``J``, rules EQ-TRV-1..2), time (``T``), light and weather (``L``).
Outside their seed's ruleset each of these, and energy with held breath
(``N``), is a house rule
(:mod:`core.rulesets.campaign_tools`): while it is off its key is refused,
naming the house rule and how to turn it on, and nothing opens.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`); the screens change nothing
themselves, every action goes through the session here (saved, logged,
undoable) and shows in the encounter's log too.
"""

from __future__ import annotations

from rich.text import Text

from core.campaign.travel import TravelSettings
from tui.rendering.text import clean
from tui.screens.encounter.context import ScreenContext
from core.campaign.travel import travellers
from tui.screens.prompt import PromptScreen
from core.campaign.breath import Activity
from core.errors import NotationError
from core.rulesets.campaign_tools import tool_refusal


class CampaignTools:
    """``CampaignTools(ctx)``: the battle (W), travel (J), time (T), energy
    (N) and light (L) screens and dialogs."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx
        self.travel_legs: list = []
        """The journey the travel planner showed last (J again shows it)."""

    def _refused(self, tool: str) -> bool:
        """Whether ``tool`` (a key of :data:`core.rulesets.campaign_tools.TOOLS`)
        is off in this campaign; then the status line says which house rule turns it on."""
        refusal = tool_refusal(self.ctx.session.encounter.ruleset, tool)
        if refusal is not None:
            self.ctx.set_status(f"Refused: {refusal}", error=True)
        return refusal is not None

    def action_battle(self) -> None:
        from core.campaign.war.forecast import CheckRules
        from tui.screens.battle import BattleScreen

        if self._refused("battle"):
            return
        ruleset = self.ctx.session.encounter.ruleset
        self.ctx.app.push_screen(BattleScreen(lambda: self.ctx.state, self._apply_for_screen, CheckRules.of(ruleset), undo=self._undo_for_screen, ruleset=ruleset))

    def action_travel(self) -> None:
        """The travel planner (EQ-TRV-1..2), its group the party's travellers
        at their ДВИЖ (:func:`core.campaign.travel.travellers`)."""
        from tui.screens.travel import TravelScreen

        if self._refused("travel"):
            return
        ruleset = self.ctx.session.encounter.ruleset
        found = travellers(self.ctx.state.combatants, ruleset)
        group = {name: move for name, move in found.values()}
        ids = {name: cid for cid, (name, _) in found.items()}
        screen = TravelScreen(group, self.travel_legs, settings=ruleset.settings_for(TravelSettings), apply=self._apply_for_screen, ids=ids, ruleset=ruleset)
        self.ctx.app.push_screen(screen, lambda _: self._keep_legs(screen.legs))  # J again shows the same journey

    def _keep_legs(self, legs) -> None:
        self.travel_legs = list(legs)

    def action_time(self) -> None:
        """The in-game clock, animals in training and ruses (EQ-ANI-1, EQ-TRK-1)."""
        from tui.screens.time import TimeScreen

        if self._refused("time"):
            return
        self.ctx.app.push_screen(TimeScreen(lambda: self.ctx.state, self._apply_for_screen, self.ctx.session.encounter.ruleset, undo=self._undo_for_screen))

    def action_energy(self) -> None:
        """ЭНЕР and held breath of the selected creature (EQ-STAT-1, EQ-BRE-1)."""
        if self._refused("energy"):
            return
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        title = f"Energy / breath of {clean(target.name)} (EQ-STAT-1, EQ-BRE-1): -N spend, +N regain, set MAX [NOW], hold rest|light|heavy, breathe, breathes air|water|none"
        self.ctx.ask(PromptScreen(title, "-2 interrupted journey", ruleset=self.ctx.session.encounter.ruleset), lambda text: self._energy_typed(target.id, text))

    def _energy_typed(self, target: str, text: str) -> None:
        from core.campaign.breath_turns import SetBreathing
        from core.campaign.energy import Breathe, HoldBreath, RegainEnergy, SetEnergy, SpendEnergy

        words = text.split()
        if not words:
            self.ctx.set_status("Nothing typed.", error=True)
            return
        head, rest = words[0].lower(), words[1:]
        reason = " ".join(rest)
        try:
            if head[:1] in "+-" and head[1:].isdigit():
                command = (RegainEnergy if head[0] == "+" else SpendEnergy)(target, int(head[1:]), reason)
            elif head == "set" and rest and all(w.isdigit() for w in rest[:2]):
                command = SetEnergy(target, int(rest[0]), int(rest[1]) if len(rest) > 1 else None)
            elif head == "hold":
                command = HoldBreath(target, Activity((rest or ["heavy"])[0].lower()))
            elif head == "breathe":
                command = Breathe(target)
            elif head == "breathes" and len(rest) == 1:
                command = SetBreathing(target, rest[0])
            else:
                raise ValueError
        except ValueError:
            self.ctx.set_status("Type -N, +N, set MAX [NOW], hold rest|light|heavy, breathe or breathes air|water|none.", error=True)
            return
        self.ctx.run_command(command)

    def action_vision(self) -> None:
        """Light, weather and light sources of this encounter (EQ-VIS-1..2):
        attacks then get -3 in poor sight and count a target beyond it as invisible."""
        from core.dice.vision_notation import VISION_HELP, parse_vision

        if self._refused("vision"):
            return
        now = self.ctx.state.vision
        value = f"{now.light} {now.weather}"
        ids = {c.name: c.id for c in self.ctx.state.combatants}

        def hint(text: str) -> Text:
            light, weather, sources = parse_vision(text, ids)  # raises NotationError: the dialog keeps the text
            return Text(f"{light}, {weather}" + (f", {len(sources)} light source{'s' if len(sources) != 1 else ''}" if sources else ""))

        title = f"Light and weather (EQ-VIS-1..2): {VISION_HELP}"
        self.ctx.ask(PromptScreen(title, "night fog; torch Ayla", value=value, hint=hint, ruleset=self.ctx.session.encounter.ruleset), self._vision_typed)

    def _vision_typed(self, text: str) -> None:
        from core.campaign.lighting import SetVision
        from core.dice.vision_notation import parse_vision

        try:
            light, weather, sources = parse_vision(text, {c.name: c.id for c in self.ctx.state.combatants})
        except NotationError as problem:
            self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
            return
        self.ctx.run_command(SetVision(light, weather, sources))

    def _apply_for_screen(self, command):
        """Apply ``command`` through the presenter: the new log entries, or the refusal as text."""
        return self._shown(self.ctx.presenter.submit(command))

    def _undo_for_screen(self):
        return self._shown(self.ctx.presenter.undo())

    @staticmethod
    def _shown(outcome):
        return list(outcome.entries) if outcome.ok else clean(outcome.refusal)
