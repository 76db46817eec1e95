"""What each part of the GM's screen is given: :class:`ScreenContext`.

The parts (one per key group: :mod:`tui.screens.encounter.gm`,
``combat``, ``map_modes``, ...) are plain objects the
:class:`tui.screens.encounter.screen.EncounterScreen` owns. Each is built
with this context (the screen gives itself) the first time it is used,
and, when it hands over to another part (``t`` takes the attack offer of
the ``.`` menu), with that part, or reaches it here (``more``,
``map_modes``: built when first asked); it never reaches into the screen
beyond what is named here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import App
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.widget import Widget

    from core.combat import commands as cmd
    from core.combat.state import EncounterState
    from core.values.combatant import Combatant
    from saves.campaign import LogEntry
    from saves.session import Session
    from tui.presenter import EncounterPresenter
    from tui.screens.encounter.map_modes import MapModes
    from tui.screens.encounter.more import MoreMenu

W = TypeVar("W", bound="Widget")


class ScreenContext(Protocol):
    """The screen as its parts see it.

    ``presenter``: every change goes through it (commands, undo, campaign
    changes); ``session`` and ``state`` read what it shows now;
    ``selected``: the id of the combatant the sheet shows (a part may
    select another). ``ask(dialog, then)`` opens a dialog and calls
    ``then(answer)`` unless the GM cancelled; ``set_status`` writes the
    status line (``error``: a refusal, with the bell's wording);
    ``run_command`` submits a command and returns its new log entries, or
    ``None`` when refused (the status line says why); the refreshers redraw
    the panes from the presenter's view."""

    presenter: EncounterPresenter
    selected: str | None

    @property
    def app(self) -> App[Any]: ...

    @property
    def more(self) -> MoreMenu: ...

    @property
    def map_modes(self) -> MapModes: ...

    @property
    def size(self) -> Size: ...

    @property
    def session(self) -> Session: ...

    @property
    def state(self) -> EncounterState: ...

    def combatant(self, combatant_id: str | None) -> Combatant | None: ...

    def select(self, combatant_id: str) -> None: ...

    def ask(self, screen: Screen[Any], then: Callable[[Any], None]) -> None: ...

    def set_status(self, message: str | Text, error: bool = False, hint: bool = False) -> None: ...

    def run_command(self, command: cmd.Command) -> list[LogEntry] | None: ...

    def refresh_views(self) -> None: ...

    def reload_views(self) -> None: ...

    def refresh_bindings(self) -> None: ...

    def apply_size(self) -> None: ...

    def drop_typed_ahead(self) -> int: ...

    def is_on_top(self) -> bool: ...

    def query_one(self, selector: type[W]) -> W: ...
