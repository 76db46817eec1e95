"""Key ``S``: the scene events of the initiative order (lair actions,
hazards, reinforcements): add one, edit or remove one.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its
context: :class:`tui.screens.encounter.context.ScreenContext`). The line
the GM types is read by :mod:`core.dice.scene_notation`; the rules
(a free count, EQ-INIT-2) are the core's (:mod:`core.combat.scene_events`).
"""

from __future__ import annotations

from rich.text import Text

from core.combat import commands as cmd
from core.dice.scene_notation import EXAMPLE, parse_scene_event, scene_event_line
from core.offers.offer import refuse_as_applied  # the dialogs' check; the offer builders load with the first offers
from core.errors import NotationError
from core.values.scene_events import SceneEvent, next_scene_id
from tui.rendering.scene_lines import scene_event_summary
from tui.screens.choice import ChoiceScreen
from tui.screens.encounter.context import ScreenContext
from tui.screens.prompt import PromptScreen

ADD = "add"
QUESTION = "Scene event: COUNT NAME[: text]; then ; dice, area ..., round N, once, secret"


class SceneEventRows:
    """``SceneEventRows(ctx)``: the ``S`` menu and its one-line dialog."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx

    def action_scene_events(self) -> None:
        """``S``: straight to the dialog when there is none yet, else a menu."""
        present = sorted(self.ctx.state.scene_events, key=lambda e: -e.initiative)
        if not present:
            self._ask(None)
            return
        options = [(ADD, "Add a scene event (lair action, hazard, reinforcements)")]
        for event in present:
            options.append((f"edit {event.id}", f"Edit: {scene_event_summary(event)}"))
        for event in present:
            options.append((f"remove {event.id}", f"Remove: {scene_event_summary(event)}"))
        self.ctx.ask(ChoiceScreen(Text("Scene events on the initiative count"), options), self._chosen)

    def _chosen(self, choice: str) -> None:
        if choice == ADD:
            self._ask(None)
            return
        verb, _, scene_id = choice.partition(" ")
        found = next((e for e in self.ctx.state.scene_events if e.id == scene_id), None)
        if found is None:
            self.ctx.set_status("That scene event is gone.", error=True)
        elif verb == "remove":
            self.ctx.run_command(cmd.RemoveSceneEvent(scene_id))
        else:
            self._ask(found)

    def _ask(self, existing: SceneEvent | None) -> None:
        scene_id = existing.id if existing is not None else next_scene_id(self.ctx.state.scene_events)

        def hint(text: str) -> Text:
            event = parse_scene_event(text, scene_id)
            command = cmd.EditSceneEvent(event) if existing is not None else cmd.AddSceneEvent(event)
            refuse_as_applied(self.ctx.state, self.ctx.session.encounter.ruleset, command)  # what Enter would meet
            return Text(("Changes to: " if existing else "Adds: ") + scene_event_summary(event))

        value = scene_event_line(existing) if existing is not None else ""
        self.ctx.ask(PromptScreen(QUESTION, EXAMPLE, value=value, hint=hint), lambda text: self._submit(text, scene_id, existing))

    def _submit(self, text: str, scene_id: str, existing: SceneEvent | None) -> None:
        try:
            event = parse_scene_event(text, scene_id)
        except NotationError as refusal:
            self.ctx.set_status(f"Refused: {refusal}", error=True)
            return
        self.ctx.run_command(cmd.EditSceneEvent(event) if existing is not None else cmd.AddSceneEvent(event))
