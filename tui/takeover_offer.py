"""Offering to take over a campaign another encounter holds (saves.takeover).

A mixin of :class:`tui.app.EncounterApp`. When the campaign opened
read-only because another encounter of the same user holds it — typically
one left behind by a dropped SSH connection — the app asks at start whether
to take it over, saying what is known of that encounter's terminal (gone,
idle for how long). Taking over asks the other process to save and quit,
waits for it (in a thread; the screen stays live), then the app exits with
the campaign's path and :attr:`take_over_lock` set, and tui/cli/main.py opens
the campaign again as its writer, with everything the other one had shown.
"""

from __future__ import annotations

from rich.text import Text

from saves import lock, takeover
from saves.errors import SaveError
from tui.screens.choice import ChoiceScreen
from tui.rendering.text import clean, user_text


class TakeOverOffer:
    """Needs ``presenter``, ``encounter_screen``, ``keymap_overrides``, ``push_screen``, ``run_worker``, ``call_from_thread`` and ``exit``."""

    keymap_overrides: dict[str, str]

    take_over_lock: lock.CampaignLock | None = None
    taken_from: int | None = None

    def offer_take_over(self) -> None:
        """At start: if another encounter of this user holds the campaign and
        answers take-over requests, ask whether to take it over."""
        campaign = self.presenter.session.campaign
        if campaign.read_only is None:
            return
        try:
            holder = takeover.inspect(campaign.path)
        except OSError:
            holder = None
        if holder is None or not holder.same_user or not holder.answers:
            return
        title = user_text(campaign.name, "bold") + Text(f" is open in another encounter: {holder.describe()}.\n")
        title += Text("Take it over? That encounter saves everything it has shown and quits; then this one can make changes.")
        options = [("take", "Take it over"), ("look", "Only look (read-only)")]
        initial = "take" if holder.looks_abandoned else "look"
        if initial == "look":  # the safe answer first, preselected
            options.reverse()

        def answer(choice: str | None) -> None:
            if choice == "take":
                self._take_over(holder)
            else:
                self.encounter_screen.set_status("The other encounter keeps the campaign; o reopens it to ask again.")  # after READ-ONLY: fits 80 columns

        quit_keys = tuple(k.strip() for k in self.keymap_overrides.get("quit", "q").split(","))  # the key map may move q (tui.keymap)
        self.push_screen(ChoiceScreen(title, options, initial=initial, passes=dict.fromkeys(quit_keys, "app.quit")), answer)  # q quits the reader, as on the main screen

    def _take_over(self, holder: takeover.Holder) -> None:
        self.encounter_screen.set_status(f"Asking process {holder.pid} to save and quit...")
        path = self.presenter.session.campaign.path

        def wait() -> None:
            try:
                held = takeover.request(path, holder)
            except SaveError as problem:
                self.call_from_thread(self.encounter_screen.set_status, f"Not taken over: {clean(str(problem))}", True)
                return
            self.call_from_thread(self._taken_over, held, holder.pid)

        self.run_worker(wait, thread=True, exclusive=True, group="take-over")

    def _taken_over(self, held: lock.CampaignLock, pid: int) -> None:
        self.take_over_lock = held
        self.taken_from = pid
        self.exit(result=self.presenter.session.campaign.path)
