"""Maps and creatures in and out of the campaign from the app: export the
encounter's map (key ``M``), a new encounter from a map file (the
encounters list, ``k``) and creatures into the bestiary (the ``.`` menu).

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`). Reading, writing and parsing are
in :mod:`saves.map_files` and :mod:`core.board.map_text` /
:mod:`core.dice.creature_import`; this only asks and shows.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from rich.text import Text

from core.values.combatant import Side
from core.errors import EncounterError
from saves.errors import SaveError
from saves.library import TargetExists
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.screens.encounter.context import ScreenContext

SHOWN_PROBLEMS = 200
"""Unreadable lines listed in the import dialog (the CLI lists them all)."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class MapFiles:
    """``MapFiles(ctx)``: export the map (M), a new encounter from a map
    file and creatures into the bestiary from a file (the campaign changes
    through the presenter)."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx
        self.import_problems: list = []
        """The lines the last import could not read (a test hook)."""

    # -- export (M) -------------------------------------------------------------
    def action_export_map(self) -> None:
        ascii_now = self.ctx.query_one("#map").glyphs.name == "ascii"
        options = [("emoji", "Emoji legend (the seed's map glyphs)"), ("ascii", "ASCII legend (# wall, . ground, letters for creatures)")]
        self.ctx.ask(ChoiceScreen("Export the map of this encounter with its roster: which legend?", options, initial="ascii" if ascii_now else "emoji"), self._export_legend)

    def _export_legend(self, legend: str) -> None:
        campaign = self.ctx.session.campaign
        slug = re.sub(r"[^\w\-]+", "-", self.ctx.state.name or "map", flags=re.UNICODE).strip("-").lower() or "map"
        default = str(Path.home() / f"{campaign.path.stem}-{slug}.txt")
        self.ctx.ask(PromptScreen("Export the map to the file", value=default), lambda target: self._export_to(target, legend))

    def _export_to(self, target: str, legend: str, replace: bool = False) -> None:
        from core.board.map_text import export_map  # map files: read and written only when the GM asks
        from saves.map_files import write_map

        if not target.strip():
            self.ctx.set_status("Refused: type a file name.", error=True)
            return
        export = export_map(self.ctx.state, self.ctx.session.encounter.ruleset, legend, title=f"{self.ctx.state.name} of {self.ctx.session.campaign.name}")
        path = Path(target.strip()).expanduser()
        try:
            write_map(self.ctx.session.campaign.path, export, path, replace=replace)
        except TargetExists:
            title = user_text(str(path), "bold") + Text(" already exists. Replace it with the map?")

            def answer(choice: str) -> None:
                if choice != "replace":
                    self.ctx.set_status("Kept the file; nothing exported.")
                    return
                self._export_to(target, legend, replace=True)

            self.ctx.ask(ChoiceScreen(title, [("keep", "No, keep that file"), ("replace", "Yes, replace it")]), answer)
            return
        except SaveError as problem:
            self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
            return
        message = Text(f"Exported the map ({_plural(len(export.tokens), 'token')}) to ") + user_text(str(path), "bold")
        if export.notes:
            message += Text(f"; not in a text map: {clean('; '.join(export.notes))}")
        self.ctx.set_status(message + Text("."))

    # -- a new encounter from a map file (k) ---------------------------------------
    def new_encounter_from_map(self) -> None:
        from saves.map_files import map_encounter_noted  # map files: read only when the GM asks

        def read(source: str) -> None:
            if not source.strip():
                self.ctx.set_status("Refused: type the map file's name.", error=True)
                return
            path = Path(source.strip()).expanduser()
            party = tuple(c for c in self.ctx.state.combatants if c.side is Side.PARTY)
            try:  # a bad file is refused here, with the path still in the dialog
                state, off, notes = map_encounter_noted(path, path.stem, self.ctx.session.encounter.ruleset, party)
            except EncounterError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            self.ctx.ask(PromptScreen("Name of the new encounter", value=path.stem), lambda name: self._encounter_from(path, state, off, name, notes))

        self.ctx.ask(PromptScreen("New encounter from the map file (text map, or .dd2vtt/.uvtt)", placeholder="~/maps/moor.txt"), read)

    def _encounter_from(self, path: Path, state, off: int, name: str, notes: tuple[str, ...] = ()) -> None:
        if not name.strip():
            self.ctx.set_status("Refused: type a name.", error=True)
            return
        outcome = self.ctx.presenter.add_encounter(name.strip(), replace(state, name=name.strip()))
        if not outcome.ok:
            self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
            return
        joined = f" {_plural(off, 'party member')} joined off the map: place them with P." if off else ""
        said = f" {clean('; '.join(notes))}." if notes else ""  # a Universal VTT file: what came in, what was not kept
        self.ctx.set_status(f"New encounter from {clean(path.name)}.{said}{joined} Start combat from the . menu.")

    # -- creatures into the bestiary (. menu) ----------------------------------------
    def action_import_creatures(self) -> None:
        blocks = self.ctx.session.encounter.ruleset.stat_blocks
        placeholder = "~/creatures.txt (roster lines" + (", or d20 SRD stat blocks)" if blocks else ")")
        self.ctx.ask(PromptScreen("Import creatures into the bestiary from the file", placeholder=placeholder), self._import_from)

    def _import_from(self, source: str) -> None:
        from saves.map_files import read_creature_file  # creature files: read only when the GM asks

        if not source.strip():
            self.ctx.set_status("Refused: type the file's name.", error=True)
            return
        path = Path(source.strip()).expanduser()
        try:
            result = read_creature_file(self.ctx.session.campaign, path)
        except SaveError as problem:
            self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
            return
        self.import_problems = result.problems
        if not result.problems:
            if not result.creatures:
                self.ctx.set_status(f"Refused: no creatures in {clean(path.name)}.", error=True)
                return
            self._save_creatures(result.creatures, result.skipped)
            return
        count = len(result.problems)
        title = Text(f"{_plural(count, 'line')} of ", style="bold") + user_text(path.name, "bold") + Text(f" could not be read (listed below); {_plural(len(result.creatures), 'creature')} could.", style="bold")
        options = [("no", "No, import nothing")]
        if result.creatures:
            options.append(("yes", f"Yes, import the {_plural(len(result.creatures), 'creature')} read"))
        options += [(f"line:{i}", f"  {clean(str(p))}") for i, p in enumerate(result.problems[:SHOWN_PROBLEMS])]
        if count > SHOWN_PROBLEMS:
            options.append(("line:more", f"  ... and {count - SHOWN_PROBLEMS} more (encounter import-creatures lists them all)"))

        def answer(choice: str) -> None:
            if choice != "yes":
                self.ctx.set_status(f"Nothing imported: {_plural(count, 'line')} could not be read, the first: {clean(str(result.problems[0]))}")
                return
            self._save_creatures(result.creatures, result.skipped)

        self.ctx.ask(ChoiceScreen(title, options), answer)

    def _save_creatures(self, creatures, skipped: int = 0) -> None:
        known = self.ctx.session.campaign.bestiary()
        outcome = self.ctx.presenter.save_to_bestiary(list(creatures))
        if not outcome.ok:
            self.ctx.set_status(f"Refused: {clean(outcome.refusal)}", error=True)
            return
        replaced = sum(1 for c in creatures if c.name in known)
        extra = f" ({replaced} replaced a template of the same name)" if replaced else ""
        names = ", ".join(clean(c.name) for c in creatures[:5]) + (", ..." if len(creatures) > 5 else "")
        prose = f" ({_plural(skipped, 'line')} of description between stat blocks passed over)" if skipped else ""
        self.ctx.set_status(f"Imported {_plural(len(creatures), 'creature')} into the bestiary{extra}: {names}.{prose} Add them from the . menu.")
