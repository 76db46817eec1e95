"""The campaign picker: open recent, create, rename, duplicate, delete, export, import.

``CampaignPicker(folder, current)`` lists the campaign files of ``folder``
(default: the data folder's ``campaigns/``) after the recently opened ones,
and dismisses with the :class:`~pathlib.Path` to open, or ``None``.
``current`` is the campaign the app has open: it is renamed through it (it
holds the lock) and cannot be deleted from here. Every file operation is
``saves.library``'s; failures are shown in the status line, never raised.
Names are shown literally (``rich.text.Text``, control characters escaped).
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from saves import library, paths
from saves.campaign import Campaign
from saves.errors import SaveError
from saves.session import create_demo
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text


class CampaignPicker(Screen[Path | None]):
    """Pick a campaign to open (dismisses its path) or manage the files."""

    BINDINGS = [
        Binding("n", "new_campaign", "New", id="picker-new"),
        Binding("r", "rename_campaign", "Rename", id="picker-rename"),
        Binding("c", "duplicate_campaign", "Copy", id="picker-duplicate"),
        Binding("x", "delete_campaign", "Delete", id="picker-delete"),
        Binding("e", "export_campaign", "Export", id="picker-export"),
        Binding("i", "import_campaign", "Import", id="picker-import"),
        Binding("escape", "cancel", "Back", id="picker-cancel"),
    ]

    def __init__(self, folder: Path | None = None, current: Campaign | None = None) -> None:
        super().__init__()
        self.folder = folder if folder is not None else paths.campaigns_dir()
        self.current = current
        self.summaries: list[library.CampaignSummary] = []

    def compose(self) -> ComposeResult:
        yield Static(Text("Campaigns — Enter opens, keys below manage"), id="picker-title")
        yield OptionList(id="campaign-list")
        yield Static("", id="picker-status")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    # -- the list ---------------------------------------------------------------
    def reload(self, select: Path | None = None) -> None:
        """Read the folder again; highlight ``select`` (or keep the position)."""
        options = self.query_one(OptionList)
        keep = options.highlighted or 0
        self.summaries = library.list_campaigns(self.folder, paths.recent_campaigns())
        options.clear_options()
        options.add_options([Option(self._label(s), id=str(i)) for i, s in enumerate(self.summaries)])
        if not self.summaries:
            self.set_status("No campaigns yet: n creates one, i imports one.")
            return
        index = next((i for i, s in enumerate(self.summaries) if select is not None and s.path == select), min(keep, len(self.summaries) - 1))
        options.highlighted = index

    def _label(self, summary: library.CampaignSummary) -> Text:
        label = user_text(summary.name, "bold")
        if self.current is not None and summary.path == self.current.path:
            label.append("  (open)", style="green")
        if summary.problem:
            label.append(f"\n  cannot be opened: {clean(summary.problem)}", style="red")
        else:
            plural = "s" if summary.encounters != 1 else ""
            label.append(f"\n  {clean(summary.ruleset)} · {summary.encounters} encounter{plural} · {summary.modified:%Y-%m-%d %H:%M} · {clean(summary.path.name)}", style="dim")
        return label

    @property
    def selected(self) -> library.CampaignSummary | None:
        index = self.query_one(OptionList).highlighted
        return self.summaries[index] if index is not None and 0 <= index < len(self.summaries) else None

    def set_status(self, message: str | Text, error: bool = False) -> None:
        status = self.query_one("#picker-status", Static)
        status.set_class(error, "error")
        status.update(message if isinstance(message, Text) else Text(message))

    def _is_current(self, summary: library.CampaignSummary) -> bool:
        return self.current is not None and summary.path == self.current.path

    # -- actions ------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        summary = self.selected
        if summary is None:
            return
        if summary.problem:
            self.set_status(f"Cannot open: {clean(summary.problem)}", error=True)
            return
        self.dismiss(summary.path)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _ask(self, title: str | Text, then, value: str = "", placeholder: str = "") -> None:
        def answer(text: str | None) -> None:
            if text is None or not text.strip():
                self.set_status("Cancelled.")
                return
            try:
                then(text.strip())
            except SaveError as exc:
                self.set_status(clean(str(exc)), error=True)

        self.app.push_screen(PromptScreen(title, placeholder=placeholder, value=value), answer)

    def action_new_campaign(self) -> None:
        def create(name: str) -> None:
            path = library.free_path(self.folder, name)
            create_demo(path, random.SystemRandom(), name=name).close()
            self.reload(select=path)
            self.set_status(Text("Created ") + user_text(name, "bold") + Text(f" ({path.name}) on the demo map."))

        self._ask("Name of the new campaign", create, placeholder="The moor")

    def action_rename_campaign(self) -> None:
        summary = self.selected
        if summary is None:
            return

        def rename(name: str) -> None:
            if self._is_current(summary):
                self.current.rename(name)  # type: ignore[union-attr]
                if self.current.unsaved is not None:  # type: ignore[union-attr]
                    raise self.current.unsaved  # type: ignore[union-attr]
            else:
                library.rename(summary.path, name)
            self.reload(select=summary.path)
            self.set_status(Text("Renamed to ") + user_text(name, "bold") + Text("."))

        self._ask(Text("New name for ") + user_text(summary.name, "bold"), rename, value=summary.name)

    def action_duplicate_campaign(self) -> None:
        summary = self.selected
        if summary is None:
            return

        def duplicate(name: str) -> None:
            path = library.duplicate(summary.path, name)
            self.reload(select=path)
            self.set_status(Text("Copied to ") + user_text(path.name, "bold") + Text("."))

        self._ask(Text("Name of the copy of ") + user_text(summary.name, "bold"), duplicate, value=f"Copy of {summary.name}")

    def action_delete_campaign(self) -> None:
        summary = self.selected
        if summary is None:
            return
        if self._is_current(summary):
            self.set_status("This campaign is open; open another one before deleting it.", error=True)
            return

        def answer(choice: str | None) -> None:
            if choice != "delete":
                self.set_status("Kept.")
                return
            try:
                library.delete(summary.path)
            except SaveError as exc:
                self.set_status(clean(str(exc)), error=True)
                return
            paths.forget_campaign(summary.path)
            self.reload()
            self.set_status(Text("Deleted ") + user_text(summary.name, "bold") + Text(" (its backups stay in .backups/)."))

        title = Text("Delete ") + user_text(summary.name, "bold") + Text(f" ({clean(summary.path.name)})? This cannot be undone.")
        self.app.push_screen(ChoiceScreen(title, [("keep", "No, keep it"), ("delete", "Yes, delete it")]), answer)

    def action_export_campaign(self) -> None:
        summary = self.selected
        if summary is None:
            return

        def export(target: str, replace: bool = False) -> None:
            path = Path(target).expanduser()
            try:
                library.export_campaign(summary.path, path, replace=replace)
            except library.TargetExists:
                title = user_text(str(path), "bold") + Text(" already exists. Replace it with the export?")
                self.app.push_screen(
                    ChoiceScreen(title, [("keep", "No, keep that file"), ("replace", "Yes, replace it")]),
                    lambda choice: self._replace_answer(choice, lambda: export(target, replace=True)),
                )
                return
            self.set_status(Text("Exported to ") + user_text(str(path), "bold") + Text("."))

        default = str(Path.home() / f"{summary.path.stem}-export.json")
        self._ask(Text("Export ") + user_text(summary.name, "bold") + Text(" to the file"), export, value=default)

    def _replace_answer(self, choice: str | None, again) -> None:
        if choice != "replace":
            self.set_status("Kept the file; nothing exported.")
            return
        try:
            again()
        except SaveError as exc:
            self.set_status(clean(str(exc)), error=True)

    def action_import_campaign(self) -> None:
        def do_import(source: str) -> None:
            path = library.import_campaign(Path(source).expanduser(), self.folder)
            self.reload(select=path)
            self.set_status(Text("Imported as ") + user_text(path.name, "bold") + Text("."))

        self._ask("Import a campaign from the file", do_import, placeholder="~/Downloads/moor-export.json")
