"""A fight's recap for session notes: ``encounter recap PATH [--encounter N] [--json]``.

Markdown from the encounter's log: rounds with each turn's actions on one
line (a turn handed back with ``p`` and taken again is still one line) and
the GM's setup on lines of its own, damage dealt and taken per combatant
(every HP taken has one dealer: a creature, the GM or the conditions; the
total row's dealt equals its taken), who fell and when, natural 1s and 20s
of d20 checks and attacks, and the longest turn (by wall-clock time when the
turns were timed, else by log lines), the turn times per creature and per
side (the party's are the players'), and the fight's end (when every foe or
every party member fell, and when combat ended: the recap closes there; what
the log holds after it is counted, not told).
``--json`` prints the whole log as JSON Lines (one event a line, with its
``seq``, ``round``, ``turn``, the ``rule`` that decided it (``""``: none)
and the event as the save file stores it) for
those who script. Undone steps are left out of the Markdown (their lines are
taken back), not of the JSON.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.combat import events as ev
from core.combat.event_rules import rule_of
from core.values.combatant import Side
from core.values.phases import Phase
from core.combat.add_group import GroupInitiativeRolled
from core.combat.maneuvers.events import Maneuvered
from core.combat.several_targets import ManyTargeted
from core.combat.trackers.events import ReminderAdded, ReminderRemoved, UseAdded, UseRemoved
from saves.campaign import Campaign
from saves.codec import to_document
from saves.records import LogEntry, Redone, Undone
from tui.rendering.describe import describe
from tui.rendering.recap_closing import fight_end_section, turn_times_section
from tui.rendering.scene_lines import duration
from tui.rendering.text import clean
from saves.errors import SaveError

if TYPE_CHECKING:
    from core.rulesets.base import Ruleset


def _md(text: str) -> str:
    """User text made safe for a Markdown line or table cell: control codes
    shown as escapes (never sent to a terminal raw), ``|`` escaped."""
    return clean(text).replace("|", "\\|")


def _kept(entries: list[LogEntry]) -> list[LogEntry]:
    """The lines still in force: an ``Undone`` takes back the step's lines
    (given as its ``first``..``last`` log lines) and a ``Redone`` puts them back."""
    taken: set[int] = set()
    for entry in entries:
        event = entry.event
        lines = set(range(getattr(event, "first_seq", 0), getattr(event, "last_seq", -1) + 1))
        if isinstance(event, Undone):
            taken |= lines
        elif isinstance(event, Redone):
            taken -= lines
    return [e for e in entries if e.seq not in taken and not isinstance(e.event, (Undone, Redone))]


def _hp_given_back(detail: str) -> int:
    """HP a turn handed back returned (``core.combat.boundary`` says "N HP given back")."""
    found = re.search(r"(-?\d+) HP given back", detail)
    return int(found.group(1)) if found else 0


def _name_of(entries: Iterable[LogEntry]) -> dict[str, str]:
    names: dict[str, str] = {}
    for entry in entries:
        cid, name = getattr(entry.event, "combatant", None), getattr(entry.event, "name", None)
        if isinstance(cid, str) and isinstance(name, str):
            names[cid] = name
    return names


# What the GM does outside a creature's action: setting the fight up.
_GM_EVENTS = (ev.CombatantAdded, ev.CombatantRemoved, GroupInitiativeRolled, ev.Placed, ev.TerrainPainted, ev.GroundSet, ev.WaterDepthSet, ev.CeilingSet, ev.MapResized,
              ev.HiddenChanged, ev.SecretChanged, ev.SheetEdited, ReminderAdded, ReminderRemoved, UseAdded, UseRemoved,
              ev.SceneEventAdded, ev.SceneEventRemoved, ev.SceneEventFired)  # scene events: the GM's, on their count between turns
# What the creature whose turn it is does itself (as its ``combatant`` or ``attacker``).
_OWN_ACTIONS = (ev.AttackRolled, ev.Moved, ev.ActionSpent, ev.ActionTaken, ev.MovementActionSpent, ev.FullActionExchanged,
                ev.CheckRolled, ev.ContestRolled, ev.DiceRolled, ev.PreparationTaken, ev.Jumped, ev.Maneuvered)


@dataclass
class _Line:
    """One line of a round: a creature's turn (``who``) or the GM's (``who`` None)."""

    round: int
    who: str | None
    said: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)  # the GM's "added ..." in one phrase


def _added(event: ev.CombatantAdded) -> str:
    roll = getattr(event, "roll", None)
    return f"{event.name} ({roll.total} HP)" if roll is not None else event.name


def _acts(event: ev.Event, who: str | None) -> bool:
    """True when ``event`` is the current creature ``who`` acting: one of
    its own actions, or HP it took from another creature."""
    if isinstance(event, ev.HitPointsChanged):
        return event.delta < 0 and event.combatant != who
    return isinstance(event, _OWN_ACTIONS) and (getattr(event, "attacker", None) or getattr(event, "combatant", None)) == who


def _aimed_at(event) -> dict[str, str]:
    """``{target: attacker}`` for the creature attacked or maneuvered against in ``event``, if any."""
    if getattr(event, "attacker", None) and getattr(event, "target", None):
        return {event.target: event.attacker}
    if isinstance(event, Maneuvered) and event.other:
        return {event.other: event.combatant}
    return {}


#: The damage table's row for HP lost to conditions (burning, poison) at a turn's start or end.
CONDITIONS = "\0conditions"


def _lines(kept: list[LogEntry], dealt: dict[str, int], taken: dict[str, int], fell: list[str], naturals: list[str]) -> list[_Line]:
    """The rounds' lines in order; fills the damage, fell and naturals tallies.

    A creature's turn is ONE line per round: a turn handed back with ``p``
    and taken again with ``n`` is the same turn, and its line merges both
    passes (what the first pass did stays done; ``p`` taking back HP lost
    at the start of the turn is said and counted). The GM's setup (adding,
    removing, placing creatures, map and sheet edits, reminders and uses
    attached, see ``_GM_EVENTS``) and an action on several creatures at
    once (an area, a trap) done before the current creature acted in its
    turn, or before the first turn, go on a GM line, placed before that
    turn's line when the creature had not acted yet; their damage is dealt
    by "GM", not by the creature whose turn it was. So is damage the GM typed
    on a creature nobody attacked or maneuvered against that turn (a trap,
    a spell, a fall, ``d`` on the creature whose turn it is): a try-out's
    ally hit by ``d`` was "dealt" by its friend. Damage after an attack is
    the attacker's (an attack of opportunity too); an action on several
    creatures after the current creature acted is its own, on each target.
    HP lost to a condition's trigger (TAC-EFF-1 burning, TAC-EFF-4 poison)
    is the conditions' (``CONDITIONS``), less what ``p`` gave back. So
    every HP taken is dealt by exactly one row."""
    lines: list[_Line] = []
    turn_line: dict[tuple[int, str], _Line] = {}
    current: _Line | None = None
    acted = False  # the current creature did something itself this turn
    many_by_gm: set[str] = set()  # the targets of an action on several creatures the GM did
    many_by_actor: set[str] = set()  # the targets of one the current creature did, after it acted
    burnt: str | None = None  # who a condition's trigger is hurting now (its HP lines follow)
    gm_line: _Line | None = None  # the GM's line of this turn
    left: _Line | None = None  # the turn `p` left, which its given-back lines belong to
    previous = None
    aimed: dict[str, str] = {}  # who attacked or maneuvered against whom this turn (target -> attacker)
    for entry in kept:
        event = entry.event
        if isinstance(event, ev.TurnStarted):
            key = (event.round, event.combatant)
            current = turn_line.get(key)
            if current is None:
                current = turn_line[key] = _Line(event.round, event.combatant)
                lines.append(current)
            acted, many_by_gm, many_by_actor, previous, left, gm_line = bool(current.said), set(), set(), event, None, None
            aimed = {}
            continue
        if isinstance(event, ev.TurnReturned):
            if current is not None and not acted and current.who != event.combatant and lines and lines[-1] is current:
                lines.pop()  # handed straight back: the creature never acted in it, it was no turn
                del turn_line[(current.round, current.who or "")]
            left = current
            current = turn_line.get((event.round, event.combatant)) or current
            acted, many_by_gm, many_by_actor, previous, gm_line = True, set(), set(), event, None
            aimed = {}
            continue
        if isinstance(event, ManyTargeted):
            many_by_gm = set(event.combatants) if current is None or not acted else set()
            many_by_actor = set() if many_by_gm else set(event.combatants)
        elif getattr(event, "combatant", None) not in many_by_gm | many_by_actor:
            many_by_gm, many_by_actor = set(), set()
        if isinstance(event, ev.ConditionTriggered):
            burnt = event.combatant
        elif not isinstance(event, (ev.DamageTaken, ev.HitPointsChanged, ev.Defeated, ev.Died)) or getattr(event, "combatant", None) != burnt:
            burnt = None
        by_gm = current is None or isinstance(event, _GM_EVENTS) or bool(many_by_gm)
        aimed |= _aimed_at(event)
        # HP lost is counted once, as applied (after temporary HP and the
        # floor of 0): typed damage logs its detail (DamageTaken) and then
        # the HP change; `p` giving back start-of-turn damage takes it off.
        lost = -event.delta if isinstance(event, ev.HitPointsChanged) and event.delta < 0 else 0
        if isinstance(event, ev.TurnEffectsUndone):
            lost = -_hp_given_back(event.detail)
        if lost:
            taken[event.combatant] += lost
            if lost < 0 or burnt == event.combatant:
                dealt[CONDITIONS] += lost  # a trigger's damage, or what `p` gave back of it
            elif event.combatant in many_by_actor and entry.turn:
                dealt[entry.turn] += lost
            elif not by_gm and event.combatant in aimed:
                dealt[aimed[event.combatant]] += lost
            else:
                dealt[""] += lost  # typed by the GM: nobody aimed at this one
        repeats = isinstance(event, ev.HitPointsChanged) and isinstance(previous, ev.DamageTaken) and previous.combatant == event.combatant
        previous = event
        if repeats or isinstance(event, (ev.RoundStarted, ev.PhaseChanged)):  # said by the damage line; the round has its heading
            continue
        if isinstance(event, (ev.Defeated, ev.Died)):
            fell.append(f"{event.name} ({'died' if isinstance(event, ev.Died) else 'down'} in round {entry.round})")
        result = getattr(event, "result", None)
        if result is not None and getattr(result, "roll", None) is not None and result.roll.expression.startswith(("1d20", "2d20")):
            if result.natural in (1, 20):
                who = getattr(event, "attacker_name", None) or getattr(event, "name", "")
                naturals.append(f"natural {result.natural}: {who}, round {entry.round}")
        if current is None and isinstance(event, ev.InitiativeRolled):
            continue  # the fight's opening rolls: the tracker's order
        target = current
        if isinstance(event, ev.TurnEffectsUndone) and left is not None and left.who == event.combatant:
            target = left
        elif by_gm and isinstance(event, ev.SceneEventFired) and current is not None and event.round > current.round:
            if gm_line is None or gm_line.round != event.round:  # the top of the next round: it begins that round's part
                gm_line = _Line(event.round, None)
                lines.append(gm_line)
            target = gm_line
        elif by_gm:
            if gm_line is None or (acted and lines.index(gm_line) < lines.index(current)):
                gm_line = _Line(current.round if current is not None else 0, None)
                before = current is not None and not acted and lines[-1] is current
                lines.insert(len(lines) - 1 if before else len(lines), gm_line)
            target = gm_line
        elif _acts(event, current.who):
            acted = True
        if isinstance(event, ev.CombatantAdded) and target.who is None:
            if not target.added:
                target.said.append("")  # where the "added ..." phrase goes (see recap_markdown)
            target.added.append(_added(event))
            continue
        target.said.append(_md(describe(event).plain))
    lines.sort(key=lambda line: line.round)  # a GM line after `p` back into an earlier round
    return lines


def _closed(kept: list[LogEntry]) -> list[LogEntry]:
    """The entries up to the last end of combat that followed a turn, with
    what that step did (the fight's rounds onto the clock, uses refilled):
    the recap closes there; everyday play after it is not the fight's."""
    started = False
    end = None
    for index, entry in enumerate(kept):
        if isinstance(entry.event, ev.TurnStarted):
            started = True
        elif started and isinstance(entry.event, ev.PhaseChanged) and entry.event.phase is Phase.EVERYDAY:
            end = index
    if end is None:
        return kept
    step = end + 1
    while step < len(kept) and not isinstance(kept[step].event, _GM_EVENTS + _OWN_ACTIONS + (ev.PhaseChanged, ev.HitPointsChanged)):
        step += 1  # the end step's own lines (time passed, uses back) come before the GM's next command
    return kept[:step]


def recap_markdown(title: str, entries: list[LogEntry], sides: dict[str, Side] | None = None, ruleset: Ruleset | None = None) -> str:
    """The Markdown recap of ``entries`` (one encounter's log): a heading per
    round (``Before the fight`` for round 0) with one line per creature's
    turn and the GM's own lines (see :func:`_lines`), the damage table (HP
    as applied; the GM's row for what its areas, traps and typed damage
    dealt, the conditions' row for burning and poison; its total row's dealt
    equals its taken, as every HP taken has one dealer), who fell, natural
    1s and 20s, the longest turn (by time when timed, else by log lines),
    the turn times (``sides``: combatant id -> side, for the totals per
    side) and the fight's end, where the recap closes. With ``ruleset``,
    another seed's rule IDs are said as the DEFAULTs they are there
    (:meth:`core.rulesets.base.Ruleset.cite_text`: "DEFAULT, as in" and the seed's ruleset)."""
    kept = _closed(_kept(entries))
    names = {cid: _md(name) for cid, name in _name_of(kept).items()}
    dealt: dict[str, int] = defaultdict(int)
    taken: dict[str, int] = defaultdict(int)
    fell: list[str] = []
    naturals: list[str] = []
    rows = _lines([e for e in kept if not isinstance(e.event, ev.TurnTimed)], dealt, taken, fell, naturals)  # turn times: their own table
    turns = [row for row in rows if row.who is not None]
    fell = [_md(f) for f in fell]
    naturals = [_md(n) for n in naturals]
    lines = [f"# {_md(title)}", ""]
    rounds = max((row.round for row in turns), default=0)
    lines.append(f"{rounds} round{'s' if rounds != 1 else ''}, {len(turns)} turn{'s' if len(turns) != 1 else ''}.")
    current_round = None
    for row in rows:
        if row.round != current_round:
            current_round = row.round
            lines += ["", f"## Round {row.round}" if row.round else "## Before the fight", ""]
        said = [f"added {len(row.added)}: {', '.join(map(_md, row.added))}" if not s and row.added else s for s in row.said]
        doing = "; ".join(said) if said else "nothing logged"
        lines.append(f"- *GM*: {doing}" if row.who is None else f"- **{names.get(row.who, row.who)}**: {doing}")
    lines += ["", "## Damage", "", "| combatant | dealt | taken |", "| --- | ---: | ---: |"]
    for cid in sorted((set(dealt) | set(taken)) - {"", CONDITIONS}, key=lambda c: names.get(c, c)):
        lines.append(f"| {names.get(cid, cid)} | {dealt.get(cid, 0)} | {taken.get(cid, 0)} |")
    if dealt.get(""):
        lines.append(f"| GM | {dealt['']} | 0 |")
    if dealt.get(CONDITIONS):
        lines.append(f"| conditions | {dealt[CONDITIONS]} | 0 |")
    if taken:
        lines.append(f"| total | {sum(dealt.values())} | {sum(taken.values())} |")
    lines += ["", "## Fell", ""] + ([f"- {f}" for f in fell] or ["- nobody"])
    lines += ["", "## Natural 1s and 20s", ""] + ([f"- {n}" for n in naturals] or ["- none"])
    timed = [e.event for e in kept if isinstance(e.event, ev.TurnTimed)]
    if timed:
        per_turn: dict[tuple[int, str], float] = defaultdict(float)
        for t in timed:
            per_turn[(t.round, t.combatant)] += t.seconds  # a turn handed back and taken again is one turn
        (round_, who), seconds = max(per_turn.items(), key=lambda item: item[1])
        lines += ["", f"Longest turn: {names.get(who, who)} in round {round_} ({duration(seconds)})."]
    elif turns:
        longest = max(turns, key=lambda t: len(t.said))
        lines += ["", f"Longest turn: {names.get(longest.who or '', '?')} in round {longest.round} ({len(longest.said)} log line{'s' if len(longest.said) != 1 else ''})."]
    lines += turn_times_section(kept, names, sides or {})
    lines += fight_end_section(kept)
    text = "\n".join(lines) + "\n"
    return text if ruleset is None else ruleset.cite_text(text)


def recap_json_lines(entries: list[LogEntry], ruleset: Ruleset | None = None) -> str:
    """Every log line as JSON Lines: ``{"seq", "round", "turn", "rule", "event"}``;
    ``rule``: what decided it (:func:`core.combat.event_rules.rule_of`, in ``ruleset``'s terms)."""
    out = []
    for entry in entries:
        out.append(json.dumps({"seq": entry.seq, "round": entry.round, "turn": entry.turn, "rule": rule_of(entry.event, ruleset),
                               "event": to_document(entry.event)}, ensure_ascii=False))
    return "\n".join(out) + ("\n" if out else "")


def recap(path, eid: int | None = None, as_json: bool = False) -> str:
    """The recap of encounter ``eid`` (default: the current one) of the
    campaign at ``path``; opens it read-only. Raises :class:`SaveError`."""
    campaign = Campaign.open(path, read_only=True)
    try:
        if eid is not None and eid not in campaign.data.encounters:
            raise SaveError(campaign.path, f"has no encounter {eid} (it has {', '.join(map(str, sorted(campaign.data.encounters)))})")
        entries = campaign.load_log(eid)
        name = campaign.encounter(eid).name
        title = campaign.name if name == campaign.name else f"{campaign.name}: {name}"
        ruleset = campaign.ruleset
        sides = {c.id: c.side for c in campaign.load_state(eid).combatants}
    finally:
        campaign.close()
    return recap_json_lines(list(entries), ruleset) if as_json else recap_markdown(title, list(entries), sides, ruleset)
