"""Every GM action in one list: key bindings, the footer, the help screen
and the command palette are all built from it, so they never disagree.

A user key map (JSON, ``{"next-turn": "space", "heal": "f2"}``) in
``keys.json`` beside the settings rebinds actions by id (read by :mod:`tui.keymap`).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING

from textual.binding import Binding

from core.rulesets.campaign_tools import TOOLS as CAMPAIGN_TOOLS, tool_on

if TYPE_CHECKING:
    from core.rulesets.base import Ruleset

# Where each action is implemented (``owner`` below): a part of the screen
# that binds the keys (one object per key group, owned by
# :class:`tui.screens.encounter.screen.EncounterScreen`, whose ``action_*``
# delegate to the part this table names), the screen itself, or the App for
# an ``app.`` action. Keys that belong to one widget only (the map's cursor,
# the log's paging) are that widget's own ``BINDINGS``.
# tests/tui/test_key_owners.py checks both.
GM = "tui.screens.encounter.gm.TurnsAndRolls"
MAP = "tui.screens.encounter.map_modes.MapModes"
COMBAT = "tui.screens.encounter.combat.CombatPart"
GROUP = "tui.screens.encounter.groups.Marks"
VIEW = "tui.screens.encounter.view.ViewToggles"
SHEET = "tui.screens.encounter.sheet_editor.SheetEditor"
MORE = "tui.screens.encounter.more.MoreMenu"
SCREEN = "tui.screens.encounter.screen.EncounterScreen"
CAMPAIGN = "tui.screens.encounter.campaign.CampaignChanges"
MAP_FILE = "tui.screens.encounter.map_files.MapFiles"
TOOLS = "tui.screens.encounter.campaign_tools.CampaignTools"
TRACKERS = "tui.screens.encounter.trackers.TrackerMenus"
SCENE_EVENTS = "tui.screens.encounter.scene_events.SceneEventRows"
FORECAST = "tui.screens.encounter.forecasting.Forecasting"
APP_QUIT = "tui.quit_guard.QuitGuard"


@dataclass(frozen=True)
class GMAction:
    """One action: binding ``id``, default ``key``, ``action`` name (its
    method is ``action_<name>`` on ``owner``, a dotted class path: a part of
    the screen, the screen or an App class), a short
    ``label`` for the footer and a ``help`` sentence."""

    id: str
    key: str
    action: str
    label: str
    help: str
    show: bool = True
    owner: str = SCREEN


ACTIONS: tuple[GMAction, ...] = (
    GMAction("next-turn", "n", "next_turn", "Next", "End the current turn; the next combatant's actions refresh.", owner=GM),
    GMAction("previous-turn", "p", "previous_turn", "Prev", "Hand the turn back to the previous combatant.", show=False, owner=GM),
    GMAction("damage", "d", "damage", "Damage", "Damage the selected combatant: a number or dice (2d6+1).", owner=GM),
    GMAction("heal", "h", "heal", "Heal", "Heal the selected combatant: a number or dice.", show=False, owner=GM),
    GMAction("move", "m", "move", "Move", "Move the current combatant with a cursor on the map.", owner=MAP),
    GMAction("place", "P", "place", "Place", "Put the selected combatant's token on any free cell (new arrivals, GM corrections).", show=False, owner=MAP),
    GMAction("paint", "B", "paint", "Brush", "Edit the map: paint terrain with a brush (1-9 pick the terrain).", show=False, owner=MAP),
    GMAction("look", "x", "look", "Look", "Line of sight, cover and distance from the selected combatant to the map cursor.", show=False, owner=MAP),
    GMAction("area", "z", "area", "Area", "Place an area template (radius, zone, cone, line) and see who it hits.", show=False, owner=MAP),
    GMAction("check", "c", "check", "Check", "Roll a check for the current combatant (odds shown first).", owner=GM),
    GMAction("roll", "r", "roll", "Roll", "Roll any dice expression; text after it is a comment.", owner=GM),
    GMAction("attack", "t", "attack", "Attack", "The current combatant attacks the selected one: its saved attacks with their odds (Enter: the first that can be made, a number: another) or a typed weapon; odds and modifiers first.", owner=COMBAT),
    GMAction("add-condition", "e", "add_condition", "Add a condition", "Put a condition (with level and rounds) on the selected combatant.", show=False, owner=COMBAT),
    GMAction("remove-condition", "E", "remove_condition", "Remove a condition", "Take a condition off the selected combatant.", show=False, owner=COMBAT),
    GMAction("revive", "v", "revive", "Revive", "Bring a dead or defeated combatant back.", show=False, owner=COMBAT),
    GMAction("delay", "w", "delay", "Delay", "The current combatant waits and acts after the selected one.", show=False, owner=COMBAT),
    GMAction("set-initiative", "i", "set_initiative", "Initiative", "Reorder by hand: give the selected combatant a free initiative.", show=False, owner=COMBAT),
    GMAction("add-combatant", "plus", "add_combatant", "Add", "Add a combatant, or several in one line: 4 Wolf foe 2d8+2 (HP rolled each, one initiative for the group or one each).", show=False, owner=COMBAT),
    GMAction("mark", "space", "mark", "Mark", "Mark or unmark the selected combatant: with marks, d, h and e act on all marked at once (one roll, one undo).", show=False, owner=GROUP),
    GMAction("mark-area", "A", "mark_area", "Mark area", "While an area template is placed (z): mark everyone it hits.", show=False, owner=GROUP),
    GMAction("clear-marks", "escape", "clear_marks", "Clear marks", "Clear the marks (they also clear when the turn passes).", show=False, owner=GROUP),
    GMAction("players-view", "V", "toggle_players_view", "Players", "The map as the players see it (encounter watch): fog from the party's sight, no hidden or unseen foes; V again for the whole map.", show=False, owner=VIEW),
    GMAction("hide", "H", "toggle_hidden", "Hide", "Hide the selected combatant from the players' view (encounter watch), or show it again; the GM sees its token marked.", show=False, owner=GM),
    GMAction("remove-combatant", "X", "remove_combatant", "Remove", "Remove the selected combatant (asks first).", show=False, owner=COMBAT),
    GMAction("spend-action", "a", "spend_action", "Action", "Spend a full or quick action or a reaction, or trade the full action.", show=False, owner=GM),
    GMAction("edit-sheet", "s", "edit_sheet", "Sheet", "Edit the selected combatant's sheet: name, stats, HP, speeds, armour, inventory, notes.", show=False, owner=SHEET),
    GMAction("more", "full_stop", "more", "More", "More actions: everything the ruleset offers now for whose turn it is and the selected creature (also listed under ? and in Ctrl+P).", owner=MORE),
    GMAction("undo", "u", "undo", "Undo", "Take back the last action (unlimited; kept after quitting).", owner=SCREEN),
    GMAction("redo", "ctrl+r", "redo", "Redo", "Put back the last undone action.", show=False, owner=SCREEN),
    GMAction("encounters", "k", "encounters", "Encounters", "The campaign's encounters: switch, start a new one with the party, finish this one.", show=False, owner=CAMPAIGN),
    GMAction("export-map", "M", "export_map", "Export map", "Write this encounter's map with its roster to a text file (emoji or ASCII; encounter new and k read it back).", show=False, owner=MAP_FILE),
    GMAction("open-campaign", "o", "open_campaign", "Campaigns", "Open, create, rename, copy, delete, export or import campaigns.", show=False, owner=SCREEN),
    GMAction("filter-log", "f", "filter_log", "Filter", "Show only the log lines about the selected combatant (f again: all).", show=False, owner=VIEW),
    GMAction("copy-line", "y", "copy_line", "Copy", "Copy a log line to the clipboard (the terminal's, over SSH too).", show=False, owner=VIEW),
    GMAction("toggle-panel", "l", "toggle_panel", "Log", "On narrow terminals: switch between the creature sheet and the log.", owner=VIEW),
    GMAction("cycle-glyphs", "g", "cycle_glyphs", "Glyphs", "Switch the map between Unicode, ASCII and emoji glyphs.", show=False, owner=VIEW),
    GMAction("zoom", "Z", "zoom", "Zoom", "Map cell size: pin small, large, larger, largest, then back to automatic (the largest the pane has room for).", show=False, owner=VIEW),
    GMAction("battle", "W", "battle", "Battle", "Mass battle of two armies (EQ-WAR-1..4): battle points, heroes, exact odds of every ending, round by round.", show=False, owner=TOOLS),
    GMAction("travel", "J", "travel", "Travel", "Travel planner (EQ-TRV-1..2): the group's pace, legs by terrain and weather, km a day and days.", show=False, owner=TOOLS),
    GMAction("energy", "N", "energy", "Energy", "Energy and held breath of the selected combatant: spend, regain, set, hold breath, breathe.", show=False, owner=TOOLS),
    GMAction("time", "T", "time", "Time", "The in-game clock (advance minutes, hours, days), animals in training (EQ-ANI-1) and ruses with their uses and ИНТ odds (EQ-TRK-1).", show=False, owner=TOOLS),
    GMAction("reminders", "R", "reminders", "Remind", "Reminders of the selected combatant: at the start or end of a turn, after N rounds, when it takes damage (a check offered); add, roll a due check, remove.", show=False, owner=TRACKERS),
    GMAction("limited-uses", "U", "limited_uses", "Uses", "Limited uses of the selected combatant (per encounter, day, round, recharge 5-6): spend, add, restore, remove.", show=False, owner=TRACKERS),
    GMAction("scene-events", "S", "scene_events", "Scene", "Scene events on the initiative count: a lair action, a hazard, reinforcements as a row at a count (every round or from round N, once or repeating) with a text, dice and an area; it fires, logs and undoes with the turn change that passes it. Add, edit, remove.", show=False, owner=SCENE_EVENTS),
    GMAction("vision", "L", "vision", "Light", "Light and weather of the encounter (EQ-VIS-1..2): day, night, darkness, fog, downpour, torches; attacks read them.", show=False, owner=TOOLS),
    GMAction("forecast", "F", "forecast", "Forecast", "Forecast the rest of this fight by the rules (in a second process): each side's chance to win, who goes down, rounds left; t sets a creature's tactics, r replays the fight.", show=False, owner=FORECAST),
    GMAction("help", "question_mark,f1", "help", "Help", "List every key.", owner=VIEW),
    GMAction("quit", "q", "app.quit", "Quit", "Quit; everything is already saved.", owner=APP_QUIT),
)


READ_ONLY_ACTION_IDS = frozenset({
    "look", "area", "mark", "mark-area", "clear-marks", "players-view", "export-map", "open-campaign", "filter-log",
    "copy-line", "toggle-panel", "cycle-glyphs", "zoom", "travel", "forecast", "help", "quit",
})
"""The actions that work in a read-only copy (the campaign is open for
writing in another process): they read, show or write elsewhere, never
the campaign; the footer of a read-only copy shows only these."""


def help_in(action: GMAction, ruleset: Ruleset | None) -> str:
    """``action.help`` as a GM of ``ruleset`` reads it: another seed's rule
    IDs said as the DEFAULT they are (:meth:`core.rulesets.base.Ruleset.cite_text`,
    RULES.md Revision 3), and a campaign tool this campaign has off (a house
    rule, :mod:`core.rulesets.campaign_tools`) says so and how to turn it on."""
    if ruleset is None:
        return action.help
    text = ruleset.cite_text(action.help)
    tool = CAMPAIGN_TOOLS.get(action.id)
    if tool is not None and not tool_on(ruleset, action.id):
        offered = hasattr(ruleset.settings, tool.setting)
        text += f" Off in this campaign: turn the house rule {tool.setting} on (. then House rules)." if offered else f" Not a rule of {ruleset.id}."
    return text


def bindings() -> list[Binding]:
    """The encounter screen's bindings (the App adds Ctrl+C, ``interrupt-quit``)."""
    return [Binding(a.key, a.action, a.label, show=a.show, id=a.id, tooltip=a.help) for a in ACTIONS]
