"""Map modes: move with reach and path preview, look (line of sight and
cover to the cursor), and area templates that list who they hit.

A mixin of :class:`tui.screens.encounter.screen.EncounterScreen`. The map posts cursor messages;
this module answers them according to the map's mode.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text

from core.combat import commands as cmd
from core.board.battlefield import readout
from core.values.combatant import Combatant
from core.errors import RulesError
from core.board.geometry import DIRECTIONS, distance as geometry_distance, cover_between, large_cone, line, line_of_sight, radius, small_cone, zone
from core.board.grid import Cell
from core.offers import base as core_offers
from core.dice.notation import parse_attack
from core.offers.odds_map import best_cells, odds_map
from tui.rendering.describe import modifiers_text, percent, preview_text
from core.board.movement import Reach
from core.offers.base import Offer
from tui.screens.choice import ChoiceScreen
from tui.rendering.text import clean, user_text
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker

BRUSHES = ("ground", "wall", "tree", "boulder", "rock", "water", "swamp", "bush", "deep_water")  # keys 1..9

SHAPES = (
    ("radius", "Radius N: a (2N+1) square (EQ-MAP-1)"),
    ("zone", "Zone W*H, either way round (EQ-MAP-2)"),
    ("small_cone", "Small cone, 90 degrees, length 3 (EQ-GEN-3)"),
    ("large_cone", "Large cone, 90 degrees, length 6 (EQ-GEN-3)"),
    ("line", "Line from the origin (N cells)"),
)


@dataclass(frozen=True)
class Template:
    """An area being placed: ``shape``, ``size`` (radius, length or W of a
    W*H zone with ``height``), ``facing`` index into DIRECTIONS, ``origin``."""

    shape: str
    size: int
    facing: int = 2
    height: int = 3
    origin: Cell = (0, 0)

    def cells(self, cursor: Cell, grid) -> frozenset[Cell]:
        direction = DIRECTIONS[self.facing % 8]
        if self.shape == "radius":
            area = radius(cursor, self.size, grid)
        elif self.shape == "zone":
            area = zone(cursor, self.size, self.height, rotated=self.facing % 2 == 1, grid=grid)
        elif self.shape == "small_cone":
            area = small_cone(cursor, direction, grid)
        elif self.shape == "large_cone":
            area = large_cone(cursor, direction, grid)
        else:
            far = (cursor[0] + direction[0] * self.size, cursor[1] + direction[1] * self.size)
            area = line(cursor, far, self.size, grid)
        return frozenset(area.cells)

    def label(self) -> str:
        facing = "N NE E SE S SW W NW".split()[self.facing % 8]
        return {
            "radius": f"radius {self.size}",
            "zone": f"zone {self.size}*{self.height}" if self.facing % 2 == 0 else f"zone {self.height}*{self.size}",
            "small_cone": f"small cone facing {facing}",
            "large_cone": f"large cone facing {facing}",
            "line": f"line of {self.size} facing {facing}",
        }[self.shape]


class MapTools:
    """Needs ``state``, ``session``, ``selected``, ``run_command``, ``set_status`` from the screen."""

    _template: Template | None = None
    _placing: str = ""
    _reach: Reach | None = None
    _odds: dict = {}  # cell -> core.offers.odds_map.CellOdds while moving with a target selected  # the move being previewed: the cursor follows its paths

    # -- move ------------------------------------------------------------------
    def action_move(self) -> None:
        mover = self._combatant(self.state.current)
        if mover is None:
            self.set_status("Nobody's turn yet: start combat (. menu), or place tokens with P.", error=True)
            return
        if mover.position is None:
            self.selected = mover.id
            self.action_place()
            return
        self._reach = core_offers.move_reach(self.state, self.session.encounter.ruleset, mover.id)
        self._start(mover.position, "move", self._reach.costs)
        target = self._combatant(self.selected)
        hint = self._show_odds(mover, target) if target is not None and target.id != mover.id else ""
        self.set_status(Text("Move ") + user_text(mover.name, "bold") + Text(f": arrows/hjkl/yubn, Enter to move, Esc to cancel. {mover.budget.movement} movement left.{hint}"))

    def _show_odds(self, mover: Combatant, target: Combatant) -> str:
        """Shade the reachable cells by the chance to hit ``target`` from
        there (the odds map), with the weapon last typed for ``mover`` in
        the attack dialog (else unarmed); returns a line for the status."""
        text = self.last_weapons.get(mover.id, "")
        try:
            weapon = parse_attack(text).weapon
            found = odds_map(self.state, self.session.encounter.ruleset, mover.id, target.id, weapon, self._reach.costs)
        except RulesError as problem:
            return f" No odds map: {clean(str(problem))}."
        self._odds = found
        grid_map = self.query_one(GridMap)
        grid_map.odds = {cell: float(o.hit) for cell, o in found.items()}
        grid_map.best = best_cells(found)
        grid_map.refresh()
        return f" Shaded: chance to hit {clean(target.name)} with {clean(text.strip() or 'an unarmed strike')} (** best)."

    def _move_preview(self, mover: Combatant, cell: Cell) -> Text:
        grid_map = self.query_one(GridMap)
        if self._reach is None:
            return Text("No move is being previewed.", style="yellow")
        shown = core_offers.preview_move(self.state, self.session.encounter.ruleset, self._reach, mover.id, cell)
        if shown.cost is None:
            grid_map.mark(path=frozenset())
            return Text(f"({cell[0]}, {cell[1]}): {clean(shown.refusal or 'no path')}; " + ", ".join(shown.notes), style="yellow")
        grid_map.mark(path=frozenset(shown.path[:-1]))
        unit = shown.unit[:-1] if shown.cost == 1 and shown.unit.endswith("s") else shown.unit
        line = Text(f"({cell[0]}, {cell[1]}): costs {shown.cost} {unit}, {', '.join(shown.notes)}", style="green")
        odds = self._odds.get(tuple(cell))
        if odds is not None:
            line.append(f"; to hit: {clean(odds.refusal)}" if odds.refusal else f"; to hit {percent(float(odds.hit))}")
            line.append_text(modifiers_text(odds.modifiers))
        return line

    # -- any offer that needs a cell (core.offers.base.Need.CELL) ---------------------
    _offer: Offer | None = None

    def pick_offer_cell(self, offer: Offer) -> None:
        """Pick the cell of ``offer`` with the map cursor; the status line
        previews its command at each cell (odds, refusal), Enter does it."""
        who = self._combatant(offer.actor or offer.target or self.state.current)
        grid = self.state.grid
        start = who.position if who is not None and who.position is not None else (grid.width // 2, grid.height // 2)
        self._offer = offer
        self._start(start, "offer")
        self.set_status(Text(clean(offer.label)) + Text(": move the cursor to the cell, Enter to do it, Esc to cancel."))

    def _offer_preview(self, cell: Cell) -> Text:
        where = Text(f"({cell[0]}, {cell[1]}): ")
        try:
            command = self._offer.command(cell)
        except RulesError as problem:
            return where + Text(clean(str(problem)), style="yellow")
        return where + preview_text(core_offers.preview(self.state, self.session.encounter.ruleset, command))

    # -- place (GM) ------------------------------------------------------------
    def action_place(self) -> None:
        who = self._combatant(self.selected)
        if who is None:
            self.set_status("Select a combatant first.", error=True)
            return
        grid = self.state.grid
        start = who.position or (grid.width // 2, grid.height // 2)
        self._placing = who.id
        self._start(start, "place")
        self.set_status(Text("Place ") + user_text(who.name, "bold") + Text(": move the cursor to a free cell, Enter puts it there (no movement spent), Esc cancels."))

    # -- paint (map editing) ------------------------------------------------------
    _brush: str = "wall"

    def action_paint(self) -> None:
        grid = self.state.grid
        owner = self._combatant(self.selected)
        start = owner.position if owner and owner.position else (grid.width // 2, grid.height // 2)
        self._start(start, "paint")
        self._paint_status()

    def _paint_status(self) -> None:
        choices = "  ".join(f"{n} {t}" for n, t in enumerate(BRUSHES, start=1))
        self.set_status(Text(f"Brush: {self._brush}. Enter or space paints the cursor's cell; {choices}; Esc ends."))

    def on_grid_map_brush_chosen(self, message: GridMap.BrushChosen) -> None:
        if 1 <= message.number <= len(BRUSHES):
            self._brush = BRUSHES[message.number - 1]
        self._paint_status()

    # -- look --------------------------------------------------------------------
    def action_look(self) -> None:
        viewer = self._combatant(self.selected) or self._combatant(self.state.current)
        if viewer is None or viewer.position is None:
            self.set_status("Select a combatant on the map first.", error=True)
            return
        self._start(viewer.position, "look")
        self.set_status(Text("Look from ") + user_text(viewer.name, "bold") + Text(": move the cursor; line of sight and cover show here. Esc ends."))

    def _look_readout(self, viewer: Combatant, cell: Cell) -> Text:
        grid, combatants = self.state.grid, self.state.combatants
        target = next((c for c in combatants if c.position == cell and c.id != viewer.id), None)
        where = f"({cell[0]}, {cell[1]})"
        if target is not None:
            found = readout(grid, viewer, target, combatants, self.session.encounter.ruleset.settings)
            seen = found.sight
            text = user_text(target.name, "bold") + Text(f" {where}, {found.distance} cell{'s' if found.distance != 1 else ''}")
            if found.altitude:
                text.append(f", {abs(found.altitude)} {'up' if found.altitude > 0 else 'down'}")
            text.append(": ")
            if not seen.visible:
                text.append(f"no line of sight ({clean(seen.reason or 'blocked')})", style="red")
            else:
                text.append("in sight", style="green")
                text.append(f", {seen.cover.value} cover" if seen.cover.value != "none" else ", no cover")
            if found.flanks:
                text.append(", flanked: advantage (TAC-POS-2)", style="bold")
            if found.melee is not None and found.melee.rule:
                text.append(f", out of melee reach ({found.melee.rule})", style="yellow")
            return text
        if viewer.position is None:
            return Text(where)
        distance = geometry_distance(viewer.position, cell)
        visible = line_of_sight(grid, viewer.position, cell)
        text = Text(f"{where} {grid.terrain(cell).name}, {distance} cell{'s' if distance != 1 else ''}: ")
        if visible:
            cover = cover_between(grid, viewer.position, cell, combatants, (viewer.id,))
            text.append("in sight", style="green")
            text.append(f", {cover.value} cover" if cover.value != "none" else ", no cover")
        else:
            text.append("no line of sight", style="red")
        return text

    # -- areas -------------------------------------------------------------------
    def action_area(self) -> None:
        origin_owner = self._combatant(self.selected) or self._combatant(self.state.current)
        origin = origin_owner.position if origin_owner and origin_owner.position else (self.state.grid.width // 2, self.state.grid.height // 2)

        def chosen(shape: str) -> None:
            size = {"radius": 1, "zone": 3, "line": 6}.get(shape, 0)
            self._template = Template(shape, size, origin=origin)
            self._start(origin, "area")
            self._area_update(origin)

        self.ask(ChoiceScreen("Area template", list(SHAPES)), chosen)

    def _area_update(self, cell: Cell) -> None:
        template = self._template
        if template is None:
            return
        cells = template.cells(cell, self.state.grid)
        self.query_one(GridMap).mark(area=cells)
        hit = [c for c in self.state.combatants if c.position is not None and any(p in cells for p in c.cells)]
        text = Text(f"{template.label()}: {len(cells)} cells; ")
        if hit:
            text.append("hits ")
            for index, combatant in enumerate(hit):
                if index:
                    text.append(", ")
                text.append_text(user_text(combatant.name, "bold"))
        else:
            text.append("hits nobody")
        text.append("   (r rotate, +/- size, A marks them, Esc ends)", style="italic")
        self.set_status(text)

    def on_grid_map_template_changed(self, message: GridMap.TemplateChanged) -> None:
        template = self._template
        grid_map = self.query_one(GridMap)
        if template is None or grid_map.cursor is None:
            return
        size = template.size + message.grow
        if template.shape in ("small_cone", "large_cone") and message.grow:
            shape = "large_cone" if message.grow > 0 else "small_cone"
            self._template = replace(template, shape=shape, facing=(template.facing + message.turn) % 8)
            self._area_update(grid_map.cursor)
            return
        if template.shape == "radius":
            size = max(0, size)
        elif template.shape in ("zone", "line"):
            size = max(1, size)
        self._template = replace(template, size=size, facing=(template.facing + message.turn) % 8)
        self._area_update(grid_map.cursor)

    # -- the map's messages ----------------------------------------------------------
    def _start(self, cell: Cell, mode: str, reach: dict[Cell, int] | None = None) -> None:
        self.query_one(GridMap).start_pick(cell, reach, mode)
        self.refresh_bindings()

    def on_grid_map_cursor_moved(self, message: GridMap.CursorMoved) -> None:
        mode = self.query_one(GridMap).mode
        if mode == "move":
            mover = self._combatant(self.state.current)
            if mover is not None:
                self.set_status(self._move_preview(mover, message.cell))
        elif mode == "look":
            viewer = self._combatant(self.selected) or self._combatant(self.state.current)
            if viewer is not None:
                self.set_status(self._look_readout(viewer, message.cell))
        elif mode == "area":
            self._area_update(message.cell)
        elif mode == "offer" and self._offer is not None:
            self.set_status(self._offer_preview(message.cell))
        elif mode == "place":
            terrain = self.state.grid.terrain(message.cell)
            holder = next((c for c in self.state.combatants if message.cell in c.cells and c.id != self._placing), None)
            where = f"({message.cell[0]}, {message.cell[1]}) {terrain.name}"
            self.set_status(f"{where}: taken by {clean(holder.name)}" if holder else f"{where}: Enter places here" if not terrain.blocks_movement else f"{where}: blocked")

    def on_grid_map_cell_picked(self, message: GridMap.CellPicked) -> None:
        grid_map = self.query_one(GridMap)
        if grid_map.mode == "paint":
            self.run_command(cmd.PaintTerrain((message.cell,), self._brush))
            return
        if grid_map.mode == "place":
            if self.run_command(cmd.Place(self._placing, message.cell)) is not None:
                self._end_pick()
            return
        if grid_map.mode == "offer" and self._offer is not None:
            try:
                command = self._offer.command(message.cell)
            except RulesError as problem:
                self.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            if self.run_command(command) is not None:
                self._end_pick()
            return
        if grid_map.mode != "move":
            self._end_pick()
            self.set_status("Done.")
            return
        mover = self._combatant(self.state.current)
        if mover is not None and self.run_command(cmd.Move(mover.id, message.cell)) is not None:
            self._end_pick()

    def on_grid_map_pick_cancelled(self, message: GridMap.PickCancelled) -> None:
        mode = message.mode
        self._end_pick()
        self.set_status("Move cancelled." if mode == "move" else "Place cancelled." if mode == "place" else "Done.")

    def on_grid_map_cell_clicked(self, message: GridMap.CellClicked) -> None:
        for combatant in self.state.combatants:
            if combatant.position == message.cell:
                self.select(combatant.id)
                return

    def _end_pick(self) -> None:
        self._template = None
        self._reach = None
        self._odds = {}
        self._offer = None
        self.query_one(GridMap).stop_pick()
        self.query_one(InitiativeTracker).focus()
        self.refresh_bindings()
