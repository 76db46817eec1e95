"""The encounter app: what is app-wide, around the GM's encounter screen.

The App holds the :class:`tui.presenter.EncounterPresenter` (the session,
commands, undo) and what concerns every screen: keys handled in order
(:class:`tui.terminal.key_order.KeysInOrder`), only changed cells written
(:class:`tui.terminal.frame_diff.DiffedDisplay`), garbage collected while idle,
quitting while not saved, the take-over offer, the user's key map, the
ASCII class and the command palette. The GM's four panes, keys, selection
and map modes are :class:`tui.screens.encounter.screen.EncounterScreen`, the
default screen (``screen_stack[0]``).
"""

from __future__ import annotations

import threading
from functools import cached_property
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from core.dice import rolls as dice
from core.combat.encounter import handlers
from saves.branch_notes import take_dropped
from saves.session import Session
from tui.terminal.ascii_output import ASCII_CLASS, filter_output
from tui.terminal.frame_diff import DiffedDisplay
from tui.rendering.glyphs import default_theme_name
from tui.rendering.text import clean
from tui.terminal.idle_gc import CollectWhenIdle
from tui.terminal.key_order import KeysInOrder
from tui.keys import ACTIONS, help_in
from tui.presenter import EncounterPresenter, EncounterView
from tui.screens.choice import ChoiceScreen
from tui.quit_guard import QuitGuard
from tui.screens.prompt import PromptScreen
from tui.screens.encounter.parts import build_all
from tui.screens.encounter.screen import MIN_HEIGHT, MIN_WIDTH, EncounterScreen  # noqa: F401 (MIN_*: where callers look)
from tui.takeover_offer import TakeOverOffer
from tui.widgets.dice_log import DiceLog

if TYPE_CHECKING:
    from saves.feed_writer import FeedWriter
    from tui.player_requests import Pending, RequestServer


class EncounterApp(CollectWhenIdle, DiffedDisplay, KeysInOrder, QuitGuard, TakeOverOffer, App[Path | None]):
    """``EncounterApp(session)``: ``notice`` is shown in the status line at
    start, ``glyphs`` picks the map theme, ``keymap`` rebinds actions by id."""

    CSS_PATH = "app.tcss"
    TITLE = "encounter"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide"), (190, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (45, "-tall")]  # tall terminals: longer choice lists
    BINDINGS = [Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True, id="interrupt-quit")]

    def __init__(self, session: Session, notice: str = "", glyphs: str | None = None, keymap: dict[str, str] | None = None,
                 keymap_problems: list[str] | None = None, players: str = "approve") -> None:
        super().__init__()
        self.players = players
        """How players' requests are taken: "approve" (the GM says Enter or Esc), "trust" (at once) or "off"."""
        self.requests: RequestServer | None = None
        """The players' request socket while it listens (:mod:`tui.player_requests`)."""
        self._asking: list[Pending] = []
        self.presenter = EncounterPresenter(session)
        """Owns the session: every command, undo and redo goes through it."""
        self._notice = notice
        self._glyphs = glyphs or default_theme_name()
        self.keymap_overrides = dict(keymap or {})
        """The user's key map (action id -> key), as the help screen shows it."""
        self.keymap_problems = list(keymap_problems or [])
        """What keys.json got wrong, every line (the help screen lists them)."""
        self.encounter_screen = EncounterScreen(self.presenter, notice, self._glyphs)
        """The GM's screen (the default one, ``screen_stack[0]``)."""
        self.presenter.subscribe(self._publish_feed)  # the opening state's feed goes out with the first frame (_warm_up)
        self._feed_told: str | None = None
        self.presenter.subscribe(self._tell_once)

    @cached_property
    def feed(self) -> FeedWriter:
        """Writes the players' feed after each saved action (:mod:`saves.feed`); not while read-only.
        Made with the first feed, the opening state's, after the first frame (:meth:`_warm_up`)."""
        from saves.feed_writer import FeedWriter  # what players may see (line of sight, fog): not before the first frame

        return FeedWriter(self.presenter.session.path)

    def get_default_screen(self) -> Screen:
        return self.encounter_screen

    def _publish_feed(self, view: EncounterView) -> None:
        """What each player may know of ``view``, to the players' feed (the campaign is saved already),
        in a thread started once the frame is drawn: line of sight for every view would take turns
        with the frame for the interpreter (``feed.wait`` and quitting start it too)."""
        session = self.presenter.session
        if session.read_only is None and not session.what_if:  # a what-if is the GM's alone
            self.feed.publish_soon(view.state, view.ruleset, view.title, session.eid, start=False)
            self.call_after_refresh(self.feed.start)

    def _tell_once(self, view: EncounterView) -> None:
        """After an action: what the saves say once (a backup that could not be
        made, :meth:`saves.campaign.Campaign.take_notices`) and a new problem
        of the players' feed, on the status line after the action's own message."""
        told = self.presenter.session.campaign.take_notices()
        problem = self.feed.problem
        if problem != self._feed_told:
            self._feed_told = problem
            if problem:
                told.append(problem[0].upper() + problem[1:] + ".")
        if told:  # one message (cut on its row, whole in the log)
            self.call_later(self.encounter_screen.set_status, " ".join(told))

    def on_mount(self) -> None:
        if self.keymap_overrides:
            self.set_keymap(self.keymap_overrides)
        filter_output(self)
        self.set_class(self._glyphs == "ascii", ASCII_CLASS)  # ASCII means ASCII everywhere on screen
        self.offer_take_over()
        self.offer_rescue()
        self.call_after_refresh(self._warm_up)
        if self.presenter.session.read_only is None:
            self.call_after_refresh(self._tell_dropped_what_if)

    async def _listen_to_players(self) -> None:
        from tui.player_requests import RequestServer  # the offers it checks requests with: not before the first frame

        server = RequestServer(self.presenter, trust=self.players == "trust")
        server.ask = self._ask_gm
        server.said = lambda text: self.encounter_screen.set_status(text)
        if await server.start():
            self.requests = server
        else:
            self.encounter_screen.set_status(server.problem or "players cannot connect", error=True)

    def _tell_dropped_what_if(self) -> None:
        """A what-if that a hang-up or SIGTERM ended last time: said once, on the status line and in the log."""
        actions = take_dropped(self.presenter.session.path)
        if actions is not None:
            played = f"{actions} action{'s' if actions != 1 else ''}"
            self.encounter_screen.set_status(f"A hang-up or kill dropped the what-if ({played}): the real fight is as it was.")

    def on_unmount(self) -> None:
        if self.requests is not None:
            self.requests.close()
        if "feed" in vars(self):  # a feed was written: the last action's out before the process ends
            self.feed.wait(2.0)

    def _ask_gm(self, pending: Pending) -> None:
        """A player's request waits for the GM: asked as soon as no dialog is open."""
        self._asking.append(pending)
        self.bell()
        self._ask_next()

    def _ask_next(self) -> None:
        if not self._asking:
            return
        if self.screen is not self.encounter_screen or self.encounter_screen.picking:
            self.set_timer(0.5, self._ask_next)
            return
        pending = self._asking.pop(0)
        if pending.answered:
            self._ask_next()
            return

        def answered(choice: str | None) -> None:
            said = pending.answer(choice == "approve")
            if pending.refused is not None:  # refused by the fight as it is now: a line of the log too, never lost
                state = self.presenter.state
                self.encounter_screen.query_one(DiceLog).note(Text(clean(said), style="bold yellow"), state.round, state.current)
            self.encounter_screen.set_status(said, error=pending.refused is not None, logged=pending.refused is not None)
            self._ask_next()

        options = [("approve", f"Approve: {pending.words} (Enter)"), ("refuse", "Refuse (Esc)")]
        self.push_screen(ChoiceScreen(f"{pending.player} asks: {pending.words}", options, "approve"), answered)

    def _warm_up(self) -> None:
        """Once the first frame is out, what the first keys need: the
        screen's parts, the rules (loaded while the GM reads) and d20's grammar (0.2-1 s to build,
        beside the UI, so the first dice typed or refused answer at once),
        and the players' feed of the opening state (written in a thread of
        its own, which before the first frame would take turns with it);
        half a second later the players' request socket (with the offers it
        checks requests with) and, a second later, in a real terminal, the
        forecast's worker processes (they load the rules at the lowest
        priority and wait for ``F``). Before the first frame they would only
        delay it: timed from the mount, the socket's half second could run
        out first on a loaded machine, where the first frame takes longer."""
        self._publish_feed(self.presenter.view())
        build_all(self.encounter_screen)  # the screen's parts (menus, dialogs, map modes): ready for the first key
        self.set_timer(0.5, handlers)
        if self.players != "off" and self.presenter.session.read_only is None:
            self.set_timer(0.5, lambda: self.run_worker(self._listen_to_players, group="players"))  # the function, not a coroutine: a worker that never starts (the app ending) leaves none unawaited
        threading.Thread(target=dice.warm_up, name="dice-warm-up", daemon=True).start()
        if not self.is_headless:
            self.set_timer(1.0, self.encounter_screen.forecasting.warm_up)

    @property
    def crash(self) -> BaseException | None:
        """The exception that ended the app, or ``None`` (a test hook: Textual keeps it private)."""
        return self._exception

    # -- app-wide ---------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quit" and self.is_mounted and self.screen is not self.encounter_screen and not getattr(self.screen, "passes", ()):
            return None  # q (app.quit) waits while a dialog is open, like the GM's other keys (listed, disabled); the take-over question passes it on
        if action == "command_palette" and self.is_mounted and self.encounter_screen.picking:
            return False  # a map cursor is out (move, place, area...): Enter or Esc first
        return True

    def on_prompt_screen_refused(self, message: PromptScreen.Refused) -> None:
        """A dialog refused what was typed (dialogs are the App's children): the encounter screen's status line says why."""
        self.encounter_screen.set_status(message.reason, error=True)
        self.bell()

    def on_prompt_screen_revised(self, message: PromptScreen.Revised) -> None:
        """The GM edited what a refusal was about: the status line stops repeating it."""
        self.encounter_screen.clear_refusal()

    def action_interrupt(self) -> None:
        """Ctrl+C: quit at once, from anywhere (everything is already saved; if not, asks)."""
        self.quit_at_once()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette lists the same actions as the keys, then what
        the ``.`` menu lists now: the ruleset's offers without a key of their
        own and the GM's tools (its own list, so the two never disagree)."""
        gm = self.encounter_screen
        ruleset = gm.session.encounter.ruleset
        for action in ACTIONS:
            yield SystemCommand(action.label, help_in(action, ruleset), lambda name=action.action: self.run_action(name, gm))
        if screen is gm:  # what the . menu offers now, from the same list as the menu
            for key, label in gm.more.options():
                yield SystemCommand(label, "More actions (.)", lambda key=key: gm.more.chosen(key))
        yield from super().get_system_commands(screen)
