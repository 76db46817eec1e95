"""Quitting while NOT SAVED (key ``q``, Ctrl+C).

A mixin of :class:`tui.app.EncounterApp`. When every action is on disk the
app quits at once. When the disk refused the last writes
(:attr:`saves.session.Session.unsaved`: disk full, folder made read-only)
it first retries; if that fails too it asks: retry, save a copy of the
campaign elsewhere (another disk), or quit and lose the N actions that are
only in memory. Losing them exits with status :data:`LOST_EXIT_CODE` and a
message (see tui/cli/main.py); it never happens without that question (or a
second Ctrl+C while the question is shown).

Quitting in a what-if (:mod:`saves.branch`) asks first: make it the real
fight, drop it, or stay; a second Ctrl+C while asked drops it and quits.
A hang-up or SIGTERM in a what-if drops the branch (the real fight is as
it was before it) and the next start says so (:mod:`saves.branch_notes`).

A hang-up or SIGTERM gets no question: tui/cli/main.py writes the unsaved
actions to a rescue copy (:mod:`saves.rescue`), and the next start's first
question (:meth:`QuitGuard.offer_rescue`) names it and offers to merge it
into its campaign or keep it as a campaign of its own.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from saves import library, rescue
from saves.errors import SaveError
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text

LOST_EXIT_CODE = 3


class QuitGuard:
    """Needs ``presenter``, ``encounter_screen``, ``push_screen`` and ``exit`` from the App."""

    rescued_to: Path | None = None  # the copy the GM saved elsewhere before quitting
    lost_on_purpose = False  # the GM chose to lose the unsaved actions: no rescue copy
    next_notice = ""  # the status line's first message when the app exits to reopen a campaign
    _quit_question: ChoiceScreen | None = None
    _asking_what_if = False  # the question shown is the what-if's (keep, drop, stay)

    def action_quit(self) -> None:
        """Quit; in a what-if, ask first (keep it, drop it, stay); with actions
        not on disk, ask first (retry, copy elsewhere, lose them)."""
        if self._quit_question is not None:
            return
        if self.encounter_screen.forecasting.branch is not None:
            self._ask_about_what_if()
            return
        if not self.presenter.session.saving or self.presenter.retry_save():  # waits for a write under way
            self.exit()
            return
        self._ask_before_losing()

    def quit_at_once(self) -> None:
        """Ctrl+C: quit now when nothing would be lost; else ask, and a second Ctrl+C loses them."""
        if self._quit_question is not None and self._asking_what_if:
            self._quit_question.dismiss("drop")  # only the branch is lost; then quit as q does
            return
        if self._quit_question is not None:
            self.lost_on_purpose = True
            self.exit(return_code=LOST_EXIT_CODE)
            return
        self.action_quit()

    def _ask_about_what_if(self) -> None:
        actions = self.encounter_screen.forecasting.branch.actions
        played = f"{actions} action{'s' if actions != 1 else ''}"
        title = Text("WHAT-IF: ", style="bold") + Text(f"you are in a what-if ({played} in). Quitting forgets it unless it becomes the real fight.")
        options = [
            ("keep", f"Make it the real fight ({played}), then quit"),
            ("drop", "Drop it and quit (the real fight stays as it was)"),
            ("stay", "Stay in the what-if"),
        ]
        self._asking_what_if = True
        self._quit_question = ChoiceScreen(title, options, "stay")
        self.push_screen(self._quit_question, self._what_if_answer)

    def _what_if_answer(self, choice: str | None) -> None:
        self._quit_question = None
        self._asking_what_if = False
        forecasting = self.encounter_screen.forecasting
        if choice in ("keep", "drop"):
            forecasting.end_what_if(keep=choice == "keep")
            if forecasting.branch is None:  # else keeping it failed: the status line says why, and we stay
                self.action_quit()
        else:
            self.encounter_screen.set_status("Still in the what-if: F then k keeps it, d drops it; q asks again.", hint=True)

    def _ask_before_losing(self) -> None:
        campaign = self.presenter.session.campaign
        count = campaign.unsaved_actions
        actions = f"{count} action{'s' if count != 1 else ''}"
        title = Text("NOT SAVED: ", style="bold") + Text(clean(campaign.unsaved.reason if campaign.unsaved else "the disk refused"))
        title += Text(f"\n{actions} of this session are only in memory; quitting now loses them.")
        options = [
            ("retry", "Retry saving (free some disk space first)"),
            ("copy", "Save a copy of the campaign elsewhere, then quit"),
            ("lose", f"Quit and lose {actions}"),
            ("stay", "Keep playing"),
        ]
        self._quit_question = ChoiceScreen(title, options)
        self.push_screen(self._quit_question, self._quit_answer)

    def _quit_answer(self, choice: str | None) -> None:
        self._quit_question = None
        if choice == "retry":
            if self.presenter.retry_save():
                self.encounter_screen.set_status("Saved: every action is on disk.")
                self.exit()
            else:
                self.encounter_screen.set_status("Still not saved.", error=True)
                self._ask_before_losing()
        elif choice == "copy":
            default = Path.home() / f"{self.presenter.session.path.stem}-copy.json"
            self.push_screen(PromptScreen("Save a copy of the campaign (every action, the unsaved ones too) to the file", value=str(default)), self._copy_to)
        elif choice == "lose":
            self.lost_on_purpose = True
            self.exit(return_code=LOST_EXIT_CODE)
        else:
            self.encounter_screen.set_status("Kept playing; nothing is lost while encounter runs (q asks again).")

    def _copy_to(self, target: str | None) -> None:
        if target is None or not target.strip():
            self._ask_before_losing()
            return
        try:
            self.rescued_to = library.save_copy(self.presenter.session.campaign, Path(target.strip()))
        except SaveError as problem:
            self.encounter_screen.set_status(f"Refused: {clean(str(problem))}", error=True)
            self._ask_before_losing()
            return
        self.encounter_screen.set_status(Text("Saved a copy to ") + user_text(str(self.rescued_to), "bold") + Text("."))
        self.exit()

    # -- rescue copies of a hang-up (saves.rescue) ---------------------------------
    def offer_rescue(self) -> None:
        """At start: for the oldest rescue copy waiting, ask whether to merge it
        into the campaign it came from, keep it as a campaign of its own, or
        decide later (the next start asks again)."""
        waiting = rescue.find()
        if not waiting:
            return
        found = waiting[0]
        title = Text("RESCUED: ", style="bold") + Text(clean(found.describe())) + Text(" are in the copy ")
        title += user_text(str(found.path), "bold") + Text(".")
        if len(waiting) > 1:
            title += Text(f" ({len(waiting) - 1} more after this one.)")
        options = [
            ("merge", f"Merge them into {clean(str(found.origin))}"),
            ("keep", "Keep the copy as a campaign of its own"),
            ("later", "Decide later (asked again at the next start)"),
        ]
        self.push_screen(ChoiceScreen(title, options), lambda choice: self._rescue_answer(found, choice))

    def _rescue_answer(self, found: rescue.Rescue, choice: str | None) -> None:
        campaign = self.presenter.session.campaign
        if choice == "merge":
            mine = found.origin == campaign.path
            if mine and campaign.read_only is None and not campaign.hand_over():  # our lock, given up for the merge
                self.encounter_screen.set_status("Not merged: this campaign's own actions could not be saved first.", error=True)
                return
            try:
                merged = rescue.merge(found)
            except SaveError as problem:
                message = f"Not merged: {clean(str(problem))}"
                if mine:
                    self.next_notice = message
                    self.exit(result=campaign.path)  # reopened as its writer
                else:
                    self.encounter_screen.set_status(message, error=True)
                return
            done = f"Merged the rescue copy: {found.describe()} are back in {merged}."
            if mine:
                self.next_notice = done
                self.exit(result=campaign.path)  # reopened with the merged actions
            else:
                self.encounter_screen.set_status(done + " (o opens it)")
        elif choice == "keep":
            try:
                kept = rescue.keep(found)
            except SaveError as problem:
                self.encounter_screen.set_status(f"Not kept: {clean(str(problem))}", error=True)
                return
            self.encounter_screen.set_status(Text("Kept the rescue copy as the campaign ") + user_text(str(kept), "bold") + Text(" (o opens it)."))
        else:
            self.encounter_screen.set_status(Text("The rescue copy stays at ") + user_text(str(found.path), "bold") + Text("; asked again at the next start."))
