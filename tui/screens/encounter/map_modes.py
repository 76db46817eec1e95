"""Map modes: move with reach and path preview, look (line of sight and
cover to the cursor), and area templates that list who they hit.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`). The map posts cursor messages;
this module answers them according to the map's mode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from core.combat import commands as cmd
from core.values.combatant import Combatant
from core.errors import RulesError
from core.board.geometry.templates import Template, shapes
from core.board.edges import Feature, Side
from core.board.grid import Cell
from core.board.water import water_depth
from core.offers import base as core_offers
from core.dice.notation import parse_attack
from tui.rendering.describe import modifiers_text, preview_text
from tui.rendering.look import cell_sides, look_readout
from core.dice.checks import tier_chances
from tui.rendering.odds import odds_words
from core.offers.base import Offer
from tui.screens.choice import ChoiceScreen
from tui.rendering.text import clean, user_text
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.screens.encounter.context import ScreenContext

if TYPE_CHECKING:
    from core.board.movement import Reach  # the search itself loads with the first m

BRUSHES = ("ground", "wall", "tree", "boulder", "rock", "water", "swamp", "bush", "deep_water")  # keys 1..9
#: What the brush puts on a cell's side (e cycles; shift+arrow or H J K L paints): None clears.
#: The ceilings c steps through, in cells (None: open sky; below 3 nobody flies, EQ-MOV-3).
CEILINGS: tuple[int | None, ...] = (None, 3, 6, 2)
SIDE_BRUSHES: tuple[Feature | None, ...] = (Feature.WALL, Feature.DOOR_CLOSED, Feature.DOOR_LOCKED, Feature.DOOR_OPEN, Feature.WINDOW, None)

MOVE_KEYS = Text(" · Enter moves, Esc cancels")  # each preview line ends with what Enter and Esc do

class MapModes:
    """``MapModes(ctx)``: the map's cursor modes (move m, place P, paint B,
    look x, area z, an offer's cell) and the map's messages while one is out."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx
        self.template: Template | None = None
        """The area being placed (z)."""
        self.placing = ""
        """Id of the combatant being placed (P)."""
        self.reach: Reach | None = None
        """The move being previewed (m): the cursor follows its paths."""
        self.odds: dict = {}
        """Cell -> :class:`core.offers.odds_map.CellOdds` while moving with a target selected."""
        self.offer: Offer | None = None
        """The offer whose cell is being picked."""
        self.brush = "wall"
        """The terrain the brush paints (B, then 1-9)."""
        self.side_brush: Feature | None = Feature.WALL
        """What the brush puts on a cell's side (B, then e; shift+arrow paints)."""
        self.last_weapons: dict[str, str] = {}
        """Combatant id -> what was last typed in its attack dialog: a saved
        attack's number or name, or a weapon (the odds map uses it; empty: the best saved attack)."""
        self._grid_map: GridMap | None = None

    @property
    def grid_map(self) -> GridMap:
        """The screen's map pane, looked up once (the screen keeps one for
        its life): each cursor move of a move preview asks for it."""
        if self._grid_map is None:
            self._grid_map = self.ctx.query_one(GridMap)
        return self._grid_map

    # -- move ------------------------------------------------------------------
    def action_move(self) -> None:
        mover = self.ctx.combatant(self.ctx.state.current)
        if mover is None:
            self.ctx.set_status("Nobody's turn yet: start combat (. menu), or place tokens with P.", error=True)
            return
        if mover.position is None:
            self.ctx.selected = mover.id
            self.action_place()
            return
        self.reach = core_offers.move_reach(self.ctx.state, self.ctx.session.encounter.ruleset, mover.id)
        target = self.ctx.combatant(self.ctx.selected)
        hint = self._show_odds(mover, target) if target is not None and target.id != mover.id else ""
        self._start(mover.position, "move", self.reach.costs,
                    status=Text("Move ") + user_text(mover.name, "bold") + Text(f": arrows/hjkl/yubn, Enter to move, Esc to cancel. {mover.budget.movement} movement left.{hint}"))

    def _show_odds(self, mover: Combatant, target: Combatant) -> str:
        """Shade the reachable cells by the chance to hit ``target`` from
        there (the odds map): with the saved attack or the weapon last typed
        for ``mover`` in the attack dialog, else with the best of its saved
        attacks in each cell (its unarmed strike when it has none); returns
        a line for the status."""
        from core.offers.odds_map import best_cells, odds_map  # the odds map: loads with the first move at a target
        from core.offers.saved_attacks import pick_saved_attack, saved_odds_map, sheet_attacks  # loads with the first move

        text = self.last_weapons.get(mover.id, "")
        ruleset = self.ctx.session.encounter.ruleset
        attacks = sheet_attacks(mover)
        try:
            index = pick_saved_attack(text, attacks) if text.strip() else None
            if text.strip() and index is None:  # a weapon typed out
                found = odds_map(self.ctx.state, ruleset, mover.id, target.id, parse_attack(text, ruleset.stat_names).weapon, self.reach.costs)
                shown = clean(text.strip())
            else:
                chosen = attacks if index is None else attacks[index:index + 1]
                found = saved_odds_map(self.ctx.state, ruleset, mover.id, target.id, self.reach.costs, chosen)
                shown = clean(chosen[0].name) if len(chosen) == 1 else "the best of its attacks"
        except RulesError as problem:
            return f" No odds map: {clean(str(problem))}."
        self.odds = found
        grid_map = self.grid_map
        grid_map.show_odds({cell: float(o.hit) for cell, o in found.items()}, best_cells(found))
        if any(tier_chances(o.tiers) for o in found.values()):  # PR-ROLL-1: tier 1 deals damage too; the shade is tier 2 or better
            return f" Shaded: chance of tier 2 or 3 against {clean(target.name)} with {shown} (** best); a cell's line gives every tier."
        return f" Shaded: chance to hit {clean(target.name)} with {shown} (** best)."

    def move_preview(self, mover: Combatant, cell: Cell) -> Text:
        grid_map = self.grid_map
        if self.reach is None:
            return Text("No move is being previewed.", style="yellow")
        shown = core_offers.preview_move(self.ctx.state, self.ctx.session.encounter.ruleset, self.reach, mover.id, cell)
        if shown.cost is None:
            grid_map.mark(path=frozenset())
            return Text(f"({cell[0]}, {cell[1]}): {clean(shown.refusal or 'no path')}; " + ", ".join(shown.notes), style="yellow") + MOVE_KEYS
        grid_map.mark(path=frozenset(shown.path[:-1]))
        unit = shown.unit[:-1] if shown.cost == 1 and shown.unit.endswith("s") else shown.unit
        line = Text(f"({cell[0]}, {cell[1]}): costs {shown.cost} {unit}, {', '.join(shown.notes)}", style="green")
        odds = self.odds.get(tuple(cell))
        if odds is not None:
            line.append(f"; to hit: {clean(odds.refusal)}" if odds.refusal else f"; {odds_words(float(odds.hit), odds.tiers, 'to hit')}")
            if odds.attack and not odds.refusal:
                line.append(f" with {clean(odds.attack)}")
            line.append_text(modifiers_text(odds.modifiers))
        return line + MOVE_KEYS

    # -- any offer that needs a cell (core.offers.base.Need.CELL) ---------------------
    def pick_offer_cell(self, offer: Offer) -> None:
        """Pick the cell of ``offer`` with the map cursor; the status line
        previews its command at each cell (odds, refusal), Enter does it."""
        who = self.ctx.combatant(offer.actor or offer.target or self.ctx.state.current)
        grid = self.ctx.state.grid
        start = who.position if who is not None and who.position is not None else (grid.width // 2, grid.height // 2)
        self.offer = offer
        self._start(start, "offer", status=Text(clean(offer.label)) + Text(": move the cursor to the cell, Enter to do it, Esc to cancel."))

    def _offer_preview(self, cell: Cell) -> Text:
        where = Text(f"({cell[0]}, {cell[1]}): ")
        try:
            command = self.offer.command(cell)
        except RulesError as problem:
            return where + Text(clean(str(problem)), style="yellow")
        return where + preview_text(core_offers.preview(self.ctx.state, self.ctx.session.encounter.ruleset, command))

    # -- place (GM) ------------------------------------------------------------
    def action_place(self) -> None:
        who = self.ctx.combatant(self.ctx.selected)
        if who is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        grid = self.ctx.state.grid
        start = who.position or (grid.width // 2, grid.height // 2)
        self.placing = who.id
        self._start(start, "place", status=Text("Place ") + user_text(who.name, "bold") + Text(": move the cursor to a free cell, Enter puts it there (no movement spent), Esc cancels."))

    # -- paint (map editing) ------------------------------------------------------
    def action_paint(self) -> None:
        grid = self.ctx.state.grid
        owner = self.ctx.combatant(self.ctx.selected)
        start = owner.position if owner and owner.position else (grid.width // 2, grid.height // 2)
        self._paint_status()
        self._start(start, "paint")

    def _paint_status(self) -> None:
        choices = "  ".join(f"{n} {t}" for n, t in enumerate(BRUSHES, start=1))
        side = "clear" if self.side_brush is None else self.side_brush.label
        ceiling = self.ctx.state.grid.ceiling
        sky = "open sky" if ceiling is None else f"ceiling {ceiling}"
        self.ctx.set_status(Text(f"Brush: {self.brush}; sides: {side} (e next, H J K L paint); + - ground height (on water: - deeper, + shallower), c {sky}. Enter paints the cell; {choices}; Esc ends."), hint=True)

    def ground_changed(self, message: GridMap.GroundChanged) -> None:
        """+ or -: raise or lower the cursor cell's ground by one cell
        (EQ-MAP-3), on a water cell its bottom: - one cell deeper, + one
        shallower (at least 1; :mod:`core.board.water`); c: the next ceiling of :data:`CEILINGS`."""
        grid = self.ctx.state.grid
        if message.cell is None:
            at = CEILINGS.index(grid.ceiling) if grid.ceiling in CEILINGS else -1
            done = self.ctx.run_command(cmd.SetCeiling(CEILINGS[(at + 1) % len(CEILINGS)]))
        elif grid.terrain(message.cell).depth:
            depth = water_depth(grid, message.cell, self.ctx.session.encounter.ruleset.settings) - message.step
            done = self.ctx.run_command(cmd.SetWaterDepth((message.cell,), depth))
        else:
            done = self.ctx.run_command(cmd.SetGround((message.cell,), grid.elevation_at(message.cell) + message.step))
        if done is not None:  # a refusal stays on the status line
            self._paint_status()

    def side_painted(self, message: GridMap.SidePainted) -> None:
        """e: the next side brush; shift+arrow: paint the cursor cell's side that way."""
        from core.combat.door_commands import PaintEdges  # the door commands: load with the first painted side

        if message.cell is None:
            at = SIDE_BRUSHES.index(self.side_brush)
            self.side_brush = SIDE_BRUSHES[(at + 1) % len(SIDE_BRUSHES)]
            self._paint_status()
            return
        (x, y), dx, dy = message.cell, message.dx, message.dy
        key = ((x if dx > 0 else x - 1, y), Side.EAST) if dx else ((x, y if dy > 0 else y - 1), Side.SOUTH)
        self.ctx.run_command(PaintEdges((key,), self.side_brush))

    def brush_chosen(self, message: GridMap.BrushChosen) -> None:
        if 1 <= message.number <= len(BRUSHES):
            self.brush = BRUSHES[message.number - 1]
        self._paint_status()

    # -- look --------------------------------------------------------------------
    def action_look(self) -> None:
        viewer = self.ctx.combatant(self.ctx.selected) or self.ctx.combatant(self.ctx.state.current)
        if viewer is None or viewer.position is None:
            self.ctx.set_status("Select a combatant on the map first.", error=True)
            return
        self._start(viewer.position, "look", status=Text("Look from ") + user_text(viewer.name, "bold") + Text(": move the cursor; line of sight and cover show here. Esc ends."))

    # -- areas -------------------------------------------------------------------
    def action_area(self) -> None:
        origin_owner = self.ctx.combatant(self.ctx.selected) or self.ctx.combatant(self.ctx.state.current)
        origin = origin_owner.position if origin_owner and origin_owner.position else (self.ctx.state.grid.width // 2, self.ctx.state.grid.height // 2)

        settings = self.ctx.session.encounter.ruleset.settings  # EQ-GEN-3's cones, house rules included

        def chosen(shape: str) -> None:
            self.template = Template.start(shape, origin, settings)
            self._start(origin, "area")
            self._area_update(origin)

        self.ctx.ask(ChoiceScreen("Area template", list(shapes(settings))), chosen)

    def _area_update(self, cell: Cell) -> None:
        template = self.template
        if template is None:
            return
        cells = template.cells(cell, self.ctx.state.grid)
        self.grid_map.mark(area=cells)
        hit = template.hits(cell, self.ctx.state.grid, self.ctx.state.combatants)
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
        self.ctx.set_status(text, hint=True)

    def template_changed(self, message: GridMap.TemplateChanged) -> None:
        template = self.template
        grid_map = self.grid_map
        if template is None or grid_map.cursor is None:
            return
        self.template = template.changed(message.grow, message.turn)
        self._area_update(grid_map.cursor)

    # -- the map's messages ----------------------------------------------------------
    def _start(self, cell: Cell, mode: str, reach: dict[Cell, int] | None = None, status: Text | None = None) -> None:
        """The map's cursor out at ``cell`` in ``mode`` (``reach`` shaded),
        ``status`` on the status line first: a pane refreshed before the map
        takes the focus is drawn in the frame of the key; one refreshed after
        waits for the next frame while the focus restyles the panes."""
        if status is not None:
            self.ctx.set_status(status, hint=True)
        grid_map = self.grid_map
        focused = grid_map.screen.focused
        grid_map.start_pick(cell, reach, mode)
        if grid_map.screen.focused is focused:  # a focus that moved has refreshed the keys already (Screen._watch_focused)
            self.ctx.refresh_bindings()

    def cursor_moved(self, message: GridMap.CursorMoved) -> None:
        mode = self.grid_map.mode
        if mode == "move":
            mover = self.ctx.combatant(self.ctx.state.current)
            if mover is not None:
                self.ctx.set_status(self.move_preview(mover, message.cell), hint=True)
        elif mode == "look":
            viewer = self.ctx.combatant(self.ctx.selected) or self.ctx.combatant(self.ctx.state.current)
            if viewer is not None:
                self.ctx.set_status(look_readout(self.ctx.state, self.ctx.session.encounter.ruleset, viewer, message.cell) + cell_sides(self.ctx.state.grid, message.cell), hint=True)
        elif mode == "paint":
            grid = self.ctx.state.grid
            where = f"({message.cell[0]}, {message.cell[1]}) {grid.terrain(message.cell).name}, ground {grid.elevation_at(message.cell)}"
            if grid.terrain(message.cell).depth:
                where += f", {water_depth(grid, message.cell, self.ctx.session.encounter.ruleset.settings)} deep"
            self.ctx.set_status(Text(where) + (cell_sides(self.ctx.state.grid, message.cell) or Text("; sides bare")) + Text("; Enter paints, shift+arrow a side, e side brush, Esc ends"), hint=True)
        elif mode == "area":
            self._area_update(message.cell)
        elif mode == "offer" and self.offer is not None:
            self.ctx.set_status(self._offer_preview(message.cell), hint=True)
        elif mode == "place":
            terrain = self.ctx.state.grid.terrain(message.cell)
            holder = next((c for c in self.ctx.state.combatants if message.cell in c.cells and c.id != self.placing), None)
            where = f"({message.cell[0]}, {message.cell[1]}) {terrain.name}"
            self.ctx.set_status(f"{where}: taken by {clean(holder.name)}" if holder else f"{where}: Enter places here" if not terrain.blocks_movement else f"{where}: blocked", hint=True)

    def cell_picked(self, message: GridMap.CellPicked) -> None:
        grid_map = self.grid_map
        if grid_map.mode == "paint":
            self.ctx.run_command(cmd.PaintTerrain((message.cell,), self.brush))
            return
        if grid_map.mode == "place":
            if self.ctx.run_command(cmd.Place(self.placing, message.cell)) is not None:
                self.end_pick()
            return
        if grid_map.mode == "offer" and self.offer is not None:
            try:
                command = self.offer.command(message.cell)
            except RulesError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            if self.ctx.run_command(command) is not None:
                self.end_pick()
            return
        if grid_map.mode != "move":
            self.end_pick()
            self.ctx.set_status("Done.")
            return
        mover = self.ctx.combatant(self.ctx.state.current)
        if mover is not None and self.ctx.run_command(cmd.Move(mover.id, message.cell)) is not None:
            self.end_pick()

    def pick_cancelled(self, message: GridMap.PickCancelled) -> None:
        mode, offer = message.mode, self.offer
        self.end_pick()
        if mode == "offer" and offer is not None:  # a jump, a fall...: nothing was done
            self.ctx.set_status(Text("Cancelled: ") + Text(clean(offer.label)) + Text("; nothing changed."))
            return
        self.ctx.set_status("Move cancelled." if mode == "move" else "Place cancelled." if mode == "place" else "Done.")

    def cell_clicked(self, message: GridMap.CellClicked) -> None:
        """Select the creature whose token is on the clicked cell, else the big one whose footprint covers it (EQ-SIZE-1)."""
        combatants = self.ctx.state.combatants
        found = next((c for c in combatants if c.position == message.cell), None) or next((c for c in combatants if message.cell in c.cells), None)
        if found is not None:
            self.ctx.select(found.id)

    def end_pick(self) -> None:
        self.template = None
        self.reach = None
        self.odds = {}
        self.offer = None
        self.grid_map.stop_pick()
        tracker = self.ctx.query_one(InitiativeTracker)
        focused = tracker.screen.focused
        tracker.screen.set_focus(tracker)  # now, as start_pick does: the footer's keys in this frame
        if tracker.screen.focused is focused:  # a focus that moved has refreshed the keys already
            self.ctx.refresh_bindings()
