"""The recap's closing sections (:func:`tui.rendering.recap.recap_markdown`):
the turn times per creature and per side, and the fight's end (EQ-SIT-3)."""

from __future__ import annotations

from collections import defaultdict

from core.combat import events as ev
from core.combat.fight_end import words
from core.values.combatant import Side
from core.values.phases import Phase
from saves.records import LogEntry
from tui.rendering.scene_lines import duration


def turn_times_section(kept: list[LogEntry], names: dict[str, str], sides: dict[str, Side]) -> list[str]:
    """The ``## Turn times`` section from the ``TurnTimed`` lines: per
    creature its turns, total and longest; per side the total (the party's
    are the players' turns); empty when no turn was timed."""
    total: dict[str, float] = defaultdict(float)
    longest: dict[str, float] = defaultdict(float)
    turns: dict[str, set[int]] = defaultdict(set)
    for entry in kept:
        event = entry.event
        if isinstance(event, ev.TurnTimed):
            total[event.combatant] += event.seconds
            longest[event.combatant] = max(longest[event.combatant], event.seconds)
            turns[event.combatant].add(event.round)
    if not total:
        return []
    lines = ["", "## Turn times", "", "| combatant | turns | total | longest |", "| --- | ---: | ---: | ---: |"]
    for cid in sorted(total, key=lambda c: (-total[c], names.get(c, c))):
        lines.append(f"| {names.get(cid, cid)} | {len(turns[cid])} | {duration(total[cid])} | {duration(longest[cid])} |")
    by_side: dict[str, float] = defaultdict(float)
    for cid, seconds in total.items():
        side = sides.get(cid)
        by_side["players (the party)" if side is Side.PARTY else "foes" if side is Side.FOE else "others"] += seconds
    lines += ["", "; ".join(f"{label}: {duration(by_side[label])}" for label in ("players (the party)", "foes", "others") if label in by_side)
              + f"; in all {duration(sum(total.values()))}."]
    return lines


def fight_end_section(kept: list[LogEntry]) -> list[str]:
    """The ``## The end`` section, ending on the fight's last state: when the
    fight was decided (EQ-SIT-3) and whether turns went on after it, when
    combat ended, or that the log stops with the fight going on."""
    said = []
    round_ = 0
    decided = ended = False
    for entry in kept:
        event = entry.event
        if isinstance(event, ev.TurnStarted):
            round_ = event.round
            if decided:  # the GM played on after the fight was decided
                said[-1] = said[-1].removesuffix(".") + "; the fight went on."
            decided = ended = False
        elif isinstance(event, ev.FightDecided):
            said.append(f"- Round {event.round}: {words(event.down)} (EQ-SIT-3).")
            decided = True
        elif isinstance(event, ev.PhaseChanged) and event.phase is Phase.EVERYDAY and round_:
            said.append(f"- Combat ended in round {round_} (EQ-SIT-3: all sides agreed).")
            decided, ended = False, True
    if said and not ended and not decided:
        said.append(f"- The fight goes on: the log stops in round {round_}.")
    return ["", "## The end", ""] + said if said else []
