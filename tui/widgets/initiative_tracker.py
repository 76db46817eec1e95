"""The initiative tracker: turn order, initiative, HP and what is left.

A line pane (``tui/widgets/lines.py``): a next-turn key repaints the
marker and the cells that changed, not the table. With more combatants
than rows, the window of rows jumps half a page when the selection leaves
it, so walking the order repaints the rows only now and then.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.events import Click, MouseScrollDown, MouseScrollUp
from textual.message import Message
from textual.strip import Strip

from core.values.clock import clock_label, now_seconds
from core.values.scene_events import SceneEvent
from core.combat.state import EncounterState
from core.values.combatant import Combatant
from core.values.scene_events import scene_events_ahead
from tui.rendering.text import clean
from tui.widgets.lines import LinePane, paging_bindings, text_lines
from tui.widgets.tracker_cells import (BAND_SHORT, BAND_STYLE, COLUMNS, SCENE_ROW, WIDE_COLUMNS, WIDE_TRACKER, Kinds, all_use_badges,
                                       breath_badge, budget_text, condition_badges, hp_text, left_shown, name_with_badges, reminder_badge,
                                       ride_badge, scene_row, use_badges)


class InitiativeTracker(LinePane, can_focus=True):
    """A header and one row per combatant in turn order; the highlighted
    row is the selected combatant (up/down/home/end/page keys, or a click)."""

    BINDINGS = paging_bindings("move", 10)
    COMPONENT_CLASSES = {"initiative-tracker--header", "initiative-tracker--cursor", "initiative-tracker--cursor-blurred"}
    DEFAULT_CSS = """
    InitiativeTracker > .initiative-tracker--header { text-style: bold; }
    InitiativeTracker > .initiative-tracker--cursor { background: $block-cursor-background; color: $block-cursor-foreground; text-style: bold; }
    InitiativeTracker > .initiative-tracker--cursor-blurred { background: $block-cursor-blurred-background; }
    """

    class CombatantSelected(Message):
        """The GM highlighted the combatant with id ``combatant_id``."""

        def __init__(self, combatant_id: str) -> None:
            super().__init__()
            self.combatant_id = combatant_id

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._order: list[str] = []
        self._row_at: dict[str, int] = {}  # row id -> its index in _order
        self._rows_of: tuple[object, tuple[SceneEvent, ...]] = (None, ())  # (the order index, the scene rows) _order was made from
        self._name_width = 0
        self._last: tuple | None = None
        self._kinds: Kinds = ()
        self._columns: tuple[tuple[str, int], ...] = COLUMNS
        self._row_cache: dict[str, tuple] = {}
        self._cells: dict[str, tuple[Text, ...]] = {}  # row id -> cells, of the rows made since the last show
        self._scenes: dict[str, SceneEvent] = {}  # row id -> scene event, of the state last shown
        self._next_id: str | None = None  # whose turn is next, in the state last shown
        self._state: EncounterState | None = None
        self._strips: dict[str, tuple] = {}  # id -> (cells, (cursor style, width), drawn row)
        self._component_styles_kept: dict[str, tuple[object, tuple, Style]] = {}  # component class -> (its styles, their key, style)
        self._header: tuple[tuple | None, Strip | None] = (None, None)  # (columns, widths, style), the header's line
        self._selected: str | None = None
        self._first = 0  # index of the first row in view
        self.marked: frozenset[str] = frozenset()
        """Ids marked for one action on all of them (shown as ``*`` before the name)."""
        self.note = ""
        """A few characters after the round in the title (the forecast's ``win 72%``)."""
        self._round_text = ""
        self._round_short: tuple[str, ...] = ()  # shorter round texts, longest first, for a narrow title
        self.bands: dict[str, str] = {}
        """id -> a health band word shown instead of hit points (the players' view of foes)."""

    # -- what tests and the app read ------------------------------------------
    @property
    def first_row(self) -> int:
        """Index of the first row in view (a test hook)."""
        return self._first

    @property
    def row_count(self) -> int:
        return len(self._order)

    def row_cells(self, combatant_id: str) -> tuple[Text, ...]:
        """The cells of a combatant's row: turn marker, initiative, name
        with condition badges, HP, actions and movement left; from
        :data:`WIDE_TRACKER` columns the conditions and the uses follow in
        cells of their own (and leave the name's). Made when first asked
        for after a :meth:`show` (a row in view, or a test's); raises
        ``KeyError`` for an id not in the order shown."""
        cells = self._cells.get(combatant_id)
        if cells is None:
            cells = self._cells[combatant_id] = self._make_cells(combatant_id)
        return cells

    def _make_cells(self, row_id: str) -> tuple[Text, ...]:
        """The cells of row ``row_id`` in the state last shown: a scene
        event's, or a combatant's, reused while nothing it shows changed."""
        scene = self._scenes.get(row_id)
        if scene is not None:
            return scene_row(scene, self._name_width)
        state, next_id = self._state, self._next_id
        if state is None or not state.has(row_id):
            raise KeyError(row_id)
        combatant = state.combatant(row_id)  # the state's index: no scan of a crowd
        key = (combatant, combatant.id == state.current, left_shown(state, combatant.id), self._name_width, self._kinds, self.bands.get(combatant.id), combatant.id in self.marked,
               combatant.id == next_id, len(self._columns))
        cached = self._row_cache.get(combatant.id)
        if cached is None or cached[:-1] != key:
            cached = (*key, self._row(combatant, state, combatant.id == next_id))
            self._row_cache[combatant.id] = cached
        return cached[-1]

    def content_rows(self) -> int:
        return 1 + len(self._order)

    # -- drawing ---------------------------------------------------------------
    def on_resize(self) -> None:
        if self._last is not None:
            self.show(*self._last)

    def _looks_focused(self) -> bool:
        """The focused cursor: the screen's focus is here (read from the
        screen: :meth:`on_focus` runs before Textual sets ``has_focus``,
        which drew the cursor a focus change late)."""
        return self.is_attached and self.screen.focused is self

    def on_focus(self) -> None:
        self._draw(self.content_size.width)  # the cursor's colour changes with focus

    def on_blur(self) -> None:
        self._draw(self.content_size.width)

    def show(self, state: EncounterState, selected: str | None, kinds: Kinds = (), marked: frozenset[str] = frozenset(),
             next_id: str | None = None, scene_events: tuple[SceneEvent, ...] | None = None) -> None:
        """Draw ``state``'s order with ``selected`` highlighted; ``kinds``
        are the ruleset's per-turn action kinds (id, letter) shown in the
        Left column; ``marked`` ids get a ``*`` before the name (key space).
        ``next_id``: whose turn is next (``›`` in the marker column: a
        cell, so that a turn change repaints two rows, not the pane);
        ``scene_events`` (default: ``state``'s that may still fire, a spent
        once-only one left out) are rows of their own at their counts,
        which the selection steps over."""
        self._kinds = kinds[:3]
        self._last = (state, selected, kinds, marked, next_id, scene_events)
        self.marked = marked
        width = self.content_size.width
        self._columns = WIDE_COLUMNS if width >= WIDE_TRACKER else COLUMNS
        self._name_width = max(8, width - sum(w for _, w in self._columns))
        scenes = tuple(sorted(scene_events_ahead(state) if scene_events is None else scene_events, key=lambda e: -e.initiative))
        rows_of = (state.order_index(), scenes)  # the same order (by identity) and scene rows: the same rows, not a pass over a crowd
        if rows_of[0] is None or rows_of[0] is not self._rows_of[0] or scenes != self._rows_of[1]:
            self._order = _rows(state.order(), scenes)
            self._row_at = {row: n for n, row in enumerate(self._order)}
        self._rows_of = rows_of
        self._selected = selected if selected in self._row_at and not selected.startswith(SCENE_ROW) else None
        self._scenes = {SCENE_ROW + e.id: e for e in scenes}
        self._next_id, self._state = next_id, state
        self._cells = {}  # filled for the rows in view (and those asked for): not a row per combatant per key
        round_text = f"Round {state.round}" if state.round else "Not started"
        self._round_short = (f"R{state.round}",) if state.round else ()
        if state.clock.seconds or state.trainings:  # the in-game clock, once the GM uses it (T)
            self._round_short = (round_text,) + self._round_short
            round_text += f" \u00b7 {clock_label(now_seconds(state), with_seconds=False)}"  # the round says the rest
        self._round_text = round_text
        self._show_title()
        self._scroll_to_selected()
        self._draw(width)

    def set_note(self, note: str) -> None:
        """Put ``note`` after the round in the title ("" takes it away)."""
        self.note = note
        self._show_title()

    def _show_title(self) -> None:
        """The round (and clock) then the note; where the border is too
        narrow for both, the round is shortened first (``Round 2`` without
        the clock, then ``R2``, then nothing) so the note (the party's
        chance) stays whole."""
        title = f"{self._round_text} · {self.note}" if self.note and self._round_text else self._round_text
        room = self.size.width - 4  # the border's corners and a blank each side (Textual's border label)
        if self.note and room > 0 and len(title) > room:
            shorter = [f"{short} · {self.note}" for short in self._round_short] + [self.note]
            title = next((text for text in shorter if len(text) <= room), self.note)
        if self.border_title != title:  # setting it repaints the border, even unchanged
            self.border_title = title

    def _visible_rows(self) -> int:
        return max(1, self.content_size.height - 1)

    def _scroll_to_selected(self) -> None:
        if self._selected is not None:
            visible, index = self._visible_rows(), self._row_at[self._selected]
            if not self._first <= index < self._first + visible:
                self._first = index - visible // 2  # jump half a page, not a row at a time
        self._clamp_first()

    def _clamp_first(self) -> None:
        """Keep the window of rows on the order, and say under the rows
        (``↑3 ↓12``) how many are out of view each way."""
        visible = self._visible_rows()
        self._first = min(max(0, self._first), max(0, len(self._order) - visible))
        below = len(self._order) - visible - self._first
        subtitle = " ".join(part for part in (f"\u2191{self._first}" if self._first else "", f"\u2193{below}" if below > 0 else "") if part)
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    def _draw(self, width: int) -> None:
        if width <= 0:
            return
        header_style = self._component_style("initiative-tracker--header")
        key = (self._columns, self._name_width, width, header_style)
        if self._header[0] != key:  # the same header line a key after another: not made again
            header = Text("".join(title.ljust(w or self._name_width) for title, w in self._columns))
            header.stylize(header_style)
            self._header = (key, text_lines(header, width, wrap=False)[0])
        lines = [self._header[1]]
        cursor = self._component_style("initiative-tracker--cursor" if self._looks_focused() else "initiative-tracker--cursor-blurred")
        for cid in self._order[self._first : self._first + self._visible_rows()]:
            cells, style = self.row_cells(cid), cursor if cid == self._selected else None
            cached = self._strips.get(cid)
            if cached is None or cached[0] is not cells or cached[1] != (style, width):
                line = Text()
                for (_, column_width), cell in zip(self._columns, cells):
                    cell = cell.copy()
                    cell.truncate(column_width or self._name_width, pad=True)
                    line.append_text(cell)
                if style is not None:
                    line.stylize(style)
                cached = self._strips[cid] = (cells, (style, width), text_lines(line, width, wrap=False)[0])
            lines.append(cached[2])
        self.set_lines(lines)

    def _component_style(self, name: str) -> Style:
        """The partial Rich style of component class ``name``, kept while its
        CSS and the pane's pseudo-classes stay as they are: Textual drops its
        own copy on every ``refresh()``, which each key's rows make, and
        builds it again from the CSS (two a key, a tenth of the tracker's time)."""
        styles = self._component_styles[name]  # a new object each time the CSS is applied again (a theme, a class)
        key = (self._pseudo_classes_cache_key, styles._cache_key)
        kept = self._component_styles_kept.get(name)
        if kept is None or kept[0] is not styles or kept[1] != key:
            kept = self._component_styles_kept[name] = (styles, key, self.get_component_rich_style(name, partial=True))
        return kept[2]

    def _row(self, combatant, state: EncounterState, is_next: bool = False) -> tuple[Text, ...]:
        is_current = combatant.id == state.current
        name_style = "bright_black strike" if combatant.defeated else "bold" if is_current else ""
        marker = Text(">", style="bold reverse") if is_current else Text("\u203a", style="bold") if is_next else Text(" ")
        # a due reminder first (a GM's try-out lost it behind the
        # name at 80 columns); then who rides whom, the air left (EQ-BRE-1),
        # conditions and limited uses.
        wide = self._columns is WIDE_COLUMNS
        badges = [reminder_badge(combatant), ride_badge(state, combatant), breath_badge(combatant, state.round)]
        if not wide:
            badges += [condition_badges(combatant), *use_badges(combatant)]
        mark = Text("*", style="bold reverse yellow") if combatant.id in self.marked else Text(" ")
        name = mark + name_with_badges(clean(combatant.name), badges, self._name_width - 1, name_style)
        band = self.bands.get(combatant.id)
        hp = hp_text(combatant) if band is None else Text(BAND_SHORT.get(band, band)[:7], style=BAND_STYLE.get(band, ""))
        hp.pad_left(7 - hp.cell_len)
        has_a_budget = bool(combatant.budget.actions) or combatant.budget.movement_max > 0
        left = Text(" ") + budget_text(combatant, self._kinds) if has_a_budget and left_shown(state, combatant.id) else Text("")
        initiative = "--" if combatant.initiative is None else str(combatant.initiative)
        if wide:
            return (marker, Text(initiative.rjust(3)), name, hp, left, Text(" ") + condition_badges(combatant), Text(" ") + all_use_badges(combatant))
        return (marker, Text(initiative.rjust(3)), name, hp, left)

    # -- keys and mouse --------------------------------------------------------
    def _choose(self, index: int, step: int = 0) -> None:
        """Select the row at ``index``; a scene event's row is stepped over
        by ``step`` (the direction of the move; 0: a click, which selects nothing there)."""
        if not self._order:
            return
        index = min(max(0, index), len(self._order) - 1)
        while self._order[index].startswith(SCENE_ROW):
            if not step or not 0 <= index + step < len(self._order):
                return
            index += step
        chosen = self._order[index]
        if chosen != self._selected:
            self.post_message(self.CombatantSelected(chosen))

    def action_move(self, rows: int) -> None:
        current = self._row_at.get(self._selected, 0) if self._selected is not None else 0
        target = min(max(0, current + rows), len(self._order) - 1)
        step = 1 if rows > 0 else -1
        if self._order and self._order[target].startswith(SCENE_ROW) and not any(
                not r.startswith(SCENE_ROW) for r in self._order[target::step] if r):
            step = -step  # only scene rows beyond: the last creature that way
        self._choose(target, step)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.y >= 1:
            index = self._first + offset.y - 1
            if index < len(self._order):
                self._choose(index)

    def _scroll(self, rows: int) -> None:
        self._first += rows
        self._clamp_first()
        self._draw(self.content_size.width)

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        event.stop()
        self._scroll(3)

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        event.stop()
        self._scroll(-3)


def _rows(order: tuple[Combatant, ...], scenes: tuple[SceneEvent, ...]) -> list[str]:
    """The tracker's row ids: ``order`` with each scene event (``scenes``,
    highest count first) at its count, above the creatures it comes before,
    those left after every creature with an initiative."""
    rows: list[str] = []
    waiting = list(scenes)
    for c in order:
        while waiting and c.initiative is not None and waiting[0].initiative > c.initiative:
            rows.append(SCENE_ROW + waiting.pop(0).id)
        if c.initiative is None and waiting:
            rows.extend(SCENE_ROW + e.id for e in waiting)
            waiting = []
        rows.append(c.id)
    rows.extend(SCENE_ROW + e.id for e in waiting)
    return rows
