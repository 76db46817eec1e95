"""The cells of the initiative tracker's rows as text: HP, what is left of
the turn, the badges after a name (conditions, limited uses, reminders,
held breath, who rides whom), the columns, and a scene event's row.

Pure text (rich ``Text``) from core values; the tracker
(:mod:`tui.widgets.initiative_tracker`) lays them out; the sheet shows
the same HP.
"""

from __future__ import annotations

from rich.text import Text

from core.values.scene_events import SceneEvent
from core.values.combatant import Combatant, Side
from core.combat.state import EncounterState
from tui.rendering.text import clean, shorten, user_text
from core.errors import RulesError
from core.combat.mounted.seats import describe as ride_words

SIDE_COLOUR = {Side.PARTY: "blue", Side.FOE: "red", Side.NEUTRAL: "yellow"}
Kinds = tuple[tuple[str, str], ...]
"""The ruleset's per-turn action kinds as (id, tracker letter) pairs."""


def budget_text(combatant: Combatant, kinds: Kinds = ()) -> Text:
    """``FQR 4``: each action kind of the ruleset (``kinds``: id and letter)
    left, lower case and struck once spent, ``-`` when the creature does
    not get it; then the movement left."""
    text = Text()
    for kind, letter in kinds:
        left = combatant.budget.left(kind)
        if kind not in combatant.budget.actions:
            text.append("-", style="bright_black")
        else:
            text.append(letter if left > 0 else letter.lower(), style="bold" if left > 0 else "bright_black strike")
    text.append(f" {combatant.budget.movement}")
    return text


def left_shown(state: EncounterState, combatant_id: str) -> bool:
    """Whether the tracker's Left column shows the budget of ``combatant_id``:
    in a fight, from its first turn on. In round 1 only the current creature
    and those that have ``acted``: one added mid-round holds a fresh budget
    (``core.combat.order_changes``, EQ-INIT-5) yet has had no turn, and is
    blank like the others still waiting; from round 2 every creature shows
    what it has left."""
    if state.round <= 0:
        return False
    return state.round > 1 or combatant_id == state.current or combatant_id in state.acted


def condition_badges(combatant: Combatant) -> Text:
    """``bur2 poi1``: three letters and the level of each condition (a secret
    one in italics); ``hid`` first when the GM hides it from the players."""
    text = Text("hid", style="reverse") if combatant.hidden else Text()
    for condition in combatant.conditions:
        if text.plain:
            text.append(" ")
        text.append(f"{clean(condition.name)[:3]}{condition.level}", style="magenta italic" if condition.secret else "magenta")
    return text


def reminder_badge(combatant: Combatant) -> Text:
    """``R2``: the creature's reminders; ``R!`` in reverse when a check is due."""
    if not combatant.reminders:
        return Text()
    due = any(r.due for r in combatant.reminders)
    return Text("R!" if due else f"R{len(combatant.reminders)}", style="bold reverse yellow" if due else "yellow")


def use_badges(combatant: Combatant) -> list[Text]:
    """Each limited use as its initials and the uses left (``FB0`` in red
    when none is left), two at most and ``+N``."""
    parts = []
    for use in combatant.uses[:2]:
        initials = "".join(word[0] for word in clean(use.name).split())[:2] or "?"
        parts.append(Text(f"{initials}{use.uses}", style="red" if use.uses == 0 else "cyan"))
    if len(combatant.uses) > 2:
        parts.append(Text(f"+{len(combatant.uses) - 2}", style="cyan"))
    return parts


def tracker_badges(combatant: Combatant) -> Text:
    """The GM's trackers, compact: ``R2`` reminders (``R!`` in
    reverse when a check is due), then each limited use as its initials and
    the uses left (``FB0`` in red when none is left), two at most and ``+N``."""
    return Text(" ").join(part for part in (reminder_badge(combatant), *use_badges(combatant)) if part.plain)


def name_with_badges(name: str, badges: list[Text], width: int, style: str = "") -> Text:
    """``name`` then ``badges`` in ``width`` columns, the badges first to be
    kept: the name is cut (in the middle, with an ellipsis, down to 3
    columns such as ``W…1``, :func:`tui.rendering.text.shorten`) to make room; badges that still do not fit
    are left off from the last, an ellipsis saying so (the sheet shows all)."""
    badges = [b for b in badges if b.plain]
    name_room = min(len(name), 3)
    kept: list[Text] = []
    used = name_room
    for index, badge in enumerate(badges):
        more = index < len(badges) - 1
        if used + 1 + badge.cell_len + (2 if more else 0) > width:
            kept.append(Text("\u2026", style="bright_black"))
            break
        kept.append(badge)
        used += 1 + badge.cell_len
    tail = Text(" ").join(kept)
    room = width - (tail.cell_len + 1 if kept else 0)
    text = user_text(shorten(name, max(name_room, room)), style)
    if kept:
        text.append(" ")
        text.append_text(tail)
    return text


def breath_badge(combatant: Combatant, round_now: int) -> Text:
    """EQ-BRE-1 countdown: ``air3`` rounds of air left counting this one (as
    the hold's status line says: "40 s, 4 rounds"), ``air1`` in red for the
    last round, ``noair`` once the air ran out before this round (ЭНЕР drains)."""
    if combatant.breath is None:
        return Text("")
    from core.campaign.energy import ROUND_SECONDS, breath_left

    try:
        left = breath_left(combatant, round_now)
    except RulesError:
        return Text("")
    if left is None:
        return Text("")
    at_start = left + ROUND_SECONDS  # breath_left counts this round as over
    if at_start <= 0:
        return Text("noair", style="bold reverse red")
    rounds = -(-at_start // ROUND_SECONDS)
    return Text(f"air{rounds}", style="bold red" if rounds <= 1 else "cyan")


def ride_badge(state: EncounterState, combatant: Combatant) -> Text:
    """``rid`` rides, ``mnt`` is ridden, ``psg`` a passenger; ``ctl!`` in red
    when control is lost, ``chk!`` when a riding check is due, ``bolt`` a
    bolted animal (from core.combat.mounted.seats.describe's words, no rule here)."""
    words = ride_words(state, combatant)
    if not words:
        return Text("")
    found = (("passenger on", "psg", "cyan"), ("rides ", "rid", "cyan"), ("ridden by", "mnt", "cyan"),
             ("lost control", "ctl!", "bold red"), ("riding check due", "chk!", "bold yellow"), ("bolted", "bolt", "bold red"))
    parts = [Text(badge, style=style) for phrase, badge, style in found if phrase in words]
    if any(p.plain == "psg" for p in parts):
        parts = [p for p in parts if p.plain != "rid"]
    return Text(" ").join(parts)


def hp_text(combatant: Combatant) -> Text:
    ratio = combatant.hp / combatant.hp_max if combatant.hp_max else 0
    if combatant.hp_temp:
        return Text(f"{combatant.hp}+{combatant.hp_temp}", style="cyan")
    style = "red" if ratio <= 0.25 else "yellow" if ratio <= 0.5 else "green"
    if combatant.defeated:
        style = "bright_black"
    return Text(f"{combatant.hp}/{combatant.hp_max}", style=style)


BAND_STYLE = {"unhurt": "green", "hurt": "yellow", "bloodied": "red", "down": "bright_black"}
BAND_SHORT = {"bloodied": "bloody"}  # the HP column is 7 wide

COLUMNS = ((" ", 1), ("Ini", 3), (" Name", 0), ("     HP", 7), (" Left", 6))  # 0: what the width leaves
WIDE_COLUMNS = (*COLUMNS, (" Conditions", 16), (" Uses", 10))
"""From :data:`WIDE_TRACKER` columns (the left column of a 200x60 screen):
conditions and limited uses in columns of their own, after the five."""
WIDE_TRACKER = 56


def all_use_badges(combatant: Combatant) -> Text:
    """Every limited use as its initials and the uses left (``FB0`` in red when none is left)."""
    return Text(" ").join(Text(f"{''.join(w[0] for w in clean(u.name).split())[:2] or '?'}{u.uses}", style="red" if u.uses == 0 else "cyan")
                          for u in combatant.uses)


SCENE_ROW = "scene:"
"""The prefix of a scene event's row id in the order (no combatant id has a colon)."""


def scene_row(event: SceneEvent, width: int) -> tuple[Text, ...]:
    """The five cells of a scene event's row: ``◆ Lair action`` at its count,
    when it fires in the HP and Left columns' room (``every``, ``r3+``, ``r3``)."""
    when = ("every" if event.first_round <= 1 else f"r{event.first_round}+") if event.repeats else f"r{event.first_round}"
    name = Text(" \u25c6 ", style="cyan")  # the mark column's space, then the diamond
    name.append_text(user_text(shorten(clean(event.name), max(3, width - 3)), "cyan italic" if event.secret else "cyan"))
    return (Text(" "), Text(str(event.initiative).rjust(3), style="cyan"), name, Text(when.rjust(7), style="bright_black"), Text(""))
