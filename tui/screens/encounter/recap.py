"""The fight's recap from the app (``.`` -> Recap): copied to the clipboard
(the terminal's, over SSH too) or saved as a Markdown file. The same text as
``encounter recap PATH`` (see :mod:`tui.rendering.recap`).

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`).
"""

from __future__ import annotations

import re
from pathlib import Path

from rich.text import Text

from saves import library
from saves.errors import SaveError
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.screens.encounter.context import ScreenContext


class RecapExport:
    """``RecapExport(ctx)``: the fight's recap, copied or saved (``.`` menu)."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx

    def recap_text(self) -> str:
        """The Markdown recap of the encounter on screen."""
        from tui.rendering.recap import recap_markdown  # the recap's wording: loads when the GM first asks for one
        campaign = self.ctx.session.campaign
        name = campaign.encounter(self.ctx.session.eid).name
        title = campaign.name if name == campaign.name else f"{campaign.name}: {name}"
        return recap_markdown(title, list(self.ctx.session.log), {c.id: c.side for c in self.ctx.state.combatants}, self.ctx.session.encounter.ruleset)

    def action_recap(self) -> None:
        options = [("copy", "Copy it to the clipboard (Markdown)"), ("save", "Save it to a Markdown file")]
        self.ctx.ask(ChoiceScreen("Recap of this fight", options), self._recap_chosen)

    def _recap_chosen(self, choice: str) -> None:
        text = self.recap_text()
        if choice == "copy":
            self.ctx.app.copy_to_clipboard(text)
            self.ctx.set_status(f"Copied the recap ({text.count(chr(10))} lines of Markdown) to the clipboard.")
            return
        campaign = self.ctx.session.campaign
        names = dict.fromkeys((campaign.name, campaign.encounter(self.ctx.session.eid).name))  # one name when they are the same
        slug = re.sub(r"[^a-z0-9]+", "-", " ".join(names).lower()).strip("-") or "fight"
        default = str(Path.cwd() / f"{slug[:60]}-recap.md")
        self.ctx.ask(PromptScreen("Save the recap to the file", "recap.md", value=default), lambda target: self._save_recap(target, text))

    def _save_recap(self, target: str, text: str, replace: bool = False) -> None:
        if not target.strip():
            self.ctx.set_status("Type a file name, e.g. recap.md", error=True)
            return
        try:
            written = library.export_text(Path(target.strip()), text, replace=replace)
        except library.TargetExists:
            title = user_text(target.strip(), "bold") + Text(" already exists. Replace it with the recap?")
            options = [("keep", "No, keep that file"), ("replace", "Yes, replace it")]
            self.ctx.ask(ChoiceScreen(title, options), lambda choice: self._save_recap(target, text, True) if choice == "replace" else self.ctx.set_status("Kept the file; the recap was not saved."))
            return
        except SaveError as problem:
            self.ctx.set_status(f"Not saved: {clean(str(problem))}", error=True)
            return
        self.ctx.set_status(Text("Saved the recap to ") + user_text(str(written), "bold") + Text("."))
