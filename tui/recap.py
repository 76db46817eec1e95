"""A fight's recap for session notes: ``encounter recap PATH [--encounter N] [--json]``.

Markdown from the encounter's log: rounds with each turn's actions on one
line, damage dealt and taken per combatant, who fell and when, natural 1s
and 20s of d20 checks and attacks, and the longest turn (by log lines).
``--json`` prints the whole log as JSON Lines (one event a line, with its
``seq``, ``round``, ``turn`` and the event as the save file stores it) for
those who script. Undone steps are left out of the Markdown (their lines are
taken back), not of the JSON.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable

from core import events as ev
from saves.campaign import Campaign
from saves.codec import to_document
from saves.records import LogEntry, Redone, Undone
from tui.describe import describe
from tui.text import clean


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
    """HP a turn handed back returned (``core.boundary`` says "N HP given back")."""
    found = re.search(r"(-?\d+) HP given back", detail)
    return int(found.group(1)) if found else 0


def _name_of(entries: Iterable[LogEntry]) -> dict[str, str]:
    names: dict[str, str] = {}
    for entry in entries:
        cid, name = getattr(entry.event, "combatant", None), getattr(entry.event, "name", None)
        if isinstance(cid, str) and isinstance(name, str):
            names[cid] = name
    return names


def recap_markdown(title: str, entries: list[LogEntry]) -> str:
    """The Markdown recap of ``entries`` (one encounter's log)."""
    kept = _kept(entries)
    names = _name_of(kept)
    dealt: dict[str, int] = defaultdict(int)
    taken: dict[str, int] = defaultdict(int)
    fell: list[str] = []
    naturals: list[str] = []
    turns: list[tuple[int, str | None, list[str]]] = []
    previous = None
    for entry in kept:
        event = entry.event
        if isinstance(event, ev.TurnStarted):
            turns.append((event.round, event.combatant, []))
            previous = event
            continue
        # HP lost is counted once, as applied (after temporary HP and the
        # floor of 0): typed damage logs its detail (DamageTaken) and then
        # the HP change; `p` giving back start-of-turn damage takes it off.
        lost = -event.delta if isinstance(event, ev.HitPointsChanged) and event.delta < 0 else 0
        if isinstance(event, ev.TurnEffectsUndone):
            lost = -_hp_given_back(event.detail)
        if lost:
            taken[event.combatant] += lost
            if lost > 0 and entry.turn and entry.turn != event.combatant:
                dealt[entry.turn] += lost
        repeats = isinstance(event, ev.HitPointsChanged) and isinstance(previous, ev.DamageTaken) and previous.combatant == event.combatant
        previous = event
        if repeats or isinstance(event, ev.RoundStarted):  # said by the damage line; the round has its heading
            continue
        if isinstance(event, (ev.Defeated, ev.Died)):
            fell.append(f"{event.name} ({'died' if isinstance(event, ev.Died) else 'down'} in round {entry.round})")
        result = getattr(event, "result", None)
        if result is not None and getattr(result, "roll", None) is not None and result.roll.expression.startswith(("1d20", "2d20")):
            if result.natural in (1, 20):
                who = getattr(event, "attacker_name", None) or getattr(event, "name", "")
                naturals.append(f"natural {result.natural}: {who}, round {entry.round}")
        if turns:
            turns[-1][2].append(_md(describe(event).plain))
    names = {cid: _md(name) for cid, name in names.items()}
    fell = [_md(f) for f in fell]
    naturals = [_md(n) for n in naturals]
    lines = [f"# {_md(title)}", ""]
    rounds = max((r for r, _, _ in turns), default=0)
    lines.append(f"{rounds} round{'s' if rounds != 1 else ''}, {len(turns)} turns.")
    current_round = 0
    for round_, who, said in turns:
        if round_ != current_round:
            current_round = round_
            lines += ["", f"## Round {round_}", ""]
        doing = "; ".join(said) if said else "nothing logged"
        lines.append(f"- **{names.get(who or '', who or '?')}**: {doing}")
    lines += ["", "## Damage", "", "| combatant | dealt | taken |", "| --- | ---: | ---: |"]
    for cid in sorted(set(dealt) | set(taken), key=lambda c: names.get(c, c)):
        lines.append(f"| {names.get(cid, cid)} | {dealt.get(cid, 0)} | {taken.get(cid, 0)} |")
    lines += ["", "## Fell", ""] + ([f"- {f}" for f in fell] or ["- nobody"])
    lines += ["", "## Natural 1s and 20s", ""] + ([f"- {n}" for n in naturals] or ["- none"])
    if turns:
        longest = max(turns, key=lambda t: len(t[2]))
        lines += ["", f"Longest turn: {names.get(longest[1] or '', '?')} in round {longest[0]} ({len(longest[2])} log line{'s' if len(longest[2]) != 1 else ''})."]
    return "\n".join(lines) + "\n"


def recap_json_lines(entries: list[LogEntry]) -> str:
    """Every log line as JSON Lines: ``{"seq", "round", "turn", "event"}``."""
    out = []
    for entry in entries:
        out.append(json.dumps({"seq": entry.seq, "round": entry.round, "turn": entry.turn, "event": to_document(entry.event)}, ensure_ascii=False))
    return "\n".join(out) + ("\n" if out else "")


def recap(path, eid: int | None = None, as_json: bool = False) -> str:
    """The recap of encounter ``eid`` (default: the current one) of the
    campaign at ``path``; opens it read-only. Raises :class:`SaveError`."""
    campaign = Campaign.open(path, read_only=True)
    try:
        if eid is not None and eid not in campaign.data.encounters:
            from saves.errors import SaveError

            raise SaveError(campaign.path, f"has no encounter {eid} (it has {', '.join(map(str, sorted(campaign.data.encounters)))})")
        entries = campaign.load_log(eid)
        name = campaign.encounter(eid).name
        title = campaign.name if name == campaign.name else f"{campaign.name}: {name}"
    finally:
        campaign.close()
    return recap_json_lines(entries) if as_json else recap_markdown(title, entries)
